import Foundation

/// Values between two animatable values, and sums for additive animations.
enum Interpolation {
    static func value(from: Any, to: Any, progress p: Double) -> Any? {
        let t = CGFloat(p)
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        switch (from, to) {
        case let (a as CGFloat, b as CGFloat): return mix(a, b)
        case let (a as Double, b as Double): return a + (b - a) * p
        case let (a as Float, b as Float): return a + (b - a) * Float(p)
        case let (a as CGPoint, b as CGPoint): return CGPoint(x: mix(a.x, b.x), y: mix(a.y, b.y))
        case let (a as CGSize, b as CGSize): return CGSize(width: mix(a.width, b.width), height: mix(a.height, b.height))
        case let (a as CGRect, b as CGRect):
            return CGRect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: mix(a.width, b.width), height: mix(a.height, b.height))
        case let (a as CGColor, b as CGColor):
            // Premultiplied, as Core Animation blends: fading from clear does not pass through black.
            let (x, y) = (a.rgba, b.rgba)
            let alpha = mix(x.alpha, y.alpha)
            guard alpha > 0 else { return CGColor(red: y.red, green: y.green, blue: y.blue, alpha: 0) }
            func channel(_ c1: CGFloat, _ c2: CGFloat) -> CGFloat { mix(c1 * x.alpha, c2 * y.alpha) / alpha }
            return CGColor(red: channel(x.red, y.red), green: channel(x.green, y.green), blue: channel(x.blue, y.blue), alpha: alpha)
        case let (a as CGAffineTransform, b as CGAffineTransform): return interpolate(a, b, t)
        case let (a as CATransform3D, b as CATransform3D): return CATransform3D(interpolate(a.affine, b.affine, t))
        case let (a as CGPath, b as CGPath):
            guard a.elements.count == b.elements.count else { return p < 1 ? a : b }
            var elements: [PathElement] = []
            for (x, y) in zip(a.elements, b.elements) {
                func point(_ p1: CGPoint, _ p2: CGPoint) -> CGPoint { CGPoint(x: mix(p1.x, p2.x), y: mix(p1.y, p2.y)) }
                switch (x, y) {
                case let (.move(p1), .move(p2)): elements.append(.move(point(p1, p2)))
                case let (.line(p1), .line(p2)): elements.append(.line(point(p1, p2)))
                case let (.curve(t1, c1, d1), .curve(t2, c2, d2)):
                    elements.append(.curve(to: point(t1, t2), control1: point(c1, c2), control2: point(d1, d2)))
                case let (.arc(c1, r1, s1, e1, cw), .arc(c2, r2, s2, e2, _)):
                    elements.append(.arc(center: point(c1, c2), radius: mix(r1, r2), start: mix(s1, s2), end: mix(e1, e2), clockwise: cw))
                case (.close, .close): elements.append(.close)
                default: return p < 1 ? a : b
                }
            }
            return CGPath(elements: elements)
        case let (a as [CGColor], b as [CGColor]) where a.count == b.count:
            return zip(a, b).map { value(from: $0, to: $1, progress: p) as! CGColor }
        case let (a as [NSNumber], b as [NSNumber]) where a.count == b.count:
            return zip(a, b).map { NSNumber(value: $0.doubleValue + ($1.doubleValue - $0.doubleValue) * p) }
        default:
            return p < 1 ? from : to
        }
    }

    /// An affine transform taken apart: a scale along its rotated axes, a shear, a rotation and a
    /// translation (rows: the x axis goes to `sx`·(cos, sin), the y axis to `shear`·(cos, sin) +
    /// `sy`·(−sin, cos)).
    struct Parts { var sx: CGFloat, sy: CGFloat, shear: CGFloat, angle: CGFloat, tx: CGFloat, ty: CGFloat }

    static func parts(of m: CGAffineTransform) -> Parts {
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        guard sx > 0 else { return Parts(sx: 0, sy: (m.c * m.c + m.d * m.d).squareRoot(), shear: 0, angle: 0, tx: m.tx, ty: m.ty) }
        return Parts(sx: sx, sy: (m.a * m.d - m.b * m.c) / sx, shear: (m.a * m.c + m.b * m.d) / sx,
                     angle: atan2(m.b, m.a), tx: m.tx, ty: m.ty)
    }

    static func compose(_ p: Parts) -> CGAffineTransform {
        let cosine = cos(p.angle), sine = sin(p.angle)
        return CGAffineTransform(a: p.sx * cosine, b: p.sx * sine, c: p.shear * cosine - p.sy * sine, d: p.shear * sine + p.sy * cosine,
                                 tx: p.tx, ty: p.ty)
    }

    /// Transforms blend through their parts (rotation by the shorter way), so a turn stays a turn
    /// halfway, as Core Animation's.
    private static func interpolate(_ a: CGAffineTransform, _ b: CGAffineTransform, _ t: CGFloat) -> CGAffineTransform {
        let pa = parts(of: a), pb = parts(of: b)
        var delta = pb.angle - pa.angle
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * t }
        return compose(Parts(sx: mix(pa.sx, pb.sx), sy: mix(pa.sy, pb.sy), shear: mix(pa.shear, pb.shear),
                             angle: pa.angle + delta * t, tx: mix(pa.tx, pb.tx), ty: mix(pa.ty, pb.ty)))
    }

    /// A number of any kind (`Int`, `Double`, `Float`, `NSNumber`…) as a `CGFloat`.
    static func cgFloat(_ value: Any) -> CGFloat? {
        switch value {
        case let x as CGFloat: x
        case let x as Double: CGFloat(x)
        case let x as Float: CGFloat(x)
        case let x as Int: CGFloat(x)
        case let x as NSNumber: CGFloat(x.doubleValue)
        default: nil
        }
    }

    /// `value` as the kind of number `model` is, when both are numbers (an animation's `toValue` of
    /// `0.5` for a `Float` opacity); otherwise `value` unchanged.
    static func coerced(_ value: Any, like model: Any?) -> Any {
        guard let model, type(of: model) != type(of: value), let number = cgFloat(value) else { return value }
        switch model {
        case is CGFloat: return number
        case is Double: return Double(number)
        case is Float: return Float(number)
        default: return value
        }
    }

    /// `a + b` for additive animations and `byValue`.
    static func add(_ a: Any, _ b: Any) -> Any? {
        switch (a, b) {
        case let (x as CGFloat, y as CGFloat): return x + y
        case let (x as Double, y as Double): return x + y
        case let (x as Float, y as Float): return x + y
        case let (x as CGPoint, y as CGPoint): return CGPoint(x: x.x + y.x, y: x.y + y.y)
        case let (x as CGSize, y as CGSize): return CGSize(width: x.width + y.width, height: x.height + y.height)
        case let (x as CGRect, y as CGRect):
            return CGRect(x: x.minX + y.minX, y: x.minY + y.minY, width: x.width + y.width, height: x.height + y.height)
        case let (x as CATransform3D, y as CATransform3D): return CATransform3DConcat(y, x)
        default: return nil
        }
    }

    static func scale(_ a: Any, _ factor: CGFloat) -> Any? {
        switch a {
        case let x as CGFloat: return x * factor
        case let x as Double: return x * Double(factor)
        case let x as Float: return x * Float(factor)
        case let x as CGPoint: return CGPoint(x: x.x * factor, y: x.y * factor)
        case let x as CGSize: return CGSize(width: x.width * factor, height: x.height * factor)
        case let x as CATransform3D where factor == -1: return CATransform3D(x.affine.inverted())
        default: return nil
        }
    }
}
