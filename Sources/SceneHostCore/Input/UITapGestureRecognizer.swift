import Foundation

/// Recognizes taps (clicks), as UIKit's `UITapGestureRecognizer`: a discrete gesture that ends
/// (recognizes) when the last of `numberOfTapsRequired` presses of the required button is released
/// close to where the first went down.
///
/// Differs from UIKit: taps come from the pointer, so a tap moves at most `allowableMovement` (10 pt)
/// and the taps of a multiple tap follow each other within the desktop's double-click time (0.4 s).
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How many taps make the gesture; 1 by default.
    open var numberOfTapsRequired = 1
    /// How many fingers each tap needs; 1 by default (the pointer is one finger, so more never recognize).
    open var numberOfTouchesRequired = 1
    /// The buttons a tap must be made with: `.primary` by default, as UIKit's. `.secondary` recognizes
    /// right clicks.
    open var buttonMaskRequired: UIEvent.ButtonMask = .primary

    /// How far (points) a tap may move between press and release, and from the first tap.
    static let allowableMovement: CGFloat = 10
    /// The longest pause between the taps of a multiple tap.
    static let maximumTapInterval = PointerInput.multipleTapInterval

    private var taps = 0
    /// Where the first tap went down (window coordinates).
    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelTimer()
        guard event.buttonMask == buttonMaskRequired, touches.count <= numberOfTouchesRequired,
              let touch = touches.first else {
            state = .failed
            return
        }
        if let start, Self.distance(start, touch.locationInWindow) > Self.allowableMovement {
            state = .failed
            return
        }
        if start == nil { start = touch.locationInWindow }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, let touch = touches.first else { return }
        if Self.distance(start, touch.locationInWindow) > Self.allowableMovement { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard touches.count >= numberOfTouchesRequired else {
            state = .failed
            return
        }
        taps += 1
        if taps >= numberOfTapsRequired {
            state = .ended
        } else {
            // The next tap must come soon.
            startTimer(after: Self.maximumTapInterval) { $0.state = .failed }
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }

    open override func reset() {
        super.reset()
        taps = 0
        start = nil
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }
}
