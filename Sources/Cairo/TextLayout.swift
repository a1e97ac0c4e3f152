import CCairo

/// A paragraph of text shaped by Pango: wrapping, bidi (the base direction follows the text), line
/// limits with an ellipsis. The same layout measures and draws, so a label's size and its pixels agree.
///
/// Metrics are unhinted, so a layout measures the same at every scale and text placement is sub-pixel.
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

    public enum Alignment: Sendable { case left, center, right, justified }
    public enum Wrap: Sendable { case word, character, none }
    public enum Ellipsis: Sendable { case none, start, middle, end }

    public init() {
        layout = pango_layout_new(Self.sharedContext)
        pango_layout_set_auto_dir(layout, 1)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    private var raw: OpaquePointer { layout }

    /// Setting the same text again keeps the shaped layout (Pango would shape it anew).
    public var text: String = "" {
        didSet { if text != oldValue { pango_layout_set_text(raw, text, -1) } }
    }

    /// A Pango font description, e.g. "DejaVu Sans Bold 17px".
    public func setFont(family: String, pixelSize: Double, weight: Int) {
        let description = pango_font_description_new()
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, pixelSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight)))
        pango_layout_set_font_description(raw, description)
        pango_font_description_free(description)
    }

    /// Width to wrap at, in user units; nil for no wrapping.
    public func setWidth(_ width: Double?) {
        pango_layout_set_width(raw, width.map { Int32(max(0, $0) * Double(PANGO_SCALE)) } ?? -1)
    }

    /// At most `lines` lines (0 = unlimited); the last one ends with an ellipsis when text is cut.
    public func setMaximumLines(_ lines: Int, ellipsis: Ellipsis = .end) {
        pango_layout_set_height(raw, lines > 0 ? Int32(-lines) : -1)
        let mode: PangoEllipsizeMode
        switch lines > 0 ? ellipsis : .none {
        case .none: mode = PANGO_ELLIPSIZE_NONE
        case .start: mode = PANGO_ELLIPSIZE_START
        case .middle: mode = PANGO_ELLIPSIZE_MIDDLE
        case .end: mode = PANGO_ELLIPSIZE_END
        }
        pango_layout_set_ellipsize(raw, mode)
    }

    public func setWrap(_ wrap: Wrap) {
        switch wrap {
        case .word: pango_layout_set_wrap(raw, PANGO_WRAP_WORD_CHAR)
        case .character: pango_layout_set_wrap(raw, PANGO_WRAP_CHAR)
        case .none: pango_layout_set_width(raw, -1)
        }
    }

    /// Physical alignment: `.left` is the left edge whatever the paragraph's direction. (Pango, with
    /// automatic direction, mirrors left and right for right-to-left paragraphs; this undoes that.)
    public func setAlignment(_ alignment: Alignment) {
        pango_layout_set_justify(raw, alignment == .justified ? 1 : 0)
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
        guard let line = pango_layout_get_line_readonly(raw, 0) else { return false }
        return line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue
    }

    /// The laid-out size in user units (the logical extents: line heights include leading).
    public var size: (width: Double, height: Double) {
        var logical = PangoRectangle()
        pango_layout_get_extents(raw, nil, &logical)
        return (Double(logical.x + logical.width) / Double(PANGO_SCALE), Double(logical.y + logical.height) / Double(PANGO_SCALE))
    }


    /// The first line's baseline from the top, in user units.
    public var baseline: Double { Double(pango_layout_get_baseline(raw)) / Double(PANGO_SCALE) }

    public var lineCount: Int { Int(pango_layout_get_line_count(raw)) }

    /// Draws with the top-left of the layout at the context's current origin, in its current source colour.
    public func draw(in context: Context) {
        // Shaped once in user units (unhinted), so measuring and drawing agree; cairo rasterises the
        // glyphs through the context's transform, sharp at any scale.
        cairo_move_to(context.pointer, 0, 0)
        pango_cairo_show_layout(context.pointer, raw)
    }
}
