import Cairo
import Foundation

/// The drawing context `draw(_:)` receives through `UIGraphicsGetCurrentContext()`: the part of Core
/// Graphics' `CGContext` that views need, drawn by cairo. Coordinates are the view's, in points, origin
/// top-left (UIKit's flipped space). `cairo` exposes the underlying cairo context for anything else.
@MainActor
public final class CGContext {
    public let cairo: Context

    public init(cairo: Context) { self.cairo = cairo }

    public func saveGState() { cairo.save() }
    public func restoreGState() { cairo.restore() }
    public func translateBy(x: CGFloat, y: CGFloat) { cairo.translate(Double(x), Double(y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo.scale(Double(x), Double(y)) }

    private var fill = UIColor.black
    private var strokeColor = UIColor.black

    public func setFillColor(_ color: UIColor) { fill = color }
    public func setStrokeColor(_ color: UIColor) { strokeColor = color }
    public func setLineWidth(_ width: CGFloat) { cairo.lineWidth = Double(width) }

    public func fill(_ rect: CGRect) {
        cairo.newPath()
        addRect(rect)
        fillPath()
    }
    public func stroke(_ rect: CGRect) {
        cairo.newPath()
        addRect(rect)
        strokePath()
    }
    public func fillEllipse(in rect: CGRect) { cairo.newPath(); addEllipse(in: rect); fillPath() }

    public func move(to point: CGPoint) { cairo.move(to: Double(point.x), Double(point.y)) }
    public func addLine(to point: CGPoint) { cairo.line(to: Double(point.x), Double(point.y)) }
    public func addRect(_ rect: CGRect) {
        cairo.rectangle(Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
    }
    public func addEllipse(in rect: CGRect) {
        cairo.save()
        cairo.translate(Double(rect.midX), Double(rect.midY))
        cairo.scale(Double(max(rect.width, 0.0001) / 2), Double(max(rect.height, 0.0001) / 2))
        cairo.arc(centerX: 0, centerY: 0, radius: 1, from: 0, to: 2 * .pi)
        cairo.restore()
    }
    /// A rounded rectangle path (UIBezierPath(roundedRect:cornerRadius:) in UIKit).
    public func addRoundedRect(_ rect: CGRect, cornerRadius: CGFloat) {
        cairo.roundedRectangle(Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height),
                               radius: Double(cornerRadius))
    }
    public func closePath() { cairo.closePath() }

    public func fillPath() { setSource(fill); cairo.fill() }
    public func strokePath() { setSource(strokeColor); cairo.stroke() }
    public func clip(to rect: CGRect) { cairo.newPath(); addRect(rect); cairo.clip() }

    /// Dynamic colours resolve against `UITraitCollection.current`: the drawing view's traits.
    private func setSource(_ color: UIColor) {
        let c = color.components
        cairo.setSource(red: Double(c.red), green: Double(c.green), blue: Double(c.blue), alpha: Double(c.alpha))
    }
}

@MainActor private var contextStack: [CGContext] = []

/// The context `draw(_:)` is drawing into, or nil outside drawing.
@MainActor public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }
@MainActor public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }
@MainActor public func UIGraphicsPopContext() { _ = contextStack.popLast() }

/// Fills `rect` with the current fill colour, as UIKit's `UIRectFill`.
@MainActor public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

extension UIColor {
    /// Makes this the fill colour of the current context.
    @MainActor public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(self) }
    /// Makes this the stroke colour of the current context.
    @MainActor public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(self) }
    /// Sets both fill and stroke colour.
    @MainActor public func set() { setFill(); setStroke() }
}
