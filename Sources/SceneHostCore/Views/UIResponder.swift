import Foundation

/// The base of objects that take part in event handling: views, view controllers, scenes and the
/// application. Hashable by identity (as `NSObject`), so scenes fit in sets.
@MainActor
open class UIResponder: Hashable {
    public init() {}

    /// The next responder in the chain: a view's superview or view controller, a controller's parent view.
    open var next: UIResponder? { nil }

    /// Keyboard shortcuts this responder handles (see `UIKeyCommand`).
    open var keyCommands: [UIKeyCommand]? { nil }

    nonisolated public static func == (a: UIResponder, b: UIResponder) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
