import Foundation
@testable import GalleryApp
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing

/// Interactive resizing, the sync protocol, coalescing, transitions and geometry requests, on the
/// virtual display. Part of the serialized window suite.
extension SceneWindowTests {
    /// The test app with its one scene shown under `manager`, the scene's X window, and a second client
    /// on the display. Under i3 the window floats (a tiled one fills its tile whatever it asks for).
    func oneSceneApp(_ manager: VirtualDisplay.WindowManager = .openbox) async throws -> (AppHarness, UIWindowScene, Window, Display) {
        let app = try AppHarness(TestAppDelegate.self, windowManager: manager)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let window = try #require(app.window(of: scene))
        if manager == .i3 { try await float(window, of: scene, in: app) }
        return (app, scene, window, try app.virtualDisplay.connect())
    }

    /// Presses the first button on the corner of `window`'s frame, where the window manager starts a
    /// resize drag; returns the corner.
    func grabFrameCorner(of window: Window, with input: SyntheticInput, on other: Display, in app: AppHarness) async throws -> (x: Int, y: Int) {
        let corner = try #require(input.frameCorner(of: window))
        input.move(to: corner)
        other.fakeButton(1, pressed: true)
        other.sync()
        await app.run(for: 0.05)
        return corner
    }

    /// Moves the grabbed corner to `point` and waits up to a second for a frame acknowledging a sync
    /// request: whether one came.
    func dragCorner(to point: (x: Int, y: Int), with input: SyntheticInput, of scene: UIWindowScene, in app: AppHarness) async -> Bool {
        let before = app.events(of: "frame", scene: scene).filter { $0["syncSerial"] is Double }.count
        input.move(to: point)
        return await app.run(until: { app.events(of: "frame", scene: scene).filter { $0["syncSerial"] is Double }.count > before }, timeout: 1)
    }

