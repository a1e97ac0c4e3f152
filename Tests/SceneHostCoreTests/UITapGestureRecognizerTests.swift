import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Taps, double taps with `require(toFail:)`, buttons and movement.
@MainActor
struct UITapGestureRecognizerTests {
    @Test func aClickIsATapAtItsLocation() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var seen: [String] = []
        let tap = UITapGestureRecognizer { seen.append("\($0.state) \(text($0.location(in: view)))") }
        view.addGestureRecognizer(tap)
        scene.click(at: CGPoint(x: 130, y: 140))
        #expect(seen == ["ended (30.0, 40.0)"])
        #expect(view.log == ["began", "cancelled"], "recognized: the view's touch is cancelled")
        #expect(tap.state == .possible, "reset for the next tap")
    }

    @Test func movingTooFarOrAnotherButtonIsNoTap() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var taps = 0
        let tap = UITapGestureRecognizer { _ in taps += 1 }
        view.addGestureRecognizer(tap)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 125, y: 110))
        scene.pointerReleased(at: CGPoint(x: 125, y: 110))
        scene.click(at: CGPoint(x: 110, y: 110), button: 2)
        #expect(taps == 0)
        tap.buttonMaskRequired = .secondary
        scene.click(at: CGPoint(x: 110, y: 110), button: 2)
        #expect(taps == 1, "a right click, when asked for")
    }

    @Test func aDoubleTapWithASingleTapThatRequiresItToFail() async {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let single = UITapGestureRecognizer { log.append("single \($0.state)") }
        let double = UITapGestureRecognizer { log.append("double \($0.state)") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)

        scene.pointerPressed(at: CGPoint(x: 110, y: 110), timestamp: 1)
        scene.pointerReleased(at: CGPoint(x: 110, y: 110), timestamp: 1.05)
        scene.pointerPressed(at: CGPoint(x: 111, y: 110), timestamp: 1.2)
        scene.pointerReleased(at: CGPoint(x: 111, y: 110), timestamp: 1.25)
        #expect(log == ["double ended"], "the double tap recognized; the single one failed")

        log = []
        scene.click(at: CGPoint(x: 110, y: 110))
        #expect(log.isEmpty, "the single tap waits for the double tap to fail")
        #expect(single.state == .possible)
        await runMainQueue(for: UITapGestureRecognizer.maximumTapInterval + 0.2)
        #expect(log == ["single ended"], "the double tap timed out: the single tap recognizes")
    }

    @Test func aPressElsewhereEndsTheWaitForASecondTap() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let single = UITapGestureRecognizer { log.append("single \($0.state)") }
        let double = UITapGestureRecognizer { log.append("double \($0.state)") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        scene.click(at: CGPoint(x: 110, y: 110))
        scene.click(at: CGPoint(x: 10, y: 10))
        #expect(log == ["single ended"])
    }
}
