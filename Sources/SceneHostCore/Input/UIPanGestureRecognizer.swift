import Foundation

/// Recognizes a drag, as UIKit's `UIPanGestureRecognizer`: a continuous gesture that begins once the
/// pointer has moved 10 points with a button held, changes at each move, and ends at the release.
/// `translation(in:)` and `velocity(in:)` tell how far and how fast. With `allowedScrollTypesMask`, the
/// scroll wheel and touchpad scrolling pan too.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The fewest touches that pan; 1 by default.
    open var minimumNumberOfTouches = 1
    /// The most touches that pan; unlimited by default.
    open var maximumNumberOfTouches = Int.max

    /// The scrolls (wheel, touchpad) that pan too, as UIKit's: none by default. A scroll pans the
    /// innermost recognizer under the pointer that allows it: it begins at the first step, changes at
    /// each, and ends 0.15 s after the last; the translation is the distance scrolled.
    open var allowedScrollTypesMask: UIScrollTypeMask = []

    /// How far (points) one notch of a wheel scrolls. SceneHost's choice: UIKit documents none.
    public static let pointsPerScrollStep: CGFloat = 40

    /// During a scroll: the distance scrolled so far (window coordinates), which stands for the
    /// pointer's motion.
    private var scrollOffset: CGPoint?

    /// The kind of the scroll panning now (nil: none; a touch's drag).
    private(set) var scrollType: UIScrollTypeMask?

    /// Whether the recognizer takes a scroll of `type` that begins by `delta` (window points, the way
    /// content follows); a scroll view's refuses one it cannot follow, which goes to the scroll view
    /// around it.
    func acceptsScroll(by delta: CGPoint, type: UIScrollTypeMask) -> Bool { true }

    func scrollBegan(at location: CGPoint, in window: UIWindow, time: TimeInterval, type: UIScrollTypeMask = .discrete) {
        scrollType = type
        lastLocation = location
        lastWindow = window
        origin = location
        scrollOffset = .zero
        samples.append((time, location))
    }

    func scrolled(by delta: CGPoint, time: TimeInterval) {
        guard var offset = scrollOffset, let origin else { return }
        offset.x += delta.x
        offset.y += delta.y
        scrollOffset = offset
        sampleAt(time, CGPoint(x: origin.x + offset.x, y: origin.y + offset.y))
        state = state == .possible ? .began : .changed
    }

    func scrollEnded() {
        switch state {
        case .began, .changed: state = .ended
        default: state = .failed
        }
        resetForNextGesture()
    }

    /// Where the translation's far end is (window coordinates): the pointer, or the scrolled distance
    /// from where a scroll began.
    private var movedLocation: CGPoint {
        if let scrollOffset, let origin { return CGPoint(x: origin.x + scrollOffset.x, y: origin.y + scrollOffset.y) }
        return location(in: nil)
    }

    /// How far (points) the pointer must move before the pan begins.
    static let hysteresis: CGFloat = 10

    /// Where the translation is measured from (window coordinates): where the touch went down, moved
    /// by `setTranslation(_:in:)`.
    private var origin: CGPoint?
    /// Recent positions and their times, for the velocity: a small ring, reused.
    private var samples: [(time: TimeInterval, location: CGPoint)] = []
    /// Samples older than this (seconds) before the newest do not count toward the velocity.
    static let velocityWindow: TimeInterval = 0.1

    /// How far the pointer moved since the touch went down (or since `setTranslation(_:in:)`), in
    /// `view`'s coordinates (the window's when nil).
    open func translation(in view: UIView?) -> CGPoint {
        guard let origin else { return .zero }
        let current = movedLocation
        let from = Self.convert(origin, to: view), to = Self.convert(current, to: view)
        return CGPoint(x: to.x - from.x, y: to.y - from.y)
    }

    /// Makes the translation read `translation` (in `view`'s coordinates) from here on: set it to
    /// `.zero` in each action to get the change since the last.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let current = movedLocation
        let here = Self.convert(current, to: view)
        let base = CGPoint(x: here.x - translation.x, y: here.y - translation.y)
        origin = view.map { $0.convert(base, to: nil) } ?? base
    }

    /// How fast the pointer moves, in points per second of `view`'s coordinates: its motion over the
    /// last 0.1 s (zero when it has stayed put that long).
    open func velocity(in view: UIView?) -> CGPoint {
        guard let newest = samples.last,
              let oldest = samples.first(where: { newest.time - $0.time <= Self.velocityWindow }),
              newest.time > oldest.time else { return .zero }
        let from = Self.convert(oldest.location, to: view), to = Self.convert(newest.location, to: view)
        let seconds = CGFloat(newest.time - oldest.time)
        return CGPoint(x: (to.x - from.x) / seconds, y: (to.y - from.y) / seconds)
    }

    private func sample(_ touch: UITouch) { sampleAt(touch.timestamp, touch.locationInWindow) }

    private func sampleAt(_ time: TimeInterval, _ location: CGPoint) {
        if samples.count >= 16 { samples.removeFirst(samples.count - 15) }
        samples.append((time, location))
    }

    /// Notes where the pan starts.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        if origin == nil { origin = touch.locationInWindow }
        samples.reserveCapacity(16)
        sample(touch)
    }

    /// Begins past the hysteresis, then changes at each move.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        sample(touch)
        switch state {
        case .possible:
            let count = numberOfTouches
            guard count >= minimumNumberOfTouches, count <= maximumNumberOfTouches, let origin,
                  UITapGestureRecognizer.distance(origin, touch.locationInWindow) >= Self.hysteresis else { return }
            state = .began
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Ends a begun pan; fails one that never moved far enough.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let touch = touches.first { sample(touch) }
        state = state == .possible ? .failed : .ended
    }

    /// Forgets the pan's origin and samples.
    open override func reset() {
        super.reset()
        origin = nil
        scrollOffset = nil
        scrollType = nil
        samples.removeAll(keepingCapacity: true)
    }
}
