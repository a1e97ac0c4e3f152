import Foundation
@testable import GalleryApp
@testable import SceneHostCore
import SceneHostTesting
import Testing

/// The Gallery Mail's presentations on a real display, driven by XTest: a click on the Filter bar
/// button opens its popover and Escape closes it; Escape on a compose sheet holding a draft asks
/// (an action sheet) instead of closing, and Escape again keeps editing.
/// (Part of the serialized window suite.)
extension SceneWindowTests {
    @Test func filterPopoverAndComposeSheetTakeClicksAndEscapeOnADisplay() async throws {
        let scratch = ScratchFolder("presentation-test"), previous = AppDelegate.userDefaults
        AppDelegate.userDefaults = UserDefaults(suiteName: scratch.appending("defaults").path) ?? .standard
        defer { AppDelegate.userDefaults = previous }
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let input = try SyntheticInput(display: other)
        let mail = try #require(app.scene(titled: "Mail"))
        let mailWindow = try #require(app.window(of: mail))
        let controller = try #require(mail.keyWindow?.rootViewController as? MailViewController)
        other.focus(mailWindow)
        other.flush()
        #expect(await app.run(until: { mail.activationState == .foregroundActive }))
        await app.run(for: 0.2)

        // A click on Filter: the popover, pointing at it.
        let item = try #require(controller.list.navigationItem.rightBarButtonItems?.first { $0.primaryAction?.title == "Filter" })
        let window = try #require(mail.keyWindow)
        let button = try #require(UIPopoverPresentationController.view(showing: item, in: window))
        let origin = try #require(other.rootPosition(mailWindow))
        let frame = button.convert(button.bounds, to: nil)
        input.move(to: (origin.x + Int(frame.midX), origin.y + Int(frame.midY)))
        other.fakeButton(1, pressed: true)
        other.fakeButton(1, pressed: false)
        other.flush()
        #expect(await app.run(until: { controller.presentedViewController is MailFilterViewController }))
        let escape = KeySym(rawValue: 0xFF1B)
        await app.run(for: 0.4)
        input.press(keysym: escape)
        #expect(await app.run(until: { controller.presentedViewController == nil }), "Escape dismissed the popover")

        // Compose holding a draft: Escape asks instead of closing; Escape again keeps editing.
        controller.presentCompose()
        await app.run(for: 0.5)
        let compose = try #require(controller.presentedViewController as? ComposeViewController)
        compose.body.insertText("Dear team,")
        input.press(keysym: escape)
        #expect(await app.run(until: { compose.presentedViewController is UIAlertController }))
        #expect(controller.presentedViewController === compose)
        await app.run(for: 0.4)
        input.press(keysym: escape)
        #expect(await app.run(until: { compose.presentedViewController == nil }))
        #expect(controller.presentedViewController === compose, "kept editing")
        compose.body.text = ""
        controller.dismiss(animated: false)
        await app.run(for: 0.1)
    }
}
