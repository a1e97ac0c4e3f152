import Foundation

/// One finger, or here the pointer with a button held, from its press to its release: where it is, in
/// which phase, on which view. As in UIKit, the same object follows the whole sequence (compare touches
/// by identity) and is let go when the sequence ends.
///
/// Differs from UIKit: one touch at a time, from the pointer (type `.indirectPointer`, while a button
/// is held) or from a touchscreen's first finger (type `.direct`, where the X server reports touches
/// through XInput 2); `force` and radii report a mouse's constant values.
@MainActor
public final class UITouch: Hashable {
    /// Where a touch is in its sequence (UIKit's raw values).
    public enum Phase: Int, Sendable {
        case began = 0, moved = 1, stationary = 2, ended = 3, cancelled = 4
        /// Hover phases, for a pointer that enters, moves over and leaves a region with no button held.
        case regionEntered = 5, regionMoved = 6, regionExited = 7
    }

    /// What made the touch (UIKit's raw values). SceneHost makes `.indirectPointer` touches (the mouse
    /// or touchpad, while a button is held) and `.direct` ones (a touchscreen's finger).
    public enum TouchType: Int, Sendable {
        case direct = 0, indirect = 1, pencil = 2, indirectPointer = 3
    }

    /// The touch's phase in the event being delivered.
    public internal(set) var phase: Phase
    /// When the touch last changed, in seconds of system uptime (`ProcessInfo.systemUptime`), as UIKit.
    public internal(set) var timestamp: TimeInterval
    /// How many presses in quick succession at about the same place this one ends (1 for a single
    /// click, 2 for the second of a double click).
    public internal(set) var tapCount: Int
    /// `.indirectPointer` for a mouse or touchpad, `.direct` for a touchscreen's finger.
    public let type: TouchType
    /// The view the touch was hit-tested to when it began; it keeps it even when it moves out.
    public internal(set) var view: UIView?
    /// The window the touch began in.
    public internal(set) var window: UIWindow?

    /// The recognizers receiving the touch: those of its view and of the view's ancestors, innermost
    /// first, fixed when the touch begins.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]?

    /// Whether the view got `touchesBegan` for the touch.
    var viewBegan = false
    /// Whether a recognizer cancelled the touch for its view (which gets nothing more of it).
    var viewCancelled = false
    /// Phases held from the view by recognizers' delays, delivered in order once nothing delays them.
    var heldPhases: [Phase] = []

    /// A mouse presses with no force: 0, as UIKit reports for touches without force sensing.
    public var force: CGFloat { 0 }
    /// 0, as UIKit reports for touches without force sensing.
    public var maximumPossibleForce: CGFloat { 0 }
    /// A pointer's contact is a point: 0.
    public var majorRadius: CGFloat { 0 }
    /// A pointer's contact is a point: 0.
    public var majorRadiusTolerance: CGFloat { 0 }

    /// Where the pointer is and was, in the window's coordinates.
    var locationInWindow: CGPoint
    var previousLocationInWindow: CGPoint

    init(view: UIView?, window: UIWindow, location: CGPoint, timestamp: TimeInterval, tapCount: Int,
         type: TouchType = .indirectPointer) {
        self.view = view
        self.window = window
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.phase = .began
        self.type = type
    }

    /// The touch's position in `view`'s coordinates; in the window's when `view` is nil.
    public func location(in view: UIView?) -> CGPoint { Self.convert(locationInWindow, to: view) }

    /// The touch's position before its last move, in `view`'s coordinates (the window's when nil).
    public func previousLocation(in view: UIView?) -> CGPoint { Self.convert(previousLocationInWindow, to: view) }

    /// A precise location is the location: a pointer has no contact area to refine.
    public func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }

    private static func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return point }
        // A scene's windows all fill it, so a point in one window is the same point in another.
        return view.convert(point, from: nil)
    }

    /// Moves the touch to `location` (window coordinates) at `time`.
    func move(to location: CGPoint, at time: TimeInterval) {
        previousLocationInWindow = locationInWindow
        locationInWindow = location
        timestamp = time
    }

    nonisolated public static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
