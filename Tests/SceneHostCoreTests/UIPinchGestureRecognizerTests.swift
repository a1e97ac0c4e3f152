import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Pinches from a touchpad's pinch events and from Ctrl + wheel.
@MainActor
struct UIPinchGestureRecognizerTests {
    @Test func aTouchpadPinchScalesTheInnermostRecognizer() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let pinch = UIPinchGestureRecognizer { log.append("\($0.state) \($0.scale) \(text($0.location(in: view)))") }
        let outer = UIPinchGestureRecognizer { _ in log.append("outer") }
        view.addGestureRecognizer(pinch)
        scene.keyWindow!.addGestureRecognizer(outer)
        scene.pointerPinchBegan(at: CGPoint(x: 150, y: 150), timestamp: 1)
        scene.pointerPinchChanged(scale: 1.5, timestamp: 1.1)
        scene.pointerPinchChanged(scale: 2, timestamp: 1.2)
        #expect(abs(pinch.velocity - 5) < 0.001, "0.5 of scale in 0.1 s")
        scene.pointerPinchEnded()
        #expect(log == ["began 1.5 (50.0, 50.0)", "changed 2.0 (50.0, 50.0)", "ended 2.0 (50.0, 50.0)"])
        #expect(pinch.state == .possible && pinch.scale == 1)
    }

    @Test func resettingTheScaleMeasuresFromThere() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var scales: [CGFloat] = []
        let pinch = UIPinchGestureRecognizer { pinch in
            scales.append(pinch.scale)
            pinch.scale = 1
        }
        view.addGestureRecognizer(pinch)
        scene.pointerPinchBegan(at: CGPoint(x: 150, y: 150))
        scene.pointerPinchChanged(scale: 2)
        scene.pointerPinchChanged(scale: 3)
        scene.pointerPinchEnded()
        #expect(scales == [2, 1.5, 1])
    }

    @Test func controlWheelStepsPinchAndAPauseEndsIt() async {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let pinch = UIPinchGestureRecognizer { log.append("\($0.state) \(String(format: "%.2f", $0.scale))") }
        view.addGestureRecognizer(pinch)
        scene.pointerZoomed(by: 1.1, at: CGPoint(x: 150, y: 150))
        scene.pointerZoomed(by: 1.1, at: CGPoint(x: 150, y: 150))
        #expect(log == ["began 1.10", "changed 1.21"])
        await runMainQueue(for: 0.45)
        #expect(log == ["began 1.10", "changed 1.21", "ended 1.21"])
    }

    @Test func aPinchRecognizerTakesNoPartInClicks() {
        let view = UIView()
        let scene = gestureScene(with: view)
        view.addGestureRecognizer(UIPinchGestureRecognizer())
        let button = UIButton(frame: CGRect(x: 10, y: 10, width: 50, height: 30))
        view.addSubview(button)
        var log: [String] = []
        button.addAction(UIAction { _ in log.append("upInside") }, for: .touchUpInside)
        button.addAction(UIAction { _ in log.append("cancel") }, for: .touchCancel)
        scene.click(at: CGPoint(x: 120, y: 120))
        #expect(log == ["upInside"])
        #expect(!button.isHighlighted, "nothing holds the release back")
        #expect(scene.pointer.gestures.active.isEmpty, "the pinch recognizer was never part of the sequence")
    }
}
