import Foundation

/// Changes the app's main menu in `buildMenu(with:)`, as UIKit's `UIMenuBuilder`: find, replace,
/// insert and remove menus by identifier (the standard ones are `UIMenu.Identifier.file`, `.edit`,
/// `.view`, `.window`, …), or change a menu's children.
///
/// Differs from UIKit: `command(for:propertyList:)` is absent (commands have closures, not selectors);
/// find key commands with `action(for:)` replaced by walking `menu(for:)`'s children. Identifiers that
/// name no menu in the tree are ignored, as UIKit ignores them.
@MainActor
public protocol UIMenuBuilder: AnyObject {
    /// The menu system being built (`UIMenuSystem.main`).
    var system: UIMenuSystem { get }
    /// The menu with `identifier`, if the tree has one.
    func menu(for identifier: UIMenu.Identifier) -> UIMenu?
    /// The action with `identifier`, if the tree has one.
    func action(for identifier: UIAction.Identifier) -> UIAction?
    /// Puts `replacementMenu` where the menu with `replacedIdentifier` is.
    func replace(menu replacedIdentifier: UIMenu.Identifier, with replacementMenu: UIMenu)
    /// Gives the menu with `parentIdentifier` the children `childrenBlock` returns for its current ones.
    func replaceChildren(ofMenu parentIdentifier: UIMenu.Identifier, from childrenBlock: ([UIMenuElement]) -> [UIMenuElement])
    /// Inserts `siblingMenu` just before the menu with `siblingIdentifier`, in its parent.
    func insertSibling(_ siblingMenu: UIMenu, beforeMenu siblingIdentifier: UIMenu.Identifier)
    /// Inserts `siblingMenu` just after the menu with `siblingIdentifier`, in its parent.
    func insertSibling(_ siblingMenu: UIMenu, afterMenu siblingIdentifier: UIMenu.Identifier)
    /// Makes `childMenu` the first child of the menu with `parentIdentifier`.
    func insertChild(_ childMenu: UIMenu, atStartOfMenu parentIdentifier: UIMenu.Identifier)
    /// Makes `childMenu` the last child of the menu with `parentIdentifier`.
    func insertChild(_ childMenu: UIMenu, atEndOfMenu parentIdentifier: UIMenu.Identifier)
    /// Removes the menu with `removedIdentifier` (and what it holds).
    func remove(menu removedIdentifier: UIMenu.Identifier)
}

extension UIMenu.Identifier {
    // UIKit's standard menus, with its raw values.
    public static let root = UIMenu.Identifier("com.apple.menu.root")
    public static let application = UIMenu.Identifier("com.apple.menu.application")
    public static let file = UIMenu.Identifier("com.apple.menu.file")
    public static let edit = UIMenu.Identifier("com.apple.menu.edit")
    public static let view = UIMenu.Identifier("com.apple.menu.view")
    public static let window = UIMenu.Identifier("com.apple.menu.window")
    public static let help = UIMenu.Identifier("com.apple.menu.help")
    public static let about = UIMenu.Identifier("com.apple.menu.about")
    public static let preferences = UIMenu.Identifier("com.apple.menu.preferences")
    public static let services = UIMenu.Identifier("com.apple.menu.services")
    public static let hide = UIMenu.Identifier("com.apple.menu.hide")
    public static let quit = UIMenu.Identifier("com.apple.menu.quit")
    public static let newScene = UIMenu.Identifier("com.apple.menu.new-scene")
    public static let openRecent = UIMenu.Identifier("com.apple.menu.open-recent")
    public static let close = UIMenu.Identifier("com.apple.menu.close")
    public static let print = UIMenu.Identifier("com.apple.menu.print")
    public static let undoRedo = UIMenu.Identifier("com.apple.menu.undo-redo")
    public static let standardEdit = UIMenu.Identifier("com.apple.menu.standard-edit")
    public static let find = UIMenu.Identifier("com.apple.menu.find")
    public static let replace = UIMenu.Identifier("com.apple.menu.replace")
    public static let share = UIMenu.Identifier("com.apple.menu.share")
    public static let format = UIMenu.Identifier("com.apple.menu.format")
    public static let font = UIMenu.Identifier("com.apple.menu.font")
    public static let text = UIMenu.Identifier("com.apple.menu.text")
    public static let toolbar = UIMenu.Identifier("com.apple.menu.toolbar")
    public static let sidebar = UIMenu.Identifier("com.apple.menu.sidebar")
    public static let fullscreen = UIMenu.Identifier("com.apple.menu.fullscreen")
    public static let minimizeAndZoom = UIMenu.Identifier("com.apple.menu.minimize-and-zoom")
    public static let bringAllToFront = UIMenu.Identifier("com.apple.menu.bring-all-to-front")
}

