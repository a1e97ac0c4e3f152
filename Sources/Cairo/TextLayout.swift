import CCairo

/// A paragraph of text shaped by Pango: wrapping, bidi (the base direction follows the text), line
/// limits with an ellipsis. The same layout measures and draws, so a label's size and its pixels agree.
///
/// Metrics are unhinted, so a layout measures the same at every scale and text placement is sub-pixel.
///
/// Pango lays a paragraph out anew whenever the width changes, which is most of what a window drag
/// would cost. So where it can (left-aligned, word-wrapped, left-to-right text of one paragraph), a
/// layout has Pango shape the text once, on one line, and breaks and cuts the lines itself by Pango's
/// rules (`breakLines`), drawing them from those glyphs. Other text Pango lays out, and the layout
/// works out the range of widths over which Pango would break it the same (`stableWidths`). Either way
/// a new width within the range costs nothing, and left-aligned text even draws the same.
public final class TextLayout {
    let layout: OpaquePointer

    /// One Pango context shared by every layout: Pango keeps its font caches per font map.
    nonisolated(unsafe) private static let sharedContext: OpaquePointer = {
        let fontMap = pango_cairo_font_map_get_default()
        let context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        return context!
    }()

    /// Makes the shared Pango context now, on the thread that lays text out. Pango's font map starts
    /// reading fontconfig's configuration on a thread of its own (`[pango] FcInit`, some 28 M
    /// instructions), which the first text measured waits for: started at launch, it runs on the other
    /// core while the display and the first scenes are set up.
    public static func startLoadingFonts() { _ = sharedContext }

    public enum Alignment: Sendable { case left, center, right, justified }
    public enum Wrap: Sendable { case word, character }
    public enum Ellipsis: Sendable { case none, start, middle, end }

    /// Widths `lower ≤ w < upper` (user units); `upper` may be infinite, and an infinite width (no
    /// wrapping) is inside when it is.
    public struct WidthRange: Equatable, Sendable {
        public var lower: Double, upper: Double
        public init(lower: Double, upper: Double) {
            self.lower = lower
            self.upper = upper
        }
        public func contains(_ width: Double) -> Bool { width >= lower && (width < upper || upper == .infinity) }
    }

