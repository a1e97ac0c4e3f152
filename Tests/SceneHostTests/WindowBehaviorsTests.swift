import Foundation
@testable import GalleryApp
import SceneHostTesting
import Testing
import X11

/// Windowing behaviours, title and subtitle, full screen and Vision geometry as openbox sees them
/// (`_MOTIF_WM_HINTS`, `_NET_WM_ALLOWED_ACTIONS`, `WM_NORMAL_HINTS`) and enforces them.
extension SceneWindowTests {
    private func allowedActions(_ display: Display, _ window: Window) -> Set<String> {
        Set((display.cardinalProperty(window, "_NET_WM_ALLOWED_ACTIONS") ?? []).compactMap { display.atomName(Atom($0)) })
    }

    @Test func windowingBehaviorsBecomeMotifHintsAndAreEnforced() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        // Resize, move, minimize, maximize, close.
        #expect(other.cardinalProperty(window, "_MOTIF_WM_HINTS") == [1, 0x3E, 0, 0, 0])
        #expect(allowedActions(other, window).isSuperset(of: ["_NET_WM_ACTION_RESIZE", "_NET_WM_ACTION_CLOSE", "_NET_WM_ACTION_MINIMIZE"]))

        mail.windowingBehaviors?.isClosable = false
        mail.windowingBehaviors?.isMiniaturizable = false
        await app.run(for: 0.1)
        #expect(other.cardinalProperty(window, "_MOTIF_WM_HINTS") == [1, 0x16, 0, 0, 0])
        // openbox ignores those two bits (x11-facts-2 §8): SceneHost refuses the close itself…
        other.sendDeleteRequest(window)
        other.flush()
        #expect(await app.run(until: { !app.events(of: "closeRefused", scene: mail).isEmpty }))
        #expect(app.scene(titled: "Mail") === mail && mail.activationState != .unattached)
        // …and brings an iconified window straight back.
        other.iconify(window)
        other.flush()
        #expect(await app.run(until: { !app.events(of: "minimizeRefused", scene: mail).isEmpty }))
        #expect(await app.run(until: { other.windowManagerState(window) == .normal && mail.activationState != .background }))

