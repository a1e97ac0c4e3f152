import Cairo
import Foundation

/// One step of a path: shared by `UIBezierPath`, `CGPath` and the layers that draw paths.
enum PathElement: Equatable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    /// Angles in radians from +x; clockwise on screen (y down) is the direction of growing angles.
    case arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, clockwise: Bool)
    case close
}

extension [PathElement] {
    /// Makes these elements cairo's current path.
    func trace(in cairo: Context) {
        cairo.newPath()
        for element in self {
            switch element {
            case .move(let p): cairo.move(to: Double(p.x), Double(p.y))
            case .line(let p): cairo.line(to: Double(p.x), Double(p.y))
            case .curve(let to, let c1, let c2):
                cairo.curve(to: Double(to.x), Double(to.y), control1: Double(c1.x), Double(c1.y), control2: Double(c2.x), Double(c2.y))
            case .arc(let center, let radius, let start, let end, let clockwise):
                cairo.arc(centerX: Double(center.x), centerY: Double(center.y), radius: Double(radius),
                          from: Double(start), to: Double(end), negative: !clockwise)
            case .close: cairo.closePath()
            }
        }
    }
}

/// An immutable path, as Core Graphics' `CGPath`: what a shape layer draws and a shadow path casts.
/// Made from a `UIBezierPath` (`cgPath`), from a shape, or by a `CGMutablePath`.
public class CGPath: @unchecked Sendable, Equatable {
    // Written only while a `CGMutablePath` is built; a `CGPath` never changes.
    fileprivate(set) var elements: [PathElement]

    init(elements: [PathElement]) { self.elements = elements }

    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(elements: UIBezierPathShapes.rect(rect))
        if let transform { elements = elements.map { $0.applying(transform.pointee) } }
    }

    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(elements: UIBezierPathShapes.oval(rect))
        if let transform { elements = elements.map { $0.applying(transform.pointee) } }
    }

    /// A rectangle with elliptical corners (`cornerWidth` and `cornerHeight` at most half a side).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(elements: UIBezierPathShapes.roundedRect(rect, radiusX: cornerWidth, radiusY: cornerHeight))
        if let transform { elements = elements.map { $0.applying(transform.pointee) } }
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The smallest rectangle holding every point and control point of the path (`.null` when empty).
    public var boundingBox: CGRect {
        var box = CGRect.null
        func add(_ p: CGPoint) { box = box.union(CGRect(origin: p, size: .zero)) }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .curve(let to, let c1, let c2): add(to); add(c1); add(c2)
            case .arc(let center, let radius, _, _, _):
                box = box.union(CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
            case .close: break
            }
        }
        return box
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath { CGMutablePath(elements: elements) }

    /// Paths are equal when they have the same elements.
    public static func == (a: CGPath, b: CGPath) -> Bool { a === b || a.elements == b.elements }
}

/// A path built step by step, as Core Graphics' `CGMutablePath`.
public final class CGMutablePath: CGPath {
    public init() { super.init(elements: []) }
    override init(elements: [PathElement]) { super.init(elements: elements) }

    public func move(to point: CGPoint) { elements.append(.move(point)) }
    public func addLine(to point: CGPoint) { elements.append(elements.isEmpty ? .move(point) : .line(point)) }
    public func addLines(between points: [CGPoint]) {
        for (index, point) in points.enumerated() { elements.append(index == 0 ? .move(point) : .line(point)) }
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        elements.append(.curve(to: end, control1: control1, control2: control2))
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        let start: CGPoint = currentPoint
        func twoThirds(from a: CGPoint) -> CGPoint { CGPoint(x: a.x + 2 / 3 * (control.x - a.x), y: a.y + 2 / 3 * (control.y - a.y)) }
        addCurve(to: end, control1: twoThirds(from: start), control2: twoThirds(from: end))
    }
    /// An arc; `clockwise` as Core Graphics in a y-down context: on screen it turns the other way, as
    /// UIKit documents for `CGContext` (UIBezierPath's `clockwise` is on-screen).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: !clockwise))
    }
    public func addRect(_ rect: CGRect) { elements += UIBezierPathShapes.rect(rect) }
    public func addEllipse(in rect: CGRect) { elements += UIBezierPathShapes.oval(rect) }
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        elements += UIBezierPathShapes.roundedRect(rect, radiusX: cornerWidth, radiusY: cornerHeight)
    }
    public func addPath(_ path: CGPath) { elements += path.elements }
    public func closeSubpath() { elements.append(.close) }

    /// Where the path ends.
    public var currentPoint: CGPoint {
        switch elements.last {
        case .move(let p)?, .line(let p)?: return p
        case .curve(let to, _, _)?: return to
        case .arc(let center, let radius, _, let end, _)?: return CGPoint(x: center.x + radius * cos(end), y: center.y + radius * sin(end))
        case .close?:
            for element in elements.reversed() { if case .move(let p) = element { return p } }
            return .zero
        case nil: return .zero
        }
    }
}

