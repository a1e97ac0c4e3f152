import Foundation

/// An on/off switch drawn as UIKit draws it (51×31 pt). A click toggles it and sends `.valueChanged`;
/// so do Space and Return while it has keyboard focus (Tab), which shows as a ring around it. It mirrors
/// in a right-to-left layout, as iOS's: the knob sits on the left when on.
@MainActor
open class UISwitch: UIControl, KeyboardActivatable {
    /// Whether the switch is on. Setting it sends no event and moves the knob at once.
    open var isOn = false { didSet { if isOn != oldValue { knob.set(isOn ? 1 : 0, animated: sliding) } } }
    /// Set while `setOn(_:animated: true)` changes `isOn`.
    private var sliding = false
    /// Where the knob is shown: 0 off, 1 on; it slides when a person turns the switch.
    private(set) lazy var knob = ShownValue(isOn ? 1 : 0, in: self)
    /// The track's colour when on; nil: `systemGreen`.
    open var onTintColor: UIColor? { didSet { setNeedsDisplay() } }

    /// A switch at `frame`'s origin, always 51×31 points.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
        // Drawn at its own size whatever the bounds: never stretched.
        contentMode = .redraw
    }

    /// Turns the switch on or off, the knob sliding when `animated`; sends no event.
    open func setOn(_ on: Bool, animated: Bool) {
        sliding = animated
        isOn = on
        sliding = false
    }

    /// A click on a switch turns it even inside a view with a tap recognizer, as UIKit's.
    override var winsAncestorSingleTaps: Bool { true }

    /// A click (a touch released inside, with the touch slop) turns the switch: `.valueChanged` and
    /// `.primaryActionTriggered` are sent before `.touchUpInside` (an action registered for several
    /// of them runs once).
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard isTouchInside else { return }
        setOn(!isOn, animated: true)
        clickEvents.append([.valueChanged, .primaryActionTriggered])
    }

    /// An enabled switch takes keyboard focus.
    open override var canBecomeFocused: Bool { isEnabled }

    /// Space or Return while focused turns the switch, as a click does.
    func activateFromKeyboard() {
        guard isEnabled else { return }
        setOn(!isOn, animated: true)
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }

    /// 51×31 points, as UIKit's.
    open override var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }
    /// 51×31 points whatever `size`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Draws the track and the knob, at the trailing end when on (the right, or the left in a
    /// right-to-left layout).
    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let track = CGRect(x: 0, y: 0, width: 51, height: 31)
        let shown = knob.current
        // The off track, then the on colour fading in as the knob slides over.
        context.addRoundedRect(track, cornerRadius: 15.5)
        context.setFillColor(.systemGray5)
        context.fillPath()
        if shown > 0 {
            context.addRoundedRect(track, cornerRadius: 15.5)
            context.setFillColor((onTintColor ?? .systemGreen).withAlphaComponent(shown))
            context.fillPath()
        }
        let knob = CGRect(x: 2 + 20 * (isRightToLeftLayout ? 1 - shown : shown), y: 2, width: 27, height: 27)
        context.setFillColor(UIColor(white: 0, alpha: 0.12))
        context.fillEllipse(in: knob.offsetBy(dx: 0, dy: 1))
        context.setFillColor(.white)
        context.fillEllipse(in: knob)
        if isFocused { drawFocusRing(in: context, rect: track, cornerRadius: 15.5) }
    }
}
