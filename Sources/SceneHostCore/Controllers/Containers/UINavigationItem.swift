import Foundation

/// What a navigation bar shows while a controller is on top of a navigation stack: its title (or a
/// title view), its left and right buttons, and — for the controller pushed next — the back button.
/// Every controller has one (`UIViewController.navigationItem`).
///
/// As in UIKit the back button comes from the **previous** item: its `backBarButtonItem`, else a
/// button titled by its `backButtonDisplayMode` (`backButtonTitle`, then `title`, then "Back").
/// Differs from UIKit: `backButtonTitle` and `title` are shown whole or not at all (there is no
/// measurement of the space left before choosing a shorter title: the full title is truncated).
@MainActor
open class UINavigationItem {
    /// How the title is shown when the bar prefers large titles, with UIKit's raw values.
    public enum LargeTitleDisplayMode: Int, Sendable {
        /// The previous item's mode (the first item: `.always`).
        case automatic = 0
        case always = 1
        case never = 2
        /// iOS 17: a title in the bar, as `.never` (SceneHost has no scroll-driven collapse).
        case inline = 3
    }

    /// How the back button that this item provides is titled, with UIKit's raw values (iOS 14).
    public enum BackButtonDisplayMode: Int, Sendable {
        /// `backButtonTitle`, else `title`, else "Back".
        case `default` = 0
        /// "Back".
        case generic = 1
        /// The chevron only.
        case minimal = 2
    }

    /// The role of the bar, with UIKit's raw values (iOS 16); SceneHost lays out every style as
    /// `.navigator` (title centred).
    public enum ItemStyle: Int, Sendable {
        case navigator = 0, browser = 1, editor = 2
    }

    /// The title in the bar; nil: the controller's `title`.
    open var title: String? { didSet { changed() } }
    /// A view shown instead of the title.
    open var titleView: UIView? { didSet { changed() } }
    /// A line of text above the bar's buttons (the bar grows by 28 points).
    open var prompt: String? { didSet { changed() } }
    /// How the title shows when the bar prefers large titles.
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic { didSet { changed() } }
    /// The title of the back button this item provides to the next item.
    open var backButtonTitle: String? { didSet { changed() } }
    /// The back button this item provides to the next item; when set it wins over the title rules.
    /// Its title is shown after the chevron (its image is not); its action is ignored (a click pops)
    /// and its menu, if any, replaces the back button's long-press list of pages, as in UIKit.
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    /// How the back button this item provides is titled (only while `backBarButtonItem` is nil).
    open var backButtonDisplayMode: BackButtonDisplayMode = .default { didSet { changed() } }
    /// What the back button does while this item is on top (iOS 16); nil: it pops. Its title, when
    /// not empty, replaces the back button's.
    open var backAction: UIAction? { didSet { changed() } }
    /// Whether the back button is hidden while this item is on top.
    open var hidesBackButton = false { didSet { changed() } }
    /// Whether the left items follow the back button rather than replacing it. Default false.
    open var leftItemsSupplementBackButton = false { didSet { changed() } }
    /// The items on the leading side (UIKit's "left"; the right side in a right-to-left layout).
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// The items on the trailing side, the first one outermost, as in UIKit.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// The bar's role (iOS 16).
    open var style: ItemStyle = .navigator { didSet { changed() } }

    /// The search controller whose search bar the navigation bar shows under its title row while this
    /// item is on top (iOS 11); see `UISearchController`.
    open var searchController: UISearchController? {
        didSet {
            guard searchController !== oldValue else { return }
            if oldValue?.hostItem === self {
                oldValue?.isActive = false
                oldValue?.hostItem = nil
            }
            searchController?.hostItem = self
            searchBarScrolledAway = false
            changed()
        }
    }
    /// Whether the search bar folds away while the content scrolls (iOS 11). Default true. Differs
    /// from UIKit, where the bar starts hidden until a pull-down: here it shows while the controller's
    /// content scroll view (its view, or a direct subview of it) is at its top, and folds away once that
    /// scrolls down; content that does not scroll keeps it.
    open var hidesSearchBarWhenScrolling = true {
        didSet {
            if !hidesSearchBarWhenScrolling { searchBarScrolledAway = false }
            changed()
        }
    }
    /// The content scrolled down while `hidesSearchBarWhenScrolling`: the search row is folded away.
    var searchBarScrolledAway = false

    /// The first of `leftBarButtonItems`.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first of `rightBarButtonItems`.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// An item titled `title`.
    public init(title: String) { self.title = title }
    /// An item without a title (the controller's `title` shows).
    public init() {}

    /// Sets the left items (animation is not supported: they change at once).
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// Sets the right items (at once).
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// Sets the left item (at once).
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    /// Sets the right item (at once).
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    /// Hides or shows the back button (at once).
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    /// The controller whose item this is (its `title` is the fallback title).
    weak var owner: UIViewController?
    /// The bar showing the item redraws when it changes.
    weak var bar: UINavigationBar?
    func changed() { bar?.itemsDidChange() }

    /// The title shown: the item's, else its controller's.
    var displayedTitle: String? { title ?? owner?.title }

    /// The back button's title this item gives the next one; nil: the chevron only.
    var backTitle: String? {
        if let backBarButtonItem { return backBarButtonItem.title }
        switch backButtonDisplayMode {
        case .default: return backButtonTitle ?? displayedTitle.flatMap { $0.isEmpty ? nil : $0 } ?? "Back"
        case .generic: return "Back"
        case .minimal: return nil
        }
    }
}
