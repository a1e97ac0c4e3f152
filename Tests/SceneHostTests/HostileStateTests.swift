import Foundation
@_spi(Testing) import SceneHost
import SceneHostTesting
import Testing

/// Saved state the app may meet after a crash, a hand edit, a renamed configuration or another set of
/// monitors: every session is judged on its own, and nothing in the file can stop the app.
extension SceneWindowTests {
    @Test func hostileSavedSessionsAreRepairedOrSkippedOneByOne() async throws {
        let folder = scratch.url
        let role = UISceneSession.Role.windowApplication.rawValue
        let delegate = String(reflecting: TestSceneDelegate.self)
        func entry(_ identifier: String, frame: Any? = nil, configuration: String = "Test", delegateClass: String? = nil) -> [String: Any] {
            var entry: [String: Any] = ["identifier": identifier, "role": role, "configuration": configuration]
            entry["frame"] = frame
            entry["delegateClass"] = delegateClass ?? (configuration == "Test" ? delegate : nil)
            return entry
        }
        let sessions: [Any] = [
            entry("huge", frame: [0.0, 0.0, 1e19, 600.0]),
            entry("off-the-top-left", frame: [-5000.0, -5000.0, 400.0, 300.0]),
            entry("far-away", frame: [1e9, 1e9, 400.0, 300.0]),
            entry("bad-frame", frame: ["wide", 3]),
            entry("gone", configuration: "A configuration the app no longer has"),
            entry("gone-class", configuration: "Renamed", delegateClass: "SceneHostTests.NoSuchDelegate"),
            ["role": role, "configuration": "Test"],
            "not a session",
            entry("fine", frame: [300.0, 200.0, 500.0, 400.0]),
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: ["version": 1, "sessions": sessions], format: .xml, options: 0)
        try data.write(to: folder.appendingPathComponent("sessions.plist"))

        let warnings = WarningLog()
        TestAppDelegate.discarded = []
        let app = try AppHarness(TestAppDelegate.self, stateDirectory: folder)
        #expect(await app.waitForScenes(5))
        await app.run(for: 0.3)
        #expect(Set(app.scenes.map(\.session.persistentIdentifier)) == ["huge", "off-the-top-left", "far-away", "bad-frame", "fine"])
        #expect(Set(TestAppDelegate.discarded) == ["gone", "gone-class"], "told with didDiscardSceneSessions")
        #expect(!app.application.openSessions.contains { ["gone", "gone-class"].contains($0.persistentIdentifier) })

        let monitors = app.display.monitors()
        for scene in app.scenes {
            let window = try #require(app.window(of: scene))
            let size = try #require(app.display.geometry(window))
            #expect(size.width <= 1920 && size.height <= 1080, "no larger than the screen")
            let top = try #require(app.display.rootPosition(window))
            #expect(monitors.contains { top.y >= $0.y && top.y < $0.y + $0.height && top.x < $0.x + $0.width && top.x + size.width > $0.x },
                    "\(scene.session.persistentIdentifier): its title bar is on a screen (\(top), \(size))")
            #expect(scene.effectiveGeometry.systemFrame.width <= 1920)
        }
        let fine = try #require(app.scenes.first { $0.session.persistentIdentifier == "fine" })
        #expect(fine.effectiveGeometry.systemFrame == CGRect(x: 300, y: 200, width: 500, height: 400), "a good frame is kept")

        let named = warnings.containing
        #expect(named("does not fit the screens there are now").count == 3, "the huge one and the two far away: \(warnings.lines)")
        #expect(named("\"bad-frame\"").count == 1 && named("\"bad-frame\"")[0].contains("not four finite numbers"))
        #expect(named("session gone is").count == 1 && named("session gone is")[0].contains("no scene configuration named"))
        #expect(named("session gone-class").count == 1 && named("session gone-class")[0].contains("NoSuchDelegate no longer exists"))
        #expect(named("number 7").count == 1 && named("number 7")[0].contains("no identifier"))
        #expect(named("number 8").count == 1 && named("number 8")[0].contains("not a dictionary"))
        #expect(warnings.lines.count == 8, "one warning each: \(warnings.lines.joined(separator: "\n"))")

        // What comes back is saved as it now is: a second launch restores the same five without a word.
        warnings.clear()
        try app.relaunch()
        #expect(await app.waitForScenes(5))
        #expect(Set(app.scenes.map(\.session.persistentIdentifier)) == ["huge", "off-the-top-left", "far-away", "bad-frame", "fine"])
        #expect(warnings.lines.isEmpty, "\(warnings.lines)")
    }
}
