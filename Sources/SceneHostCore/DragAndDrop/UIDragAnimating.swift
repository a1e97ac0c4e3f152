import Foundation

/// Lets code run alongside one of a drag's animations (the lift, a cancel, a drop), as UIKit's
/// `UIDragAnimating`: the blocks given to `addAnimations` run inside a `UIView` animation of the
/// same duration, and the completions run with `.end` once the preview's animation has ended.
@MainActor
public protocol UIDragAnimating: AnyObject {
    /// Adds changes to animate alongside the preview's animation.
    func addAnimations(_ animations: @escaping () -> Void)
    /// Adds a block to run when the preview's animation ends.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
}

/// One animation of a drag's lifted preview, on the source scene's clock (its frame pass advances
/// it, so offscreen tests step it with `prepareFrame(at:)` and a window's display link shows it):
/// the lift grows the preview to `UIDragInteraction.liftScale`; a cancel or a drop moves it from
/// where the drag ended to its target's place, or fades it there. It is the `UIDragAnimating`
/// handed to the delegates, so what they add runs with it.
@MainActor
final class DragPreviewAnimator: UIDragAnimating, FrameTicker {
    enum Kind {
        /// The preview grows from the lifted view's size.
        case lift
        /// The drag is over: the preview goes from `from` to `to` (screen points), its opacity to `alpha`.
        case landing(from: CGRect, to: CGRect, alpha: CGFloat)
    }

    let kind: Kind
    let duration: TimeInterval
    /// Held until the animation ends: a landing preview outlives its drag.
    private var session: DragSession?
    private var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var start: CFTimeInterval?
    private static let timing = CAMediaTimingFunction(name: .easeOut)

    init(_ kind: Kind, duration: TimeInterval, session: DragSession) {
        self.kind = kind
        self.duration = duration
        self.session = session
    }

    func addAnimations(_ animations: @escaping () -> Void) { self.animations.append(animations) }
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    /// Starts the animation on `scene`'s clock (the delegates have added theirs); without a scene it
    /// ends at once.
    func run(in scene: UIWindowScene?) {
        if !animations.isEmpty {
            let blocks = animations
            animations = []
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut], animations: { for block in blocks { block() } })
        }
        guard let scene else {
            _ = tick(at: .infinity)
            return
        }
        scene.animations.add(self)
        scene.host?.sceneNeedsFrame()
    }

    /// Shows the preview as at `time` (the first frame is the animation's start); returns whether it goes on.
    func tick(at time: CFTimeInterval) -> Bool {
        guard let session else { return false }
        if start == nil { start = time.isFinite ? time : 0 }
        let elapsed = time - (start ?? time)
        // (Within a microsecond of the end is the end: 100.35 − 100 is less than 0.35 in binary.)
        let fraction = duration > 0 && elapsed.isFinite && elapsed < duration - 1e-6 ? max(0, elapsed / duration) : 1
        session.showPreviewAnimation(kind, progress: CGFloat(Self.timing.progress(at: fraction)))
        guard fraction >= 1 else { return true }
        self.session = nil
        let done = completions
        completions = []
        for completion in done { completion(.end) }
        session.previewAnimationDidEnd(kind)
        return false
    }
}
