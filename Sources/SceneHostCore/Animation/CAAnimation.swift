import Foundation

/// Seconds, as Core Foundation's `CFTimeInterval`.
public typealias CFTimeInterval = Double

/// The seconds of the monotonic clock animations run on, as Core Animation's `CACurrentMediaTime()`.
public func CACurrentMediaTime() -> CFTimeInterval {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// The pace of an animation: a cubic Bézier from (0, 0) to (1, 1), as Core Animation's.
public final class CAMediaTimingFunction: Sendable {
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let linear = Name(rawValue: "linear"), easeIn = Name(rawValue: "easeIn")
        public static let easeOut = Name(rawValue: "easeOut"), easeInEaseOut = Name(rawValue: "easeInEaseOut")
        public static let `default` = Name(rawValue: "default")
    }

    let c1: CGPoint, c2: CGPoint

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        c1 = CGPoint(x: CGFloat(c1x), y: CGFloat(c1y))
        c2 = CGPoint(x: CGFloat(c2x), y: CGFloat(c2y))
    }

    /// Core Animation's named curves.
    public convenience init(name: Name) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        }
    }

    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let point = [CGPoint.zero, c1, c2, CGPoint(x: 1, y: 1)][max(0, min(3, index))]
        values[0] = Float(point.x)
        values[1] = Float(point.y)
    }

    /// The progress (y) at time fraction `x`: x(t) is solved for t by Newton's method, bisection as a fallback.
    func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // Control points on the diagonal: the identity.
        if c1.x == c1.y, c2.x == c2.y { return x }
        let (x1, y1, x2, y2) = (Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y))
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
        }
        var t = x
        for _ in 0..<8 {
            let error = bezier(t, x1, x2) - x
            if abs(error) < 1e-7 { return bezier(t, y1, y2) }
            let d = slope(t, x1, x2)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<40 {
            let value = bezier(t, x1, x2)
            if abs(value - x) < 1e-7 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return bezier(t, y1, y2)
    }
}

/// What an animation shows before it begins and after it ends, as Core Animation's `CAMediaTimingFillMode`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = Self(rawValue: "removed"), forwards = Self(rawValue: "forwards")
    public static let backwards = Self(rawValue: "backwards"), both = Self(rawValue: "both")
}

/// Told when an animation starts and stops.
@MainActor
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// An animation of a layer, as Core Animation's `CAAnimation`: timing (`beginTime`, `duration`,
/// `repeatCount`, `autoreverses`, `speed`, `timingFunction`, `fillMode`) and what happens at the end.
/// Added to a layer with `CALayer.add(_:forKey:)`, which copies it; the model value is not changed
/// (set it yourself, as in Core Animation). A `beginTime` of 0 starts at the next frame.
@MainActor
open class CAAnimation {
    public required init() {}

    /// Seconds of one repetition (0: 0.25, Core Animation's default).
    open var duration: CFTimeInterval = 0
    /// When to start, in `CACurrentMediaTime()` seconds; 0: at the frame after it is added.
    open var beginTime: CFTimeInterval = 0
    open var timeOffset: CFTimeInterval = 0
    open var speed: Float = 1
    open var repeatCount: Float = 0
    open var autoreverses = false
    open var fillMode = CAMediaTimingFillMode.removed
    open var timingFunction: CAMediaTimingFunction?
    open var isRemovedOnCompletion = true
    /// Strongly held, as Core Animation holds it.
    open var delegate: (any CAAnimationDelegate)?
    /// SceneHost's closure form of `animationDidStop(_:finished:)`: runs once when the animation ends
    /// or is removed (`finished` false then).
    var completion: ((Bool) -> Void)?
    /// Seconds after the first frame at which an animation with no `beginTime` starts (`UIView.animate`'s delay).
    var startDelay: Double = 0
    /// Made by `UIView.animate` without `.allowUserInteraction`: the view takes no touches meanwhile.
    var blocksUserInteraction = false

    var effectiveDuration: Double { duration > 0 ? duration : 0.25 }

    /// The property animator whose progress this animation shows, instead of its own timing, from
    /// `drivenFrom` of the way into the animator's time.
    weak var driver: UIViewPropertyAnimator?
    var drivenFrom: Double = 0

    /// How long the animation runs in all, repetitions and reversals counted (an animator's: until it
    /// ends them).
    var activeDuration: Double {
        if driver != nil { return .infinity }
        let one = effectiveDuration * (autoreverses ? 2 : 1)
        return one * Double(max(1, repeatCount)) / Double(max(speed, 0.0001))
    }

    /// The progress (0…1 before timing curves and springs) at `elapsed` seconds since the start.
    func fraction(at elapsed: Double) -> Double {
        let local = max(0, elapsed) * Double(speed) + timeOffset
        let one = effectiveDuration
        let cycle = autoreverses ? 2 * one : one
        let total = cycle * Double(max(1, repeatCount))
        if local >= total { return autoreverses ? 0 : 1 }
        let within = local.truncatingRemainder(dividingBy: cycle)
        let raw = within <= one ? within / one : 2 - within / one
        return raw
    }

