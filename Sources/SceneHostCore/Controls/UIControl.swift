import Foundation

/// A view that turns a click into actions, as UIKit's `UIControl`: register closures with
/// `addAction(_:for:)`; a click (button press and release inside the control) is
/// `.touchUpInside`; controls that change a value also send `.valueChanged`.
@MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// A disabled control ignores clicks.
    open var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }

    private var actions: [(action: UIAction, events: Event)] = []

    public func addAction(_ action: UIAction, for events: Event) { actions.append((action, events)) }

    public func removeAction(_ action: UIAction, for events: Event) {
        actions.removeAll { $0.action === action && $0.events == events }
    }

    /// Runs the actions registered for any of `events`.
    open func sendActions(for events: Event) {
        for entry in actions where !entry.events.isDisjoint(with: events) {
            entry.action.sender = self
            entry.action.handler(entry.action)
            entry.action.sender = nil
        }
    }

    override func handleClick() {
        guard isEnabled else { return }
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }
}
