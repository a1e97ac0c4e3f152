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

    /// The pointer entered the scene's window at `location` (hover recognizers under it begin).
    @_spi(Runtime) public func pointerEntered(at location: CGPoint, modifierFlags: UIKeyModifierFlags = [],
                                              timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        if pointer.buttons.isEmpty { pointer.hover(at: location, modifiers: modifierFlags, time: timestamp, in: self) }
    }

    /// The pointer left the scene's window: hover gestures end.
    @_spi(Runtime) public func pointerExited() {
        pointer.exitHover()
    }

    /// A touchpad pinch began at `location` (the innermost pinch recognizer under it takes it).
    @_spi(Runtime) public func pointerPinchBegan(at location: CGPoint, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.pinchBegan(at: location, time: timestamp, in: self)
    }

    /// The touchpad pinch's scale since it began is `scale`.
    @_spi(Runtime) public func pointerPinchChanged(scale: CGFloat, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.pinchChanged(to: scale, time: timestamp)
    }

    /// The touchpad pinch ended.
    @_spi(Runtime) public func pointerPinchEnded() {
        pointer.pinchEnded()
    }

    /// One step of the wheel with Ctrl held at `location`: a pinch by `factor` (see
    /// `UIPinchGestureRecognizer`), which ends after a pause of 0.3 s.
    @_spi(Runtime) public func pointerZoomed(by factor: CGFloat, at location: CGPoint,
                                             timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.zoomStep(factor, at: location, time: timestamp, in: self)
    }

    /// The wheel (`continuous` false, one notch = `UIPanGestureRecognizer.pointsPerScrollStep`) or a
    /// touchpad (`continuous`) scrolled by `delta` points at `location`; positive y when the content
    /// follows a wheel turned up. Pan recognizers that allow the kind of scroll pan.
    @_spi(Runtime) public func pointerScrolled(by delta: CGPoint, continuous: Bool, at location: CGPoint,
                                               modifierFlags: UIKeyModifierFlags = [],
                                               timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.scroll(by: delta, continuous: continuous, at: location, modifiers: modifierFlags, time: timestamp, in: self)
    }

    /// The cursor the pointer shows over the scene (from the views' `UIPointerInteraction`s).
    @_spi(Runtime) public var pointerCursor: UIPointerStyle.Cursor { pointer.cursor }

    /// Called with the new cursor each time it changes (the runtime sets the window's cursor).
    @_spi(Runtime) public var pointerCursorDidChange: ((UIPointerStyle.Cursor) -> Void)? {
        get { pointer.cursorDidChange }
        set { pointer.cursorDidChange = newValue }
    }

    /// A finger touched a touchscreen at `location` (`id`: the X server's touch id). With no other
    /// touch going on, it begins a `.direct` touch; SceneHost follows one finger at a time.
    @_spi(Runtime) public func touchscreenBegan(id: UInt32, at location: CGPoint, modifierFlags: UIKeyModifierFlags = [],
                                                timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.touchscreenBegan(id: id, at: location, modifiers: modifierFlags, time: timestamp, in: self)
    }

    /// The finger `id` moved to `location`.
    @_spi(Runtime) public func touchscreenMoved(id: UInt32, to location: CGPoint, modifierFlags: UIKeyModifierFlags = [],
                                                timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.touchscreenMoved(id: id, to: location, modifiers: modifierFlags, time: timestamp)
    }

    /// The finger `id` lifted at `location`. (A touch taken away, by a grab say, is `pointerCancelled`'s.)
    @_spi(Runtime) public func touchscreenEnded(id: UInt32, at location: CGPoint, modifierFlags: UIKeyModifierFlags = [],
                                                timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        pointer.touchscreenEnded(id: id, at: location, modifiers: modifierFlags, time: timestamp)
    }

    /// A press and a release of `button` at `location`: a click.
    @_spi(Runtime) public func click(at location: CGPoint, button: Int = 1, modifierFlags: UIKeyModifierFlags = []) {
        let time = ProcessInfo.processInfo.systemUptime
        pointerPressed(button: button, at: location, modifierFlags: modifierFlags, timestamp: time)
        pointerReleased(button: button, at: location, modifierFlags: modifierFlags, timestamp: time)
    }
}
