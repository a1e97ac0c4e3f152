import Cairo
import Foundation

/// Scrollable, multi-line, editable (or read-only, selectable) attributed text, as UIKit's
/// `UITextView`: a `UIScrollView` whose content is the text.
///
/// Attributes drawn (through Pango): `.font`, `.foregroundColor`, `.backgroundColor`, `.underlineStyle`,
/// `.strikethroughStyle`, `.paragraphStyle` (alignment, line spacing, spacing before and after,
/// hyphenation) and
/// `.link` (drawn with `linkTextAttributes`; a click on a link of a view that is not editable asks the
/// delegate's `textView(_:shouldInteractWith:in:interaction:)`, then opens it with `xdg-open`).
/// Bidirectional text: each paragraph takes its direction from its first strong character (a Hebrew or
/// Arabic paragraph runs right to left), `.natural` alignment follows it, and ←/→ move the caret in
/// visual order as Pango gives it.
///
/// Editing (shared with `UITextField`: one editing core, two views) with a hardware keyboard as on a
/// desktop: typing (dead keys and compose sequences through the keymap), Return, Backspace/Delete
/// (with Ctrl: a word), ←/→ (Ctrl: by words), ↑/↓ by line keeping the caret's x, Page Up/Down,
/// Home/End (the line), Ctrl+Home/End (the document), Shift extending the selection, Ctrl+A,
/// Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) through the responder chain's `UndoManager` (typing coalesces into
/// one step), Ctrl+C/X/V through `UIPasteboard.general`. The pointer places the caret, drags a
/// selection (which becomes X11's PRIMARY), double-clicks a word and triple-clicks a paragraph; the
/// middle button pastes PRIMARY. The caret is kept in view as it moves.
///
/// How it stays fast on long text: a Pango layout per paragraph, made for the paragraphs shown (the
/// others' heights are estimated until they come into view, as TextKit 2 does), and the text drawn in
/// tiles 128 points tall; an edit re-shapes its paragraph only and redraws the tiles it touches (all
/// those below, when its height changed).
///
/// Differs from UIKit: no text container or layout manager objects (`textContainerInset` and a 5-point
/// line fragment padding are what there is), no data detectors, no text item menus; undoing restores
/// the characters with the typing attributes, not the ones they had; the default font is the 17-point
/// system font (UIKit's is 12-point Helvetica).
@MainActor
open class UITextView: UIScrollView, UITextInput, TextEditingHost {
    /// Posted after each change a person makes (the object is the view).
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    // MARK: Properties

    /// The plain text. Setting it gives the whole text the view's font, colour and alignment, asks the
    /// delegate nothing and puts the caret at the end.
    open var text: String! {
        get { core.text }
        set { setContent(newValue ?? "", attributes: AttributeSet(baseAttributes)) }
    }

    /// The text with its attributes. Setting it asks the delegate nothing and puts the caret at the end.
    open var attributedText: NSAttributedString! {
        get {
            let result = NSMutableAttributedString(string: core.text)
            var start = 0
            for run in runs.runs {
                if run.length > 0 { result.setAttributes(run.set.attributes, range: NSRange(location: start, length: run.length)) }
                start += run.length
            }
            return result
        }
        set {
            let string = newValue ?? NSAttributedString(string: "")
            var newRuns: [AttributeRuns.Run] = []
            string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { attributes, range, _ in
                newRuns.append(.init(length: range.length, set: AttributeSet(attributes)))
            }
            settingInCode = true
            core.setText(string.string)
            runs = AttributeRuns(newRuns.isEmpty ? [.init(length: 0, set: AttributeSet(baseAttributes))] : newRuns)
            typingSet = runs.set(at: 0)
            settingInCode = false
            contentDidChange()
        }
    }

    /// The font of text without a `.font` attribute; setting it sets it on the whole text, as UIKit's.
    open var font: UIFont? = .systemFont(ofSize: 17) {
        didSet { if !adjustingFonts { setOnWholeText(.font, font ?? .systemFont(ofSize: 17)) } }
    }

    /// Whether fonts made with `preferredFont(forTextStyle:)` or `UIFontMetrics` follow the trait
    /// collection's content size category (UIKit's `UIContentSizeCategoryAdjusting`); false by default.
    /// When the category changes (and when this is turned on), every such font in the text, in
    /// `typingAttributes` and in `font` becomes the same style at the new size, as UIKit does; the
    /// paragraphs, the content size and the caret follow. Fonts made by size stay as they are.
    open var adjustsFontForContentSizeCategory = false {
        didSet {
            guard adjustsFontForContentSizeCategory != oldValue else { return }
            sizeCategoryRegistration = contentSizeCategoryRegistration(adjustsFontForContentSizeCategory, replacing: sizeCategoryRegistration) {
                (textView: UITextView) in textView.adjustFontsToContentSizeCategory()
            }
            if adjustsFontForContentSizeCategory { adjustFontsToContentSizeCategory() }
        }
    }
    private var sizeCategoryRegistration: (any UITraitChangeRegistration)?
    /// Set while the fonts follow a new category: `font` then changes without being set on the whole text.
    private var adjustingFonts = false

    /// Every text-style font (the text's, the typing attributes', `font`) at the traits' category.
    private func adjustFontsToContentSizeCategory() {
        let traits = traitCollection
        var changed = false
        if let font {
            let adjusted = font.adjusted(for: traits)
            if adjusted != font {
                adjustingFonts = true
                self.font = adjusted
                adjustingFonts = false
                changed = true
            }
        }
        // Runs often share one attribute set (the typing attributes of what was typed): adjusted once.
        var adjustedSets: [ObjectIdentifier: AttributeSet] = [:]
        func adjust(_ set: AttributeSet) -> AttributeSet {
            if let done = adjustedSets[ObjectIdentifier(set)] { return done }
            var result = set
            if let font = set.attributes[.font] as? UIFont {
                let adjusted = font.adjusted(for: traits)
                if adjusted != font {
                    var attributes = set.attributes
                    attributes[.font] = adjusted
                    result = AttributeSet(attributes)
                    changed = true
                }
            }
            adjustedSets[ObjectIdentifier(set)] = result
            return result
        }
        runs.mapSets(adjust)
        typingSet = adjust(typingSet)
        guard changed else { return }
        measureEstimate()
        invalidateAllParagraphs()
        // Heights at the old size are estimated at the new one until each paragraph is laid out again
        // (those in view, at the next layout), so the content size follows at once.
        for paragraph in paragraphs { paragraph.height = 0 }
        recomputeTops(from: 0)
        updateContentSize()
        for tile in tiles.values { tile.setNeedsDisplay() }
    }

