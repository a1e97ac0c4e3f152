import Cairo
import Foundation

/// A layer that fills its bounds with a gradient, as Core Animation's `CAGradientLayer`: `colors` at
/// `locations` (evenly spaced when nil) from `startPoint` to `endPoint`, in the unit square of the
/// bounds (y down, as in UIKit; the default runs top to bottom). `.axial` and `.radial` are drawn;
/// `.conic` is drawn as a radial gradient (cairo has no conic one).
@MainActor
open class CAGradientLayer: CALayer {
    public struct GradientType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let axial = GradientType(rawValue: "axial"), radial = GradientType(rawValue: "radial")
        public static let conic = GradientType(rawValue: "conic")
    }

    /// `CGColor`s (a `UIColor` is taken too, resolved when drawn for the current traits).
    open var colors: [Any]? { didSet { changing {} } }
    open var locations: [NSNumber]? { didSet { changing {} } }
    open var startPoint = CGPoint(x: 0.5, y: 0) {
        didSet { if startPoint != oldValue { changing {}; implicitlyAnimate("startPoint", from: oldValue, to: startPoint) } }
    }
    open var endPoint = CGPoint(x: 0.5, y: 1) {
        didSet { if endPoint != oldValue { changing {}; implicitlyAnimate("endPoint", from: oldValue, to: endPoint) } }
    }
    open var type = GradientType.axial { didSet { changing {} } }

    override func modelValue(forKeyPath keyPath: String) -> Any? {
        switch keyPath {
        case "colors": cgColors
        case "locations": locations ?? []
        case "startPoint": startPoint
        case "endPoint": endPoint
        default: super.modelValue(forKeyPath: keyPath)
        }
    }

    override func copyProperties(from layer: CALayer, presented: Bool = false) {
        super.copyProperties(from: layer, presented: presented)
        guard let layer = layer as? CAGradientLayer else { return }
        colors = presented ? layer.presentedValue("colors", layer.cgColors) : layer.colors
        locations = presented ? layer.presentedValue("locations", layer.locations ?? []) : layer.locations
        startPoint = presented ? layer.presentedValue("startPoint", layer.startPoint) : layer.startPoint
        endPoint = presented ? layer.presentedValue("endPoint", layer.endPoint) : layer.endPoint
        type = layer.type
    }

    private var cgColors: [CGColor] {
        (colors ?? []).compactMap { ($0 as? CGColor) ?? ($0 as? UIColor)?.cgColor }
    }

    override func drawContent(in cairo: Context) {
        let colors = presentedValue("colors", cgColors)
        guard !colors.isEmpty else { return }
        let bounds = presentedValue("bounds", self.bounds)
        let given = presentedValue("locations", locations ?? []).map(\.doubleValue)
        let stops: [Pattern.Stop] = colors.enumerated().map { index, color in
            let offset = index < given.count ? given[index] : colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0
            let c = color.rgba
            return (offset, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
        }
        let start = presentedValue("startPoint", startPoint), end = presentedValue("endPoint", endPoint)
        func place(_ p: CGPoint) -> (Double, Double) { (Double(bounds.minX + p.x * bounds.width), Double(bounds.minY + p.y * bounds.height)) }
        let (x0, y0) = place(start), (x1, y1) = place(end)
        let pattern: Pattern
        if type == .axial {
            pattern = .linearGradient(x0: x0, y0: y0, x1: x1, y1: y1, stops: stops)
        } else {
            // Radial: from the start point out to the end point (an ellipse in Core Animation; a circle here).
            let radius = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
            pattern = .radialGradient(cx0: x0, cy0: y0, r0: 0, cx1: x0, cy1: y0, r1: max(radius, 0.001), stops: stops)
        }
        cairo.setSource(pattern)
        cairo.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
        cairo.fill()
    }
}
