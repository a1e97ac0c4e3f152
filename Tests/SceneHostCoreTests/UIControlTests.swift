import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A control that logs its tracking calls among its events.
@MainActor
private final class TrackingControl: UIControl {
    var log: [String] = []
    var keepsTracking = true
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        log.append("begin highlighted=\(isHighlighted)")
        return super.beginTracking(touch, with: event)
    }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        log.append("continue")
        return keepsTracking
    }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        log.append("end tracking=\(isTracking)")
    }
    override func cancelTracking(with event: UIEvent?) { log.append("cancel") }
}

/// The names of the touch events in `events`, for readable expectations.
private func names(_ events: UIControl.Event) -> String {
    let all: [(UIControl.Event, String)] = [(.touchDown, "down"), (.touchDownRepeat, "repeat"), (.touchDragInside, "dragInside"),
                                            (.touchDragOutside, "dragOutside"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
                                            (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
                                            (.valueChanged, "value"), (.primaryActionTriggered, "primary")]
    return all.filter { events.contains($0.0) }.map(\.1).joined(separator: "+")
}

/// UIControl's tracking, events, states and actions, as UIKit's.
@MainActor
struct UIControlTests {
    /// A scene with `control` at (100, 100), 40×40, with one action per event logging the event's name
    /// (and "(h)" while the control is highlighted).
    private func setUp<Control: UIControl>(_ control: Control, log: @escaping (String) -> Void) -> UIWindowScene {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 400), rootViewController: root)
        control.frame = CGRect(x: 100, y: 100, width: 40, height: 40)
        root.view.addSubview(control)
        for bit in 0..<20 {
            let event = UIControl.Event(rawValue: 1 << UInt(bit))
            control.addAction(UIAction { [unowned control] _ in log(names(event) + (control.isHighlighted ? "(h)" : "")) }, for: event)
        }
        return scene
    }

    @Test func aClickSendsDownThenUpInside() {
        let control = TrackingControl()
        let scene = setUp(control) { control.log.append($0) }
        scene.click(at: CGPoint(x: 120, y: 120))
        #expect(control.log == ["begin highlighted=false", "down(h)", "end tracking=true", "upInside"])
        #expect(!control.isTracking && !control.isHighlighted && !control.isTouchInside)
    }

    @Test func draggingOutAndBackUsesTheTouchSlop() {
        let control = TrackingControl()
        let scene = setUp(control) { control.log.append($0) }
        scene.pointerPressed(at: CGPoint(x: 120, y: 120))
        #expect(control.isTracking && control.isHighlighted && control.state == .highlighted)
        scene.pointerMoved(to: CGPoint(x: 200, y: 120))   // 60 pt beyond the right edge: inside the slop
        scene.pointerMoved(to: CGPoint(x: 215, y: 120))   // 75 pt beyond: outside
        #expect(!control.isHighlighted && !control.isTouchInside && control.isTracking)
        scene.pointerMoved(to: CGPoint(x: 216, y: 120))
        scene.pointerMoved(to: CGPoint(x: 130, y: 130))
        scene.pointerMoved(to: CGPoint(x: 300, y: 300))
        scene.pointerReleased(at: CGPoint(x: 300, y: 300))
        #expect(control.log == ["begin highlighted=false", "down(h)",
                                "continue", "dragInside(h)",
                                "continue", "dragOutside", "exit",
                                "continue", "dragOutside",
                                "continue", "dragInside(h)", "enter(h)",
                                "continue", "dragOutside", "exit",
                                "end tracking=true", "upOutside"])
    }

    @Test func aSecondQuickPressIsARepeat() {
        let control = TrackingControl()
        let scene = setUp(control) { control.log.append($0) }
        scene.pointerPressed(at: CGPoint(x: 120, y: 120), timestamp: 5)
        scene.pointerReleased(at: CGPoint(x: 120, y: 120), timestamp: 5.05)
        control.log = []
        scene.pointerPressed(at: CGPoint(x: 121, y: 120), timestamp: 5.2)
        #expect(control.log == ["begin highlighted=false", "down(h)", "repeat(h)"])
        scene.pointerReleased(at: CGPoint(x: 121, y: 120), timestamp: 5.25)
    }

    @Test func stoppingTrackingIgnoresTheRestOfTheTouch() {
        let control = TrackingControl()
        let scene = setUp(control) { control.log.append($0) }
        control.keepsTracking = false
        scene.pointerPressed(at: CGPoint(x: 120, y: 120))
        scene.pointerMoved(to: CGPoint(x: 125, y: 120))
        scene.pointerMoved(to: CGPoint(x: 126, y: 120))
        scene.pointerReleased(at: CGPoint(x: 126, y: 120))
        #expect(control.log == ["begin highlighted=false", "down(h)", "continue"])
        #expect(!control.isTracking && !control.isHighlighted)
    }

    @Test func aCancelledTouchSendsTouchCancel() {
        let control = TrackingControl()
        let scene = setUp(control) { control.log.append($0) }
        scene.pointerPressed(at: CGPoint(x: 120, y: 120))
        scene.pointerCancelled()
        #expect(control.log == ["begin highlighted=false", "down(h)", "cancel", "cancel"])
        #expect(!control.isTracking && !control.isHighlighted)
    }

    @Test func aDisabledControlPassesTouchesOn() {
        let root = UIViewController()
        final class Catcher: UIView {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        }
        let catcher = Catcher(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 400), rootViewController: root)
        root.view.addSubview(catcher)
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        catcher.addSubview(control)
        var sent = 0
        control.addAction(UIAction { _ in sent += 1 }, for: .allEvents)
        control.isEnabled = false
        #expect(control.state == .disabled)
        scene.click(at: CGPoint(x: 20, y: 20))
        #expect(sent == 0 && catcher.began == 1 && !control.isHighlighted)
    }

    @Test func stateCombinesItsFlags() {
        let control = UIControl()
        #expect(control.state == .normal)
        control.isSelected = true
        control.isHighlighted = true
        control.isEnabled = false
        #expect(control.state == [.selected, .highlighted, .disabled])
        #expect(control.state.rawValue == 0b111)
    }

    @Test func actionsAreAddedAndRemovedByEventAndIdentifier() {
        let control = UIControl()
        var log: [String] = []
        let first = UIAction { _ in log.append("first") }
        let named = UIAction(identifier: .init("named")) { action in log.append("named \(action.sender === control)") }
        control.addAction(first, for: [.touchUpInside, .valueChanged])
        control.addAction(named, for: .touchUpInside)
        #expect(control.allControlEvents == [.touchUpInside, .valueChanged])
        control.sendActions(for: .touchUpInside)
        #expect(log == ["first", "named true"])
        #expect(named.sender == nil, "the sender is set only while the handler runs")
        control.removeAction(first, for: .touchUpInside)
        log = []
        control.sendActions(for: [.touchUpInside, .valueChanged])
        #expect(log == ["first", "named true"], "first still runs for .valueChanged")
        control.removeAction(identifiedBy: .init("named"), for: .touchUpInside)
        control.removeAction(first, for: .valueChanged)
        #expect(control.allControlEvents == [])
        let replacement = UIAction(identifier: .init("named")) { _ in log.append("replacement") }
        control.addAction(named, for: .touchDown)
        control.addAction(replacement, for: .touchUpInside)
        log = []
        control.sendActions(for: .touchDown)
        #expect(log == ["replacement"], "an action with the same identifier replaces the old one")
    }

    @Test func rawValuesAreUIKits() {
        #expect(UIControl.Event.touchDown.rawValue == 1 && UIControl.Event.touchCancel.rawValue == 1 << 8)
        #expect(UIControl.Event.valueChanged.rawValue == 1 << 12 && UIControl.Event.primaryActionTriggered.rawValue == 1 << 13)
        #expect(UIControl.Event.menuActionTriggered.rawValue == 1 << 14 && UIControl.Event.editingDidBegin.rawValue == 1 << 16)
        #expect(UIControl.Event.editingDidEndOnExit.rawValue == 1 << 19 && UIControl.Event.allTouchEvents.rawValue == 0xFFF)
        #expect(UIControl.Event.allEditingEvents.rawValue == 0xF0000 && UIControl.Event.allEvents.rawValue == 0xFFFF_FFFF)
        #expect(UIControl.State.highlighted.rawValue == 1 && UIControl.State.disabled.rawValue == 2)
        #expect(UIControl.State.selected.rawValue == 4 && UIControl.State.focused.rawValue == 8)
        #expect(UIControl.State.application.rawValue == 0xFF0000 && UIControl.State.reserved.rawValue == 0xFF00_0000)
    }

    @Test func aSwitchTurnsOnAClickInsideOnly() {
        let toggle = UISwitch()
        var log: [String] = []
        let scene = setUp(toggle) { log.append($0) }
        scene.click(at: CGPoint(x: 110, y: 110))
        #expect(toggle.isOn)
        #expect(log == ["down(h)", "value", "primary", "upInside"])
        log = []
        scene.pointerPressed(at: CGPoint(x: 110, y: 110))
        scene.pointerMoved(to: CGPoint(x: 390, y: 390))
        scene.pointerReleased(at: CGPoint(x: 390, y: 390))
        #expect(toggle.isOn, "released outside: no change")
        #expect(log.last == "upOutside")
    }

    @Test func disablingATrackingControlCancelsItsTracking() {
        let control = TrackingControl()
        let scene = setUp(control) { control.log.append($0) }
        scene.pointerPressed(at: CGPoint(x: 120, y: 120))
        control.isEnabled = false
        #expect(control.log == ["begin highlighted=false", "down(h)", "cancel", "cancel"])
        #expect(!control.isTracking && !control.isHighlighted && !control.isTouchInside)
        scene.pointerMoved(to: CGPoint(x: 125, y: 125))
        scene.pointerReleased(at: CGPoint(x: 125, y: 125))
        #expect(control.log.count == 4, "the rest of the touch does nothing")
        control.isEnabled = true
        scene.click(at: CGPoint(x: 135, y: 135))   // far enough from the last press not to repeat it
        #expect(control.log.suffix(3) == ["down(h)", "end tracking=true", "upInside"])
    }

    @Test func onlyThePrimaryButtonActivatesAControl() {
        let button = UIButton()
        var log: [String] = []
        let scene = setUp(button) { log.append($0) }
        var secondaryTaps = 0
        let tap = UITapGestureRecognizer { _ in secondaryTaps += 1 }
        tap.buttonMaskRequired = .secondary
        button.addGestureRecognizer(tap)
        scene.click(at: CGPoint(x: 120, y: 115), button: 3)
        scene.pointerPressed(button: 2, at: CGPoint(x: 130, y: 115))
        #expect(!button.isHighlighted && !button.isTracking)
        scene.pointerReleased(button: 2, at: CGPoint(x: 130, y: 115))
        #expect(log.isEmpty, "neither a middle nor a right click tracks")
        #expect(secondaryTaps == 1, "the right click went to the recognizer that asks for it")
        scene.click(at: CGPoint(x: 110, y: 115))
        #expect(log == ["down(h)", "primary", "upInside"])
    }
}
