import Foundation

/// A menu: a titled group of actions and submenus, as UIKit's `UIMenu`. Shown by a button (`menu`, as
/// its primary action when `showsMenuAsPrimaryAction`) or a context-menu interaction; a child menu with
/// `.displayInline` shows its children in its parent between separators, other child menus are
/// submenus, opened beside their row.
///
/// Differs from UIKit: menus are drawn by SceneHost inside the scene's window (no separate window,
/// no blur behind them); `preferredElementSize` is kept but every element is a full-width row.
@MainActor
open class UIMenu: UIMenuElement {
    /// Names a menu (for menu builders in UIKit; kept here for code that sets it).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// How a menu shows, with UIKit's raw values.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Children shown in the parent menu between separators, rather than as a submenu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// The submenu's row is shown in red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// At most one child action is `.on`: choosing one turns the others off (iOS 15).
        public static let singleSelection = Options(rawValue: 1 << 5)
        /// Children shown as a row of small items (iOS 17); SceneHost shows them as an inline group.
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// The menu's identifier: the one given, else a unique one.
    public let identifier: Identifier
    /// How the menu shows (inline, destructive, single selection).
    public let options: Options
    /// The menu's elements, in order.
    public let children: [UIMenuElement]
    /// The preferred size of the children (iOS 16); SceneHost shows every child as a full-width row.
    open var preferredElementSize: UIMenuElement.Size = .automatic

    /// Creates a menu. The parameters are UIKit's, in its order.
    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
                options: Options = [], preferredElementSize: UIMenuElement.Size = .automatic,
                children: [UIMenuElement] = []) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.options = options
        self.children = children
        self.preferredElementSize = preferredElementSize
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// A copy of the menu with other children, as in UIKit.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, subtitle: subtitle, image: image, identifier: identifier, options: options,
               preferredElementSize: preferredElementSize, children: newChildren)
    }

    /// The actions that are `.on` in this menu and its inline groups (iOS 16).
    open var selectedElements: [UIMenuElement] {
        children.flatMap { child -> [UIMenuElement] in
            if let action = child as? UIAction { return action.state == .on ? [action] : [] }
            if let menu = child as? UIMenu, menu.options.contains(.displayInline) { return menu.selectedElements }
            return []
        }
    }

    /// `action` was chosen from this menu: in a single-selection menu it becomes the one that is on (the
    /// others in the same menu and its inline groups turn off), as UIKit does before running it.
    func select(_ action: UIAction) {
        guard options.contains(.singleSelection) else { return }
        for case let other as UIAction in allActions where other !== action { other.state = .off }
        action.state = .on
    }

    /// The actions of this menu and its inline groups, in order.
    var allActions: [UIAction] {
        children.flatMap { child -> [UIAction] in
            if let action = child as? UIAction { return [action] }
            if let menu = child as? UIMenu, menu.options.contains(.displayInline) { return menu.allActions }
            return []
        }
    }
}
