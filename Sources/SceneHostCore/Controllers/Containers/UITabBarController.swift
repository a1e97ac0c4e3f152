import Foundation

/// What a tab bar controller asks and tells about selection. Every method has a default, as UIKit's
/// optional methods. The selection methods are called for the user's clicks and keys only, never for
/// selection set through the API, as in UIKit.
@MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    /// Whether the user may select `tab` (the tab clicked; for a group, the group). Default true.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelectTab tab: UITab) -> Bool
    /// The user selected `selectedTab` (a leaf: for a group clicked in the bar, its selected
    /// descendant); `previousTab` was selected before.
    func tabBarController(_ tabBarController: UITabBarController, didSelectTab selectedTab: UITab, previousTab: UITab?)
    /// Classic API (`viewControllers`): whether the user may select `viewController`. Default true.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// Classic API (`viewControllers`): the user selected `viewController`.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    /// The stack a group's `managingNavigationController` shows for `tab` (the selected tab):
    /// `proposedViewControllers` is the path's controllers, the managing group's first. Asked at every
    /// selection that changes the stack, and when the stack is first shown. Default: the proposal.
    func tabBarController(_ tabBarController: UITabBarController, displayedViewControllersFor tab: UITab,
                          proposedViewControllers: [UIViewController]) -> [UIViewController]
}

extension UITabBarControllerDelegate {
    /// Allows every selection.
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelectTab tab: UITab) -> Bool { true }
    /// Does nothing.
    public func tabBarController(_ tabBarController: UITabBarController, didSelectTab selectedTab: UITab, previousTab: UITab?) {}
    /// Allows every selection.
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    /// Does nothing.
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    /// Returns the proposal.
    public func tabBarController(_ tabBarController: UITabBarController, displayedViewControllersFor tab: UITab,
                                 proposedViewControllers: [UIViewController]) -> [UIViewController] { proposedViewControllers }
}

/// A container showing one of several view controllers chosen with a tab bar or a sidebar, as on
/// iPadOS 18: horizontally compact, a bar at the bottom; horizontally regular, a sidebar at the
/// leading edge (`mode` `.tabSidebar`, or `.automatic` with a `UITabGroup` among the tabs) or a bar
/// floating at the top. The selected tab is kept when the size class changes.
///
/// Build it from `UITab`s (`init(tabs:)`, `tabs`, `selectedTab`), whose view controllers are made
/// lazily when first shown, or with the classic `viewControllers`, `selectedIndex`,
/// `selectedViewController` and each controller's `tabBarItem`.
///
/// Every tab view controller made is a child; only the selected one's view is in the hierarchy, and
/// only it gets appearance calls: switching tabs sends the old one `viewWillDisappear`, the new one
/// `viewWillAppear`, then the old one `viewDidDisappear` and the new one `viewDidAppear`.
///
/// A navigation controller's top controller whose `hidesBottomBarWhenPushed` is true hides the bar at
/// the bottom (compact widths); going back in a group's `managingNavigationController` selects the tab
/// shown on top.
///
/// Differences from UIKit: the content sits beside the bar or sidebar rather than under it (SceneHost
/// has no safe-area insets); there is no "More" tab, no user customisation, and switching is never
/// animated (`animated` is ignored); the bar hides at once, not sliding with the push. The
/// sidebar is shown by default in a regular width, whatever the orientation.
@MainActor
open class UITabBarController: UIViewController {
    /// How the tabs are presented, with UIKit's raw values.
    public enum Mode: Int, Sendable {
        /// A sidebar when a root tab is a `UITabGroup`, else a tab bar.
        case automatic = 0
        /// A tab bar only.
        case tabBar = 1
        /// A sidebar in a regular width (a tab bar in a compact one).
        case tabSidebar = 2
    }

    /// The sidebar's state, as UIKit's `UITabBarController.Sidebar`.
    @MainActor
    public final class Sidebar {
        weak var owner: UITabBarController?

        /// Whether the sidebar is hidden in a regular width with `.tabSidebar` mode (then the bar floats
        /// at the top). Default false.
        public var isHidden = false {
            didSet { if isHidden != oldValue { owner?.tabsDidChange() } }
        }
    }

    // MARK: State

    /// The delegate asked about and told of the user's selections.
    open weak var delegate: (any UITabBarControllerDelegate)?