    public init() {
        layout = pango_layout_new(Self.sharedContext)
        pango_layout_set_auto_dir(layout, 1)
        applyAttributes()
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    private var raw: OpaquePointer { layout }

    /// Setting the same text again keeps the shaped layout (Pango would shape it anew).
    public var text: String = "" {
        didSet {
            guard text != oldValue else { return }
            pango_layout_set_text(raw, text, -1)
            storedCharacters = nil
            lines = nil
            measured = [:]
            storedShaped = nil
        }
    }

    private struct Font: Hashable { var family: String, pixelSize: Double, weight: Int }
    private var font: Font?

    /// A Pango font description, e.g. "DejaVu Sans Bold 17px".
    public func setFont(family: String, pixelSize: Double, weight: Int) {
        let font = Font(family: family, pixelSize: pixelSize, weight: weight)
        guard font != self.font else { return }
        self.font = font
        let description = pango_font_description_new()
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, pixelSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight)))
        pango_layout_set_font_description(raw, description)
        pango_font_description_free(description)
        lines = nil
        measured = [:]
        storedShaped = nil
        storedEllipsisGlyphs = nil
    }

    /// The width asked for, in user units (nil: no wrapping). Pango is given it only when the lines
    /// would change (or, for drawing, when their positions would): see `settle`.
    private var width: Double?
    /// The width Pango lays out at.
    private var appliedWidth: Double?

    /// Width to wrap at, in user units; nil for no wrapping.
    public func setWidth(_ width: Double?) { self.width = width.map { max(0, $0) } }

    /// At most `lines` lines (0 = unlimited); the last one ends with an ellipsis when text is cut.
    public func setMaximumLines(_ lines: Int, ellipsis: Ellipsis = .end) {
        maximumLines = max(0, lines)
        self.ellipsis = lines > 0 ? ellipsis : .none
    }
    private var maximumLines = 0
    private var ellipsis = Ellipsis.none

    /// Leaves line breaking and ellipses to Pango: the reference tests check `breaksLinesItself` against,
    /// and editable text needs it (its carets and selections come from Pango's lines).
    public var pangoBreaksLines = false {
        didSet { if pangoBreaksLines != oldValue { lines = nil } }
    }

    /// Whether this layout breaks the lines itself (and cuts the last one short, for an ellipsis at
    /// its end): left-aligned, word-wrapped, left-to-right text of one paragraph without tabs. Pango
    /// shapes the text once, on one line; the lines follow from its advances by Pango's greedy rule
    /// (see `breakLines`), so a new width costs no Pango layout.
    private var breaksLinesItself: Bool {
        !pangoBreaksLines && !hasAttributes && (ellipsis == .end || maximumLines == 0) && alignment == .left
            && pango_layout_get_wrap(raw) == PANGO_WRAP_WORD_CHAR && !characters.hasRightToLeft && !characters.hasTabsOrParagraphs
    }

    /// Gives Pango the line limit and ellipsis (it lays out what this layout cannot break itself), and
    /// forgets the lines when who breaks them changes.
    private func configureLineLimit() {
        let height: Int32 = maximumLines > 0 ? Int32(-maximumLines) : -1
        let mode: PangoEllipsizeMode
        switch ellipsis {
        case .none: mode = PANGO_ELLIPSIZE_NONE
        case .start: mode = PANGO_ELLIPSIZE_START
        case .middle: mode = PANGO_ELLIPSIZE_MIDDLE
        case .end: mode = PANGO_ELLIPSIZE_END
        }
        if height != pango_layout_get_height(raw) || mode != pango_layout_get_ellipsize(raw) {
            pango_layout_set_height(raw, height)
            pango_layout_set_ellipsize(raw, mode)
            lines = nil
        }
        let own = breaksLinesItself
        if own != placedLimit || maximumLines != placedLines { lines = nil }
        placedLimit = own
        placedLines = maximumLines
    }
    private var placedLimit = false, placedLines = 0

    public func setWrap(_ wrap: Wrap) {
        let mode = wrap == .word ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_CHAR
        guard mode != pango_layout_get_wrap(raw) else { return }
        pango_layout_set_wrap(raw, mode)
        lines = nil
    }

    private var alignment = Alignment.left

    /// Physical alignment: `.left` is the left edge whatever the paragraph's direction. (Pango, with
    /// automatic direction, mirrors left and right for right-to-left paragraphs; this undoes that.)
    public func setAlignment(_ alignment: Alignment) {
        let justify: Int32 = alignment == .justified ? 1 : 0
        if justify != pango_layout_get_justify(raw) {
            pango_layout_set_justify(raw, justify)
            lines = nil
        }
        self.alignment = alignment
        let mirrored = isRightToLeft
        switch alignment {
        case .left, .justified: pango_layout_set_alignment(raw, mirrored ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(raw, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(raw, mirrored ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        }
    }

    /// Whether the text's base direction, from its first strong character (Unicode bidi rules), is
    /// right-to-left.
    public var isRightToLeft: Bool {
        let characters = self.characters
        if let rightToLeft = characters.rightToLeft { return rightToLeft }
        // Only text with right-to-left characters can start right-to-left; Pango decides which wins.
        var rightToLeft = false
        if characters.hasRightToLeft, let line = pango_layout_get_line_readonly(raw, 0) {
            rightToLeft = line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue
        }
        self.characters.rightToLeft = rightToLeft
        return rightToLeft
    }

    /// The laid-out size in user units (the logical extents: line heights include leading; the width
    /// is the text's, wherever the alignment puts it).
    public var size: (width: Double, height: Double) {
        let lines = settle()
        // Pango gives a line it cut short with an ellipsis the whole width it was asked to fill.
        return lines.ellipsized ? (width ?? lines.size.width, lines.size.height) : lines.size
    }

    /// The first line's baseline from the top, in user units.
    public var baseline: Double { settle().baseline }

    public var lineCount: Int { settle().count }

    /// The widths at which `draw(in:)` draws the very pixels it draws at the current width: the lines
    /// break at the same places and start at the left edge. Nil when the positions depend on the
    /// width (centred, right-aligned or justified text).
    public var widthsDrawingTheSame: WidthRange? {
        alignment == .left ? settle().widths : nil
    }

    /// Where `draw(in:)` inks, from the top-left of the layout, in user units: the glyphs' outlines.
    public var inkExtents: (x: Double, y: Double, width: Double, height: Double) {
        let lines = settle(exactly: alignment != .left)
        guard let own = lines.own else {
            var ink = PangoRectangle()
            pango_layout_get_extents(raw, &ink, nil)
            return (Double(ink.x) / Self.unit, Double(ink.y) / Self.unit, Double(ink.width) / Self.unit, Double(ink.height) / Self.unit)
        }
        // Each line inks as the text on one line does, from its top (ink overhanging the advances too).
        let shaped = shapedLine
        let count = Int32(own.starts.count)
        // A cut line's width is that of the characters kept; the ellipsis follows them.
        let widest = max(own.widths.max() ?? 0, own.cutEnd != nil ? (own.widths.last ?? 0) + ellipsisWidth : 0)
        let left = min(0, shaped.ink.x), top = min(0, shaped.ink.y)
        let right = widest + max(0, shaped.ink.x + shaped.ink.width - shaped.x[shaped.x.count - 1])
        let bottom = max(count * shaped.lineHeight, (count - 1) * shaped.lineHeight + shaped.ink.y + shaped.ink.height)
        return (Double(left) / Self.unit, Double(top) / Self.unit, Double(right - left) / Self.unit, Double(bottom - top) / Self.unit)
    }

    /// Draws with the top-left of the layout at the context's current origin, in its current source colour.
    public func draw(in context: Context) {
        let lines = settle(exactly: alignment != .left)
        // Shaped once in user units (unhinted), so measuring and drawing agree; cairo rasterises the
        // glyphs through the context's transform, sharp at any scale.
        let cairo = context.pointer
        guard let own = lines.own else {
            cairo_move_to(cairo, 0, 0)
            pango_cairo_show_layout(cairo, raw)
            return
        }
        // Each line from the glyphs of the text shaped on one line, placed as Pango places its lines (in
        // its units, from the same origin), and the ellipsis after a line cut short.
        let shaped = shapedLine
        for (index, start) in own.starts.enumerated() {
            let baseline = Double(Int32(index) * shaped.lineHeight + shaped.baseline) / Self.unit
            let cutEnd = index == own.starts.count - 1 ? own.cutEnd : nil
            let end = cutEnd ?? own.ends[index]
            let width = drawGlyphs(from: characters.byte(ofOffset: start), to: characters.byte(ofOffset: end), baseline: baseline, in: cairo)
            if cutEnd != nil {
                let ellipsis = ellipsisGlyphs
                cairo_move_to(cairo, Double(width) / Self.unit, baseline)
                pango_cairo_show_glyph_string(cairo, ellipsis.font, ellipsis.glyphs)
            }
        }
    }

    /// Draws the glyphs of the text shaped on one line whose characters lie between two bytes, from
    /// the left edge at `baseline`; returns their width (Pango units).
    private func drawGlyphs(from start: Int, to end: Int, baseline: Double, in cairo: OpaquePointer) -> Int32 {
        var x: Int32 = 0
        var run = pango_layout_get_line_readonly(shapedLine.layout, 0)?.pointee.runs
        while let node = run {
            run = node.pointee.next
            let item = node.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            let offset = Int(item.item.pointee.offset), glyphs = item.glyphs.pointee
            guard offset < end, offset + Int(item.item.pointee.length) > start else { continue }
            func kept(_ index: Int) -> Bool {
                let byte = offset + Int(glyphs.log_clusters[index])
                return byte >= start && byte < end
            }
            let count = (0..<Int(glyphs.num_glyphs)).reduce(0) { $0 + (kept($1) ? 1 : 0) }
            guard count > 0 else { continue }
            // One glyph string serves every run (Pango only reads it while drawing): a line drawn at
            // every step of a drag allocates nothing for its glyphs.
            let string = Self.scratchGlyphs
            pango_glyph_string_set_size(string, Int32(count))
            var width: Int32 = 0, slot = 0
            for index in 0..<Int(glyphs.num_glyphs) where kept(index) {
                string.pointee.glyphs[slot] = glyphs.glyphs[index]
                string.pointee.log_clusters[slot] = glyphs.log_clusters[index]
                width += glyphs.glyphs[index].geometry.width
                slot += 1
            }
            cairo_move_to(cairo, Double(x) / Self.unit, baseline)
            pango_cairo_show_glyph_string(cairo, item.item.pointee.analysis.font, string)
            x += width
        }
        return x
    }

    // MARK: Lines kept across widths

    /// What holds at every width in `widths`: the lines break at the same places, so the size, the
    /// baseline and the line count are the same.
    private struct Lines {
        var widths: WidthRange
        var size: (width: Double, height: Double)
        var baseline: Double
        var count: Int
        var ellipsized: Bool
        /// The lines, when this layout broke them itself.
        var own: OwnLines?
    }
    private var lines: Lines?

    /// Lines this layout broke itself (see `breaksLinesItself`): where each starts and ends (characters;
    /// an end includes the white space the line breaks after), its width without that space (Pango
    /// units), and for a last line cut short, where the characters kept beside the ellipsis end (the
    /// line's width is theirs).
    private struct OwnLines {
        var starts: [Int] = [], ends: [Int] = []
        var widths: [Int32] = []
        var cutEnd: Int?
    }

    /// Brings the layout to the asked width, unless its lines are known to stay the same there (and,
    /// when `exactly`, Pango has that width: positions on a centred line depend on it).
    @discardableResult
    private func settle(exactly: Bool = false) -> Lines {
        configureLineLimit()
        if let lines, lines.widths.contains(width ?? .infinity), !exactly || appliedWidth == width { return lines }
        if breaksLinesItself, let lines = breakLines(at: width) {
            self.lines = lines
            return lines
        }
        if appliedWidth != width {
            pango_layout_set_width(raw, width.map { Int32(min($0 * Double(PANGO_SCALE), Double(Int32.max))) } ?? -1)
            appliedWidth = width
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(raw, nil, &logical)
        let lines = Lines(widths: stableWidths(),
                          size: (Double(logical.width) / Self.unit, Double(logical.y + logical.height) / Self.unit),
                          baseline: Double(pango_layout_get_baseline(raw)) / Self.unit, count: Int(pango_layout_get_line_count(raw)),
                          ellipsized: pango_layout_is_ellipsized(raw) != 0)
        self.lines = lines
        return lines
    }

    private static let unit = Double(PANGO_SCALE)

    // MARK: Carets (one line, for text fields)

    /// Where the caret before the UTF-8 byte `index` stands on the first line, in user units from the
    /// left: Pango's strong cursor, which follows the direction of the text around it (bidi). The
    /// layout must be unwrapped (`setWidth(nil)`), as a text field's is.
    public func caretX(atByte index: Int) -> Double {
        settle()
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(raw, Int32(min(max(0, index), text.utf8.count)), &strong, nil)
        return Double(strong.x) / Self.unit
    }

    /// The caret position (UTF-8 byte) nearest `x` on the first line: a click's.
    public func byteIndex(atX x: Double) -> Int {
        settle()
        var index: Int32 = 0, trailing: Int32 = 0
        pango_layout_xy_to_index(raw, Int32(x * Self.unit), 0, &index, &trailing)
        return nextCaretByte(after: Int(index), steps: Int(trailing))
    }

    /// The caret position one cluster to the right (`rightward`) or left of the caret at byte `index`,
    /// visually, as Pango moves through mixed-direction text; nil at the edge of the text.
    public func byteIndex(movingVisuallyFrom index: Int, rightward: Bool) -> Int? {
        settle(exactly: true)
        var newIndex: Int32 = 0, trailing: Int32 = 0
        pango_layout_move_cursor_visually(raw, 1, Int32(index), 0, rightward ? 1 : -1, &newIndex, &trailing)
        guard newIndex >= 0, newIndex != Int32.max else { return nil }
        return nextCaretByte(after: Int(newIndex), steps: Int(trailing))
    }

    // MARK: Attributes and carets on several lines (for text views)

    /// One attribute over a range of the text's UTF-8 bytes, as Pango takes them.
    public struct Attribute: Sendable {
        public enum Kind: Sendable {
            case font(family: String, pixelSize: Double, weight: Int)
            case foreground(red: Double, green: Double, blue: Double, alpha: Double)
            case background(red: Double, green: Double, blue: Double, alpha: Double)
            /// 1: single, 2: double.
            case underline(Int)
            case strikethrough
        }
        public var bytes: Range<Int>
        public var kind: Kind
        public init(bytes: Range<Int>, kind: Kind) {
            self.bytes = bytes
            self.kind = kind
        }
    }

    private var hasAttributes = false
    /// The attributes last set, kept to build Pango's list again when hyphenation changes.
    private var attributes: [Attribute] = []

    /// Fonts, colours and lines per range (UTF-8 bytes); Pango then lays the text out (no line breaking
    /// of this layout's own).
    public func setAttributes(_ attributes: [Attribute]) {
        self.attributes = attributes
        applyAttributes()
        hasAttributes = !attributes.isEmpty
        lines = nil
    }

    /// Whether a word broken across lines ends its line with a hyphen. Off by default, as UIKit sets
    /// text (a word wider than the line breaks between characters, with no hyphen), where Pango (1.44
    /// on) inserts one; on for a paragraph style that asks for hyphenation.
    public var hyphenates = false {
        didSet {
            guard hyphenates != oldValue else { return }
            applyAttributes()
            lines = nil
        }
    }

    /// Gives Pango the attributes and whether to hyphenate (an attribute over the whole text).
    private func applyAttributes() {
        let list = pango_attr_list_new()
        // Start and end default to the whole text.
        pango_attr_list_insert(list, pango_attr_insert_hyphens_new(hyphenates ? 1 : 0))
        func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ bytes: Range<Int>) {
            guard let attribute else { return }
            attribute.pointee.start_index = UInt32(bytes.lowerBound)
            attribute.pointee.end_index = UInt32(bytes.upperBound)
            pango_attr_list_insert(list, attribute)
        }
        func channel(_ value: Double) -> UInt16 { UInt16(max(0, min(1, value)) * 65535) }
        for attribute in attributes where !attribute.bytes.isEmpty {
            switch attribute.kind {
            case let .font(family, pixelSize, weight):
                add(pango_attr_family_new(family), attribute.bytes)
                add(pango_attr_size_new_absolute(Int32(pixelSize * Self.unit)), attribute.bytes)
                add(pango_attr_weight_new(PangoWeight(rawValue: UInt32(weight))), attribute.bytes)
            case let .foreground(red, green, blue, alpha):
                add(pango_attr_foreground_new(channel(red), channel(green), channel(blue)), attribute.bytes)
                if alpha < 1 { add(pango_attr_foreground_alpha_new(channel(alpha)), attribute.bytes) }
            case let .background(red, green, blue, alpha):
                add(pango_attr_background_new(channel(red), channel(green), channel(blue)), attribute.bytes)
                if alpha < 1 { add(pango_attr_background_alpha_new(channel(alpha)), attribute.bytes) }
            case let .underline(style):
                add(pango_attr_underline_new(style >= 2 ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE), attribute.bytes)
            case .strikethrough:
                add(pango_attr_strikethrough_new(1), attribute.bytes)
            }
        }
        pango_layout_set_attributes(raw, list)
        pango_attr_list_unref(list)
    }

    /// Extra space between the lines of the paragraph (user units).
    public func setLineSpacing(_ spacing: Double) {
        let value = Int32(spacing * Self.unit)
        guard value != pango_layout_get_spacing(raw) else { return }
        pango_layout_set_spacing(raw, value)
        lines = nil
    }

    /// The caret before the UTF-8 byte `index`, on whichever line it falls (Pango's strong cursor), in
    /// user units from the layout's top-left.
    public func caretRect(atByte index: Int) -> (x: Double, y: Double, height: Double) {
        settle(exactly: true)
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(raw, Int32(min(max(0, index), text.utf8.count)), &strong, nil)
        return (Double(strong.x) / Self.unit, Double(strong.y) / Self.unit, Double(strong.height) / Self.unit)
    }

    /// The caret position (UTF-8 byte) nearest the point (user units from the layout's top-left).
    public func byteIndex(atX x: Double, y: Double) -> Int {
        settle(exactly: true)
        var index: Int32 = 0, trailing: Int32 = 0
        pango_layout_xy_to_index(raw, Int32(x * Self.unit), Int32(y * Self.unit), &index, &trailing)
        return nextCaretByte(after: Int(index), steps: Int(trailing))
    }

    /// The line (from 0) the caret before byte `index` stands on.
    public func lineIndex(ofByte index: Int) -> Int {
        settle(exactly: true)
        var line: Int32 = 0, x: Int32 = 0
        pango_layout_index_to_line_x(raw, Int32(min(max(0, index), text.utf8.count)), 0, &line, &x)
        return Int(line)
    }

    /// The bytes of line `line`: where it starts, and where its text ends (before the white space it
    /// breaks after, when another line follows).
    public func lineBytes(_ line: Int) -> Range<Int> {
        settle(exactly: true)
        guard let pointer = pango_layout_get_line_readonly(raw, Int32(line)) else { return text.utf8.count..<text.utf8.count }
        let start = Int(pointer.pointee.start_index), length = Int(pointer.pointee.length)
        var end = start + length
        if line < Int(pango_layout_get_line_count(raw)) - 1, end > start {
            let utf8 = Array(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: end - 1)...].prefix(1))
            if utf8 == [0x20] { end -= 1 }
        }
        return start..<end
    }

    /// The rectangles (user units from the layout's top-left, one or more a line) covering the text
    /// between two bytes, as a selection is drawn: in visual order, so mixed-direction text gives
    /// several per line.
    public func selectionRects(fromByte start: Int, toByte end: Int) -> [(x: Double, y: Double, width: Double, height: Double)] {
        settle(exactly: true)
        guard start < end, let iterator = pango_layout_get_iter(raw) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        var rects: [(x: Double, y: Double, width: Double, height: Double)] = []
        let length = text.utf8.count
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            let lineStart = Int(line.pointee.start_index), lineEnd = lineStart + Int(line.pointee.length)
            guard lineEnd >= start, lineStart <= end, !(lineEnd == start && lineEnd < length && start != lineStart) else { continue }
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            var ranges: UnsafeMutablePointer<Int32>?, count: Int32 = 0
            pango_layout_line_get_x_ranges(line, Int32(max(start, lineStart)), Int32(min(end, lineEnd)), &ranges, &count)
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            for index in 0..<Int(count) {
                // Pango's ranges are in layout coordinates (the line's alignment offset included).
                let a = ranges![2 * index], b = ranges![2 * index + 1]
                rects.append((Double(a) / Self.unit, Double(top) / Self.unit, Double(b - a) / Self.unit, Double(bottom - top) / Self.unit))
            }
            g_free(ranges)
            if end > lineEnd, count == 0 {
                // An empty line inside the selection shows a sliver, as text views do.
                rects.append((Double(logical.x) / Self.unit, Double(top) / Self.unit, 4, Double(bottom - top) / Self.unit))
            }
        } while pango_layout_iter_next_line(iterator) != 0
        return rects
    }

    /// The byte `steps` characters after `index` (Pango's "trailing" count), at most the text's end.
    private func nextCaretByte(after index: Int, steps: Int) -> Int {
        let characters = self.characters
        return characters.byte(ofOffset: characters.offset(ofByte: index) + steps)
    }

    /// The widths at which Pango would break the current lines at the same places, worked out from
    /// Pango's greedy rule: every line must fit (at least the widest line), and no line may take the
    /// next word of the line after it (less than each line plus that word). A last line cut short
    /// with an ellipsis at its end keeps the characters that fit with it until the next one fits too.
    /// Justified, character-wrapped and right-to-left text, and ellipses elsewhere, are given the
    /// current width alone.
    private func stableWidths() -> WidthRange {
        let current = appliedWidth ?? .infinity
        let exact = WidthRange(lower: current, upper: current.nextUp)
        let ellipsized = pango_layout_is_ellipsized(raw) != 0
        guard pango_layout_get_justify(raw) == 0, !characters.hasRightToLeft,
              !ellipsized || pango_layout_get_ellipsize(raw) == PANGO_ELLIPSIZE_END
        else { return exact }
        var count: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(raw, &count) else { return exact }
        var lines: [UnsafeMutablePointer<PangoLayoutLine>] = []
        var node = pango_layout_get_lines_readonly(raw)
        while let item = node {
            if let line = item.pointee.data { lines.append(line.assumingMemoryBound(to: PangoLayoutLine.self)) }
            node = item.pointee.next
        }
        // Where the ellipsis stands for the rest of the text (a byte index), on the last line.
        var elided: Int?
        if ellipsized {
            var run = lines.last?.pointee.runs
            while let item = run, elided == nil {
                let glyphs = item.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
                if Int32(glyphs.item.pointee.analysis.flags) & Int32(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 { elided = Int(glyphs.item.pointee.offset) }
                run = item.pointee.next
            }
            // One ellipsis, on the last line, of text without tabs (their widths depend on where they
            // stand): other paragraphs would be cut short too.
            guard elided != nil, !lines.dropFirst().contains(where: { $0.pointee.is_paragraph_start != 0 }), !text.utf8.contains(9)
            else { return exact }
        }
        // Pango gives a line it cut short the whole width, whatever it holds.
        let ellipsizedLineWidth = elided != nil ? lines.last.map(ellipsizedWidth(of:)) : nil
        var range = WidthRange(lower: 0, upper: .infinity)
        for (index, line) in lines.enumerated() {
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            if let ellipsizedLineWidth, index == lines.count - 1 { logical.width = ellipsizedLineWidth }
            range.lower = max(range.lower, Double(logical.width) / Self.unit)
            guard index + 1 < lines.count else { break }
            let next = lines[index + 1].pointee
            if next.is_paragraph_start != 0 { continue }
            // The next line starts at a word: where the word ends (before its trailing spaces) is how
            // much more this line would have to fit.
            let start = characters.offset(ofByte: Int(next.start_index))
            let end = characters.offset(ofByte: Int(next.start_index + next.length))
            guard start < end, attributes[start].is_line_break != 0 else { return exact }
            var breakBefore = start + 1
            while breakBefore < end, attributes[breakBefore].is_line_break == 0 { breakBefore += 1 }
            var wordEnd = breakBefore
            while wordEnd > start + 1, attributes[wordEnd - 1].is_white != 0 { wordEnd -= 1 }
            // A first word the ellipsis cuts short is no whole word to measure.
            if let elided, characters.byte(ofOffset: wordEnd) > elided { return exact }
            var word: Int32 = 0
            pango_layout_line_index_to_x(lines[index + 1], Int32(characters.byte(ofOffset: wordEnd - 1)), 1, &word)
            // Pango gives the space that ends a wrapped line no width; between words it has one.
            let space = attributes[start - 1].is_white != 0
                ? width(ofBytes: characters.byte(ofOffset: start - 1)..<Int(next.start_index)) : 0
            // A little short of the exact sum: the word measured on its own line may kern differently.
            range.upper = min(range.upper, Double(logical.width + word + space) / Self.unit - Self.margin)
        }
        if let elided, let ellipsizedLineWidth, let last = lines.last {
            // Pango keeps the most whole characters that fit with the ellipsis: one more needs the
            // line's width plus that character's (kerned in the line by up to about a pixel).
            let first = characters.offset(ofByte: elided)
            var next = first + 1
            while next < Int(count), attributes[next].is_cursor_position == 0 { next += 1 }
            let character = width(ofBytes: elided..<characters.byte(ofOffset: next))
            range.upper = min(range.upper, Double(ellipsizedLineWidth + character) / Self.unit - Self.kerning)
            // And where all the rest fits, there is no ellipsis.
            let end = Int(last.pointee.start_index + last.pointee.length)
            range.upper = min(range.upper, Double(width(ofBytes: Int(last.pointee.start_index)..<end)) / Self.unit - Self.margin)
        }
        guard range.contains(current) else { return exact }
        return range
    }

    /// The lines at `width`, by Pango's greedy rule: each line takes the most words (up to a break
    /// opportunity) whose advances, without the white space it breaks after, fit the width. The last
    /// allowed line of text with an ellipsis at its end takes all the rest, and where that does not
    /// fit, keeps the most whole characters (grapheme clusters) that fit with the ellipsis. The widths
    /// over which all of that stays are exact: they come from the same advances. Nil where a word is
    /// wider than the line (Pango then breaks it between characters).
    private func breakLines(at width: Double?) -> Lines? {
        let shaped = shapedLine, x = shaped.x, end = x.count - 1
        guard shaped.lineBreak.count == x.count else { return nil }
        let goal = width.map { Int32(min($0 * Self.unit, Double(Int32.max))) } ?? .max
        var own = OwnLines()
        var lower: Int32 = 0, upper = Int32.max
        var start = 0
        while start < end {
            guard x[start] >= 0 else { return nil }
            if maximumLines > 0, own.starts.count == maximumLines - 1 {
                // The last allowed line: all the rest, or what fits beside the ellipsis.
                let rest = x[end] - x[start]
                if rest <= goal {
                    own.starts.append(start); own.ends.append(end); own.widths.append(rest)
                    lower = max(lower, rest)
                    break
                }
                let ellipsis = ellipsisWidth
                var kept = start, next = end
                for offset in (start + 1)...end where shaped.cursor[offset] && x[offset] >= 0 {
                    if x[offset] - x[start] + ellipsis <= goal { kept = offset } else { next = offset; break }
                }
                own.starts.append(start); own.ends.append(end); own.widths.append(x[kept] - x[start])
                own.cutEnd = kept
                if kept > start { lower = max(lower, x[kept] - x[start] + ellipsis) }
                upper = min(upper, x[next] - x[start] + ellipsis, rest)
                break
            }
            var best: (end: Int, width: Int32)?
            for offset in (start + 1)...end where offset == end || shaped.lineBreak[offset] {
                // White space a line breaks after counts for nothing (the paragraph's end is no break).
                var trimmed = offset
                while offset < end, trimmed > start, shaped.white[trimmed - 1] { trimmed -= 1 }
                guard x[trimmed] >= 0 else { return nil }
                let lineWidth = x[trimmed] - x[start]
                if lineWidth <= goal { best = (offset, lineWidth) } else { upper = min(upper, lineWidth); break }
            }
            guard let best else { return nil }
            own.starts.append(start); own.ends.append(best.end); own.widths.append(best.width)
            lower = max(lower, best.width)
            start = best.end
        }
        let count = Int32(max(1, own.starts.count))
        let widest = Double(own.widths.max() ?? 0) / Self.unit
        return Lines(widths: WidthRange(lower: Double(lower) / Self.unit, upper: upper == .max ? .infinity : Double(upper) / Self.unit),
                     size: (own.cutEnd != nil ? width ?? widest : widest, Double(count * shaped.lineHeight) / Self.unit),
                     baseline: Double(shaped.baseline) / Self.unit, count: Int(count), ellipsized: own.cutEnd != nil, own: own)
    }

    /// The text shaped on one unwrapped line, kept until the text or the font change: its runs, and
    /// where each character starts (Pango units; -1 inside a cluster; the last entry is the end).
    private final class ShapedLine {
        let layout: OpaquePointer
        let x: [Int32]
        /// By character: a line may break before it, it is white space, a cursor may stand before it.
        let lineBreak: [Bool], white: [Bool], cursor: [Bool]
        /// The line's height and baseline from its top, and its ink from its top-left (Pango units).
        let lineHeight: Int32, baseline: Int32
        let ink: PangoRectangle

        init(text: String, font: OpaquePointer?, characters: Characters) {
            layout = pango_layout_new(TextLayout.sharedContext)
            pango_layout_set_font_description(layout, font)
            pango_layout_set_text(layout, text, -1)
            let count = characters.count
            var x = [Int32](repeating: -1, count: count + 1)
            var position: Int32 = 0
            var run = pango_layout_get_line_readonly(layout, 0)?.pointee.runs
            while let node = run {
                run = node.pointee.next
                let item = node.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
                let glyphs = item.glyphs.pointee, offset = Int(item.item.pointee.offset)
                for index in 0..<Int(glyphs.num_glyphs) {
                    if glyphs.glyphs[index].attr.is_cluster_start != 0 {
                        let character = characters.offset(ofByte: offset + Int(glyphs.log_clusters[index]))
                        if x[character] < 0 { x[character] = position }
                    }
                    position += glyphs.glyphs[index].geometry.width
                }
            }
            x[count] = position
            self.x = x
            var attributeCount: Int32 = 0
            let attributes = pango_layout_get_log_attrs_readonly(layout, &attributeCount)
            let all = (0..<min(Int(attributeCount), count + 1)).map { attributes![$0] }
            lineBreak = all.map { $0.is_line_break != 0 }
            white = all.map { $0.is_white != 0 }
            cursor = all.map { $0.is_cursor_position != 0 }
            var ink = PangoRectangle(), logical = PangoRectangle()
            if let line = pango_layout_get_line_readonly(layout, 0) { pango_layout_line_get_extents(line, &ink, &logical) }
            lineHeight = logical.height
            baseline = -logical.y
            ink.y += baseline
            self.ink = ink
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }
    private var shapedLine: ShapedLine {
        if let storedShaped { return storedShaped }
        let made = Self.shapedLines.value(for: ShapedKey(text: text, font: font)) {
            ShapedLine(text: text, font: pango_layout_get_font_description(raw), characters: characters)
        }
        storedShaped = made
        return made
    }
    private var storedShaped: ShapedLine?

    /// Texts shaped on one line, shared by the layouts of the same text and font: labels show the same
    /// strings again and again (times down a list, a size readout going back and forth as a person
    /// drags a window's edge out and back). Shaping a new short string costs about 40 µs; one kept
    /// holds about 1 KB (a size readout) to 5 KB (a sentence of a hundred characters).
    private struct ShapedKey: Hashable { var text: String, font: Font? }
    nonisolated(unsafe) private static var shapedLines = RecentlyUsedCache<ShapedKey, ShapedLine>(capacity: 512)

    /// Forgets the shaped lines no layout uses any more (the texts of closed windows, sizes a readout
    /// showed once), keeping those of the layouts still alive; returns how many went. The runtime calls
    /// it as scenes close: kept, each one's thirty-odd small blocks would stay scattered over the pages
    /// the closed scenes' objects freed, and the allocator could not give those pages back.
    @discardableResult
    public static func forgetUnusedShapedLines() -> Int {
        let before = shapedLines.count
        shapedLines.removeAll { isKnownUniquelyReferenced(&$0) }
        return before - shapedLines.count
    }

    /// An ellipsis shaped in the layout's font, as Pango shapes the one it puts at the end of a line;
    /// kept until the font changes.
    private var ellipsisGlyphs: (glyphs: UnsafeMutablePointer<PangoGlyphString>, font: UnsafeMutablePointer<PangoFont>?) {
        if let storedEllipsisGlyphs { return (storedEllipsisGlyphs.glyphs, storedEllipsisGlyphs.font) }
        let made = EllipsisGlyphs(font: pango_layout_get_font_description(raw))
        storedEllipsisGlyphs = made
        return (made.glyphs, made.font)
    }
    private var storedEllipsisGlyphs: EllipsisGlyphs?

    private final class EllipsisGlyphs {
        let layout: OpaquePointer
        let glyphs: UnsafeMutablePointer<PangoGlyphString>
        let font: UnsafeMutablePointer<PangoFont>?

        init(font description: OpaquePointer?) {
            layout = pango_layout_new(TextLayout.sharedContext)
            pango_layout_set_font_description(layout, description)
            pango_layout_set_text(layout, "\u{2026}", -1)
            let item = pango_layout_get_line_readonly(layout, 0)!.pointee.runs!.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            glyphs = item.glyphs
            font = item.item.pointee.analysis.font
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// The width of a line cut short with an ellipsis (Pango units): its characters' advances and the
    /// ellipsis' own width (Pango widens the ellipsis to fill the line).
    private func ellipsizedWidth(of line: UnsafeMutablePointer<PangoLayoutLine>) -> Int32 {
        var width: Int32 = 0
        var run = line.pointee.runs
        while let item = run {
            let glyphs = item.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            width += Int32(glyphs.item.pointee.analysis.flags) & Int32(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0
                ? ellipsisWidth : pango_glyph_string_get_width(glyphs.glyphs)
            run = item.pointee.next
        }
        return width
    }

    /// The width of part of the text (in Pango units) in the layout's font, laid out on its own; kept
    /// until the text or the font change (a drag asks for the same ones again and again).
    private func width(ofBytes bytes: Range<Int>) -> Int32 {
        guard !bytes.isEmpty else { return 0 }
        if let width = measured[bytes] { return width }
        let width = width(of: Array(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: bytes.lowerBound)..<text.utf8.index(text.utf8.startIndex, offsetBy: bytes.upperBound)]))
        measured[bytes] = width
        return width
    }
    private var measured: [Range<Int>: Int32] = [:]

    /// The width of an ellipsis alone in the layout's font.
    private var ellipsisWidth: Int32 { pango_glyph_string_get_width(ellipsisGlyphs.glyphs) }

    /// The width of `utf8` (in Pango units) in the layout's font, laid out on its own.
    private func width(of utf8: [UInt8]) -> Int32 {
        let scratch = Self.scratch
        pango_layout_set_font_description(scratch, pango_layout_get_font_description(raw))
        utf8.withUnsafeBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { pango_layout_set_text(scratch, $0.baseAddress, Int32($0.count)) }
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(scratch, nil, &logical)
        return logical.width
    }

    /// Measures text for `width(of:)`; layouts are used on the main thread only.
    nonisolated(unsafe) private static let scratch = pango_layout_new(sharedContext)!
    nonisolated(unsafe) private static let scratchGlyphs = pango_glyph_string_new()!

    /// How far below the exact width at which a word would move up the range of stable widths ends.
    static let margin = 0.25
    /// How far below the width at which one more character would fit beside an ellipsis the range
    /// ends: a character measured alone lacks the kerning it has in the line.
    static let kerning = 1.5

    // MARK: Characters

    /// Byte ↔ character offsets of the text (Pango's attributes count characters, its lines bytes),
    /// and what is known of its direction.
    private struct Characters {
        var offsetOfByte: [Int32] = [], byteOfOffset: [Int32] = []
        /// The number of characters, when each is one byte (ASCII text): bytes and characters are then
        /// the same offsets, and the two maps are left empty (8 bytes a character a label keeps).
        var asciiCount: Int?
        var hasRightToLeft = false
        /// Tabs (their widths depend on where they stand) or paragraph separators.
        var hasTabsOrParagraphs = false
        var rightToLeft: Bool?

        /// How many characters there are.
        var count: Int { asciiCount ?? byteOfOffset.count - 1 }

        init(_ text: String) {
            let bytes = text.utf8.count
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                asciiCount = bytes
                hasTabsOrParagraphs = text.utf8.contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
                return
            }
            offsetOfByte.reserveCapacity(bytes + 1)
            for scalar in text.unicodeScalars {
                byteOfOffset.append(Int32(offsetOfByte.count))
                for _ in 0..<UTF8.width(scalar) { offsetOfByte.append(Int32(byteOfOffset.count - 1)) }
                if Self.mayBeRightToLeft(scalar.value) { hasRightToLeft = true }
                switch scalar.value {
                case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: hasTabsOrParagraphs = true
                default: break
                }
            }
            offsetOfByte.append(Int32(byteOfOffset.count))
            byteOfOffset.append(Int32(offsetOfByte.count - 1))
        }

        func offset(ofByte byte: Int) -> Int {
            if let asciiCount { return min(byte, asciiCount) }
            return Int(offsetOfByte[min(byte, offsetOfByte.count - 1)])
        }
        func byte(ofOffset offset: Int) -> Int {
            if let asciiCount { return min(offset, asciiCount) }
            return Int(byteOfOffset[min(offset, byteOfOffset.count - 1)])
        }

        /// Hebrew, Arabic and the other right-to-left scripts, and the bidi controls.
        static func mayBeRightToLeft(_ value: UInt32) -> Bool {
            switch value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
                 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }
    private var storedCharacters: Characters?
    private var characters: Characters {
        get {
            if let storedCharacters { return storedCharacters }
            let made = Characters(text)
            storedCharacters = made
            return made
        }
        set { storedCharacters = newValue }
    }
}
