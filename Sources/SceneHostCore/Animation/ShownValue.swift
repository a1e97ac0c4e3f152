import Foundation

/// A number a control shows moving to its new value over a quarter of a second (a switch's knob, a
/// slider's thumb, a progress bar's fill), as UIKit's controls animate: the control's value changes at
/// once; `current`, what it draws, follows along an ease-in-out curve. A display link exists only
/// while it moves, so a still control costs no frames.
@MainActor
final class ShownValue {
    private(set) var current: CGFloat
    private var from: CGFloat = 0, target: CGFloat
    private var start: CFTimeInterval?, duration: Double = 0.25
    private var link: CADisplayLink?
    /// Redrawn at each step.
    private unowned(unsafe) let view: UIView

    init(_ value: CGFloat, in view: UIView) {
        (current, target, self.view) = (value, value, view)
    }

    /// Whether it is moving.
    var isMoving: Bool { link != nil }

    /// Moves to `value`: at once, or (when `animated` and the view is in a window) over `duration`.
    func set(_ value: CGFloat, animated: Bool, duration: Double = 0.25) {
        guard value != target || (!animated && current != value) else { return }
        link?.invalidate()
        link = nil
        target = value
        guard animated, view.window != nil, duration > 0 else {
            current = value
            view.setNeedsDisplay()
            return
        }
        (from, start, self.duration) = (current, nil, duration)
        let link = CADisplayLink { [weak self] link in
            // The control went away mid-move: the link goes too.
            guard let self else { return link.invalidate() }
            self.step(at: link.timestamp)
        }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    private func step(at time: CFTimeInterval) {
        let start = self.start ?? time
        self.start = start
        let t = min(1, (time - start) / duration)
        current = from + (target - from) * CGFloat(Self.ease.progress(at: t))
        view.setNeedsDisplay()
        if t >= 1 {
            link?.invalidate()
            link = nil
        }
    }

    private static let ease = CAMediaTimingFunction(name: .easeInEaseOut)

    isolated deinit { link?.invalidate() }
}
