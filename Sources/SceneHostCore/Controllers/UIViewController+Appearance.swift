import Foundation

/// Where a controller is in its appearance: the state UIKit's appearance callbacks move through.
enum AppearanceState { case disappeared, appearing, appeared, disappearing }

extension UIViewController {
    /// Tells the controller its view is about to appear (`isAppearing`) or disappear, for containers
    /// that forward appearance themselves (`shouldAutomaticallyForwardAppearanceMethods` false): calls
    /// `viewWillAppear(_:)` or `viewWillDisappear(_:)` once; `endAppearanceTransition()` completes it.
    /// Never call the callbacks directly, as in UIKit.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearance.state == .disappeared || appearance.state == .disappearing else { return }
            appearance.state = .appearing
            appearance.animated = animated
            appearance.needsIsAppearing = true
            viewWillAppear(animated)
        } else {
            guard appearance.state == .appeared || appearance.state == .appearing else { return }
            appearance.state = .disappearing
            appearance.animated = animated
            viewWillDisappear(animated)
        }
    }

    /// Completes the transition `beginAppearanceTransition(_:animated:)` began: `viewDidAppear(_:)` (after
    /// `viewIsAppearing(_:)`, if no layout ran it) or `viewDidDisappear(_:)`.
    public func endAppearanceTransition() {
        switch appearance.state {
        case .appearing:
            runIsAppearingIfNeeded()
            appearance.state = .appeared
            viewDidAppear(appearance.animated)
            isMovingToParent = false
            isBeingPresented = false
        case .disappearing:
            appearance.state = .disappeared
            viewDidDisappear(appearance.animated)
            isMovingFromParent = false
            isBeingDismissed = false
        case .appeared, .disappeared:
            break
        }
    }

    /// `viewIsAppearing(_:)`, once per appearance: at the view's first layout, or before `viewDidAppear`.
    func runIsAppearingIfNeeded() {
        guard appearance.needsIsAppearing, appearance.state == .appearing else { return }
        appearance.needsIsAppearing = false
        viewIsAppearing(appearance.animated)
    }

    /// Whether this controller's appearance follows its view in and out of windows: not when its parent
    /// forwards appearance itself.
    private var forwardsAppearanceAutomatically: Bool { parent?.shouldAutomaticallyForwardAppearanceMethods ?? true }

    /// The root view entered a window: the controller begins appearing; it has appeared once the frame
    /// that shows it is drawn (the scene ends the transition then).
    func viewDidEnterWindow(_ window: UIWindow) {
        guard forwardsAppearanceAutomatically else { return }
        // A presentation ends the appearance of what it presents after its animation.
        if isHeldByTransition {
            beginAppearanceTransition(true, animated: transitionCoordinator?.isAnimated ?? false)
            return
        }
        beginAppearanceTransition(true, animated: false)
        window.windowScene?.appearanceEnds.append(self)
    }

    /// The root view is about to leave its window.
    func viewWillLeaveWindow() {
        guard forwardsAppearanceAutomatically else { return }
        beginAppearanceTransition(false, animated: false)
    }

    /// The root view left its window.
    func viewDidLeaveWindow() {
        guard forwardsAppearanceAutomatically else { return }
        endAppearanceTransition()
    }
}

/// A controller's appearance bookkeeping.
struct AppearanceRecord {
    var state = AppearanceState.disappeared
    var animated = false
    var needsIsAppearing = false
}

extension UIWindowScene {
    /// Ends the appearance of the controllers whose views entered a window in this frame: their
    /// `viewDidAppear(_:)` runs once the frame is drawn, parents first.
    func endPendingAppearances() {
        while !appearanceEnds.isEmpty {
            let controllers = appearanceEnds
            appearanceEnds = []
            for controller in controllers { controller.endAppearanceTransition() }
        }
    }
}
