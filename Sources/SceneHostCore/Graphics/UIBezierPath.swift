import Cairo
import Foundation

/// A path of lines, curves and arcs that fills, strokes or clips the current context (`draw(_:)`'s),
/// as UIKit's `UIBezierPath`. Coordinates are the context's: in a view, its bounds, y pointing down;
/// `clockwise` means clockwise on screen. Rectangles, rounded rectangles and ovals run clockwise from
/// their top left (an oval from its right), so a path built of shapes inside each other leaves holes
/// only with `usesEvenOddFillRule`.
@MainActor
public class UIBezierPath {
    private var elements: [PathElement] = []
    /// Where the current subpath started: `close()` returns there.
    private var subpathStart: CGPoint?

    /// The width of a stroked line, in points (1 by default).
    public var lineWidth: CGFloat = 1
    public var lineCapStyle = CGLineCap.butt
    public var lineJoinStyle = CGLineJoin.miter
    /// Whether `fill()` and `addClip()` leave out what the path encloses twice (false: nonzero winding).
    public var usesEvenOddFillRule = false
    /// Where the path ends, `.zero` when it is empty.
    public private(set) var currentPoint = CGPoint.zero
    public var isEmpty: Bool { elements.isEmpty }

    public init() {}

    public convenience init(rect: CGRect) {
        self.init(elements: UIBezierPathShapes.rect(rect))
    }

    /// The oval inscribed in `rect`, as four cubic curves (the usual approximation, as Core Graphics').
    public convenience init(ovalIn rect: CGRect) {
        self.init(elements: UIBezierPathShapes.oval(rect))
    }

    /// A path of closed `elements` (a shape): it ends where it started.
    private convenience init(elements: [PathElement]) {
        self.init()
        self.elements = elements
        if case .move(let start)? = elements.first { (subpathStart, currentPoint) = (start, start) }
    }

    /// A rectangle with quarter-circle corners of `cornerRadius`, at most half the shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        move(to: CGPoint(x: rect.minX + r, y: rect.minY))
        addArc(withCenter: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        addArc(withCenter: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        addArc(withCenter: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        addArc(withCenter: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true)
        close()
    }

    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        elements.append(.move(point))
        subpathStart = point
        currentPoint = point
    }

    /// A straight line from the current point (on an empty path, this starts the path at `point`).
    public func addLine(to point: CGPoint) {
        guard subpathStart != nil else { return move(to: point) }
        elements.append(.line(point))
        currentPoint = point
    }

    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        if subpathStart == nil { move(to: controlPoint1) }
        elements.append(.curve(to: end, control1: controlPoint1, control2: controlPoint2))
        currentPoint = end
    }

    /// A quadratic curve, drawn as the cubic curve that traces it exactly.
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        if subpathStart == nil { move(to: controlPoint) }
        let start = currentPoint
        func twoThirds(from a: CGPoint) -> CGPoint {
            CGPoint(x: a.x + 2 / 3 * (controlPoint.x - a.x), y: a.y + 2 / 3 * (controlPoint.y - a.y))
        }
        addCurve(to: end, controlPoint1: twoThirds(from: start), controlPoint2: twoThirds(from: end))
    }

    /// An arc of the circle around `center`, angles in radians from the +x axis; a straight line joins
    /// the current point to the arc's start.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if subpathStart == nil { subpathStart = start }
        elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise))
        currentPoint = CGPoint(x: center.x + radius * cos(endAngle), y: center.y + radius * sin(endAngle))
    }

    /// Closes the current subpath with a straight line back to its start.
    public func close() {
        guard let subpathStart else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// Adds `path`'s subpaths to this one's.
    public func append(_ path: UIBezierPath) {
        elements += path.elements
        subpathStart = path.subpathStart ?? subpathStart
        if !path.isEmpty { currentPoint = path.currentPoint }
    }

    public func removeAllPoints() {
        elements.removeAll()
        subpathStart = nil
        currentPoint = .zero
    }

    /// Fills the enclosed area with the current context's fill colour (`UIColor.setFill()`).
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        trace(in: context)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Fills with `blendMode` and `alpha` for this once (`.clear` erases the enclosed area).
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        UIGraphicsGetCurrentContext()?.drawing(with: blendMode, alpha: alpha, fill)
    }

    /// Draws the path's line with the current context's stroke colour and this path's width, cap and join.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        trace(in: context)
        context.strokePath()
        context.restoreGState()
    }

    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        UIGraphicsGetCurrentContext()?.drawing(with: blendMode, alpha: alpha, stroke)
    }

    /// Limits the current context's drawing to the enclosed area, until its `restoreGState()`.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        trace(in: context)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Makes this the context's current path.
    private func trace(in context: CGContext) { elements.trace(in: context.cairo) }

    /// The path as an immutable Core Graphics path (a layer's `path` or `shadowPath`).
    public var cgPath: CGPath { CGPath(elements: elements) }

    /// A path with `path`'s subpaths.
    public convenience init(cgPath path: CGPath) {
        self.init()
        elements = path.elements
        if case .move(let start)? = elements.first { subpathStart = start }
    }
}