/// The builder `UIMenuSystem` hands to `buildMenu(with:)`: the tree is kept as UIMenus, rebuilt along
/// the path to each change (UIMenu's children are immutable, as in UIKit).
@MainActor
final class MainMenuBuilder: UIMenuBuilder {
    let system: UIMenuSystem
    private(set) var root: UIMenu

    init(system: UIMenuSystem, root: UIMenu) {
        self.system = system
        self.root = root
    }

    func menu(for identifier: UIMenu.Identifier) -> UIMenu? { Self.find(identifier, in: root) }

    private static func find(_ identifier: UIMenu.Identifier, in menu: UIMenu) -> UIMenu? {
        if menu.identifier == identifier { return menu }
        for case let child as UIMenu in menu.children {
            if let found = find(identifier, in: child) { return found }
        }
        return nil
    }

    func action(for identifier: UIAction.Identifier) -> UIAction? { Self.findAction(identifier, in: root) }

    private static func findAction(_ identifier: UIAction.Identifier, in menu: UIMenu) -> UIAction? {
        for child in menu.children {
            if let action = child as? UIAction, action.identifier == identifier { return action }
            if let submenu = child as? UIMenu, let found = findAction(identifier, in: submenu) { return found }
        }
        return nil
    }

    /// Rewrites the tree: `change` gets each menu's children and returns what replaces them (or nil to
    /// leave that menu as it is).
    private func rewrite(_ change: (UIMenu) -> [UIMenuElement]?) {
        func visit(_ menu: UIMenu) -> UIMenu {
            var children = change(menu) ?? menu.children
            var changed = children.count != menu.children.count || zip(children, menu.children).contains { $0 !== $1 }
            children = children.map { child in
                guard let submenu = child as? UIMenu else { return child }
                let visited = visit(submenu)
                if visited !== submenu { changed = true }
                return visited
            }
            return changed ? menu.replacingChildren(children) : menu
        }
        root = visit(root)
    }

    func replace(menu replacedIdentifier: UIMenu.Identifier, with replacementMenu: UIMenu) {
        if root.identifier == replacedIdentifier { root = replacementMenu; return }
        rewrite { menu in
            guard menu.children.contains(where: { ($0 as? UIMenu)?.identifier == replacedIdentifier }) else { return nil }
            return menu.children.map { ($0 as? UIMenu)?.identifier == replacedIdentifier ? replacementMenu : $0 }
        }
    }

    func replaceChildren(ofMenu parentIdentifier: UIMenu.Identifier, from childrenBlock: ([UIMenuElement]) -> [UIMenuElement]) {
        rewrite { menu in menu.identifier == parentIdentifier ? childrenBlock(menu.children) : nil }
    }

    func insertSibling(_ siblingMenu: UIMenu, beforeMenu siblingIdentifier: UIMenu.Identifier) {
        rewrite { menu in
            guard let index = menu.children.firstIndex(where: { ($0 as? UIMenu)?.identifier == siblingIdentifier }) else { return nil }
            var children = menu.children
            children.insert(siblingMenu, at: index)
            return children
        }
    }

    func insertSibling(_ siblingMenu: UIMenu, afterMenu siblingIdentifier: UIMenu.Identifier) {
        rewrite { menu in
            guard let index = menu.children.firstIndex(where: { ($0 as? UIMenu)?.identifier == siblingIdentifier }) else { return nil }
            var children = menu.children
            children.insert(siblingMenu, at: index + 1)
            return children
        }
    }

    func insertChild(_ childMenu: UIMenu, atStartOfMenu parentIdentifier: UIMenu.Identifier) {
        replaceChildren(ofMenu: parentIdentifier) { [childMenu] + $0 }
    }

    func insertChild(_ childMenu: UIMenu, atEndOfMenu parentIdentifier: UIMenu.Identifier) {
        replaceChildren(ofMenu: parentIdentifier) { $0 + [childMenu] }
    }

    func remove(menu removedIdentifier: UIMenu.Identifier) {
        rewrite { menu in
            guard menu.children.contains(where: { ($0 as? UIMenu)?.identifier == removedIdentifier }) else { return nil }
            return menu.children.filter { ($0 as? UIMenu)?.identifier != removedIdentifier }
        }
    }
}
