import Foundation

/// The title, image and badge a view controller shows in a classic `UITabBarController`
/// (`viewControllers`), as UIKit's `UITabBarItem`. Also what `UITabBar.items` lists for `UITab`s.
///
/// Differences from UIKit: not a `UIBarItem` subclass; `selectedImage` is kept but the selected item
/// is drawn by tinting `image`; system items are not provided.
@MainActor
open class UITabBarItem {
    /// The item's title; nil: the view controller's `title`.
    open var title: String? { didSet { changed?() } }
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
}

extension UIViewController {
    /// The item representing this controller in a classic tab bar controller, made on first use with
    /// the controller's `title`.
    public var tabBarItem: UITabBarItem! {
        get {
            if storedTabBarItem == nil { storedTabBarItem = UITabBarItem(title: title, image: nil, tag: 0) }
            return storedTabBarItem
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
