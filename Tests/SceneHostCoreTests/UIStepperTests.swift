import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// UIStepper's value, steps, wrapping, autorepeat and events, as UIKit's.
@MainActor
struct UIStepperTests {
    @Test func defaultsAndLimitsAreUIKits() {
        let stepper = UIStepper()
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1)
        #expect(!stepper.wraps && stepper.autorepeat && stepper.isContinuous && stepper.frame.size == CGSize(width: 94, height: 32))
        stepper.stepValue = 0
        #expect(stepper.stepValue == 1, "a step must be more than 0")
        stepper.value = 150
        #expect(stepper.value == 100)
    }

    @Test func clicksStepUpAndDownAndStopAtTheLimitsUnlessTheyWrap() {
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        stepper.maximumValue = 2
        stepper.autorepeat = false
        var values: [Double] = []
        stepper.addAction(UIAction { [unowned stepper] _ in values.append(stepper.value) }, for: .valueChanged)
        let scene = controlScene([stepper])
        let plus = CGPoint(x: 80, y: 26), minus = CGPoint(x: 30, y: 26)
        scene.click(at: plus)
        scene.click(at: plus)
        scene.click(at: plus)
        #expect(values == [1, 2], "stops at the maximum")
        stepper.wraps = true
        scene.click(at: plus)
        scene.click(at: minus)
        #expect(values == [1, 2, 0, 2])
    }

    @Test func holdingASideRepeatsTheStep() async throws {
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        var values: [Double] = []
        stepper.addAction(UIAction { [unowned stepper] _ in values.append(stepper.value) }, for: .valueChanged)
        let scene = controlScene([stepper])
        scene.pointerPressed(at: CGPoint(x: 80, y: 26))
        #expect(values == [1], "at once on the press")
        // Half a second, then ten a second; waited for rather than timed, as other tests share the
        // main actor.
        let start = ProcessInfo.processInfo.systemUptime
        var firstRepeat: TimeInterval?
        // Counted in turns, not seconds: time the main actor spends on other tests uses none.
        var turns = 0
        while values.count < 3, turns < 250 {
            turns += 1
            try await Task.sleep(for: .milliseconds(20))
            if values.count == 2, firstRepeat == nil { firstRepeat = ProcessInfo.processInfo.systemUptime - start }
        }
        scene.pointerReleased(at: CGPoint(x: 80, y: 26))
        let held = values.count
        #expect(held >= 3 && values == (1...held).map(Double.init), "\(values)")
        #expect((firstRepeat ?? 0) >= 0.45, "not before half a second")
        try await Task.sleep(for: .milliseconds(250))
        #expect(values.count == held, "the release stops it")
    }

    @Test func aStepperThatIsNotContinuousSendsOnceAtTheRelease() {
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        stepper.isContinuous = false
        var sent = 0
        stepper.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        let scene = controlScene([stepper])
        scene.pointerPressed(at: CGPoint(x: 80, y: 26))
        #expect(sent == 0 && stepper.value == 1)
        scene.pointerReleased(at: CGPoint(x: 80, y: 26))
        #expect(sent == 1)
    }

    @Test func theArrowsStepAFocusedStepperAndPlusIsOnTheLeftInRightToLeft() {
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        stepper.autorepeat = false
        let scene = controlScene([stepper], rightToLeft: true)
        scene.click(at: CGPoint(x: 30, y: 26))
        #expect(stepper.value == 1, "+ on the left")
        scene.handleKeyPress("\t", modifierFlags: [])
        scene.handleKeyPress(UIKeyCommand.inputUpArrow, modifierFlags: [])
        scene.handleKeyPress(UIKeyCommand.inputLeftArrow, modifierFlags: [])
        #expect(stepper.value == 3)
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        #expect(stepper.value == 2)
    }

    @Test func steppersAreFreed() {
        weak var weak: UIStepper?
        do {
            let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
            stepper.addAction(UIAction { [unowned stepper] _ in _ = stepper.value }, for: .valueChanged)
            let scene = controlScene([stepper])
            scene.pointerPressed(at: CGPoint(x: 80, y: 26))
            scene.pointerReleased(at: CGPoint(x: 80, y: 26))
            stepper.removeFromSuperview()
            weak = stepper
        }
        #expect(weak == nil, "a pending repeat holds the stepper weakly")
    }

    @Test func aStepperDisabledByItsValueHandlerStopsRepeating() {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 94, height: 32))
        stepper.wraps = true
        stepper.maximumValue = 3
        let scene = controlScene([stepper])
        var events: [String] = []
        stepper.addAction(UIAction { [unowned stepper] _ in
            events.append("value \(stepper.value)")
            stepper.isEnabled = false
        }, for: .valueChanged)
        stepper.addAction(UIAction { _ in events.append("cancel") }, for: .touchCancel)
        scene.pointerPressed(at: CGPoint(x: 180, y: 116))
        #expect(events == ["value 1.0", "cancel"])
        #expect(!stepper.isTracking && !stepper.isHighlighted)
        // The repeat timer's step, driven here: nothing more happens.
        #expect(!stepper.repeatStep(generation: stepper.pressGeneration))
        scene.pointerReleased(at: CGPoint(x: 180, y: 116))
        #expect(stepper.value == 1 && events == ["value 1.0", "cancel"])
    }

    @Test func aStepperDisabledWhileHeldStopsRepeating() {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 94, height: 32))
        stepper.wraps = true
        let scene = controlScene([stepper])
        scene.pointerPressed(at: CGPoint(x: 180, y: 116))
        let press = stepper.pressGeneration
        #expect(stepper.repeatStep(generation: press) && stepper.value == 2, "held and enabled: it repeats")
        stepper.isEnabled = false
        #expect(!stepper.repeatStep(generation: press) && stepper.value == 2)
        #expect(!stepper.isTracking)
        scene.pointerReleased(at: CGPoint(x: 180, y: 116))
    }
}
