import Foundation
@testable import GalleryApp
@_spi(Runtime) @testable import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// The Mail message list in the running Gallery on a real display, driven by XTest: a click selects and
/// opens a message, and ↓ moves the selection down a short window and keeps it in view.
extension SceneWindowTests {
    @Test func theMailListSelectsByClickAndKeepsTheSelectionInViewUnderTheDownArrow() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let scene = try #require(app.scene(titled: "Mail"))
        let mail = try #require(scene.windows.first?.rootViewController as? MailViewController)
        let window = try #require(app.window(of: scene))
        let other = try app.virtualDisplay.connect()
        if let settingsWindow = app.scene(titled: "Settings").flatMap(app.window(of:)) { other.iconify(settingsWindow) }
        // Regular and short: the list shows three rows.
        other.resize(window, width: 1000, height: 380)
        other.flush()
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 1000, height: 380) }))
        await app.run(for: 0.2)
        let input = try SyntheticInput(display: other)
        let list = try #require(mail.list.collectionView)
        let second = try #require(list.cellForItem(at: IndexPath(item: 1, section: 0)))
        let frame = second.convert(second.bounds, to: nil)
        let point = try #require(input.rootPoint((Int(frame.midX), Int(frame.midY)), in: window))
        input.click(at: point)
        #expect(await app.run(until: { mail.selectedIndex == 1 && second.isSelected }), "a click selects the row")
        #expect(mail.messageIsOpen, "and opens the message")
        for _ in 0..<5 { input.press(keysym: .down) }
        #expect(await app.run(until: { mail.selectedIndex == 6 }), "\(mail.selectedIndex)")
        await app.run(for: 0.5)
        let last = try #require(list.cellForItem(at: IndexPath(item: 6, section: 0)))
        let visible = list.bounds.inset(by: list.adjustedContentInset).insetBy(dx: 0, dy: -0.5)
        #expect(last.isSelected && visible.contains(last.frame), "the selection was scrolled into view: \(last.frame) in \(visible)")
    }
}
