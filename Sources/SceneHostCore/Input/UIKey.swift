import Foundation

/// A key of a hardware keyboard, pressed or released (`UIPress.key`), as UIKit's `UIKey`.
///
/// On X11: `keyCode` comes from the X keycode (Linux evdev numbering); `characters` is what the key
/// types with Shift, AltGr and Caps Lock applied, after dead keys and compose sequences (empty for the
/// keys that only begin one); `charactersIgnoringModifiers` is the key's text with Shift alone
/// considered. Keys that type nothing (arrows, Escape, Home…) give the `UIKeyCommand.input…` names in
/// both, as UIKit does. Control never turns letters into control codes.
@MainActor
public final class UIKey {
    /// The text the key types with the modifiers held.
    public let characters: String
    /// The key's text without modifiers other than Shift: compare with `UIKeyCommand`'s inputs.
    public let charactersIgnoringModifiers: String
    /// The modifier keys held.
    public let modifierFlags: UIKeyModifierFlags
    /// Which key it is on the keyboard (USB HID usage).
    public let keyCode: UIKeyboardHIDUsage

    /// A key; SceneHost's runtime makes these from X events (tests may too).
    public init(characters: String, charactersIgnoringModifiers: String, modifierFlags: UIKeyModifierFlags = [],
                keyCode: UIKeyboardHIDUsage) {
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
        self.keyCode = keyCode
    }
}
