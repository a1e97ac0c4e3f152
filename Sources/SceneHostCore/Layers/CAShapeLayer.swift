import Cairo
import Foundation

/// A layer that fills and strokes a path, as Core Animation's `CAShapeLayer`: `path` in the layer's
/// coordinates, filled with `fillColor` (opaque black by default) by `fillRule` and stroked with
/// `strokeColor` (none by default) from `strokeStart` to `strokeEnd` of its length, all animatable.
@MainActor
open class CAShapeLayer: CALayer {
    public struct FillRule: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let nonZero = FillRule(rawValue: "non-zero"), evenOdd = FillRule(rawValue: "even-odd")
    }
    public struct LineCap: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let butt = LineCap(rawValue: "butt"), round = LineCap(rawValue: "round"), square = LineCap(rawValue: "square")
    }
    public struct LineJoin: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let miter = LineJoin(rawValue: "miter"), round = LineJoin(rawValue: "round"), bevel = LineJoin(rawValue: "bevel")
    }

    /// Kept as given when set: a `CGMutablePath` changed afterwards does not change the layer (set it again).
    open var path: CGPath? {
        didSet {
            if let path, type(of: path) != CGPath.self { self.path = CGPath(elements: path.elements) }
            if path != oldValue { changing {}; implicitlyAnimate("path", from: oldValue ?? CGPath(elements: []), to: path ?? CGPath(elements: [])) }
        }
    }
    open var fillColor: CGColor? = .black { didSet { if fillColor != oldValue { changing {} } } }
    open var fillRule = FillRule.nonZero { didSet { changing {} } }
    open var strokeColor: CGColor? { didSet { if strokeColor != oldValue { changing {} } } }
    open var lineWidth: CGFloat = 1 {
        didSet { if lineWidth != oldValue { changing {}; implicitlyAnimate("lineWidth", from: oldValue, to: lineWidth) } }
    }
    open var lineCap = LineCap.butt { didSet { changing {} } }
    open var lineJoin = LineJoin.miter { didSet { changing {} } }
    open var miterLimit: CGFloat = 10 { didSet { changing {} } }
    open var lineDashPattern: [NSNumber]? { didSet { changing {} } }
    open var lineDashPhase: CGFloat = 0 { didSet { changing {} } }
    /// The part of the path's length stroked, 0…1.
    open var strokeStart: CGFloat = 0 {
        didSet { if strokeStart != oldValue { changing {}; implicitlyAnimate("strokeStart", from: oldValue, to: strokeStart) } }
    }
    open var strokeEnd: CGFloat = 1 {
        didSet { if strokeEnd != oldValue { changing {}; implicitlyAnimate("strokeEnd", from: oldValue, to: strokeEnd) } }
    }

    override func modelValue(forKeyPath keyPath: String) -> Any? {
        switch keyPath {
        case "path": path ?? CGPath(elements: [])
        case "fillColor": fillColor ?? CGColor.clear
        case "strokeColor": strokeColor ?? CGColor.clear
        case "lineWidth": lineWidth
        case "strokeStart": strokeStart
        case "strokeEnd": strokeEnd
        default: super.modelValue(forKeyPath: keyPath)
        }
    }

    override func copyProperties(from layer: CALayer, presented: Bool = false) {
        super.copyProperties(from: layer, presented: presented)
        guard let layer = layer as? CAShapeLayer else { return }
        func value<V>(_ key: String, _ model: V) -> V { presented ? layer.presentedValue(key, model) : model }
        path = value("path", layer.path); fillColor = value("fillColor", layer.fillColor); fillRule = layer.fillRule
        strokeColor = value("strokeColor", layer.strokeColor); lineWidth = value("lineWidth", layer.lineWidth)
        lineCap = layer.lineCap; lineJoin = layer.lineJoin; miterLimit = layer.miterLimit
        lineDashPattern = layer.lineDashPattern; lineDashPhase = layer.lineDashPhase
        strokeStart = value("strokeStart", layer.strokeStart); strokeEnd = value("strokeEnd", layer.strokeEnd)
    }

    /// The area the stroke may reach (half its width, more at mitred corners), in the layer's coordinates.
    var strokedExtent: CGRect {
        let path = presentedValue("path", self.path ?? CGPath(elements: []))
        guard !path.isEmpty else { return .null }
        guard strokeColor != nil else { return path.boundingBox }
        let reach = presentedValue("lineWidth", lineWidth).finiteOrZero / 2 * (lineJoin == .miter ? miterLimit : 1) + 1
        return path.boundingBox.insetBy(dx: -reach, dy: -reach)
    }

    override func drawContent(in cairo: Context) {
        let path = presentedValue("path", self.path ?? CGPath(elements: []))
        guard !path.isEmpty else { return }
        path.elements.trace(in: cairo)
        if let fill = presentedValue("fillColor", fillColor ?? .clear).rgba as UIColor.Components?, fill.alpha > 0 {
            cairo.setSource(red: Double(fill.red), green: Double(fill.green), blue: Double(fill.blue), alpha: Double(fill.alpha))
            cairo.setFillRule(fillRule == .evenOdd ? .evenOdd : .winding)
            cairo.fill(preserve: true)
        }
        let stroke = presentedValue("strokeColor", strokeColor ?? .clear).rgba
        let start = max(0, min(1, presentedValue("strokeStart", strokeStart))), end = max(0, min(1, presentedValue("strokeEnd", strokeEnd)))
        let width = presentedValue("lineWidth", lineWidth)
        guard stroke.alpha > 0, width > 0, width.isFinite, end > start else { return cairo.newPath() }
        cairo.setSource(red: Double(stroke.red), green: Double(stroke.green), blue: Double(stroke.blue), alpha: Double(stroke.alpha))
        cairo.lineWidth = Double(width)
        cairo.lineCap = lineCap == .round ? .round : lineCap == .square ? .square : .butt
        cairo.lineJoin = lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter
        cairo.setMiterLimit(Double(miterLimit))
        if start > 0 || end < 1 {
            // A part of the whole length, across subpaths: the flattened path cut to it.
            Self.trace(part: Double(start)...Double(end), of: cairo.currentPathFlattened(), in: cairo)
        } else if let pattern = lineDashPattern?.map(\.doubleValue), !pattern.isEmpty,
                  pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), pattern.contains(where: { $0 > 0 }), lineDashPhase.isFinite {
            // Cairo refuses (for good) a dash with a negative or non-finite length, or of zeros only: such a
            // pattern strokes solid.
            cairo.setDash(pattern, offset: Double(lineDashPhase))
        }
        cairo.stroke()
        cairo.setDash([], offset: 0)
    }

    /// Makes the stretch `part` (fractions of the whole length) of `subpaths` cairo's current path.
    private static func trace(part: ClosedRange<Double>, of subpaths: [[(x: Double, y: Double)]], in cairo: Context) {
        func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        let total = subpaths.reduce(0) { sum, points in sum + zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) } }
        let from = part.lowerBound * total, to = part.upperBound * total
        cairo.newPath()
        var walked = 0.0
        for points in subpaths {
            var drawing = false
            for (a, b) in zip(points, points.dropFirst()) {
                let length = distance(a, b), start = walked, end = walked + length
                walked = end
                guard end > from, start < to, length > 0 else { drawing = false; continue }
                func at(_ d: Double) -> (Double, Double) { let t = (d - start) / length; return (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }
                if !drawing {
                    let p = at(max(start, from))
                    cairo.move(to: p.0, p.1)
                    drawing = true
                }
                let q = at(min(end, to))
                cairo.line(to: q.0, q.1)
            }
        }
    }
}
