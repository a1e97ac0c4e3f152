import Foundation

/// A closure-based action, as UIKit's `UIAction` (the form that needs no selectors).
@MainActor
open class UIAction {
    public let title: String
    let handler: (UIAction) -> Void
    /// The control that sent the action, while its handler runs.
    public internal(set) weak var sender: AnyObject?

    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }
}

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

extension UIView {
    /// The deepest visible view containing `point` (in this view's coordinates), front to back, as
    /// UIKit's `hitTest(_:with:)` finds it without events.
    public func hitTest(_ point: CGPoint) -> UIView? {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled else { return nil }
        if clipsToBounds, !bounds.contains(point) { return nil }
        for subview in subviews.reversed() {
            let local = CGPoint(x: point.x - subview.frame.minX + subview.bounds.minX, y: point.y - subview.frame.minY + subview.bounds.minY)
            if let hit = subview.hitTest(local) { return hit }
        }
        return bounds.contains(point) ? self : nil
    }
}

extension UIWindowScene {
    /// A click at `point` (scene coordinates): the control under it, if any, acts. For the runtime.
    @_spi(Runtime) public func click(at point: CGPoint) {
        for window in windows.reversed() where !window.isHidden {
            guard let hit = window.hitTest(point) else { continue }
            var view: UIView? = hit
            while let current = view, !(current is UIControl) { view = current.superview }
            view?.handleClick()
            return
        }
    }
}
