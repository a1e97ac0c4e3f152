import Foundation

/// Modifier keys, with UIKit's raw values.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A keyboard shortcut a responder offers through `keyCommands`. SceneHost looks for it along the
/// responder chain of the scene whose window has the keyboard focus: from the key window's first
/// responder up `next` (with none, from its root view controller), then the window, the scene, the
/// scene's delegate, the application and its delegate; the first match runs.
///
/// A key command is a `UICommand`, so it can be a child of a `UIMenu`: the menus an app builds in
/// `buildMenu(with:)` hold the app's key commands, which work from every scene and are listed, with
/// the focused scene's own, in the overlay shown while Ctrl is held (`UIMenuSystem`).
///
/// Differs from UIKit in one way: the action is a closure rather than a selector (Swift on Linux has no
/// Objective-C runtime): `UIKeyCommand(input: "n", modifierFlags: .control) { _ in … }`. On X11 the
/// Command flag is the Super (Windows) key; Control is Control.
@MainActor
open class UIKeyCommand: UICommand {
    /// The key: a character ("n", "=", "1") or one of the `input…` constants.
    public let input: String?
    /// The modifier keys held with it (Caps Lock aside).
    public let modifierFlags: UIKeyModifierFlags

    /// A command for the key `input` with `modifierFlags` that runs `handler`; UIKit's parameters, in its
    /// order, with the closure in place of the selector.
    public init(title: String = "", image: UIImage? = nil, input: String, modifierFlags: UIKeyModifierFlags = [],
                discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
                state: UIMenuElement.State = .off, handler: @escaping (UIKeyCommand) -> Void) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(title: title, image: image, discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state) { command in
            handler(command as! UIKeyCommand)
        }
    }

    /// The shortcut as a person reads it: "⌃⌥⇧⌘N", arrows and named keys as symbols (UIKit's order of
    /// modifier symbols). On X11 ⌘ is the Super key.
    public var shortcutDescription: String {
        var text = ""
        if modifierFlags.contains(.control) { text += "⌃" }
        if modifierFlags.contains(.alternate) { text += "⌥" }
        if modifierFlags.contains(.shift) { text += "⇧" }
        if modifierFlags.contains(.command) { text += "⌘" }
        let names = [Self.inputUpArrow: "↑", Self.inputDownArrow: "↓", Self.inputLeftArrow: "←", Self.inputRightArrow: "→",
                     Self.inputEscape: "⎋", Self.inputHome: "↖", Self.inputEnd: "↘", Self.inputPageUp: "⇞", Self.inputPageDown: "⇟",
                     Self.inputDelete: "⌦", "\r": "↩", "\t": "⇥", " ": "Space", "\u{8}": "⌫"]
        let key = input.map { names[$0] ?? $0.uppercased() } ?? ""
        return text + key
    }

    public static let inputUpArrow = "UIKeyInputUpArrow"
    public static let inputDownArrow = "UIKeyInputDownArrow"
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    public static let inputRightArrow = "UIKeyInputRightArrow"
    public static let inputEscape = "UIKeyInputEscape"
    public static let inputHome = "UIKeyInputHome"
    public static let inputEnd = "UIKeyInputEnd"
    public static let inputPageUp = "UIKeyInputPageUp"
    public static let inputPageDown = "UIKeyInputPageDown"
    /// Forward delete (iOS 15).
    public static let inputDelete = "UIKeyInputDelete"

    /// Whether the command is the key `input` pressed with exactly `flags` (Caps Lock aside; letters
    /// match in either case).
    func matches(input pressed: String, flags: UIKeyModifierFlags) -> Bool {
        guard let input else { return false }
        let wanted = modifierFlags.subtracting(.alphaShift), given = flags.subtracting(.alphaShift)
        return input.lowercased() == pressed.lowercased() && wanted == given
    }
}

extension UIResponder {
    /// The first of `responders`' key commands that matches the key; nil when none does.
    public static func keyCommand(forInput input: String, modifierFlags: UIKeyModifierFlags,
                                  in responders: [UIResponder]) -> UIKeyCommand? {
        for responder in responders {
            if let command = responder.keyCommands?.first(where: { $0.matches(input: input, flags: modifierFlags) }) {
                return command
            }
        }
        return nil
    }

    /// This responder and every `next` after it.
    public var responderChain: [UIResponder] {
        var chain: [UIResponder] = []
        var current: UIResponder? = self
        while let responder = current {
            chain.append(responder)
            current = responder.next
        }
        return chain
    }
}
