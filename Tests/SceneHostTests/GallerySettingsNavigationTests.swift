import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
import SceneHostTesting
import Testing

/// The Gallery's Settings scene as a navigation stack, offscreen: a click on a row opens the page of its
/// choices, a choice made there is kept and shown back on the form, and the path of open pages is
/// kept with the session and opened again after a relaunch.
@MainActor
struct GallerySettingsNavigationTests {
    /// The Gallery's settings go to a folder of the test's, never the person's.
    func withScratchDefaults(_ name: String, _ body: () throws -> Void) rethrows {
        let scratch = ScratchFolder(name), previous = AppDelegate.userDefaults
        AppDelegate.userDefaults = UserDefaults(suiteName: scratch.appending("defaults").path) ?? .standard
        defer { AppDelegate.userDefaults = previous }
        try body()
    }

    /// The Settings stack without its overlay in an offscreen window of `size`, drawn once (at `category`).
    func settingsScene(_ size: CGSize, category: UIContentSizeCategory? = nil) -> (SettingsContainerController, UIWindowScene) {
        let container = SettingsContainerController()
        container.settings.loadViewIfNeeded()
        container.settings.overlay.isHidden = true
        let scene = UIWindowScene.offscreen(size: size, rootViewController: container)
        if let category { scene.traitOverrides.preferredContentSizeCategory = category }
        _ = scene.renderImage()
        return (container, scene)
    }

    func all<T: UIView>(_ type: T.Type, in view: UIView) -> [T] {
        view.subviews.flatMap { ($0 as? T).map { [$0] } ?? [] + all(type, in: $0) }
    }

    /// At the largest text size the rows are tall and the form scrolls: as each row comes into view,
    /// its pop-up button and switch sit in the middle of the row, as the chevron does.
    @Test func controlsStayCentredInRowsScrolledIntoViewAtTheLargestTextSize() throws {
        try withScratchDefaults("settings-largest") {
            let (container, scene) = settingsScene(CGSize(width: 900, height: 768), category: .accessibilityExtraExtraExtraLarge)
            let settings = container.settings, list = try #require(settings.collectionView)
            var checked: Set<SettingsViewController.Setting> = []
            while true {
                for setting in SettingsViewController.Setting.allCases {
                    guard let cell = settings.cell(for: setting), !cell.isHidden else { continue }
                    let control: UIView? = settings.switches[setting] ?? (setting == .showPreviews ? settings.previewsButton : setting == .swipeActions ? settings.swipeButton : nil)
                    guard let control else { continue }
                    let middle = control.convert(CGPoint(x: control.bounds.midX, y: control.bounds.midY), to: cell).y
                    #expect(abs(middle - cell.bounds.midY) <= 1, "\(setting) at offset \(list.contentOffset.y): its control's middle \(middle), the row's \(cell.bounds.midY)")
                    checked.insert(setting)
                }
                let next = min(list.contentOffset.y + 120, list.offsetRange.max.y)
                if next <= list.contentOffset.y { break }
                list.setContentOffset(CGPoint(x: 0, y: next), animated: false)
                _ = scene.renderImage()
            }
            #expect(checked.count == 6, "every row was seen: \(checked)")
        }
    }

    @Test func aRowOpensThePageOfItsChoicesAndAChoiceIsKept() throws {
        try withScratchDefaults("settings-pages") {
            let (container, scene) = settingsScene(CGSize(width: 800, height: 640))
            // A click on the "Show previews" row (beside its pop-up button) opens its page.
            let previewsRow = try #require(container.settings.cell(for: .showPreviews))
            scene.click(at: previewsRow.convert(CGPoint(x: 40, y: previewsRow.bounds.midY), to: nil))
            let page = try #require(container.topViewController as? SettingsChoicesViewController)
            #expect(page.title == "Show Previews" && container.navigationPath == ["previews"])
            _ = scene.offscreenHost!.prepareFrame(at: 50)
            _ = scene.offscreenHost!.prepareFrame(at: 51)
            #expect(page.checkedChoices == ["2 lines"], "the default")
            assertSnapshot(scene.renderImage(), named: "settings-page-previews")
            let second = try #require(page.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
            scene.click(at: second.convert(CGPoint(x: second.bounds.midX, y: second.bounds.midY), to: nil))
            #expect(AppDelegate.userDefaults.string(forKey: MailPreferences.previewLinesKey) == "1 line")
            #expect(page.checkedChoices == ["1 line"])
            scene.traitOverrides.userInterfaceStyle = .dark
            scene.traitOverrides.layoutDirection = .rightToLeft
            assertSnapshot(scene.renderImage(), named: "settings-page-previews-dark-rtl")
            // Back: the form's pop-up button shows the choice.
            container.navigationBar.backButton.sendActions(for: .primaryActionTriggered)
            #expect(container.settings.previewsButton.currentTitle == "1 line")
            #expect(container.navigationPath.isEmpty)
        }
    }