extension PathElement {
    /// The element transformed. An arc stays an arc: exact under translations, rotations and uniform
    /// scales (the transforms the shape initializers are given in practice), not under others.
    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): return .move(p.applying(t))
        case .line(let p): return .line(p.applying(t))
        case .curve(let to, let c1, let c2): return .curve(to: to.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .arc(let center, let radius, let start, let end, let clockwise):
            let scale = (t.a * t.a + t.b * t.b).squareRoot()
            let rotation = atan2(t.b, t.a)
            return .arc(center: center.applying(t), radius: radius * scale, start: start + rotation, end: end + rotation, clockwise: clockwise)
        case .close: return .close
        }
    }
}

/// The shapes both path types build, clockwise on screen from their top left (an oval from its right).
enum UIBezierPathShapes {
    static func rect(_ rect: CGRect) -> [PathElement] {
        [.move(CGPoint(x: rect.minX, y: rect.minY)), .line(CGPoint(x: rect.maxX, y: rect.minY)),
         .line(CGPoint(x: rect.maxX, y: rect.maxY)), .line(CGPoint(x: rect.minX, y: rect.maxY)), .close]
    }

    /// From the right, clockwise on screen: four quarter ellipses (control points 0.5523 of the radius out).
    static func oval(_ rect: CGRect) -> [PathElement] {
        let k: CGFloat = 0.5522847498
        let (rx, ry, cx, cy) = (rect.width / 2, rect.height / 2, rect.midX, rect.midY)
        return [
            .move(CGPoint(x: cx + rx, y: cy)),
            .curve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry)),
            .curve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry)),
            .curve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry)),
            .curve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry)),
            .close,
        ]
    }

    /// Quarter ellipses as cubic curves (control points 0.5523 of the radius in, as Core Graphics').
    static func roundedRect(_ rect: CGRect, radiusX: CGFloat, radiusY: CGFloat) -> [PathElement] {
        let rx = max(0, min(radiusX, rect.width / 2)), ry = max(0, min(radiusY, rect.height / 2))
        guard rx > 0, ry > 0 else { return self.rect(rect) }
        let k: CGFloat = 1 - 0.5522847498
        let (l, t, r, b) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        return [
            .move(CGPoint(x: l + rx, y: t)), .line(CGPoint(x: r - rx, y: t)),
            .curve(to: CGPoint(x: r, y: t + ry), control1: CGPoint(x: r - k * rx, y: t), control2: CGPoint(x: r, y: t + k * ry)),
            .line(CGPoint(x: r, y: b - ry)),
            .curve(to: CGPoint(x: r - rx, y: b), control1: CGPoint(x: r, y: b - k * ry), control2: CGPoint(x: r - k * rx, y: b)),
            .line(CGPoint(x: l + rx, y: b)),
            .curve(to: CGPoint(x: l, y: b - ry), control1: CGPoint(x: l + k * rx, y: b), control2: CGPoint(x: l, y: b - k * ry)),
            .line(CGPoint(x: l, y: t + ry)),
            .curve(to: CGPoint(x: l + rx, y: t), control1: CGPoint(x: l, y: t + k * ry), control2: CGPoint(x: l + k * rx, y: t)),
            .close,
        ]
    }
}
