import Foundation

/// The text field of a search bar, as UIKit's `UISearchTextField` (iOS 13): a grey rounded field with
/// a magnifying glass at its leading end and a clear button while editing. Its font is the body text
/// style with `adjustsFontForContentSizeCategory` on, so the text and the placeholder grow with the
/// reader's text size (Dynamic Type) as in UIKit's, and so does the field (and its search bar's row).
///
/// Differs from UIKit: no tokens (`tokens`, `insertToken`), and the magnifier is drawn, not a left view
/// (`UITextField` has no left views here).
@MainActor
open class UISearchTextField: UITextField {
    /// The magnifier's square and the room it takes at the leading end, at the default text size.
    static let glassSide: CGFloat = 14, glassRoom: CGFloat = 28

    /// How much larger than at the default size the text is drawn: the magnifier grows with it, as
    /// UIKit's symbol does.
    private var glassScale: CGFloat {
        guard let font, font.textStyle != nil else { return 1 }
        return max(1, (adjustsFontForContentSizeCategory ? font.adjusted(for: traitCollection) : font).pointSize / font.sizeAtLarge)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        borderStyle = .none
        clearButtonMode = .whileEditing
        // As UIKit's search field: body text that follows the reader's text size.
        font = .preferredFont(forTextStyle: .body)
        adjustsFontForContentSizeCategory = true
    }

    /// The text's rectangle: after the magnifier (before it in right-to-left), and before the clear button.
    open override func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = super.textRect(forBounds: bounds)
        let trailing = rect.maxX, room = (Self.glassRoom * glassScale).rounded()
        if isRightToLeftLayout {
            rect = CGRect(x: rect.minX + 6, y: rect.minY, width: max(0, rect.width - room - 6), height: rect.height)
        } else {
            rect = CGRect(x: rect.minX + room, y: rect.minY, width: max(0, trailing - rect.minX - room - 6), height: rect.height)
        }
        return rect
    }

    /// The grey rounded background and the magnifier, then the text as a field draws it.
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let traits = traitCollection
        context.setFillColor(UIColor.tertiarySystemFill.resolvedColor(with: traits))
        context.addRoundedRect(bounds, cornerRadius: 10)
        context.fillPath()
        let scale = glassScale, side = (Self.glassSide * scale).rounded()
        let x = isRightToLeftLayout ? bounds.maxX - 8 * scale - side : 8 * scale
        let glass = CGRect(x: x, y: bounds.midY - side / 2, width: side, height: side)
        drawMagnifier(in: glass, color: UIColor.secondaryLabel.resolvedColor(with: traits), context: context)
        super.draw(rect)
    }

    /// A ring and its handle, down to the right, in `square`.
    private func drawMagnifier(in square: CGRect, color: UIColor, context: CGContext) {
        let ring = CGRect(x: square.minX + 1, y: square.minY + 1, width: square.width * 0.64, height: square.height * 0.64)
        context.setStrokeColor(color)
        context.setLineWidth(1.8 * square.width / Self.glassSide)
        context.strokeEllipse(in: ring)
        context.setLineCap(.round)
        context.beginPath()
        // The handle starts on the ring at 45° and runs to the square's corner.
        let r = ring.width / 2
        context.move(to: CGPoint(x: ring.midX + r * 0.7071, y: ring.midY + r * 0.7071))
        context.addLine(to: CGPoint(x: square.maxX - 1, y: square.maxY - 1))
        context.strokePath()
    }

    /// One line of the font, at least 36 points, as UIKit's search field.
    open override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + (Self.glassRoom * glassScale).rounded() + 6, height: max(36, size.height + 14))
    }
}
