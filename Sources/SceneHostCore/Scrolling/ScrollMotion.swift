import Foundation

/// How a scroll view's offset moves along one axis on its own, as a function of time since the motion
/// began (seconds): UIKit's deceleration (the velocity falls by the rate's factor every millisecond),
/// a critically damped spring back to an edge or a page (the bounce), or an ease-in-out tween (an
/// animated `setContentOffset`). Pure arithmetic, sampled at each frame of the scene's clock.
struct AxisMotion: Equatable {
    enum Kind: Equatable {
        /// At rest at `position`.
        case rest
        /// v(t) = v₀·dᵗ (t in ms): x(t) = x₀ + v₀·(dᵗ − 1)/ln d. Past `lower`/`upper` it turns into a
        /// spring back to the edge when `bounces`, else stops there.
        case decay(velocity: Double, rate: Double, lower: Double, upper: Double, bounces: Bool)
        /// A critically damped spring to `target` from `position` with `velocity` (points per second).
        case spring(target: Double, velocity: Double)
        /// From `position` to `target` in `duration` seconds, easing in and out.
        case tween(target: Double, duration: Double)
    }

    var kind: Kind
    /// Where the motion starts (points).
    var position: Double

    /// The spring's angular frequency (1/s): settles within about half a second, as UIKit's bounce.
    static let springStiffness = 12.0
    /// Slower than this (points per millisecond) a deceleration is at rest.
    static let restingVelocity = 0.01

    static func rest(at position: Double) -> AxisMotion { AxisMotion(kind: .rest, position: position) }

    /// Where a deceleration from `velocity` (points per ms) at `rate` comes to rest from `position`.
    static func projection(from position: Double, velocity: Double, rate: Double) -> Double {
        position - velocity / log(rate)
    }

    /// The velocity (points per ms) that makes a deceleration at `rate` come to rest exactly at `target`.
    static func velocity(toReach target: Double, from position: Double, rate: Double) -> Double {
        (target - position) * -log(rate)
    }

    /// The position at `t` seconds, and whether the motion is over then. A deceleration that reaches an
    /// edge hands over to the spring (`next`) from the moment it crossed.
    func sample(at t: Double) -> (position: Double, done: Bool, next: (motion: AxisMotion, since: Double)?) {
        switch kind {
        case .rest:
            return (position, true, nil)
        case let .decay(v0, rate, lower, upper, bounces):
            let ms = t * 1000, lnd = log(rate)
            let x = position + v0 * (pow(rate, ms) - 1) / lnd
            let v = v0 * pow(rate, ms)
            if x < lower || x > upper {
                let edge = x < lower ? lower : upper
                // When it crossed: solve x(t) = edge.
                let fraction = 1 + (edge - position) * lnd / v0
                let crossed = fraction > 0 ? log(fraction) / lnd / 1000 : t
                guard bounces else { return (edge, true, nil) }
                let atCross = v0 * pow(rate, crossed * 1000)
                let spring = AxisMotion(kind: .spring(target: edge, velocity: atCross * 1000), position: edge)
                return (spring.sample(at: t - crossed).position, false, (spring, crossed))
            }
            if abs(v) < Self.restingVelocity {
                return (Self.projection(from: position, velocity: v0, rate: rate), true, nil)
            }
            return (x, false, nil)
        case let .spring(target, v0):
            let w = Self.springStiffness, x0 = position - target
            let decay = exp(-w * t)
            let x = (x0 + (v0 + w * x0) * t) * decay
            let v = (v0 - w * (v0 + w * x0) * t) * decay
            if abs(x) < 0.25 && abs(v) < 5 { return (target, true, nil) }
            return (target + x, false, nil)
        case let .tween(target, duration):
            // A frame time's rounding (50.3 − 50 < 0.3) does not leave a sliver of motion for another frame.
            guard duration > 0, t < duration - 1e-6 else { return (target, true, nil) }
            let p = t / duration
            let eased = p < 0.5 ? 2 * p * p : 1 - pow(-2 * p + 2, 2) / 2
            return (position + (target - position) * eased, false, nil)
        }
    }
}

/// The motion of a scroll view's offset on both axes, run by the scene's clock (see `FrameTicker`):
/// the first frame after it starts is its time zero.
@MainActor
final class ScrollMotion: FrameTicker {
    enum Purpose { case deceleration, animation }

    /// Weak: the scroll view holds its motion, and a scroll view freed while it moves (its scene gone,
    /// or taken out of its window) ends the motion at the next frame.
    private weak var scrollView: UIScrollView?
    let purpose: Purpose
    private var x: AxisMotion, y: AxisMotion
    /// The frame time each axis's motion started at (nil until the first frame).
    private var startX: CFTimeInterval?, startY: CFTimeInterval?
    /// Where the motion ends, as far as is known from the start (the target offset of a tween or a
    /// landing deceleration).
    let destination: CGPoint

    init(scrollView: UIScrollView, purpose: Purpose, x: AxisMotion, y: AxisMotion, destination: CGPoint) {
        self.scrollView = scrollView
        self.purpose = purpose
        self.x = x
        self.y = y
        self.destination = destination
    }

    func tick(at time: CFTimeInterval) -> Bool {
        guard let scrollView, scrollView.activeMotion === self else { return false }
        guard scrollView.window != nil else {
            scrollView.stopMotion()
            return false
        }
        let (px, doneX) = advance(&x, start: &startX, time: time)
        let (py, doneY) = advance(&y, start: &startY, time: time)
        scrollView.moveByMotion(to: CGPoint(x: px, y: py))
        if doneX && doneY {
            scrollView.motionDidEnd(self)
            return false
        }
        return scrollView.activeMotion === self
    }

    private func advance(_ motion: inout AxisMotion, start: inout CFTimeInterval?, time: CFTimeInterval) -> (Double, Bool) {
        if start == nil { start = time }
        var sample = motion.sample(at: time - start!)
        if let next = sample.next {
            start = start! + next.since
            motion = next.motion
            sample = motion.sample(at: time - start!)
        }
        if sample.done { motion = .rest(at: sample.position) }
        return (sample.position, sample.done)
    }
}
