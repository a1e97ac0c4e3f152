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

    @Test func wheelStepsPanRecognizersThatAllowThem() async {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let pan = UIPanGestureRecognizer { pan in
            let t = pan.translation(in: view)
            log.append("\(pan.state) \(Int(t.x)),\(Int(t.y))")
        }
        view.addGestureRecognizer(pan)
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: CGPoint(x: 150, y: 150))
        #expect(log.isEmpty, "no scrolls allowed by default, as UIKit")
        pan.allowedScrollTypesMask = .discrete
        scene.pointerScrolled(by: CGPoint(x: 0, y: 40), continuous: true, at: CGPoint(x: 150, y: 150))
        #expect(log.isEmpty, "a touchpad's scroll is continuous")
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: CGPoint(x: 150, y: 150), timestamp: 1)
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: CGPoint(x: 150, y: 150), timestamp: 1.05)
        #expect(log == ["began 0,-40", "changed 0,-80"])
        await runMainQueue(for: PointerInput.scrollPause + 0.15)
        #expect(log == ["began 0,-40", "changed 0,-80", "ended 0,-80"])
        #expect(view.log.isEmpty, "scrolling makes no touches")
    }

    @Test func aScrollPanDisabledMidScrollTakesTheNextScroll() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let pan = UIPanGestureRecognizer { log.append("\($0.state)") }
        pan.allowedScrollTypesMask = .discrete
        view.addGestureRecognizer(pan)
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: CGPoint(x: 150, y: 150))
        pan.isEnabled = false
        pan.isEnabled = true
        #expect(log == ["began", "cancelled"])
        // The next step comes before the pause would end the scroll: the pan is reset and pans again.
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: CGPoint(x: 150, y: 150))
        #expect(log == ["began", "cancelled", "began"])
        scene.pointer.endScroll()   // the pause, driven here
        #expect(log == ["began", "cancelled", "began", "ended"] && pan.state == .possible)
    }
}
