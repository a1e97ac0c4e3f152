import Foundation

/// A closure-based action, as UIKit's `UIAction` (the form that needs no selectors).
@MainActor
open class UIAction {
    /// A name for an action, unique within a control (UIKit's `UIAction.Identifier`).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public let title: String
    /// The action's identifier: the one given, else a unique one, as UIKit.
    public let identifier: Identifier
    let handler: (UIAction) -> Void
    /// The control that sent the action, while its handler runs.
    public internal(set) weak var sender: AnyObject?

    public init(title: String = "", identifier: Identifier? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
    }
}
