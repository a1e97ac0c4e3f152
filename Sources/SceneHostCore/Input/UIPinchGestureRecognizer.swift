import Foundation

/// Recognizes a pinch, as UIKit's `UIPinchGestureRecognizer`: a continuous gesture whose `scale` grows
/// as fingers spread and shrinks as they close.
///
/// Differs from UIKit: a pointer has no two fingers, so the pinch comes from a touchpad's pinch where
/// the X server reports one (XInput 2.4 gesture events), or from Ctrl + the scroll wheel (each step
/// up ×1.1, down ÷1.1; the gesture ends 0.3 s after the last step). It goes to the innermost pinch
/// recognizer of the views under the pointer; `numberOfTouches` is 0. It takes no part in touch
/// sequences: clicks and drags on its view (and on controls inside it) go on as if it were not there.
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    override var takesTouches: Bool { false }

    /// The scale since the pinch began (1 at the start). Set it (to 1, say) to measure from there on.
    open var scale: CGFloat = 1
    /// How fast the scale changes, per second.
    public private(set) var velocity: CGFloat = 0

    /// The device's cumulative scale at the last update, and when it came.
    private var lastDeviceScale: CGFloat = 1
    private var lastTime: TimeInterval = 0

    /// The pinch began at `location` (window coordinates, in `window`): whether this recognizer took it.
    func pinchBegan(at location: CGPoint, in window: UIWindow, time: TimeInterval) -> Bool {
        guard isEnabled, state == .possible else { return false }
        lastLocation = location
        lastWindow = window
        lastDeviceScale = 1
        lastTime = time
        scale = 1
        velocity = 0
        return true
    }

    /// The pinch's cumulative scale is `deviceScale` now.
    func pinchChanged(to deviceScale: CGFloat, at location: CGPoint, time: TimeInterval) {
        guard deviceScale > 0, lastDeviceScale > 0 else { return }
        let factor = deviceScale / lastDeviceScale
        let previous = scale
        scale *= factor
        if time > lastTime { velocity = (scale - previous) / CGFloat(time - lastTime) }
        lastDeviceScale = deviceScale
        lastTime = time
        lastLocation = location
        state = state == .possible ? .began : .changed
    }

    func pinchEnded() {
        switch state {
        case .began, .changed: state = .ended
        default: state = .failed
        }
        resetForNextGesture()
    }

    /// Back to a scale of 1.
    open override func reset() {
        super.reset()
        scale = 1
        velocity = 0
    }
}
