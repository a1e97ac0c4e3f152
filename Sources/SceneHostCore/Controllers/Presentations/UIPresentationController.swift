import Foundation

/// Manages a presented view controller: the container view it lives in above the window's content,
/// where it sits, the chrome around it (dimming, a sheet's shadow, a popover's arrow), how it adapts
/// to its environment and how the person dismisses it. In the trait chain it sits between the window
/// and the presented controller (window → presentation controller → presented controller → its view),
/// so its `traitOverrides` adapt the presented interface.
///
/// Subclass it for a `.custom` presentation (returned by the transitioning delegate's
/// `presentationController(forPresented:presenting:source:)`): override
/// `frameOfPresentedViewInContainerView`, the transition hooks (`presentationTransitionWillBegin()` …,
/// where `presentedViewController.transitionCoordinator` animates alongside), the container's layout
/// hooks and `shouldRemovePresentersView`, as in UIKit.
///
/// Differs from UIKit: the container view covers the whole window for every style (for the current-
/// context styles, the presented view covers the context controller's view inside it); a presenter
/// whose view is "removed" (`shouldRemovePresentersView`) keeps it in the window, hidden, until the
/// dismissal begins.
@MainActor
open class UIPresentationController: UIResponder, UITraitChangeObservable, TraitSource, UIContentContainer {
    /// The presented controller (which owns this presentation controller).
    public unowned let presentedViewController: UIViewController
    weak var presentingStorage: UIViewController?
    /// The controller that presents: the presenter, or for the current-context styles the controller
    /// that defines the context.
    public var presentingViewController: UIViewController { presentingStorage ?? presentedViewController }
    /// Decides adaptation and hears of the person's dismissals. Weak, as in UIKit.
    public weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
    /// The view the presented view is placed in; it covers the window while presented.
    public private(set) var containerView: UIView?