    /// The bar (at the bottom when compact, floating at the top when regular without a sidebar).
    public let tabBar = UITabBar()

    /// The sidebar's settings.
    public let sidebar = Sidebar()

    /// The view showing the sidebar (internal).
    let sidebarView = UITabSidebarView()

    /// The view holding the selected controller's view.
    private let contentView = UIView()

    /// How the tabs are presented (default `.automatic`).
    open var mode: Mode = .automatic { didSet { if mode != oldValue { tabsDidChange() } } }

    /// The identifiers of the root tabs the bar shows in a compact width; nil (the default): all.
    open var compactTabIdentifiers: [String]? { didSet { tabsDidChange() } }

    private var rootTabs: [UITab] = []
    private var usesViewControllers = false
    private var storedSelectedTab: UITab?
    /// The controller whose view shows now.
    private var displayedController: UIViewController?
    /// The bar's tabs, in the order of its items.
    private var barTabs: [UITab] = []
    private var needsItems = true
    /// Whether the controller is between its own viewWillAppear and viewDidDisappear.
    private var isShowing = false

    // MARK: Creating

    /// A tab bar controller with no tabs.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        sidebar.owner = self
    }

    /// A tab bar controller showing `tabs`, the first one selected.
    public convenience init(tabs: [UITab]) {
        self.init(nibName: nil, bundle: nil)
        setTabs(tabs, animated: false)
    }

    /// The tab bar controller's view: the content, the bar and the sidebar.
    open override func loadView() {
        let root = UIView()
        root.backgroundColor = .systemBackground
        contentView.clipsToBounds = true
        root.addSubview(contentView)
        root.addSubview(sidebarView)
        root.addSubview(tabBar)
        tabBar.onSelect = { [weak self] index in self?.userSelectedBarItem(at: index) }
        sidebarView.onSelect = { [weak self] tab in self?.userSelected(tab) }
        view = root
    }

    /// Watches the size class, layout direction and text size (each rebuilds the bar and sidebar) and
    /// shows the selected tab. Overrides call super.
    open override func viewDidLoad() {
        super.viewDidLoad()
        registerForTraitChanges([UITraitHorizontalSizeClass.self, UITraitLayoutDirection.self,
                                 UITraitPreferredContentSizeCategory.self]) { (self: UITabBarController, _: UITraitCollection) in
            self.tabsDidChange()
        }
        showSelectedController()
    }

    // MARK: Tabs

    /// The root tabs (empty when the classic `viewControllers` are used).
    open var tabs: [UITab] {
        get { usesViewControllers ? [] : rootTabs }
        set { setTabs(newValue, animated: false) }
    }

    /// Replaces the root tabs. The selected tab stays selected if it is still among them; otherwise the
    /// first visible tab is. Controllers of tabs that go are removed from the children (and freed unless
    /// the app keeps them). `animated` is ignored.
    open func setTabs(_ tabs: [UITab], animated: Bool) {
        let old = rootTabs
        usesViewControllers = false
        replaceRootTabs(old: old, new: tabs)
    }

    /// Lets go of the controllers of root tabs that leave (all of them but those in `keeping`).
    private func release(tabs old: [UITab], keeping new: [UITab], controllers kept: [UIViewController] = []) {
        for tab in old where !new.contains(where: { $0 === tab }) {
            tab.owner = nil
            for removed in Self.all(in: [tab]) {
                if let made = removed.viewControllerIfMade, !kept.contains(where: { $0 === made }) { release(made) }
                if let navigation = (removed as? UITabGroup)?.managingNavigationController { release(navigation) }
            }
        }
    }

    private func replaceRootTabs(old: [UITab], new: [UITab]) {
        release(tabs: old, keeping: new)
        rootTabs = new
        for tab in new { tab.owner = self }
        if let selected = storedSelectedTab, Self.all(in: new).contains(where: { $0 === selected }) {
            // Kept.
        } else {
            storedSelectedTab = new.first { !$0.isHidden }.map(Self.destination)
            storedSelectedTab.map(noteSelection)
        }
        tabsDidChange()
        if isViewLoaded { showSelectedController() }
    }

    /// The tab with `identifier`, at any depth, or nil.
    open func tab(forIdentifier identifier: String) -> UITab? {
        Self.all(in: rootTabs).first { $0.identifier == identifier }
    }

    /// The selected tab: a root tab, or a descendant of a group. Setting a group selects its selected
    /// (else default, else first) descendant. Setting it does not call the delegate.
    open var selectedTab: UITab? {
        get { usesViewControllers ? nil : storedSelectedTab }
        set {
            guard let newValue, !usesViewControllers, newValue.tabBarController === self else { return }
            select(Self.destination(of: newValue))
        }
    }

    // MARK: Classic API

    /// The root view controllers, one per bar item (the classic API). Setting them replaces the tabs;
    /// every one becomes a child at once, as in UIKit. Reading it with `tabs` in use gives the view
    /// controllers made so far for the root tabs.
    open var viewControllers: [UIViewController]? {
        get { rootTabs.compactMap(\.viewControllerIfMade) }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the view controllers (the classic API); `animated` is ignored.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let controllers = viewControllers ?? []
        let old = rootTabs
        let previous = storedSelectedTab?.viewControllerIfMade
        let tabs = controllers.enumerated().map { index, controller in
            let tab = UITab(title: "", image: nil, identifier: "viewController.\(index)") { _ in controller }
            _ = tab.viewController
            return tab
        }
        usesViewControllers = true
        storedSelectedTab = tabs.first { $0.viewControllerIfMade === previous }
        for tab in tabs { adopt(tab.viewController!) }
        release(tabs: old, keeping: [], controllers: controllers)
        rootTabs = tabs
        for tab in tabs { tab.owner = self }
        if storedSelectedTab == nil { storedSelectedTab = tabs.first }
        tabsDidChange()
        if isViewLoaded { showSelectedController() }
    }

    /// The selected view controller: the one shown. Setting one of `viewControllers` selects it (no
    /// delegate call).
    open var selectedViewController: UIViewController? {
        get { storedSelectedTab.flatMap { displayedController(for: $0, make: false) } }
        set {
            guard let newValue, let tab = Self.all(in: rootTabs).first(where: { $0.viewControllerIfMade === newValue }) else { return }
            select(tab)
        }
    }

    /// The index of the selected root tab (or view controller); `NSNotFound` when none is selected.
    /// Setting it selects that root tab (no delegate call).
    open var selectedIndex: Int {
        get {
            guard let root = storedSelectedTab?.rootTab else { return NSNotFound }
            return rootTabs.firstIndex { $0 === root } ?? NSNotFound
        }
        set {
            guard rootTabs.indices.contains(newValue) else { return }
            select(Self.destination(of: rootTabs[newValue]))
        }
    }

    // MARK: Selecting

    /// A group's selected descendant, or the tab itself.
    private static func destination(of tab: UITab) -> UITab { (tab as? UITabGroup)?.destination ?? tab }

    /// Every tab in `tabs` and their groups, depth first.
    private static func all(in tabs: [UITab]) -> [UITab] {
        tabs.flatMap { tab in [tab] + ((tab as? UITabGroup).map { all(in: $0.children) } ?? []) }
    }

    /// Records `tab` as each group's selected child along its path.
    private func noteSelection(_ tab: UITab) {
        var child = tab
        while let group = child.parent {
            group.selectedChild = child
            child = group
        }
    }

    private func select(_ tab: UITab) {
        storedSelectedTab = tab
        noteSelection(tab)
        updateSelectionDisplay()
        if isViewLoaded { showSelectedController() }
    }

    /// A click on the bar's item `index`.
    private func userSelectedBarItem(at index: Int) {
        guard barTabs.indices.contains(index) else { return }
        userSelected(barTabs[index])
    }

    /// A click (or arrow key) choosing `tab`: asks the delegate, selects, tells the delegate.
    private func userSelected(_ tab: UITab) {
        guard tab.isEnabled else { return }
        let destination = Self.destination(of: tab)
        if usesViewControllers {
            guard let controller = tab.viewControllerIfMade else { return }
            if delegate?.tabBarController(self, shouldSelect: controller) == false { return }
            select(destination)
            delegate?.tabBarController(self, didSelect: controller)
        } else {
            if delegate?.tabBarController(self, shouldSelectTab: tab) == false { return }
            let previous = storedSelectedTab
            select(destination)
            delegate?.tabBarController(self, didSelectTab: destination, previousTab: previous)
        }
    }

    // MARK: Children and appearance

    /// The controller shown for `tab`: the managing navigation controller of the outermost group on its
    /// path that has one, else the first controller along its path (root first) that has a provider.
    private func displayedController(for tab: UITab, make: Bool) -> UIViewController? {
        if let managing = managingGroup(for: tab)?.managingNavigationController { return managing }
        guard let owner = tab.path.first(where: { $0.provider != nil }) else { return nil }
        return make ? owner.viewController : owner.viewControllerIfMade
    }

    private func managingGroup(for tab: UITab) -> UITabGroup? {
        tab.path.lazy.compactMap { $0 as? UITabGroup }.first { $0.managingNavigationController != nil }
    }

    /// Rebuilds the managing navigation controller's stack for the selected tab (making the path's
    /// controllers), as the delegate adjusts it.
    private func updateManagedStack() {
        guard let tab = storedSelectedTab, let group = managingGroup(for: tab),
              let navigation = group.managingNavigationController else { return }
        let path = tab.path.drop { $0 !== group }
        let proposed = path.compactMap { $0.provider == nil ? nil : $0.viewController }
        let stack = delegate?.tabBarController(self, displayedViewControllersFor: tab, proposedViewControllers: proposed) ?? proposed
        guard !stack.isEmpty, !stack.elementsEqual(navigation.viewControllers, by: ===) else { return }
        navigation.setViewControllers(stack, animated: false)
    }

    /// A navigation controller among the children showed `top`: when it is the selected tab's managing
    /// navigation controller and `top` is the controller of another tab on the selected path (a person
    /// went back), that tab becomes the selected one, as in UIKit. The delegate is not told.
    func managedStack(_ navigation: UINavigationController, didShow top: UIViewController) {
        guard let selected = storedSelectedTab, selected.viewControllerIfMade !== top,
              managingGroup(for: selected)?.managingNavigationController === navigation,
              let tab = selected.path.first(where: { $0.viewControllerIfMade === top }) else { return }
        select(tab)
    }

    /// A group's managing navigation controller was set or replaced.
    func selectionPathDidChange() {
        if isViewLoaded { showSelectedController() }
    }

    /// A group let go of its managing navigation controller.
    func managingControllerWillGo(_ navigation: UINavigationController) {
        release(navigation)
    }

    private func adopt(_ controller: UIViewController) {
        guard controller.parent !== self else { return }
        addChild(controller)
        controller.didMove(toParent: self)
    }

    private func release(_ controller: UIViewController) {
        guard controller.parent === self else { return }
        if controller === displayedController {
            if isShowing { controller.beginAppearanceTransition(false, animated: false) }
            controller.viewIfLoaded?.removeFromSuperview()
            if isShowing { controller.endAppearanceTransition() }
            displayedController = nil
        }
        controller.willMove(toParent: nil)
        controller.viewIfLoaded?.removeFromSuperview()
        controller.removeFromParent()
    }

    /// Puts the selected tab's controller in the content view (making it if needed), with the
    /// appearance calls in UIKit's order when the tab bar controller is on screen.
    private func showSelectedController() {
        let new = storedSelectedTab.flatMap { displayedController(for: $0, make: true) }
        updateManagedStack()
        guard new !== displayedController else { return }
        let old = displayedController
        if let new { adopt(new) }
        if isShowing {
            old?.beginAppearanceTransition(false, animated: false)
            new?.beginAppearanceTransition(true, animated: false)
        }
        old?.viewIfLoaded?.removeFromSuperview()
        displayedController = new
        if let new {
            new.view.frame = contentView.bounds
            new.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            contentView.addSubview(new.view)
        }
        if isShowing {
            old?.endAppearanceTransition()
            // The new one has appeared once the frame that shows it is drawn, as the scene does for
            // views entering a window.
            if let new {
                if let scene = view.window?.windowScene { scene.appearanceEnds.append(new) } else { new.endAppearanceTransition() }
            }
        }
    }

    /// The tab bar controller forwards appearance to the selected controller itself.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// Begins the selected controller's appearance. Overrides call super.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        isShowing = true
        displayedController?.beginAppearanceTransition(true, animated: animated)
    }

    /// Ends the selected controller's appearance. Overrides call super.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        displayedController?.endAppearanceTransition()
    }

    /// Begins the selected controller's disappearance. Overrides call super.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        displayedController?.beginAppearanceTransition(false, animated: animated)
    }

    /// Ends the selected controller's disappearance. Overrides call super.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        isShowing = false
        displayedController?.endAppearanceTransition()
    }

    // MARK: Layout

    /// The mode in effect: `.automatic` resolved.
    var effectiveMode: Mode {
        if mode != .automatic { return mode }
        return rootTabs.contains { $0 is UITabGroup } ? .tabSidebar : .tabBar
    }

    /// Whether the sidebar shows now (regular width, sidebar mode, not hidden).
    var showsSidebar: Bool {
        traitCollection.horizontalSizeClass == .regular && effectiveMode == .tabSidebar && !sidebar.isHidden
            && !usesViewControllers
    }

    /// Something shown changed: rebuild the bar and sidebar at the next layout.
    func tabsDidChange() {
        needsItems = true
        viewIfLoaded?.setNeedsLayout()
    }

    private func rebuildItems() {
        needsItems = false
        let compact = traitCollection.horizontalSizeClass != .regular
        barTabs = rootTabs.filter { tab in
            !tab.isHidden && tab.preferredPlacement != .sidebarOnly
                && (!compact || compactTabIdentifiers.map { $0.contains(tab.identifier) } ?? true)
        }
        let items: [UITabBarItem] = barTabs.map { tab in
            if usesViewControllers, let controller = tab.viewControllerIfMade {
                let item: UITabBarItem = controller.tabBarItem
                if item.followsControllerTitle { item.followTitle(controller.title) }
                item.changed = { [weak self] in self?.tabsDidChange() }
                return item
            }
            let item = UITabBarItem(title: tab.title, image: tab.image, tag: 0)
            item.badgeValue = tab.badgeValue
            return item
        }
        tabBar.setItems(items, selected: nil, enabled: barTabs.map(\.isEnabled))
        sidebarView.show(rootTabs, selected: storedSelectedTab)
        updateSelectionDisplay()
    }

    private func updateSelectionDisplay() {
        let root = storedSelectedTab?.rootTab
        tabBar.selectedItem = barTabs.firstIndex { $0 === root }.map { tabBar.items?[$0] } ?? nil
        sidebarView.select(storedSelectedTab)
    }

    /// Places the sidebar or the bar and the selected controller's view for the size class, rebuilding
    /// the items first when something shown changed. Overrides call super.
    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        if needsItems { rebuildItems() }
        let bounds = view.bounds
        let rightToLeft = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        if showsSidebar {
            sidebarView.isHidden = false
            tabBar.isHidden = true
            let width = min(UITabSidebarView.preferredWidth, (bounds.width * 0.4).rounded())
            sidebarView.frame = CGRect(x: rightToLeft ? bounds.width - width : 0, y: 0, width: width, height: bounds.height)
            contentView.frame = CGRect(x: rightToLeft ? 0 : width, y: 0, width: bounds.width - width, height: bounds.height)
        } else if traitCollection.horizontalSizeClass == .regular {
            sidebarView.isHidden = true
            tabBar.isHidden = barTabs.isEmpty
            tabBar.isFloating = true
            let height = tabBar.floatingHeight
            let width = min(tabBar.floatingWidth, bounds.width - 40)
            tabBar.frame = CGRect(x: ((bounds.width - width) / 2).rounded(), y: 8, width: width, height: height)
            let top = barTabs.isEmpty ? 0 : height + 16
            contentView.frame = CGRect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
        } else {
            // A pushed controller may hide the bottom bar (`hidesBottomBarWhenPushed`).
            let hidden = barTabs.isEmpty || (displayedController as? UINavigationController)?.topViewController?.hidesBottomBarWhenPushed == true
            sidebarView.isHidden = true
            tabBar.isHidden = hidden
            tabBar.isFloating = false
            tabBar.frame.size.width = bounds.width
            let height = hidden ? 0 : tabBar.preferredHeight
            tabBar.frame = CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
            contentView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height - height)
        }
        displayedController?.viewIfLoaded?.frame = contentView.bounds
    }

    // MARK: Containers

    /// The selected controller decides the orientation lock.
    open override var childForInterfaceOrientationLock: UIViewController? { displayedController }
}
