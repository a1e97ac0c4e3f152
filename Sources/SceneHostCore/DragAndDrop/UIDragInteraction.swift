import Foundation

/// Answers a drag interaction: what to drag from a point, its preview, and hears how the drag goes,
/// as UIKit's `UIDragInteractionDelegate`. Only `itemsForBeginning` is required.
@MainActor
public protocol UIDragInteractionDelegate: AnyObject {
    /// The items to drag from the session's location; none means no drag begins.
    func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession) -> [UIDragItem]
    /// The lifted preview of `item`; nil lifts the interaction's view.
    func dragInteraction(_ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: any UIDragSession) -> UITargetedDragPreview?
    /// The lift is about to animate (the preview grows to `UIDragInteraction.liftScale` over
    /// `liftDuration`): `animator` takes changes to animate alongside and completions.
    func dragInteraction(_ interaction: UIDragInteraction, willAnimateLiftWith animator: any UIDragAnimating, session: any UIDragSession)
    /// The preview a cancelled drag flies back to (`defaultPreview`: the lifted view's place), asked
    /// once, for the first item; nil (the default, as in UIKit) fades the preview where it is.
    func dragInteraction(_ interaction: UIDragInteraction, previewForCancelling item: UIDragItem,
                         withDefault defaultPreview: UITargetedDragPreview) -> UITargetedDragPreview?
    /// The cancel animation is about to run (`cancelDuration`): `animator` takes changes to animate
    /// alongside (such as showing the source view again) and completions.
    func dragInteraction(_ interaction: UIDragInteraction, item: UIDragItem, willAnimateCancelWith animator: any UIDragAnimating)
    /// The drag is about to move (after the lift).
    func dragInteraction(_ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession)
    /// The drag moved.
    func dragInteraction(_ interaction: UIDragInteraction, sessionDidMove session: any UIDragSession)
    /// Whether a drop may move the items; true by default.
    func dragInteraction(_ interaction: UIDragInteraction, sessionAllowsMoveOperation session: any UIDragSession) -> Bool
    /// Whether the drag stays in this app; false by default.
    func dragInteraction(_ interaction: UIDragInteraction, sessionIsRestrictedToDraggingApplication session: any UIDragSession) -> Bool
    /// The drag is ending with `operation` (`.cancel` when nothing took it).
    func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, willEndWith operation: UIDropOperation)
    /// A drop took the items (after `willEndWith` with a copy or move).
    func dragInteraction(_ interaction: UIDragInteraction, sessionDidTransferItems session: any UIDragSession)
    /// The drag ended with `operation`.
    func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, didEndWith operation: UIDropOperation)
}

extension UIDragInteractionDelegate {
    public func dragInteraction(_ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: any UIDragSession) -> UITargetedDragPreview? { nil }
    public func dragInteraction(_ interaction: UIDragInteraction, willAnimateLiftWith animator: any UIDragAnimating, session: any UIDragSession) {}
    public func dragInteraction(_ interaction: UIDragInteraction, previewForCancelling item: UIDragItem,
                                withDefault defaultPreview: UITargetedDragPreview) -> UITargetedDragPreview? { nil }
    public func dragInteraction(_ interaction: UIDragInteraction, item: UIDragItem, willAnimateCancelWith animator: any UIDragAnimating) {}
    public func dragInteraction(_ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession) {}
    public func dragInteraction(_ interaction: UIDragInteraction, sessionDidMove session: any UIDragSession) {}
    public func dragInteraction(_ interaction: UIDragInteraction, sessionAllowsMoveOperation session: any UIDragSession) -> Bool { true }
    public func dragInteraction(_ interaction: UIDragInteraction, sessionIsRestrictedToDraggingApplication session: any UIDragSession) -> Bool { false }
    public func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, willEndWith operation: UIDropOperation) {}
    public func dragInteraction(_ interaction: UIDragInteraction, sessionDidTransferItems session: any UIDragSession) {}
    public func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, didEndWith operation: UIDropOperation) {}
}

