import Foundation
@testable import GalleryApp
import SceneHostTesting
import Testing

/// The scene lifecycle driven by the window manager: map, focus, iconify, restore, close (focus,
/// activation and iconifying under each manager). Part of the serialized window suite (one app at a
/// time is `UIApplication.shared`).
extension SceneWindowTests {
    @Test(arguments: VirtualDisplay.WindowManager.onXvfb)
    func focusMovesActivityBetweenScenes(_ manager: VirtualDisplay.WindowManager) async throws {
        TestSceneDelegate.resetLifecycle()
        let app = try AppHarness(TestAppDelegate.self, windowManager: manager)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        let (first, second) = (app.scenes[0], app.scenes[1])
        #expect(await app.run(until: { second.activationState == .foregroundActive && first.activationState == .foregroundInactive }))

        var notifications: [String] = []
        let firstID = ObjectIdentifier(first)
        let observers = [UIScene.didActivateNotification, UIScene.willDeactivateNotification].map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let entry = "\(note.name.rawValue) \(note.object.map { ObjectIdentifier($0 as AnyObject) } == firstID ? 1 : 2)"
                MainActor.assumeIsolated { notifications.append(entry) }
            }
        }
        defer { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
        TestSceneDelegate.lifecycle = []
        let other = try app.virtualDisplay.connect()
        other.activate(try #require(app.window(of: first)), source: 2)
        other.flush()
        #expect(await app.run(until: { first.activationState == .foregroundActive && second.activationState == .foregroundInactive }))
        #expect(app.application.connectedScenes.filter { $0.activationState == .foregroundActive }.count == 1)
        #expect(notifications.contains("UISceneDidActivateNotification 1"))
        #expect(notifications.contains("UISceneWillDeactivateNotification 2"))
        #expect(app.events(of: "sceneDidBecomeActive", scene: first).count >= 2, "traced")
        #expect(app.events(of: "sceneWillResignActive", scene: second).count >= 1)
    }

    /// i3 has no iconified state: it ignores the request, and the scene stays in the foreground. Its way
    /// to put a window away is the scratchpad, which does the same for the scene.
    @Test(arguments: VirtualDisplay.WindowManager.onXvfb)
    func iconifyingSendsTheSceneToTheBackgroundAndRestoringBringsItBack(_ manager: VirtualDisplay.WindowManager) async throws {
        TestSceneDelegate.resetLifecycle()
        let app = try AppHarness(TestAppDelegate.self, windowManager: manager)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        #expect(await app.run(until: { scene.activationState == .foregroundActive }))
        let window = try #require(app.window(of: scene))
        let other = try app.virtualDisplay.connect()
        TestSceneDelegate.lifecycle = []

        other.iconify(window)
        other.flush()
        if manager == .i3 {
            await app.run(for: 0.3)
            #expect(scene.activationState == .foregroundActive)
            #expect(TestSceneDelegate.lifecycle(of: 1) == [])
            #expect(other.isViewable(window))
            try app.virtualDisplay.i3Command("[id=\(window)] move scratchpad")
        }
        #expect(await app.run(until: { scene.activationState == .background }))
        #expect(TestSceneDelegate.lifecycle(of: 1) == ["willResignActive", "didEnterBackground"])

        if manager == .i3 {
            try app.virtualDisplay.i3Command("[id=\(window)] scratchpad show")
        } else {
            other.activate(window, source: 2)
            other.flush()
        }
        #expect(await app.run(until: { scene.activationState == .foregroundActive }))
        #expect(TestSceneDelegate.lifecycle(of: 1) == ["willResignActive", "didEnterBackground", "willEnterForeground",
                                                       "didBecomeActive"])
        #expect(app.events(of: "sceneDidEnterBackground", scene: scene).count == 1)
        #expect(app.events(of: "sceneWillEnterForeground", scene: scene).count == 2, "at connection and at restore")
    }

    @Test func connectingPostsUIKitsCallbacksAndNotificationsInOrder() async throws {
        TestSceneDelegate.resetLifecycle()
        var notifications: [(name: String, object: ObjectIdentifier?)] = []
        let names = [UIScene.willConnectNotification, UIScene.willEnterForegroundNotification, UIScene.didActivateNotification]
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let entry = (note.name.rawValue, note.object.map { ObjectIdentifier($0 as AnyObject) })
                MainActor.assumeIsolated { notifications.append(entry) }
            }
        }
        defer { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        #expect(await app.run(until: { scene.activationState == .foregroundActive }))
        #expect(TestSceneDelegate.lifecycle(of: 1) == ["willConnect", "willEnterForeground", "didBecomeActive"])
        // (Scenes of an app from an earlier test may still be going away: only this scene's count.)
        #expect(notifications.filter { $0.object == ObjectIdentifier(scene) }.map(\.name)
                == ["UISceneWillConnectNotification", "UISceneWillEnterForegroundNotification", "UISceneDidActivateNotification"])
        let traced = app.events.compactMap { $0["event"] as? String }.filter { $0.hasPrefix("scene") }
        #expect(traced == ["sceneWillConnect", "sceneWillEnterForeground", "sceneDidBecomeActive"])
    }
}

