import Foundation
@_spi(Runtime) @testable import SceneHostCore

/// An offscreen scene of `size` showing `root`, drawn once.
@MainActor
func presentationScene(_ size: CGSize, root: UIViewController = UIViewController()) -> UIWindowScene {
    let scene = UIWindowScene.offscreen(size: size, rootViewController: root)
    _ = scene.renderImage()
    return scene
}

/// One frame of an offscreen scene at `time` (animations sampled then; what waits for a frame runs).
@MainActor
func presentationFrame(_ scene: UIWindowScene, at time: CFTimeInterval = CACurrentMediaTime()) {
    _ = scene.offscreenHost!.prepareFrame(at: time)
}

/// Resizes an offscreen scene as a window manager would, then draws a frame.
@MainActor
func resize(_ scene: UIWindowScene, to size: CGSize) {
    scene.offscreenHost!.place(CGRect(origin: .zero, size: size))
    presentationFrame(scene)
}

/// A click (press and release) at `point`, window coordinates.
@MainActor
func click(_ scene: UIWindowScene, at point: CGPoint) {
    scene.pointerPressed(at: point)
    scene.pointerReleased(at: point)
}

/// Records the adaptive delegate's calls, and answers as the test says.
@MainActor
final class PresentationDelegateLog: UIAdaptivePresentationControllerDelegate {
    var calls: [String] = []
    var shouldDismiss = true
    /// What `adaptivePresentationStyle(for:traitCollection:)` answers; nil: not implemented (the default).
    var adaptiveStyle: ((UITraitCollection) -> UIModalPresentationStyle)?
    var replacement: UIViewController?

    func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        guard let adaptiveStyle else { return traitCollection.horizontalSizeClass == .compact ? adaptivePresentationStyle(for: controller) : .automatic }
        return adaptiveStyle(traitCollection)
    }
    func presentationController(_ controller: UIPresentationController,
                                viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController? {
        calls.append("replacement \(style)")
        return replacement
    }
    func presentationController(_ presentationController: UIPresentationController, willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                transitionCoordinator: (any UIViewControllerTransitionCoordinator)?) {
        calls.append("willPresent \(style)")
    }
    func presentationController(_ presentationController: UIPresentationController, prepare adaptivePresentationController: UIPresentationController) {
        calls.append("prepare \(type(of: adaptivePresentationController))")
    }
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        calls.append("shouldDismiss")
        return shouldDismiss
    }
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { calls.append("willDismiss") }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { calls.append("didDismiss") }
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { calls.append("didAttempt") }
}

/// A controller whose content asks for `size`.
@MainActor
func content(_ size: CGSize = .zero, color: UIColor = .systemBlue) -> UIViewController {
    let controller = UIViewController()
    controller.view.backgroundColor = color
    controller.preferredContentSize = size
    return controller
}
