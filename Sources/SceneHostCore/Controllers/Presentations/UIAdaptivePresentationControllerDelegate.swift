import Foundation

/// Decides how a presentation adapts to its environment and hears of the person's dismissals. Every
/// method is optional (default implementations below), as in UIKit.
///
/// Adaptation: a presentation asks `adaptivePresentationStyle(for:traitCollection:)` when it is
/// presented and whenever its window's traits change while it is on screen (a window crossing the
/// compact/regular width of 678 pt adapts live, and back). Dismissals: `presentationControllerShouldDismiss`,
/// `…WillDismiss`, `…DidDismiss` and `…DidAttemptToDismiss` are sent only for the person's dismissals
/// (Escape, a click on the dimmed area or outside a popover, dragging a sheet down), never for
/// `dismiss(animated:)`.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    /// The style to adapt to in a horizontally compact environment (only `.fullScreen`, `.overFullScreen`
    /// and `.none` are valid, as in UIKit; `.none`: don't adapt). Asked only when the
    /// `(for:traitCollection:)` form is not implemented and the width is compact. The default returns
    /// `.automatic`, which SceneHost reads as "no opinion": the controller's own default applies.
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
    /// The style to adapt to in `traitCollection` (`.none`: don't adapt; `.automatic`, the default's
    /// answer: no opinion). The default asks `adaptivePresentationStyle(for:)` when the width is compact.
    func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle
    /// A controller to show instead of the presented one while adapted to `style` (e.g. the content in
    /// a navigation controller with a Done button); nil (the default) keeps the presented controller.
    func presentationController(_ controller: UIPresentationController,
                                viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController?
    /// The presentation is about to show (or, on a trait change, to show again) adapted to `style`;
    /// `.none` when it does not adapt. `transitionCoordinator` is the transition's.
    func presentationController(_ presentationController: UIPresentationController,
                                willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                transitionCoordinator: (any UIViewControllerTransitionCoordinator)?)
    /// A chance to configure the presentation controller the presentation adapts to (a popover's
    /// `adaptiveSheetPresentationController`) before it is used.
    func presentationController(_ presentationController: UIPresentationController, prepare adaptivePresentationController: UIPresentationController)
    /// Whether the person may dismiss the presentation now (default true). Not asked while
    /// `isModalInPresentation` is true.
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    /// The person is dismissing the presentation: sent before the dismissal's animation.
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// The person dismissed the presentation: sent after the dismissal's animation.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    /// The person tried to dismiss it and was refused (`isModalInPresentation`, or `ShouldDismiss` false).
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

/// The defaults of every delegate method: no opinion on the style, no replacement, dismissals allowed.
extension UIAdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle { .automatic }
    public func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        traitCollection.horizontalSizeClass == .compact ? adaptivePresentationStyle(for: controller) : .automatic
    }
    public func presentationController(_ controller: UIPresentationController,
                                       viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController? { nil }
    public func presentationController(_ presentationController: UIPresentationController,
                                       willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                       transitionCoordinator: (any UIViewControllerTransitionCoordinator)?) {}
    public func presentationController(_ presentationController: UIPresentationController,
                                       prepare adaptivePresentationController: UIPresentationController) {}
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

/// Supplies a custom presentation's presentation controller (`.custom`) and animators (any style).
/// Every method is optional; the defaults return nil (SceneHost's own controller and animation).
/// Interactive transitions are not supported yet.
@MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// The presentation controller of a `.custom` presentation (a `UIPresentationController` subclass).
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

/// The defaults: SceneHost's own presentation controller and animation.
extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

/// Animates a presentation or dismissal: `animateTransition(using:)` animates the context's views and
/// calls `completeTransition(_:)` when done. When it runs, the presented view is already in the
/// container view at its final frame (SceneHost adds it; UIKit leaves that to the animator: an
/// animator that adds it again changes nothing).
@MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// The animation's length in seconds (the coordinator's `transitionDuration`).
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// Animates the views; must call `completeTransition(_:)` at the end.
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// After `completeTransition(_:)`; optional.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// What an animator gets: the container, the controllers and views, their frames, and
/// `completeTransition(_:)` to call when the animation ends.
@MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    /// Always false: no interactive transitions yet.
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The frame `vc` has before the transition (`.zero` when it is not on screen then).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// The frame `vc` has after it (`.zero` when it leaves the screen).
    func finalFrame(for vc: UIViewController) -> CGRect
    /// Ends the transition; `didComplete` false is treated as true (cancelling is not supported yet).
    func completeTransition(_ didComplete: Bool)
}