extension SceneWindowTests {
    /// The Gallery's key commands, typed on the virtual display: ↓ selects the next message, Ctrl+N opens
    /// a Mail scene, Ctrl+W closes the focused scene (its session is discarded).
    @Test func galleryShortcutsOpenAndCloseScenes() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let mail = try #require(app.scene(titled: "Mail"))
        let other = try app.virtualDisplay.connect()
        other.activate(try #require(app.window(of: mail)), source: 2)
        other.flush()
        #expect(await app.run(until: { mail.activationState == .foregroundActive }))
        let keyboard = try SyntheticInput(display: other)
        keyboard.press(keysym: .down)
        let controller = try #require(mail.windows.first?.rootViewController as? MailViewController)
        #expect(await app.run(until: { controller.selectedIndex == 1 }))

        keyboard.press(keysym: KeySym("n"), modifiers: [.controlLeft])
        #expect(await app.waitForScenes(3))
        #expect(app.scenes.filter { $0.title == "Mail" }.count == 2)
        let newest = try #require(app.scenes.last)
        #expect(await app.run(until: { newest.activationState == .foregroundActive }))

        keyboard.press(keysym: KeySym("w"), modifiers: [.controlLeft])
        #expect(await app.run(until: { app.scenes.count == 2 }))
        #expect(!app.application.openSessions.contains(newest.session), "closed by the user: discarded")
    }

    /// Ctrl+N and Ctrl+W work in Settings too, whose commands are declared on the form, a child of its
    /// root controller: the form is the window's first responder, where the search starts.
    @Test func settingsShortcutsReachTheFormThroughTheFirstResponder() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let settings = try #require(app.scene(titled: "Settings"))
        let other = try app.virtualDisplay.connect()
        other.activate(try #require(app.window(of: settings)), source: 2)
        other.flush()
        #expect(await app.run(until: { settings.activationState == .foregroundActive }))
        let form = try #require((settings.windows.first?.rootViewController as? SettingsContainerController)?.settings)
        #expect(form.isFirstResponder)
        let keyboard = try SyntheticInput(display: other)
        keyboard.press(keysym: KeySym("n"), modifiers: [.controlLeft])
        #expect(await app.waitForScenes(3))
        #expect(app.scenes.filter { $0.title == "Mail" }.count == 2)

        other.activate(try #require(app.window(of: settings)), source: 2)
        other.flush()
        #expect(await app.run(until: { settings.activationState == .foregroundActive }))
        keyboard.press(keysym: KeySym("w"), modifiers: [.controlLeft])
        #expect(await app.run(until: { app.scene(titled: "Settings") == nil }))
        #expect(!app.application.openSessions.contains(settings.session), "closed by the user: discarded")
    }
}

extension SceneWindowTests {
    /// Each overlay says what its own scene is now: the focused one active, the other inactive, after
    /// each change of focus; the text size as soon as it changes; a frame time once frames are drawn.
    @Test func theOverlaysFollowTheFocusAndTheTextSize() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let mail = try #require(app.scene(titled: "Mail")), settings = try #require(app.scene(titled: "Settings"))
        let mailOverlay = try #require((mail.windows.first?.rootViewController as? MailViewController)?.overlay)
        let settingsOverlay = try #require((settings.windows.first?.rootViewController as? SettingsContainerController)?.settings.overlay)
        func lines(_ overlay: OverlayView) -> String { overlay.subviews.compactMap { ($0 as? UILabel)?.text }.joined(separator: "\n") }
        func says(_ overlay: OverlayView, active: Bool) -> Bool {
            lines(overlay).contains(active ? "leftToRight  active" : "leftToRight  inactive")
                && lines(overlay).contains(active ? "state: foregroundActive" : "state: foregroundInactive")
        }
        let other = try app.virtualDisplay.connect()
        for (focused, unfocused) in [(mail, settings), (settings, mail), (mail, settings)] {
            other.activate(try #require(app.window(of: focused)), source: 2)
            other.flush()
            let (shown, hidden) = focused === mail ? (mailOverlay, settingsOverlay) : (settingsOverlay, mailOverlay)
            #expect(await app.run(until: { says(shown, active: true) && says(hidden, active: false) }, timeout: 5),
                    "\(focused.title ?? "") focused:\n\(lines(shown))\n\(unfocused.title ?? ""):\n\(lines(hidden))")
        }
        // The frame time follows within a quarter of a second.
        #expect(await app.run(until: { !lines(mailOverlay).contains("last frame –") }, timeout: 1), "\(lines(mailOverlay))")
        let keyboard = try SyntheticInput(display: other)
        keyboard.press(keysym: .equal, modifiers: [.controlLeft])
        #expect(await app.run(until: { lines(mailOverlay).contains("text: extraLarge") && lines(settingsOverlay).contains("text: extraLarge") }, timeout: 5),
                "\(lines(mailOverlay))")
    }
}