        // Allowed again: the close request closes it.
        mail.windowingBehaviors?.isClosable = true
        await app.run(for: 0.05)
        other.sendDeleteRequest(window)
        other.flush()
        #expect(await app.run(until: { app.scene(titled: "Mail") == nil }))
    }

    /// What each tested window manager makes of the Motif functions: `_NET_WM_ALLOWED_ACTIONS` with
    /// everything allowed, with close and minimize taken away, and with the size fixed.
    @Test(arguments: VirtualDisplay.WindowManager.onXvfb)
    func allowedActionsAsEachManagerSeesThem(_ manager: VirtualDisplay.WindowManager) async throws {
        let app = try AppHarness(AppDelegate.self, windowManager: manager, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        await app.run(for: 0.2)
        let all = allowedActions(other, window)
        mail.windowingBehaviors?.isClosable = false
        mail.windowingBehaviors?.isMiniaturizable = false
        await app.run(for: 0.3)
        let noClose = allowedActions(other, window)
        mail.requestGeometryUpdate(.Vision(size: CGSize(width: 700, height: 500), resizingRestrictions: UIWindowScene.ResizingRestrictions.none))
        await app.run(for: 0.3)
        let fixed = allowedActions(other, window)
        print("allowed actions under \(manager): all \(all.sorted()); no close/minimize \(noClose.sorted()); fixed \(fixed.sorted())")
        switch manager {
        case .i3:
            // i3 publishes no allowed actions at all (x11-facts-2 §2).
            #expect(all.isEmpty && noClose.isEmpty && fixed.isEmpty)
        case .openbox:
            #expect(noClose == all, "openbox ignores the close and minimize bits")
            #expect(!fixed.contains("_NET_WM_ACTION_RESIZE") && all.contains("_NET_WM_ACTION_RESIZE"))
        default:
            // xfwm4 4.18 ignores the Motif functions for its allowed actions (it still enforces the
            // fixed size through the size hints).
            #expect(all.contains("_NET_WM_ACTION_CLOSE") && noClose == all && fixed == all)
        }
        #expect(other.cardinalProperty(window, "_MOTIF_WM_HINTS") == [1, 0x04, 0, 0, 0])
    }

    @Test func titleAndSubtitleNameTheWindow() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        mail.subtitle = "Inbox — 3 unread"
        await app.run(for: 0.05)
        #expect(other.stringProperty(window, "_NET_WM_NAME") == "Mail — Inbox — 3 unread")
        mail.subtitle = ""
        await app.run(for: 0.05)
        #expect(other.stringProperty(window, "_NET_WM_NAME") == "Mail")
    }

    @Test func fullScreenOnAndOff() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let input = try SyntheticInput(display: other)
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        let before = mail.effectiveGeometry.systemFrame
        let screen = CGSize(width: app.virtualDisplay.width, height: app.virtualDisplay.height)

        mail.requestFullScreen(true)
        #expect(await app.run(until: { mail.isFullScreen && mail.effectiveGeometry.systemFrame.size == screen }))
        let state = Set((other.cardinalProperty(window, "_NET_WM_STATE") ?? []).compactMap { other.atomName(Atom($0)) })
        #expect(state.contains("_NET_WM_STATE_FULLSCREEN"))
        // F11 leaves it, as on Linux desktops.
        other.focus(window)
        other.flush()
        #expect(await app.run(until: { mail.activationState == .foregroundActive }))
        input.press(keysym: KeySym("F11"))
        #expect(await app.run(until: { !mail.isFullScreen && mail.effectiveGeometry.systemFrame.size == before.size }))
        // Ctrl+Super+F (iPad's Ctrl+⌘+F) enters it again.
        input.press(keysym: KeySym("f"), modifiers: [.controlLeft, KeySym("Super_L")])
        #expect(await app.run(until: { mail.isFullScreen }))

        // Not allowed any more: the window leaves full screen, and neither the keys nor a request enter it.
        mail.sizeRestrictions?.allowsFullScreen = false
        #expect(await app.run(until: { !mail.isFullScreen }))
        input.press(keysym: KeySym("F11"))
        await app.run(for: 0.3)
        #expect(!mail.isFullScreen)
        var errors: [UISceneError] = []
        mail.requestFullScreen(true) { errors.append($0 as! UISceneError) }
        #expect(errors.map(\.code) == [.geometryRequestDenied])
    }

    @Test func visionUniformBecomesAnAspectHintOpenboxEnforces() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        mail.requestGeometryUpdate(.Vision(size: CGSize(width: 800, height: 600), resizingRestrictions: .uniform))
        #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size == CGSize(width: 800, height: 600) }))
        #expect(mail.effectiveGeometry.resizingRestrictions == .uniform)
        #expect(other.sizeHints(window)?.aspect.map { [$0.width, $0.height] } == [4, 3])
        // As measured (x11-facts-2 §8): openbox keeps the width and derives the height.
        other.resize(window, width: 600, height: 300)
        other.flush()
        #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size == CGSize(width: 600, height: 450) }),
                "\(mail.effectiveGeometry.systemFrame)")
        mail.requestGeometryUpdate(.Vision(resizingRestrictions: .freeform))
        await app.run(for: 0.1)
        #expect(other.sizeHints(window)?.aspect == nil)
        #expect(mail.effectiveGeometry.resizingRestrictions == .freeform)
    }

    @Test func visionNoneFixesTheSize() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        mail.requestGeometryUpdate(.Vision(size: CGSize(width: 700, height: 500), resizingRestrictions: UIWindowScene.ResizingRestrictions.none))
        #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size == CGSize(width: 700, height: 500) }))
        #expect(mail.effectiveGeometry.resizingRestrictions == .none)
        #expect(other.sizeHints(window) == Display.SizeHints(minimum: (700, 500), maximum: (700, 500)))
        // No resize function: openbox drops resizing and maximizing from the allowed actions…
        #expect(other.cardinalProperty(window, "_MOTIF_WM_HINTS") == [1, 0x2C, 0, 0, 0])
        #expect(await app.run(until: { !self.allowedActions(other, window).contains("_NET_WM_ACTION_RESIZE") }))
        #expect(!allowedActions(other, window).contains("_NET_WM_ACTION_MAXIMIZE_HORZ"))
        // …and its limits keep another client's resize out.
        other.resize(window, width: 1000, height: 900)
        other.flush()
        await app.run(for: 0.3)
        #expect(mail.effectiveGeometry.systemFrame.size == CGSize(width: 700, height: 500))
    }

    @Test func sessionRequestsKeepOpenSessionsAndConnectedScenesTrue() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let application = app.application
        let checker = SessionChecker(application)
        func consistent() -> Bool { checker.consistent() }
        #expect(consistent() && application.openSessions.count == 2)
        let observers = [UIScene.willConnectNotification, UIScene.didDisconnectNotification].map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                nonisolated(unsafe) let scene = note.object as AnyObject?
                MainActor.assumeIsolated { checker.check(scene as? UIScene, name.rawValue) }
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        var seen: [String] { checker.seen }
        let settings = try #require(app.scene(titled: "Settings"))
        let session = settings.session

        // A refresh of a connected session redraws it and saves its state.
        application.requestSceneSessionRefresh(session)
        #expect(await app.run(until: { !app.events(of: "sessionRefreshed", scene: settings).isEmpty }))

        let options = UIWindowSceneDestructionRequestOptions()
        options.windowDismissalAnimation = .decline
        application.requestSceneSessionDestruction(session, options: options)
        #expect(await app.run(until: { !application.openSessions.contains(session) }))
        #expect(consistent() && application.connectedScenes.count == 1)
        #expect(app.events(of: "sessionDestructionRequested").last?["windowDismissalAnimation"] as? Double == 3)

        // Refused requests reach their error handlers with UIKit's domain and code.
        var errors: [UISceneError] = []
        application.requestSceneSessionDestruction(session, options: nil) { errors.append($0 as! UISceneError) }
        application.activateSceneSession(for: UISceneSessionActivationRequest(session: session)) { errors.append($0 as! UISceneError) }
        #expect(await app.run(until: { errors.count == 2 }))
        #expect(errors.map(\.code) == [.requestDenied, .requestDenied])
        #expect(UISceneError.errorDomain == "UISceneErrorDomain")
        #expect(application.openSessions.count == 1, "a discarded session does not come back")

        application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        #expect(consistent() && application.openSessions.count == 2)
        #expect(seen.contains { $0.hasPrefix("UISceneDidDisconnectNotification open=true consistent=true") })
        #expect(seen.contains { $0.hasPrefix("UISceneWillConnectNotification open=true consistent=true") })
        #expect(seen.allSatisfy { $0.hasSuffix("consistent=true") }, "\(seen)")
    }
}

/// Checks at each lifecycle notification that the scene's session is open and that every connected
/// scene's session is open and points back to it.
@MainActor
private final class SessionChecker {
    let application: UIApplication
    var seen: [String] = []
    init(_ application: UIApplication) { self.application = application }

    func consistent() -> Bool {
        Set(application.connectedScenes.map(\.session)).isSubset(of: application.openSessions)
            && application.connectedScenes.allSatisfy { $0.session.scene === $0 }
    }

    func check(_ scene: UIScene?, _ name: String) {
        guard let scene else { return }
        seen.append("\(name) open=\(application.openSessions.contains(scene.session)) consistent=\(consistent())")
    }
}