    /// A presentation controller for `presentedViewController`, presented by `presentingViewController`
    /// (nil: decided when it is presented), as UIKit's designated initializer.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        presentingStorage = presentingViewController
        super.init()
    }

    /// The view the presentation shows and animates: the presented controller's (or, while adapted, the
    /// delegate's replacement controller's) view.
    open var presentedView: UIView? { shownViewController.viewIfLoaded }

    /// The controller on screen: the presented one, or the one the delegate gave for the adaptive style.
    public var shownViewController: UIViewController { adaptiveReplacement ?? presentedViewController }
    private(set) var adaptiveReplacement: UIViewController?

    /// The style the presented controller asked for (`.automatic` reads as `.formSheet`, as on iOS 18).
    open var presentationStyle: UIModalPresentationStyle {
        let style = presentedViewController.modalPresentationStyle
        return style == .automatic ? .formSheet : style
    }

    /// The style in force: `presentationStyle`, or what it adapted to in the current environment.
    public internal(set) var effectiveStyle: UIModalPresentationStyle = .none

    /// The style the presentation adapts to in the current environment (`.none`: it does not adapt).
    open var adaptivePresentationStyle: UIModalPresentationStyle { adaptivePresentationStyle(for: traitCollection) }

    /// The style the presentation adapts to in `traitCollection`: the delegate's answer, or without one
    /// the controller's default (a plain presentation keeps its style; a popover becomes a form sheet
    /// when either size class is compact; the sheets lay themselves out for the size classes without
    /// changing style). `.none`: it does not adapt.
    open func adaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        if let delegate {
            let answer = delegate.adaptivePresentationStyle(for: self, traitCollection: traitCollection)
            if answer != .automatic { return answer == presentationStyle ? .none : answer }
        }
        return defaultAdaptiveStyle(for: traitCollection)
    }

    /// The adaptation without a delegate's answer (subclasses in SceneHost override).
    func defaultAdaptiveStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle { .none }

    /// The controller whose layout a sheet style uses (itself for a sheet, a popover's adaptive sheet).
    var sheetLayout: UISheetPresentationController? { nil }

    /// Whether the presenter's view leaves the screen once the presented view covers it: true for
    /// `.fullScreen` and `.currentContext`, false for every other style (the presenter then gets no
    /// appearance callbacks), as in UIKit. Subclasses of a `.custom` presentation may return true.
    open var shouldRemovePresentersView: Bool {
        [.fullScreen, .currentContext].contains(presentationStyle) || effectiveStyle == .fullScreen
    }

    /// Where the presented view goes in the container view: the whole container for the full-screen and
    /// current-context styles (and `.custom`, unless overridden), a sheet's or a popover's frame for
    /// theirs.
    open var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = contextBounds else { return .zero }
        return frameOfPresentedView(in: bounds, traits: traitCollection)
    }

    /// The area the presentation covers in its container: the context controller's view for the
    /// current-context styles, else the whole container.
    var contextBounds: CGRect? {
        guard let containerView else { return nil }
        if [.currentContext, .overCurrentContext].contains(effectiveStyle), let context = presentingStorage?.viewIfLoaded,
           context.window === containerView.window {
            return context.convert(context.bounds, to: containerView)
        }
        return containerView.bounds
    }

    /// The presented view's frame in a container of `bounds` with `traits`, for the built-in styles.
    func frameOfPresentedView(in bounds: CGRect, traits: UITraitCollection) -> CGRect {
        switch effectiveStyle {
        case .pageSheet, .formSheet:
            if let sheet = sheetLayout { return sheet.sheetFrame(in: bounds, traits: traits, style: effectiveStyle) }
            return UISheetPresentationController.centredFrame(in: bounds, size: CGSize(width: 540, height: 620))
        default:
            return bounds
        }
    }

    /// Called before and after the container view lays out its subviews; traits read here are tracked.
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}

    /// The presentation is about to begin: the container view exists and the presented view is not in it
    /// yet; add chrome here and animate it with `presentedViewController.transitionCoordinator`.
    open func presentationTransitionWillBegin() {}
    /// The presentation's animation ended (`completed` is always true: transitions are not cancelled).
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// The dismissal is about to begin.
    open func dismissalTransitionWillBegin() {}
    /// The dismissal's animation ended; the container view goes away after this.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    // MARK: UIContentContainer

    /// The presented controller's preferred content size.
    open var preferredContentSize: CGSize { shownViewController.preferredContentSize }

    /// The presented controller's preferred size changed: the presentation is laid out again (a popover
    /// follows it, animated).
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
        guard let containerView else { return }
        containerView.setNeedsLayout()
        guard activeTransition == nil, containerView.window != nil else { return }
        UIView.animate(withDuration: 0.25) { containerView.layoutIfNeeded() }
    }

    /// The presented controller's fitting size changed; the default does nothing.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The size of the presented view in a container of `parentSize`: its frame there, for the built-in
    /// styles (with the traits the transition brings); `parentSize` for `.custom`.
    open func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        guard effectiveStyle != .custom else { return parentSize }
        var bounds = CGRect(origin: .zero, size: parentSize)
        if [.currentContext, .overCurrentContext].contains(effectiveStyle), let context = contextBounds { bounds = context }
        return frameOfPresentedView(in: bounds, traits: upcomingTraits ?? traitCollection).size
    }

    /// The window is about to become `size`: the presented controller hears of its own new size, unless
    /// it keeps its size (a centred form sheet).
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        let shown = shownViewController
        let childSize = self.size(forChildContentContainer: shown, withParentContainerSize: size)
        if let current = shown.viewIfLoaded?.bounds.size, current == childSize { return }
        shown.viewWillTransition(to: childSize, with: coordinator)
    }

    /// The traits are about to become `newCollection`: the presentation adapts when the new environment
    /// calls for another style (telling the delegate), then the presented controller hears of its own
    /// new traits.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        upcomingTraits = newCollection
        if containerView != nil {
            // Adapting mid-transition would swap views under the running animation and its appearance
            // calls: the adaptation waits for the transition's end (as applyTraits does).
            if activeTransition == nil {
                adapt(to: newCollection, coordinator: coordinator)
            } else {
                afterTransition.append { [weak self] in
                    guard let self, self.containerView != nil else { return }
                    self.adapt(to: self.traitState.collection, coordinator: nil)
                }
            }
        }
        let shown = shownViewController
        shown.willTransition(to: shown.traitState.hasOverrides ? newCollection.applying(shown.traitOverrides) : newCollection,
                             with: coordinator)
    }

    /// The traits a transition is bringing, between `willTransition(to:with:)` and the update.
    var upcomingTraits: UITraitCollection?

    // MARK: Adaptation

    /// Decides the effective style for `traits`, telling the delegate (`prepare`, the replacement
    /// controller, `willPresentWithAdaptiveStyle`) when it is presented (`initial`) or changes.
    func adapt(to traits: UITraitCollection, coordinator: (any UIViewControllerTransitionCoordinator)?, initial: Bool = false) {
        let adaptive = adaptivePresentationStyle(for: traits)
        let style = adaptive == .none ? presentationStyle : adaptive
        guard initial || style != effectiveStyle else { return }
        if adaptive != .none, let delegate {
            if let sheet = adaptiveSheet, adaptive == .formSheet || adaptive == .pageSheet {
                delegate.presentationController(self, prepare: sheet)
            }
            let replacement = delegate.presentationController(self, viewControllerForAdaptivePresentationStyle: adaptive)
            if !initial { swapShownController(to: replacement) } else { adaptiveReplacement = replacement }
        } else if !initial, adaptiveReplacement != nil {
            swapShownController(to: nil)
        } else if initial {
            adaptiveReplacement = nil
        }
        effectiveStyle = style
        delegate?.presentationController(self, willPresentWithAdaptiveStyle: adaptive, transitionCoordinator: coordinator)
        if !initial, containerView != nil {
            updatePresenterViewRemoval()
            installChrome()
            containerView?.setNeedsLayout()
            (presentedViewController as? UIAlertController)?.presentationStyleDidChange()
        }
    }

    /// Whether this controller has been presented (a `.custom` presentation gets a new one next time).
    var wasPresented = false

    /// Whether this presentation hid the presenter's view (`shouldRemovePresentersView` when it was
    /// presented, or after an adaptation); the dismissal shows it again by this, not by the style then.
    var presenterViewRemoved = false

    /// After an adaptation: hides or shows the presenter's view when the new style covers it or not.
    private func updatePresenterViewRemoval() {
        let removes = shouldRemovePresentersView
        guard removes != presenterViewRemoved, let presenter = presentingStorage else { return }
        presenterViewRemoved = removes
        presenter.beginAppearanceTransition(!removes, animated: false)
        presenter.viewIfLoaded?.isHidden = removes
        presenter.endAppearanceTransition()
    }

    /// The sheet a popover adapts to (`adaptiveSheetPresentationController`); nil for other controllers.
    var adaptiveSheet: UISheetPresentationController? { nil }

    /// Shows `replacement` (or the presented controller again) in the container.
    private func swapShownController(to replacement: UIViewController?) {
        guard replacement !== adaptiveReplacement else { return }
        let old = shownViewController
        adaptiveReplacement = replacement
        let new = shownViewController
        guard let containerView, old !== new else { return }
        old.viewIfLoaded?.removeFromSuperview()
        new.view.traitSource = new
        containerView.addSubview(new.view)
        containerView.setNeedsLayout()
    }

    // MARK: Traits

    let traitState = TraitState()

    /// The window's traits with this controller's overrides; the presented controller inherits them.
    public var traitCollection: UITraitCollection { traitState.collection }

    /// Trait values this controller sets for the presented controller and its views.
    public var traitOverrides: UITraitOverrides {
        get { traitState.overrides }
        set {
            traitState.overrides = newValue
            traitState.needsUpdate = true
            containerView?.setNeedsTraitUpdate()
        }
    }

    /// Deprecated in UIKit, still called after any trait change of this controller.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    func applyTraits(inherited: UITraitCollection) {
        upcomingTraits = nil
        guard let (previous, changes) = traitState.apply(inherited: inherited) else { return }
        if traitState.layoutReads.intersects(changes) { containerView?.setNeedsLayout() }
        traitState.notify(self, previous: previous, changes: changes)
        // A change that arrived without a scene transition (overrides on this controller or the window).
        if containerView != nil, activeTransition == nil {
            adapt(to: traitState.collection, coordinator: nil)
        }
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

    // MARK: Chrome

    /// The transition running now (presentation or dismissal), for `transitionCoordinator`.
    var activeTransition: TransitionCoordinator?
    /// Whether the running transition is a dismissal.
    var isDismissing = false
    /// The end of a presentation without animation, waiting for its frame; a dismissal asked for
    /// before that frame ends it at once.
    var pendingFinish: (() -> Void)?
    /// What waits for the running transition to end (a dismissal asked for while presenting).
    var afterTransition: [() -> Void] = []

    /// The end of the running transition, run once: by its animation (or frame), or at once when the
    /// presenter goes away.
    var transitionEnd: TransitionEnd?

    func runAfterTransition() {
        let actions = afterTransition
        afterTransition = []
        for action in actions { action() }
    }

    /// Chrome views that move with the presented view in the built-in animation (a sheet's grabber).
    var extraChromeViews: [UIView] { [] }

    /// The dimming view's alpha on screen (0 at a sheet's undimmed detent).
    var dimmingAlpha: CGFloat { sheetDimmingAlpha }
    /// Dims what lies under a sheet and catches clicks outside it; transparent for a popover.
    private(set) var dimmingView: PresentationDimmingView?
    /// The shadow and shape behind the presented view (a sheet's, a popover's bubble).
    var backdropView: UIView?

    /// What the effective style draws around the presented view.
    enum Chrome { case none, sheet, popover, alert }

    var chrome: Chrome {
        switch effectiveStyle {
        case .pageSheet, .formSheet: .sheet
        case .popover: .popover
        default: .none
        }
    }

    /// Builds the dimming and backdrop views for the effective style (again after an adaptation).
    func installChrome() {
        guard let containerView else { return }
        dimmingView?.removeFromSuperview()
        backdropView?.removeFromSuperview()
        dimmingView = nil
        backdropView = nil
        let chrome = self.chrome
        guard chrome != .none else {
            grabberView?.removeFromSuperview()
            return
        }
        // A popover dims nothing: the container itself catches the clicks outside it.
        if chrome != .popover {
            let dimming = PresentationDimmingView(controller: self)
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.2)
            containerView.insertSubview(dimming, at: 0)
            dimmingView = dimming
        }
        let backdrop = makeBackdrop(for: chrome)
        containerView.insertSubview(backdrop, at: dimmingView == nil ? 0 : 1)
        backdropView = backdrop
        installGrabberIfNeeded()
    }

    /// The view behind the presented one for `chrome` (subclasses draw a popover's bubble).
    func makeBackdrop(for chrome: Chrome) -> UIView {
        let view = SheetBackdropView()
        view.isUserInteractionEnabled = false
        return view
    }

    /// Lays out the chrome around the presented view's `frame` (container coordinates).
    func layoutChrome(around frame: CGRect, in bounds: CGRect) {
        dimmingView?.frame = bounds
        // An animated transition moves the dimming itself.
        if activeTransition?.isAnimated != true, let dimmingView, dimmingView.alpha != dimmingAlpha { dimmingView.alpha = dimmingAlpha }
        if let backdrop = backdropView as? SheetBackdropView {
            let fills = frame.size == (contextBounds ?? bounds).size
            backdrop.isHidden = fills
            backdrop.frame = frame
            backdrop.layer.cornerRadius = 10
            backdrop.layer.shadowPath = UIBezierPath(roundedRect: CGRect(origin: .zero, size: frame.size), cornerRadius: 10).cgPath
            if let presentedView {
                presentedView.layer.cornerRadius = fills ? 0 : 10
                presentedView.clipsToBounds = !fills
            }
        }
        layoutGrabber(around: frame, in: contextBounds ?? bounds)
    }

    /// Whether a click outside the presented view, on the dimmed area, is the person's dismissal (sheets
    /// and popovers; not alerts, full-screen or custom presentations).
    var dismissesOnOutsideClick: Bool { chrome == .sheet || chrome == .popover }

    /// Whether the dimming passes clicks through to what lies under it (a sheet at an undimmed detent).
    var passesTouchesOutside: Bool { sheetPassesTouches }

    /// The view a click at `point` (container coordinates) outside the presented view goes to instead of
    /// the dimming view (a popover's passthrough views), if any.
    func passthroughHit(at point: CGPoint, with event: UIEvent?) -> UIView? { nil }

    // MARK: The person's dismissal

    /// The person asked to dismiss (Escape, a click outside, a drag): UIKit's order of delegate calls.
    /// Returns whether the dismissal goes ahead.
    @discardableResult
    func dismissByUser() -> Bool {
        guard activeTransition == nil, presentedViewController.presentingViewController != nil else { return false }
        if presentedViewController.isModalInPresentationDeep {
            delegate?.presentationControllerDidAttemptToDismiss(self)
            return false
        }
        if let delegate, !delegate.presentationControllerShouldDismiss(self) {
            delegate.presentationControllerDidAttemptToDismiss(self)
            return false
        }
        delegate?.presentationControllerWillDismiss(self)
        let alert = presentedViewController as? UIAlertController
        presentedViewController.dismissPresentation(animated: true) { [weak self] in
            if let self { self.delegate?.presentationControllerDidDismiss(self) }
            // Unlinked by now, so the handler may present or dismiss.
            alert?.personDidDismiss()
        }
        return true
    }

    /// Handles a key for the presentation on top of its window (Escape dismisses sheets and popovers;
    /// alerts take Return too). Returns whether the key was used.
    func handleKey(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        guard input == UIKeyCommand.inputEscape, modifierFlags.isEmpty, activeTransition == nil,
              [.popover, .formSheet, .pageSheet].contains(effectiveStyle) || chrome == .sheet || chrome == .popover else { return false }
        dismissByUser()
        return true
    }

    // MARK: Installing

    /// Makes the container view in `window` (its chrome, not yet the presented view).
    func makeContainer(in window: UIWindow) {
        let container = PresentationContainerView(controller: self)
        container.frame = window.bounds
        containerView = container
        window.addSubview(container)
        installChrome()
    }

    /// Puts the presented (shown) view in the container, above the chrome.
    func addPresentedView() {
        guard let containerView else { return }
        let shown = shownViewController
        containerView.addSubview(shown.view)
        if shown !== presentedViewController { shown.view.traitSource = shown }
    }

    func uninstall() {
        shownViewController.viewIfLoaded?.removeFromSuperview()
        containerView?.removeFromSuperview()
        containerView = nil
        dimmingView = nil
        backdropView = nil
        // The replacement often contains the presented controller: kept, it would hold it (a cycle) and
        // show again on the next presentation whatever the environment.
        adaptiveReplacement = nil
        // A sheet dragged away comes back at its resting place.
        sheetLayout?.dragOffset = 0
        adaptiveSheet?.dragOffset = 0
    }

    /// A presentation controller that goes while installed (its presented controller freed) takes its
    /// container off the window.
    isolated deinit {
        containerView?.removeFromSuperview()
    }

    /// Sets the presented view's frame through its bounds and centre, so a transform (a presentation's
    /// animation) is left alone.
    func place(_ view: UIView, at frame: CGRect) {
        if view.bounds.size != frame.size { view.bounds = CGRect(origin: view.bounds.origin, size: frame.size) }
        let center = CGPoint(x: frame.midX, y: frame.midY)
        if view.center != center { view.center = center }
    }

    /// The container's layout: the presented view at `frameOfPresentedViewInContainerView`, the chrome
    /// around it, with the layout callbacks around both.
    func layoutContainer() {
        guard let containerView else { return }
        containerViewWillLayoutSubviews()
        let frame = frameOfPresentedViewInContainerView
        if let presentedView { place(presentedView, at: frame) }
        layoutChrome(around: frame, in: containerView.bounds)
        containerViewDidLayoutSubviews()
    }
}

