import Foundation

/// What happened at one moment of input, as UIKit's `UIEvent`: for `.touches`, the touches taking part
/// and the mouse buttons and modifier keys held. As in UIKit, one event object is reused for the whole
/// sequence: read what you need during delivery, don't keep it.
@MainActor
public final class UIEvent {
    /// The kind of event (UIKit's raw values).
    public enum EventType: Int, Sendable {
        case touches = 0, motion = 1, remoteControl = 2, presses = 3
        /// A scroll wheel or a touchpad's two-finger scroll.
        case scroll = 10
        /// The pointer moving with no button held.
        case hover = 11
        /// A touchpad's pinch or rotation.
        case transform = 14
    }

    /// A further kind, for motion and remote-control events; SceneHost sends none of those, so `.none`.
    public enum EventSubtype: Int, Sendable {
        case none = 0, motionShake = 1
    }

    /// The mouse buttons held (UIKit's raw values: `primary` 1 << 0, `secondary` 1 << 1, then
    /// `button(n)` = 1 << (n − 1)). SceneHost maps X11's buttons 1, 3 and 2 to primary, secondary and
    /// `button(3)`, and X11's back/forward (8, 9) to `button(4)` and `button(5)`.
    public struct ButtonMask: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The left (primary) button, or a touchpad's one-finger click.
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// The right (secondary) button, or a touchpad's two-finger click.
        public static let secondary = ButtonMask(rawValue: 1 << 1)
        /// Button `buttonNumber`, counted from 1 (the primary).
        public static func button(_ buttonNumber: Int) -> ButtonMask { ButtonMask(rawValue: 1 << (buttonNumber - 1)) }
    }

    public internal(set) var type: EventType
    /// `.none`: SceneHost sends no motion or remote-control events.
    public var subtype: EventSubtype { .none }
    /// When the event happened, in seconds of system uptime, as UIKit.
    public internal(set) var timestamp: TimeInterval = 0
    /// The buttons held. During the sequence's last delivery (phase `.ended`) they are the buttons that
    /// were held until the release, so a `touchesEnded` can tell a secondary click from a primary one.
    public internal(set) var buttonMask: ButtonMask = []
    /// The modifier keys held.
    public internal(set) var modifierFlags: UIKeyModifierFlags = []

    /// The touches of the event (nil for events without touches, as UIKit).
    public var allTouches: Set<UITouch>? { type == .touches || type == .hover ? touches : nil }
    var touches: Set<UITouch> = []

    init(type: EventType) { self.type = type }

    /// The event's touches whose view is `view` or one of its descendants.
    public func touches(for view: UIView) -> Set<UITouch>? {
        guard let all = allTouches else { return nil }
        return all.filter { touch in touch.view.map { $0.isDescendant(of: view) } ?? false }
    }

    /// The event's touches that began in `window`.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        allTouches?.filter { $0.window === window }
    }

    /// The event's touches that `gestureRecognizer` receives.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        allTouches?.filter { touch in touch.gestureRecognizers?.contains { $0 === gestureRecognizer } ?? false }
    }
}

