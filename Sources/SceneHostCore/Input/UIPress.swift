import Foundation

/// One press of a physical button, as UIKit's `UIPress`: here always a keyboard key (`key`). Like
/// `UITouch`, one object follows the key from `pressesBegan` to `pressesEnded`.
@MainActor
public final class UIPress: Hashable {
    /// UIKit's raw values.
    public enum Phase: Int, Sendable {
        case began = 0, changed = 1, stationary = 2, ended = 3, cancelled = 4
    }

    /// The button, UIKit's raw values: the arrow keys, Return (select) and Escape (menu) have types of
    /// their own; any other key is `.other`, a SceneHost name (UIKit gives such keys no type; read `key`).
    public enum PressType: Int, Sendable {
        case upArrow = 0, downArrow = 1, leftArrow = 2, rightArrow = 3, select = 4, menu = 5, playPause = 6
        case other = -1
    }

    public internal(set) var phase: Phase
    public let type: PressType
    /// When the press last changed, in seconds of system uptime.
    public internal(set) var timestamp: TimeInterval
    /// The key.
    public let key: UIKey?
    /// The responder the press was first delivered to (the first responder when it began).
    public internal(set) weak var responder: UIResponder?
    /// The window of that responder.
    public internal(set) weak var window: UIWindow?
    /// Pressure: 1 while down, 0 after, as a keyboard's keys are not analogue.
    public var force: CGFloat { phase == .ended || phase == .cancelled ? 0 : 1 }

    /// A press of `key`; the runtime makes these (tests may too).
    public init(key: UIKey, phase: Phase = .began, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
        type = switch key.keyCode {
        case .keyboardUpArrow: .upArrow
        case .keyboardDownArrow: .downArrow
        case .keyboardLeftArrow: .leftArrow
        case .keyboardRightArrow: .rightArrow
        case .keyboardReturnOrEnter, .keypadEnter: .select
        case .keyboardEscape: .menu
        default: .other
        }
    }

    nonisolated public static func == (a: UIPress, b: UIPress) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The event of key presses, as UIKit's `UIPressesEvent`. Differs from UIKit: not a subclass of
/// `UIEvent` (SceneHost's is final, for speed); it has the same `type`, `timestamp` and
/// `modifierFlags`.
@MainActor
public final class UIPressesEvent {
    /// `.presses`.
    public var type: UIEvent.EventType { .presses }
    public internal(set) var timestamp: TimeInterval
    /// The modifier keys held.
    public internal(set) var modifierFlags: UIKeyModifierFlags
    /// The presses of the event.
    public internal(set) var allPresses: Set<UIPress>
    /// Whether a delivery reached the end of the responder chain (no responder handled it): the
    /// runtime then tries the focus system, key commands and its own shortcuts.
    @_spi(Runtime) public internal(set) var reachedEndOfChain = false

    /// An event of `presses`; the runtime makes these (tests may too).
    public init(presses: Set<UIPress>, modifierFlags: UIKeyModifierFlags = [],
                timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        allPresses = presses
        self.modifierFlags = modifierFlags
        self.timestamp = timestamp
    }
}
