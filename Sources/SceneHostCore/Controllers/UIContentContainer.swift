import Foundation

/// What a container of view controllers (a view controller, a presentation controller) takes part
/// in: the preferred size its content asks for and the size and trait transitions passed down to it.
/// `UIViewController` and `UIPresentationController` adopt it, as in UIKit.
///
/// Forwarding, as UIKit's: the scene tells each window's root view controller and each presentation
/// controller on screen (`viewWillTransition(to:with:)` and `willTransition(to:with:)`); a view
/// controller forwards to its children, a presentation controller to its presented controller, each
/// with the size `size(forChildContentContainer:withParentContainerSize:)` gives, skipping a child whose
/// size would not change.
@MainActor
public protocol UIContentContainer: AnyObject {
    /// The size the container's content would like (a popover is sized by it); zero: no preference.
    var preferredContentSize: CGSize { get }
    /// A child changed its `preferredContentSize`.
    func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// A child's Auto Layout fitting size changed. SceneHost sends it when a child controller's root
    /// view invalidates its intrinsic content size.
    func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// The size `container` will have when this container is `parentSize`.
    func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
    /// The container's view is about to become `size`; the coordinator's completions run once it is laid out.
    func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
    /// The container's traits are about to become `newCollection`, before any trait-change handler runs.
    func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator)
}

/// UIKit's top-level name for the presentation styles.
public typealias UIModalPresentationStyle = UIViewController.ModalPresentationStyle
/// UIKit's top-level name for the transition styles.
public typealias UIModalTransitionStyle = UIViewController.ModalTransitionStyle

extension UITraitCollection {
    /// This collection with `overrides` applied (what an owner with those overrides will have).
    func applying(_ overrides: UITraitOverrides) -> UITraitCollection {
        UITraitCollection(storage: overrides.storage.applied(to: storage))
    }
}
