import Foundation

/// The context alongside blocks receive. SceneHost applies size and trait changes without animation,
/// so the transition is always complete and never cancelled.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
}

/// Lets code run alongside a size or trait transition and after it.
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// `animation` runs with the change applied (before layout), `completion` after it; blocks run in
    /// the order they were added. Returns true.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

/// The coordinator SceneHost passes to `willTransition(to:with:)` and `viewWillTransition(to:with:)`.
@MainActor
final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    let isAnimated = false
    let isCancelled = false
    let transitionDuration: TimeInterval = 0
    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func runAlongside() {
        let blocks = alongside
        alongside = []
        for block in blocks { block(self) }
    }

    func complete() {
        runAlongside()
        let blocks = completions
        completions = []
        for block in blocks { block(self) }
    }
}
