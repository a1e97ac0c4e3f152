import Foundation

/// Recognizes the pointer hovering over a view with no button held, as UIKit's
/// `UIHoverGestureRecognizer`: a continuous gesture that begins when the pointer enters the view (its
/// hit-test area), changes as it moves over it, and ends when it leaves (or leaves the window).
///
/// Differs from UIKit: hover recognizers do not compete with each other or with touch recognizers;
/// each one over which the pointer is follows it, asking only its delegate's
/// `gestureRecognizerShouldBegin(_:)`.
@MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    /// The pointer is over the view at `location` (window coordinates) now.
    func hovered(at location: CGPoint, in window: UIWindow, modifiers: UIKeyModifierFlags) {
        lastLocation = location
        lastWindow = window
        modifierFlags = modifiers
        switch state {
        case .possible: state = .began
        case .began, .changed: state = .changed
        default: break
        }
        // A delegate that refused: try again at the next entry.
        if state == .failed { resetForNextGesture() }
    }

    /// The pointer left the view (or the window), last at `location` when known.
    func exited(at location: CGPoint?) {
        if let location { lastLocation = location }
        if state == .began || state == .changed { state = .ended }
        resetForNextGesture()
    }
}