extension SceneWindowTests {
    /// Activating an open session raises and focuses its window rather than opening another.
    @Test(arguments: VirtualDisplay.WindowManager.onXvfb)
    func activatingAnOpenSessionFocusesItsWindow(_ manager: VirtualDisplay.WindowManager) async throws {
        let app = try AppHarness(TestAppDelegate.self, windowManager: manager)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        let first = app.scenes[0]
        #expect(await app.run(until: { first.activationState == .foregroundInactive }))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(session: first.session))
        #expect(await app.run(until: { first.activationState == .foregroundActive }))
        #expect(app.scenes.count == 2)
    }
}

extension SceneWindowTests {
    /// An activation request for a connected session brings its activity to the scene's delegate, in
    /// `scene(_:continue:)`, as it raises the window; no scene connects.
    @Test func activatingAConnectedSessionContinuesItsActivity() async throws {
        TestSceneDelegate.continued = []
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = app.scenes[0]
        let activity = NSUserActivity(activityType: "org.scenehost.tests.continue")
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(session: scene.session, userActivity: activity))
        #expect(TestSceneDelegate.continued.isEmpty, "at the next turn of the loop")
        #expect(await app.run(until: { TestSceneDelegate.continued == ["org.scenehost.tests.continue"] }))
        app.application.requestSceneSessionActivation(scene.session, userActivity: NSUserActivity(activityType: "org.scenehost.tests.older"), options: nil)
        #expect(await app.run(until: { TestSceneDelegate.continued.count == 2 }))
        #expect(TestSceneDelegate.continued.last == "org.scenehost.tests.older")
        #expect(app.scenes.count == 1)
    }

    /// `requestSceneSessionDestruction` closes the scene at the next turn of the loop, as UIKit's
    /// asynchronous request does; a session that is not open any more fails with `UISceneError`.
    @Test func destroyingASessionIsARequest() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        let session = app.scenes[1].session
        var errors: [any Error] = []
        let options = UIWindowSceneDestructionRequestOptions()
        #expect(options.windowDismissalAnimation == .standard)
        options.windowDismissalAnimation = .decline
        #expect([UIWindowScene.DismissalAnimation.standard, .commit, .decline].map(\.rawValue) == [1, 2, 3])
        app.application.requestSceneSessionDestruction(session, options: options) { errors.append($0) }
        #expect(app.application.openSessions.contains(session) && session.scene?.activationState != .unattached,
                "still open until the loop turns")
        #expect(await app.run(until: { !app.application.openSessions.contains(session) }))
        #expect(app.scenes.count == 1)
        #expect(errors.isEmpty)

        app.application.requestSceneSessionDestruction(session, options: nil) { errors.append($0) }
        #expect(await app.run(until: { !errors.isEmpty }))
        #expect((errors.first as? UISceneError)?.code == .requestDenied)
        #expect(app.scenes.count == 1)
    }
}
