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

    /// Presses or releases the key that produces `keysym` (`.right`, `KeySym("n")`).
    public func fakeKey(keysym: KeySym, pressed: Bool) {
        let code = XKeysymToKeycode(pointer, keysym.rawValue)
        XTestFakeKeyEvent(pointer, UInt32(code), pressed ? 1 : 0, UInt(CurrentTime))
    }
}
