import Foundation

/// Hears of a navigation controller's transitions, as UIKit's `UINavigationControllerDelegate`: before
/// and after a controller comes to the top, including the root at the navigation controller's first
/// appearance. Both methods have empty default implementations.
///
/// Differs from UIKit: custom transitions (`animationControllerFor:…`, `interactionControllerFor:`) and
/// the orientation methods are not supported.
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// Called before `viewController` comes to the top (after the appearance calls begin).
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// Called after `viewController` came to the top (after its `viewDidAppear`).
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    /// Does nothing.
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    /// Does nothing.
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}

/// A stack of view controllers with a navigation bar: the top controller's view fills the space below
/// the bar (and above the toolbar, when shown); pushing slides the new view in from the trailing edge
/// (the left in a right-to-left layout), popping slides it back out. The bar shows the top controller's
/// `navigationItem` and a back button from the previous one; clicking it, Alt+← (Alt+→ in
/// right-to-left) or Escape pops; a long press on it lists the pages below to go back to.
///
/// Children are contained as UIKit contains them: a pushed controller gets `willMove(toParent:)` at
/// the push and `didMove(toParent:)` after the transition; a popped one `willMove(toParent: nil)` at
/// the pop and `didMove(toParent: nil)` (through `removeFromParent()`) after it.
///
/// Differs from UIKit: no interactive (edge-swipe) pop, no custom transitions, no `hidesBarsOnSwipe`
/// and the like; the bars are opaque and the content is laid out between them (not under them);
/// pushing a controller already on the stack, a navigation controller or a `UITabBarController` logs a
/// warning and does nothing (UIKit raises an exception); a push during a running transition first completes that
/// transition at once.
@MainActor
open class UINavigationController: UIViewController {
    /// The navigation bar, shown at the top unless `isNavigationBarHidden`.
    public let navigationBar = UINavigationBar()
    /// The toolbar, shown at the bottom when `isToolbarHidden` is false and the top controller's
    /// `hidesBottomBarWhenPushed` is false; it shows the top controller's `toolbarItems`.
    public let toolbar: UIToolbar! = UIToolbar()

    /// Hears of the transitions.
    open weak var delegate: UINavigationControllerDelegate?

    private var stack: [UIViewController] = []
    /// The content views' container, below the bar and clipping the sliding views.
    let contentView = UIView()

