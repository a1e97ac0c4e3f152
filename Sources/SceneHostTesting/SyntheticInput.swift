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

    /// Presses `button` at `start` (with `modifiers` held, `.altLeft`), moves to `end`
    /// in `steps` steps and releases. `pump` runs after every step, e.g. to let the app under test
    /// handle what the window manager did (an in-process app's loop only turns while the test awaits).
    public func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int = 10, button: UInt32 = 1,
                     modifiers: [KeySym] = [], pump: () async -> Void) async {
        move(to: start)
        for modifier in modifiers { display.fakeKey(keysym: modifier, pressed: true) }
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
        for modifier in modifiers.reversed() { display.fakeKey(keysym: modifier, pressed: false) }
        display.sync()
        await pump()
    }

    /// Clicks `button` (1 primary, 3 secondary, 4–7 the wheel's steps) at `point` (root coordinates),
    /// with `modifiers` held.
    public func click(at point: (x: Int, y: Int), button: UInt32 = 1, modifiers: [KeySym] = []) {
        move(to: point)
        for modifier in modifiers { display.fakeKey(keysym: modifier, pressed: true) }
        display.fakeButton(button, pressed: true)
        display.fakeButton(button, pressed: false)
        for modifier in modifiers.reversed() { display.fakeKey(keysym: modifier, pressed: false) }
        display.sync()
    }

    /// `point` inside `window` (pixels from its top-left corner) in root coordinates.
    public func rootPoint(_ point: (x: Int, y: Int), in window: Window) -> (x: Int, y: Int)? {
        display.rootPosition(window).map { (x: $0.x + point.x, y: $0.y + point.y) }
    }

    /// Where and how a person grabs a window to resize it by its bottom-right corner.
    public struct Grip {
        /// Where the drag starts, in root coordinates.
        public var point: (x: Int, y: Int)
        public var button: UInt32
        /// Keys held during the drag (keysyms).
        public var modifiers: [KeySym]
    }

    /// How a person resizes `window` by its bottom-right corner under `windowManager`. openbox and
    /// xfwm4: the frame's corner (`frameCorner(of:)`) with the primary button. i3 draws no corner to
    /// grab: Alt (the `floating_modifier` of the virtual display's i3) and the secondary button, just
    /// inside the window's corner (i3 resizes a floating window from the corner nearest the pointer).
    /// None under weston, whose Xwayland crashes on XTest pointer motion.
    public func cornerGrip(of window: Window, windowManager: VirtualDisplay.WindowManager) -> Grip? {
        switch windowManager {
        case .weston:
            return nil
        case .openbox, .xfwm4:
            return frameCorner(of: window).map { Grip(point: $0, button: 1, modifiers: []) }
        case .i3:
            guard let origin = display.rootPosition(window), let size = display.geometry(window) else { return nil }
            return Grip(point: (origin.x + size.width - 10, origin.y + size.height - 10), button: 3, modifiers: [.altLeft])
        }
    }

    /// Drags `grip` by `offset` in `steps` steps, as `drag(from:to:steps:button:modifiers:pump:)`.
    public func drag(_ grip: Grip, by offset: (x: Int, y: Int), steps: Int = 10, pump: () async -> Void) async {
        await drag(from: grip.point, to: (grip.point.x + offset.x, grip.point.y + offset.y), steps: steps, button: grip.button,
                   modifiers: grip.modifiers, pump: pump)
    }

    /// The bottom-right corner of `window`'s frame in root coordinates (from `_NET_FRAME_EXTENTS`),
    /// where a person grabs to resize: the middle of the corner's border, as a shaped frame (xfwm4's
    /// rounded corners) leaves its outermost pixel to the window below.
    public func frameCorner(of window: Window) -> (x: Int, y: Int)? {
        guard let origin = display.rootPosition(window), let size = display.geometry(window) else { return nil }
        let extents = display.frameExtents(window) ?? (0, 0, 0, 0)
        return (origin.x + size.width + extents.right - 1 - extents.right / 2,
                origin.y + size.height + extents.bottom - 1 - extents.bottom / 2)
    }

    /// Taps a key, with modifiers held (`.controlLeft`).
    public func press(keysym: KeySym, modifiers: [KeySym] = []) {
        for modifier in modifiers { display.fakeKey(keysym: modifier, pressed: true) }
        display.fakeKey(keysym: keysym, pressed: true)
        display.fakeKey(keysym: keysym, pressed: false)
        for modifier in modifiers.reversed() { display.fakeKey(keysym: modifier, pressed: false) }
        display.sync()
    }
}