/// Makes its view a drag source, as UIKit's `UIDragInteraction`: the delegate gives the items to
/// drag; the lifted preview follows the pointer across the app's windows (to their
/// `UIDropInteraction`s), to other X11 programs (XDND) and, for an item carrying an `NSUserActivity`,
/// out onto the desktop, where it opens a new window.
///
/// How a drag begins: with the pointer, when it moves `pointerLiftDistance` points with the primary
/// button held (as iPadOS with a trackpad, no long press); with a finger (a touchscreen), after it
/// rests `liftDelay` seconds. `isEnabled` is true by default, as on iPad.
@MainActor
open class UIDragInteraction: UIInteraction {
    /// The delegate, held weakly as in UIKit.
    public private(set) weak var delegate: (any UIDragInteractionDelegate)?
    /// The view the interaction was added to.
    public private(set) weak var view: UIView?
    /// Whether drags may begin; true by default.
    open var isEnabled = true { didSet { recognizer.isEnabled = isEnabled } }
    /// Whether other gestures on the view may recognize while the item lifts; kept for code that sets
    /// it (SceneHost's lift gesture wins alone).
    open var allowsSimultaneousRecognitionDuringLift = false
    /// Whether drags are enabled by default on this device: true (iPad).
    public static var isEnabledByDefault: Bool { true }
    /// How far (points) the pointer moves, button held, before a drag begins.
    public static let pointerLiftDistance: CGFloat = 4
    /// How long (seconds) a finger rests before its drag begins.
    public static let liftDelay: TimeInterval = 0.5
    /// How much the lift grows the preview. UIKit publishes none of these animation numbers; they are
    /// SceneHost's (SceneHost only).
    public static let liftScale: CGFloat = 1.05
    /// How long (seconds, ease-out) the lift takes (SceneHost only).
    public static let liftDuration: TimeInterval = 0.25
    /// How long a cancelled drag's preview takes to fly back, or fade (SceneHost only).
    public static let cancelDuration: TimeInterval = 0.35
    /// How long a dropped preview takes to reach its target's place, or fade into it (SceneHost only).
    public static let dropDuration: TimeInterval = 0.35

    /// The drag going on from this interaction, if any.
    public private(set) var session: (any UIDragSession)?
    let recognizer = DragLiftGestureRecognizer()

    /// An interaction asking `delegate` (held weakly) for what to drag.
    public init(delegate: any UIDragInteractionDelegate) {
        self.delegate = delegate
        recognizer.interaction = self
    }

    public func willMove(to view: UIView?) {
        self.view?.removeGestureRecognizer(recognizer)
    }

    public func didMove(to view: UIView?) {
        self.view = view
        view?.addGestureRecognizer(recognizer)
    }

    /// The items a drag from `point` (the window's coordinates) would carry, asked of the delegate
    /// with a session that has none yet (as UIKit's delegate sees it); nil when there are none.
    func itemsForBeginning(atWindowPoint point: CGPoint, in window: UIWindow) -> (items: [UIDragItem], probe: DragSession)? {
        guard let delegate, let scene = window.windowScene else { return nil }
        let probe = DragSession(items: [], interaction: self, scene: scene, screenLocation: screenPoint(point, in: window),
                                allowsMove: true, restricted: false)
        let items = delegate.dragInteraction(self, itemsForBeginning: probe)
        return items.isEmpty ? nil : (items, probe)
    }

    private func screenPoint(_ point: CGPoint, in window: UIWindow) -> CGPoint {
        let origin = window.windowScene?.effectiveGeometry.systemFrame.origin ?? .zero
        return CGPoint(x: origin.x + point.x + window.frame.minX, y: origin.y + point.y + window.frame.minY)
    }

