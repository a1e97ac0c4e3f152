import Foundation

/// Updates search results as the search bar's text or scope changes, as UIKit's
/// `UISearchResultsUpdating`.
@MainActor
public protocol UISearchResultsUpdating: AnyObject {
    /// The search began or ended, its text changed or its scope: show what matches
    /// `searchController.searchBar.text`.
    func updateSearchResults(for searchController: UISearchController)
}

/// Told when a search controller comes and goes, as UIKit's `UISearchControllerDelegate`; every
/// method is optional.
@MainActor
public protocol UISearchControllerDelegate: AnyObject {
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
}

/// Search in a navigation bar, as UIKit's `UISearchController`: install it with
/// `navigationItem.searchController` and its `searchBar` shows under the bar's title row. The search
/// becomes active when the bar's field begins editing (a click, or `searchBar.becomeFirstResponder()`
/// from a Ctrl+F key command) or when `isActive` is set: the delegate hears `willPresent`, Cancel (and
/// the scope bar, if it has titles) appears, the bar's title row folds away when
/// `hidesNavigationBarDuringPresentation`, the content is dimmed when
/// `obscuresBackgroundDuringPresentation` (a click on the dimmed area cancels) and the
/// `searchResultsController`'s view covers the content while there is text (or while
/// `showsSearchResultsController`), then `didPresent`. Cancel, Escape in the field, or a click on the
/// dimmed area ends the search and empties the field. `searchResultsUpdater` hears each change of text
/// and scope, and the start and end of the search.
///
/// Differs from UIKit: the search is not a modal presentation. Its view covers the content area of
/// the navigation controller showing the item (of the item's controller when it is in none), so
/// `presentingViewController` stays nil and `presentSearchController(_:)` is not asked; the change
/// happens at once, so `didPresent` and `didDismiss` follow their `will` without an animation between.
@MainActor
open class UISearchController: UIViewController {
    /// The controller whose view shows the results over the content; nil: the content itself shows
    /// them (set `obscuresBackgroundDuringPresentation` false then). It is the search controller's child.
    public let searchResultsController: UIViewController?
    /// The bar, made with the controller.
    public let searchBar = UISearchBar()
    /// Told of each change of the search text and scope (weak, as UIKit's).
    open weak var searchResultsUpdater: UISearchResultsUpdating?
    /// Told as the search begins and ends.
    open weak var delegate: UISearchControllerDelegate?
    /// Whether the content is dimmed while the search is active. Default true.
    open var obscuresBackgroundDuringPresentation = true { didSet { arrangeOverlay() } }
    /// Whether the navigation bar's title row folds away while the search is active. Default true.
    open var hidesNavigationBarDuringPresentation = true { didSet { barLayoutDidChange() } }
    /// Whether Cancel shows while active. Default true.
    open var automaticallyShowsCancelButton = true
    /// Whether the scope bar shows while active. Default true.
    open var automaticallyShowsScopeBar = true
    /// Whether the results controller shows by itself once there is text (iOS 13). Default true.
    open var automaticallyShowsSearchResultsController = true
    /// Whether the results controller's view shows (iOS 13): set it to show the results with an empty
    /// field; it follows the text while `automaticallyShowsSearchResultsController`.
    open var showsSearchResultsController = false { didSet { arrangeOverlay() } }

    /// The item whose navigation bar shows the bar (set by `UINavigationItem.searchController`).
    weak var hostItem: UINavigationItem?
    private var active = false
    private let dimmingView = SearchDimmingView()

