import Foundation

/// A menu element and control action that runs a closure, as UIKit's `UIAction` (the form that needs
/// no selectors: SceneHost has no Objective-C runtime, so target/action pairs are always closures).
/// Add it to a control with `UIControl.addAction(_:for:)`, give it as a button's `primaryAction`, or put
/// it in a `UIMenu`.
@MainActor
open class UIAction: UIMenuElement {
    /// Names an action, so that a control holds at most one action with a given identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's identifier; a new unique one when none is given, as in UIKit.
    public let identifier: Identifier
    /// A longer title for the keyboard-shortcut overlay; SceneHost keeps it but shows none.
    open var discoverabilityTitle: String?
    /// How the action looks in a menu (`.disabled`, `.destructive`, `.hidden`, `.keepsMenuPresented`).
    open var attributes: UIMenuElement.Attributes
    /// Whether its row shows a checkmark (`.on`) or a dash (`.mixed`).
    open var state: UIMenuElement.State

    let handler: (UIAction) -> Void
    /// The control that sent the action (or the button whose menu it was chosen from), while its
    /// handler runs.
    public internal(set) weak var sender: AnyObject?

    /// Creates an action that runs `handler` when performed. The parameters are UIKit's, in its order.
    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
                discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
                state: UIMenuElement.State = .off, handler: @escaping (UIAction) -> Void) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// Runs the handler with `sender` set for its duration.
    func perform(sender: AnyObject?) {
        let previous = self.sender
        self.sender = sender
        handler(self)
        self.sender = previous
    }
}
