import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// The pointer on a real display: XTest's clicks, motion and wheel reach the app through XInput 2
/// (Xvfb has 2.4, with no scroll valuators: the wheel's notches come as buttons 4–7), become touches,
/// gestures, scrolls and the cursor.
@MainActor
@Suite(.serialized) struct PointerInputTests {
    /// The test app's scene with a 200×100 view at (50, 60) in its root view, and the view's window.
    private func launch() async throws -> (AppHarness, UIWindowScene, UIView, Window) {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let (scene, view, window) = try setUp(in: app)
        return (app, scene, view, window)
    }

    /// The scene of `app` with a 200×100 view at (50, 60) in its root view, and the scene's X window.
    private func setUp(in app: AppHarness) throws -> (UIWindowScene, UIView, Window) {
        let scene = try #require(app.scenes.first)
        let root = try #require(scene.keyWindow?.rootViewController?.view)
        let view = UIView(frame: CGRect(x: 50, y: 60, width: 200, height: 100))
        root.addSubview(view)
        let window = try #require(app.window(of: scene))
        return (scene, view, window)
    }

    @Test func xtestClicksAndWheelReachTheViewsRecognizers() async throws {
        let (app, scene, view, window) = try await launch()
        #expect(app.display.hasXInput2, "Xvfb offers XInput 2")
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        var taps: [CGPoint] = []
        view.addGestureRecognizer(UITapGestureRecognizer { taps.append($0.location(in: view)) })
        var scrolled: CGPoint?
        let pan = UIPanGestureRecognizer { pan in if pan.state == .ended { scrolled = pan.translation(in: view) } }
        pan.allowedScrollTypesMask = .discrete
        view.addGestureRecognizer(pan)

        input.click(at: try #require(input.rootPoint((60, 70), in: window)))
        #expect(await app.run(until: { !taps.isEmpty }), "the click became a tap")
        #expect(taps == [CGPoint(x: 10, y: 10)])

        // Two notches down: the content follows up, 40 points a notch.
        let inside = try #require(input.rootPoint((100, 100), in: window))
        input.click(at: inside, button: 5)
        input.click(at: inside, button: 5)
        #expect(await app.run(until: { scrolled != nil }))
        #expect(scrolled == CGPoint(x: 0, y: -80))
    }

    @Test func theCursorAndHoverFollowThePointer() async throws {
        let (app, scene, view, window) = try await launch()
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        var hover: [UIGestureRecognizer.State] = []
        view.addGestureRecognizer(UIHoverGestureRecognizer { hover.append($0.state) })
        view.addInteraction(UIPointerInteraction(delegate: nil))
        var cursors: [UIPointerStyle.Cursor] = []
        let runtimeHandler = scene.pointerCursorDidChange
        scene.pointerCursorDidChange = { cursor in
            cursors.append(cursor)
            runtimeHandler?(cursor)
        }
        input.move(to: try #require(input.rootPoint((10, 10), in: window)))
        await app.run(for: 0.1)
        input.move(to: try #require(input.rootPoint((100, 100), in: window)))
        #expect(await app.run(until: { hover == [.began] }))
        #expect(scene.pointerCursor == .pointingHand && cursors == [.pointingHand])
        input.move(to: try #require(input.rootPoint((110, 100), in: window)))
        #expect(await app.run(until: { hover == [.began, .changed] }))
        #expect(cursors == [.pointingHand], "set only when it changes")
        input.move(to: try #require(input.rootPoint((10, 10), in: window)))
        #expect(await app.run(until: { hover == [.began, .changed, .ended] }))
        #expect(cursors == [.pointingHand, .arrow])
    }

    @Test func aControlClickedOnScreenTracksAsUIKits() async throws {
        let (app, _, view, window) = try await launch()
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        let control = UIControl(frame: view.bounds)
        view.addSubview(control)
        var events: [String] = []
        control.addAction(UIAction { _ in events.append("down") }, for: .touchDown)
        control.addAction(UIAction { _ in events.append("dragInside") }, for: .touchDragInside)
        control.addAction(UIAction { _ in events.append("upInside") }, for: .touchUpInside)
        await input.drag(from: try #require(input.rootPoint((60, 70), in: window)),
                         to: try #require(input.rootPoint((90, 70), in: window)), steps: 2) { await app.run(for: 0.05) }
        #expect(await app.run(until: { events.last == "upInside" }))
        #expect(events == ["down", "dragInside", "dragInside", "upInside"])
    }

    /// A scene whose views had recognizers, controls and touches in flight goes away whole once closed:
    /// recognizers waiting on a timer, the touch of an unfinished press and the event hold nothing.
    @Test func recognizersTouchesAndControlsAreFreedWithTheirScene() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        let tracker = LeakTracker()
        weak var touch: UITouch?
        var sawTouch = false
        do {
            let (scene, view, window) = try setUp(in: app)
            let single = UITapGestureRecognizer { _ in }
            let double = UITapGestureRecognizer { _ in }
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            view.addGestureRecognizer(single)
            view.addGestureRecognizer(double)
            view.addGestureRecognizer(UIHoverGestureRecognizer { _ in })
            view.addInteraction(UIPointerInteraction(delegate: nil))
            view.addSubview(UISwitch())
            let watcher = TouchWatcher(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
            watcher.began = { touch = $0; sawTouch = true }
            view.addSubview(watcher)
            // A click that leaves the double tap waiting, then a press held while the scene closes.
            input.click(at: try #require(input.rootPoint((60, 110), in: window)))
            await app.run(for: 0.05)
            input.move(to: try #require(input.rootPoint((200, 70), in: window)))
            input.display.fakeButton(1, pressed: true)
            input.display.sync()
            #expect(await app.run(until: { sawTouch }))
            tracker.track(scene)
            #expect(tracker.survivors["UIGestureRecognizer"] == 3)
            app.application.requestSceneSessionDestruction(scene.session, options: nil)
        }
        await app.run(for: 0.6)
        input.display.fakeButton(1, pressed: false)
        input.display.sync()
        await app.run(for: 0.1)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
        #expect(touch == nil)
    }
}

/// Hands the touches it gets to `began`.
private final class TouchWatcher: UIView {
    var began: ((UITouch) -> Void)?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { touches.first.map { began?($0) } }
}
