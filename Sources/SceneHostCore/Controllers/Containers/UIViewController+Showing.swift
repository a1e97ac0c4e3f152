import Foundation

/// SceneHost's own containers that handle `show(_:sender:)` or `showDetailViewController(_:sender:)`
/// (UIKit finds them by asking whether the method is overridden; Swift cannot ask that).
@MainActor
protocol ShowActionHandling: UIViewController {
    /// The actions this container overrides.
    var handledShowActions: Set<UIViewController.ShowAction> { get }
}

extension UINavigationController: ShowActionHandling {
    /// A navigation controller pushes for `show(_:sender:)`; it does not handle
    /// `showDetailViewController(_:sender:)`, so that search goes on upward (to a split view, or to a
    /// modal presentation).
    var handledShowActions: Set<UIViewController.ShowAction> { [.show] }
}

extension UIViewController {
    /// An action `targetViewController(forAction:sender:)` looks for a handler of: UIKit's selectors
    /// `show(_:sender:)` and `showDetailViewController(_:sender:)`, as values (Swift on Linux has no
    /// selectors).
    public struct ShowAction: Hashable, Sendable {
        let name: String
        /// `show(_:sender:)`.
        public static let show = ShowAction(name: "show:sender:")
        /// `showDetailViewController(_:sender:)`.
        public static let showDetailViewController = ShowAction(name: "showDetailViewController:sender:")
    }

    /// UIKit's default search: this controller when it handles `action`, else its parent's answer (its
    /// presenting controller's, for a presented controller without a parent); nil when nothing does.
    ///
    /// Differs from UIKit: SceneHost's containers handle their actions (a navigation controller `.show`,
    /// a split view controller both), but an override of `show(_:sender:)` in a class of your own is
    /// not seen: override `targetViewController(forAction:sender:)` to return `self` for it too.
    func defaultTargetViewController(forAction action: ShowAction, sender: Any?) -> UIViewController? {
        if let handler = self as? ShowActionHandling, handler.handledShowActions.contains(action) { return self }
        return (parent ?? presentingViewController)?.targetViewController(forAction: action, sender: sender)
    }

    /// The default `show(_:sender:)`: the target for `.show` shows `vc` (a navigation controller
    /// pushes it); without one, the window's root controller presents it modally.
    func showFromTarget(_ vc: UIViewController, sender: Any?) {
        if let target = targetViewController(forAction: .show, sender: sender), target !== self {
            target.show(vc, sender: sender)
        } else {
            presentFromRoot(vc, action: "show(_:sender:)")
        }
    }

    /// The default `showDetailViewController(_:sender:)`: the target for `.showDetailViewController`
    /// shows `vc`; without one (a navigation controller is not one), the window's root presents it.
    func showDetailFromTarget(_ vc: UIViewController, sender: Any?) {
        if let target = targetViewController(forAction: .showDetailViewController, sender: sender), target !== self {
            target.showDetailViewController(vc, sender: sender)
        } else {
            presentFromRoot(vc, action: "showDetailViewController(_:sender:)")
        }
    }

    /// A modal presentation by the root controller of this controller's window.
    private func presentFromRoot(_ vc: UIViewController, action: String) {
        guard let root = viewIfLoaded?.window?.rootViewController else {
            SceneHostLog.warning("\(action) ignored: no controller handles it and this controller's view is not in a window to present from")
            return
        }
        root.present(vc, animated: true)
    }
}
