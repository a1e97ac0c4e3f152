import Foundation

/// The transition of one presentation or dismissal: its coordinator (alongside blocks, completions)
/// and the context a custom animator gets.
@MainActor
final class PresentationTransition: TransitionCoordinator, UIViewControllerContextTransitioning {
    let transitionWasCancelled = false
    private var initialFrames: [ObjectIdentifier: CGRect] = [:], finalFrames: [ObjectIdentifier: CGRect] = [:]
    /// What `completeTransition(_:)` finishes (set by the presentation before the animator runs).
    var onComplete: (() -> Void)?
    /// Whether this is a dismissal: the presented view is the `.from` view, and there is no `.to` view
    /// (the presenter's stays where it is), as in UIKit; when presenting, only the `.to` view.
    var isDismissal = false

    override func view(forKey key: UITransitionContextViewKey) -> UIView? {
        if isDismissal { return key == .from ? viewController(forKey: .from)?.viewIfLoaded : nil }
        return key == .to ? viewController(forKey: .to)?.viewIfLoaded : nil
    }

    func setFrames(of controller: UIViewController, initial: CGRect, final: CGRect) {
        initialFrames[ObjectIdentifier(controller)] = initial
        finalFrames[ObjectIdentifier(controller)] = final
    }

    func initialFrame(for vc: UIViewController) -> CGRect { initialFrames[ObjectIdentifier(vc)] ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { finalFrames[ObjectIdentifier(vc)] ?? .zero }

    func completeTransition(_ didComplete: Bool) {
        let finish = onComplete
        onComplete = nil
        finish?()
    }
}

/// A transition's end, run once: by its animation (or the frame after it), or early when the presenter
/// goes away.
@MainActor
final class TransitionEnd {
    private var action: (() -> Void)?
    init(_ action: @escaping () -> Void) { self.action = action }
    func run() {
        let action = self.action
        self.action = nil
        action?()
    }
}

extension UIViewController {
    /// The presentation controller this controller's style calls for (see `presentationController`).
    func makePresentationController(presenting: UIViewController?, source: UIViewController?) -> UIPresentationController {
        switch modalPresentationStyle {
        case .custom:
            if let delegate = transitioningDelegate,
               let custom = delegate.presentationController(forPresented: self, presenting: presenting, source: source ?? presenting ?? self) {
                return custom
            }
            return UIPresentationController(presentedViewController: self, presenting: presenting)
        case .popover:
            return UIPopoverPresentationController(presentedViewController: self, presenting: presenting)
        case .pageSheet, .formSheet, .automatic:
            return UISheetPresentationController(presentedViewController: self, presenting: presenting)
        default:
            return UIPresentationController(presentedViewController: self, presenting: presenting)
        }
    }

