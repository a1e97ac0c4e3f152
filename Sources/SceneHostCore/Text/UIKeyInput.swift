import Foundation

/// What a responder that takes typed text implements, as UIKit's `UIKeyInput`. When such a responder
/// is the first responder, the keys nothing handled before it type into it: `UIResponder`'s default
/// `pressesBegan` calls `insertText` with what a key types (after dead keys and compose sequences),
/// "\n" for Return, and `deleteBackward` for Backspace. Keys with Control or Super held, and keys that
/// type nothing, go on up the chain (to key commands).
@MainActor
public protocol UIKeyInput: AnyObject {
    /// Whether there is text to delete.
    var hasText: Bool { get }
    /// Types `text` at the insertion point (replacing the selection).
    func insertText(_ text: String)
    /// Deletes the character before the insertion point (or the selection).
    func deleteBackward()
}

extension UIResponder {
    /// Typing into a first responder that implements `UIKeyInput` (see there); whether the press was
    /// used.
    func typeIntoKeyInput(_ presses: Set<UIPress>) -> Bool {
        guard let input = self as? UIKeyInput, isFirstResponder, let key = presses.first?.key,
              presses.first?.phase == .began else { return false }
        let flags = key.modifierFlags.subtracting([.alphaShift, .numericPad, .shift])
        // Control and Super make shortcuts; Alt alone does not type on X11 either (AltGr is Mod5).
        guard flags.isEmpty else { return false }
        switch key.keyCode {
        case .keyboardDeleteOrBackspace:
            input.deleteBackward()
            return true
        case .keyboardReturnOrEnter, .keypadEnter:
            input.insertText("\n")
            return true
        case .keyboardTab, .keyboardEscape:
            return false
        default:
            let text = key.characters
            guard !text.isEmpty, !text.hasPrefix("UIKeyInput"),
                  !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return false }
            input.insertText(text)
            return true
        }
    }
}
