import Foundation
@_spi(Testing) import SceneHost
@testable import GalleryApp
import SceneHostTesting
import Testing

/// Sessions saved at quit and brought back at the next launch. Part of the serialized window suite.
extension SceneWindowTests {
    @Test func aRelaunchRestoresScenesWithTheirActivitiesAndFrames() async throws {
        TestSceneDelegate.resetLifecycle()
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        for _ in 0..<2 { app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication)) }
        #expect(await app.waitForScenes(3))
        let other = try app.virtualDisplay.connect()
        let frames = [CGRect(x: 40, y: 60, width: 420, height: 300), CGRect(x: 500, y: 80, width: 360, height: 280),
                      CGRect(x: 200, y: 420, width: 640, height: 330)]
        for (index, scene) in app.scenes.enumerated() {
            (scene.delegate as? TestSceneDelegate)?.note = ["A", "B", "C"][index]
            scene.session.userInfo = ["index": index]
            other.moveResize(try #require(app.window(of: scene)), x: Int(frames[index].minX), y: Int(frames[index].minY),
                             width: Int(frames[index].width), height: Int(frames[index].height))
        }
        other.flush()
        #expect(await app.run(until: { app.scenes.map { $0.effectiveGeometry.systemFrame.size } == frames.map(\.size) }))
        let identifiers = app.scenes.map(\.session.persistentIdentifier)
        let placed = app.scenes.map(\.effectiveGeometry.systemFrame)

        TestSceneDelegate.resetLifecycle()
        try app.relaunch()
        #expect(await app.waitForScenes(3))
        #expect(Set(app.scenes.map(\.session.persistentIdentifier)) == Set(identifiers))
        #expect(TestSceneDelegate.activityAtConnect == [true, true, true], "set before scene(_:willConnectTo:options:)")
        #expect(TestSceneDelegate.restoredNotes.sorted() == ["A", "B", "C"])
        #expect(app.events(of: "sessionRestored").count == 3)
        for scene in app.scenes {
            let index = try #require(identifiers.firstIndex(of: scene.session.persistentIdentifier))
            #expect(scene.session.userInfo?["index"] as? Int == index)
            #expect(scene.session.stateRestorationActivity?.title == "Note \(["A", "B", "C"][index])")
            #expect(await app.run(until: { scene.effectiveGeometry.systemFrame == placed[index] }, timeout: 3),
                    "back at \(placed[index]); is at \(scene.effectiveGeometry.systemFrame)")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: app.stateDirectory.appendingPathComponent("sessions.plist").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aClosedSceneStaysClosedAfterARelaunch() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        let closed = app.scenes[0].session.persistentIdentifier
        let other = try app.virtualDisplay.connect()
        other.sendDeleteRequest(try #require(app.window(of: app.scenes[0])))
        other.flush()
        #expect(await app.run(until: { app.scenes.count == 1 }))
        #expect(app.events(of: "sessionDiscarded").first?["scene"] as? String == closed)
        try app.relaunch()
        #expect(await app.waitForScenes(1))
        await app.run(for: 0.2)
        #expect(app.scenes.count == 1 && app.scenes[0].session.persistentIdentifier != closed)
    }

    @Test func aCorruptStateFileIsMovedAsideWithOneWarning() async throws {
        let folder = scratch.url
        try Data("<?xml version=\"1.0\"?><plist><dict><key>sessions</key><string>half-writ".utf8)
            .write(to: folder.appendingPathComponent("sessions.plist"))
        var warnings: [String] = []
        let previous = SceneHostLog.sink
        SceneHostLog.sink = { warnings.append($0) }
        defer { SceneHostLog.sink = previous }
        let app = try AppHarness(TestAppDelegate.self, stateDirectory: folder)
        #expect(await app.waitForScenes(1), "a fresh start")
        let named = warnings.filter { $0.contains("sessions.plist") }
        #expect(named.count == 1 && named[0].contains("moved it to sessions.plist.corrupt-"))
        // Saving runs off the main thread: wait for the new file rather than catch it half-written.
        let saved = folder.appendingPathComponent("sessions.plist").path
        #expect(await app.run(until: { FileManager.default.fileExists(atPath: saved) }, timeout: 3), "saved anew")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.contains { $0.hasPrefix("sessions.plist.corrupt-") })
    }

    @Test func anUnwritableStateFolderWarnsOnceAndTheAppRunsOn() async throws {
        let blocker = scratch.appending("not-a-folder")
        try Data("not a folder".utf8).write(to: blocker)
        var warnings: [String] = []
        let previous = SceneHostLog.sink
        SceneHostLog.sink = { warnings.append($0) }
        defer { SceneHostLog.sink = previous }
        let app = try AppHarness(TestAppDelegate.self, stateDirectory: blocker.appendingPathComponent("state"))
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        await app.run(until: { warnings.contains { $0.contains("cannot save the scene sessions") } })
        let saving = warnings.filter { $0.contains("cannot save the scene sessions") }
        #expect(saving.count == 1)
        #expect(saving.first?.contains(": not a directory;") == true && saving.first?.contains("Error Domain") == false,
                "the cause in words: \(saving)")
    }

    @Test func aManifestThatAllowsOneSceneRefusesASecond() async throws {
        let manifest = UIApplicationSceneManifest(supportsMultipleScenes: false, configurations: [
            .windowApplication: [.init(name: "Default Configuration", delegateClassName: String(reflecting: TestSceneDelegate.self))],
        ])
        let app = try AppHarness(ManifestOnlyAppDelegate.self, manifest: manifest)
        #expect(await app.waitForScenes(1), "the manifest's default configuration made the scene")
        #expect(app.scenes.first?.delegate is TestSceneDelegate)
        #expect(!app.application.supportsMultipleScenes)
        var failure: (any Error)?
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication)) { failure = $0 }
        #expect(await app.run(until: { failure != nil }))
        #expect((failure as? UISceneError)?.code == .multipleScenesNotSupported)
        #expect(app.scenes.count == 1)
    }

    @Test func thirtyTwoScenesInOneProcess() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        for _ in 1..<32 { app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication)) }
        #expect(await app.waitForScenes(32, timeout: 60))
        #expect(app.application.connectedScenes.filter { $0.activationState == .foregroundActive }.count == 1)
        #expect(Set(app.scenes.compactMap { app.window(of: $0) }).count == 32, "a window each")
        let sessions = app.application.openSessions
        let victim = try #require(app.scenes.last?.session)
        app.application.requestSceneSessionDestruction(victim, options: nil)
        #expect(await app.run(until: { app.application.openSessions.count == sessions.count - 1 }))
    }
}