    func copy() -> Self {
        let copy = Self()
        copy.copyTiming(from: self)
        return copy
    }

    /// Subclasses copy their own properties too (calling super).
    func copyTiming(from other: CAAnimation) {
        duration = other.duration; beginTime = other.beginTime; timeOffset = other.timeOffset; speed = other.speed
        repeatCount = other.repeatCount; autoreverses = other.autoreverses; fillMode = other.fillMode
        timingFunction = other.timingFunction; isRemovedOnCompletion = other.isRemovedOnCompletion
        delegate = other.delegate; completion = other.completion; startDelay = other.startDelay; driver = other.driver; drivenFrom = other.drivenFrom
        blocksUserInteraction = other.blocksUserInteraction
    }

    /// Whether its delegate heard it start, and whether it ended.
    var hasStarted = false
    private(set) var hasEnded = false
    /// Ends the animation once: its delegate and completion hear whether it ran to its end.
    func finish(completed: Bool) {
        guard !hasEnded else { return }
        hasEnded = true
        delegate?.animationDidStop(self, finished: completed)
        completion?(completed)
        delegate = nil
        completion = nil
    }
}

/// An animation of one property of a layer, named by `keyPath` ("position", "bounds", "opacity",
/// "transform", "backgroundColor", "cornerRadius", "borderWidth", "shadowOpacity", "shadowOffset",
/// "shadowRadius", and a shape layer's "strokeEnd", "strokeStart", "lineWidth", "fillColor",
/// "strokeColor", "path"; a gradient's "colors", "locations", "startPoint", "endPoint").
@MainActor
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    /// Whether the animated value is added to the model value instead of replacing it.
    open var isAdditive = false

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath; isAdditive = other.isAdditive
    }

    /// The value at `elapsed` seconds since the start, given the layer's model value.
    func value(at elapsed: Double, model: Any?) -> Any? { nil }
}

/// From one value to another, as Core Animation's `CABasicAnimation`: missing `fromValue` is the shown
/// value, missing `toValue` the model value; `byValue` adds to the other.
@MainActor
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue; toValue = other.toValue; byValue = other.byValue
    }

    /// The eased progress at `elapsed` (a spring overrides it), or the driving animator's.
    func progress(at elapsed: Double) -> Double {
        if let driver { return driver.progress(from: drivenFrom) }
        let fraction = fraction(at: elapsed)
        return (timingFunction ?? CAMediaTimingFunction(name: .linear)).progress(at: fraction)
    }

    override func value(at elapsed: Double, model: Any?) -> Any? {
        guard let model = model ?? fromValue ?? toValue else { return nil }
        // Numbers of another kind than the property's (`toValue = 0.5` for a `Float`) count as its kind.
        let fromValue = self.fromValue.map { Interpolation.coerced($0, like: model) }
        let toValue = self.toValue.map { Interpolation.coerced($0, like: model) }
        let byValue = self.byValue.map { Interpolation.coerced($0, like: model) }
        let from: Any, to: Any
        switch (fromValue, toValue, byValue) {
        case let (f?, t?, _): (from, to) = (f, t)
        case let (f?, nil, b?): (from, to) = (f, Interpolation.add(f, b) ?? model)
        case let (nil, t?, b?): (from, to) = (Interpolation.add(t, Interpolation.scale(b, -1) ?? b) ?? model, t)
        case let (f?, nil, nil): (from, to) = (f, model)
        case let (nil, t?, nil): (from, to) = (model, t)
        case let (nil, nil, b?): (from, to) = (model, Interpolation.add(model, b) ?? model)
        default: return nil
        }
        let value = Interpolation.value(from: from, to: to, progress: progress(at: elapsed)) ?? to
        return isAdditive ? Interpolation.add(model, value) : value
    }
}

/// A spring from `fromValue` to `toValue`, as Core Animation's `CASpringAnimation`: a damped harmonic
/// oscillator of `mass`, `stiffness` and `damping` starting at `initialVelocity` (in units of the whole
/// distance per second). `settlingDuration` says when it comes to rest; set `duration` to it to see
/// the whole spring, as in Core Animation.
@MainActor
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0

    /// A spring that settles in about `perceptualDuration` seconds, overshooting by `bounce` (0: none,
    /// as iOS 17's).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = SpringParameters(duration: perceptualDuration, bounce: bounce)
        (mass, stiffness, damping) = (1, spring.stiffness, spring.damping)
        duration = settlingDuration
    }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass; stiffness = other.stiffness; damping = other.damping; initialVelocity = other.initialVelocity
    }

    var spring: SpringParameters { SpringParameters(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity) }

    /// The time the spring takes to come within 0.1 % of its end and stay there.
    open var settlingDuration: CFTimeInterval { spring.settlingDuration }

    override func progress(at elapsed: Double) -> Double {
        if let driver { return driver.progress(from: drivenFrom) }
        // The time within the current repetition (running back when it autoreverses).
        let local = max(0, elapsed) * Double(speed) + timeOffset
        if local >= activeDuration * Double(speed) { return autoreverses ? 0 : 1 }
        return spring.progress(at: fraction(at: elapsed) * effectiveDuration)
    }
}