    /// The colour of text without a `.foregroundColor`; setting it sets it on the whole text, as UIKit's.
    open var textColor: UIColor? = .label {
        didSet { setOnWholeText(.foregroundColor, textColor ?? .label) }
    }

    /// The alignment of every paragraph; `.natural` (the default) follows each paragraph's direction.
    open var textAlignment: NSTextAlignment = .natural {
        didSet {
            let style = NSMutableParagraphStyle()
            style.alignment = textAlignment
            setOnWholeText(.paragraphStyle, style)
        }
    }

    /// The attributes text typed now gets: those before the caret, as the selection moves.
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get { typingSet.attributes }
        set { typingSet = AttributeSet(newValue) }
    }

    /// How links are drawn: the tint colour by default.
    open var linkTextAttributes: [NSAttributedString.Key: Any]! = [:] { didSet { invalidateAllParagraphs() } }

    /// Whether a person may change the text; true by default.
    open var isEditable = true {
        didSet {
            if !isEditable, isEditing { resignFirstResponder() }
            updateCaret(restartBlink: false)
        }
    }

    /// Whether a person may select text (and click links); true by default.
    open var isSelectable = true

    /// Space between the view's edges and the text; 8 points above and below by default, as UIKit's.
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { invalidateAllParagraphs() }
    }

    /// The selection, in UTF-16 offsets.
    open var selectedRange: NSRange {
        get { NSRange(location: core.selection.lowerBound, length: core.selection.count) }
        set { core.select(newValue.location..<newValue.location + newValue.length) }
    }

    /// Whether the view is the first responder, editing.
    public private(set) var isEditing = false

    /// The padding of each line within the text container, as UIKit's default `lineFragmentPadding`.
    static let lineFragmentPadding: CGFloat = 5
    /// The height of a tile the text is drawn in.
    static let tileHeight: CGFloat = 128

    let core = TextEditingCore()
    private var runs = AttributeRuns([.init(length: 0, set: AttributeSet([:]))])
    private var typingSet = AttributeSet([:])
    private var paragraphs: [Paragraph] = [Paragraph(text: "", terminated: false)]
    /// Where each paragraph starts (UTF-16) and its top within the text (points, from the inset).
    private var starts: [Int] = [0]
    private var tops: [CGFloat] = [0, 0]
    private var tiles: [Int: TextTile] = [:]
    private var spareTiles: [TextTile] = []
    private let caret = UIView()
    /// The width the paragraphs are laid out at, and the appearance their colours were resolved for.
    private var layoutWidth: CGFloat = -1
    private var resolvedStyle: UIUserInterfaceStyle?
    /// The caret's x kept while ↑/↓ move it (layout coordinates).
    private var goalX: CGFloat?
    private var settingInCode = false
    /// A pointer drag is selecting (the scroll view's pan leaves it alone).
    private var pointerSelecting = false
    /// A link pressed in a view that is not editable: opened if the button comes up on it.
    private var pressedLink: (url: URL, range: Range<Int>)?
    /// Paragraphs holding a Pango layout; trimmed to those near the view when many.
    private(set) var layoutsHeld = 0
    private var estimatedLineHeight: CGFloat = 20

    public override init(frame: CGRect) {
        super.init(frame: frame)
        core.host = self
        caret.isUserInteractionEnabled = false
        caret.isHidden = true
        addSubview(caret)
        alwaysBounceVertical = true
        backgroundColor = .systemBackground
        typingSet = AttributeSet(baseAttributes)
        runs = AttributeRuns([.init(length: 0, set: typingSet)])
        measureEstimate()
        // Colours are resolved into the paragraphs' layouts: light and dark lay them out again.
        registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (textView: UITextView, _) in textView.setNeedsLayout() }
    }

    /// The attributes `text` gives: the view's font, colour and alignment.
    private var baseAttributes: [NSAttributedString.Key: Any] {
        var attributes: [NSAttributedString.Key: Any] = [.font: font ?? .systemFont(ofSize: 17), .foregroundColor: textColor ?? .label]
        if textAlignment != .natural {
            let style = NSMutableParagraphStyle()
            style.alignment = textAlignment
            attributes[.paragraphStyle] = style
        }
        return attributes
    }

    private func setContent(_ string: String, attributes: AttributeSet) {
        settingInCode = true
        core.setText(string)
        runs = AttributeRuns([.init(length: string.utf16.count, set: attributes)])
        typingSet = attributes
        settingInCode = false
        contentDidChange()
    }

    private func setOnWholeText(_ key: NSAttributedString.Key, _ value: Any) {
        runs.setOnAll(key, value)
        var typing = typingSet.attributes
        typing[key] = value
        typingSet = AttributeSet(typing)
        if key == .font { measureEstimate() }
        invalidateAllParagraphs()
    }

    /// Attributes changed everywhere: every paragraph is configured and measured again.
    private func invalidateAllParagraphs() {
        for paragraph in paragraphs {
            paragraph.configured = false
            paragraph.measuredWidth = nil
        }
        layoutWidth = -1
        setNeedsLayout()
        updateCaret(restartBlink: false)
    }

    /// The text was replaced in code: paragraphs anew, the view scrolled to the top.
    private func contentDidChange() {
        for paragraph in paragraphs { releaseLayout(paragraph) }
        paragraphs = Self.split(core.text[...], endsDocument: true)
        recomputeStarts(from: 0)
        recomputeTops(from: 0)
        for tile in tiles.values { tile.setNeedsDisplay() }
        updateContentSize()
        setNeedsLayout()
        updateCaret(restartBlink: false)
    }

    // MARK: Paragraphs

    /// A paragraph: its text (without the line break), its height at `measuredWidth` (estimated while
    /// nil) and, while it is near the view, its Pango layout.
    private final class Paragraph {
        var text: String
        /// Whether a line break ends it (every paragraph but the last).
        let terminated: Bool
        var height: CGFloat = 0
        var measuredWidth: CGFloat?
        var layout: TextLayout?
        /// The layout holds this paragraph's text and attributes.
        var configured = false
        var spacingBefore: CGFloat = 0
        init(text: String, terminated: Bool) {
            self.text = text
            self.terminated = terminated
        }
        var length: Int { text.utf16.count + (terminated ? 1 : 0) }
    }

    /// Splits text into paragraphs at line breaks; the last piece has no line break when the text ends
    /// the document, and is dropped (empty) when it does not.
    private static func split(_ text: Substring, endsDocument: Bool) -> [Paragraph] {
        var pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        if !endsDocument { pieces.removeLast() }
        return pieces.enumerated().map { index, piece in
            Paragraph(text: String(piece), terminated: !endsDocument || index < pieces.count - 1)
        }
    }

    private func recomputeStarts(from index: Int) {
        starts.removeSubrange(min(index, starts.count)...)
        var offset = index > 0 ? starts[index - 1] + paragraphs[index - 1].length : 0
        for paragraph in paragraphs[index...] {
            starts.append(offset)
            offset += paragraph.length
        }
    }

    private func recomputeTops(from index: Int) {
        tops.removeSubrange(min(index + 1, tops.count)...)
        if tops.isEmpty { tops.append(0) }
        var y = tops[index]
        for paragraph in paragraphs[index...] {
            // Paragraphs never laid out are estimated; the others keep their last height until shown.
            if paragraph.measuredWidth == nil, paragraph.height == 0 { paragraph.height = estimatedHeight(of: paragraph) }
            y += paragraph.height
            tops.append(y)
        }
    }

    /// A paragraph's height before it is laid out: its characters at an average width.
    private func estimatedHeight(of paragraph: Paragraph) -> CGFloat {
        let perLine = max(1, (textWidth / (estimatedLineHeight * 0.45)).rounded(.down))
        return estimatedLineHeight * max(1, (CGFloat(paragraph.text.utf16.count) / perLine).rounded(.up))
    }

    private func measureEstimate() {
        let scratch = TextLayout()
        let font = self.font ?? .systemFont(ofSize: 17)
        scratch.text = "X"
        scratch.setFont(family: font.familyName, pixelSize: Double(font.pointSize), weight: font.weight.pangoWeight)
        estimatedLineHeight = CGFloat(scratch.size.height)
    }

    /// The paragraph holding the UTF-16 `offset` (at a line break's end: the next one).
    private func paragraphIndex(containing offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The paragraph at `y` (text coordinates: from the top inset).
    private func paragraphIndex(atY y: CGFloat) -> Int {
        var low = 0, high = paragraphs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if tops[middle] <= y { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The width lines are broken at.
    private var textWidth: CGFloat {
        max(1, bounds.width - textContainerInset.left - textContainerInset.right - 2 * Self.lineFragmentPadding)
    }

    /// The left of the text, and the top of the text, in the view's content.
    private var textOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + Self.lineFragmentPadding, y: textContainerInset.top)
    }

    /// The layout of paragraph `index`, configured and at the current width.
    private func layout(_ index: Int) -> TextLayout {
        let paragraph = paragraphs[index]
        let layout: TextLayout
        if let existing = paragraph.layout {
            layout = existing
        } else {
            layout = TextLayout()
            layout.pangoBreaksLines = true
            layout.setWrap(.word)
            paragraph.layout = layout
            layoutsHeld += 1
        }
        if !paragraph.configured { configure(layout, for: index) }
        layout.setWidth(Double(textWidth))
        return layout
    }

    private func configure(_ layout: TextLayout, for index: Int) {
        let paragraph = paragraphs[index]
        paragraph.configured = true
        layout.text = paragraph.text
        let font = self.font ?? .systemFont(ofSize: 17)
        layout.setFont(family: font.familyName, pixelSize: Double(font.pointSize), weight: font.weight.pangoWeight)
        let start = starts[index]
        var attributes: [TextLayout.Attribute] = []
        let text = paragraph.text
        func byte(_ offset: Int) -> Int {
            text.utf8.distance(from: text.startIndex, to: String.Index(utf16Offset: min(offset, text.utf16.count), in: text))
        }
        let traits = traitCollection
        func color(_ value: Any?) -> (Double, Double, Double, Double)? {
            guard let color = (value as? UIColor)?.resolvedColor(with: traits) else { return nil }
            return (Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        }
        for (range, set) in runs.runs(in: start..<start + text.utf16.count) {
            let bytes = byte(range.lowerBound - start)..<byte(range.upperBound - start)
            let values = set.attributes
            if let font = values[.font] as? UIFont {
                attributes.append(.init(bytes: bytes, kind: .font(family: font.familyName, pixelSize: Double(font.pointSize),
                                                                  weight: font.weight.pangoWeight)))
            }
            let isLink = values[.link] != nil
            let linkColor: Any = linkTextAttributes?[.foregroundColor] ?? (tintColor ?? UIColor.tintColor)
            if let c = color(isLink ? linkColor : values[.foregroundColor]) {
                attributes.append(.init(bytes: bytes, kind: .foreground(red: c.0, green: c.1, blue: c.2, alpha: c.3)))
            }
            if let c = color(values[.backgroundColor]) {
                attributes.append(.init(bytes: bytes, kind: .background(red: c.0, green: c.1, blue: c.2, alpha: c.3)))
            }
            let underline = (isLink ? linkTextAttributes?[.underlineStyle] as? Int : nil) ?? values[.underlineStyle] as? Int ?? 0
            if underline != 0 { attributes.append(.init(bytes: bytes, kind: .underline(underline & 0x0F == 0x09 ? 2 : 1))) }
            if (values[.strikethroughStyle] as? Int ?? 0) != 0 { attributes.append(.init(bytes: bytes, kind: .strikethrough)) }
        }
        layout.setAttributes(attributes)
        // The paragraph style of its first character, as Cocoa reads it.
        let style = runs.set(at: start).attributes[.paragraphStyle] as? NSParagraphStyle
        layout.setLineSpacing(Double(style?.lineSpacing ?? 0))
        // No hyphen where a word is broken, as UIKit, unless the paragraph style asks for hyphenation.
        layout.hyphenates = style?.hyphenates ?? false
        paragraph.spacingBefore = index > 0 ? style?.paragraphSpacingBefore ?? 0 : 0
        let alignment: TextLayout.Alignment = switch style?.alignment ?? .natural {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: layout.isRightToLeft ? .right : .left
        }
        layout.setAlignment(alignment)
        paragraph.measuredWidth = nil
    }

    /// Lays paragraph `index` out at the current width (if it was not); whether its height changed.
    @discardableResult
    private func measure(_ index: Int) -> Bool {
        let paragraph = paragraphs[index]
        let layout = self.layout(index)
        guard paragraph.measuredWidth != textWidth else { return false }
        let style = runs.set(at: starts[index]).attributes[.paragraphStyle] as? NSParagraphStyle
        let height = CGFloat(layout.size.height) + paragraph.spacingBefore + (style?.paragraphSpacing ?? 0)
        paragraph.measuredWidth = textWidth
        guard height != paragraph.height else { return false }
        paragraph.height = height
        return true
    }

    private func releaseLayout(_ paragraph: Paragraph) {
        if paragraph.layout != nil { layoutsHeld -= 1 }
        paragraph.layout = nil
        paragraph.configured = false
    }

    /// The paragraphs from `top` to `bottom` (view content coordinates).
    private func paragraphRange(from top: CGFloat, to bottom: CGFloat) -> ClosedRange<Int> {
        let origin = textOrigin.y
        return paragraphIndex(atY: top - origin)...paragraphIndex(atY: bottom - origin)
    }

    private func updateContentSize() {
        let height = ceil(tops[paragraphs.count] + textContainerInset.top + textContainerInset.bottom)
        let size = CGSize(width: bounds.width, height: height)
        if contentSize != size { contentSize = size }
    }

    // MARK: Layout and tiles

    open override func layoutSubviews() {
        let widthChanged = textWidth != layoutWidth
        if widthChanged {
            layoutWidth = textWidth
            for paragraph in paragraphs where paragraph.measuredWidth != nil { paragraph.measuredWidth = nil }
            recomputeTops(from: 0)
        }
        if traitCollection.userInterfaceStyle != resolvedStyle {
            // Colours are resolved into the layouts' attributes.
            if resolvedStyle != nil { for paragraph in paragraphs { paragraph.configured = false } }
            resolvedStyle = traitCollection.userInterfaceStyle
            for tile in tiles.values { tile.setNeedsDisplay() }
        }
        // The paragraphs the tiles in view show are laid out; their heights move those below.
        for _ in 0..<4 {
            let (first, last) = tileRange
            let shown = paragraphRange(from: CGFloat(first) * Self.tileHeight, to: CGFloat(last + 1) * Self.tileHeight)
            var changed: Int?
            for index in shown where measure(index) { changed = min(changed ?? index, index) }
            guard let changed else { break }
            recomputeTops(from: changed)
            updateContentSize()
            for (key, tile) in tiles where CGFloat(key + 1) * Self.tileHeight > textOrigin.y + tops[changed] { tile.setNeedsDisplay() }
        }
        updateContentSize()
        super.layoutSubviews()
        placeTiles(widthChanged: widthChanged)
        trimLayouts()
        updateCaret(restartBlink: false)
    }

    /// The tiles the bounds cover.
    private var tileRange: (Int, Int) {
        let top = max(0, bounds.minY), bottom = max(top, min(bounds.maxY, max(contentSize.height, bounds.height)))
        return (Int(top / Self.tileHeight), Int(max(top, bottom - 1) / Self.tileHeight))
    }

    private func placeTiles(widthChanged: Bool) {
        let (first, last) = tileRange
        for (key, tile) in tiles where key < first || key > last {
            tile.removeFromSuperview()
            tiles[key] = nil
            spareTiles.append(tile)
        }
        for key in first...last {
            let frame = CGRect(x: 0, y: CGFloat(key) * Self.tileHeight, width: bounds.width, height: Self.tileHeight)
            if let tile = tiles[key] {
                if tile.frame != frame { tile.frame = frame }
                if widthChanged { tile.setNeedsDisplay() }
                continue
            }
            let tile = spareTiles.popLast() ?? TextTile(textView: self)
            tile.frame = frame
            tile.setNeedsDisplay()
            insertSubview(tile, at: 0)
            tiles[key] = tile
        }
    }

    /// Paragraphs far from the view give their layouts back once many are held.
    private func trimLayouts() {
        guard layoutsHeld > 512 else { return }
        let shown = paragraphRange(from: bounds.minY - 2000, to: bounds.maxY + 2000)
        for (index, paragraph) in paragraphs.enumerated() where !shown.contains(index) && paragraph.layout != nil {
            releaseLayout(paragraph)
        }
    }

    /// Redraws the tiles over `top..<bottom` (text coordinates).
    private func redrawTiles(from top: CGFloat, to bottom: CGFloat) {
        let origin = textOrigin.y
        for (key, tile) in tiles {
            let tileTop = CGFloat(key) * Self.tileHeight
            if tileTop < bottom + origin, tileTop + Self.tileHeight > top + origin { tile.setNeedsDisplay() }
        }
    }

    private func redrawParagraphs(_ range: ClosedRange<Int>) {
        redrawTiles(from: tops[range.lowerBound], to: tops[range.upperBound + 1])
    }

    /// Draws the paragraphs a tile shows: the selection behind, the text, marked text underlined.
    fileprivate func draw(_ tile: TextTile) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let cairo = context.cairo
        let top = tile.frame.minY, bottom = tile.frame.maxY
        let origin = textOrigin
        let traits = traitCollection
        let base = (textColor ?? .label).resolvedColor(with: traits)
        let selection = core.selection
        let showsSelection = !selection.isEmpty && isFirstResponder
        let highlight = (tintColor ?? .tintColor).withAlphaComponent(0.3).resolvedColor(with: traits)
        for index in paragraphRange(from: top, to: bottom) {
            let paragraph = paragraphs[index]
            let layout = self.layout(index)
            let y = origin.y + tops[index] + paragraph.spacingBefore - top
            let start = starts[index], end = start + paragraph.text.utf16.count
            if showsSelection, selection.lowerBound <= end, selection.upperBound > start {
                context.setFillColor(highlight)
                let bytes = byte(selection.lowerBound - start, in: paragraph)..<byte(selection.upperBound - start, in: paragraph)
                var rects = layout.selectionRects(fromByte: bytes.lowerBound, toByte: bytes.upperBound)
                if selection.upperBound > end, paragraph.terminated {
                    // The line break is selected too: a sliver after the last line, as text views show.
                    let last = layout.caretRect(atByte: paragraph.text.utf8.count)
                    rects.append((last.x, last.y, 4, last.height))
                }
                for rect in rects {
                    context.fill(CGRect(x: origin.x + CGFloat(rect.x), y: y + CGFloat(rect.y), width: CGFloat(rect.width), height: CGFloat(rect.height)))
                }
            }
            cairo.save()
            cairo.translate(Double(origin.x), Double(y))
            cairo.setSource(red: Double(base.red), green: Double(base.green), blue: Double(base.blue), alpha: Double(base.alpha))
            layout.draw(in: cairo)
            cairo.restore()
            if let marked = core.marked, marked.lowerBound <= end, marked.upperBound > start {
                context.setFillColor(base)
                let from = byte(max(marked.lowerBound, start) - start, in: paragraph), to = byte(min(marked.upperBound, end) - start, in: paragraph)
                for rect in layout.selectionRects(fromByte: from, toByte: to) {
                    context.fill(CGRect(x: origin.x + CGFloat(rect.x), y: y + CGFloat(rect.y + rect.height) - 2, width: CGFloat(rect.width), height: 1))
                }
            }
        }
    }

    // MARK: Offsets and geometry

    /// The UTF-8 byte of paragraph text at the UTF-16 offset `offset` (relative to the paragraph).
    private func byte(_ offset: Int, in paragraph: Paragraph) -> Int {
        let text = paragraph.text
        return text.utf8.distance(from: text.startIndex, to: String.Index(utf16Offset: min(max(0, offset), text.utf16.count), in: text))
    }

    /// The UTF-16 offset (in the document) of paragraph `index`'s UTF-8 `byte`.
    private func offset(ofByte byte: Int, inParagraph index: Int) -> Int {
        let text = paragraphs[index].text
        let position = text.utf8.index(text.startIndex, offsetBy: min(max(0, byte), text.utf8.count))
        return starts[index] + position.utf16Offset(in: text)
    }

    /// The caret's rectangle for `offset`, in the view's content (2 points wide, a line tall).
    func caretRect(atOffset offset: Int) -> CGRect {
        let index = paragraphIndex(containing: offset)
        if measure(index) { heightsChanged(from: index) }
        let paragraph = paragraphs[index]
        let rect = layout(index).caretRect(atByte: byte(offset - starts[index], in: paragraph))
        let origin = textOrigin
        return CGRect(x: origin.x + CGFloat(rect.x) - 1, y: origin.y + tops[index] + paragraph.spacingBefore + CGFloat(rect.y),
                      width: 2, height: CGFloat(rect.height))
    }

    /// The caret position nearest `point` (the view's content coordinates).
    func offset(at point: CGPoint) -> Int {
        let origin = textOrigin
        let y = point.y - origin.y
        if y < 0 { return 0 }
        if y >= tops[paragraphs.count] { return core.length }
        let index = paragraphIndex(atY: y)
        if measure(index) { heightsChanged(from: index) }
        let paragraph = paragraphs[index]
        let byte = layout(index).byteIndex(atX: Double(point.x - origin.x), y: Double(y - tops[index] - paragraph.spacingBefore))
        return offset(ofByte: byte, inParagraph: index)
    }

    /// Heights from paragraph `index` on changed: tops, content size, and the tiles below redrawn.
    private func heightsChanged(from index: Int) {
        recomputeTops(from: index)
        updateContentSize()
        redrawTiles(from: tops[index], to: .greatestFiniteMagnitude)
    }

    // MARK: The caret

    private func updateCaret(restartBlink: Bool) {
        guard isEditing, isEditable, core.selection.isEmpty else {
            TextEditingCore.hideCaret(caret)
            return
        }
        caret.frame = caretRect(atOffset: core.selection.lowerBound)
        caret.backgroundColor = tintColor
        TextEditingCore.showCaret(caret, restart: restartBlink)
    }

    /// Whether the caret is shown now (a test hook: editing, with an empty selection).
    var isCaretVisible: Bool { !caret.isHidden }

    /// Scrolls so the selection's free end is in view.
    private func scrollCaretToVisible() {
        guard window != nil || bounds.height > 0 else { return }
        let rect = caretRect(atOffset: core.head).insetBy(dx: -2, dy: -4)
        scrollRectToVisible(rect, animated: false)
    }

    /// Scrolls so the characters of `range` are in view, as UIKit's.
    open func scrollRangeToVisible(_ range: NSRange) {
        let rect = caretRect(atOffset: range.location).union(caretRect(atOffset: range.location + range.length))
        scrollRectToVisible(rect.insetBy(dx: -2, dy: -4), animated: false)
    }

    // MARK: TextEditingHost

    func editingCore(shouldReplace range: Range<Int>, with string: String) -> Bool {
        guard isEditable else { return false }
        return textViewDelegate?.textView(self, shouldChangeTextIn: NSRange(location: range.lowerBound, length: range.count),
                                          replacementText: string) ?? true
    }

    /// The paragraphs the change touched are split anew from the text and laid out (no other is), and
    /// the tiles over them redrawn (all those below when the height changed).
    func editingCoreDidReplace(_ range: Range<Int>, with string: String) {
        guard !settingInCode else { return }
        runs.replace(range, length: string.utf16.count, with: typingSet)
        let first = paragraphIndex(containing: range.lowerBound)
        let last = paragraphIndex(containing: range.upperBound)
        let oldHeight = tops[last + 1] - tops[first]
        let endsDocument = last == paragraphs.count - 1
        let delta = string.utf16.count - range.count
        let newEnd = endsDocument ? core.length : starts[last] + paragraphs[last].length + delta
        let region = core.text[core.index(starts[first])..<core.index(newEnd)]
        let replacements = Self.split(region, endsDocument: endsDocument)
        // The first paragraph's layout is reused: typing re-shapes it, allocating nothing new.
        let reused = paragraphs[first].layout
        for paragraph in paragraphs[first...last].dropFirst() { releaseLayout(paragraph) }
        if reused != nil {
            paragraphs[first].layout = nil
            replacements[0].layout = reused
        }
        paragraphs.replaceSubrange(first...last, with: replacements)
        // The replacements' starts anew; those after them move by what the edit added or removed.
        var start = starts[first]
        starts.replaceSubrange(first...last, with: replacements.map { paragraph in
            defer { start += paragraph.length }
            return start
        })
        for index in (first + replacements.count)..<starts.count { starts[index] += delta }
        for index in first..<first + replacements.count { measure(index) }
        let newHeight = replacements.reduce(0) { $0 + $1.height }
        if newHeight != oldHeight || replacements.count != last - first + 1 {
            recomputeTops(from: first)
            updateContentSize()
            redrawTiles(from: tops[first], to: .greatestFiniteMagnitude)
        } else {
            for (offset, index) in (first..<first + replacements.count).enumerated() where offset > 0 {
                tops[index] = tops[index - 1] + paragraphs[index - 1].height
            }
            redrawParagraphs(first...(first + replacements.count - 1))
        }
        goalX = nil
    }

    func editingCoreDidEdit() {
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    private var shownSelection = 0..<0

    func editingCoreDidSelect(changed: Bool) {
        let selection = core.selection
        guard !settingInCode else {
            // Code replaced the text: `contentDidChange` redraws and places the caret.
            shownSelection = selection
            return
        }
        // The tiles under the old and the new highlight are redrawn (a caret draws none).
        if selection != shownSelection, !(selection.isEmpty && shownSelection.isEmpty) {
            for range in [shownSelection, selection] where !range.isEmpty {
                let first = paragraphIndex(containing: range.lowerBound), last = paragraphIndex(containing: min(range.upperBound, core.length))
                redrawParagraphs(first...last)
            }
        }
        shownSelection = selection
        if changed {
            // What is typed next takes the attributes before the caret, as UIKit's.
            if core.length > 0 { typingSet = runs.set(at: max(0, selection.lowerBound - 1)) }
        }
        updateCaret(restartBlink: true)
        if isFirstResponder { scrollCaretToVisible() }
        if changed { textViewDelegate?.textViewDidChangeSelection(self) }
    }

    var editingAllowsCopy: Bool { true }

    private var textViewDelegate: (any UITextViewDelegate)? { delegate as? any UITextViewDelegate }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// Asks the delegate (`textViewShouldBeginEditing`) when editable, becomes first responder, then
    /// `textViewDidBeginEditing`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard canBecomeFirstResponder else { return false }
        if isEditable, !(textViewDelegate?.textViewShouldBeginEditing(self) ?? true) { return false }
        guard super.becomeFirstResponder() else { return false }
        if isEditable {
            isEditing = true
            textViewDelegate?.textViewDidBeginEditing(self)
            NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        }
        updateCaret(restartBlink: true)
        return true
    }

    /// Asks the delegate (`textViewShouldEndEditing`, advisory: a view leaving its window resigns
    /// anyway), resigns, then `textViewDidEndEditing`.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        // The highlight goes with the first responder.
        defer { if !isFirstResponder, !core.selection.isEmpty { redrawTiles(from: 0, to: .greatestFiniteMagnitude) } }
        guard isEditing else { return super.resignFirstResponder() }
        if window != nil, !(textViewDelegate?.textViewShouldEndEditing(self) ?? true) { return false }
        guard super.resignFirstResponder() else { return false }
        isEditing = false
        if core.marked != nil { redrawTiles(from: 0, to: .greatestFiniteMagnitude) }
        core.marked = nil
        core.endTypingRun()
        updateCaret(restartBlink: false)
        textViewDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    // MARK: Keys

    /// Keys while first responder: moving and editing keys; typed text through `UIKeyInput`; others go
    /// up the chain (a view that is not editable leaves the arrows and pages to scrolling).
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if isFirstResponder, let key = presses.first?.key, handleKey(key) { return }
        super.pressesBegan(presses, with: event)
    }

    private func handleKey(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags.subtracting([.alphaShift, .numericPad])
        let shift = flags.contains(.shift), control = flags.contains(.control)
        guard !flags.contains(.command), !flags.contains(.alternate) else { return false }
        let head = core.head
        if isEditable {
            switch key.keyCode {
            case .keyboardLeftArrow, .keyboardRightArrow:
                let rightward = key.keyCode == .keyboardRightArrow
                let index = paragraphIndex(containing: head)
                let rightToLeft = layout(index).isRightToLeft
                if control {
                    core.move(to: core.wordStep(from: head, forward: rightward != rightToLeft), extending: shift)
                } else if !shift, !core.selection.isEmpty {
                    // A selection collapses to its edge on the arrow's side.
                    let forward = rightward != rightToLeft
                    core.move(to: forward ? core.selection.upperBound : core.selection.lowerBound, extending: false)
                } else {
                    core.move(to: visualStep(from: head, rightward: rightward), extending: shift)
                }
                goalX = nil
                return true
            case .keyboardUpArrow, .keyboardDownArrow:
                let target = control ? (key.keyCode == .keyboardUpArrow ? 0 : core.length)
                    : lineStep(from: head, down: key.keyCode == .keyboardDownArrow)
                let goal = goalX
                core.move(to: target, extending: shift)
                goalX = control ? nil : goal
                return true
            case .keyboardPageUp, .keyboardPageDown:
                let down = key.keyCode == .keyboardPageDown
                let page = max(Self.keyboardLineStep, bounds.height - Self.keyboardLineStep) * (down ? 1 : -1)
                let caretRect = self.caretRect(atOffset: head)
                let x = goalX.map { $0 + textOrigin.x } ?? caretRect.midX
                let target = offset(at: CGPoint(x: x, y: caretRect.midY + page))
                let goal = goalX ?? (caretRect.midX - textOrigin.x)
                var offset = contentOffset
                offset.y = min(max(-adjustedContentInset.top, offset.y + page), max(-adjustedContentInset.top, contentSize.height + adjustedContentInset.bottom - bounds.height))
                contentOffset = offset
                core.move(to: target, extending: shift)
                goalX = goal
                return true
            case .keyboardHome, .keyboardEnd:
                let home = key.keyCode == .keyboardHome
                let target = control ? (home ? 0 : core.length) : lineEdge(of: head, start: home)
                core.move(to: target, extending: shift)
                goalX = nil
                return true
            default:
                break
            }
        }
        guard isEditable || isSelectable else { return false }
        return core.handleCommonKey(key, editable: isEditable)
    }

    /// The caret position one step to the right or left on screen, in Pango's visual order; past a
    /// paragraph's visual edge, the neighbouring paragraph in the direction of reading.
    private func visualStep(from offset: Int, rightward: Bool) -> Int {
        let index = paragraphIndex(containing: offset)
        let layout = self.layout(index)
        let paragraph = paragraphs[index]
        if let byte = layout.byteIndex(movingVisuallyFrom: byte(offset - starts[index], in: paragraph), rightward: rightward) {
            return self.offset(ofByte: byte, inParagraph: index)
        }
        let forward = rightward != layout.isRightToLeft
        if forward { return index + 1 < paragraphs.count ? starts[index + 1] : core.length }
        return index > 0 ? starts[index - 1] + paragraphs[index - 1].text.utf16.count : 0
    }

    /// The caret position on the line above or below, at the x the caret had when ↑/↓ began.
    private func lineStep(from offset: Int, down: Bool) -> Int {
        let index = paragraphIndex(containing: offset)
        let layout = self.layout(index)
        let paragraph = paragraphs[index]
        let byte = self.byte(offset - starts[index], in: paragraph)
        let caret = layout.caretRect(atByte: byte)
        let x = goalX ?? CGFloat(caret.x)
        goalX = x
        let line = layout.lineIndex(ofByte: byte)
        func position(inParagraph target: Int, line: Int) -> Int {
            let targetLayout = self.layout(target)
            let start = targetLayout.lineBytes(line).lowerBound
            let rect = targetLayout.caretRect(atByte: start)
            return self.offset(ofByte: targetLayout.byteIndex(atX: Double(x), y: rect.y + rect.height / 2), inParagraph: target)
        }
        if down {
            if line + 1 < layout.lineCount { return position(inParagraph: index, line: line + 1) }
            guard index + 1 < paragraphs.count else { return core.length }
            if measure(index + 1) { heightsChanged(from: index + 1) }
            return position(inParagraph: index + 1, line: 0)
        }
        if line > 0 { return position(inParagraph: index, line: line - 1) }
        guard index > 0 else { return 0 }
        if measure(index - 1) { heightsChanged(from: index - 1) }
        return position(inParagraph: index - 1, line: self.layout(index - 1).lineCount - 1)
    }

    /// The start or end of the line the caret at `offset` is on.
    private func lineEdge(of offset: Int, start: Bool) -> Int {
        let index = paragraphIndex(containing: offset)
        let layout = self.layout(index)
        let bytes = layout.lineBytes(layout.lineIndex(ofByte: byte(offset - starts[index], in: paragraphs[index])))
        return self.offset(ofByte: start ? bytes.lowerBound : bytes.upperBound, inParagraph: index)
    }

    // MARK: Pointer

    /// A click places the caret (Shift extends the selection), a double click selects a word, a triple
    /// click the paragraph; a drag selects. In a view that is not editable, a click on a link opens it
    /// when the button comes up on it. The middle button pastes X11's PRIMARY selection.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, touch.type == .indirectPointer, isEditable || isSelectable else {
            super.touchesBegan(touches, with: event)
            return
        }
        let point = touch.location(in: self)
        let offset = offset(at: point)
        if event?.buttonMask == .button(3) {
            guard isEditable, becomeFirstResponder() else { return }
            core.move(to: offset, extending: false)
            core.paste(UIPasteboard.primarySelection.string)
            return
        }
        if !isEditable, let link = link(at: point) {
            pressedLink = link
            return
        }
        guard isFirstResponder || becomeFirstResponder() else { return }
        pointerSelecting = true
        switch touch.tapCount {
        case 2:
            let word = core.wordRange(at: offset)
            core.select(word, anchor: word.lowerBound)
        case 3...:
            let index = paragraphIndex(containing: offset)
            let range = starts[index]..<starts[index] + paragraphs[index].length
            core.select(range, anchor: range.lowerBound)
        default:
            core.move(to: offset, extending: event?.modifierFlags.contains(.shift) ?? false)
        }
        goalX = nil
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard pointerSelecting, let touch = touches.first else {
            super.touchesMoved(touches, with: event)
            return
        }
        guard touch.tapCount < 2 else { return }
        core.move(to: offset(at: touch.location(in: self)), extending: true)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let link = pressedLink, let touch = touches.first {
            pressedLink = nil
            if let here = self.link(at: touch.location(in: self)), here.range == link.range { open(link) }
            return
        }
        guard pointerSelecting else {
            super.touchesEnded(touches, with: event)
            return
        }
        pointerSelecting = false
        // The selection becomes X11's PRIMARY, for middle-click paste elsewhere.
        if !core.selection.isEmpty { UIPasteboard.primarySelection.string = core.selectedText }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        pointerSelecting = false
        pressedLink = nil
        super.touchesCancelled(touches, with: event)
    }

    /// The scroll view's pan leaves a pointer's selecting drag alone.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === panGestureRecognizer, pointerSelecting || pressedLink != nil { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// The link under `point` (content coordinates) and the characters it covers.
    private func link(at point: CGPoint) -> (url: URL, range: Range<Int>)? {
        let offset = self.offset(at: point)
        // The character the point is over: the caret position may be on either side of it.
        for candidate in [offset, offset - 1] where candidate >= 0 && candidate < core.length {
            let (range, set) = runs.run(at: candidate)
            guard let value = set.attributes[.link] else { continue }
            let box = caretRect(atOffset: candidate).union(caretRect(atOffset: core.step(from: candidate, forward: true)))
            guard box.insetBy(dx: -1, dy: 0).contains(point) || candidate == offset else { continue }
            if let url = value as? URL { return (url, range) }
            if let string = value as? String, let url = URL(string: string) { return (url, range) }
        }
        return nil
    }

    private func open(_ link: (url: URL, range: Range<Int>)) {
        let range = NSRange(location: link.range.lowerBound, length: link.range.count)
        guard textViewDelegate?.textView(self, shouldInteractWith: link.url, in: range, interaction: .invokeDefaultAction) ?? true else { return }
        Self.openURL(link.url)
    }

    /// Opens a URL the desktop's way (`xdg-open`), without waiting for it.
    static var openURL: @MainActor (URL) -> Void = { url in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url.absoluteString]
        try? process.run()
    }

    // MARK: UIKeyInput / UITextInput

    public var hasText: Bool { core.length > 0 }

    /// Types `text` over the selection (or the marked text), as the keyboard does; nothing when the view
    /// is not editable.
    public func insertText(_ text: String) {
        guard isEditable else { return }
        core.insertText(text)
    }

    public func deleteBackward() {
        guard isEditable else { return }
        core.deleteBackward()
    }

    public var selectedTextRange: UITextRange? {
        get { UITextFieldRange(core.selection) }
        set {
            guard let range = newValue as? UITextFieldRange else { return }
            core.select(range.range)
        }
    }

    public var markedTextRange: UITextRange? { core.marked.map(UITextFieldRange.init) }

    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        guard isEditable else { return }
        core.setMarkedText(markedText, selectedRange: selectedRange)
    }

    public func unmarkText() {
        guard let marked = core.marked, core.unmarkText() else { return }
        redrawParagraphs(paragraphIndex(containing: marked.lowerBound)...paragraphIndex(containing: marked.upperBound))
        editingCoreDidEdit()
    }

    public func text(in range: UITextRange) -> String? {
        guard let range = (range as? UITextFieldRange)?.range else { return nil }
        return core.text(in: range)
    }

    public func replace(_ range: UITextRange, withText text: String) {
        guard let range = (range as? UITextFieldRange)?.range, range.upperBound <= core.length else { return }
        core.edit(range, with: text)
    }

    public var beginningOfDocument: UITextPosition { UITextFieldPosition(0) }
    public var endOfDocument: UITextPosition { UITextFieldPosition(core.length) }

    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        guard let a = (fromPosition as? UITextFieldPosition)?.offset, let b = (toPosition as? UITextFieldPosition)?.offset else { return nil }
        return UITextFieldRange(min(a, b)..<max(a, b))
    }

    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        guard let start = (position as? UITextFieldPosition)?.offset else { return nil }
        let result = start + offset
        return (0...core.length).contains(result) ? UITextFieldPosition(result) : nil
    }

    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        let a = (position as? UITextFieldPosition)?.offset ?? 0, b = (other as? UITextFieldPosition)?.offset ?? 0
        return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }

    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        ((toPosition as? UITextFieldPosition)?.offset ?? 0) - ((from as? UITextFieldPosition)?.offset ?? 0)
    }

    /// The caret's rectangle for a position, in the view's coordinates, as UIKit's `UITextInput`.
    public func caretRect(for position: UITextPosition) -> CGRect {
        caretRect(atOffset: (position as? UITextFieldPosition)?.offset ?? 0)
    }

    /// The position nearest `point` (the view's coordinates), as UIKit's `UITextInput`.
    public func closestPosition(to point: CGPoint) -> UITextPosition? { UITextFieldPosition(offset(at: point)) }
}