    /// Floats the window of `scene` under i3, which places it at the size it asked for (1024×768, the
    /// size of a scene that sets none).
    func float(_ window: Window, of scene: UIWindowScene, in app: AppHarness) async throws {
        try app.virtualDisplay.setFloating(window)
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 1024, height: 768) }),
                "floating at \(scene.effectiveGeometry.systemFrame)")
        // Without the sync protocol, resizes less than 200 ms apart make a drag: the next is no part of this one.
        await app.run(for: 0.25)
    }

    @Test func programmaticResizesAreNeverInteractiveAndQueuedOnesAreDrawnOnce() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        // Small first, so the final size has new pixels to draw (a window that only shrinks keeps its
        // pixels and draws nothing).
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 50, y: 60, width: 420, height: 320)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 420, height: 320) }))
        await app.run(for: 0.2)
        app.clearEvents()
        // 1,000 geometry requests in one go: only the last reaches the window manager.
        for index in 0..<1000 {
            scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 50, y: 60, width: 500 + index % 300, height: 400 + index % 200)))
        }
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 50, y: 60, width: 640, height: 480)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 640, height: 480) }))
        await app.run(for: 0.3)
        let frames = app.events(of: "frame", scene: scene)
        #expect(frames.count <= 2, "1,000 queued resizes drew \(frames.count) frames")
        #expect(frames.last?["width"] as? Double == 640)

        // Another client's resizes, queued at the window manager: whatever arrives in one turn is
        // drawn once, at the newest size; none is interactive.
        app.clearEvents()
        for index in 0..<200 { other.resize(window, width: 500 + index % 300, height: 400 + index % 200) }
        other.resize(window, width: 600, height: 450)
        other.sync()
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 600, height: 450) }))
        await app.run(for: 0.3)
        #expect(app.events(of: "frame", scene: scene).count < 201)
        #expect(app.events(of: "geometry", scene: scene).allSatisfy { $0["interactive"] as? Bool == false })
        #expect(!scene.effectiveGeometry.isInteractivelyResizing)
    }

    /// Plays the window manager's part of `_NET_WM_SYNC_REQUEST`: a request, then a resize. The counter
    /// must reach the serial only once the frame at the new size has been presented.
    @Test func theSyncCounterIsSetOnlyAfterTheFrameAtTheNewSizeIsPresented() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        #expect(other.cardinalProperty(window, "WM_PROTOCOLS")?.contains(UInt(other.atom("_NET_WM_SYNC_REQUEST"))) == true)
        let counter = SyncCounterID(try #require(other.cardinalProperty(window, "_NET_WM_SYNC_REQUEST_COUNTER")?.first))
        await app.run(for: 0.2)
        app.clearEvents()

        let serial: Int64 = (3 << 32) + 17   // both halves of the 64-bit value count
        other.sendSyncRequest(window, serial: serial)
        other.resize(window, width: 612, height: 444)
        other.sync()
        #expect(other.syncCounterValue(counter) != serial, "not before the app has drawn")

        var frameAtAcknowledgement: [String: Any]?
        #expect(await app.run(until: {
            guard other.syncCounterValue(counter) == serial else { return false }
            frameAtAcknowledgement = app.events(of: "frame", scene: scene).last { $0["syncSerial"] as? Double == Double(serial) }
            return true
        }))
        #expect(frameAtAcknowledgement?["width"] as? Double == 612, "the acknowledged frame is the one at the new size")
        let recorded = try #require(app.traceEvents.last { $0.name == "frame" && $0.number("syncSerial") == Double(serial) },
                                    "the events as recorded say the same")
        #expect(recorded.scene == scene.session.persistentIdentifier && recorded.number("width") == 612)
        #expect(recorded.number("interactive") == nil, "a Boolean is no number")
        #expect(app.traceEvents.count == app.events.count)
        #expect(try app.screenshot(scene).width == 612)
        #expect(!scene.effectiveGeometry.isInteractivelyResizing, "a sync request without the window manager's grab is no drag")
    }

    @Test func withoutTheSyncProtocolABurstOfResizesCountsAsADrag() async throws {
        setenv("SCENEHOST_NO_XSYNC", "1", 1)
        defer { unsetenv("SCENEHOST_NO_XSYNC") }
        TestSceneDelegate.updates = []
        let (app, scene, window, other) = try await oneSceneApp()
        #expect(other.cardinalProperty(window, "WM_PROTOCOLS")?.contains(UInt(other.atom("_NET_WM_SYNC_REQUEST"))) == false)
        await app.run(for: 0.3)
        TestSceneDelegate.updates = []
        let input = try SyntheticInput(display: other)
        let corner = try #require(input.frameCorner(of: window))
        await input.drag(from: corner, to: (corner.x - 200, corner.y - 100), steps: 8) { await app.run(for: 0.04) }
        #expect(await app.run(until: { !scene.effectiveGeometry.isInteractivelyResizing && TestSceneDelegate.updates.count >= 3 }))
        await app.run(for: 0.3)
        let updates = TestSceneDelegate.updates
        #expect(updates.contains { $0.isInteractive }, "resizes 40 ms apart are a drag")
        #expect(updates.last?.isInteractive == false, "200 ms after the last one it is over")
        #expect(updates.first?.isInteractive == false, "a single resize is not a drag")
    }

    /// Without the sync protocol, the resizes the app asks for itself are not a person's drag, however
    /// close together they come.
    @Test func withoutTheSyncProtocolTheAppsOwnResizesAreNoDrag() async throws {
        setenv("SCENEHOST_NO_XSYNC", "1", 1)
        defer { unsetenv("SCENEHOST_NO_XSYNC") }
        let (app, scene, _, _) = try await oneSceneApp()
        await app.run(for: 0.3)
        TestSceneDelegate.updates = []
        for width in [640, 700, 760] {
            scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 50, y: 60, width: CGFloat(width), height: 480)))
            #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.width == CGFloat(width) }))
        }
        await app.run(for: 0.3)
        #expect(TestSceneDelegate.updates.count >= 3)
        #expect(!TestSceneDelegate.updates.contains { $0.isInteractive }, "the app's own requests, 0 to 100 ms apart")
    }

    /// With the sync protocol, a drag is told by the window manager's grab as the app's focused window
    /// sees it; when another app has the focus, no grab is seen, and a burst of resizes the window
    /// manager asks to acknowledge is the drag (here the test plays the window manager).
    @Test func aBurstOfSyncRequestedResizesIsADragWithoutAGrabInSight() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        await app.run(for: 0.3)
        TestSceneDelegate.updates = []
        for (index, width) in [600, 620, 640, 660].enumerated() {
            other.sendSyncRequest(window, serial: Int64(100 + index))
            other.resize(window, width: width, height: 400)
            other.flush()
            #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.width == CGFloat(width) }))
            await app.run(for: 0.04)
        }
        #expect(scene.effectiveGeometry.isInteractivelyResizing, "resizes asked to be acknowledged, 40 ms apart")
        #expect(await app.run(until: { !scene.effectiveGeometry.isInteractivelyResizing }, timeout: 2), "over 200 ms after the last")
        #expect(TestSceneDelegate.updates.first?.isInteractive == false, "the first step alone is no drag")
    }

    @Test func viewControllersHearOfANewSizeBeforeItIsLaidOut() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        await app.run(for: 0.2)
        let width = Int(scene.effectiveGeometry.systemFrame.width)
        TestSceneDelegate.transitions = []
        other.resize(window, width: 700, height: 500)
        other.flush()
        #expect(await app.run(until: { TestSceneDelegate.transitions.count == 3 }))
        #expect(TestSceneDelegate.transitions == ["will 700x500 (view \(width))", "alongside (view 700)", "completion"])
    }

    @Test func geometryRequestsMoveAndResizeTheWindowWithinItsLimits() async throws {
        TestSceneDelegate.updates = []
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let requested = CGRect(x: 100, y: 120, width: 640, height: 400)
        var errors: [UISceneError] = []
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: requested)) { errors.append($0 as! UISceneError) }
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame == requested }),
                "got \(scene.effectiveGeometry.systemFrame)")
        #expect(TestSceneDelegate.updates.last?.isInteractive == false, "a request is never a drag")

        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 100, y: 120, width: 50, height: 20)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == TestSceneDelegate.minimumSize }),
                "brought up to the minimum size")

        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 0, y: 0, width: 0, height: 300))) { errors.append($0 as! UISceneError) }
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.iOS(interfaceOrientations: [])) { errors.append($0 as! UISceneError) }
        #expect(errors.map(\.code) == [.geometryRequestUnsupported], "an invalid frame; no orientations is no preference")
        #expect(errors.map(\.code.rawValue) == [100])
    }
}