/// A damped spring's motion from 0 to 1.
struct SpringParameters {
    var mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity: CGFloat

    init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity: CGFloat) {
        (self.mass, self.stiffness, self.damping, self.initialVelocity) = (max(mass, 1e-6), max(stiffness, 1e-6), max(damping, 0), initialVelocity)
    }

    /// The spring that settles in about `duration` with `bounce` (SwiftUI's and iOS 17's model: a
    /// damping ratio of 1 − bounce, a period of `duration`).
    init(duration: Double, bounce: CGFloat, initialVelocity: CGFloat = 0) {
        let ratio = 1 - min(max(bounce, -1), 0.99)
        let omega = 2 * .pi / CGFloat(max(duration, 0.01))
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: initialVelocity)
    }

    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` over `duration`: the ratio, and a
    /// stiffness that brings it to rest in about that time.
    init(dampingRatio: CGFloat, duration: Double, initialVelocity: CGFloat) {
        let ratio = dampingRatio.isFinite ? max(0.01, dampingRatio) : 1
        // A spring's time scales as 1/ω for a given ratio (from rest): the time it takes to settle at
        // ω = 1, divided by the duration, is the ω that settles in the duration.
        let unit = SpringParameters(mass: 1, stiffness: 1, damping: 2 * ratio, initialVelocity: 0).settlingDuration
        let omega = CGFloat(unit / max(duration, 0.01))
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: initialVelocity.isFinite ? initialVelocity : 0)
    }

    var dampingRatio: CGFloat { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Where the spring is (0 at the start, 1 at rest) after `t` seconds.
    func progress(at t: Double) -> Double {
        let omega = Double((stiffness / mass).squareRoot()), zeta = Double(dampingRatio)
        let x0 = -1.0, v0 = Double(initialVelocity)
        let x: Double
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            x = exp(-zeta * omega * t) * (x0 * cos(omegaD * t) + (v0 + zeta * omega * x0) / omegaD * sin(omegaD * t))
        } else if zeta == 1 {
            x = exp(-omega * t) * (x0 + (v0 + omega * x0) * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - s), r2 = -omega * (zeta + s)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            x = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 + x
    }

    /// When it comes within 0.1 % of rest and stays there, sampled at 1/240 of its natural period.
    var settlingDuration: Double {
        let period = 2 * Double.pi / Double((stiffness / mass).squareRoot()), step = period / 240
        var t = 0.0, lastOutside = 0.0
        while t < 200 * period {
            if abs(progress(at: t) - 1) > 0.001 { lastOutside = t }
            if t - lastOutside > period { break }
            t += step
        }
        return lastOutside + step
    }
}

/// Values at key times, as Core Animation's `CAKeyframeAnimation` (linear between them, each segment
/// eased by `timingFunctions` when given).
@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    /// 0…1, one per value; evenly spaced when nil.
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values; keyTimes = other.keyTimes; timingFunctions = other.timingFunctions
    }

    override func value(at elapsed: Double, model: Any?) -> Any? {
        guard let given = values, !given.isEmpty else { return nil }
        let values = given.map { Interpolation.coerced($0, like: model) }
        guard values.count > 1 else { return values[0] }
        let x = (timingFunction ?? CAMediaTimingFunction(name: .linear)).progress(at: fraction(at: elapsed))
        // Key times that do not match the values one for one are ignored (even spacing), as a
        // malformed keyTimes is in Core Animation.
        let times = keyTimes.map { $0.map(\.doubleValue) }.flatMap { $0.count == values.count ? $0 : nil }
            ?? (0..<values.count).map { Double($0) / Double(values.count - 1) }
        var segment = 0
        while segment < values.count - 2, segment + 1 < times.count, x > times[segment + 1] { segment += 1 }
        let start = times[min(segment, times.count - 1)], end = times[min(segment + 1, times.count - 1)]
        var local = end > start ? (x - start) / (end - start) : 1
        if let functions = timingFunctions, segment < functions.count { local = functions[segment].progress(at: local) }
        let value = Interpolation.value(from: values[segment], to: values[segment + 1], progress: min(max(local, 0), 1)) ?? values[segment + 1]
        return isAdditive ? model.flatMap { Interpolation.add($0, value) } : value
    }
}
