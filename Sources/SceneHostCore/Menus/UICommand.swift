import Foundation

/// A menu element that runs a command, as UIKit's `UICommand`: the base of `UIKeyCommand`, for the
/// menus an app builds with `buildMenu(with:)`.
///
/// Differs from UIKit: the action is a closure rather than a selector (SceneHost has no Objective-C
/// runtime), and there is no `propertyList` (the closure captures what it needs).
@MainActor
open class UICommand: UIMenuElement {
    /// A longer title for the keyboard-shortcut overlay (shown instead of the title when set).
    open var discoverabilityTitle: String?
    /// How the command looks (`.disabled`, `.destructive`, `.hidden`).
    open var attributes: UIMenuElement.Attributes
    /// Whether it shows a checkmark (`.on`) or a dash (`.mixed`).
    open var state: UIMenuElement.State
    private let commandHandler: (UICommand) -> Void

    /// Creates a command that runs `handler` when performed. The parameters are UIKit's, in its order,
    /// with the closure in place of the selector.
    public init(title: String = "", image: UIImage? = nil, discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off,
                handler: @escaping (UICommand) -> Void) {
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        commandHandler = handler
        super.init(title: title, subtitle: nil, image: image)
    }

    /// Runs the command's action.
    public func perform() { commandHandler(self) }
}
