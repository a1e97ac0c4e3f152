import Foundation
@_spi(Testing) import SceneHost
import SceneHostTesting
import Testing
import X11

/// What other clients and window managers may do to a scene's window: make it larger than X11 can
/// draw, or destroy it outright. The app carries on, with one warning or none.
extension SceneWindowTests {
    @Test func windowsBeyondX11sLimitsAreBroughtWithinThemWithOneWarning() async throws {
        let warnings = WarningLog()
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let window = try #require(app.window(of: scene))
        let other = try app.virtualDisplay.connect()

        // The hints cap every window at X11's limit, so a window manager that honours them clamps.
        #expect(other.sizeHints(window)?.maximum.map { [$0.width, $0.height] } == [32767, 32767])
        other.resize(window, width: 40000, height: 600)
        other.flush()
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 32767, height: 600) }),
                "\(scene.effectiveGeometry.systemFrame)")
        #expect(warnings.lines.isEmpty, "\(warnings.lines)")

        // A window manager that ignores the hints (here: another client drops the cap first) makes it
        // larger: the scene keeps X11's largest size, asks for it, and says so once.
        other.setSizeHints(window, Display.SizeHints(minimum: (300, 200)))
        other.resize(window, width: 40000, height: 700)
        other.flush()
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.height == 700 }))
        #expect(scene.effectiveGeometry.systemFrame.width == 32767)
        #expect(await app.run(until: { other.geometry(window)?.width == 32767 }), "asked back within the limit")
        #expect(warnings.lines.count == 1 && warnings.containing("beyond X11's 32,767 pixels").count == 1, "\(warnings.lines)")

        // A geometry request beyond the limits is brought within them, with one warning.
        warnings.clear()
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 0, y: 0, width: 50000, height: 500)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.height == 500 }))
        #expect(scene.effectiveGeometry.systemFrame.width == 32767)
        #expect(warnings.lines.count == 1 && warnings.containing("beyond what an X11 window can be").count == 1, "\(warnings.lines)")
        // And it still draws: a frame at that size was presented.
        #expect(await app.run(until: { app.events(of: "frame", scene: scene).last?["width"] as? Double == 32767 }))
    }

    /// `xdotool windowclose`: another client destroys a scene's window. The scene closes as if its
    /// window had been closed (its session is discarded and not restored), with no X error lines.
    @Test func aWindowDestroyedByAnotherClientClosesItsSceneQuietly() async throws {
        let warnings = WarningLog()
        TestAppDelegate.discarded = []
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        let victim = app.scenes[0]
        let identifier = victim.session.persistentIdentifier
        let window = try #require(app.window(of: victim))
        let other = try app.virtualDisplay.connect()
        // Destroyed while the app is busy with it: resized, so frames of it are being drawn and sent.
        for step in 0..<5 {
            other.resize(window, width: 400 + 10 * step, height: 300)
            other.flush()
            await app.run(for: 0.01)
        }
        other.resize(window, width: 600, height: 320)
        other.destroyWindow(window)
        other.flush()
        #expect(await app.run(until: { app.scenes.count == 1 }))
        await app.run(for: 0.3)
        #expect(TestAppDelegate.discarded == [identifier])
        #expect(!app.application.openSessions.contains { $0.persistentIdentifier == identifier })
        #expect(app.events(of: "sceneDidDisconnect").compactMap { $0["scene"] as? String } == [identifier])
        #expect(warnings.lines.isEmpty, "no X error lines: \(warnings.lines)")

        try app.relaunch()
        #expect(await app.waitForScenes(1))
        await app.run(for: 0.2)
        #expect(app.scenes.map(\.session.persistentIdentifier) != [identifier], "no ghost session comes back")
        #expect(app.scenes.count == 1)
    }
}
