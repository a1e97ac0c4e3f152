import Foundation

/// One destination of a `UITabBarController` (iPadOS 18): a title, an image and an identifier, with a
/// view controller made lazily by `viewControllerProvider` the first time it is needed (when the tab
/// is first displayed, or `viewController` is first read), and then kept.
///
/// Differences from UIKit: there is no user customisation (hiding or reordering tabs is up to the
/// app, nothing is persisted), and `image` is always drawn as a template tinted by the bar or sidebar.
@MainActor
open class UITab {
    /// Where a tab goes in the tab bar and sidebar, with UIKit's raw values. SceneHost puts
    /// `.sidebarOnly` tabs in the sidebar only and treats every other placement as `.default`.
    public enum Placement: Int, Sendable {
        /// Decided by the tab's context (as `.default` here).
        case automatic = 0
        /// Shown in the tab bar, hideable by the user in UIKit.
        case `default` = 1
        /// Hidden from the tab bar by default in UIKit (shown here).
        case optional = 2
        /// Movable by the user in UIKit (not movable here: no customisation).
        case movable = 3
        /// At the trailing end of the bar, icon only, in UIKit (treated as `.default` here).
        case pinned = 4
        /// At the leading end of the bar, not removable, in UIKit (treated as `.default` here).
        case fixed = 5
        /// Only in the sidebar, never in the tab bar.
        case sidebarOnly = 6
    }

    /// Makes the tab's view controller; called at most once.
    public typealias ViewControllerProvider = (UITab) -> UIViewController

    /// The identifier that finds this tab through `UITabBarController.tab(forIdentifier:)`; unique
    /// among the controller's tabs.
    public let identifier: String

    /// The title shown in the tab bar and sidebar.
    open var title: String { didSet { contentDidChange() } }

    /// The image shown beside or above the title, drawn as a template (its alpha tinted).
    open var image: UIImage? { didSet { contentDidChange() } }

    /// A second line of text (kept for source compatibility; SceneHost does not show it).
    open var subtitle: String?

    /// The text of the badge drawn over the tab's image in the bar and at the trailing end of its
    /// sidebar row; nil: no badge.
    open var badgeValue: String? { didSet { contentDidChange() } }

    /// Anything the app wants to keep with the tab.
    open var userInfo: Any?

    /// Where the tab goes (see `Placement`).
    open var preferredPlacement: Placement = .automatic { didSet { contentDidChange() } }

    /// Whether the tab is left out of the tab bar and the sidebar. A hidden selected tab stays selected.
    open var isHidden = false { didSet { contentDidChange() } }

    /// Whether the user may hide the tab (kept for source compatibility: SceneHost has no customisation).
    open var allowsHiding = false

    /// Whether the tab starts hidden (copied to `isHidden` when set, as UIKit does before any
    /// customisation is restored).
    open var isHiddenByDefault = false { didSet { isHidden = isHiddenByDefault } }

    /// Whether the tab can be selected by the user; a disabled tab is drawn dimmed and ignores clicks.
    open var isEnabled = true { didSet { contentDidChange() } }

    /// The group this tab belongs to, or nil for a root tab.
    public internal(set) weak var parent: UITabGroup?

    /// The tab bar controller showing this tab (the root tab's), or nil.
    public var tabBarController: UITabBarController? { parent?.tabBarController ?? owner }

    /// Set on root tabs by the tab bar controller.
    weak var owner: UITabBarController?

    let provider: ViewControllerProvider?
    private var madeViewController: UIViewController?

    /// Creates a tab. `viewControllerProvider` is called lazily, once, the first time the tab's view
    /// controller is needed.
    public init(title: String, image: UIImage?, identifier: String, viewControllerProvider: ViewControllerProvider?) {
        self.title = title
        self.image = image
        self.identifier = identifier
        self.provider = viewControllerProvider
    }

    /// The tab's view controller, made by the provider on first use (nil without a provider).
    public var viewController: UIViewController? {
        if madeViewController == nil, let provider {
            madeViewController = provider(self)
        }
        return madeViewController
    }

