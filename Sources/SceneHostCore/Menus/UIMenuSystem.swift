import Foundation

/// The app's main menu, as UIKit's `UIMenuSystem.main`: built from UIKit's standard menus by the
/// app's `buildMenu(with:)` (on `UIApplication` and then its delegate), and rebuilt after
/// `setNeedsRebuild()`. SceneHost has no menu bar: the main menu's key commands work in every scene,
/// after the focused scene's own, and holding Ctrl for about a second shows them with their shortcuts
/// over the focused window (as holding ⌘ does on iPad).
@MainActor
public final class UIMenuSystem {
    /// The main menu system.
    public static let main = UIMenuSystem()

    /// The responders asked to build the menu, in order (the runtime sets the application and its
    /// delegate).
    @_spi(Runtime) public var builders: () -> [UIResponder] = { [] }

    private var built: UIMenu?

    /// A menu system of its own (tests); apps use `main`.
    init() {}

    /// Asks for the menu to be built again the next time it is needed.
    public func setNeedsRebuild() { built = nil }
    /// Asks for the menu's elements to be validated again; SceneHost reads attributes and state each
    /// time the menu shows, so this only rebuilds nothing.
    public func setNeedsRevalidate() {}

    /// UIKit's standard menus, empty but for their structure (SceneHost's runtime adds nothing to them).
    static func standardMenu() -> UIMenu {
        func inline(_ identifier: UIMenu.Identifier) -> UIMenu { UIMenu(identifier: identifier, options: .displayInline) }
        return UIMenu(title: "", identifier: .root, children: [
            UIMenu(title: "Application", identifier: .application, children: [inline(.about), inline(.preferences), inline(.services), inline(.hide), inline(.quit)]),
            UIMenu(title: "File", identifier: .file, children: [inline(.newScene), inline(.openRecent), inline(.close), inline(.print)]),
            UIMenu(title: "Edit", identifier: .edit, children: [inline(.undoRedo), inline(.standardEdit), inline(.find), inline(.replace), inline(.share)]),
            UIMenu(title: "Format", identifier: .format, children: [inline(.font), inline(.text)]),
            UIMenu(title: "View", identifier: .view, children: [inline(.toolbar), inline(.sidebar), inline(.fullscreen)]),
            UIMenu(title: "Window", identifier: .window, children: [inline(.minimizeAndZoom), inline(.bringAllToFront)]),
            UIMenu(title: "Help", identifier: .help),
        ])
    }

    /// The main menu, built when first needed after a rebuild was asked for.
    public var mainMenu: UIMenu {
        if let built { return built }
        let builder = MainMenuBuilder(system: self, root: Self.standardMenu())
        for responder in builders() { responder.buildMenu(with: builder) }
        built = builder.root
        return builder.root
    }

    /// The main menu's key commands, in menu order, without hidden ones.
    public var keyCommands: [UIKeyCommand] { Self.keyCommands(in: mainMenu) }

    static func keyCommands(in menu: UIMenu) -> [UIKeyCommand] {
        menu.children.flatMap { child -> [UIKeyCommand] in
            if let command = child as? UIKeyCommand { return command.attributes.contains(.hidden) ? [] : [command] }
            if let submenu = child as? UIMenu { return keyCommands(in: submenu) }
            return []
        }
    }

    /// The main menu's command for a key, if any (disabled ones match nothing).
    func keyCommand(forInput input: String, modifierFlags: UIKeyModifierFlags) -> UIKeyCommand? {
        keyCommands.first { !$0.attributes.contains(.disabled) && $0.matches(input: input, flags: modifierFlags) }
    }
}