extension UIViewController {
    /// Whether this controller or one of its children is modal in presentation.
    var isModalInPresentationDeep: Bool {
        isModalInPresentation || children.contains { $0.isModalInPresentationDeep }
    }
}

/// Covers the window while something is presented; lays the presented view out where its presentation
/// controller says, with the controller's layout callbacks around it.
@MainActor
final class PresentationContainerView: UIView {
    /// Weak: the presented controller owns its presentation controller, and may go first.
    weak var controller: UIPresentationController?

    init(controller: UIPresentationController) {
        self.controller = controller
        super.init(frame: .zero)
        traitSource = controller
    }

    override func layoutSubviews() {
        guard let controller else { return }
        controller.traitState.layoutReads = TraitReads.tracking {
            controller.layoutContainer()
        }
    }

    /// The container draws nothing of its own: what it covers on screen is what its visible subviews
    /// cover, so presenting a popover damages (and composites) the popover, not the whole window, and
    /// the first frame of a sheet's animation, its dimming faded to nothing, damages what it shows of
    /// the sheet sliding in, not the whole window under the dimming.
    override var extent: CGRect {
        var extent = CGRect.null
        for subview in subviews where !subview.isHidden && subview.shownAlpha > 0 { extent = extent.union(subview.extentInSuperview) }
        return extent
    }

    /// A click on the container itself is outside the presented view (a popover has no dimming view).
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let controller, controller.dismissesOnOutsideClick { controller.dismissByUser() }
    }

    /// Outside the presented view: a popover's passthrough views get the click; a sheet at an undimmed
    /// detent lets it through to what lies under the container.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard let hit = super.hitTest(point, with: event), let controller else { return nil }
        guard hit === controller.dimmingView || hit === self else { return hit }
        if let passthrough = controller.passthroughHit(at: point, with: event) { return passthrough }
        if controller.passesTouchesOutside { return nil }
        return hit
    }
}

/// The area around a sheet or popover: dims (for sheets) and turns a click into the person's dismissal.
@MainActor
final class PresentationDimmingView: UIView {
    weak var controller: UIPresentationController?

    init(controller: UIPresentationController) {
        self.controller = controller
        super.init(frame: .zero)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let controller, controller.dismissesOnOutsideClick { controller.dismissByUser() }
    }
}

/// The shadow behind a sheet (the sheet's own view clips its content to the rounded corners).
@MainActor
final class SheetBackdropView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        layer.shadowOpacity = 0.18
        layer.shadowRadius = 16
        layer.shadowOffset = CGSize(width: 0, height: 4)
    }
}