/// An app delegate that leaves configurations to the manifest.
@MainActor
final class ManifestOnlyAppDelegate: UIResponder, UIApplicationDelegate {}

extension SceneWindowTests {
    /// What a person set in Settings comes back: its window maximized (the window manager is asked to
    /// maximize it again, and un-maximizing returns it to where it was before), and its switches, kept
    /// in the user defaults (the test's own, see `init()`).
    @Test func aRestoredSettingsComesBackMaximizedWithItsSwitches() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        func settings() throws -> (scene: UIWindowScene, window: Window, switches: [UISwitch]) {
            let scene = try #require(app.scene(titled: "Settings"))
            let form = try #require((scene.windows.first?.rootViewController as? SettingsContainerController)?.settings)
            form.loadViewIfNeeded()
            // In the rows' order.
            let switches = [SettingsViewController.Setting.lockOrientation, .fetchNewMail, .loadRemoteImages, .organiseByThread].compactMap { form.switches[$0] }
            return (scene, try #require(app.window(of: scene)), switches)
        }
        func isMaximized(_ window: Window) -> Bool {
            let states = Set(other.cardinalProperty(window, "_NET_WM_STATE") ?? [])
            return states.contains(UInt(other.atom("_NET_WM_STATE_MAXIMIZED_VERT"))) && states.contains(UInt(other.atom("_NET_WM_STATE_MAXIMIZED_HORZ")))
        }
        var (scene, window, switches) = try settings()
        #expect(switches.map(\.isOn) == [false, true, false, true], "the defaults")
        let frame = CGRect(x: 120, y: 100, width: 600, height: 500)
        other.moveResize(window, x: Int(frame.minX), y: Int(frame.minY), width: Int(frame.width), height: Int(frame.height))
        other.flush()
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame == frame }))

        // "Fetch new mail" off, with a click as a person makes it.
        let input = try SyntheticInput(display: other)
        let origin = try #require(other.rootPosition(window))
        let center = switches[1].convert(CGPoint(x: switches[1].bounds.midX, y: switches[1].bounds.midY), to: nil)
        let point = (x: origin.x + Int(center.x), y: origin.y + Int(center.y))
        await input.drag(from: point, to: point, steps: 1) { await app.run(for: 0.05) }
        #expect(await app.run(until: { !switches[1].isOn }))

        other.setMaximized(window, true)
        other.flush()
        #expect(await app.run(until: { isMaximized(window) && scene.effectiveGeometry.systemFrame != frame }))
        await app.run(for: 0.8)   // the save that follows a settled change

        try app.relaunch()
        #expect(await app.waitForScenes(2))
        (scene, window, switches) = try settings()
        #expect(await app.run(until: { isMaximized(window) }), "the window manager maximized it again")
        #expect(switches.map(\.isOn) == [false, false, false, true], "the switches as they were left")
        other.setMaximized(window, false)
        other.flush()
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame == frame }),
                "un-maximized, it is where it was: \(scene.effectiveGeometry.systemFrame)")
    }
}
