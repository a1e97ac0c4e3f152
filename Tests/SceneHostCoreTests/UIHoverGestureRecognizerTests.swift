import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Hover: begins on entering the view, changes on motion, ends on leaving it or the window.
@MainActor
struct UIHoverGestureRecognizerTests {
    @Test func hoverFollowsThePointerOverTheView() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let hover = UIHoverGestureRecognizer { log.append("\($0.state) \(text($0.location(in: view)))") }
        view.addGestureRecognizer(hover)
        scene.pointerMoved(to: CGPoint(x: 50, y: 50))
        scene.pointerMoved(to: CGPoint(x: 110, y: 120))
        scene.pointerMoved(to: CGPoint(x: 130, y: 120))
        scene.pointerMoved(to: CGPoint(x: 250, y: 120))
        #expect(log == ["began (10.0, 20.0)", "changed (30.0, 20.0)", "ended (150.0, 20.0)"])
        log = []
        scene.pointerEntered(at: CGPoint(x: 150, y: 150))
        scene.pointerExited()
        #expect(log == ["began (50.0, 50.0)", "ended (50.0, 50.0)"])
        #expect(view.log.isEmpty, "hovering makes no touches")
    }

    @Test func nestedHoverRecognizersBothFollowAndAButtonPausesThem() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.addSubview(child)
        var log: [String] = []
        view.addGestureRecognizer(UIHoverGestureRecognizer { log.append("outer \($0.state)") })
        child.addGestureRecognizer(UIHoverGestureRecognizer { log.append("inner \($0.state)") })
        scene.pointerMoved(to: CGPoint(x: 105, y: 105))
        scene.pointerMoved(to: CGPoint(x: 150, y: 150))
        #expect(log == ["inner began", "outer began", "inner ended", "outer changed"])
        log = []
        scene.pointerPressed(at: CGPoint(x: 150, y: 150))
        scene.pointerMoved(to: CGPoint(x: 105, y: 105))
        #expect(log.isEmpty, "motion with a button held is a touch, not a hover")
        scene.pointerReleased(at: CGPoint(x: 105, y: 105))
        #expect(log == ["inner began", "outer changed"], "released, the pointer hovers where it is")
    }

    @Test func aHoverRecognizerNeitherHoldsNorCancelsAClick() {
        let view = UIView()
        let scene = gestureScene(with: view)
        var hovers: [String] = []
        view.addGestureRecognizer(UIHoverGestureRecognizer { hovers.append("\($0.state)") })
        let button = UIButton(frame: CGRect(x: 10, y: 10, width: 50, height: 30))
        view.addSubview(button)
        var log: [String] = []
        button.addAction(UIAction { _ in log.append("upInside") }, for: .touchUpInside)
        button.addAction(UIAction { _ in log.append("cancel") }, for: .touchCancel)
        // No motion before the click: the release's hover makes the recognizer begin.
        scene.click(at: CGPoint(x: 120, y: 120))
        #expect(log == ["upInside"])
        #expect(hovers == ["began"], "the pointer hovers where it was released")
        #expect(!button.isHighlighted)
        #expect(scene.pointer.gestures.active.isEmpty)
    }

    @Test func aTapOnAButtonInAHoverViewEnds() {
        let view = UIView()
        let scene = gestureScene(with: view)
        view.addGestureRecognizer(UIHoverGestureRecognizer())
        let button = UIButton(frame: CGRect(x: 10, y: 10, width: 50, height: 30))
        view.addSubview(button)
        var log: [String] = []
        button.addAction(UIAction { _ in log.append("upInside") }, for: .touchUpInside)
        scene.touchscreenBegan(id: 1, at: CGPoint(x: 120, y: 120))
        scene.touchscreenEnded(id: 1, at: CGPoint(x: 120, y: 120))
        #expect(log == ["upInside"] && !button.isHighlighted && !button.isTracking)
    }
}
