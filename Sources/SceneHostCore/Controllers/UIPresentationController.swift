import Foundation

/// Manages a presented view controller: the container view it lives in above the window's content,
/// where it sits, and the traits it gets. In the trait chain it sits between the window and the
/// presented controller (window → presentation controller → presented controller → its view), so its
/// `traitOverrides` adapt the presented interface, e.g. a compact width for a sheet.
@MainActor
open class UIPresentationController: UIResponder, UITraitChangeObservable, TraitSource {
    public let presentedViewController: UIViewController
    public unowned let presentingViewController: UIViewController
    /// The view the presented view is placed in; it covers the window while presented.
    public private(set) var containerView: UIView?

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
        super.init()
    }

    public var presentedView: UIView? { presentedViewController.viewIfLoaded }

    /// The style the presented controller asked for.
    open var presentationStyle: UIViewController.ModalPresentationStyle { presentedViewController.modalPresentationStyle }

    /// Where the presented view goes: the whole container for full-screen styles and in compact
    /// environments; otherwise a centred sheet (at most 540 × 620 pt, as UIKit's form sheet).
    open var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        switch presentationStyle {
        case .fullScreen, .overFullScreen, .currentContext, .overCurrentContext, .none, .custom:
            return bounds
        default:
            guard traitCollection.horizontalSizeClass == .regular, traitCollection.verticalSizeClass == .regular else { return bounds }
            let size = CGSize(width: min(540, bounds.width - 40), height: min(620, bounds.height - 40))
            return CGRect(x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                          width: size.width, height: size.height)
        }
    }

    /// Called around the container view's layout; traits read here are tracked.
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}

    // MARK: Traits

    let traitState = TraitState()

    /// The window's traits with this controller's overrides; the presented controller inherits them.
    public var traitCollection: UITraitCollection { traitState.collection }

    public var traitOverrides: UITraitOverrides {
        get { traitState.overrides }
        set {
            traitState.overrides = newValue
            traitState.needsUpdate = true
            containerView?.setNeedsTraitUpdate()
        }
    }

    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    func applyTraits(inherited: UITraitCollection) {
        guard let (previous, changes) = traitState.apply(inherited: inherited) else { return }
        if traitState.layoutReads.intersects(changes) { containerView?.setNeedsLayout() }
        traitState.notify(self, previous: previous, changes: changes)
    }

    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        registerHandler(traits, handler)
    }

    @discardableResult
    public func registerForTraitChanges<Target: AnyObject>(
        _ traits: [UITrait], target: Target, action: @escaping (Target) -> () -> Void) -> any UITraitChangeRegistration {
        registerAction(traits, target: target, action: action)
    }

    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) { traitState.unregister(registration) }

    // MARK: Installing

    func install(in window: UIWindow) {
        let container = PresentationContainerView(controller: self)
        container.frame = window.bounds
        containerView = container
        container.addSubview(presentedViewController.view)
        window.addSubview(container)
    }

    func uninstall() {
        presentedViewController.viewIfLoaded?.removeFromSuperview()
        containerView?.removeFromSuperview()
        containerView = nil
    }
}

/// Covers the window while something is presented; lays the presented view out where its presentation
/// controller says, with the controller's layout callbacks around it.
@MainActor
final class PresentationContainerView: UIView {
    unowned(unsafe) let controller: UIPresentationController

    init(controller: UIPresentationController) {
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = UIColor(white: 0, alpha: 0.2)
        traitSource = controller
    }

    override func layoutSubviews() {
        controller.traitState.layoutReads = TraitReads.tracking {
            controller.containerViewWillLayoutSubviews()
            controller.presentedViewController.viewIfLoaded?.frame = controller.frameOfPresentedViewInContainerView
            controller.containerViewDidLayoutSubviews()
        }
    }
}
