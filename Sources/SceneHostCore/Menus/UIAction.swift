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
