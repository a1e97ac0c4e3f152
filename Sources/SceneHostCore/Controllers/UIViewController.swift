import Foundation

/// Manages a view hierarchy: loads its view on first access, takes part in layout and trait changes,
/// and contains child controllers.
@MainActor
open class UIViewController: UIResponder, UITraitChangeObservable, TraitSource, UIContentContainer {
    private var loadedView: UIView?
    /// Where the controller is in its appearance (see UIViewController+Appearance.swift).
    var appearance = AppearanceRecord()
    private var movingToParent = false, movingFromParent = false, beingPresented = false, beingDismissed = false

    /// The nib arguments exist for source compatibility; SceneHost has no nibs, so they are ignored.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    /// The view keeps an unowned link back; clear it.
    isolated deinit {
        if loadedView?.viewController === self { loadedView?.viewController = nil }
    }

    // MARK: Presentation (Presentations/UIViewController+Presentation.swift)

    /// How `present(_:animated:completion:)` shows this controller, with UIKit's raw values.
    /// (`.blurOverFullScreen`, tvOS only, is left out.)
    public enum ModalPresentationStyle: Int, Sendable {
        case automatic = -2, none = -1, fullScreen = 0, pageSheet = 1, formSheet = 2, currentContext = 3, custom = 4,
             overFullScreen = 5, overCurrentContext = 6, popover = 7
    }

    /// How a presentation without a custom animator animates, with UIKit's raw values. SceneHost draws
    /// `.coverVertical` (slides up from the bottom) and `.crossDissolve` (fades); `.flipHorizontal` and
    /// `.partialCurl` fade as `.crossDissolve` does.
    public enum ModalTransitionStyle: Int, Sendable {
        case coverVertical = 0, flipHorizontal = 1, crossDissolve = 2, partialCurl = 3
    }

    /// `.automatic` shows a form sheet, as on iOS 18. Setting `.popover` makes `popoverPresentationController`
    /// available to configure before presenting, as in UIKit.
    open var modalPresentationStyle = ModalPresentationStyle.automatic {
        didSet {
            guard modalPresentationStyle != oldValue, presentingViewController == nil else { return }
            storedPresentationController = nil
        }
    }

    /// How the presentation animates (`.coverVertical` by default; popovers fade whatever it says).
    open var modalTransitionStyle = ModalTransitionStyle.coverVertical

    /// Whether a `.currentContext` or `.overCurrentContext` presentation from this controller or one of
    /// its descendants covers this controller's view (false by default; with none, the window's root
    /// controller is the context).
    open var definesPresentationContext = false

    /// Gives a `.custom` presentation its presentation controller, and any presentation its animator.
    /// Weak, as in UIKit.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?

    /// Whether the person is kept from dismissing this controller while presented (Escape, a click
    /// outside a popover or form sheet, dragging a sheet down); each attempt is reported to the
    /// presentation controller's delegate (`presentationControllerDidAttemptToDismiss`). The app's own
    /// `dismiss(animated:)` still works.
    open var isModalInPresentation = false

    /// The size this controller's content would like: a popover takes it. Setting it tells the parent,
    /// or the presentation controller when presented, (`preferredContentSizeDidChange(forChildContentContainer:)`).
    open var preferredContentSize: CGSize = .zero {
        didSet {
            guard preferredContentSize != oldValue else { return }
            if let parent {
                parent.preferredContentSizeDidChange(forChildContentContainer: self)
            } else if presentingViewController != nil, let presentation = storedPresentationController {
                presentation.preferredContentSizeDidChange(forChildContentContainer: self)
            }
        }
    }

    /// The controller this one presents, and the one presenting it.
    public internal(set) var presentedViewController: UIViewController?
    public internal(set) weak var presentingViewController: UIViewController?

    /// The presentation controller that manages (or will manage) this controller's presentation, made on
    /// first use: a `UIPopoverPresentationController` for `.popover`, a `UISheetPresentationController`
    /// for the sheet styles, the transitioning delegate's for `.custom`, else a plain one. Ask for it
    /// before `present` to set its delegate, as in UIKit.
    public var presentationController: UIPresentationController? {
        if let storedPresentationController { return storedPresentationController }
        let made = makePresentationController(presenting: presentingViewController, source: nil)
        storedPresentationController = made
        return made
    }
    var storedPresentationController: UIPresentationController?

    /// The popover presentation controller when `modalPresentationStyle` is `.popover`, else nil.
    public var popoverPresentationController: UIPopoverPresentationController? {
        guard modalPresentationStyle == .popover else { return nil }
        return presentationController as? UIPopoverPresentationController
    }

