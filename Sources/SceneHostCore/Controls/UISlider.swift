import Foundation

/// A value chosen along a track by dragging a thumb, as UIKit's `UISlider`. Dragging the thumb sends
/// `.valueChanged` at each change (`isContinuous`, the default) or once at the release; a press on the
/// track away from the thumb moves the thumb there first, as iPadOS's sliders do with a pointer. The
/// value grows to the right (to the left in a right-to-left layout). Focused (Tab), ← and → step the
/// value by a tenth of the range.
///
/// Differs from UIKit: no custom thumb or track images (the minimum and maximum value images are
/// drawn).
@MainActor
open class UISlider: UIControl, KeyboardActivatable {
    /// The value, kept within `minimumValue…maximumValue`. Setting it sends no event.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    private var storedValue: Float = 0
    /// Where the thumb is drawn: the value, or on its way there after `setValue(_:animated: true)`.
    private(set) lazy var shownValue = ShownValue(CGFloat(storedValue), in: self)
    /// The smallest value (0 by default); raising it above the value raises the value.
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
            setNeedsDisplay()
        }
    }
    /// The largest value (1 by default); lowering it below the value lowers the value.
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
            setNeedsDisplay()
        }
    }
    /// Whether dragging sends `.valueChanged` at each change (true) or only at the release.
    open var isContinuous = true
    /// The track's colour on the minimum side of the thumb; nil: the tint.
    open var minimumTrackTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The track's colour on the maximum side; nil: UIKit's grey.
    open var maximumTrackTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The thumb's colour; nil: white.
    open var thumbTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The picture at the minimum end of the track (the left, the right in right-to-left).
    open var minimumValueImage: UIImage? { didSet { setNeedsDisplay() } }
    /// The picture at the maximum end.
    open var maximumValueImage: UIImage? { didSet { setNeedsDisplay() } }

    /// Sets the value (clamped); with `animated`, the thumb slides there. Sends no event.
    open func setValue(_ value: Float, animated: Bool) {
        let clamped = min(max(value, minimumValue), maximumValue)
        guard clamped != storedValue else { return }
        storedValue = clamped
        shownValue.set(CGFloat(clamped), animated: animated)
    }

    static let thumbDiameter: CGFloat = 28, trackHeight: CGFloat = 4, imageSpacing: CGFloat = 8

    /// Where in the thumb the tracked press took it, so the thumb does not jump under the pointer.
    private var grabOffset: CGFloat = 0
    /// Whether a change was made during the drag and not yet sent (not continuous).
    private var changedWhileTracking = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 31) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: max(size.width, 2 * Self.thumbDiameter), height: 31)
    }

    // MARK: Geometry

    /// The rectangle the track is drawn in, for `bounds` (UIKit's overridable geometry).
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        var area = bounds
        let rightToLeft = isRightToLeftLayout
        if let image = minimumValueImage {
            let width = image.size.width + Self.imageSpacing
            if rightToLeft { area.size.width -= width } else { area.origin.x += width; area.size.width -= width }
        }
        if let image = maximumValueImage {
            let width = image.size.width + Self.imageSpacing
            if rightToLeft { area.origin.x += width; area.size.width -= width } else { area.size.width -= width }
        }
        return CGRect(x: area.minX, y: bounds.midY - Self.trackHeight / 2, width: max(0, area.width), height: Self.trackHeight)
    }

    /// The thumb's rectangle for `value` on `rect` (the track).
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let travel = max(0, rect.width - Self.thumbDiameter)
        var fraction = CGFloat(maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0)
        if isRightToLeftLayout { fraction = 1 - fraction }
        return CGRect(x: rect.minX + travel * fraction, y: bounds.midY - Self.thumbDiameter / 2,
                      width: Self.thumbDiameter, height: Self.thumbDiameter)
    }

    private var currentThumbRect: CGRect {
        thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: value)
    }

    /// The value whose thumb centre lies at `x`.
    private func value(atThumbCenter x: CGFloat) -> Float {
        let track = trackRect(forBounds: bounds)
        let travel = track.width - Self.thumbDiameter
        guard travel > 0 else { return minimumValue }
        var fraction = min(max((x - track.minX - Self.thumbDiameter / 2) / travel, 0), 1)
        if isRightToLeftLayout { fraction = 1 - fraction }
        return minimumValue + Float(fraction) * (maximumValue - minimumValue)
    }

    // MARK: Tracking

    /// A person moved the value to `newValue`: sent now when continuous, else at the release.
    private func userSet(_ newValue: Float) {
        let before = value
        value = newValue
        guard value != before else { return }
        if isContinuous { sendActions(for: .valueChanged) } else { changedWhileTracking = true }
    }

    /// Whether the tracked touch holds the thumb (pressed on it, or on the track, which brings it under
    /// the pointer).
    private var holdsThumb = false

    /// While the thumb is dragged, an ancestor's pan recognizer may not begin: the slider keeps the
    /// drag, as UIKit's does ("Attaching gesture recognizers to UIKit controls"). A recognizer on the
    /// slider itself still beats it.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if holdsThumb, isTracking, gestureRecognizer.view !== self, gestureRecognizer is UIPanGestureRecognizer { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumb = currentThumbRect
        changedWhileTracking = false
        holdsThumb = true
        if thumb.insetBy(dx: -6, dy: -6).contains(point) {
            grabOffset = point.x - thumb.midX
        } else {
            // A press on the track: the thumb comes to it, and the drag goes on from there.
            grabOffset = 0
            userSet(value(atThumbCenter: point.x))
        }
        return super.beginTracking(touch, with: event)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        userSet(value(atThumbCenter: touch.location(in: self).x - grabOffset))
        return super.continueTracking(touch, with: event)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        holdsThumb = false
        if changedWhileTracking { sendActions(for: .valueChanged) }
        changedWhileTracking = false
    }

    /// The drag was cancelled: the thumb stays where the drag left it.
    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        holdsThumb = false
    }

    // MARK: Keyboard

    open override var canBecomeFocused: Bool { isEnabled }

    /// Space does nothing to a slider; the arrows move it.
    func activateFromKeyboard() {}

    func handleFocusedKey(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        guard modifierFlags.isEmpty else { return false }
        let step = (maximumValue - minimumValue) / 10
        let before = value
        if let direction = trailingStep(forArrow: input) {
            value += Float(direction) * step
        } else {
            switch input {
            case UIKeyCommand.inputHome: value = minimumValue
            case UIKeyCommand.inputEnd: value = maximumValue
            default: return false
            }
        }
        if value != before { sendActions(for: .valueChanged) }
        return true
    }

    // MARK: Drawing

    static let maximumTrack = UIColor(light: UIColor(rgb: 0x787880, alpha: 0.2), dark: UIColor(rgb: 0x787880, alpha: 0.36))

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let track = trackRect(forBounds: bounds)
        let thumb = thumbRect(forBounds: bounds, trackRect: track, value: Float(shownValue.current))
        let rightToLeft = isRightToLeftLayout
        let dim: CGFloat = isEnabled ? 1 : 0.5
        context.setAlpha(dim)
        context.setFillColor(maximumTrackTintColor ?? Self.maximumTrack)
        context.addRoundedRect(track, cornerRadius: Self.trackHeight / 2)
        context.fillPath()
        // The minimum side runs from the track's start to the thumb's centre.
        let filled = rightToLeft ? CGRect(x: thumb.midX, y: track.minY, width: track.maxX - thumb.midX, height: track.height)
                                 : CGRect(x: track.minX, y: track.minY, width: thumb.midX - track.minX, height: track.height)
        context.setFillColor(minimumTrackTintColor ?? tintColor)
        context.addRoundedRect(filled, cornerRadius: Self.trackHeight / 2)
        context.fillPath()
        for (image, atMinimum) in [(minimumValueImage, true), (maximumValueImage, false)] {
            guard let image else { continue }
            let onLeft = atMinimum != rightToLeft
            let size = image.size
            image.draw(in: CGRect(x: onLeft ? 0 : bounds.width - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height))
        }
        context.setAlpha(1)
        // The thumb: white, with UIKit's soft shadow.
        for ring in 0..<3 {
            let spread = CGFloat(ring) * 0.75
            context.setFillColor(UIColor(white: 0, alpha: 0.06))
            context.fillEllipse(in: thumb.insetBy(dx: 1 - spread, dy: 1 - spread).offsetBy(dx: 0, dy: 1.5))
        }
        context.setFillColor(thumbTintColor ?? .white)
        context.fillEllipse(in: thumb.insetBy(dx: 1, dy: 1))
        if isFocused { drawFocusRing(in: context, rect: thumb, cornerRadius: thumb.height / 2) }
    }
}
