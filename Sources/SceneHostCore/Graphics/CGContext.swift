import Cairo
import Foundation

/// The drawing context `draw(_:)` receives through `UIGraphicsGetCurrentContext()`: the part of Core
/// Graphics' `CGContext` that views need, drawn by cairo. Coordinates are the view's, in points, origin
/// top-left (UIKit's flipped space). `cairo` exposes the underlying cairo context for anything else.
///
/// The graphics state (`saveGState`/`restoreGState`) holds the fill and stroke colours, the line's width,
/// cap and join, the blend mode, the alpha, the interpolation quality, the transform and the clip.
@MainActor
public final class CGContext {
    public let cairo: Context

    public init(cairo: Context) { self.cairo = cairo }

    /// How this context's device space becomes pixels when it is a recording replayed later (a view's
    /// drawing): pixel = device × scale + phase, up to whole pixels. Nil when device space is pixels
    /// (an image) or the replay is not known. Symbols drawn from the raster cache need it to land on
    /// the pixel grid they were rasterized for.
    var recordingPixelMapping: (scale: Double, phaseX: Double, phaseY: Double)?

    /// The map from user space to the pixels the drawing ends in, when it is known: an image's device
    /// space with its device scale and offset, or a recording's through `recordingPixelMapping`.
    var userToPixels: (xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double)? {
        let m = cairo.matrix
        let device: (scaleX: Double, scaleY: Double, offsetX: Double, offsetY: Double)
        if let image = cairo.surface as? ImageSurface {
            device = image.deviceTransform
        } else if cairo.surface is RecordingSurface, let mapping = recordingPixelMapping {
            device = (mapping.scale, mapping.scale, mapping.phaseX, mapping.phaseY)
        } else {
            return nil
        }
        return (m.xx * device.scaleX, m.yx * device.scaleY, m.xy * device.scaleX, m.yy * device.scaleY,
                m.x0 * device.scaleX + device.offsetX, m.y0 * device.scaleY + device.offsetY)
    }

    /// What cairo does not keep in its own state (cairo keeps the transform, clip, line and operator).
    private struct State {
        var fill = UIColor.black
        var stroke = UIColor.black
        var alpha: CGFloat = 1
        var blendMode = CGBlendMode.normal
        var interpolationQuality = CGInterpolationQuality.default
    }
    private var state = State()
    private var savedStates: [State] = []

