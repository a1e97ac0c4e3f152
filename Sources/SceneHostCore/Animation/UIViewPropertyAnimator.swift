import Foundation

/// The states of an interruptible animation, with UIKit's raw values.
public enum UIViewAnimatingState: Int, Sendable { case inactive = 0, active = 1, stopped = 2 }

/// Where an animation ends: at its end, its start, or where it is.
public enum UIViewAnimatingPosition: Int, Sendable { case end = 0, start = 1, current = 2 }

/// An interruptible, scrubbable, reversible animation of views, as UIKit's `UIViewPropertyAnimator`.
///
/// Created inactive; `startAnimation()` (or `runningPropertyAnimator`) runs the animation blocks and
/// moves every changed property from its shown value to the new one. `pauseAnimation()` holds it,
/// `fractionComplete` scrubs it (linearly while `scrubsLinearly`), `isReversed` runs it back, and
/// `stopAnimation(_:)` / `finishAnimation(at:)` end it as UIKit describes: completions run with the
/// position it ended at, unless `stopAnimation(true)`. The model values are the end values while it
/// runs, as in UIKit; stopping leaves the views where they are shown. Differences: `isInterruptible`
/// is kept but not enforced, and `continueAnimation(withTimingParameters:durationFactor:)` goes on with
/// the animator's own timing.
@MainActor
open class UIViewPropertyAnimator {
    public let duration: TimeInterval
    private let curve: CAMediaTimingFunction?
    private let spring: SpringParameters?
    private var animationBlocks: [(block: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// The animations the blocks made, with the layers they run on.
    private var made: [(layer: CALayer, animation: CAPropertyAnimation)] = []
    private var fraction: Double = 0
    private var lastTime: CFTimeInterval?
    private var startTime: CFTimeInterval?
    private var delay: TimeInterval = 0
    /// The scene whose frames drive it (that of the first view it animates); weak: a controller keeping
    /// its animator must not keep its scene.
    private weak var scene: UIWindowScene?
    /// From `stopAnimation(false)` until `finishAnimation(at:)`: each property's start and end.
    private var stopped: [(layer: CALayer, keyPath: String, from: Any?, to: Any?)] = []

    public private(set) var state = UIViewAnimatingState.inactive
    /// Whether it is moving on its own (started and not paused).
    public private(set) var isRunning = false
    /// Runs the animation back towards its start (settable while it is active or inactive).
    public var isReversed = false
    /// Stays active, without running the completions, when it reaches its end.
    public var pausesOnCompletion = false
    /// While paused, `fractionComplete` moves the properties linearly rather than along the curve.
    public var scrubsLinearly = true
    /// Whether it can be paused and scrubbed; settable only while inactive, as in UIKit.
    public var isInterruptible = true
    public var isUserInteractionEnabled = true
    public var isManualHitTestingEnabled = false

    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        self.curve = UIView.AnimationOptions(rawValue: UInt(curve.rawValue) << 16).timingFunction
        spring = nil
        if let animations { animationBlocks.append((animations, 0)) }
    }

    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.duration = duration
        curve = CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        spring = nil
        if let animations { animationBlocks.append((animations, 0)) }
    }

