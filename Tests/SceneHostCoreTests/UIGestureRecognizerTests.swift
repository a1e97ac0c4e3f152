import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A continuous recognizer driven by the test: begins at the first move, changes at each, ends at the
/// release.
@MainActor
private final class DragRecognizer: UIGestureRecognizer {
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .began : .changed
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .failed : .ended
    }
}

/// UIKit's gesture recognizer machinery: the state machine and its actions, delivery before the view,
/// exclusivity, the delegate, failure requirements, and the view's touches.
@MainActor
struct UIGestureRecognizerTests {
    @Test func continuousStatesRunTheActionsAtEachStepAndResetAfter() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var states: [String] = []
        let drag = DragRecognizer { states.append("\($0.state) \($0.numberOfTouches)") }
        view.addGestureRecognizer(drag)
        #expect(view.gestureRecognizers?.first === drag && drag.view === view)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        #expect(drag.state == .possible && drag.numberOfTouches == 1)
        scene.pointerMoved(to: CGPoint(x: 111, y: 110))
        scene.pointerMoved(to: CGPoint(x: 111, y: 110))
        scene.pointerReleased(at: CGPoint(x: 111, y: 110))
        #expect(states == ["began 1", "changed 1", "ended 1"])
        #expect(drag.state == .possible, "reset for the next gesture")
        #expect(drag.location(in: view) == CGPoint(x: 11, y: 10), "where its touches were last")
    }

    @Test func stateRawValuesAndForbiddenTransitions() {
        #expect(UIGestureRecognizer.State.possible.rawValue == 0 && UIGestureRecognizer.State.began.rawValue == 1)
        #expect(UIGestureRecognizer.State.changed.rawValue == 2 && UIGestureRecognizer.State.ended.rawValue == 3)
        #expect(UIGestureRecognizer.State.cancelled.rawValue == 4 && UIGestureRecognizer.State.failed.rawValue == 5)
        #expect(UIGestureRecognizer.State.recognized == .ended)
        var fired = 0
        let recognizer = UIGestureRecognizer { _ in fired += 1 }
        recognizer.state = .changed
        #expect(recognizer.state == .possible && fired == 0, "possible cannot go to changed")
        recognizer.state = .began
        recognizer.state = .changed
        recognizer.state = .changed
        #expect(fired == 3, "every assignment of changed runs the actions")
        recognizer.state = .ended
        recognizer.state = .began
        #expect(recognizer.state == .ended && fired == 4, "a finished gesture stays finished until reset")
    }

    @Test func recognitionCancelsTheViewsTouchesUnlessTurnedOff() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        let drag = DragRecognizer()
        view.addGestureRecognizer(drag)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 120, y: 110))
        scene.pointerMoved(to: CGPoint(x: 130, y: 110))
        scene.pointerReleased(at: CGPoint(x: 130, y: 110))
        #expect(view.log == ["began", "cancelled"], "the view gets nothing after the recognizer began")

        view.log = []
        drag.cancelsTouchesInView = false
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 120, y: 110))
        scene.pointerReleased(at: CGPoint(x: 120, y: 110))
        #expect(view.log == ["began", "moved", "ended"])
    }

    @Test func delaysTouchesBeganHoldsTheViewUntilTheRecognizerFails() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        let drag = DragRecognizer()
        drag.delaysTouchesBegan = true
        view.addGestureRecognizer(drag)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        #expect(view.log.isEmpty)
        scene.pointerReleased(at: CGPoint(x: 110, y: 110))
        #expect(view.log == ["began", "ended"], "the recognizer failed: the view gets what was held, in order")

        view.log = []
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 120, y: 110))
        scene.pointerReleased(at: CGPoint(x: 120, y: 110))
        #expect(view.log.isEmpty, "the recognizer recognized: the view never saw the touch")
    }

    @Test func delaysTouchesEndedHoldsTheEndWhileARecognizerDecides() async {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        scene.click(at: CGPoint(x: 110, y: 110))
        #expect(view.log == ["began"], "the double tap is still waiting for its second tap")
        await runMainQueue(for: UITapGestureRecognizer.maximumTapInterval + 0.2)
        #expect(view.log == ["began", "ended"], "it failed: the end comes")

        view.log = []
        double.delaysTouchesEnded = false
        scene.click(at: CGPoint(x: 110, y: 110))
        #expect(view.log == ["began", "ended"])
        await runMainQueue(for: UITapGestureRecognizer.maximumTapInterval + 0.2)
    }

    @Test func onlyOneRecognizesUnlessTheDelegateAllowsBoth() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let inner = DragRecognizer { log.append("inner \($0.state)") }
        let outer = DragRecognizer { log.append("outer \($0.state)") }
        view.addGestureRecognizer(inner)
        scene.keyWindow!.rootViewController!.view.addGestureRecognizer(outer)
        func drag() {
            scene.pointerPressed(at: CGPoint(x: 110, y: 110))
            scene.pointerMoved(to: CGPoint(x: 120, y: 110))
            scene.pointerReleased(at: CGPoint(x: 120, y: 110))
        }
        drag()
        #expect(log == ["inner began", "inner ended"], "the innermost view's recognizer goes first and excludes the other")
        log = []
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = true
        outer.delegate = delegate
        drag()
        #expect(log == ["inner began", "outer began", "inner ended", "outer ended"], "either delegate may allow both")
    }

    @Test func theDelegateMayRefuseToBeginOrToReceive() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var states: [String] = []
        let drag = DragRecognizer { states.append("\($0.state)") }
        let delegate = ConfigurableDelegate()
        drag.delegate = delegate
        view.addGestureRecognizer(drag)
        delegate.shouldBegin = false
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 120, y: 110))
        #expect(drag.state == .failed && states.isEmpty && delegate.asked == ["shouldBegin"])
        scene.pointerMoved(to: CGPoint(x: 130, y: 110))
        scene.pointerReleased(at: CGPoint(x: 130, y: 110))
        #expect(view.log == ["began", "moved", "moved", "ended"], "a failed recognizer leaves the view its touches")
        #expect(drag.state == .possible)

        delegate.shouldBegin = true
        delegate.receives = false
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        #expect(drag.numberOfTouches == 0, "it does not see the touch")
        scene.pointerMoved(to: CGPoint(x: 120, y: 110))
        scene.pointerReleased(at: CGPoint(x: 120, y: 110))
        #expect(states.isEmpty)
    }

    @Test func requireToFailWaitsThenFollowsTheOther() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var log: [String] = []
        let first = DragRecognizer { log.append("first \($0.state)") }
        let second = DragRecognizer { log.append("second \($0.state)") }
        view.addGestureRecognizer(first)
        view.addGestureRecognizer(second)
        first.require(toFail: second)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 120, y: 110))
        #expect(log == ["second began"], "the required one recognized: the other fails")
        #expect(first.state == .failed)
        scene.pointerReleased(at: CGPoint(x: 120, y: 110))
        log = []
        // The required one refuses to begin: the waiting one goes ahead at once.
        let delegate = ConfigurableDelegate()
        delegate.shouldBegin = false
        second.delegate = delegate
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 120, y: 110))
        scene.pointerReleased(at: CGPoint(x: 120, y: 110))
        #expect(log == ["first began", "first ended"])
    }

    @Test func anAncestorsSingleTapYieldsToAControlThatWinsIt() {
        let container = UIView()
        let scene = gestureScene(with: container)
        let toggle = UISwitch(frame: CGRect(x: 0, y: 0, width: 51, height: 31))
        container.addSubview(toggle)
        var taps = 0
        container.addGestureRecognizer(UITapGestureRecognizer { _ in taps += 1 })
        scene.click(at: CGPoint(x: 110, y: 110))
        #expect(toggle.isOn && taps == 0, "the switch's click wins")
        scene.click(at: CGPoint(x: 150, y: 170))
        #expect(taps == 1, "outside the switch the tap recognizes")

        let plain = UIControl(frame: CGRect(x: 0, y: 50, width: 40, height: 40))
        container.addSubview(plain)
        var cancelled = 0, upInside = 0
        plain.addAction(UIAction { _ in cancelled += 1 }, for: .touchCancel)
        plain.addAction(UIAction { _ in upInside += 1 }, for: .touchUpInside)
        scene.click(at: CGPoint(x: 110, y: 160))
        #expect(taps == 2 && cancelled == 1 && upInside == 0, "a plain UIControl loses to the tap, as UIKit's")

        let button = UIButton(configuration: .filled())
        button.frame = CGRect(x: 60, y: 0, width: 40, height: 30)
        container.addSubview(button)
        var pressed = 0
        button.addAction(UIAction { _ in pressed += 1 }, for: .touchUpInside)
        scene.click(at: CGPoint(x: 180, y: 115))
        #expect(pressed == 1 && taps == 2, "so does a button's")

        let own = UITapGestureRecognizer { _ in taps += 10 }
        toggle.addGestureRecognizer(own)
        scene.click(at: CGPoint(x: 110, y: 110))
        #expect(taps == 12 && toggle.isOn, "a recognizer on the control itself beats the control")
    }

    @Test func removingOrDisablingARecognizerCancelsItsGesture() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var states: [String] = []
        let drag = DragRecognizer { states.append("\($0.state)") }
        view.addGestureRecognizer(drag)
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 120, y: 110))
        drag.isEnabled = false
        scene.pointerMoved(to: CGPoint(x: 130, y: 110))
        scene.pointerReleased(at: CGPoint(x: 130, y: 110))
        #expect(states == ["began", "cancelled"])
        drag.isEnabled = true
        states = []
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 120, y: 110))
        view.removeGestureRecognizer(drag)
        #expect(states == ["began", "cancelled"] && drag.view == nil && view.gestureRecognizers == nil)
        scene.pointerReleased(at: CGPoint(x: 120, y: 110))
    }

    @Test func targetsAreHeldWeaklyAndRemovable() {
        final class Target {
            var calls = 0
            func handle(_ recognizer: DragRecognizer) { calls += 1 }
        }
        let recognizer = DragRecognizer()
        var target: Target? = Target()
        weak var weakTarget = target
        recognizer.addTarget(target!, action: Target.handle)
        recognizer.state = .began
        #expect(target?.calls == 1)
        target = nil
        #expect(weakTarget == nil, "the recognizer does not keep its target")
        recognizer.state = .changed
        let other = Target()
        recognizer.addTarget(other, action: Target.handle)
        recognizer.removeTarget(other)
        recognizer.state = .changed
        #expect(other.calls == 0)
    }

    @Test func recognizersAndTouchesAreFreed() {
        weak var weakRecognizer: UIGestureRecognizer?
        weak var weakView: UIView?
        weak var weakTouch: UITouch?
        do {
            let view = TouchLogView()
            let scene = gestureScene(with: view)
            let tap = UITapGestureRecognizer { _ in }
            let pan = UIPanGestureRecognizer { _ in }
            tap.require(toFail: pan)
            view.addGestureRecognizer(tap)
            view.addGestureRecognizer(pan)
            weakRecognizer = tap
            weakView = view
            scene.pointerPressed(at: CGPoint(x: 110, y: 110))
            weakTouch = scene.pointer.touch
            scene.pointerMoved(to: CGPoint(x: 150, y: 110))
            scene.pointerReleased(at: CGPoint(x: 150, y: 110))
            view.removeFromSuperview()
        }
        #expect(weakTouch == nil && weakRecognizer == nil && weakView == nil)
    }

    @Test func aButtonBeatsAnAncestorsTapWhenTheClickLandsOnItsSubview() {
        let container = UIView()
        let scene = gestureScene(with: container)
        var taps = 0
        container.addGestureRecognizer(UITapGestureRecognizer { _ in taps += 1 })
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        let badge = UIView(frame: CGRect(x: 5, y: 5, width: 30, height: 30))
        button.addSubview(badge)
        container.addSubview(button)
        var pressed = 0
        button.addAction(UIAction { _ in pressed += 1 }, for: .touchUpInside)
        scene.click(at: CGPoint(x: 110, y: 110))
        #expect(pressed == 1 && taps == 0, "the badge's button wins, as if the click were on the button")
    }

    @Test func aLabelOverAButtonLetsTheClickThrough() {
        let container = UIView()
        let scene = gestureScene(with: container)
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        container.addSubview(button)
        let caption = UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        caption.text = "Caption"
        container.addSubview(caption)
        #expect(!caption.isUserInteractionEnabled, "UIKit's default")
        var pressed = 0
        button.addAction(UIAction { _ in pressed += 1 }, for: .touchUpInside)
        scene.click(at: CGPoint(x: 120, y: 120))
        #expect(pressed == 1)
    }

    @Test func goingToTheBackgroundCancelsHeldDeliveries() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        var recognized: [String] = []
        let double = UITapGestureRecognizer { _ in recognized.append("double") }
        double.numberOfTapsRequired = 2
        let single = UITapGestureRecognizer { _ in recognized.append("single") }
        single.require(toFail: double)
        view.addGestureRecognizer(double)
        view.addGestureRecognizer(single)
        scene.transition(to: .foregroundActive)
        scene.click(at: CGPoint(x: 150, y: 150))
        #expect(view.log == ["began"], "the double tap waits for a second tap and holds the release")
        scene.transition(to: .background)
        #expect(view.log == ["began", "cancelled"])
        #expect(recognized.isEmpty, "nothing recognizes as the scene leaves")
        #expect(scene.pointer.gestures.active.isEmpty)
    }
}
