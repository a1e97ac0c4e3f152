import Foundation

/// The navigation properties every controller has (kept in `UIViewController.navigationStorage`).
@MainActor
final class NavigationStorage {
    var item: UINavigationItem?
    var toolbarItems: [UIBarButtonItem]?
    var hidesBottomBarWhenPushed = false
}

extension UIViewController {
    /// What a navigation bar shows while this controller is on top of a navigation stack (made on
    /// first use, titled by the controller's `title` until given its own).
    public var navigationItem: UINavigationItem {
        if let item = navigationStorage.item { return item }
        let item = UINavigationItem()
        item.owner = self
        navigationStorage.item = item
        return item
    }

    /// The nearest navigation controller among this controller's ancestors (itself excluded).
    public var navigationController: UINavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? UINavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// The items a navigation controller's toolbar shows while this controller is on top.
    public var toolbarItems: [UIBarButtonItem]? {
        get { navigationStorage.toolbarItems }
        set { setToolbarItems(newValue, animated: false) }
    }

    /// Sets `toolbarItems` (they change at once: `animated` is ignored).
    public func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        navigationStorage.toolbarItems = toolbarItems
        navigationController?.toolbarItemsDidChange(for: self)
    }

    /// Whether the bottom bars hide while this controller is on top of a navigation controller: its
    /// toolbar, and the tab bar of a tab bar controller showing it in a compact width. Default false.
    public var hidesBottomBarWhenPushed: Bool {
        get { navigationStorage.hidesBottomBarWhenPushed }
        set { navigationStorage.hidesBottomBarWhenPushed = newValue }
    }
}
