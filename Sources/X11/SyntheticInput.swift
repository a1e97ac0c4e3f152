import CX11

/// Input injected through the XTEST extension: the server treats it as a real device, so the window
/// manager reacts as it would to a person (drags of the frame edge, key presses).
extension Display {
    public var hasXTest: Bool {
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        return XTestQueryExtension(pointer, &event, &error, &major, &minor) != 0
    }

    public func fakeMotion(x: Int, y: Int) {
        XTestFakeMotionEvent(pointer, screen, Int32(x), Int32(y), UInt(CurrentTime))
    }

    public func fakeButton(_ button: UInt32, pressed: Bool) {
        XTestFakeButtonEvent(pointer, button, pressed ? 1 : 0, UInt(CurrentTime))
    }

    /// Turns the server's key auto-repeat on or off, for every client of the server (a key held
    /// down long enough makes more presses while it is on).
    public func setAutoRepeat(_ on: Bool) {
        if on { XAutoRepeatOn(pointer) } else { XAutoRepeatOff(pointer) }
    }

    /// Presses or releases the key that produces `keysym` (`.right`, `KeySym("n")`).
    public func fakeKey(keysym: KeySym, pressed: Bool) {
        let code = XKeysymToKeycode(pointer, keysym.rawValue)
        XTestFakeKeyEvent(pointer, UInt32(code), pressed ? 1 : 0, UInt(CurrentTime))
    }
}

extension Display {
    /// Presses or releases the key with X keycode `code`.
    public func fakeKey(code: UInt32, pressed: Bool) {
        XTestFakeKeyEvent(pointer, code, pressed ? 1 : 0, UInt(CurrentTime))
    }

    /// A keycode the keyboard map leaves without symbols, for a test to give one (`mapKey`).
    public func spareKeycode() -> UInt32? {
        var low: Int32 = 0, high: Int32 = 0
        XDisplayKeycodes(pointer, &low, &high)
        var perCode: Int32 = 0
        guard let map = XGetKeyboardMapping(pointer, UInt8(low), high - low + 1, &perCode) else { return nil }
        defer { XFree(map) }
        for code in stride(from: high, through: low, by: -1) {
            let base = Int((code - low) * perCode)
            if (0..<Int(perCode)).allSatisfy({ map[base + $0] == 0 }) { return UInt32(code) }
        }
        return nil
    }

    /// Gives keycode `code` the one symbol `keysym` (as `xmodmap -e "keycode N = sym"`); the server
    /// tells every client the keymap changed.
    public func mapKey(code: UInt32, to keysym: KeySym) {
        var symbols: [KeySym.RawValue] = [keysym.rawValue]
        XChangeKeyboardMapping(pointer, Int32(code), 1, &symbols, 1)
    }
}
