import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Pans: the hysteresis, translation, `setTranslation`, velocity.
@MainActor
struct UIPanGestureRecognizerTests {
    @Test func aDragPansWithTranslationAndVelocity() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let pan = UIPanGestureRecognizer { pan in
            let t = pan.translation(in: view), v = pan.velocity(in: view)
            log.append("\(pan.state) \(Int(t.x)),\(Int(t.y)) \(Int(v.x.rounded())),\(Int(v.y.rounded()))")
        }
        view.addGestureRecognizer(pan)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110), timestamp: 10)
        scene.pointerMoved(to: CGPoint(x: 115, y: 110), timestamp: 10.01)
        #expect(log.isEmpty, "5 points: under the hysteresis")
        scene.pointerMoved(to: CGPoint(x: 120, y: 110), timestamp: 10.02)
        scene.pointerMoved(to: CGPoint(x: 130, y: 115), timestamp: 10.04)
        scene.pointerReleased(at: CGPoint(x: 130, y: 115), timestamp: 10.05)
        // Velocity over the last 0.1 s: all the drag's samples here.
        #expect(log == ["began 10,0 500,0", "changed 20,5 500,125", "ended 20,5 400,100"])
        #expect(view.log == ["began", "moved", "cancelled"])
    }

    @Test func setTranslationMeasuresFromThere() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var steps: [CGPoint] = []
        let pan = UIPanGestureRecognizer { pan in
            steps.append(pan.translation(in: nil))
            pan.setTranslation(.zero, in: nil)
        }
        view.addGestureRecognizer(pan)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        for x in [125, 130, 150] { scene.pointerMoved(to: CGPoint(x: CGFloat(x), y: 110)) }
        scene.pointerReleased(at: CGPoint(x: 150, y: 110))
        #expect(steps == [CGPoint(x: 15, y: 0), CGPoint(x: 5, y: 0), CGPoint(x: 20, y: 0), .zero])
    }

    @Test func aPauseBeforeTheReleaseStopsTheVelocity() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var final: CGPoint?
        let pan = UIPanGestureRecognizer { pan in if pan.state == .ended { final = pan.velocity(in: nil) } }
        view.addGestureRecognizer(pan)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110), timestamp: 1)
        scene.pointerMoved(to: CGPoint(x: 150, y: 110), timestamp: 1.05)
        scene.pointerReleased(at: CGPoint(x: 150, y: 110), timestamp: 1.5)
        #expect(final == .zero)
    }

    @Test func aClickIsNoPan() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var states: [UIGestureRecognizer.State] = []
        let pan = UIPanGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(pan)
        scene.click(at: CGPoint(x: 110, y: 110))
        #expect(states.isEmpty && view.log == ["began", "ended"])
    }
}
