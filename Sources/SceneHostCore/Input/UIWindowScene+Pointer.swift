import Foundation

/// The pointer's way into a scene: the X11 runtime calls these for each pointer event of the scene's
/// window, and offscreen tests call them to click and drag; both run the same code. Locations are in
/// the scene's coordinates (points); buttons are numbered as UIKit's `UIEvent.ButtonMask.button(_:)`
/// (1 primary, 2 secondary, 3 middle); times are seconds of system uptime.
extension UIWindowScene {
    /// A button went down at `location`: with no other button held, a touch begins on the view
    /// hit-tested there.
    @_spi(Runtime) public func pointerPressed(button: Int = 1, at location: CGPoint, modifierFlags: UIKeyModifierFlags = [],
                                              timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.press(button: button, at: location, modifiers: modifierFlags, time: timestamp, in: self)
    }

    /// The pointer moved to `location`: the touch going on, if any, moves.
    @_spi(Runtime) public func pointerMoved(to location: CGPoint, modifierFlags: UIKeyModifierFlags = [],
                                            timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.move(to: location, modifiers: modifierFlags, time: timestamp, in: self)
    }

    /// A button went up at `location`: when it was the last one held, the touch ends.
    @_spi(Runtime) public func pointerReleased(button: Int = 1, at location: CGPoint, modifierFlags: UIKeyModifierFlags = [],
                                               timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.release(button: button, at: location, modifiers: modifierFlags, time: timestamp, in: self)
    }

    /// The scene lost the pointer in the middle of a touch (a grab, the window closing): the touch is
    /// cancelled.
    @_spi(Runtime) public func pointerCancelled(timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.cancel(time: timestamp)
    }

    /// A press and a release of `button` at `location`: a click.
    @_spi(Runtime) public func click(at location: CGPoint, button: Int = 1, modifierFlags: UIKeyModifierFlags = []) {
        let time = ProcessInfo.processInfo.systemUptime
        pointerPressed(button: button, at: location, modifierFlags: modifierFlags, timestamp: time)
        pointerReleased(button: button, at: location, modifierFlags: modifierFlags, timestamp: time)
    }
}