/// One tile of a text view's text, drawn by the text view.
@MainActor
private final class TextTile: UIView {
    unowned let textView: UITextView

    init(textView: UITextView) {
        self.textView = textView
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    override var inkBeforeDrawing: CGRect? { bounds }

    override func draw(_ rect: CGRect) { textView.draw(self) }
}

/// A set of attributes shared by the runs that have them (compared by identity: typing into a run
/// extends it).
@MainActor
final class AttributeSet {
    let attributes: [NSAttributedString.Key: Any]
    init(_ attributes: [NSAttributedString.Key: Any]) { self.attributes = attributes }
}

/// The attributes of a text as runs of UTF-16 lengths.
@MainActor
struct AttributeRuns {
    struct Run {
        var length: Int
        var set: AttributeSet
    }
    private(set) var runs: [Run]

    init(_ runs: [Run]) { self.runs = runs }

    /// The run holding `offset` (the last run at the end) and its range.
    func run(at offset: Int) -> (range: Range<Int>, set: AttributeSet) {
        var start = 0
        for run in runs {
            if offset < start + run.length { return (start..<start + run.length, run.set) }
            start += run.length
        }
        let last = runs[runs.count - 1]
        return (start - last.length..<start, last.set)
    }

    func set(at offset: Int) -> AttributeSet { run(at: offset).set }