    /// The sheet presentation controller when this controller presents (or will present) as a page or
    /// form sheet (`.automatic` included), else nil.
    public var sheetPresentationController: UISheetPresentationController? {
        guard [.pageSheet, .formSheet, .automatic].contains(modalPresentationStyle) else { return nil }
        return presentationController as? UISheetPresentationController
    }

    /// The coordinator of the presentation or dismissal this controller takes part in (as the presented
    /// controller, its presenter, or a child of either), while it runs; nil otherwise.
    public var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        if let transition = storedPresentationController?.activeTransition { return transition }
        if let transition = presentedViewController?.storedPresentationController?.activeTransition { return transition }
        return parent?.transitionCoordinator
    }

    /// Holds `viewDidAppear` back until a presentation's animation ends.
    var appearanceHeldByTransition = false

    /// Presents `viewControllerToPresent` in this controller's window, in the style it asks for
    /// (`modalPresentationStyle`, adapted to the window's size classes; see `UIPresentationController`).
    /// A controller that already presents one refuses, as UIKit does: a warning is logged and
    /// `completion` does not run (unless the one it presents is being dismissed: the presentation then
    /// follows the dismissal). `.currentContext`
    /// and `.overCurrentContext` cover the nearest controller (this one or a parent) with
    /// `definesPresentationContext`, else the window's root.
    ///
    /// Order, as in UIKit: the delegate's adaptation calls, `presentationTransitionWillBegin()`, the
    /// presented controller's `viewWillAppear`, the animation (`modalTransitionStyle`, or the
    /// transitioning delegate's animator) with the coordinator's alongside blocks, then
    /// `presentationTransitionDidEnd(true)`, `viewDidAppear`, the coordinator's completions and
    /// `completion`. Without animation, all of that after the frame that shows the presentation is laid
    /// out and drawn.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentViewController(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presents (with everything it presents in turn), or, when it
    /// presents none, this one. Only the topmost presentation animates. The presented controller gets
    /// `viewWillDisappear` at once and `viewDidDisappear` when it is gone; `completion` runs after the
    /// animation (without one, after the next frame is drawn). The adaptive delegate's dismissal
    /// calls are not made: they are for the person's dismissals only, as in UIKit. Not animated, the
    /// controller is unlinked (`presentedViewController` nil) before this returns.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let target = presentedViewController ?? (presentingViewController != nil ? self : nil)
        guard let target else {
            completion?()
            return
        }
        target.dismissPresentation(animated: flag, completion: completion)
    }

    /// The root view, loaded (`loadView()` then `viewDidLoad()`) on first access.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
            // `updateViewConstraints()` runs before the view's first layout, as in UIKit.
            newValue?.setNeedsUpdateConstraints()
        }
    }

    public var viewIfLoaded: UIView? { loadedView }
    public var isViewLoaded: Bool { loadedView != nil }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView() }
        viewDidLoad()
    }

    /// Creates the view; the default makes a plain `UIView`. Overrides assign `view` without calling super.
    open func loadView() { view = UIView() }
    open func viewDidLoad() {}
    /// Called before the view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}
    /// Called after the view's `layoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    /// The controller's title; a navigation bar showing its `navigationItem` follows it.
    open var title: String? { didSet { navigationStorage.item?.changed() } }

    // MARK: Showing and navigation (Containers/UIViewController+Showing.swift, +Navigation.swift)

    /// `navigationItem`, `toolbarItems` and `hidesBottomBarWhenPushed`.
    lazy var navigationStorage = NavigationStorage()

    /// Shows `vc` in a primary context: see `UIViewController+Showing.swift`.
    open func show(_ vc: UIViewController, sender: Any?) { showFromTarget(vc, sender: sender) }

    /// Shows `vc` in a secondary (detail) context: see `UIViewController+Showing.swift`.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) { showDetailFromTarget(vc, sender: sender) }

    /// The controller that handles `action`: see `UIViewController+Showing.swift`.
    open func targetViewController(forAction action: ShowAction, sender: Any?) -> UIViewController? {
        defaultTargetViewController(forAction: action, sender: sender)
    }

    /// Classic split view, collapsing: puts `secondaryViewController` into this primary controller when
    /// the split view's delegate did not. Does nothing here (the secondary is then not shown while
    /// collapsed); `UINavigationController` pushes it (or its controllers), as in UIKit.
    open func collapseSecondaryViewController(_ secondaryViewController: UIViewController, for splitViewController: UISplitViewController) {}

    /// Classic split view, expanding: the secondary controller to show again, taken out of this primary
    /// controller, when the split view's delegate gave none. Nil here (the split view keeps the
    /// secondary it had); `UINavigationController` gives back what it stacked in
    /// `collapseSecondaryViewController(_:for:)` and above it.
    open func separateSecondaryViewController(for splitViewController: UISplitViewController) -> UIViewController? { nil }

    /// `tabBarItem`'s storage (Controllers/Containers/UITabBarItem.swift).
    var storedTabBarItem: UITabBarItem?

    /// Whether the root view's margins are at least `systemMinimumLayoutMargins` (default true).
    open var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { loadedView?.setNeedsLayout(); loadedView?.layoutEngine?.setNeedsSolve() }
    }

    /// The least margins of the root view: 20 points at the sides in a regular width, 16 in a compact
    /// one, none at the top and bottom (the values UIKit uses on iPad).
    public var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let side: CGFloat = traitCollection.horizontalSizeClass == .regular ? 20 : 16
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }

    /// The presenting controller for a presented one, else the view's superview, as in UIKit.
    open override var next: UIResponder? { presentingViewController ?? loadedView?.superview }

    override var responderWindow: UIWindow? { loadedView?.window }

    // MARK: Traits

    let traitState = TraitState()

    /// The controller's traits: those of its view's superview (iOS 17: not its parent controller's),
    /// with its own `traitOverrides` applied; its view inherits them.
    open var traitCollection: UITraitCollection { traitState.collection }

    /// Trait values this controller sets for itself and its view.
    open var traitOverrides: UITraitOverrides {
        get { traitState.overrides }
        set {
            traitState.overrides = newValue
            traitState.needsUpdate = true
            loadedView?.setNeedsTraitUpdate()
        }
    }

    /// Deprecated in UIKit, still called after any trait change, before the controller's view hears of it.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Brings the controller's and its view's traits up to date now.
    open func updateTraitsIfNeeded() {
        if let loadedView { loadedView.updateTraitsIfNeeded() } else { applyTraits(inherited: parent?.traitCollection ?? UITraitCollection()) }
    }

    /// What the controller inherits: its view's superview's traits.
    func applyTraits(inherited: UITraitCollection) {
        guard let (previous, changes) = traitState.apply(inherited: inherited) else { return }
        if traitState.layoutReads.intersects(changes) { loadedView?.setNeedsLayout() }
        if traitState.propertiesReads.intersects(changes) { setNeedsUpdateProperties() }
        if traitState.constraintsReads.intersects(changes) { loadedView?.setNeedsUpdateConstraints() }
        traitState.notify(self, previous: previous, changes: changes)
    }

    /// Called in the constraint pass before the view's `updateConstraints()`; traits read here are
    /// tracked. Call super at the end, as in UIKit.
    open func updateViewConstraints() {}

    // MARK: Orientation

    /// The interface orientations the controller supports; all of them by default (as on iPad).
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all }

    /// Whether the controller would like the interface orientation locked while it shows. Honoured for a
    /// scene that fills the screen.
    open var prefersInterfaceOrientationLocked: Bool { false }

    /// The child whose `prefersInterfaceOrientationLocked` decides instead (a container returns the
    /// child on screen); nil: this controller decides.
    open var childForInterfaceOrientationLock: UIViewController? { nil }

    /// Re-reads `supportedInterfaceOrientations` at once; a scene showing an orientation no longer
    /// supported turns to a supported one.
    public func setNeedsUpdateOfSupportedInterfaceOrientations() {
        viewIfLoaded?.window?.windowScene?.orientationPreferencesDidChange()
    }

    /// Re-reads `prefersInterfaceOrientationLocked` (through `childForInterfaceOrientationLock`) at once.
    public func setNeedsUpdateOfPrefersInterfaceOrientationLocked() {
        viewIfLoaded?.window?.windowScene?.orientationPreferencesDidChange()
    }

    /// Whether the controller, presented, covers its whole window.
    var isFullWindowPresentation: Bool {
        switch modalPresentationStyle {
        case .fullScreen, .overFullScreen: true
        default:
            storedPresentationController?.effectiveStyle == .fullScreen || storedPresentationController?.effectiveStyle == .overFullScreen
                || viewIfLoaded?.frame.size == viewIfLoaded?.window?.bounds.size
        }
    }

    /// Called before the controller's view changes size (the scene's window was resized), with a
    /// coordinator whose alongside blocks run once the new size and traits are applied and whose
    /// completions run after the layout at the new size. The default forwards to each child whose size
    /// `size(forChildContentContainer:withParentContainerSize:)` says will change; overrides call super.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children {
            let childSize = self.size(forChildContentContainer: child, withParentContainerSize: size)
            if let current = child.viewIfLoaded?.bounds.size, current == childSize, current != .zero { continue }
            child.viewWillTransition(to: childSize, with: coordinator)
        }
    }

    /// The size a child will have inside this controller's view of `parentSize`; the default is the
    /// parent's size, as in UIKit.
    open func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }

    /// Called before the controller's traits change, with the collection it is about to have (its
    /// window's, with the overrides along the way). The default forwards to the children, each with its
    /// own overrides applied; overrides should call super.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children {
            child.willTransition(to: child.traitState.hasOverrides ? newCollection.applying(child.traitOverrides) : newCollection,
                                 with: coordinator)
        }
    }

    /// The system is short of memory: release what can be made again (caches, views off screen). The
    /// default does nothing, as in UIKit since iOS 6. SceneHost calls it on every controller in a window's
    /// hierarchy (children, presented controllers), after the app delegate's
    /// `applicationDidReceiveMemoryWarning(_:)`; a controller the app keeps outside any window does not hear it.
    open func didReceiveMemoryWarning() {}

    /// This controller, its children and what it presents, depth first: the controllers a memory
    /// warning reaches.
    @_spi(Runtime) public func forEachControllerInHierarchy(_ body: (UIViewController) -> Void) {
        body(self)
        for child in children { child.forEachControllerInHierarchy(body) }
        presentedViewController?.forEachControllerInHierarchy(body)
    }

    /// A child's `preferredContentSize` changed; the default does nothing, as in UIKit.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// A child's fitting size changed (its root view invalidated its intrinsic content size); the
    /// default does nothing.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    // MARK: Properties (iOS 26)

    /// Asks for `updateProperties()` before the view's next layout.
    open func setNeedsUpdateProperties() {
        needsUpdateProperties = true
        loadedView?.setNeedsLayout()
    }

    public private(set) var needsUpdateProperties = false

    /// Runs `updateProperties()` now if it is pending.
    open func updatePropertiesIfNeeded() {
        guard needsUpdateProperties else { return }
        needsUpdateProperties = false
        traitState.collection.performAsCurrent {
            traitState.propertiesReads = TraitReads.tracking { updateProperties() }
        }
    }

    /// Override to set properties from traits or state before layout. Traits read here are tracked.
    open func updateProperties() {}

    // MARK: Containment

    public private(set) weak var parent: UIViewController?
    public private(set) var children: [UIViewController] = []

    /// Adds a child; calls `willMove(toParent:)`. Add its view and call `didMove(toParent:)` yourself.
    open func addChild(_ child: UIViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.isMovingToParent = true
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent; call `willMove(toParent: nil)` first, as in UIKit.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to (or, with nil, removed from) a container. Overrides call
    /// super: it marks the controller as moving from its parent, for its disappearance callbacks.
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil, self.parent != nil { isMovingFromParent = true }
    }
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Appearance

    /// Whether the controller is appearing because it was added to a container (a push), inside its
    /// appearance callbacks; false outside them.
    public internal(set) var isMovingToParent: Bool {
        get { movingToParent }
        set { movingToParent = newValue }
    }
    /// Whether the controller is disappearing because it is being removed from its container (a pop),
    /// inside its disappearance callbacks.
    public internal(set) var isMovingFromParent: Bool {
        get { movingFromParent }
        set { movingFromParent = newValue }
    }
    /// Whether the controller is appearing because it is being presented, inside its appearance callbacks.
    public internal(set) var isBeingPresented: Bool {
        get { beingPresented }
        set { beingPresented = newValue }
    }
    /// Whether the controller is disappearing because it is being dismissed.
    public internal(set) var isBeingDismissed: Bool {
        get { beingDismissed }
        set { beingDismissed = newValue }
    }

    /// Whether the children's appearance follows their views in and out of windows (true, as UIKit's);
    /// a container that animates its own transitions returns false and brackets them with
    /// `beginAppearanceTransition(_:animated:)` / `endAppearanceTransition()`.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// The view is about to be shown (added to a window): override to prepare it; call super.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is in a window with its traits and geometry, before its first layout of this appearance:
    /// the place to update what depends on them. Once per appearance.
    open func viewIsAppearing(_ animated: Bool) {}
    /// The view is on screen: the frame that shows it is drawn.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the screen.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view has left the screen.
    open func viewDidDisappear(_ animated: Bool) {}
}

extension UIViewController {
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

    /// The action form with the controller itself as target: `registerForTraitChanges(traits, action: MyController.refresh)`.
    @discardableResult
    public func registerForTraitChanges<Target: UIViewController>(_ traits: [UITrait], action: @escaping (Target) -> () -> Void) -> any UITraitChangeRegistration {
        registerHandler(traits) { (controller: Target, _: UITraitCollection) in action(controller)() }
    }

    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) { traitState.unregister(registration) }
}
