import Foundation

/// Recognizes a press held in place, as UIKit's `UILongPressGestureRecognizer`: a continuous gesture
/// that begins once the button has been held `minimumPressDuration` without moving more than
/// `allowableMovement`, changes as the pointer moves, and ends at the release.
@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long (seconds) the press must last; 0.5 by default.
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far (points) the pointer may move before the gesture begins; 10 by default.
    open var allowableMovement: CGFloat = 10
    /// How many full taps come before the press (a tap-and-hold is 1); 0 by default.
    open var numberOfTapsRequired = 0
    /// How many fingers; 1 by default (the pointer is one finger, so more never recognize).
    open var numberOfTouchesRequired = 1

    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, touches.count == numberOfTouchesRequired,
              touch.tapCount == numberOfTapsRequired + 1 else {
            state = .failed
            return
        }
        start = touch.locationInWindow
        // The timer runs on the main queue, which the scene loop runs: it begins the gesture if the
        // press is still held in place then.
        startTimer(after: minimumPressDuration) { recognizer in
            if recognizer.state == .possible, recognizer.numberOfTouches > 0 { recognizer.state = .began }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        switch state {
        case .possible:
            if let start, UITapGestureRecognizer.distance(start, touch.locationInWindow) > allowableMovement { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .failed : .ended
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