    /// The runs' parts within `range`.
    func runs(in range: Range<Int>) -> [(Range<Int>, AttributeSet)] {
        var result: [(Range<Int>, AttributeSet)] = []
        var start = 0
        for run in runs {
            let end = start + run.length
            if end > range.lowerBound, start < range.upperBound {
                result.append((max(start, range.lowerBound)..<min(end, range.upperBound), run.set))
            }
            if start >= range.upperBound { break }
            start = end
        }
        return result
    }

    /// `range` becomes `length` characters with `set`; neighbours with the same set merge.
    mutating func replace(_ range: Range<Int>, length: Int, with set: AttributeSet) {
        var result: [Run] = []
        result.reserveCapacity(runs.count + 2)
        func append(_ run: Run) {
            guard run.length > 0 else { return }
            if let last = result.last, last.set === run.set {
                result[result.count - 1].length += run.length
            } else {
                result.append(run)
            }
        }
        var start = 0, inserted = false
        for run in runs {
            let end = start + run.length
            if start < range.lowerBound { append(Run(length: min(end, range.lowerBound) - start, set: run.set)) }
            if !inserted, end >= range.lowerBound {
                append(Run(length: length, set: set))
                inserted = true
            }
            if end > range.upperBound { append(Run(length: end - max(start, range.upperBound), set: run.set)) }
            start = end
        }
        if !inserted { append(Run(length: length, set: set)) }
        if result.isEmpty { result = [Run(length: 0, set: set)] }
        runs = result
    }

    /// Replaces each run's attribute set.
    mutating func mapSets(_ transform: (AttributeSet) -> AttributeSet) {
        for index in runs.indices { runs[index].set = transform(runs[index].set) }
    }

    /// Sets `key` on every run.
    mutating func setOnAll(_ key: NSAttributedString.Key, _ value: Any) {
        for index in runs.indices {
            var attributes = runs[index].set.attributes
            attributes[key] = value
            runs[index].set = AttributeSet(attributes)
        }
    }
}
