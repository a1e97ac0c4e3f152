import Foundation

/// Keys for the two controllers of a transition: `.from` is the one on screen before it (the presenter
/// when presenting), `.to` the one after it.
public struct UITransitionContextViewControllerKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = Self(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = Self(rawValue: "UITransitionContextToViewControllerKey")
}

/// Keys for the two views of a transition (see `UITransitionContextViewControllerKey`).
public struct UITransitionContextViewKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = Self(rawValue: "UITransitionContextFromViewKey")
    public static let to = Self(rawValue: "UITransitionContextToViewKey")
}

/// What alongside blocks and completions learn of the transition they run with.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition animates: a presentation or dismissal made with `animated: true`; a window
    /// resize or trait change is applied at once (false).
    var isAnimated: Bool { get }
    /// Always false: SceneHost has no interactive transitions yet.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled; SceneHost's transitions always complete (false).
    var isCancelled: Bool { get }
    /// The animation's length in seconds; 0 when not animated.
    var transitionDuration: TimeInterval { get }
    /// The style of the presentation being presented or dismissed; `.none` for a size or trait transition.
    var presentationStyle: UIModalPresentationStyle { get }
    /// The view the transition happens in: the presentation's container view, or the window for a size
    /// or trait transition.
    var containerView: UIView { get }
    /// The controller on screen before (`.from`) or after (`.to`) the transition; nil for size and trait
    /// transitions.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view that leaves (`.from`, when dismissing) or arrives (`.to`, when presenting).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// Lets code run alongside a transition (a presentation, a dismissal, a size or trait change) and
/// after it.
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// `animation` runs with the transition's animation: inside its animation block for an animated
    /// presentation or dismissal (so the changes it makes animate with the same duration and curve); for
    /// a size or trait change, once the new size and traits are applied and before layout. `completion`
    /// runs after it: after the animation ends, or after the layout at the new size. Blocks run in the
    /// order they were added. Returns true; a block added after the transition's animation began runs
    /// at once (its animation) or with the other completions.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool

    /// As `animate(alongsideTransition:completion:)`, for a view outside the transition's container
    /// (UIKit uses `view` to find the animation's layer tree; SceneHost animates every scene view the
    /// same way, so `view` only documents intent).
    @discardableResult
    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

/// The coordinator of one transition: a size or trait change of a scene (not animated), or a
/// presentation or dismissal (animated when asked to be). Runs its alongside blocks once
/// (`runAlongside()`), then its completions (`complete()`).
@MainActor
class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    let isAnimated: Bool
    let isInteractive = false
    let isCancelled = false
    var transitionDuration: TimeInterval
    var presentationStyle: UIModalPresentationStyle
    weak var container: UIView?
    weak var fromController: UIViewController?, toController: UIViewController?
    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var ranAlongside = false, completed = false
    var hasRunAlongside: Bool { ranAlongside }

    /// A size or trait transition in `container` (a window); nil for one announced before any window.
    init(container: UIView? = nil) {
        isAnimated = false
        transitionDuration = 0
        presentationStyle = .none
        self.container = container
    }

    /// A presentation (or dismissal) of `to` over `from`.
    init(animated: Bool, duration: TimeInterval, style: UIModalPresentationStyle, container: UIView?,
         from: UIViewController?, to: UIViewController?) {
        isAnimated = animated
        transitionDuration = animated ? duration : 0
        presentationStyle = style
        self.container = container
        fromController = from
        toController = to
    }

    var containerView: UIView { container ?? UIView() }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? fromController : key == .to ? toController : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? fromController?.viewIfLoaded : key == .to ? toController?.viewIfLoaded : nil
    }

    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let animation {
            if ranAlongside { animation(self) } else { alongside.append(animation) }
        }
        if let completion {
            if completed { completion(self) } else { completions.append(completion) }
        }
        return true
    }

    @discardableResult
    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    /// Runs the alongside blocks (once; later ones run as they are added).
    func runAlongside() {
        ranAlongside = true
        while !alongside.isEmpty {
            let blocks = alongside
            alongside = []
            for block in blocks { block(self) }
        }
    }

    /// Runs the alongside blocks if they have not run, then the completions.
    func complete() {
        runAlongside()
        completed = true
        let blocks = completions
        completions = []
        for block in blocks { block(self) }
    }
}