    /// `present(_:animated:completion:)`'s work (see its documentation).
    func presentViewController(_ presented: UIViewController, animated: Bool, completion: (() -> Void)?) {
        // The controller at the top of this one's containers presents, as in UIKit (the window's root, or
        // a presented controller).
        var base = self
        while let parent = base.parent { base = parent }
        if let current = presentedViewController ?? base.presentedViewController {
            // Presenting over a controller on its way out waits until it is gone.
            if let presentation = current.storedPresentationController, presentation.isDismissing {
                presentation.afterTransition.append { [weak self] in
                    self?.presentViewController(presented, animated: animated, completion: completion)
                }
                return
            }
            // As UIKit: refused, and `completion` does not run.
            SceneHostLog.warning("present(_:animated:) ignored: \(type(of: base)) is already presenting \(type(of: current))")
            return
        }
        guard let window = viewIfLoaded?.window, presented.presentingViewController == nil, presented !== self else {
            SceneHostLog.warning("present(_:animated:) ignored: the presenting controller's view is not in a window, or the controller is already presented")
            return
        }
        var presenter = base
        if [.currentContext, .overCurrentContext].contains(presented.modalPresentationStyle) {
            var candidate: UIViewController? = self
            while let controller = candidate, !controller.definesPresentationContext { candidate = controller.parent }
            let context = candidate ?? window.rootViewController ?? self
            if context.presentedViewController == nil, context.viewIfLoaded?.window === window { presenter = context }
        }
        // A `.custom` presentation gets a new presentation controller each time, but the one asked for
        // (`presentationController`) before this presentation is kept, with its settings.
        if presented.storedPresentationController.map({ presented.modalPresentationStyle == .custom && $0.wasPresented }) ?? true {
            presented.storedPresentationController = presented.makePresentationController(presenting: presenter, source: self)
        }
        guard let presentation = presented.storedPresentationController else { return }
        presentation.wasPresented = true
        presentation.presentingStorage = presenter
        presenter.presentedViewController = presented
        presented.presentingViewController = presenter

        let animator = presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenter, source: self)
        let coordinator = PresentationTransition(animated: animated, duration: 0, style: presentation.presentationStyle,
                                                 container: nil, from: presenter, to: presented)
        presentation.activeTransition = coordinator
        presentation.adapt(to: window.traitCollection.applying(presentation.traitOverrides), coordinator: coordinator, initial: true)
        coordinator.presentationStyle = presentation.effectiveStyle
        coordinator.toController = presentation.shownViewController
        let duration = animator?.transitionDuration(using: coordinator) ?? presentation.builtInDuration(presenting: true)
        coordinator.transitionDuration = animated ? duration : 0

        let covers = presentation.shouldRemovePresentersView
        presentation.presenterViewRemoved = covers
        if covers { presenter.beginAppearanceTransition(false, animated: animated) }
        presented.isBeingPresented = true
        let shown = presentation.shownViewController
        shown.appearanceHeldByTransition = true
        presentation.makeContainer(in: window)
        coordinator.container = presentation.containerView
        presentation.presentationTransitionWillBegin()
        presentation.addPresentedView()
        if let container = presentation.containerView {
            container.updateTraitsIfNeeded()
            container.layoutIfNeeded()
            coordinator.setFrames(of: shown, initial: .zero, final: presentation.frameOfPresentedViewInContainerView)
        }

        let finish = { [weak presentation, weak presenter, weak presented] in
            guard let presentation, let presented, presentation.activeTransition === coordinator else { return }
            presentation.presentationTransitionDidEnd(true)
            if covers, let presenter {
                presenter.endAppearanceTransition()
                presenter.viewIfLoaded?.isHidden = true
            }
            presentation.shownViewController.endHeldAppearance()
            presented.isBeingPresented = false
            coordinator.complete()
            presentation.activeTransition = nil
            animator?.animationEnded(true)
            completion?()
            presentation.runAfterTransition()
        }
        let end = TransitionEnd(finish)
        presentation.transitionEnd = end
        if animated {
            if let animator {
                coordinator.onComplete = end.run
                UIView.animate(withDuration: duration, delay: 0, options: [], animations: {
                    animator.animateTransition(using: coordinator)
                    coordinator.runAlongside()
                })
            } else {
                presentation.setBuiltInState(shown: false)
                UIView.animate(withDuration: duration, delay: 0, options: .curveEaseOut, animations: {
                    presentation.setBuiltInState(shown: true)
                    coordinator.runAlongside()
                }, completion: { _ in end.run() })
            }
        } else {
            // An earlier animated dismissal left the views slid out (or faded): back on screen.
            if animator == nil { presentation.setBuiltInState(shown: true) }
            coordinator.runAlongside()
            presentation.pendingFinish = end.run
            // Without a scene no frame comes (and a scene that disconnects runs what waited for one).
            if let scene = window.windowScene {
                scene.afterNextFrame { [weak presentation] in presentation?.finishPendingPresentation() }
            } else {
                presentation.finishPendingPresentation()
            }
        }
    }