    /// A page popped off the stack goes, with its list and its cells (the form's switches stay).
    @Test func aPoppedChoicesPageIsFreedWithItsListAndCells() throws {
        try withScratchDefaults("settings-page-freed") {
            let container = SettingsContainerController()
            let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 640), rootViewController: container)
            _ = scene.renderImage()
            let tracker = LeakTracker()
            do {
                container.settings.open(.swipe)
                _ = scene.offscreenHost!.prepareFrame(at: 50)
                _ = scene.offscreenHost!.prepareFrame(at: 51)
                let page = try #require(container.topViewController as? SettingsChoicesViewController)
                tracker.track(page, as: "page")
                tracker.track(page.collectionView, as: "list")
                for cell in page.collectionView.subviews { tracker.track(cell, as: "cell") }
                container.popViewController(animated: false)
                _ = scene.renderImage()
            }
            #expect(tracker.survivors.isEmpty, "\(tracker)")
            #expect(container.settings.cell(for: .lockOrientation) != nil, "the form is still there")
        }
    }

    @Test func theNavigationPathIsKeptWithTheSessionAndRestored() throws {
        try withScratchDefaults("settings-restoration") {
            let delegate = SettingsSceneDelegate()
            let container = SettingsContainerController()
            let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 640), rootViewController: container)
            delegate.window = scene.windows[0]
            container.settings.show(SettingsPage.swipe.makeController(), sender: nil)
            let activity = try #require(delegate.stateRestorationActivity(for: scene))
            #expect(activity.userInfo?["navigationPath"] as? [String] == ["swipe"])

            // The next launch: a new scene given the saved activity.
            let relaunched = SettingsSceneDelegate()
            let fresh = SettingsContainerController()
            let next = UIWindowScene.offscreen(size: CGSize(width: 800, height: 640), rootViewController: fresh)
            relaunched.window = next.windows[0]
            relaunched.scene(next, restoreInteractionStateWith: activity)
            #expect(fresh.viewControllers.count == 2 && fresh.navigationPath == ["swipe"])
            #expect((fresh.topViewController as? SettingsChoicesViewController)?.title == "Swipe Actions")
            #expect(fresh.viewControllers.first === fresh.settings)
            _ = next.renderImage()
            #expect(fresh.navigationBar.backButton.configuration?.title == "Settings")
        }
    }
}

/// The Settings stack in the running Gallery, on a real display: the open page comes back after a
/// relaunch, and Escape and Alt+← go back. (Part of the serialized window suite.)
extension SceneWindowTests {
    @Test func theSettingsPathComesBackAfterARelaunchAndTheKeyboardGoesBack() async throws {
        let scratch = ScratchFolder("settings-relaunch"), previous = AppDelegate.userDefaults
        AppDelegate.userDefaults = UserDefaults(suiteName: scratch.appending("defaults").path) ?? .standard
        defer { AppDelegate.userDefaults = previous }
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        func container() -> SettingsContainerController? {
            app.scene(titled: "Settings")?.windows.first?.rootViewController as? SettingsContainerController
        }
        let first = try #require(container())
        first.settings.show(SettingsPage.previews.makeController(), sender: nil)
        #expect(await app.run(until: { first.topViewController?.view.window != nil && first.viewControllers[0].viewIfLoaded?.window == nil }))
        #expect(first.navigationPath == ["previews"])

        try app.relaunch()
        #expect(await app.waitForScenes(2))
        #expect(await app.run(until: { container()?.navigationPath == ["previews"] }), "the page is open again")
        let restored = try #require(container())
        #expect(restored !== first && restored.navigationBar.backButton.configuration?.title == "Settings")

        // Escape goes back; Alt+← too.
        let settings = try #require(app.scene(titled: "Settings"))
        let other = try app.virtualDisplay.connect()
        let input = try SyntheticInput(display: other)
        other.focus(try #require(app.window(of: settings)))
        other.flush()
        #expect(await app.run(until: { settings.activationState == .foregroundActive }))
        #expect(await app.run(until: { restored.topViewController?.isFirstResponder == true }, timeout: 3))
        input.press(keysym: KeySym(rawValue: 0xFF1B))
        #expect(await app.run(until: { restored.navigationPath.isEmpty }), "Escape pops")
        restored.settings.show(SettingsPage.swipe.makeController(), sender: nil)
        #expect(await app.run(until: { restored.topViewController?.isFirstResponder == true }, timeout: 3))
        input.press(keysym: KeySym(rawValue: 0xFF51), modifiers: [KeySym(rawValue: 0xFFE9)])
        #expect(await app.run(until: { restored.navigationPath.isEmpty }), "Alt+← pops")
    }
}
