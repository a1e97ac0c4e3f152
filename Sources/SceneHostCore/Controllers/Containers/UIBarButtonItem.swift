import Foundation

/// What bar items share: a title, an image, whether they are enabled, and a tag, as UIKit's `UIBarItem`.
@MainActor
open class UIBarItem {
    /// The text shown for the item (when it has no image, or beside nothing else).
    open var title: String? { didSet { changed() } }
    /// The image shown for the item, drawn as it is (SceneHost does not tint template images).
    open var image: UIImage? { didSet { changed() } }
    /// Whether the item takes clicks; a disabled item is drawn dimmed. Default true.
    open var isEnabled = true { didSet { changed() } }
    /// A number of your own to tell items apart.
    open var tag = 0

    public init() {}

    /// Bars showing the item redraw it.
    var observers: [UUID: @MainActor () -> Void] = [:]
    func changed() { for observer in observers.values { observer() } }
}

/// A button in a navigation bar or a toolbar: text, an image, a system item (drawn as its word or a
/// simple glyph), a menu, or space between other items.
///
/// Differs from UIKit: actions are closures (`primaryAction`, a `UIAction`) rather than target and
/// selector, so `init(title:style:target:action:)` has no counterpart; system items are drawn as text
/// ("Done", "Edit", …) or simple line glyphs, not SF Symbols; `customView` is shown at its fitting size.
@MainActor
open class UIBarButtonItem: UIBarItem {
    /// How the item is drawn, with UIKit's raw values: `.done` (2; iOS 26's `.prominent`) is drawn as
    /// iOS 26 draws it, a capsule filled with the tint and semibold white text.
    public enum Style: Int, Sendable {
        case plain = 0
        @available(*, deprecated, message: "Use .plain")
        case bordered = 1
        case done = 2
        /// iOS 26's name for `.done`.
        public static let prominent = Style.done
    }

    /// UIKit's system items, with its raw values. Done, Cancel, Edit, Save, Undo, Redo, Reply,
    /// Organize, Bookmarks and Camera show as their words; the others as simple glyphs.
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel = 1, edit = 2, save = 3, add = 4, flexibleSpace = 5, fixedSpace = 6, compose = 7,
             reply = 8, action = 9, organize = 10, bookmarks = 11, search = 12, refresh = 13, stop = 14,
             camera = 15, trash = 16, play = 17, pause = 18, rewind = 19, fastForward = 20, undo = 21, redo = 22
        /// Deprecated in UIKit; shown as nothing.
        case pageCurl = 23
        case close = 24

        /// The word a text system item shows; nil for glyphs and spaces.
        var word: String? {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .undo: "Undo"
            case .redo: "Redo"
            case .reply: "Reply"
            case .organize: "Organize"
            case .bookmarks: "Bookmarks"
            case .camera: "Camera"
            default: nil
            }
        }
    }

    /// The drawing style; `.done` is a filled capsule.
    open var style: Style = .plain { didSet { changed() } }
    /// The action run when the item is clicked (its title and image are used when the item has none).
    open var primaryAction: UIAction? { didSet { changed() } }
    /// A menu: opened by a click when the item has no `primaryAction` (as UIKit does), else by a
    /// long press. (SceneHost opens it on a click only when there is no primary action.)
    open var menu: UIMenu? { didSet { changed() } }
    /// A view shown instead of a button.
    open var customView: UIView? { didSet { changed() } }
    /// The colour of the item's text and glyph; nil: the bar's tint.
    open var tintColor: UIColor? { didSet { changed() } }
    /// The width of a fixed space (and the least width of other items; 0 is their natural width).
    open var width: CGFloat = 0 { didSet { changed() } }
    /// Whether the item is hidden (iOS 16).
    open var isHidden = false { didSet { changed() } }
    /// The system item it was made as, if any.
    public private(set) var systemItem: SystemItem?

    /// An item with nothing set (set `title`, `image` or `primaryAction` afterwards).
    public override init() { super.init() }

    /// An item showing `title` and/or `image`, running `primaryAction` or opening `menu` (iOS 14).
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.title = title ?? primaryAction?.title.nonEmpty
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// A text item with a style; `handler` runs on a click (UIKit's target and action, as a closure).
    public convenience init(title: String?, style: Style, handler: @escaping (UIAction) -> Void) {
        self.init(title: title, primaryAction: UIAction(title: title ?? "", handler: handler))
        self.style = style
    }

    /// An image item with a style; `handler` runs on a click (UIKit's target and action, as a closure).
    public convenience init(image: UIImage?, style: Style, handler: @escaping (UIAction) -> Void) {
        self.init(image: image, primaryAction: UIAction(handler: handler))
        self.style = style
    }

    /// The item of `primaryAction`: its title and image.
    public convenience init(primaryAction: UIAction?) { self.init(title: nil, image: nil, primaryAction: primaryAction, menu: nil) }

    /// A system item (`.done` gets the `.done` style, as in UIKit); `.flexibleSpace` and `.fixedSpace` make spaces.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        self.menu = menu
        if systemItem == .done { style = .done }
    }

    /// UIKit's older name for a system item; `handler` replaces the target and action.
    public convenience init(barButtonSystemItem systemItem: SystemItem, handler: ((UIAction) -> Void)? = nil) {
        self.init(systemItem: systemItem, primaryAction: handler.map { UIAction(handler: $0) })
    }

    /// An item showing `customView`.
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// A space that takes an equal share of what is left in the bar.
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(systemItem: .flexibleSpace) }

    /// A space `width` points wide.
    public static func fixedSpace(_ width: CGFloat = 0) -> UIBarButtonItem {
        let item = UIBarButtonItem(systemItem: .fixedSpace)
        item.width = width
        return item
    }

    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
