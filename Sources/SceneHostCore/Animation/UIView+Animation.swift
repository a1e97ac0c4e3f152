import Foundation

extension UIView {
    /// Options of `animate(withDuration:delay:options:animations:completion:)`, with UIKit's raw values.
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = Self(rawValue: 1 << 0)
        /// Lets animating views take touches (by default hit testing passes them by while they animate).
        public static let allowUserInteraction = Self(rawValue: 1 << 1)
        /// Starts from what is shown. SceneHost always does (an animation starts from the shown value).
        public static let beginFromCurrentState = Self(rawValue: 1 << 2)
        public static let `repeat` = Self(rawValue: 1 << 3)
        public static let autoreverse = Self(rawValue: 1 << 4)
        public static let overrideInheritedDuration = Self(rawValue: 1 << 5)
        public static let overrideInheritedCurve = Self(rawValue: 1 << 6)
        public static let allowAnimatedContent = Self(rawValue: 1 << 7)
        public static let showHideTransitionViews = Self(rawValue: 1 << 8)
        public static let overrideInheritedOptions = Self(rawValue: 1 << 9)
        public static let curveEaseInOut = Self(rawValue: 0 << 16)
        public static let curveEaseIn = Self(rawValue: 1 << 16)
        public static let curveEaseOut = Self(rawValue: 2 << 16)
        public static let curveLinear = Self(rawValue: 3 << 16)
        public static let transitionCrossDissolve = Self(rawValue: 5 << 20)
        public static let preferredFramesPerSecondDefault = Self(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = Self(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = Self(rawValue: 7 << 24)

        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xf {
            case 1: CAMediaTimingFunction(name: .easeIn)
            case 2: CAMediaTimingFunction(name: .easeOut)
            case 3: CAMediaTimingFunction(name: .linear)
            default: CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }

    /// `UIView.AnimationCurve` (unshifted), as UIKit's.
    public enum AnimationCurve: Int, Sendable { case easeInOut = 0, easeIn = 1, easeOut = 2, linear = 3 }

    /// What the innermost running animation block animates with; nil outside one.
    nonisolated(unsafe) static var currentAnimationContext: AnimationContext?

    /// Animates the changes `animations` makes to views' frames, bounds, centers, transforms, alphas and
    /// background colours (and layers' corner radii) over `duration` seconds: each property's model
    /// value is set at once; what is drawn moves from the shown value to it. `completion` runs once
    /// when all of them ended (`finished` false if one was interrupted by another animation of the same
    /// property or removed); with nothing to animate, or a duration ≤ 0, it runs on the next turn of
    /// the loop. Differences from UIKit: every animation begins from the shown state
    /// (`.beginFromCurrentState` always); an animation replaced by a new one of the same property ends
    /// with `finished` false (UIKit lets additive animations run on); `transition…` options are ignored.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(AnimationContext(duration: duration, delay: delay, options: options, spring: nil), animations, completion)
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// A spring: `dampingRatio` 1 settles without overshoot, smaller values oscillate; `velocity` is in
    /// units of the whole distance per second, as UIKit's.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                               initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = SpringParameters(dampingRatio: dampingRatio, duration: duration, initialVelocity: velocity)
        run(AnimationContext(duration: duration, delay: delay, options: options, spring: spring), animations, completion)
    }

    /// iOS 17's spring: settles in about `duration` seconds, overshooting by `bounce` (0: none).
    public static func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
                               delay: TimeInterval = 0, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = SpringParameters(duration: duration, bounce: bounce, initialVelocity: velocity)
        run(AnimationContext(duration: spring.settlingDuration, delay: delay, options: options, spring: spring), animations, completion)
    }

