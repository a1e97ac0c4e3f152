import Cairo
import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// Scroll views on a real display: XTest's wheel notches and keys scroll them, what the X server shows
/// after scrolls (copied within the window) is what a whole new frame draws, and a scroll view with a
/// motion going on is freed with its scene. Part of the serialized `SceneWindowTests`.
extension SceneWindowTests {
    /// A 300×240 scroll view at (20, 20) in the test app's scene, with 40 coloured, labelled rows.
    private func scrollTestScene(in app: AppHarness) throws -> (UIWindowScene, UIScrollView, Window) {
        let scene = try #require(app.scenes.first)
        let root = try #require(scene.keyWindow?.rootViewController?.view)
        let scrollView = UIScrollView(frame: CGRect(x: 20, y: 20, width: 300, height: 240))
        scrollView.backgroundColor = .white
        scrollView.contentSize = CGSize(width: 300, height: 40 * 40)
        for index in 0..<40 {
            let row = UILabel(frame: CGRect(x: 0, y: CGFloat(index) * 40, width: 300, height: 40))
            row.text = "Row \(index)"
            row.backgroundColor = UIColor(red: 1, green: 0.6 + CGFloat(index) / 100, blue: 0.9 - CGFloat(index) / 100, alpha: 1)
            scrollView.addSubview(row)
        }
        root.addSubview(scrollView)
        let window = try #require(app.window(of: scene))
        return (scene, scrollView, window)
    }

    /// How many pixels of the scene's window on screen differ from a whole new offscreen frame.
    @MainActor private func pixelsDifferingFromAFullFrame(_ app: AppHarness, _ scene: UIWindowScene) throws -> Int {
        let shown = try app.screenshot(scene)
        let full = scene.renderImage()
        var differing = 0
        for y in 0..<min(shown.height, full.height) {
            for x in 0..<min(shown.width, full.width) where shown.pixel(x: x, y: y) & 0xFFFFFF != full.pixel(x: x, y: y) & 0xFFFFFF {
                differing += 1
            }
        }
        return differing
    }

    @Test func wheelNotchesAndKeysThroughXTestScrollAndTheWindowShowsWhatAFullFrameDraws() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let (scene, scrollView, window) = try scrollTestScene(in: app)
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        await app.run(for: 0.2)
        let inside = try #require(input.rootPoint((150, 150), in: window))
        // Three notches down: 40 points each, copied within the window.
        for _ in 0..<3 { input.click(at: inside, button: 5) }
        #expect(await app.run(until: { scrollView.contentOffset.y == 120 }), "\(scrollView.contentOffset)")
        await app.run(for: 0.3)
        #expect(try pixelsDifferingFromAFullFrame(app, scene) == 0)
        // Page Down: a page (the view's height less a line), animated.
        input.press(keysym: .pageDown)
        #expect(await app.run(until: { scrollView.contentOffset.y == 120 + 200 }), "\(scrollView.contentOffset)")
        // Up two notches, then End.
        for _ in 0..<2 { input.click(at: inside, button: 4) }
        #expect(await app.run(until: { scrollView.contentOffset.y == 240 }), "\(scrollView.contentOffset)")
        input.press(keysym: .end)
        #expect(await app.run(until: { scrollView.contentOffset.y == 1600 - 240 }), "\(scrollView.contentOffset)")
        await app.run(for: 0.3)
        #expect(try pixelsDifferingFromAFullFrame(app, scene) == 0)
    }

    @Test func aScrollViewDeceleratingIsFreedWithItsScene() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let tracker = LeakTracker()
        do {
            let (scene, scrollView, _) = try scrollTestScene(in: app)
            await app.run(for: 0.1)
            // A fling in flight and the indicators shown when the scene closes.
            scene.pointerPressed(at: CGPoint(x: 150, y: 200))
            for step in 1...6 { scene.pointerMoved(to: CGPoint(x: 150, y: 200 - CGFloat(step) * 20)) }
            scene.pointerReleased(at: CGPoint(x: 150, y: 80))
            #expect(scrollView.isDecelerating)
            tracker.track(scene)
            #expect(tracker.survivors["UIGestureRecognizer"] ?? 0 >= 1)
            app.application.requestSceneSessionDestruction(scene.session, options: nil)
        }
        await app.run(for: 0.6)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }
}
