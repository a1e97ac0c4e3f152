import Foundation

/// A key's USB HID usage (keyboard page 0x07), as UIKit's `UIKeyboardHIDUsage`: which key it is on the
/// keyboard, whatever the layout makes it type. A struct with UIKit's case names and raw values rather
/// than an enum, so a code UIKit has no name for still comes through; `switch` over the names works as
/// with the enum.
public struct UIKeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let keyboardErrorRollOver = Self(rawValue: 0x01)
    public static let keyboardA = Self(rawValue: 0x04), keyboardB = Self(rawValue: 0x05), keyboardC = Self(rawValue: 0x06)
    public static let keyboardD = Self(rawValue: 0x07), keyboardE = Self(rawValue: 0x08), keyboardF = Self(rawValue: 0x09)
    public static let keyboardG = Self(rawValue: 0x0A), keyboardH = Self(rawValue: 0x0B), keyboardI = Self(rawValue: 0x0C)
    public static let keyboardJ = Self(rawValue: 0x0D), keyboardK = Self(rawValue: 0x0E), keyboardL = Self(rawValue: 0x0F)
    public static let keyboardM = Self(rawValue: 0x10), keyboardN = Self(rawValue: 0x11), keyboardO = Self(rawValue: 0x12)
    public static let keyboardP = Self(rawValue: 0x13), keyboardQ = Self(rawValue: 0x14), keyboardR = Self(rawValue: 0x15)
    public static let keyboardS = Self(rawValue: 0x16), keyboardT = Self(rawValue: 0x17), keyboardU = Self(rawValue: 0x18)
    public static let keyboardV = Self(rawValue: 0x19), keyboardW = Self(rawValue: 0x1A), keyboardX = Self(rawValue: 0x1B)
    public static let keyboardY = Self(rawValue: 0x1C), keyboardZ = Self(rawValue: 0x1D)
    public static let keyboard1 = Self(rawValue: 0x1E), keyboard2 = Self(rawValue: 0x1F), keyboard3 = Self(rawValue: 0x20)
    public static let keyboard4 = Self(rawValue: 0x21), keyboard5 = Self(rawValue: 0x22), keyboard6 = Self(rawValue: 0x23)
    public static let keyboard7 = Self(rawValue: 0x24), keyboard8 = Self(rawValue: 0x25), keyboard9 = Self(rawValue: 0x26)
    public static let keyboard0 = Self(rawValue: 0x27)
    public static let keyboardReturnOrEnter = Self(rawValue: 0x28), keyboardEscape = Self(rawValue: 0x29)
    public static let keyboardDeleteOrBackspace = Self(rawValue: 0x2A), keyboardTab = Self(rawValue: 0x2B)
    public static let keyboardSpacebar = Self(rawValue: 0x2C), keyboardHyphen = Self(rawValue: 0x2D)
    public static let keyboardEqualSign = Self(rawValue: 0x2E), keyboardOpenBracket = Self(rawValue: 0x2F)
    public static let keyboardCloseBracket = Self(rawValue: 0x30), keyboardBackslash = Self(rawValue: 0x31)
    public static let keyboardNonUSPound = Self(rawValue: 0x32), keyboardSemicolon = Self(rawValue: 0x33)
    public static let keyboardQuote = Self(rawValue: 0x34), keyboardGraveAccentAndTilde = Self(rawValue: 0x35)
    public static let keyboardComma = Self(rawValue: 0x36), keyboardPeriod = Self(rawValue: 0x37)
    public static let keyboardSlash = Self(rawValue: 0x38), keyboardCapsLock = Self(rawValue: 0x39)
    public static let keyboardF1 = Self(rawValue: 0x3A), keyboardF2 = Self(rawValue: 0x3B), keyboardF3 = Self(rawValue: 0x3C)
    public static let keyboardF4 = Self(rawValue: 0x3D), keyboardF5 = Self(rawValue: 0x3E), keyboardF6 = Self(rawValue: 0x3F)
    public static let keyboardF7 = Self(rawValue: 0x40), keyboardF8 = Self(rawValue: 0x41), keyboardF9 = Self(rawValue: 0x42)
    public static let keyboardF10 = Self(rawValue: 0x43), keyboardF11 = Self(rawValue: 0x44), keyboardF12 = Self(rawValue: 0x45)
    public static let keyboardPrintScreen = Self(rawValue: 0x46), keyboardScrollLock = Self(rawValue: 0x47)
    public static let keyboardPause = Self(rawValue: 0x48), keyboardInsert = Self(rawValue: 0x49)
    public static let keyboardHome = Self(rawValue: 0x4A), keyboardPageUp = Self(rawValue: 0x4B)
    public static let keyboardDeleteForward = Self(rawValue: 0x4C), keyboardEnd = Self(rawValue: 0x4D)
    public static let keyboardPageDown = Self(rawValue: 0x4E), keyboardRightArrow = Self(rawValue: 0x4F)
    public static let keyboardLeftArrow = Self(rawValue: 0x50), keyboardDownArrow = Self(rawValue: 0x51)
    public static let keyboardUpArrow = Self(rawValue: 0x52), keypadNumLock = Self(rawValue: 0x53)
    public static let keypadSlash = Self(rawValue: 0x54), keypadAsterisk = Self(rawValue: 0x55)
    public static let keypadHyphen = Self(rawValue: 0x56), keypadPlus = Self(rawValue: 0x57), keypadEnter = Self(rawValue: 0x58)
    public static let keypad1 = Self(rawValue: 0x59), keypad2 = Self(rawValue: 0x5A), keypad3 = Self(rawValue: 0x5B)
    public static let keypad4 = Self(rawValue: 0x5C), keypad5 = Self(rawValue: 0x5D), keypad6 = Self(rawValue: 0x5E)
    public static let keypad7 = Self(rawValue: 0x5F), keypad8 = Self(rawValue: 0x60), keypad9 = Self(rawValue: 0x61)
    public static let keypad0 = Self(rawValue: 0x62), keypadPeriod = Self(rawValue: 0x63)
    public static let keyboardNonUSBackslash = Self(rawValue: 0x64), keyboardApplication = Self(rawValue: 0x65)
    public static let keyboardMenu = Self(rawValue: 0x76)
    public static let keyboardLeftControl = Self(rawValue: 0xE0), keyboardLeftShift = Self(rawValue: 0xE1)
    public static let keyboardLeftAlt = Self(rawValue: 0xE2), keyboardLeftGUI = Self(rawValue: 0xE3)
    public static let keyboardRightControl = Self(rawValue: 0xE4), keyboardRightShift = Self(rawValue: 0xE5)
    public static let keyboardRightAlt = Self(rawValue: 0xE6), keyboardRightGUI = Self(rawValue: 0xE7)

    /// The usage of a Linux evdev key code (an X keycode − 8, as Xorg's evdev and libinput drivers and
    /// Xvfb's default keymap number keys); 0 for a key HID has no usage for.
    public init(linuxKeyCode code: Int) {
        let table = Self.evdevToHID
        rawValue = code >= 0 && code < table.count ? Int(table[code]) : 0
    }

    /// evdev KEY_* codes 0–127 → HID usages (the kernel's hid-input table, read backwards).
    private static let evdevToHID: [UInt8] = [
        0x00, 0x29, 0x1E, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2D, 0x2E, 0x2A, 0x2B, // 0–15
        0x14, 0x1A, 0x08, 0x15, 0x17, 0x1C, 0x18, 0x0C, 0x12, 0x13, 0x2F, 0x30, 0x28, 0xE0, 0x04, 0x16, // 16–31
        0x07, 0x09, 0x0A, 0x0B, 0x0D, 0x0E, 0x0F, 0x33, 0x34, 0x35, 0xE1, 0x31, 0x1D, 0x1B, 0x06, 0x19, // 32–47
        0x05, 0x11, 0x10, 0x36, 0x37, 0x38, 0xE5, 0x55, 0xE2, 0x2C, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, // 48–63
        0x3F, 0x40, 0x41, 0x42, 0x43, 0x53, 0x47, 0x5F, 0x60, 0x61, 0x56, 0x5C, 0x5D, 0x5E, 0x57, 0x59, // 64–79
        0x5A, 0x5B, 0x62, 0x63, 0x00, 0x00, 0x64, 0x44, 0x45, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 80–95
        0x58, 0xE4, 0x54, 0x46, 0xE6, 0x00, 0x4A, 0x52, 0x4B, 0x50, 0x4F, 0x4D, 0x51, 0x4E, 0x49, 0x4C, // 96–111
        0x00, 0x7F, 0x81, 0x80, 0x66, 0x67, 0x00, 0x48, 0x00, 0x85, 0x00, 0x00, 0x00, 0xE3, 0xE7, 0x65, // 112–127
    ]
}