    /// Runs `actions` with no animation, even inside an animation block.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        let outer = currentAnimationContext
        currentAnimationContext = nil
        actions()
        currentAnimationContext = outer
    }

    /// Whether changes made now are animated (inside an animation block).
    public static var inheritedAnimationDuration: TimeInterval { currentAnimationContext?.duration ?? 0 }

    private static func run(_ context: AnimationContext, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        let outer = currentAnimationContext
        // A block inside another takes the outer one's duration and curve, unless its options say not
        // to, as UIKit's.
        var context = context
        if let outer, context.duration > 0 {
            let duration = context.options.contains(.overrideInheritedDuration) ? context.duration : outer.duration
            let curve = context.options.contains(.overrideInheritedCurve)
            let options = curve ? context.options : context.options.subtracting(AnimationOptions(rawValue: 0xf << 16))
                .union(AnimationOptions(rawValue: outer.options.rawValue & (0xf << 16)))
            context = AnimationContext(duration: duration, delay: context.delay, options: options, spring: curve ? context.spring : outer.spring)
        }
        currentAnimationContext = context.duration > 0 ? context : nil
        animations()
        currentAnimationContext = outer
        context.seal(completion: completion)
    }

    /// Inside an animation block, animates `keyPath` of this view's layer from the shown value.
    func animateChange<Value>(_ keyPath: String, from old: Value, to new: Value) {
        guard let context = UIView.currentAnimationContext else { return }
        context.animate(layer, keyPath: keyPath, from: layer.shownValue(keyPath, old), to: new)
    }
}

/// One animation block: makes an animation for each property its block changes, and runs the block's
/// completion once they all ended.
@MainActor
final class AnimationContext {
    let duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions
    let spring: SpringParameters?
    /// The property animator whose blocks run in this context: it drives and ends the animations.
    weak var driver: UIViewPropertyAnimator?
    private var running = 0, allFinished = true
    private var sealed = false, completion: ((Bool) -> Void)?
    private(set) var madeAnimations: [(layer: CALayer, animation: CAPropertyAnimation)] = []

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, spring: SpringParameters?) {
        (self.duration, self.delay, self.options, self.spring) = (duration, delay, options, spring)
    }

    func animate(_ layer: CALayer, keyPath: String, from: Any, to: Any) {
        // Changed again in the same block: the animation already made goes to the new value instead.
        if let made = madeAnimations.last(where: { $0.layer === layer && $0.animation.keyPath == keyPath })?.animation as? CABasicAnimation,
           layer.animation(forKey: keyPath) === made {
            made.toValue = to
            return
        }
        let animation: CABasicAnimation
        if let spring {
            let springAnimation = CASpringAnimation()
            (springAnimation.mass, springAnimation.stiffness, springAnimation.damping, springAnimation.initialVelocity) =
                (spring.mass, spring.stiffness, spring.damping, spring.initialVelocity)
            animation = springAnimation
        } else {
            animation = CABasicAnimation()
            animation.timingFunction = options.timingFunction
        }
        animation.keyPath = keyPath
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.startDelay = delay
        animation.fillMode = .both
        if options.contains(.repeat) { animation.repeatCount = .greatestFiniteMagnitude }
        animation.autoreverses = options.contains(.autoreverse)
        animation.driver = driver
        animation.blocksUserInteraction = driver == nil && !options.contains(.allowUserInteraction)
        running += 1
        animation.completion = { [self] finished in
            allFinished = allFinished && finished
            running -= 1
            if running == 0, sealed { complete() }
        }
        layer.add(animation, forKey: keyPath)
        // Kept while the block's animations run (a second change of the property in the block, or the
        // property animator driving them); the animation's end lets the context go.
        if let added = layer.animation(forKey: keyPath) as? CAPropertyAnimation { madeAnimations.append((layer, added)) }
    }

    /// The block has run: with nothing animating, the completion runs on the next turn of the loop.
    func seal(completion: ((Bool) -> Void)?) {
        self.completion = completion
        sealed = true
        if running == 0 {
            guard completion != nil else { return }
            DispatchQueue.main.async { [self] in complete() }
        }
    }

    private func complete() {
        let completion = self.completion
        self.completion = nil
        completion?(allFinished)
    }
}