    public func saveGState() {
        cairo.save()
        savedStates.append(state)
    }
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        cairo.restore()
        state = saved
    }

    public func translateBy(x: CGFloat, y: CGFloat) { cairo.translate(Double(x), Double(y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo.scale(Double(x), Double(y)) }
    /// Turns user space by `angle` radians; positive turns clockwise on screen (y points down).
    public func rotate(by angle: CGFloat) { cairo.rotate(Double(angle)) }

    public func setFillColor(_ color: UIColor) { state.fill = color }
    public func setStrokeColor(_ color: UIColor) { state.stroke = color }
    public func setLineWidth(_ width: CGFloat) { cairo.lineWidth = Double(width) }
    public func setLineCap(_ cap: CGLineCap) { cairo.lineCap = cap.cairoCap }
    public func setLineJoin(_ join: CGLineJoin) { cairo.lineJoin = join.cairoJoin }
    /// The opacity everything drawn from now on is multiplied by, 0 to 1.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(alpha, 0), 1) }
    /// How what is drawn combines with what is there: `.normal` draws over, `.copy` replaces,
    /// `.clear` erases where the shape covers.
    public func setBlendMode(_ mode: CGBlendMode) {
        state.blendMode = mode
        cairo.setOperator(mode.cairoOperator)
    }
    /// Runs `body` with `blendMode` and `alpha`, then restores the graphics state (UIKit's
    /// `fill(with:alpha:)` and its kin).
    func drawing(with blendMode: CGBlendMode, alpha: CGFloat, _ body: () -> Void) {
        saveGState()
        setBlendMode(blendMode)
        setAlpha(alpha)
        body()
        restoreGState()
    }

    /// The alpha set by `setAlpha`, for drawing that goes straight to cairo (images).
    var currentAlpha: CGFloat { state.alpha }

    /// How images are sampled when drawn larger or smaller than their pixels (`draw(in:)` of `UIImage`).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

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
    public func strokeEllipse(in rect: CGRect) { cairo.newPath(); addEllipse(in: rect); strokePath() }

    /// Starts a new path, forgetting the current one.
    public func beginPath() { cairo.newPath() }
    public func move(to point: CGPoint) { cairo.move(to: Double(point.x), Double(point.y)) }
    public func addLine(to point: CGPoint) { cairo.line(to: Double(point.x), Double(point.y)) }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        cairo.curve(to: Double(end.x), Double(end.y), control1: Double(control1.x), Double(control1.y),
                    control2: Double(control2.x), Double(control2.y))
    }
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

    /// Fills the current path with the fill colour and forgets it; `.evenOdd` leaves out what the path
    /// encloses twice.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        setSource(state.fill)
        cairo.setFillRule(rule == .evenOdd ? .evenOdd : .winding)
        cairo.fill()
    }
    public func strokePath() { setSource(state.stroke); cairo.stroke() }
    /// Draws only inside the current path from now on (until `restoreGState`), and forgets the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        cairo.setFillRule(rule == .evenOdd ? .evenOdd : .winding)
        cairo.clip()
    }
    public func clip(to rect: CGRect) { cairo.newPath(); addRect(rect); cairo.clip() }

    /// Draws `surface`'s pixels stretched over `rect`, sampled as `interpolationQuality` says.
    func draw(_ surface: ImageSurface, in rect: CGRect) {
        // A zero scale would put cairo's context in an error state for good: nothing to draw anyway.
        guard rect.width > 0, rect.height > 0, surface.width > 0, surface.height > 0 else { return }
        cairo.save()
        clip(to: rect)
        cairo.translate(Double(rect.minX), Double(rect.minY))
        cairo.scale(Double(rect.width) / Double(surface.width), Double(rect.height) / Double(surface.height))
        cairo.setSource(surface)
        cairo.setSourceFilter(state.interpolationQuality.cairoFilter)
        // Edges stay as opaque as the image: smooth sampling at the border would blend with nothing.
        cairo.setSourceExtend(.pad)
        cairo.paint(alpha: Double(state.alpha))
        cairo.restore()
    }

    /// Dynamic colours resolve against `UITraitCollection.current`: the drawing view's traits.
    private func setSource(_ color: UIColor) {
        let c = color.components
        cairo.setSource(red: Double(c.red), green: Double(c.green), blue: Double(c.blue), alpha: Double(c.alpha * state.alpha))
    }
}

/// How drawing combines with what is already there (Core Graphics' raw values).
public enum CGBlendMode: Int32, Sendable {
    case normal = 0
    case clear = 16
    case copy = 17

    var cairoOperator: Context.Operator {
        switch self { case .normal: .over; case .copy: .source; case .clear: .clear }
    }
}

/// How an image is sampled when scaled (Core Graphics' raw values): `.none` takes the nearest pixel,
/// `.low` blends the four nearest, `.default` and `.medium` filter well, `.high` best (and slowest).
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none = 1, low = 2, high = 3, medium = 4

    var cairoFilter: Context.Filter {
        switch self { case .none: .fast; case .low: .bilinear; case .default, .medium: .good; case .high: .best }
    }
}

/// Which parts of a path that crosses itself are inside.
public enum CGPathFillRule: Int, Sendable { case winding = 0, evenOdd = 1 }

/// How the ends of a stroked line are drawn.
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round = 1, square = 2

    var cairoCap: Context.LineCap {
        switch self { case .butt: .butt; case .round: .round; case .square: .square }
    }
}

/// How the corners of a stroked path are drawn.
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round = 1, bevel = 2

    var cairoJoin: Context.LineJoin {
        switch self { case .miter: .miter; case .round: .round; case .bevel: .bevel }
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