    /// Dismisses this presented controller (see `dismiss(animated:completion:)`). `force`: its presenter
    /// is going away, so a running transition ends now instead of the dismissal waiting for it (the
    /// presentation must not outlive the controllers it refers to).
    func dismissPresentation(animated: Bool, force: Bool = false, completion: (() -> Void)?) {
        guard let presentation = storedPresentationController, presentingViewController != nil else {
            completion?()
            return
        }
        presentation.finishPendingPresentation()
        if force {
            // Ending a transition may start what waited for it (a dismissal): that ends too.
            while presentation.activeTransition != nil, let end = presentation.transitionEnd {
                presentation.transitionEnd = nil
                end.run()
            }
        }
        guard let presenter = presentingViewController else {
            completion?()
            return
        }
        if presentation.activeTransition != nil {
            presentation.afterTransition.append { [weak self] in self?.dismissPresentation(animated: animated, completion: completion) }
            return
        }
        if let above = presentedViewController {
            // A stack: only the topmost animates, as in UIKit; the levels between (this one included)
            // leave the screen at once and are removed after it.
            let top = above.topmostPresented
            if animated, !force, top.storedPresentationController?.containerView?.window != nil {
                var level: UIViewController? = self
                while let controller = level, controller !== top {
                    if let between = controller.storedPresentationController {
                        between.containerView?.isHidden = true
                        if between.presenterViewRemoved { controller.presentingViewController?.viewIfLoaded?.isHidden = false }
                    }
                    level = controller.presentedViewController
                }
                top.dismissPresentation(animated: true) { [weak self] in
                    guard let self else {
                        completion?()
                        return
                    }
                    self.dismissPresentation(animated: false, completion: completion)
                }
                return
            }
            // What this controller presents goes first, at once.
            above.dismissPresentation(animated: false, force: true, completion: nil)
        }
        let shown = presentation.shownViewController
        let window = presentation.containerView?.window
        let animator = transitioningDelegate?.animationController(forDismissed: self)
        let animates = animated && window != nil
        let coordinator = PresentationTransition(animated: animates, duration: 0, style: presentation.effectiveStyle,
                                                 container: presentation.containerView, from: shown, to: presenter)
        let duration = animator?.transitionDuration(using: coordinator) ?? presentation.builtInDuration(presenting: false)
        coordinator.transitionDuration = animates ? duration : 0
        coordinator.isDismissal = true
        coordinator.setFrames(of: shown, initial: presentation.presentedView?.frame ?? .zero, final: .zero)
        presentation.activeTransition = coordinator
        presentation.isDismissing = true

        let covers = presentation.presenterViewRemoved
        if covers {
            presenter.viewIfLoaded?.isHidden = false
            presenter.beginAppearanceTransition(true, animated: animates)
        }
        isBeingDismissed = true
        shown.beginAppearanceTransition(false, animated: animates)
        presentation.dismissalTransitionWillBegin()

        let scene = window?.windowScene
        let unlink = { [weak self, weak presentation, weak presenter] in
            guard let self, let presentation else { return }
            presentation.uninstall()
            presentation.dismissalTransitionDidEnd(true)
            if covers, let presenter, let scene { scene.appearanceEnds.append(presenter) }
            self.isBeingDismissed = false
            presenter?.presentedViewController = nil
            self.presentingViewController = nil
            presentation.isDismissing = false
            presentation.presenterViewRemoved = false
        }
        let finish = { [weak presentation] in
            coordinator.complete()
            // The same presentation controller may be presenting again by now (this dismissal was not
            // animated): its new transition is not this one's to end.
            let current = presentation?.activeTransition === coordinator
            if current { presentation?.activeTransition = nil }
            animator?.animationEnded(true)
            completion?()
            if current { presentation?.runAfterTransition() }
        }
        if animates {
            let end = TransitionEnd { unlink(); finish() }
            presentation.transitionEnd = end
            if let animator {
                coordinator.onComplete = end.run
                UIView.animate(withDuration: duration, delay: 0, options: [], animations: {
                    animator.animateTransition(using: coordinator)
                    coordinator.runAlongside()
                })
            } else {
                UIView.animate(withDuration: duration, delay: 0, options: .curveEaseIn, animations: {
                    presentation.setBuiltInState(shown: false)
                    coordinator.runAlongside()
                }, completion: { _ in end.run() })
            }
        } else {
            coordinator.runAlongside()
            unlink()
            // Not animated: unlinked now, completed once the frame without the presentation is drawn.
            let end = TransitionEnd(finish)
            presentation.transitionEnd = end
            if let scene { scene.afterNextFrame(end.run) } else { end.run() }
        }
    }

