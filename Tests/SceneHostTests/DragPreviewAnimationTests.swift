import Foundation
import SceneHostTesting
import Testing

extension SceneWindowTests {
    /// A drag released over the desktop with nothing to open there is cancelled: its preview window
    /// flies back onto the square it was lifted from (the delegate's `previewForCancelling` gives the
    /// default preview), then is destroyed with its pixmap, leaving the X server's count of the app's
    /// resources as it was before the drag.
    @Test func aCancelledDragsPreviewFliesBackAndIsDestroyed() async throws {
        DragTestSceneDelegate.reset()
        DragTestSceneDelegate.carriesActivity = false
        DragTestSceneDelegate.cancelToSource = true
        let app = try AppHarness(DragTestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let source = try #require(app.scenes.first)
        source.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 40, y: 60, width: 400, height: 300)))
        #expect(await app.run(until: { abs(source.effectiveGeometry.systemFrame.minX - 40) < 2 && abs(source.effectiveGeometry.systemFrame.minY - 60) < 2 }, timeout: 3))
        await app.run(for: 0.2)
        let baseline = try #require(app.display.clientResources())
        let frame = source.effectiveGeometry.systemFrame
        // The square: 120×120 at (20, 20) in the window.
        let square = (x: Int(frame.minX) + 20, y: Int(frame.minY) + 20)
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        let start = (x: square.x + 60, y: square.y + 60), end = (x: 1200, y: 700)
        input.move(to: start)
        input.display.fakeButton(1, pressed: true)
        input.display.sync()
        await app.run(for: 0.05)
        for step in 1...8 {
            input.move(to: (start.x + (end.x - start.x) * step / 8, start.y + (end.y - start.y) * step / 8))
            await app.run(for: 0.03)
        }
        // Lifted: the preview is a window of its own, grown to 1.05× its 120 points, under the pointer.
        await app.run(for: UIDragInteraction.liftDuration + 0.1)
        let image = Window(UInt(try #require(app.events(of: "dragBegan").last?["image"] as? Double)))
        let lifted = try #require(app.display.geometry(image))
        #expect(lifted.width == 126 && lifted.height == 126, "\(lifted)")
        #expect(abs(lifted.x + 63 - end.x) <= 2 && abs(lifted.y + 63 - end.y) <= 2, "held at its centre: \(lifted)")
        #expect(app.display.clientResources()?["WINDOW"] == (baseline["WINDOW"] ?? 0) + 1)
        input.display.fakeButton(1, pressed: false)
        input.display.sync()
        // Back towards the square, frame by frame, until it is there and goes.
        var samples: [Display.Geometry] = []
        _ = await app.run(until: {
            guard let now = app.display.geometry(image) else { return true }
            if samples.last.map({ $0.x != now.x || $0.y != now.y }) ?? true { samples.append(now) }
            return false
        }, timeout: 3)
        #expect(samples.count >= 3, "seen on the way: \(samples)")
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $1.x <= $0.x && $1.y <= $0.y }, "always towards the square: \(samples)")
        let last = try #require(samples.last)
        #expect(abs(last.x - square.x) <= 12 && abs(last.y - square.y) <= 12 && abs(last.width - 120) <= 4, "ends on the square: \(last)")
        #expect(app.display.geometry(image) == nil, "destroyed")
        #expect(DragTestSceneDelegate.log.contains("Drag 1 didEnd 0"), "\(DragTestSceneDelegate.log)")
        #expect(app.events(of: "dragPreviewLanded").count == 1)
        #expect(app.display.clientResources() == baseline, "no window or pixmap left")
        #expect(app.scenes.count == 1, "a cancelled drag opens nothing")
    }
}