    /// A spring of `ratio` (1: no overshoot) over `duration`.
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        curve = nil
        spring = SpringParameters(dampingRatio: ratio, duration: duration, initialVelocity: 0)
        if let animations { animationBlocks.append((animations, 0)) }
    }

    /// An animator started at once, as UIKit's.
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                               options: UIView.AnimationOptions, animations: @escaping () -> Void,
                                               completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: UIView.AnimationCurve(rawValue: Int((options.rawValue >> 16) & 0xf)) ?? .easeInOut,
                                              animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    public func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds a block whose animations start `delayFactor` (0…1) of the way into the animator's time (of
    /// what is left, on an active animator), from the shown values, and end with the others.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = Double(min(max(delayFactor.isFinite ? delayFactor : 0, 0), 1))
        if state == .inactive {
            animationBlocks.append((animation, delayFactor))
        } else {
            run(animation, from: fraction + factor * (1 - fraction))
        }
    }

    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    /// How far along it is, 0…1; setting it pauses a running animator first, as UIKit's.
    public var fractionComplete: CGFloat {
        get { CGFloat(fraction) }
        set {
            if state == .inactive { startAnimationsPaused() }
            if isRunning { pauseAnimation() }
            fraction = Double(min(max(newValue, 0), 1))
            touchLayers()
        }
    }

    public func startAnimation() { startAnimation(afterDelay: 0) }

    public func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return }
        if state == .inactive { startAnimationsPaused() }
        self.delay = delay
        startTime = nil
        lastTime = nil
        isRunning = true
        if let scene {
            scene.animations.add(self)
            scene.host?.sceneNeedsFrame()
        } else {
            // Nothing on screen animates: it runs its time on the main queue's clock, then ends.
            let remaining = delay + duration * (isReversed ? fraction : 1 - fraction)
            DispatchQueue.main.asyncAfter(deadline: .now() + remaining) { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, self.isRunning, self.scene == nil else { return }
                    self.fraction = self.isReversed ? 0 : 1
                    self.end(at: self.isReversed ? .start : .end)
                }
            }
        }
    }

    public func pauseAnimation() {
        guard state != .stopped else { return }
        if state == .inactive { startAnimationsPaused() }
        isRunning = false
    }

    /// Stops where it is shown: the views keep those values. `withoutFinishing` true makes it inactive
    /// without completions; false leaves it stopped until `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        isRunning = false
        if !withoutFinishing {
            stopped = made.compactMap { entry in
                guard let basic = entry.animation as? CABasicAnimation, let keyPath = basic.keyPath else { return nil }
                return (entry.layer, keyPath, basic.fromValue, basic.toValue)
            }
        }
        settle(at: .current)
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { completions = [] }
    }

    /// Ends a stopped animator at `position` (the views go to the animation's start or end, or stay)
    /// and runs the completions.
    public func finishAnimation(at position: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        let entries = stopped
        stopped = []
        UIView.performWithoutAnimation {
            for entry in entries {
                let value = position == .start ? entry.from : position == .end ? entry.to : nil
                if let value { entry.layer.setModelValue(value, forKeyPath: entry.keyPath) }
            }
        }
        state = .inactive
        runCompletions(position)
    }

    /// Goes on from where it is, with the timing it was made with: SceneHost ignores `parameters` and
    /// `durationFactor`.
    public func continueAnimation(withTimingParameters parameters: Any?, durationFactor: CGFloat) {
        startAnimation()
    }

    // MARK: Driving

    /// The progress the animations show now: along the curve or spring, or linear while scrubbed.
    /// For animations that start `start` of the way into the animator's time (added later, or with a
    /// delay factor): 0 until then, the whole curve over what is left.
    func progress(from start: Double = 0) -> Double {
        let local = start >= 1 ? 1 : max(0, (fraction - start) / (1 - start))
        if !isRunning, scrubsLinearly { return local }
        if let spring { return spring.progress(at: local * duration) }
        return (curve ?? CAMediaTimingFunction(name: .easeInEaseOut)).progress(at: local)
    }

    private func startAnimationsPaused() {
        state = .active
        for entry in animationBlocks { run(entry.block, from: Double(min(max(entry.delayFactor.isFinite ? entry.delayFactor : 0, 0), 1))) }
        animationBlocks = []
    }

    /// Runs `block` in an animation context whose animations this animator drives, from `start` of
    /// the way into its time.
    private func run(_ block: () -> Void, from start: Double = 0) {
        let context = AnimationContext(duration: max(duration, 0.0001), delay: 0, options: [], spring: nil)
        context.driver = self
        let outer = UIView.currentAnimationContext
        UIView.currentAnimationContext = context
        block()
        UIView.currentAnimationContext = outer
        for entry in context.madeAnimations { entry.animation.drivenFrom = start }
        made += context.madeAnimations
        if scene == nil { scene = made.lazy.compactMap { $0.layer.hostView?.window?.windowScene }.first }
        touchLayers()
    }

    /// Moves on to `time`; called by the scene's frame pass while running.
    func advance(to time: CFTimeInterval) -> Bool {
        guard isRunning else { return false }
        let start = startTime ?? time + delay
        startTime = start
        defer { lastTime = max(time, start) }
        guard time >= start else { return true }
        let step = (time - (lastTime ?? start)) / max(duration, 0.0001)
        fraction = min(max(fraction + (isReversed ? -step : step), 0), 1)
        touchLayers()
        if (!isReversed && fraction >= 1) || (isReversed && fraction <= 0) {
            end(at: isReversed ? .start : .end)
            return false
        }
        return true
    }

    /// Reached its end (or its start, reversed): it stays active there with `pausesOnCompletion`, else
    /// ends there and runs the completions.
    private func end(at position: UIViewAnimatingPosition) {
        isRunning = false
        guard !pausesOnCompletion else { return }
        settle(at: position)
        state = .inactive
        runCompletions(position)
    }

    /// Has each animated layer composited again at the new progress.
    private func touchLayers() {
        for entry in made where entry.animation.driver === self {
            entry.layer.showDrivenAnimations()
        }
    }

    /// Ends the animations, the model at `position`'s values.
    private func settle(at position: UIViewAnimatingPosition) {
        let entries = made
        made = []
        UIView.performWithoutAnimation {
            for (layer, animation) in entries {
                guard let keyPath = animation.keyPath, let basic = animation as? CABasicAnimation else { continue }
                // At the end the model already holds the end values (a view's dynamic colour stays dynamic).
                let value: Any? = switch position {
                case .end: nil
                case .start: basic.fromValue
                case .current: layer.presentationValues?[keyPath] ?? layer.modelValue(forKeyPath: keyPath)
                }
                if let value { layer.setModelValue(value, forKeyPath: keyPath) }
                animation.driver = nil
                if let key = layer.animationEntries.first(where: { $0.animation === animation })?.key { layer.removeAnimation(forKey: key) }
            }
        }
    }

    private func runCompletions(_ position: UIViewAnimatingPosition) {
        let completions = self.completions
        self.completions = []
        for completion in completions { completion(position) }
    }
}