    /// An empty navigation controller (the nib arguments are ignored, as for every controller).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        navigationBar.backAction = { [weak self] in self?.popViewController(animated: true) }
        navigationBar.backMenuAction = { [weak self] index in
            guard let self, index < self.stack.count else { return }
            self.popToViewController(self.stack[index], animated: true)
        }
    }

    /// A navigation controller whose stack holds `rootViewController`.
    public convenience init(rootViewController: UIViewController) {
        self.init(nibName: nil, bundle: nil)
        pushViewController(rootViewController, animated: false)
    }

    // MARK: The stack

    /// The stack, the root first and the top last. Setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { stack.last }

    /// The controller whose view shows: a controller presented from the stack (or from the navigation
    /// controller), else the top one.
    open var visibleViewController: UIViewController? {
        var presented = topViewController?.presentedViewController ?? presentedViewController
        while let next = presented?.presentedViewController { presented = next }
        return presented ?? topViewController
    }

    /// Pushes `viewController` on the stack and shows it, sliding in from the trailing edge when
    /// `animated`. A controller already on the stack, or a tab bar controller, is refused with a warning.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard refusal(for: viewController) == nil else {
            SceneHostLog.warning("pushViewController(_:animated:) ignored: \(refusal(for: viewController)!)")
            return
        }
        transition(to: stack + [viewController], operation: .push, animated: animated)
    }

    /// Pops the top controller and returns it; at the root it does nothing and returns nil.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1, let top = stack.last else { return nil }
        transition(to: Array(stack.dropLast()), operation: .pop, animated: animated)
        return top
    }

    /// Pops every controller above the root and returns them (bottom first); nil at the root.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return nil }
        let popped = Array(stack.dropFirst())
        transition(to: [stack[0]], operation: .pop, animated: animated)
        return popped
    }

    /// Pops every controller above `viewController` and returns them; nil when it is not on the stack.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            SceneHostLog.warning("popToViewController(_:animated:) ignored: the controller is not on the stack")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        guard !popped.isEmpty else { return [] }
        transition(to: Array(stack[...index]), operation: .pop, animated: animated)
        return popped
    }

    /// Replaces the whole stack with one transition chosen by the new top, as UIKit: a pop when it is
    /// on the stack below the top, none when it is the top, else a push. Duplicates and tab bar
    /// controllers are refused with a warning.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        for (index, controller) in viewControllers.enumerated() {
            if viewControllers[..<index].contains(where: { $0 === controller }) {
                SceneHostLog.warning("setViewControllers(_:animated:) ignored: a controller appears twice")
                return
            }
            if controller is UINavigationController {
                SceneHostLog.warning("setViewControllers(_:animated:) ignored: a navigation controller cannot be on a navigation stack")
                return
            }
            if isTabBarController(controller) {
                SceneHostLog.warning("setViewControllers(_:animated:) ignored: a UITabBarController cannot be on a navigation stack")
                return
            }
        }
        let operation: Operation
        if let top = viewControllers.last, top === stack.last {
            operation = .none
        } else if let top = viewControllers.last, stack.contains(where: { $0 === top }) {
            operation = .pop
        } else {
            operation = viewControllers.isEmpty ? .pop : .push
        }
        transition(to: viewControllers, operation: operation, animated: animated)
    }

    /// Pushes, as UIKit's navigation controller does (`targetViewController(forAction:sender:)`
    /// finds a navigation controller for `show(_:sender:)`).
    open override func show(_ vc: UIViewController, sender: Any?) {
        pushViewController(vc, animated: true)
    }

    /// Why `controller` cannot be pushed; nil when it can.
    private func refusal(for controller: UIViewController) -> String? {
        if stack.contains(where: { $0 === controller }) { return "the controller is already on the stack" }
        if controller is UINavigationController { return "pushing a navigation controller is not supported (as in UIKit)" }
        if isTabBarController(controller) { return "a UITabBarController cannot be pushed on a navigation stack" }
        return nil
    }

    /// Whether `controller` is a `UITabBarController` (or a subclass): a class cast, where walking a
    /// `Mirror` of it had the runtime look up reflection conformances at each class's first push.
    private func isTabBarController(_ controller: UIViewController) -> Bool { controller is UITabBarController }

    // MARK: Bars

    /// Whether the navigation bar is hidden. Default false.
    open var isNavigationBarHidden: Bool {
        get { navigationBarHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    private var navigationBarHidden = false

    /// Hides or shows the navigation bar, sliding it when `animated`.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != navigationBarHidden else { return }
        navigationBarHidden = hidden
        relayoutBars(animated: animated)
    }

    /// Whether the toolbar is hidden. Default true, as in UIKit.
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }
    private var toolbarHidden = true

    /// Hides or shows the toolbar, sliding it when `animated`.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != toolbarHidden else { return }
        toolbarHidden = hidden
        relayoutBars(animated: animated)
    }

    /// Whether the toolbar shows: not hidden, and the top controller does not hide it.
    var showsToolbar: Bool { !toolbarHidden && !(topViewController?.hidesBottomBarWhenPushed ?? false) }

    private func relayoutBars(animated: Bool) {
        guard let view = viewIfLoaded else { return }
        view.setNeedsLayout()
        if animated, view.window != nil {
            UIView.animate(withDuration: Self.barDuration) { view.layoutIfNeeded() }
        }
    }

    /// The top controller's toolbar items changed.
    func toolbarItemsDidChange(for controller: UIViewController) {
        if controller === topViewController { updateBars() }
    }

    private func updateBars() {
        // An active search belongs to the item on top: it ends when another item comes on top.
        for item in navigationBar.items ?? [] where item !== topViewController?.navigationItem {
            if let search = item.searchController, search.isActive { search.isActive = false }
        }
        navigationBar.items = stack.map(\.navigationItem)
        toolbar.items = topViewController?.toolbarItems
        viewIfLoaded?.setNeedsLayout()
    }

    /// The recognizer of the person's back swipe: a drag that starts within 20 points of the leading
    /// edge of the navigation controller's view pops the top controller, following the pointer; let go
    /// past half the width (or flicked toward the trailing edge) it completes, else it is cancelled.
    /// Set `isEnabled` false to turn it off, as in UIKit. A top controller whose navigation item has a
    /// `backAction` gets no back swipe (the action replaces going back).
    public var interactivePopGestureRecognizer: UIGestureRecognizer? { backSwipe }
    private lazy var backSwipe: BackSwipeGestureRecognizer = {
        let recognizer = BackSwipeGestureRecognizer { [weak self] pan in self?.backSwiped(pan) }
        recognizer.navigation = self
        return recognizer
    }()

    // MARK: Classic split view

    /// The secondary this stack took in `collapseSecondaryViewController(_:for:)`, and how many
    /// controllers were below it then.
    private var collapsedSecondary: (controller: UIViewController, countBelow: Int)?

    /// Pushes the secondary's controllers when it is a navigation controller (emptying it), else the
    /// secondary itself, without animation.
    open override func collapseSecondaryViewController(_ secondaryViewController: UIViewController, for splitViewController: UISplitViewController) {
        collapsedSecondary = (secondaryViewController, stack.count)
        if let secondaryNavigation = secondaryViewController as? UINavigationController {
            let moved = secondaryNavigation.viewControllers
            secondaryNavigation.setViewControllers([], animated: false)
            setViewControllers(stack + moved, animated: false)
        } else {
            pushViewController(secondaryViewController, animated: false)
        }
    }

    /// Takes what was stacked above this stack's own controllers off it: back into the collapsed
    /// secondary navigation controller (which it returns), or, for a secondary of another kind, the
    /// first controller above (the secondary itself unless it was popped and another pushed). Nil when
    /// this stack collapsed nothing.
    open override func separateSecondaryViewController(for splitViewController: UISplitViewController) -> UIViewController? {
        guard let (secondary, countBelow) = collapsedSecondary else { return nil }
        collapsedSecondary = nil
        let count = min(countBelow, stack.count)
        let above = Array(stack.dropFirst(count))
        setViewControllers(Array(stack.prefix(count)), animated: false)
        guard let secondaryNavigation = secondary as? UINavigationController else { return above.first ?? secondary }
        if !above.isEmpty || secondaryNavigation.viewControllers.isEmpty {
            secondaryNavigation.setViewControllers(above, animated: false)
        }
        return secondaryNavigation
    }

    // MARK: Orientation

    /// The top controller decides whether the orientation is locked, as a container hands the question
    /// to the child on screen.
    open override var childForInterfaceOrientationLock: UIViewController? { topViewController }

    // MARK: Keyboard

    /// Alt+← (Alt+→ in right-to-left, as UIKit mirrors arrows) and Escape pop, while there is something
    /// to pop and nothing is presented over the stack; a responder nearer the first responder that
    /// takes Escape wins, as key commands are looked for from the first responder up.
    open override var keyCommands: [UIKeyCommand]? {
        guard stack.count > 1, presentedViewController == nil, topViewController?.presentedViewController == nil else { return nil }
        let back = viewIfLoaded?.isRightToLeftLayout == true ? UIKeyCommand.inputRightArrow : UIKeyCommand.inputLeftArrow
        // Going back from the keyboard is the back button's click: a top item's `backAction` replaces it.
        let pop: (UIKeyCommand) -> Void = { [weak self] _ in
            guard let self else { return }
            if let action = topViewController?.navigationItem.backAction { action.perform(sender: navigationBar.backButton) } else { popViewController(animated: true) }
        }
        return [UIKeyCommand(title: "Back", input: back, modifierFlags: .alternate, handler: pop),
                UIKeyCommand(title: "Back", input: UIKeyCommand.inputEscape, handler: pop)]
    }

    // MARK: View

    /// The container view of the bars and the content.
    open override func loadView() {
        view = NavigationControllerView(controller: self)
    }

    /// Puts the bars and the top controller's view in place. Overrides call super.
    open override func viewDidLoad() {
        super.viewDidLoad()
        contentView.clipsToBounds = true
        view.addSubview(contentView)
        view.addSubview(navigationBar)
        view.addSubview(toolbar)
        view.backgroundColor = .systemBackground
        view.addGestureRecognizer(backSwipe)
        updateBars()
        if let top = topViewController, transitionCompletion == nil {
            top.view.frame = contentView.bounds
            contentView.addSubview(top.view)
        }
    }

    /// Places the bars and the content between them, and the top controller's view in the content.
    func layoutContainer() {
        guard let view = viewIfLoaded else { return }
        let bounds = view.bounds
        let barHeight = navigationBar.preferredHeight
        navigationBar.frame = CGRect(x: 0, y: navigationBarHidden ? -barHeight : 0, width: bounds.width, height: barHeight)
        let toolbarHeight = toolbar.preferredHeight
        let showsToolbar = self.showsToolbar
        toolbar.frame = CGRect(x: 0, y: showsToolbar ? bounds.height - toolbarHeight : bounds.height, width: bounds.width, height: toolbarHeight)
        let top = navigationBarHidden ? 0 : barHeight
        let bottom = showsToolbar ? bounds.height - toolbarHeight : bounds.height
        contentView.frame = CGRect(x: 0, y: top, width: bounds.width, height: max(0, bottom - top))
        if let topView = topViewController?.viewIfLoaded, topView.superview === contentView {
            topView.frame = contentView.bounds
        }
        if let top = topViewController, let search = top.navigationItem.searchController {
            search.layoutOverlay()
            if top.navigationItem.hidesSearchBarWhenScrolling, let scrollView = Self.contentScrollView(of: top) {
                scrollView.navigationScrollObserver = self
            }
        }
    }

    // MARK: Search

    /// Where the content is shown, between the bars (an active search covers it).
    var contentAreaFrame: CGRect { contentView.frame }
    var contentContainerView: UIView { contentView }

    /// The scroll view that scrolls a controller's content: its view, or a direct subview of it.
    static func contentScrollView(of controller: UIViewController) -> UIScrollView? {
        guard let view = controller.viewIfLoaded else { return nil }
        if let scrollView = view as? UIScrollView { return scrollView }
        return view.subviews.first { $0 is UIScrollView } as? UIScrollView
    }

    /// The top controller's content scrolled: its search bar folds away once the content leaves its
    /// top, and comes back when it returns there (`hidesSearchBarWhenScrolling`).
    func contentScrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let top = topViewController, let search = top.navigationItem.searchController, !search.isActive,
              top.navigationItem.hidesSearchBarWhenScrolling, Self.contentScrollView(of: top) === scrollView else { return }
        let away = scrollView.contentOffset.y > -scrollView.adjustedContentInset.top + 1
        guard away != top.navigationItem.searchBarScrolledAway else { return }
        top.navigationItem.searchBarScrolledAway = away
        top.navigationItem.changed()
    }

    // MARK: Transitions

    /// The kind of transition, with UIKit's raw values (`UINavigationController.Operation`).
    public enum Operation: Int, Sendable {
        case none = 0, push = 1, pop = 2
    }

    /// How long a push or pop slides, in seconds (UIKit's is about the same).
    static let transitionDuration: TimeInterval = 0.35
    static let barDuration: TimeInterval = 0.25

    /// The end of the running animated transition; a new transition runs it first.
    private var transitionCompletion: (() -> Void)?

    /// Whether the navigation controller's view is in a window: its children's views appear and
    /// disappear with the transitions.
    var isShowing: Bool {
        viewIfLoaded?.window != nil && (appearance.state == .appeared || appearance.state == .appearing)
    }

    /// Makes `newStack` the stack with one transition: containment calls for what is added and
    /// removed, appearance calls for the old and new top, the delegate, and the slide.
    private func transition(to newStack: [UIViewController], operation: Operation, animated: Bool, interactive: Bool = false) {
        transitionCompletion?()
        let oldStack = stack
        let oldTop = oldStack.last, newTop = newStack.last
        let oldBars = (items: navigationBar.items, toolbarItems: toolbar.items)
        let added = newStack.filter { controller in !oldStack.contains { $0 === controller } }
        let removed = oldStack.filter { controller in !newStack.contains { $0 === controller } }
        for controller in added { addChild(controller) }
        for controller in removed { controller.willMove(toParent: nil) }
        stack = newStack
        if oldTop?.hidesBottomBarWhenPushed ?? false != newTop?.hidesBottomBarWhenPushed ?? false {
            tabBarController?.viewIfLoaded?.setNeedsLayout()
        }
        let showing = isShowing
        let changesTop = oldTop !== newTop
        let animated = animated && showing && changesTop && operation != .none && oldTop != nil && newTop != nil
        if showing, changesTop {
            if let oldTop { beginAppearance(of: oldTop, appearing: false, animated: animated) }
            if let newTop { beginAppearance(of: newTop, appearing: true, animated: animated) }
            if let newTop { delegate?.navigationController(self, willShow: newTop, animated: animated) }
        }
        if isViewLoaded {
            updateBars()
            view.layoutIfNeeded()
        }
        var finished = false
        let finish = { [weak self] in
            guard !finished, let self else { return }
            finished = true
            self.transitionCompletion = nil
            if let oldTop, changesTop, oldTop.viewIfLoaded?.superview === self.contentView { oldTop.view.removeFromSuperview() }
            if showing, changesTop {
                if let oldTop { self.endAppearance(of: oldTop) }
                if let newTop { self.endAppearance(of: newTop) }
            }
            for controller in removed {
                // Those that did not disappear (they were not on top) are no longer moving.
                controller.isMovingFromParent = false
                controller.removeFromParent()
            }
            for controller in added {
                controller.didMove(toParent: self)
                if controller !== newTop { controller.isMovingToParent = false }
            }
            if showing, changesTop { self.setNeedsUpdateOfPrefersInterfaceOrientationLocked() }
            if showing, changesTop, let newTop {
                self.lastShownTop = newTop
                self.delegate?.navigationController(self, didShow: newTop, animated: animated)
                self.tabBarController?.managedStack(self, didShow: newTop)
            }
            self.viewIfLoaded?.setNeedsLayout()
        }
        guard isViewLoaded, changesTop, let newTop else { finish(); return }
        let container = contentView
        let width = container.bounds.width
        let newView: UIView = newTop.view
        newView.frame = container.bounds
        // The incoming view is above the outgoing one for a push, below it for a pop.
        if let oldView = oldTop?.viewIfLoaded, oldView.superview === container, operation == .pop {
            container.insertSubview(newView, belowSubview: oldView)
        } else {
            container.addSubview(newView)
        }
        // The incoming view is laid out at once: `viewIsAppearing` in the same turn as `viewWillAppear`.
        newView.setNeedsLayout()
        newView.layoutIfNeeded()
        guard animated, let oldView = oldTop?.viewIfLoaded, oldView.superview === container else { finish(); return }
        // Trailing is +x left-to-right, −x right-to-left.
        let trailing: CGFloat = view.isRightToLeftLayout ? -1 : 1
        let push = operation == .push
        newView.frame.origin.x = push ? trailing * width : -trailing * width * 0.3
        oldView.frame.origin.x = 0
        transitionCompletion = finish
        if interactive, let oldTop {
            // The person's drag moves the views; letting go completes (`finish`) or undoes it: the old
            // stack comes back, the popped controller appears again and the revealed one disappears, as
            // in UIKit's cancelled back swipe.
            let cancel = { [weak self] in
                guard !finished, let self else { return }
                finished = true
                self.transitionCompletion = nil
                self.stack = oldStack
                newView.removeFromSuperview()
                oldView.frame.origin.x = 0
                for controller in removed { controller.isMovingFromParent = false }
                if showing {
                    self.beginAppearance(of: oldTop, appearing: true, animated: true)
                    self.beginAppearance(of: newTop, appearing: false, animated: true)
                    self.endAppearance(of: newTop)
                    self.endAppearance(of: oldTop)
                }
                for controller in removed { controller.didMove(toParent: self) }
                if oldTop.hidesBottomBarWhenPushed != newTop.hidesBottomBarWhenPushed { self.tabBarController?.viewIfLoaded?.setNeedsLayout() }
                self.navigationBar.items = oldBars.items
                self.toolbar.items = oldBars.toolbarItems
                self.view.setNeedsLayout()
            }
            runningBackSwipe = BackSwipe(oldView: oldView, newView: newView, width: width, trailing: trailing, finish: finish, cancel: cancel)
            return
        }
        // The bar's new contents fade in as the views slide.
        navigationBar.fadeInContents(duration: Self.transitionDuration)
        UIView.animate(withDuration: Self.transitionDuration, delay: 0, options: [.curveEaseInOut], animations: {
            newView.frame.origin.x = 0
            oldView.frame.origin.x = push ? -trailing * width * 0.3 : trailing * width
        }, completion: { _ in finish() })
    }

    // MARK: Back swipe

    /// A pop the person drags: the two views' places at `progress` (0: not moved, 1: popped).
    @MainActor private struct BackSwipe {
        let oldView: UIView, newView: UIView, width: CGFloat, trailing: CGFloat
        let finish: () -> Void, cancel: () -> Void

        func place(at progress: CGFloat) {
            oldView.frame.origin.x = trailing * width * progress
            newView.frame.origin.x = -trailing * width * 0.3 * (1 - progress)
        }

        var progress: CGFloat { width > 0 ? trailing * oldView.frame.origin.x / width : 0 }
    }
    private var runningBackSwipe: BackSwipe?

    /// Whether a back swipe may begin: something to pop, nothing presented, no transition running.
    var canBeginBackSwipe: Bool {
        stack.count > 1 && isShowing && transitionCompletion == nil && presentedViewController == nil
            && topViewController?.presentedViewController == nil && topViewController?.navigationItem.backAction == nil
    }

    private func backSwiped(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard canBeginBackSwipe else { return }
            transition(to: Array(stack.dropLast()), operation: .pop, animated: true, interactive: true)
        case .changed:
            guard let swipe = runningBackSwipe, swipe.width > 0 else { return }
            swipe.place(at: min(max(swipe.trailing * pan.translation(in: view).x / swipe.width, 0), 1))
        case .ended, .cancelled, .failed:
            guard let swipe = runningBackSwipe else { return }
            runningBackSwipe = nil
            // Flicked toward the trailing edge, or let go past the middle, it completes.
            let velocity = swipe.trailing * pan.velocity(in: view).x
            let completes = pan.state == .ended && (velocity > 300 || (velocity > -300 && swipe.progress > 0.5))
            let remaining = completes ? 1 - swipe.progress : swipe.progress
            UIView.animate(withDuration: Self.transitionDuration * Double(max(remaining, 0.2)), delay: 0, options: [.curveEaseOut], animations: {
                swipe.place(at: completes ? 1 : 0)
            }, completion: { _ in completes ? swipe.finish() : swipe.cancel() })
        default:
            break
        }
    }

    /// The appearance calls of a child whose view comes or goes with a transition.
    private func beginAppearance(of controller: UIViewController, appearing: Bool, animated: Bool) {
        controller.beginAppearanceTransition(appearing, animated: animated)
    }
    private func endAppearance(of controller: UIViewController) { controller.endAppearanceTransition() }

    // MARK: Appearance

    /// The navigation controller forwards appearance to its top controller itself, around its
    /// transitions, as UIKit's does.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// The top controller the delegate last heard of: it hears of the top again when the navigation
    /// controller appears with another one (the root at its first display).
    private weak var lastShownTop: UIViewController?

    /// Forwards to the top controller, then tells the delegate of it (when it has not been shown yet).
    /// Overrides call super.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard let top = topViewController else { return }
        top.beginAppearanceTransition(true, animated: animated)
        if top !== lastShownTop { delegate?.navigationController(self, willShow: top, animated: animated) }
    }

    /// Forwards to the top controller, then tells the delegate. Overrides call super.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard let top = topViewController else { return }
        top.endAppearanceTransition()
        if top !== lastShownTop {
            lastShownTop = top
            delegate?.navigationController(self, didShow: top, animated: animated)
        }
    }

    /// Forwards to the top controller. Overrides call super.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        transitionCompletion?()
        topViewController?.beginAppearanceTransition(false, animated: animated)
    }

    /// Forwards to the top controller. Overrides call super.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        topViewController?.endAppearanceTransition()
    }
}

/// The back swipe's recognizer: a pan that fails at once unless it starts within 20 points of the
/// navigation controller view's leading edge with something to pop, so it never holds up other
/// gestures or clicks.
final class BackSwipeGestureRecognizer: UIPanGestureRecognizer {
    weak var navigation: UINavigationController?
    static let edgeWidth: CGFloat = 20

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard let view, let touch = touches.first, let navigation, navigation.canBeginBackSwipe else {
            state = .failed
            return
        }
        let x = touch.location(in: view).x
        let fromLeading = view.isRightToLeftLayout ? view.bounds.width - x : x
        if fromLeading > Self.edgeWidth { state = .failed }
    }
}

/// The navigation controller's root view: lays out the bars and the content.
@MainActor
final class NavigationControllerView: UIView {
    private weak var controller: UINavigationController?

    init(controller: UINavigationController) {
        self.controller = controller
        super.init(frame: .zero)
        // Hidden bars wait outside the bounds, to slide in.
        clipsToBounds = true
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        controller?.layoutContainer()
    }
}
