import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Long presses: the timer on the main queue, the allowable movement.
@MainActor
struct UILongPressGestureRecognizerTests {
    @Test func defaultsAreUIKits() {
        let press = UILongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
        #expect(press.numberOfTapsRequired == 0 && press.numberOfTouchesRequired == 1)
    }

    @Test func aHeldPressBeginsAfterTheDurationThenFollowsThePointer() async {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let press = UILongPressGestureRecognizer { log.append("\($0.state) \(text($0.location(in: view)))") }
        press.minimumPressDuration = 0.1
        view.addGestureRecognizer(press)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        #expect(log.isEmpty)
        await runMainQueue(for: 0.2)
        #expect(log == ["began (10.0, 10.0)"])
        scene.pointerMoved(to: CGPoint(x: 150, y: 110))
        scene.pointerReleased(at: CGPoint(x: 150, y: 110))
        #expect(log == ["began (10.0, 10.0)", "changed (50.0, 10.0)", "ended (50.0, 10.0)"])
        #expect(view.log == ["began", "cancelled"])
    }

    @Test func movingOrReleasingEarlyFails() async {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let press = UILongPressGestureRecognizer { log.append("\($0.state)") }
        press.minimumPressDuration = 0.1
        view.addGestureRecognizer(press)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 125, y: 110))
        await runMainQueue(for: 0.2)
        scene.pointerReleased(at: CGPoint(x: 125, y: 110))
        scene.click(at: CGPoint(x: 110, y: 110))
        await runMainQueue(for: 0.2)
        #expect(log.isEmpty)
        #expect(view.log == ["began", "moved", "ended", "began", "ended"])
    }
}
