import Foundation

/// An on/off switch drawn as UIKit draws it (51×31 pt). A click toggles it and sends `.valueChanged`;
/// so do Space and Return while it has keyboard focus (Tab), which shows as a ring around it.
@MainActor
open class UISwitch: UIControl, KeyboardActivatable {
    /// Whether the switch is on. Setting it sends no event.
    open var isOn = false { didSet { if isOn != oldValue { setNeedsDisplay() } } }
    /// The track's colour when on; nil: `systemGreen`.
    open var onTintColor: UIColor? { didSet { setNeedsDisplay() } }

    /// A switch at `frame`'s origin, always 51×31 points.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
        // Drawn at its own size whatever the bounds: never stretched.
        contentMode = .redraw
    }

    /// Turns the switch on or off (no animation in SceneHost); sends no event.
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }

    /// A click on a switch turns it even inside a view with a tap recognizer, as UIKit's.
    override var winsAncestorSingleTaps: Bool { true }

    /// A click (a touch released inside, with the touch slop) turns the switch: `.valueChanged` and
    /// `.primaryActionTriggered` are sent before `.touchUpInside`.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard isTouchInside else { return }
        isOn.toggle()
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }

    /// An enabled switch takes keyboard focus.
    open override var canBecomeFocused: Bool { isEnabled }

    /// Space or Return while focused turns the switch, as a click does.
    func activateFromKeyboard() {
        guard isEnabled else { return }
        isOn.toggle()
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }

    /// 51×31 points, as UIKit's.
    open override var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }
    /// 51×31 points whatever `size`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Draws the track and the knob, on the right when on.
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let track = CGRect(x: 0, y: 0, width: 51, height: 31)
        context.addRoundedRect(track, cornerRadius: 15.5)
        context.setFillColor(isOn ? (onTintColor ?? .systemGreen) : .systemGray5)
        context.fillPath()
        let knob = CGRect(x: isOn ? 22 : 2, y: 2, width: 27, height: 27)
        context.setFillColor(UIColor(white: 0, alpha: 0.12))
        context.fillEllipse(in: knob.offsetBy(dx: 0, dy: 1))
        context.setFillColor(.white)
        context.fillEllipse(in: knob)
        if isFocused { drawFocusRing(in: context, rect: track, cornerRadius: 15.5) }
    }
}