    /// The lift gesture began at `point` (the window's coordinates) with `items`: lifts the preview and
    /// begins the session.
    func beginDrag(_ items: [UIDragItem], probe: DragSession, atWindowPoint point: CGPoint, in window: UIWindow) {
        guard let delegate, let view, let scene = window.windowScene else { return }
        let session = DragSession(items: items, interaction: self, scene: scene, screenLocation: screenPoint(point, in: window),
                                  allowsMove: delegate.dragInteraction(self, sessionAllowsMoveOperation: probe),
                                  restricted: delegate.dragInteraction(self, sessionIsRestrictedToDraggingApplication: probe))
        session.localContext = probe.localContext
        session.sceneActivationConfiguration = probe.sceneActivationConfiguration
        self.session = session
        let preview = delegate.dragInteraction(self, previewForLifting: items[0], session: session) ?? UITargetedDragPreview(view: view)
        session.lift(preview, pointerInWindow: point)
        let animator = DragPreviewAnimator(.lift, duration: Self.liftDuration, session: session)
        delegate.dragInteraction(self, willAnimateLiftWith: animator, session: session)
        animator.run(in: session.previewImage != nil ? scene : nil)
        delegate.dragInteraction(self, sessionWillBegin: session)
        session.begin()
        session.move(to: CGPoint(x: point.x + window.frame.minX, y: point.y + window.frame.minY))
    }

    /// The session ended: a new drag may begin.
    func sessionDidEnd(_ ended: DragSession) {
        if session === ended { session = nil }
    }
}

/// The gesture that lifts a drag interaction's items: continuous, it begins when the pointer moves
/// far enough (or a finger rests long enough), then carries the drag until the release.
@MainActor
final class DragLiftGestureRecognizer: UIGestureRecognizer {
    weak var interaction: UIDragInteraction?
    private var start: CGPoint?
    private var touchType = UITouch.TouchType.indirectPointer
    private var dragging: DragSession? { interaction?.session as? DragSession }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, touches.count == 1, interaction?.session == nil else {
            state = .failed
            return
        }
        // Only the primary button drags.
        if touch.type == .indirectPointer, !event.buttonMask.isEmpty, event.buttonMask != .primary {
            state = .failed
            return
        }
        start = touch.locationInWindow
        touchType = touch.type
        if touch.type == .direct {
            startTimer(after: UIDragInteraction.liftDelay) { recognizer in
                guard let recognizer = recognizer as? DragLiftGestureRecognizer, recognizer.state == .possible,
                      let touch = recognizer.touches.first, let window = touch.window else { return }
                recognizer.lift(at: touch.locationInWindow, in: window)
            }
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let window = touch.window else { return }
        switch state {
        case .possible:
            guard let start else { return }
            let moved = UITapGestureRecognizer.distance(start, touch.locationInWindow)
            if touchType == .direct {
                // A finger that moves before it has rested scrolls instead.
                if moved > 10 { state = .failed }
            } else if moved >= UIDragInteraction.pointerLiftDistance {
                lift(at: start, in: window)
                if state == .began { dragging?.move(to: scenePoint(touch.locationInWindow, in: window)) }
            }
        case .began, .changed:
            state = .changed
            dragging?.move(to: scenePoint(touch.locationInWindow, in: window))
        default:
            break
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .began || state == .changed else {
            state = .failed
            return
        }
        if let touch = touches.first, let window = touch.window { dragging?.move(to: scenePoint(touch.locationInWindow, in: window)) }
        dragging?.release()
        state = .ended
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        dragging?.finish(.cancel)
        super.touchesCancelled(touches, with: event)
    }

    /// A scroll view's pan waits for the lift to fail: with the pointer, dragging an item moves the
    /// item, as on iPadOS (the pan has the larger threshold, but a quick first move passes both).
    override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        otherGestureRecognizer is UIPanGestureRecognizer && otherGestureRecognizer.view is UIScrollView
    }

    override func reset() {
        super.reset()
        start = nil
    }

    /// Asks for items first (none: the gesture fails, leaving the touch to others), then begins the
    /// gesture, and the drag once the gesture has begun.
    private func lift(at point: CGPoint, in window: UIWindow) {
        guard let interaction, interaction.isEnabled, let (items, probe) = interaction.itemsForBeginning(atWindowPoint: point, in: window) else {
            state = .failed
            return
        }
        state = .began
        if state == .began { interaction.beginDrag(items, probe: probe, atWindowPoint: point, in: window) }
    }

    private func scenePoint(_ point: CGPoint, in window: UIWindow) -> CGPoint {
        CGPoint(x: point.x + window.frame.minX, y: point.y + window.frame.minY)
    }
}
