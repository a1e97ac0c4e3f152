import Foundation

/// Recognizes the pointer hovering over a view with no button held, as UIKit's
/// `UIHoverGestureRecognizer`: a continuous gesture that begins when the pointer enters the view (its
/// hit-test area), changes as it moves over it, and ends when it leaves (or leaves the window).
///
/// As in UIKit, hover is delivered apart from touches: a hover recognizer never sees touches, so it
/// neither delays nor cancels the touches of its view (a button inside a hovered view clicks as
/// usual); while a button is held or a finger is down, hover pauses.
///
/// Differs from UIKit: hover recognizers do not compete with each other; each one over which the
/// pointer is follows it, asking only its delegate's `gestureRecognizerShouldBegin(_:)` (and its
/// view's).
@MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    override var takesTouches: Bool { false }

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
