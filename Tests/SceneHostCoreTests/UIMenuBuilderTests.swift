import Foundation
@testable @_spi(Runtime) import SceneHostCore
import Testing

/// `buildMenu(with:)` and `UIMenuBuilder` changing the standard main menu, and the keyboard-shortcut
/// overlay listing it.
@MainActor
struct UIMenuBuilderTests {
    /// A responder whose `buildMenu(with:)` runs `build`.
    final class Builder: UIResponder {
        let build: (any UIMenuBuilder) -> Void
        var calls = 0
        init(_ build: @escaping (any UIMenuBuilder) -> Void) { self.build = build }
        override func buildMenu(with builder: any UIMenuBuilder) {
            calls += 1
            build(builder)
        }
    }

    func system(_ responders: [UIResponder]) -> UIMenuSystem {
        let system = UIMenuSystem()
        system.builders = { responders }
        return system
    }

    func titles(_ menu: UIMenu?) -> [String] { menu?.children.map(\.title) ?? [] }

    @Test func theStandardMenusHaveUIKitsIdentifiers() {
        #expect(UIMenu.Identifier.file.rawValue == "com.apple.menu.file")
        #expect(UIMenu.Identifier.newScene.rawValue == "com.apple.menu.new-scene")
        #expect(UIMenu.Identifier.root.rawValue == "com.apple.menu.root")
        let menu = system([]).mainMenu
        #expect(titles(menu) == ["Application", "File", "Edit", "Format", "View", "Window", "Help"])
        #expect(menu.identifier == .root)
    }

    @Test func insertReplaceAndRemove() {
        let open = UIKeyCommand(title: "Open", input: "o", modifierFlags: .control) { _ in }
        let builder = Builder { builder in
            builder.insertChild(UIMenu(title: "Recent", identifier: UIMenu.Identifier("recent"), children: [open]), atStartOfMenu: .file)
            builder.insertSibling(UIMenu(title: "Go", identifier: UIMenu.Identifier("go")), afterMenu: .view)
            builder.insertSibling(UIMenu(title: "Tools", identifier: UIMenu.Identifier("tools")), beforeMenu: .window)
            builder.remove(menu: .format)
            builder.replace(menu: .help, with: UIMenu(title: "Support", identifier: UIMenu.Identifier("support")))
            builder.replaceChildren(ofMenu: .edit) { _ in [UIAction(title: "Nothing", identifier: UIAction.Identifier("nothing")) { _ in }] }
            builder.insertChild(UIMenu(title: "Late", identifier: UIMenu.Identifier("late")), atEndOfMenu: .file)
            // An identifier the tree lacks changes nothing.
            builder.remove(menu: UIMenu.Identifier("no-such-menu"))
            #expect(builder.menu(for: UIMenu.Identifier("recent"))?.children.first === open)
            #expect(builder.action(for: UIAction.Identifier("nothing"))?.title == "Nothing")
            #expect(builder.menu(for: .format) == nil)
        }
        let system = system([builder])
        let menu = system.mainMenu
        #expect(titles(menu) == ["Application", "File", "Edit", "View", "Go", "Tools", "Window", "Support"])
        let file = menu.children[1] as? UIMenu
        #expect(titles(file).first == "Recent" && titles(file).last == "Late")
        #expect(titles(menu.children[2] as? UIMenu) == ["Nothing"])
        #expect(system.keyCommands.map(\.title) == ["Open"])
        // Built once, until a rebuild is asked for.
        _ = system.mainMenu
        #expect(builder.calls == 1)
        system.setNeedsRebuild()
        _ = system.mainMenu
        #expect(builder.calls == 2)
    }

    @Test func laterBuildersSeeWhatEarlierOnesAdded() {
        let first = Builder { $0.insertChild(UIMenu(title: "A", identifier: UIMenu.Identifier("a")), atEndOfMenu: .file) }
        let second = Builder { builder in
            builder.replaceChildren(ofMenu: UIMenu.Identifier("a")) { $0 + [UIKeyCommand(title: "B", input: "b", modifierFlags: .command) { _ in }] }
        }
        #expect(system([first, second]).keyCommands.map(\.title) == ["B"])
    }

    @Test func shortcutsReadAsOnIPad() {
        #expect(UIKeyCommand(title: "", input: "n", modifierFlags: [.command, .shift, .control, .alternate]) { _ in }.shortcutDescription == "⌃⌥⇧⌘N")
        #expect(UIKeyCommand(title: "", input: UIKeyCommand.inputUpArrow, modifierFlags: .alternate) { _ in }.shortcutDescription == "⌥↑")
        #expect(UIKeyCommand(title: "", input: UIKeyCommand.inputEscape) { _ in }.shortcutDescription == "⎋")
    }

    @Test func theOverlayListsTheMenuThenTheWindowsOwnAndGoesAway() {
        let shared = UIKeyCommand(title: "Shared", input: "s", modifierFlags: .control) { _ in }
        let builder = Builder { builder in
            builder.replaceChildren(ofMenu: .newScene) { $0 + [UIKeyCommand(title: "New Window", input: "n", modifierFlags: .control) { _ in }, shared] }
            builder.replaceChildren(ofMenu: .view) {
                $0 + [UIKeyCommand(title: "Hidden", input: "h", modifierFlags: .control, attributes: .hidden) { _ in },
                      UIKeyCommand(title: "Zoom", input: "=", modifierFlags: .control, discoverabilityTitle: "Zoom In") { _ in }]
            }
        }
        let system = system([builder])
        final class Controller: UIViewController {
            var commands: [UIKeyCommand] = []
            override var keyCommands: [UIKeyCommand]? { commands }
        }
        let controller = Controller()
        controller.commands = [UIKeyCommand(title: "Archive", input: "a", modifierFlags: .command) { _ in }, shared]
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: controller)
        weak var shown: UIView?
        do {
            scene.setKeyboardShortcutsShown(true, responders: [controller], menuSystem: system)
            #expect(scene.isShowingKeyboardShortcuts)
            #expect(scene.shownKeyboardShortcutLines == ["File: New Window ⌃N", "File: Shared ⌃S", "View: Zoom In ⌃=", "This Window: Archive ⌘A"])
            shown = scene.shownKeyboardShortcuts
            _ = scene.renderImage()
            let panel = shown?.subviews.first
            #expect(panel.map { scene.windows[0].bounds.contains($0.frame) } == true, "the panel fits the window: \(String(describing: panel?.frame))")
            #expect(shown?.isUserInteractionEnabled == false, "the window under it stays usable")
        }
        scene.setKeyboardShortcutsShown(false, responders: [controller], menuSystem: system)
        #expect(!scene.isShowingKeyboardShortcuts)
        #expect(shown == nil, "the overlay is freed once hidden")
        // Nothing to list: nothing shows.
        scene.setKeyboardShortcutsShown(true, responders: [], menuSystem: UIMenuSystem())
        #expect(!scene.isShowingKeyboardShortcuts)
    }
}
