import Foundation
@testable import SceneHost
import SceneHostTesting
import Testing

/// Traits the desktop provides, read from XSETTINGS on a private display and from the environment.
/// Part of the serialized window suite: one app at a time is `UIApplication.shared` (and the
/// simulated device is one per process), so no two harness tests may run at once.
extension SceneWindowTests {
    @Test func xsettingsDriveScaleAndStyleLive() async throws {
        let display = try VirtualDisplay()
        let settingsClient = try display.connect()
        let manager = try XSettingsManager(display: settingsClient, settings: [
            "Net/ThemeName": .string("Adwaita"), "Xft/DPI": .integer(192 * 1024),
        ])
        let app = try AppHarness(TestAppDelegate.self, display: display)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        #expect(scene.traitCollection.displayScale == 2, "Xft/DPI 192 is 2 pixels per point")
        #expect(scene.traitCollection.userInterfaceStyle == .light)
        let window = try #require(app.window(of: scene))
        let pixels = try #require(app.display.geometry(window))
        #expect(CGFloat(pixels.width) == scene.effectiveGeometry.systemFrame.width * 2, "the back buffer and window follow the scale")
        #expect(try app.screenshot(scene).pixel(x: 40, y: 40) == 0xff30b0c7, "light teal")

        app.clearEvents()
        manager.publish(["Net/ThemeName": .string("Adwaita-dark"), "Xft/DPI": .integer(192 * 1024)])
        #expect(await app.run(until: { scene.traitCollection.userInterfaceStyle == .dark }))
        await app.run(for: 0.1)
        let traced = app.events(of: "traits", scene: scene)
        #expect(traced.count == 1)
        #expect(traced.first?["userInterfaceStyle"] as? String == "dark")
        #expect(traced.first?["horizontalSizeClass"] == nil, "only the traits that changed")
        #expect(try app.screenshot(scene).pixel(x: 40, y: 40) == 0xff40c8e0, "the dynamic background redrew in its dark variant")

        manager.publish(["Net/ThemeName": .string("Adwaita"), "Gdk/WindowScalingFactor": .integer(1)])
        #expect(await app.run(until: { scene.traitCollection.userInterfaceStyle == .light && scene.traitCollection.displayScale == 1 }))
    }

    @Test func focusAndTheTextSizeShortcutsChangeTraitsLive() async throws {
        let display = try VirtualDisplay()
        // An Xft.dpi resource, as `xrdb` sets it, gives the scale when there is no XSETTINGS manager.
        let other = try display.connect()
        other.setStringProperty(other.root, "RESOURCE_MANAGER", "Xft.antialias:\t1\nXft.dpi:\t144\n", type: "STRING")
        other.sync()
        let app = try AppHarness(TestAppDelegate.self, display: display)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        let (first, second) = (app.scenes[0], app.scenes[1])
        #expect(first.traitCollection.displayScale == 1.5)

        // Focus moves as a window manager moves it; the scene without focus looks inactive.
        for (focused, unfocused) in [(first, second), (second, first)] {
            other.focus(try #require(app.window(of: focused)))
            other.sync()
            #expect(await app.run(until: {
                focused.traitCollection.activeAppearance == .active && unfocused.traitCollection.activeAppearance == .inactive
            }))
        }

        // Ctrl+= in the focused scene makes text bigger in every scene; Ctrl+0 goes back.
        let input = try SyntheticInput(display: other)
        input.press(keysym: .equal, modifiers: [.controlLeft])
        #expect(await app.run(until: { first.traitCollection.preferredContentSizeCategory == .extraLarge }))
        #expect(second.traitCollection.preferredContentSizeCategory == .extraLarge)
        input.press(keysym: .minus, modifiers: [.controlLeft])
        input.press(keysym: .minus, modifiers: [.controlLeft])
        #expect(await app.run(until: { first.traitCollection.preferredContentSizeCategory == .medium }))
        input.press(keysym: .zero, modifiers: [.controlLeft])
        #expect(await app.run(until: { first.traitCollection.preferredContentSizeCategory == .large }))
    }

    @Test func theEnvironmentAndTheLocaleDecideTheRest() throws {
        #expect(DesktopSettings.isRightToLeft(locale: "ar_EG.UTF-8"))
        #expect(DesktopSettings.isRightToLeft(locale: "he_IL"))
        #expect(DesktopSettings.isRightToLeft(locale: "fa_IR.UTF-8@persian"))
        #expect(!DesktopSettings.isRightToLeft(locale: "en_US.UTF-8"))
        #expect(!DesktopSettings.isRightToLeft(locale: "C.UTF-8"))
        let encoded = XSettingsManager.encode([("Net/ThemeName", .string("Yaru-dark")), ("Xft/DPI", .integer(147456))], serial: 3)
        #expect(XSettingsValue.parse(encoded) == ["Net/ThemeName": .string("Yaru-dark"), "Xft/DPI": .integer(147456)])
        #expect(XSettingsValue.parse([1, 2, 3]).isEmpty, "malformed data is ignored")
    }

    @Test func anAppSeesItsDesktopThroughTheTrace() throws {
        let display = try VirtualDisplay()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tracePath = directory.appendingPathComponent("trace.jsonl").path
        var environment = UIApplicationMainTests.galleryEnvironment(state: directory.appendingPathComponent("state"), display: display, trace: tracePath)
        environment["SCENEHOST_STYLE"] = "dark"
        environment["SCENEHOST_CONTENT_SIZE"] = "accessibilityMedium"
        environment["LANG"] = "ar_EG.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        let app = try ChildProcess(UIApplicationMainTests.galleryPath, [], environment: environment)
        defer { app.signal(SIGKILL); app.wait() }
        var first: [String: Any]?
        let deadline = Date().addingTimeInterval(20)
        while first == nil, Date() < deadline {
            usleep(20_000)
            first = UIApplicationMainTests.traceEvents(at: tracePath).first { $0["event"] as? String == "traits" }
        }
        let traits = try #require(first)
        #expect(traits["userInterfaceStyle"] as? String == "dark")
        #expect(traits["layoutDirection"] as? String == "rightToLeft")
        #expect(traits["preferredContentSizeCategory"] as? String == "accessibilityMedium")
        #expect(traits["userInterfaceIdiom"] as? String == "pad")
        #expect(traits["displayScale"] as? Double == 1)
    }
}