    /// The last controller of the presentations from this one up.
    var topmostPresented: UIViewController {
        var top = self
        while let next = top.presentedViewController { top = next }
        return top
    }

    /// Whether appearance callbacks wait for a presentation's animation (this controller or a parent).
    var isHeldByTransition: Bool { appearanceHeldByTransition || parent?.isHeldByTransition == true }

    /// The presentation ended: `viewDidAppear` for this controller, then its children still appearing.
    func endHeldAppearance() {
        appearanceHeldByTransition = false
        endAppearanceTransition()
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in children where child.appearance.state == .appearing { child.endHeldAppearance() }
    }
}

extension UIPresentationController {
    /// Ends a presentation made without animation now, if its frame has not come yet.
    func finishPendingPresentation() {
        guard let finish = pendingFinish else { return }
        pendingFinish = nil
        finish()
    }

    /// The built-in animation's length: popovers and alerts fade quicker than sheets slide.
    func builtInDuration(presenting: Bool) -> TimeInterval {
        switch chrome {
        case .popover, .alert: 0.2
        default: presenting ? 0.35 : 0.3
        }
    }

    /// Whether the built-in animation slides the presented view up (or fades it).
    private var slides: Bool {
        chrome != .popover && chrome != .alert && presentedViewController.modalTransitionStyle == .coverVertical
    }

    /// The built-in animation's two ends: on screen, or (before presenting, after dismissing) slid below
    /// the container or faded out. The views move by transform, which layout leaves alone.
    func setBuiltInState(shown: Bool) {
        guard let containerView else { return }
        let moving = [presentedView, backdropView] + extraChromeViews
        if slides {
            let frame = frameOfPresentedViewInContainerView
            let offset = max(containerView.bounds.maxY - frame.minY, 0)
            let transform = shown ? CGAffineTransform.identity : CGAffineTransform(translationX: 0, y: offset)
            for case let view? in moving { view.transform = transform }
        } else {
            for case let view? in moving { view.alpha = shown ? 1 : 0 }
        }
        dimmingView?.alpha = shown ? dimmingAlpha : 0
    }
}

extension UIWindowScene {
    /// Runs `action` once the next frame is laid out and drawn (asking for that frame).
    func afterNextFrame(_ action: @escaping () -> Void) {
        afterFrameActions.append(action)
        host?.sceneNeedsFrame()
    }

    /// The actions waiting for this frame to be drawn.
    func runAfterFrameActions() {
        guard !afterFrameActions.isEmpty else { return }
        let actions = afterFrameActions
        afterFrameActions = []
        for action in actions { action() }
    }
}

extension UIWindow {
    /// The presentation controllers on screen in this window, bottom to top.
    var presentationControllers: [UIPresentationController] {
        subviews.compactMap { ($0 as? PresentationContainerView)?.controller }
    }
}

extension UIWindow {
    /// Whether a key command of the presented content (the responders from the first responder up to
    /// the presenter, exclusive) takes `input`: a navigation controller in a sheet pops on Escape before
    /// the sheet is dismissed.
    func presentedContentHandlesKey(_ input: String, modifierFlags: UIKeyModifierFlags, above presentation: UIPresentationController) -> Bool {
        let chain = keyCommandResponders
        let presenter = presentation.presentingViewController
        let content = chain.prefix { $0 !== presenter }
        // Only a chain through the presented content counts: a first responder left behind the
        // presentation (under a sheet) does not take the presentation's keys.
        let shown = presentation.shownViewController
        guard content.contains(where: { $0 === shown }) else { return false }
        return UIResponder.keyCommand(forInput: input, modifierFlags: modifierFlags, in: Array(content)) != nil
    }
}
