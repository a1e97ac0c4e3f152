import CX11
import Foundation
import X11

/// A person at the keyboard and mouse, through XTEST: the window manager sees real input, so a drag of
/// a frame edge resizes the window exactly as a person's would.
@MainActor
public struct SyntheticInput {
    public let display: Display

    public init(display: Display) throws {
        guard display.hasXTest else { throw X11Error("the X server \(display.name) has no XTEST extension") }
        self.display = display
    }

    public func move(to point: (x: Int, y: Int)) {
        display.fakeMotion(x: point.x, y: point.y)
        display.sync()
    }

    /// Presses `button` at `start`, moves to `end` in `steps` steps and releases. `pump` runs after every
    /// step, e.g. to let the app under test handle what the window manager did (an in-process app's loop
    /// only turns while the test awaits).
    public func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int = 10, button: UInt32 = 1,
                     pump: () async -> Void) async {
        move(to: start)
        display.fakeButton(button, pressed: true)
        display.sync()
        await pump()
        for step in 1...max(1, steps) {
            let x = start.x + (end.x - start.x) * step / max(1, steps)
            let y = start.y + (end.y - start.y) * step / max(1, steps)
            move(to: (x, y))
            await pump()
        }
        display.fakeButton(button, pressed: false)
        display.sync()
        await pump()
    }

    /// The bottom-right corner of `window`'s frame in root coordinates (from `_NET_FRAME_EXTENTS`),
    /// where a person grabs to resize.
    public func frameCorner(of window: Window) -> (x: Int, y: Int)? {
        guard let origin = display.rootPosition(window), let size = display.geometry(window) else { return nil }
        let extents = display.frameExtents(window) ?? (0, 0, 0, 0)
        return (origin.x + size.width + extents.right - 1, origin.y + size.height + extents.bottom - 1)
    }

    /// Taps a key, with modifiers held (keysyms such as `XK_Control_L`).
    public func press(keysym: KeySym, modifiers: [KeySym] = []) {
        for modifier in modifiers { display.fakeKey(keysym: modifier, pressed: true) }
        display.fakeKey(keysym: keysym, pressed: true)
        display.fakeKey(keysym: keysym, pressed: false)
        for modifier in modifiers.reversed() { display.fakeKey(keysym: modifier, pressed: false) }
        display.sync()
    }
}
