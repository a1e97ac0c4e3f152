import Foundation
@testable import GalleryApp
@testable import SceneHostCore
import SceneHostTesting
import Testing

/// The Gallery's controls and menus on a real display, driven by XTest as a person would: Tab moves
/// focus to the preview pop-up button, Space opens its menu, ↓ and Return choose; a right click on a
/// message opens its menu, Escape closes it.
/// (With the other tests that run an app on a display: one at a time, as the Gallery's settings are shared.)
extension SceneWindowTests {
    /// The first view of `type` under `view`, depth first.
    private func firstView<View: UIView>(_ type: View.Type, in view: UIView) -> View? {
        if let match = view as? View { return match }
        for subview in view.subviews { if let match = firstView(type, in: subview) { return match } }
        return nil
    }

    /// The middle of `view` in root coordinates (the scene's scale is 1 on the virtual display).
    private func middle(of view: UIView, in window: Window, on display: Display) throws -> (x: Int, y: Int) {
        let origin = try #require(display.rootPosition(window))
        let frame = view.convert(view.bounds, to: nil)
        return (origin.x + Int(frame.midX), origin.y + Int(frame.midY))
    }

    @Test func theKeyboardChoosesFromAPopUpButtonAndARightClickOpensAMessagesMenu() async throws {
        // The Gallery's settings go to the test's folder, never the person's.
        let scratch = ScratchFolder("controls-test"), previous = AppDelegate.userDefaults
        AppDelegate.userDefaults = UserDefaults(suiteName: scratch.appending("defaults").path) ?? .standard
        defer { AppDelegate.userDefaults = previous }
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let input = try SyntheticInput(display: other)
        let settings = try #require(app.scene(titled: "Settings"))
        let mail = try #require(app.scene(titled: "Mail"))
        let settingsWindow = try #require(app.window(of: settings)), mailWindow = try #require(app.window(of: mail))
        await app.run(for: 0.2)

        // Settings gets the keyboard; Tab, Tab, Tab: past the two switches to "Show previews".
        other.focus(settingsWindow)
        other.flush()
        #expect(await app.run(until: { settings.activationState == .foregroundActive }))
        let tab = KeySym(rawValue: 0xFF09), space = KeySym(rawValue: 0x20), down = KeySym(rawValue: 0xFF54)
        let enter = KeySym(rawValue: 0xFF0D), escape = KeySym(rawValue: 0xFF1B)
        for _ in 0..<3 { input.press(keysym: tab) }
        await app.run(for: 0.1)
        let focused = try #require(settings.focusSystem?.focusedItem as? ValuePopUpButton)
        #expect(focused.currentTitle == "2 lines")
        input.press(keysym: space)
        await app.run(for: 0.1)
        #expect(settings.keyWindow?.presentedMenu != nil)
        input.press(keysym: down)
        input.press(keysym: enter)
        #expect(await app.run(until: { focused.currentTitle == "1 line" }))
        #expect(AppDelegate.userDefaults.string(forKey: MailPreferences.previewLinesKey) == "1 line")
        #expect(settings.keyWindow?.presentedMenu == nil)

        // A right click on a message in Mail opens its menu; Escape closes it.
        let root = try #require(mail.keyWindow?.rootViewController?.view)
        let list = try #require(firstView(MessageListView.self, in: root))
        // A row in view (the list keeps a margin of rows beyond its edges).
        let row = try #require(list.cellForItem(at: IndexPath(item: 0, section: 0)))
        // The list starts under the search row: raised, no part of Settings covers the row.
        other.raise(mailWindow)
        other.flush()
        await app.run(for: 0.2)
        let point = try middle(of: row, in: mailWindow, on: other)
        input.move(to: point)
        other.fakeButton(3, pressed: true)
        other.fakeButton(3, pressed: false)
        other.flush()
        #expect(await app.run(until: { mail.keyWindow?.presentedMenu != nil }))
        let panel = try #require(mail.keyWindow?.presentedMenu?.panels.first)
        #expect(panel.rows.contains { $0.element?.title == "Archive" } && panel.rows.contains { $0.element?.title == "Delete" })
        other.focus(mailWindow)
        other.flush()
        #expect(await app.run(until: { mail.activationState == .foregroundActive }))
        input.press(keysym: escape)
        #expect(await app.run(until: { mail.keyWindow?.presentedMenu == nil }))
    }
}