    /// The view controller if the provider has run already.
    var viewControllerIfMade: UIViewController? { madeViewController }

    /// Whether the provider has made the view controller (for tests and the controller).
    var hasMadeViewController: Bool { madeViewController != nil }

    /// The root tab this one belongs to (itself for a root tab).
    var rootTab: UITab { parent?.rootTab ?? self }

    /// This tab and the groups above it, root first.
    var path: [UITab] { (parent?.path ?? []) + [self] }

    func contentDidChange() { tabBarController?.tabsDidChange() }
}

/// A tab holding child tabs: one item in the tab bar and one section in the sidebar (iPadOS 18).
/// Selecting the group in the bar selects its `selectedChild`, else the child named by
/// `defaultChildIdentifier`, else its first child.
///
/// Without a `managingNavigationController`, selecting a child shows the group's view controller (as
/// UIKit does), or, when the group has no provider, the child's own view controller.
///
/// Differences from UIKit: popping the managing navigation controller's stack (its back button) does
/// not change `selectedTab`.
@MainActor
open class UITabGroup: UITab {
    /// A navigation controller the tab bar controller shows while this group or a descendant is
    /// selected, its stack rebuilt from the path to the selected tab: this group's view controller,
    /// then each group's below it, then the tab's (those without a provider left out), as adjusted by
    /// the delegate's `tabBarController(_:displayedViewControllersFor:proposedViewControllers:)`.
    open var managingNavigationController: UINavigationController? {
        didSet {
            if let oldValue, oldValue !== managingNavigationController { tabBarController?.managingControllerWillGo(oldValue) }
            contentDidChange()
            tabBarController?.selectionPathDidChange()
        }
    }

    /// The child tabs, in display order.
    open var children: [UITab] {
        didSet {
            for child in oldValue where !children.contains(where: { $0 === child }) { child.parent = nil }
            for child in children { child.parent = self }
            if let selected = selectedChild, !children.contains(where: { $0 === selected }) { selectedChild = nil }
            contentDidChange()
        }
    }

    /// The identifier of the child selected when the group is selected and none was before; nil: the
    /// first child.
    open var defaultChildIdentifier: String?

    /// The child last selected inside this group (nil until one is).
    public internal(set) var selectedChild: UITab?

    /// The identifiers of the children in display order (read-only here: no customisation).
    public var displayOrderIdentifiers: [String] { children.map(\.identifier) }

    /// Creates a group of `children`. `viewControllerProvider` makes the view controller shown while
    /// the group or one of its children is selected.
    public init(title: String, image: UIImage?, identifier: String, children: [UITab],
                viewControllerProvider: ViewControllerProvider?) {
        self.children = children
        super.init(title: title, image: image, identifier: identifier, viewControllerProvider: viewControllerProvider)
        for child in children { child.parent = self }
    }

    /// The descendant with `identifier` (this group's children and their children), or nil.
    public func tab(forIdentifier identifier: String) -> UITab? {
        for child in children {
            if child.identifier == identifier { return child }
            if let group = child as? UITabGroup, let found = group.tab(forIdentifier: identifier) { return found }
        }
        return nil
    }

    /// The leaf selected when this group is selected: the selected child, else the default one, else
    /// the first; through nested groups.
    var destination: UITab {
        let child = selectedChild
            ?? defaultChildIdentifier.flatMap { id in children.first { $0.identifier == id } }
            ?? children.first
        guard let child else { return self }
        return (child as? UITabGroup)?.destination ?? child
    }
}

/// A tab for search (iPadOS 18): placed at the trailing end of the bar in UIKit, shown here as any
/// other tab with the title "Search" by default.
@MainActor
open class UISearchTab: UITab {
    /// Creates a search tab titled "Search".
    public init(viewControllerProvider: ViewControllerProvider?) {
        super.init(title: "Search", image: nil, identifier: "com.apple.UIKit.UISearchTab", viewControllerProvider: viewControllerProvider)
    }
}
