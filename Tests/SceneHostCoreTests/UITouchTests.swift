import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Records the touches methods it gets, and whether it passes them on.
@MainActor
private final class RecordingView: UIView {
    var log: [String] = []
    var passesOn = false
    var locations: [CGPoint] = []
    var tapCounts: [Int] = []
    var buttons: [UIEvent.ButtonMask] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("began", touches, event)
        if passesOn { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("moved", touches, event)
        if passesOn { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("ended", touches, event)
        if passesOn { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("cancelled", touches, event)
        if passesOn { super.touchesCancelled(touches, with: event) }
    }
    private func record(_ name: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
        log.append(name)
        if let touch = touches.first {
            locations.append(touch.location(in: self))
            tapCounts.append(touch.tapCount)
        }
        buttons.append(event?.buttonMask ?? [])
    }
}

@MainActor
private final class RecordingController: UIViewController {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
}

/// The pointer's touches: one `UITouch` per button sequence, delivered to the hit-tested view and up
/// the responder chain.
@MainActor
struct UITouchTests {
    private func scene(_ root: UIViewController = UIViewController()) -> (UIWindowScene, UIViewController) {
        (UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root), root)
    }

    @Test func aPressMoveAndReleaseMakeOneTouchOnTheHitView() throws {
        let (scene, root) = scene()
        let view = RecordingView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        root.view.addSubview(view)
        var seen: UITouch?
        scene.pointerPressed(at: CGPoint(x: 110, y: 120), timestamp: 1)
        let touch = try #require(scene.pointer.touch)
        seen = touch
        #expect(touch.view === view && touch.window === scene.keyWindow)
        #expect(touch.type == .indirectPointer && touch.phase == .began && touch.timestamp == 1)
        scene.pointerMoved(to: CGPoint(x: 300, y: 200), timestamp: 1.1)
        #expect(touch.phase == .moved)
        #expect(touch.previousLocation(in: view) == CGPoint(x: 10, y: 20))
        #expect(touch.location(in: view) == CGPoint(x: 200, y: 100), "a touch keeps its view when it leaves it")
        #expect(touch.location(in: nil) == CGPoint(x: 300, y: 200))
        scene.pointerReleased(at: CGPoint(x: 300, y: 200), timestamp: 1.2)
        #expect(view.log == ["began", "moved", "ended"])
        #expect(view.locations == [CGPoint(x: 10, y: 20), CGPoint(x: 200, y: 100), CGPoint(x: 200, y: 100)])
        #expect(seen?.phase == .ended && scene.pointer.touch == nil, "the sequence is over")
        scene.pointerMoved(to: CGPoint(x: 120, y: 120))
        #expect(view.log.count == 3, "motion without a button makes no touch")
    }

    @Test func unhandledTouchesGoUpTheResponderChain() {
        let controller = RecordingController()
        let (scene, _) = scene(controller)
        let outer = RecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let inner = RecordingView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        controller.view.addSubview(outer)
        outer.addSubview(inner)
        inner.passesOn = true
        scene.click(at: CGPoint(x: 20, y: 20))
        #expect(inner.log == ["began", "ended"])
        #expect(outer.log == ["began", "ended"], "the superview is next")
        #expect(controller.log.isEmpty, "the superview handled them")
        outer.passesOn = true
        scene.click(at: CGPoint(x: 20, y: 20))
        #expect(controller.log == ["began", "ended"], "then the view's controller")
    }

    @Test func quickPressesAtOnePlaceCountTaps() {
        let (scene, root) = scene()
        let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.view.addSubview(view)
        for time in [10.0, 10.2, 10.4] {
            scene.pointerPressed(at: CGPoint(x: 50, y: 50), timestamp: time)
            scene.pointerReleased(at: CGPoint(x: 50, y: 50), timestamp: time + 0.05)
        }
        scene.pointerPressed(at: CGPoint(x: 50, y: 50), timestamp: 11.5)
        scene.pointerReleased(at: CGPoint(x: 50, y: 50), timestamp: 11.55)
        scene.pointerPressed(at: CGPoint(x: 52, y: 50), timestamp: 11.7)
        scene.pointerReleased(at: CGPoint(x: 52, y: 50), timestamp: 11.75)
        scene.pointerPressed(at: CGPoint(x: 90, y: 50), timestamp: 11.9)
        scene.pointerReleased(at: CGPoint(x: 90, y: 50), timestamp: 11.95)
        #expect(view.tapCounts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) == [1, 2, 3, 1, 2, 1])
    }

    @Test func theButtonMaskTellsWhichButtonsAreHeld() {
        let (scene, root) = scene()
        let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.view.addSubview(view)
        scene.pointerPressed(button: 2, at: CGPoint(x: 5, y: 5), modifierFlags: .control)
        scene.pointerPressed(button: 1, at: CGPoint(x: 5, y: 5))
        scene.pointerMoved(to: CGPoint(x: 6, y: 5))
        scene.pointerReleased(button: 2, at: CGPoint(x: 6, y: 5))
        #expect(view.log == ["began", "moved"], "a touch lasts while any button is held")
        scene.pointerReleased(button: 1, at: CGPoint(x: 6, y: 5))
        #expect(view.log == ["began", "moved", "ended"])
        #expect(view.buttons == [.secondary, [.primary, .secondary], .primary])
        #expect(UIEvent.ButtonMask.button(1) == .primary && UIEvent.ButtonMask.button(2) == .secondary)
        #expect(UIEvent.ButtonMask.button(3).rawValue == 4)
    }

    @Test func aCancelledSequenceEndsWithTouchesCancelled() {
        let (scene, root) = scene()
        let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.view.addSubview(view)
        scene.pointerPressed(at: CGPoint(x: 5, y: 5))
        scene.pointerCancelled()
        scene.pointerReleased(at: CGPoint(x: 5, y: 5))
        #expect(view.log == ["began", "cancelled"])
        #expect(scene.pointer.touch == nil)
    }

    @Test func eventsListTheirTouchesByViewAndWindow() throws {
        let (scene, root) = scene()
        let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let other = UIView(frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        root.view.addSubview(view)
        root.view.addSubview(other)
        scene.pointerPressed(at: CGPoint(x: 5, y: 5), timestamp: 3)
        let event = scene.pointer.touchEvent
        let touch = try #require(scene.pointer.touch)
        #expect(event.type == .touches && event.timestamp == 3)
        #expect(event.allTouches == [touch])
        #expect(event.touches(for: view) == [touch])
        #expect(event.touches(for: root.view) == [touch], "the touches of a view's descendants are its own")
        #expect(event.touches(for: other)?.isEmpty == true)
        #expect(event.touches(for: try #require(scene.keyWindow)) == [touch])
        scene.pointerReleased(at: CGPoint(x: 5, y: 5))
    }

    @Test func aTouchscreenFingerMakesADirectTouchOneAtATime() throws {
        let (scene, root) = scene()
        let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.view.addSubview(view)
        var taps = 0
        view.addGestureRecognizer(UITapGestureRecognizer { _ in taps += 1 })
        view.passesOn = true
        scene.touchscreenBegan(id: 7, at: CGPoint(x: 10, y: 10), timestamp: 1)
        let touch = try #require(scene.pointer.touch)
        #expect(touch.type == .direct && scene.pointer.touchEvent.buttonMask == [])
        scene.touchscreenBegan(id: 8, at: CGPoint(x: 50, y: 50), timestamp: 1.01)
        scene.touchscreenMoved(id: 8, to: CGPoint(x: 60, y: 50), timestamp: 1.02)
        scene.pointerPressed(at: CGPoint(x: 50, y: 50), timestamp: 1.02)
        #expect(scene.pointer.touch === touch, "a second finger and the mouse are left out while a finger is down")
        scene.pointerReleased(at: CGPoint(x: 50, y: 50), timestamp: 1.03)
        scene.touchscreenEnded(id: 8, at: CGPoint(x: 60, y: 50), timestamp: 1.04)
        scene.touchscreenMoved(id: 7, to: CGPoint(x: 12, y: 10), timestamp: 1.05)
        scene.touchscreenEnded(id: 7, at: CGPoint(x: 12, y: 10), timestamp: 1.06)
        #expect(view.log == ["began", "moved", "cancelled"] && taps == 1, "a finger's tap needs no button")
        #expect(scene.pointer.touch == nil)
        scene.touchscreenBegan(id: 9, at: CGPoint(x: 30, y: 10), timestamp: 1.2)
        #expect(scene.pointer.touch?.tapCount == 2, "a finger's second tap lands within 30 points")
        scene.pointerCancelled(timestamp: 1.25)   // the finger's touch taken away (a grab)
        #expect(view.log.last == "cancelled" && taps == 1)
    }

    @Test func rawValuesAreUIKits() {
        #expect(UITouch.Phase.began.rawValue == 0 && UITouch.Phase.cancelled.rawValue == 4 && UITouch.Phase.regionExited.rawValue == 7)
        #expect(UITouch.TouchType.indirectPointer.rawValue == 3)
        #expect(UIEvent.EventType.touches.rawValue == 0 && UIEvent.EventType.hover.rawValue == 11 && UIEvent.EventType.transform.rawValue == 14)
    }
}
