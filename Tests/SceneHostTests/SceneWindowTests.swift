import Foundation
@testable import GalleryApp
import SceneHostTesting
import Testing

/// Scenes as real X11 windows under openbox, on a private Xvfb; the tests that depend on what the window
/// manager does also run under xfwm4 and i3 (a tiling manager), asserting how SceneHost degrades where
/// one lacks something. One app at a time is `UIApplication.shared`, so these run one after another.
@MainActor
@Suite(.serialized) struct SceneWindowTests {
    /// The test's own temporary folder, removed after it (after its app, which may save into it).
    let scratch = ScratchFolder("window-test")

    init() {
        // The Gallery's settings (its switches) go to the test's folder, never the person's.
        AppDelegate.userDefaults = UserDefaults(suiteName: scratch.appending("defaults").path) ?? .standard
    }

    @Test func windowPropertiesComeFromTheScene() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        #expect(other.stringProperty(window, "_NET_WM_NAME") == "Mail")
        #expect(other.stringProperty(window, "WM_NAME") == "Mail")
        #expect(other.cardinalProperty(window, "_NET_WM_PID") == [UInt(getpid())])
        let protocols = other.cardinalProperty(window, "WM_PROTOCOLS") ?? []
        #expect(protocols.contains(UInt(other.atom("WM_DELETE_WINDOW"))))
        #expect(other.stringProperty(window, "WM_CLASS")?.isEmpty == false)
        mail.title = "Mail — Inbox"
        await app.run(for: 0.05)
        #expect(other.stringProperty(window, "_NET_WM_NAME") == "Mail — Inbox")
    }

    @Test func sizeHintsEqualTheRestrictionsAndFollowThem() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let mail = try #require(app.scene(titled: "Mail"))
        let settings = try #require(app.scene(titled: "Settings"))
        let mailWindow = try #require(app.window(of: mail))
        let mailHints = try #require(other.sizeHints(mailWindow))
        #expect(mailHints == Display.SizeHints(minimum: (420, 360), maximum: (32767, 32767)), "no maximum: X11's largest size")
        let settingsWindow = try #require(app.window(of: settings))
        #expect(other.sizeHints(settingsWindow) == Display.SizeHints(minimum: (360, 320), maximum: (900, 800)))

        // Changed while the window is open: the hints are rewritten at once.
        settings.sizeRestrictions?.minimumSize = CGSize(width: 500, height: 450)
        settings.sizeRestrictions?.maximumSize = CGSize(width: 700, height: CGFloat.infinity)
        await app.run(for: 0.05)
        #expect(other.sizeHints(settingsWindow) == Display.SizeHints(minimum: (500, 450), maximum: (700, 32767)))
        #expect(settings.effectiveGeometry.maximumSize == CGSize(width: 700, height: CGFloat.greatestFiniteMagnitude))
        // The window was 900 wide: it is brought inside the new maximum.
        #expect(await app.run(until: { other.geometry(settingsWindow)?.width == 700 }))
        #expect(await app.run(until: { settings.effectiveGeometry.systemFrame.width == 700 }))
    }

    @Test(arguments: VirtualDisplay.WindowManager.onXvfb)
    func theWindowManagerEnforcesMinimumAndMaximum(_ manager: VirtualDisplay.WindowManager) async throws {
        let app = try AppHarness(AppDelegate.self, windowManager: manager, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let mail = try #require(app.scene(titled: "Mail"))
        let settings = try #require(app.scene(titled: "Settings"))
        let mailWindow = try #require(app.window(of: mail))
        let settingsWindow = try #require(app.window(of: settings))

        if manager == .i3 {
            // i3 tiles the two windows side by side, whatever their hints, and refuses another client's
            // resize of a tile: the scenes keep their tiles, and say so.
            await app.run(for: 0.2)
            let tiles = (mail: mail.effectiveGeometry.systemFrame, settings: settings.effectiveGeometry.systemFrame)
            other.resize(mailWindow, width: 200, height: 100)
            other.resize(settingsWindow, width: 1500, height: 1000)
            other.flush()
            await app.run(for: 0.3)
            #expect(mail.effectiveGeometry.systemFrame == tiles.mail && settings.effectiveGeometry.systemFrame == tiles.settings)
            #expect(!tiles.mail.intersects(tiles.settings) && tiles.mail.width + tiles.settings.width > 1800, "\(tiles)")
            #expect(tiles.settings.width > 900 && tiles.settings.height > 800, "a tile larger than the maximum: \(tiles.settings)")
            #expect(settings.effectiveGeometry.maximumSize == CGSize(width: 900, height: 800), "the restrictions stand")
            #expect(tiles.mail == frame(of: mailWindow, on: other) && tiles.settings == frame(of: settingsWindow, on: other))
            // Floating, a window is held to its hints on a drag but not on another client's resize.
            try app.virtualDisplay.setFloating(mailWindow)
            #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size != tiles.mail.size }))
            other.resize(mailWindow, width: 200, height: 100)
            other.flush()
            #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size == CGSize(width: 200, height: 100) }),
                    "below the minimum, as i3 made it")
        } else {
            // Another client asks for sizes outside the limits, as `xdotool windowsize` would.
            other.resize(mailWindow, width: 200, height: 100)
            other.resize(settingsWindow, width: 1500, height: 1000)
            other.flush()
            #expect(await app.run(until: {
                mail.effectiveGeometry.systemFrame.size == CGSize(width: 420, height: 360)
                    && settings.effectiveGeometry.systemFrame.size == CGSize(width: 900, height: 800)
            }))
            #expect(other.geometry(mailWindow).map { ($0.width, $0.height) } ?? (0, 0) == (420, 360))
            #expect(other.geometry(settingsWindow).map { ($0.width, $0.height) } ?? (0, 0) == (900, 800))
        }
        // Within the limits the request is honoured.
        other.resize(mailWindow, width: 640, height: 480)
        other.flush()
        #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size == CGSize(width: 640, height: 480) }))
        #expect(mail.traitCollection.horizontalSizeClass == .compact)
        #expect(mail.traitCollection.verticalSizeClass == .compact)
        await app.run(for: 0.1)
        #expect(mail.effectiveGeometry.systemFrame == frame(of: mailWindow, on: other), "the scene's frame is its window's")
    }

    /// `window`'s client area in root coordinates, as `other` sees it (points at scale 1).
    func frame(of window: Window, on other: Display) -> CGRect? {
        guard let origin = other.rootPosition(window), let size = other.geometry(window) else { return nil }
        return CGRect(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The test app with its one scene settled under `manager` (floating under i3), and a second
    /// connection to drive the pointer.
    private func settledApp(_ manager: VirtualDisplay.WindowManager = .openbox) async throws
        -> (app: AppHarness, scene: UIWindowScene, window: Window, other: Display, input: SyntheticInput) {
        TestSceneDelegate.updates = []
        let (app, scene, window, other) = try await oneSceneApp(manager)
        let input = try SyntheticInput(display: other)
        await app.run(for: 0.1)
        return (app, scene, window, other, input)
    }

    /// A person drags the window's corner: openbox and xfwm4 drive the drag with the sync protocol, i3
    /// (Alt+right-drag of a floating window) without it.
    @Test(arguments: VirtualDisplay.WindowManager.onXvfb)
    func draggingTheFrameEdgeReportsEachGeometryOnce(_ manager: VirtualDisplay.WindowManager) async throws {
        let (app, scene, window, other, input) = try await settledApp(manager)
        let before = scene.effectiveGeometry.systemFrame
        TestSceneDelegate.updates = []
        app.clearEvents()

        let grip = try #require(input.cornerGrip(of: window, windowManager: manager))
        await input.drag(grip, by: (-300, -200), steps: 10) { await app.run(for: 0.03) }
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.width <= before.width - 290 }))
        // Without the sync protocol the drag is over 200 ms after its last resize.
        if manager == .i3 { #expect(await app.run(until: { !scene.effectiveGeometry.isInteractivelyResizing })) }
        await app.run(for: 0.1)

        let updates = TestSceneDelegate.updates
        #expect(updates.count >= 3, "a drag in ten steps reports intermediate sizes")
        #expect(updates.first?.previous == before, "the first update passes the geometry before the drag")
        for (earlier, later) in zip(updates, updates.dropFirst()) {
            #expect(later.previous == earlier.current, "each update passes the geometry of the one before")
        }
        for update in updates {
            #expect(update.previous != update.current || update.wasInteractive != update.isInteractive,
                    "no update for an unchanged geometry")
        }
        if manager == .i3 {
            // No sync protocol: a drag is a burst of resizes, so its first size is not a drag yet; a
            // last update, once the burst has paused, says it ended.
            #expect(updates.first?.isInteractive == false)
            #expect(updates.dropFirst().first?.isInteractive == true)
        } else {
            // A person's drag: interactive from its first size on, and a last update, at the release, saying it ended.
            #expect(updates.first?.isInteractive == true)
        }
        #expect(updates.last?.wasInteractive == true && updates.last?.isInteractive == false)
        #expect(updates.last?.current == scene.effectiveGeometry.systemFrame)
        #expect(scene.effectiveGeometry.systemFrame.size == CGSize(width: before.width - 300, height: before.height - 200))
        #expect(scene.effectiveGeometry.systemFrame == frame(of: window, on: other), "the scene's frame is its window's")
        // The trace has one geometry event per update, with the same values.
        let traced = app.events(of: "geometry", scene: scene)
        #expect(traced.count == updates.count)
        #expect(traced.last?["width"] as? Double == Double(before.width - 300))

        // Dragging further than the minimum stops at it.
        let grip2 = try #require(input.cornerGrip(of: window, windowManager: manager))
        await input.drag(grip2, by: (-2000, -2000), steps: 4) { await app.run(for: 0.03) }
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == TestSceneDelegate.minimumSize }))
    }


    /// Dragging the left edge moves the window as it grows. openbox grows the window in place, and once
    /// the frame at the new size is presented it moves its frame: the scene follows the frame, so each
    /// step's move puts the right edge back where it was. xfwm4 moves its frame first and then resizes
    /// the window, so there each step's resize puts it back. (i3 has no edge to grab.)
    @Test(arguments: [VirtualDisplay.WindowManager.openbox, .xfwm4])
    func draggingTheLeftEdgeMovesTheSystemFrameAtEachStep(_ manager: VirtualDisplay.WindowManager) async throws {
        let (app, scene, window, other, input) = try await settledApp(manager)
        if manager == .xfwm4 {
            // xfwm4 puts a new window in the screen's top-left corner: no room to drag its left edge out.
            scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 300, y: 100, width: 1024, height: 768)))
            #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.origin == CGPoint(x: 300, y: 100) }))
            await app.run(for: 0.1)
        }
        let origin = try #require(other.rootPosition(window))
        let before = scene.effectiveGeometry.systemFrame
        #expect(before.origin == CGPoint(x: origin.x, y: origin.y))
        TestSceneDelegate.updates = []

        let edge = (x: origin.x - max(1, other.frameExtents(window)?.left ?? 0), y: origin.y + Int(before.height) / 2)
        await input.drag(from: edge, to: (edge.x - 100, edge.y), steps: 10) { await app.run(for: 0.03) }
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.width == before.width + 100 }))
        await app.run(for: 0.1)

        let moves = TestSceneDelegate.updates.filter { update in
            manager == .xfwm4 ? update.current.size != update.previous.size
                              : update.current.size == update.previous.size && update.current.origin != update.previous.origin
        }
        #expect(moves.count >= 3, "a drag in ten steps moves the window at each step")
        for move in moves {
            #expect(move.current.maxX == before.maxX && move.current.minY == before.minY, "the right edge stays: \(move.current)")
        }
        let moved = try #require(other.rootPosition(window))
        #expect(moved.x == origin.x - 100)
        #expect(scene.effectiveGeometry.systemFrame == CGRect(x: moved.x, y: moved.y, width: Int(before.width) + 100, height: Int(before.height)))
    }

    @Test func aConfigureWithNoChangeReportsNothing() async throws {
        TestSceneDelegate.updates = []
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let window = try #require(app.window(of: scene))
        await app.run(for: 0.1)
        let count = TestSceneDelegate.updates.count
        let other = try app.virtualDisplay.connect()
        let size = scene.effectiveGeometry.systemFrame.size
        other.resize(window, width: Int(size.width), height: Int(size.height))
        other.flush()
        await app.run(for: 0.2)
        #expect(TestSceneDelegate.updates.count == count)
    }

    @Test func closingOneWindowDisconnectsItsSceneAndTheAppGoesOn() async throws {
        TestSceneDelegate.resetLifecycle()
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        #expect(await app.run(until: { app.scenes.last?.activationState == .foregroundActive }))
        // The new window takes the keyboard focus: the first scene resigns, the second becomes active.
        #expect(TestSceneDelegate.lifecycle(of: 1) == ["willConnect", "willEnterForeground", "didBecomeActive", "willResignActive"])
        #expect(TestSceneDelegate.lifecycle(of: 2) == ["willConnect", "willEnterForeground", "didBecomeActive"])
        let (first, second) = (app.scenes[0], app.scenes[1])
        let other = try app.virtualDisplay.connect()
        let firstWindow = try #require(app.window(of: first))
        TestSceneDelegate.lifecycle = []

        other.sendDeleteRequest(firstWindow)   // the close button
        other.flush()
        #expect(await app.run(until: { app.application.connectedScenes.count == 1 }))
        #expect(TestSceneDelegate.lifecycle(of: 1) == ["didEnterBackground", "didDisconnect"], "it was inactive")
        #expect(first.activationState == .unattached)
        #expect(!app.application.openSessions.contains(first.session), "the user closed it: its session is discarded")
        #expect(app.events(of: "sceneDidDisconnect", scene: first).count == 1)
        #expect(!app.isTerminated)
        #expect(await app.run(until: { !other.clientWindows().contains(firstWindow) }))

        // The other scene still follows its window.
        let secondWindow = try #require(app.window(of: second))
        other.resize(secondWindow, width: 700, height: 500)
        other.flush()
        #expect(await app.run(until: { second.effectiveGeometry.systemFrame.size == CGSize(width: 700, height: 500) }))

        // Closing the last one ends the app.
        other.sendDeleteRequest(secondWindow)
        other.flush()
        #expect(await app.run(until: { app.isTerminated }))
    }

    @Test func snapshotsOfTheMailWindow() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        let other = try app.virtualDisplay.connect()
        // Keep Settings out of the way so nothing covers the Mail window.
        if let settingsWindow = app.scene(titled: "Settings").flatMap(app.window(of:)) { other.iconify(settingsWindow) }
        // The overlay shows the last frame time, which varies from run to run.
        (mail.windows.first?.rootViewController as? MailViewController)?.overlay.isHidden = true
        for (name, size) in GallerySnapshotSizes.mail {
            other.resize(window, width: Int(size.width), height: Int(size.height))
            other.flush()
            #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size == size }))
            await app.run(for: 0.15)
            assertSnapshot(try app.screenshot(mail), named: "mail-window-\(name)", tolerance: .window)
        }
    }
}

/// Sizes at which the Mail scene is snapshotted: compact and regular width.
enum GallerySnapshotSizes {
    static let mail: [(String, CGSize)] = [("compact", CGSize(width: 500, height: 640)), ("regular", CGSize(width: 1000, height: 640))]
}