    /// A search controller showing results in `searchResultsController` (nil: in the content itself).
    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        searchBar.searchController = self
        if let searchResultsController {
            addChild(searchResultsController)
            searchResultsController.didMove(toParent: self)
        }
    }

    /// A search controller without a results controller.
    public convenience init() { self.init(searchResultsController: nil) }

    open override func loadView() {
        let view = SearchControllerView()
        view.backgroundColor = nil
        dimmingView.addAction(UIAction { [weak self] _ in self?.cancelSearch() }, for: .touchUpInside)
        view.addSubview(dimmingView)
        view.controller = self
        self.view = view
    }

    /// Whether the search is on. Setting it starts or ends the search (the field is not made first
    /// responder: call `searchBar.becomeFirstResponder()` for that, as in UIKit).
    open var isActive: Bool {
        get { active }
        set {
            guard newValue != active else { return }
            if newValue { activate() } else { deactivate() }
        }
    }

    private func activate() {
        guard let container = overlayContainer else {
            SceneHostLog.warning("UISearchController: set it as a navigation item's searchController shown in a window before activating it")
            return
        }
        delegate?.willPresentSearchController(self)
        active = true
        if automaticallyShowsCancelButton { searchBar.showsCancelButton = true }
        if automaticallyShowsScopeBar, !(searchBar.scopeButtonTitles ?? []).isEmpty { searchBar.showsScopeBar = true }
        if automaticallyShowsSearchResultsController { showsSearchResultsController = !(searchBar.text ?? "").isEmpty }
        container.addSubview(view)
        arrangeOverlay()
        barLayoutDidChange()
        searchResultsUpdater?.updateSearchResults(for: self)
        delegate?.didPresentSearchController(self)
    }

    private func deactivate() {
        delegate?.willDismissSearchController(self)
        active = false
        if searchBar.searchTextField.isEditing { searchBar.searchTextField.resignFirstResponder() }
        if automaticallyShowsCancelButton { searchBar.showsCancelButton = false }
        if automaticallyShowsScopeBar { searchBar.showsScopeBar = false }
        if automaticallyShowsSearchResultsController { showsSearchResultsController = false }
        viewIfLoaded?.removeFromSuperview()
        barLayoutDidChange()
        searchResultsUpdater?.updateSearchResults(for: self)
        delegate?.didDismissSearchController(self)
    }

    /// Cancel, Escape or a click on the dimmed content: the field empties and the search ends.
    func cancelSearch() {
        searchBar.text = ""
        if active { isActive = false } else { searchResultsUpdater?.updateSearchResults(for: self) }
    }

    func searchBarDidBeginEditing() {
        if !active { isActive = true }
    }

    func searchTextDidChange() {
        if active, automaticallyShowsSearchResultsController {
            let shows = !(searchBar.text ?? "").isEmpty
            if shows != showsSearchResultsController { showsSearchResultsController = shows }
        }
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    func searchScopeDidChange() { searchResultsUpdater?.updateSearchResults(for: self) }

    // MARK: Where it shows

    /// The navigation controller whose bar shows the search bar (the item's controller's).
    var hostNavigationController: UINavigationController? {
        hostItem?.owner.flatMap { $0 as? UINavigationController ?? $0.navigationController }
    }

    /// The view the active search's view covers the content of: the navigation controller's, else the
    /// item's controller's.
    private var overlayContainer: UIView? {
        if let navigation = hostNavigationController, let view = navigation.viewIfLoaded, view.window != nil { return view }
        if let owner = hostItem?.owner, let view = owner.viewIfLoaded, view.window != nil { return view }
        return nil
    }

    /// The frame the active search covers in its container: the navigation controller's content area.
    func layoutOverlay() {
        guard active, let view = viewIfLoaded, let container = view.superview else { return }
        if let navigation = hostNavigationController, container === navigation.viewIfLoaded {
            view.frame = navigation.contentAreaFrame
            // Over the content, under the bars.
            container.insertSubview(view, aboveSubview: navigation.contentContainerView)
        } else {
            view.frame = container.bounds
        }
        arrangeOverlay()
    }

    /// Shows the dimming and the results as the settings say.
    private func arrangeOverlay() {
        guard let view = viewIfLoaded else { return }
        dimmingView.frame = view.bounds
        dimmingView.isHidden = !(active && obscuresBackgroundDuringPresentation)
        guard let results = searchResultsController else { return }
        if active && showsSearchResultsController {
            results.view.frame = view.bounds
            results.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if results.view.superview !== view { view.addSubview(results.view) }
        } else if results.viewIfLoaded?.superview === view {
            results.view.removeFromSuperview()
        }
    }

    /// The navigation bar's search row changed (active, folded title row): it lays out again.
    private func barLayoutDidChange() {
        hostItem?.changed()
        if let navigation = hostNavigationController {
            navigation.viewIfLoaded?.setNeedsLayout()
        }
    }

    /// Whether the navigation bar folds its title row now.
    var foldsNavigationBar: Bool { active && hidesNavigationBarDuringPresentation }
}

/// The active search's view: it lays out the dimming and results with its size.
@MainActor
final class SearchControllerView: UIView {
    weak var controller: UISearchController?
    override func layoutSubviews() {
        super.layoutSubviews()
        for view in subviews { view.frame = bounds }
    }
}

/// The dimmed content while a search is active; a click on it cancels the search.
@MainActor
final class SearchDimmingView: UIControl {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0, alpha: 0.2)
    }
}
