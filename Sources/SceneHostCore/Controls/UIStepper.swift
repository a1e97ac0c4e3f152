import Foundation

/// A pair of − and + buttons that step a value, as UIKit's `UIStepper` (94×32 points). A press on a
/// side steps the value at once and, while held (`autorepeat`), again after half a second and then
/// ten times a second; `.valueChanged` is sent at each step (`isContinuous`) or at the release. A side
/// that cannot step (at the limit, without `wraps`) is dimmed and does nothing. Focused (Tab), ↑ or →
/// steps up, ↓ or ← steps down (mirrored in right-to-left, where + is on the left).
///
/// Differs from UIKit: no custom images for the segments or the divider; the repeat does not speed up.
@MainActor
open class UIStepper: UIControl, KeyboardActivatable {
    /// A click on the control acts even inside a view with a tap recognizer, as UIKit's UIStepper.
    override var winsAncestorSingleTaps: Bool { true }

    /// The value, within `minimumValue…maximumValue`. Setting it sends no event.
    open var value: Double {
        get { storedValue }
        set {
            let clamped = min(max(newValue, minimumValue), maximumValue)
            guard clamped != storedValue else { return }
            storedValue = clamped
            setNeedsDisplay()
        }
    }
    private var storedValue: Double = 0
    /// The smallest value (0 by default).
    open var minimumValue: Double = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
            setNeedsDisplay()
        }
    }
    /// The largest value (100 by default).
    open var maximumValue: Double = 100 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
            setNeedsDisplay()
        }
    }
    /// How much a step changes the value (1 by default; must be more than 0).
    open var stepValue: Double = 1 {
        didSet { if stepValue <= 0 { stepValue = oldValue } }
    }
    /// Whether stepping past one end goes on from the other.
    open var wraps = false { didSet { setNeedsDisplay() } }
    /// Whether holding a side keeps stepping.
    open var autorepeat = true
    /// Whether each step sends `.valueChanged` (true) or only the release does.
    open var isContinuous = true

    /// The side held now: +1, -1 or 0.
    private var heldDirection = 0
    /// Counts presses, so a repeat scheduled for an earlier one stops.
    private(set) var pressGeneration = 0
    private var changedWhileTracking = false

    /// The delay before the first repeat and between repeats (seconds).
    static let repeatDelay: TimeInterval = 0.5, repeatInterval: TimeInterval = 0.1

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 94, height: 32)))
        contentMode = .redraw
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: 94, height: 32) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Whether a step in `direction` would change the value.
    private func canStep(_ direction: Int) -> Bool {
        wraps || (direction > 0 ? value < maximumValue : value > minimumValue)
    }

    /// One step in `direction`, wrapping when `wraps`. Returns whether the value changed.
    @discardableResult
    private func step(_ direction: Int) -> Bool {
        let before = value
        var next = value + Double(direction) * stepValue
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        value = next
        return value != before
    }

    /// The side (+1 or -1) under `point`: + is on the right, on the left in right-to-left.
    private func direction(at point: CGPoint) -> Int {
        let onRight = point.x >= bounds.midX
        return onRight != isRightToLeftLayout ? 1 : -1
    }

    private func userStep(_ direction: Int) {
        guard step(direction) else { return }
        if isContinuous { sendActions(for: .valueChanged) } else { changedWhileTracking = true }
    }

    private func scheduleRepeat(after delay: TimeInterval, generation: Int) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.repeatStep(generation: generation) else { return }
                self.scheduleRepeat(after: Self.repeatInterval, generation: generation)
            }
        }
    }

    /// A repeat of press `generation` is due: one more step while that press still holds an enabled
    /// stepper that can step. Returns whether it stepped (and so whether to repeat again).
    func repeatStep(generation: Int) -> Bool {
        guard pressGeneration == generation, heldDirection != 0, isEnabled, isTracking, isTouchInside,
              canStep(heldDirection) else { return false }
        userStep(heldDirection)
        return true
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let direction = direction(at: touch.location(in: self))
        guard canStep(direction) else { return false }
        heldDirection = direction
        pressGeneration += 1
        changedWhileTracking = false
        userStep(direction)
        if autorepeat { scheduleRepeat(after: Self.repeatDelay, generation: pressGeneration) }
        setNeedsDisplay()
        return super.beginTracking(touch, with: event)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        finishPress()
    }

    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        finishPress()
    }

    private func finishPress() {
        heldDirection = 0
        pressGeneration += 1
        if changedWhileTracking { sendActions(for: .valueChanged) }
        changedWhileTracking = false
        setNeedsDisplay()
    }

    // MARK: Keyboard

    open override var canBecomeFocused: Bool { isEnabled }

    /// Space steps up.
    func activateFromKeyboard() { if step(1) { sendActions(for: .valueChanged) } }

    func handleFocusedKey(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        guard modifierFlags.isEmpty else { return false }
        let direction: Int
        switch input {
        case UIKeyCommand.inputUpArrow: direction = 1
        case UIKeyCommand.inputDownArrow: direction = -1
        default:
            guard let step = trailingStep(forArrow: input) else { return false }
            direction = step
        }
        if step(direction) { sendActions(for: .valueChanged) }
        return true
    }

    // MARK: Drawing

    static let background = UIColor(light: UIColor(rgb: 0x767680, alpha: 0.12), dark: UIColor(rgb: 0x767680, alpha: 0.24))

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let box = CGRect(x: 0, y: 0, width: 94, height: 32)
        context.setFillColor(Self.background)
        context.addRoundedRect(box, cornerRadius: 8)
        context.fillPath()
        let halves = [CGRect(x: 0, y: 0, width: 47, height: 32), CGRect(x: 47, y: 0, width: 47, height: 32)]
        // Pressed side: a darker fill.
        for (index, half) in halves.enumerated() {
            let direction = (index == 1) != isRightToLeftLayout ? 1 : -1
            if heldDirection == direction, isHighlighted {
                context.saveGState()
                context.addRoundedRect(box, cornerRadius: 8)
                context.clip()
                context.setFillColor(Self.background)
                context.fill(half)
                context.restoreGState()
            }
            let enabled = isEnabled && canStep(direction)
            context.setStrokeColor(enabled ? .label : .tertiaryLabel)
            context.setLineWidth(2)
            context.setLineCap(.round)
            context.beginPath()
            context.move(to: CGPoint(x: half.midX - 7, y: half.midY))
            context.addLine(to: CGPoint(x: half.midX + 7, y: half.midY))
            if direction > 0 {
                context.move(to: CGPoint(x: half.midX, y: half.midY - 7))
                context.addLine(to: CGPoint(x: half.midX, y: half.midY + 7))
            }
            context.strokePath()
        }
        let hairline = 1 / max(1, traitCollection.displayScale)
        context.setFillColor(.separator)
        context.fill(CGRect(x: 47 - hairline / 2, y: 8, width: hairline, height: 16))
        if isFocused { drawFocusRing(in: context, rect: box, cornerRadius: 8) }
    }
}
