import Foundation
@testable import GalleryApp
@_spi(Runtime) import SceneHost
import SceneHostTesting
import Testing
import X11

/// Holding Ctrl shows the Gallery's commands with their shortcuts over the focused window; its release
/// hides them, and a Ctrl shortcut typed meanwhile shows nothing.
extension SceneWindowTests {
    @Test func holdingControlShowsTheCommandsOverTheFocusedWindow() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let input = try SyntheticInput(display: other)
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        other.focus(window)
        other.flush()
        #expect(await app.run(until: { mail.activationState == .foregroundActive }))

        await app.run(for: 0.2)
        let before = try app.screenshot(mail)
        other.fakeKey(keysym: .controlLeft, pressed: true)
        other.sync()
        await app.run(for: 0.5)
        #expect(!mail.isShowingKeyboardShortcuts, "not before a second")
        #expect(await app.run(until: { mail.isShowingKeyboardShortcuts }, timeout: 3))
        let lines = mail.shownKeyboardShortcutLines
        #expect(lines.contains("File: New Mail Window ⌃N"), "\(lines)")
        #expect(lines.contains("File: New Photos Window ⌃P"))
        #expect(lines.contains("Application: Settings ⌃,"))
        #expect(lines.contains("View: Show or Hide Overlay ⌃I"))
        #expect(lines.contains("This Window: Close Window ⌃W"))
        await app.run(for: 0.1)
        let shown = try app.screenshot(mail)
        if let path = ProcessInfo.processInfo.environment["SCENEHOST_SHORTCUTS_PNG"] { try? shown.writePNG(to: path) }
        // The panel covers the window's middle.
        let middle = (x: shown.width / 2, y: shown.height / 2)
        #expect(shown.pixel(x: middle.x, y: middle.y) != before.pixel(x: middle.x, y: middle.y) ||
                shown.pixel(x: middle.x, y: middle.y - 40) != before.pixel(x: middle.x, y: middle.y - 40))
        other.fakeKey(keysym: .controlLeft, pressed: false)
        other.sync()
        #expect(await app.run(until: { !mail.isShowingKeyboardShortcuts }))
        #expect(app.events(of: "keyboardShortcutsHidden", scene: mail).count == 1)

        // Ctrl+P is a shortcut (the main menu's): a Photos window opens and no overlay shows.
        input.press(keysym: KeySym("p"), modifiers: [.controlLeft])
        #expect(await app.waitForScenes(3))
        await app.run(for: 1.2)
        #expect(app.scenes.allSatisfy { !$0.isShowingKeyboardShortcuts })
        #expect(app.events(of: "keyboardShortcutsShown").count == 1)

        // Ctrl+, aims at the Settings scene: it comes forward, and no scene opens.
        input.press(keysym: KeySym("comma"), modifiers: [.controlLeft])
        let settings = try #require(app.scene(titled: "Settings"))
        #expect(await app.run(until: { !app.events(of: "sceneActivationRouted", scene: settings).isEmpty }))
        #expect(app.scenes.count == 3)
    }
}
