import Foundation

/// The title, image and badge a view controller shows in a classic `UITabBarController`
/// (`viewControllers`), as UIKit's `UITabBarItem`. Also what `UITabBar.items` lists for `UITab`s.
///
/// Differences from UIKit: not a `UIBarItem` subclass; `selectedImage` is kept but the selected item
/// is drawn by tinting `image`; system items are not provided.
@MainActor
open class UITabBarItem {
    /// The item's title. A controller's own item (made by `tabBarItem`) takes the controller's `title`
    /// until the app sets one.
    open var title: String? { didSet { if !isFollowingTitle { followsControllerTitle = false }; changed?() } }
    /// Whether the item was made by `UIViewController.tabBarItem` and its title not set since.
    var followsControllerTitle = false
    private var isFollowingTitle = false
    /// The image drawn as a template, tinted by the bar.
    open var image: UIImage? { didSet { changed?() } }
    /// The image for the selected state (kept for source compatibility; `image` is tinted instead).
    open var selectedImage: UIImage?
    /// A number the app uses to find the item.
    open var tag = 0
    /// The badge's text; nil: no badge.
    open var badgeValue: String? { didSet { changed?() } }
    /// The badge's colour; nil: system red.
    open var badgeColor: UIColor? { didSet { changed?() } }
    /// Whether the item can be selected by the user.
    open var isEnabled = true { didSet { changed?() } }

    /// Tells the tab bar controller to redraw.
    var changed: (() -> Void)?

    /// An item with a title, an image and a tag.
    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// An item with a title, an image and an image for the selected state.
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// An item with no title or image.
    public convenience init() { self.init(title: nil, image: nil, tag: 0) }

    /// Takes the controller's title without marking the title as set by the app.
    func followTitle(_ title: String?) {
        isFollowingTitle = true
        self.title = title
        isFollowingTitle = false
    }
}

extension UIViewController {
    /// The item representing this controller in a classic tab bar controller, made on first use. Its
    /// title follows the controller's `title` until the app sets the item's own (the bar reads it at
    /// each layout; SceneHost's `title` has no observer, so a new title shows at the next rebuild).
    public var tabBarItem: UITabBarItem! {
        get {
            if let item = storedTabBarItem {
                if item.followsControllerTitle, item.title != title { item.followTitle(title) }
                return item
            }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            item.followsControllerTitle = true
            storedTabBarItem = item
            return item
        }
        set { storedTabBarItem = newValue }
    }

    /// The nearest ancestor that is a tab bar controller, or nil.
    public var tabBarController: UITabBarController? {
        var controller = parent
        while let current = controller {
            if let tabs = current as? UITabBarController { return tabs }
            controller = current.parent
        }
        return nil
    }
}