extension SceneWindowTests {
    /// At every step of a drag, once the step has settled, the whole window shows the app's pixels: no
    /// black from the server, no background flash in the newly exposed area. (Between the server's
    /// resize and the client's frame, an X server without a compositing manager shows whatever the new
    /// strip held; the sync protocol keeps that to one step, for the time the frame takes.)
    @Test func aDragNeverShowsUnpaintedPixels() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        await app.run(for: 0.2)
        let input = try SyntheticInput(display: other)
        let teal = try app.screenshot(scene).pixel(x: 5, y: 5)
        var acknowledged = 0
        var unpainted: [String] = []
        let corner = try await grabFrameCorner(of: window, with: input, on: other, in: app)
        for step in 1...12 {
            guard await dragCorner(to: (corner.x + 9 * step, corner.y + 6 * step), with: input, of: scene, in: app) else { continue }
            acknowledged += 1
            // The pointer has stopped: let the window manager finish the step (it may still send a
            // configure for the same motion) and the app draw it.
            await app.run(for: 0.05)
            let shot = try app.screenshot(scene)
            for (x, y) in [(shot.width - 1, shot.height - 1), (shot.width - 1, 0), (0, shot.height - 1), (shot.width / 2, shot.height - 2)]
            where shot.pixel(x: x, y: y) != teal {
                let frame = app.events(of: "frame", scene: scene).last { $0["syncSerial"] is Double }
                unpainted.append("step \(step): (\(x), \(y)) of \(shot.width)×\(shot.height) is \(String(shot.pixel(x: x, y: y), radix: 16)); acknowledged frame \(frame?["width"] ?? 0)×\(frame?["height"] ?? 0) interactive \(frame?["interactive"] ?? "?")")
            }
        }
        other.fakeButton(1, pressed: false)
        other.sync()
        #expect(acknowledged >= 10, "the window manager drove the drag with sync requests")
        #expect(unpainted.isEmpty, "\(unpainted)")
    }

    /// A window that outgrows its back buffer hands the last frame's pixels on to the new one: the frame
    /// composites only what changed (the strip the window gained at the bottom, where the list shows
    /// more rows, and what the new vertical size class changes: about seven tenths of the window here,
    /// not all of it; it grows in height, since a wider window re-lays every row of the list), and the
    /// window shows what a full render of the scene shows.
    @Test func aWindowThatOutgrowsItsBufferKeepsItsPixels() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let mail = try #require(app.scene(titled: "Mail"))
        let other = try app.virtualDisplay.connect()
        if let settings = app.scene(titled: "Settings").flatMap(app.window(of:)) { other.iconify(settings) }
        other.flush()
        // The overlay shows the last frame time, which varies from frame to frame.
        (mail.windows.first?.rootViewController as? MailViewController)?.overlay.isHidden = true
        let small = CGRect(x: 20, y: 40, width: 440, height: 360)
        mail.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: small))
        #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size == small.size }))
        await app.run(for: 0.3)
        // Past the buffer's headroom (a quarter and 64 pixels) in one step.
        let grown = CGRect(x: 20, y: 40, width: 440, height: 540)
        app.clearEvents()
        mail.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: grown))
        #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size == grown.size }))
        await app.run(for: 0.3)
        let frame = try #require(app.events(of: "frame", scene: mail).first { $0["height"] as? Double == 540 })
        let damaged = try #require(frame["damagedPixels"] as? Double)
        #expect(damaged < 440 * 540 * 0.8, "the frame after the new buffer composited \(damaged) of \(440 * 540) pixels")
        // What the server shows of the window is put from the back buffer: cover all of it with another
        // window, uncover it, and the app puts it all again.
        let window = try #require(app.window(of: mail))
        let origin = try #require(other.rootPosition(window))
        let cover = other.mapCover(x: origin.x, y: origin.y, width: 440, height: 540)
        other.sync()
        await app.run(for: 0.2)
        other.destroyWindow(cover)
        other.sync()
        await app.run(for: 0.3)
        let comparison = Snapshot.compare(try app.screenshot(mail), mail.renderImage(), tolerance: .window)
        #expect(comparison.differingFraction <= SnapshotTolerance.window.differingFraction,
                "\(comparison.differingPixels) pixels differ from a full render")
    }

    /// Pixels the server lost after the last frame (another window lay over them) are put again;
    /// the strips a drag exposes, which the frame at the new size sent, are not sent twice (the drag
    /// test above checks that they show the app's pixels).
    @Test func pixelsLostUnderAnotherWindowArePutAgain() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        await app.run(for: 0.2)
        let teal = try app.screenshot(scene).pixel(x: 5, y: 5)
        let origin = try #require(other.rootPosition(window))
        let cover = other.mapCover(x: origin.x + 10, y: origin.y + 10, width: 60, height: 40)
        other.sync()
        await app.run(for: 0.2)
        #expect(try app.screenshot(scene).pixel(x: 30, y: 30) != teal, "covered")
        other.destroyWindow(cover)
        other.sync()
        #expect(await app.run(until: { (try? app.screenshot(scene).pixel(x: 30, y: 30)) == teal }, timeout: 2),
                "uncovered: the app's pixels again")
    }
}
