import Cairo
import Foundation

/// Text alignment, with UIKit's raw values. `.natural` follows the view's layout direction.
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// How a label wraps or truncates, with UIKit's raw values. As in UIKit, a word wider than the line
/// breaks between characters with no hyphen (Pango would add one; it is turned off).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping = 1, byClipping = 2, byTruncatingHead = 3, byTruncatingTail = 4,
         byTruncatingMiddle = 5
}

/// Read-only text drawn by Pango: wrapping, bidirectional text, `numberOfLines` with truncation.
/// Text is vertically centred in the bounds, as in UIKit. As in UIKit, a label takes no touches
/// (`isUserInteractionEnabled` is false by default): a caption over a button lets its clicks through.
@MainActor
open class UILabel: UIView {
    // Properties read at every layout and frame skip exclusivity checks (see UIView: 2.5% of a drag with the window's and scene's).
    @exclusivity(unchecked) open var text: String? { didSet { if text != oldValue { contentDidChange() } } }
    /// Setting nil restores the default (the 17 pt system font), as in UIKit.
    @exclusivity(unchecked) open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet {
            if font == nil { font = .systemFont(ofSize: 17) }
            // The same font again (a container setting it at each layout) changes nothing to draw.
            if font != oldValue { contentDidChange() }
        }
    }
    /// Setting nil restores the default (`.label`), as in UIKit.
    @exclusivity(unchecked) open var textColor: UIColor! = .label {
        didSet {
            if textColor == nil { textColor = .label }
            if textColor != oldValue { setNeedsDisplay() }
        }
    }
    @exclusivity(unchecked) open var textAlignment: NSTextAlignment = .natural { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }
    /// Maximum number of lines; 0 means as many as needed. Default 1.
    @exclusivity(unchecked) open var numberOfLines = 1 { didSet { contentDidChange() } }
    @exclusivity(unchecked) open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { contentDidChange() } }
    /// Whether a font made with `preferredFont(forTextStyle:)` or `UIFontMetrics` follows the content
    /// size category (UIKit's `UIContentSizeCategoryAdjusting`); false by default. The category is read
    /// while measuring and drawing, so automatic trait tracking relays out and redraws; at each change
    /// `font` is replaced by the same style at the new size, as UIKit's getter shows.
    @exclusivity(unchecked) open var adjustsFontForContentSizeCategory = false {
        didSet {
            contentDidChange()
            // The font's size, and so the intrinsic size, follows the category from now on.
            if adjustsFontForContentSizeCategory, sizeCategoryRegistration == nil {
                sizeCategoryRegistration = registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (label: UILabel, _) in
                    label.intrinsicSizeWidths = nil
                    label.invalidateIntrinsicContentSize()
                    if label.adjustsFontForContentSizeCategory { label.font = label.font.adjusted(for: label.traitCollection) }
                }
            }
        }
    }
    private var sizeCategoryRegistration: (any UITraitChangeRegistration)?
    /// Width at which `intrinsicContentSize` wraps a multi-line label; 0 = no preference.
    @exclusivity(unchecked) open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { contentDidChange() } }

    private let layout = TextLayout()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        // As in UIKit: text is laid out again at a new size, never stretched.
        contentMode = .redraw
        // As in UIKit: hit tests pass through labels unless they are made interactive.
        isUserInteractionEnabled = false
    }

    private func contentDidChange() {
        setNeedsDisplay()
        intrinsicSizeWidths = nil
        invalidateIntrinsicContentSize()
    }

    /// The widths over which the intrinsic size last measured stays (the lines break at the same places),
    /// for a label that wraps to its width; nil when unknown.
    private var intrinsicSizeWidths: TextLayout.WidthRange?

    /// The widths at which the last drawing would come out the same (the lines break at the same
    /// places and sit at the left edge); nil when it depends on the exact width.
    private var widthsDrawingTheSame: TextLayout.WidthRange?

    /// Whether the label wraps to the width layout gives it (multi-line, no preferred width), so its
    /// intrinsic height depends on its width, as UIKit's automatic preferred width.
    private var wrapsToLayoutWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth == 0 }

    /// Text at the left edge whose lines break at the same places, at an unchanged height: the same
    /// pixels either way, so a resize (a row growing with its window) needs no new drawing.
    override func drawingDependsOnSize(changedFrom oldSize: CGSize) -> Bool {
        guard contentMode == .redraw else { return false }
        guard oldSize.height == bounds.height, let widthsDrawingTheSame else { return true }
        return !widthsDrawingTheSame.contains(Double(bounds.width))
    }

    override func sizeDidChange(from oldSize: CGSize) {
        guard wrapsToLayoutWidth, oldSize.width != bounds.width else { return }
        // Lines that break at the same places make the same size: a paragraph widening with its window
        // is measured again only when a word moves.
        if let intrinsicSizeWidths, intrinsicSizeWidths.contains(Double(bounds.width)) { return }
        invalidateIntrinsicContentSize()
    }

    override func baseline(first: Bool) -> (fraction: CGFloat, offset: CGFloat) {
        guard let text, !text.isEmpty else { return (1, 0) }
        // Text is centred vertically: the baseline sits at half the height, shifted by where it falls in
        // the text block.
        let layout = configuredLayout(width: bounds.width > 0 ? bounds.width : nil)
        let height = CGFloat(layout.size.height), lines = CGFloat(max(1, layout.lineCount))
        let fromTop = first ? CGFloat(layout.baseline) : height - (height / lines - CGFloat(layout.baseline))
        return (0.5, fromTop - height / 2)
    }

    /// Configures the shared layout for the current text and `width` (nil: unconstrained).
    private func configuredLayout(width: CGFloat?) -> TextLayout {
        layout.text = text ?? ""
        let font = adjustsFontForContentSizeCategory ? self.font.adjusted(for: traitCollection) : self.font!
        layout.setFont(family: font.familyName, pixelSize: Double(font.pointSize), weight: font.weight.pangoWeight)
        let wraps = numberOfLines != 1
        switch lineBreakMode {
        case .byCharWrapping: layout.setWrap(.character)
        default: layout.setWrap(.word)
        }
        layout.setWidth(width.map { Double($0) })
        let ellipsis: TextLayout.Ellipsis = switch lineBreakMode {
        case .byTruncatingHead: .start
        case .byTruncatingMiddle: .middle
        case .byTruncatingTail: .end
        case .byClipping, .byWordWrapping, .byCharWrapping: wraps ? .none : .end
        }
        if numberOfLines == 1 {
            // One line: never wrap; cut at the width with the chosen ellipsis (clipping draws it whole).
            layout.setMaximumLines(1, ellipsis: lineBreakMode == .byClipping ? .none : ellipsis)
            if lineBreakMode == .byClipping { layout.setWidth(nil) }
        } else {
            layout.setMaximumLines(numberOfLines, ellipsis: ellipsis)
        }
        switch textAlignment {
        case .left: layout.setAlignment(.left)
        case .center: layout.setAlignment(.center)
        case .right: layout.setAlignment(.right)
        case .justified: layout.setAlignment(.justified)
        case .natural: layout.setAlignment(isRightToLeftLayout ? .right : .left)
        }
        return layout
    }

    /// The size of the text laid out within `size.width` (unconstrained for a one-line label).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let width: CGFloat? = numberOfLines == 1 || size.width <= 0 ? nil : size.width
        let measured = configuredLayout(width: width).size
        return CGSize(width: ceil(measured.width), height: ceil(measured.height))
    }

    /// The text's size: one line, or wrapped at `preferredMaxLayoutWidth`, or (multi-line with no
    /// preferred width) at the width layout last gave the label.
    open override var intrinsicContentSize: CGSize {
        let width = wrapsToLayoutWidth ? bounds.width : preferredMaxLayoutWidth
        let size = sizeThatFits(CGSize(width: width, height: 0))
        // `sizeThatFits` left the layout at that width (a wrapping label with text and a width).
        intrinsicSizeWidths = wrapsToLayoutWidth && width > 0 && !(text ?? "").isEmpty ? layout.widthsDrawingTheSame : nil
        return size
    }

    /// A plain label knows where its text inks before drawing it (subclasses may draw anything).
    override var inkBeforeDrawing: CGRect? {
        guard type(of: self) == UILabel.self, let text, !text.isEmpty else { return nil }
        let layout = configuredLayout(width: bounds.width)
        let ink = layout.inkExtents
        return CGRect(x: ink.x, y: ink.y + Double(textTop(height: CGFloat(layout.size.height))), width: ink.width, height: ink.height)
    }

    /// The colour its text was last kept in as coverage.
    private var coverageTint: MaskTint?

    /// A plain label inks its text in its text colour only, unless a character may be drawn from a
    /// colour font (an emoji): it is then kept as coverage, a quarter of the bytes of colour pixels.
    override var drawsInOneColor: Bool {
        guard type(of: self) == UILabel.self, let text else { return false }
        return !text.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
    }

    /// Where the text block starts: centred vertically, as in UIKit.
    private func textTop(height: CGFloat) -> CGFloat { max(0, (bounds.height - height) / 2) }

    /// The tints of the colours labels drew in most recently, shared: a window's labels come in a few
    /// colours, and each label keeping its own (a pixman image) cost some 12 KB a Mail window.
    private static var sharedTints: [MaskTint] = []

    static func sharedTint(red: Double, green: Double, blue: Double, alpha: Double) -> MaskTint {
        if let tint = sharedTints.first(where: { $0.red == red && $0.green == green && $0.blue == blue && $0.alpha == alpha }) { return tint }
        let made = MaskTint(red: red, green: green, blue: blue, alpha: alpha)
        sharedTints.append(made)
        if sharedTints.count > 16 { sharedTints.removeFirst() }
        return made
    }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let text, !text.isEmpty else {
            widthsDrawingTheSame = TextLayout.WidthRange(lower: 0, upper: .infinity)
            return
        }
        let layout = configuredLayout(width: bounds.width)
        let height = CGFloat(layout.size.height)
        let textColor = self.textColor.resolvedColor(with: traitCollection)
        let cairo = context.cairo
        cairo.save()
        cairo.translate(0, Double(textTop(height: height)))
        if ViewRenderer.drawingCoverage {
            // Kept as coverage: opaque ink, the colour applied when it is composited. The same colour
            // keeps its tint: a label redrawn at each step of a resize allocates no new one.
            let (red, green, blue, alpha) = (Double(textColor.red), Double(textColor.green), Double(textColor.blue), Double(textColor.alpha))
            if let coverageTint, coverageTint.red == red, coverageTint.green == green, coverageTint.blue == blue, coverageTint.alpha == alpha {
                ViewRenderer.drawnCoverageTint = coverageTint
            } else {
                let made = UILabel.sharedTint(red: red, green: green, blue: blue, alpha: alpha)
                coverageTint = made
                ViewRenderer.drawnCoverageTint = made
            }
            cairo.setSource(red: 0, green: 0, blue: 0, alpha: 1)
        } else {
            cairo.setSource(red: Double(textColor.red), green: Double(textColor.green), blue: Double(textColor.blue),
                            alpha: Double(textColor.alpha))
        }
        layout.draw(in: cairo)
        cairo.restore()
        widthsDrawingTheSame = layout.widthsDrawingTheSame
    }
}
