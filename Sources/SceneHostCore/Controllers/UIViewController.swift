import Foundation

/// Manages a view hierarchy: loads its view on first access, takes part in layout and trait changes,
/// and contains child controllers.
@MainActor
open class UIViewController: UIResponder, UITraitChangeObservable, TraitSource {
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

    // MARK: Presentation

    /// How `present(_:animated:completion:)` shows this controller, with UIKit's raw values.
    public enum ModalPresentationStyle: Int, Sendable {
        case automatic = -2, none = -1, fullScreen = 0, pageSheet = 1, formSheet = 2, currentContext = 3, custom = 4,
             overFullScreen = 5, overCurrentContext = 6, popover = 7
    }

    /// `.automatic` shows a form sheet, as on iOS 18.
    open var modalPresentationStyle = ModalPresentationStyle.automatic

    /// The controller this one presents, and the one presenting it.
    public internal(set) var presentedViewController: UIViewController?
    public internal(set) weak var presentingViewController: UIViewController?

    /// The presentation controller managing this controller's presentation (made on first use).
    public var presentationController: UIPresentationController? {
        if storedPresentationController == nil, let presenting = presentingViewController {
            storedPresentationController = UIPresentationController(presentedViewController: self, presenting: presenting)
        }
        return storedPresentationController
    }
    var storedPresentationController: UIPresentationController?

    /// Shows `viewControllerToPresent` over this controller's window, in a container that inherits the
    /// window's traits through the presentation controller. Not animated (`animated` is ignored).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.present(viewControllerToPresent, animated: flag, completion: completion)
            return
        }
        guard let window = viewIfLoaded?.window, viewControllerToPresent.presentingViewController == nil else {
            SceneHostLog.warning("present(_:animated:) ignored: the presenting controller's view is not in a window, or the controller is already presented")
            return
        }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        // A presentation that covers the presenter (full screen, current context) makes it disappear;
        // sheets and the other styles leave it on screen and tell it nothing, as in UIKit.
        let covers = [.fullScreen, .currentContext].contains(viewControllerToPresent.modalPresentationStyle)
        if covers { beginAppearanceTransition(false, animated: flag) }
        viewControllerToPresent.isBeingPresented = true
        viewControllerToPresent.presentationController?.install(in: window)
        if covers { endAppearanceTransition() }
        completion?()
    }

    /// Dismisses the controller this one presents (or, when it presents none, this one).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController ?? (presentingViewController != nil ? self : nil) else { completion?(); return }
        if presented.presentedViewController != nil { presented.dismiss(animated: flag) }
        let presenter = presented.presentingViewController
        let covered = [.fullScreen, .currentContext].contains(presented.modalPresentationStyle)
        if covered { presenter?.beginAppearanceTransition(true, animated: flag) }
        presented.isBeingDismissed = true
        presented.storedPresentationController?.uninstall()
        // The presenter has appeared again once the frame without the presentation is drawn.
        if covered, let presenter, let scene = presenter.viewIfLoaded?.window?.windowScene { scene.appearanceEnds.append(presenter) }
        presented.storedPresentationController = nil
        presented.presentingViewController?.presentedViewController = nil
        presented.presentingViewController = nil
        completion?()
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
        default: viewIfLoaded?.frame.size == viewIfLoaded?.window?.bounds.size
        }
    }

    /// Called before the controller's view changes size (the scene's window was resized), with a
    /// coordinator whose alongside blocks run once the new size is laid out. The default forwards to the
    /// children with the sizes `size(forChildContentContainer:withParentContainerSize:)` gives them;
    /// overrides should call super.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children {
            child.viewWillTransition(to: self.size(forChildContentContainer: child, withParentContainerSize: size), with: coordinator)
        }
    }

    /// The size a child's view will have inside this controller's view of `parentSize`; the default
    /// is the parent's size.
    open func size(forChildContentContainer container: UIViewController, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }

    /// Called before the controller's traits change, with the collection it is about to have. The
    /// default forwards to the children; overrides should call super.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children { child.willTransition(to: newCollection, with: coordinator) }
    }

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
