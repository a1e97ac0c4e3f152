import Cairo
import Foundation

/// One line (or a few) of text that a control draws itself: a button's title, a segment's, a menu
/// row's. Measured and drawn by the same Pango layout, as `UILabel` does, so sizes and pixels agree;
/// kept by the control so its text is shaped once, not at every draw.
@MainActor
final class ControlText {
    private let layout = TextLayout()

    /// Sets the text, font, lines and the width to fit in (nil: unconstrained); truncates with an
    /// ellipsis at the end when it does not fit. `alignment` places the lines within `width`.
    func configure(_ text: String, font: UIFont, width: CGFloat? = nil, lines: Int = 1,
                   alignment: TextLayout.Alignment = .left) {
        layout.text = text
        layout.setFont(family: font.familyName, pixelSize: Double(font.pointSize), weight: font.weight.pangoWeight)
        layout.setWrap(.word)
        layout.setWidth(width.map { Double(max(0, $0)) })
        layout.setMaximumLines(lines, ellipsis: .end)
        layout.setAlignment(alignment)
    }

    /// The laid-out size, rounded up to whole points.
    var size: CGSize {
        let size = layout.size
        return CGSize(width: ceil(size.width), height: ceil(size.height))
    }

    /// The first line's baseline from the top.
    var baseline: CGFloat { CGFloat(layout.baseline) }

    /// Draws the text with its top-left at `origin` in `color` (resolved against the current traits).
    func draw(in context: CGContext, at origin: CGPoint, color: UIColor) {
        let cairo = context.cairo
        let resolved = color.resolvedColor(with: .current)
        cairo.save()
        cairo.translate(Double(origin.x), Double(origin.y))
        cairo.setSource(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue),
                        alpha: Double(resolved.alpha))
        layout.draw(in: cairo)
        cairo.restore()
    }
}
