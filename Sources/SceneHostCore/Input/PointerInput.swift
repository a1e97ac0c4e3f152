import Foundation

/// A scene's pointer, turned into UIKit's touches: a press of any button begins a touch on the view
/// hit-tested under it, motion moves it, releasing the last button ends it. One per scene; the X11
/// runtime and offscreen tests feed it through the same `UIWindowScene` entry points
/// (UIWindowScene+Pointer.swift), so both run this code.
@MainActor
final class PointerInput {
    /// Presses closer together than this (seconds) and `multipleTapDistance` count as a double click.
    /// 0.4 s is the desktop's usual double-click time (GTK's and Qt's default).
    static let multipleTapInterval: TimeInterval = 0.4
    /// How far (points) a press may be from the previous one and still extend its tap count.
    static let multipleTapDistance: CGFloat = 8

    /// The touch of the button sequence going on, if any.
    private(set) var touch: UITouch?
    /// The scene's gesture recognizers' arbiter.
    let gestures = GestureEnvironment()
    /// The event reused for every delivery of touches, as UIKit's.
    let touchEvent = UIEvent(type: .touches)
    /// The buttons held now.
    private(set) var buttons: UIEvent.ButtonMask = []
    /// The last press: when, where (scene points) and its tap count.
    private var lastPress: (time: TimeInterval, location: CGPoint, count: Int)?

    /// The frontmost shown window whose hit test finds a view at `location` (scene coordinates), the
    /// view and the location in the window's coordinates.
    func target(at location: CGPoint, in scene: UIWindowScene, event: UIEvent?) -> (window: UIWindow, view: UIView, location: CGPoint)? {
        var index = scene.windows.count
        while index > 0 {
            index -= 1
            let window = scene.windows[index]
            guard !window.isHidden else { continue }
            let local = window.convertFromSuperview(location)
            if let view = window.hitTest(local, with: event) { return (window, view, local) }
        }
        return nil
    }

    func press(button: Int, at location: CGPoint, modifiers: UIKeyModifierFlags, time: TimeInterval, in scene: UIWindowScene) {
        // While a finger is down the mouse is left out (one touch at a time).
        guard screenTouch == nil else { return }
        let mask = UIEvent.ButtonMask.button(button)
        buttons.insert(mask)
        touchEvent.modifierFlags = modifiers
        touchEvent.timestamp = time
        if touch != nil {
            // Another button joins the sequence: the touch stays; only the mask tells.
            touchEvent.buttonMask = buttons
            return
        }
        // The secondary button opens a context menu (Menus/UIContextMenuInteraction.swift) instead.
        if mask == .secondary, buttons == mask, scene.contextClick(at: location) { return }
        touchEvent.buttonMask = buttons
        begin(at: location, type: .indirectPointer, tapCount: countPress(at: location, time: time, finger: false), time: time, in: scene)
    }

    /// The tap count of a press at `location` (scene points) at `time`: one more than the last press's
    /// when it came within `multipleTapInterval` and close enough (`multipleTapDistance` on each axis
    /// for the pointer, `multipleFingerTapDistance` away for a finger), else 1. It becomes the last.
    private func countPress(at location: CGPoint, time: TimeInterval, finger: Bool) -> Int {
        var count = 1
        if let last = lastPress, time - last.time <= Self.multipleTapInterval {
            let near = finger
                ? hypot(location.x - last.location.x, location.y - last.location.y) <= Self.multipleFingerTapDistance
                : abs(location.x - last.location.x) <= Self.multipleTapDistance && abs(location.y - last.location.y) <= Self.multipleTapDistance
            if near { count = last.count + 1 }
        }
        lastPress = (time, location, count)
        return count
    }

    /// Begins a touch on the view hit-tested at `location`.
    private func begin(at location: CGPoint, type: UITouch.TouchType, tapCount: Int, time: TimeInterval, in scene: UIWindowScene) {
        guard let target = target(at: location, in: scene, event: touchEvent) else { return }
        let touch = UITouch(view: target.view, window: target.window, location: target.location, timestamp: time,
                            tapCount: tapCount, type: type)
        self.touch = touch
        touchEvent.touches = [touch]
        target.window.sendEvent(touchEvent)
    }

    // MARK: Touchscreen

    /// The touchscreen touch (X11's touch id) that makes the scene's touch, if any.
    private var screenTouch: UInt32?

    /// A finger touched a touchscreen at `location`: with no other touch going on (mouse or finger), it
    /// begins a `.direct` touch. SceneHost follows one touch at a time: other fingers are ignored.
    func touchscreenBegan(id: UInt32, at location: CGPoint, modifiers: UIKeyModifierFlags, time: TimeInterval, in scene: UIWindowScene) {
        guard touch == nil, screenTouch == nil, buttons.isEmpty else { return }
        screenTouch = id
        touchEvent.modifierFlags = modifiers
        touchEvent.timestamp = time
        touchEvent.buttonMask = []
        begin(at: location, type: .direct, tapCount: countPress(at: location, time: time, finger: true), time: time, in: scene)
        if touch == nil { screenTouch = nil }
    }

    /// The finger of the scene's touch moved.
    func touchscreenMoved(id: UInt32, to location: CGPoint, modifiers: UIKeyModifierFlags, time: TimeInterval) {
        guard id == screenTouch, let touch, let window = touch.window else { return }
        touch.move(to: window.convertFromSuperview(location), at: time)
        touch.phase = .moved
        touchEvent.timestamp = time
        touchEvent.modifierFlags = modifiers
        window.sendEvent(touchEvent)
    }

    /// The finger of the scene's touch lifted. (A touch taken away is `cancel(time:)`'s.)
    func touchscreenEnded(id: UInt32, at location: CGPoint, modifiers: UIKeyModifierFlags, time: TimeInterval) {
        guard id == screenTouch else { return }
        screenTouch = nil
        endTouch(at: location, modifiers: modifiers, time: time)
    }

    /// The scene's touch ends at `location` (scene points): its last move, if it moved, then `.ended`.
    private func endTouch(at location: CGPoint, modifiers: UIKeyModifierFlags, time: TimeInterval) {
        guard let touch, let window = touch.window else { return }
        let point = window.convertFromSuperview(location)
        if point != touch.locationInWindow { touch.move(to: point, at: time) } else { touch.timestamp = time }
        touch.phase = .ended
        touchEvent.timestamp = time
        touchEvent.modifierFlags = modifiers
        finish(touch, in: window)
    }

    /// How far (points) a finger's tap may land from the previous one and still extend its tap count:
    /// a finger is less precise than a pointer.
    static let multipleFingerTapDistance: CGFloat = 30

    func move(to location: CGPoint, modifiers: UIKeyModifierFlags, time: TimeInterval, in scene: UIWindowScene) {
        self.location = location
        guard screenTouch == nil else { return }
        guard let touch, let window = touch.window else {
            if buttons.isEmpty { hover(at: location, modifiers: modifiers, time: time, in: scene) }
            return
        }
        // Motion away from the last press ends its run of taps.
        if let last = lastPress, abs(location.x - last.location.x) > Self.multipleTapDistance
            || abs(location.y - last.location.y) > Self.multipleTapDistance {
            lastPress = nil
        }
        touch.move(to: window.convertFromSuperview(location), at: time)
        touch.phase = .moved
        touchEvent.timestamp = time
        touchEvent.modifierFlags = modifiers
        touchEvent.buttonMask = buttons
        window.sendEvent(touchEvent)
    }

    func release(button: Int, at location: CGPoint, modifiers: UIKeyModifierFlags, time: TimeInterval, in scene: UIWindowScene) {
        let held = buttons
        buttons.remove(.button(button))
        guard screenTouch == nil, buttons.isEmpty, touch != nil else { return }
        touchEvent.buttonMask = held
        endTouch(at: location, modifiers: modifiers, time: time)
        // The cursor stayed as it was during the drag; now it follows the view under the pointer.
        hover(at: location, modifiers: modifiers, time: time, in: scene)
    }

    /// Ends the touch going on as cancelled (the window lost the pointer to a grab, or is going away).
    func cancel(time: TimeInterval) {
        buttons = []
        screenTouch = nil
        guard let touch, let window = touch.window else { return }
        touch.phase = .cancelled
        touch.timestamp = time
        touchEvent.timestamp = time
        finish(touch, in: window)
    }

    // MARK: Hover

    /// The hover recognizers the pointer is over, innermost first.
    private var hovered: [UIHoverGestureRecognizer] = []
    /// Where the pointer is (scene coordinates), nil when it is outside the scene's window.
    private(set) var location: CGPoint?

    /// The pointer moved with no button held (or entered the window) to `location`: the hover
    /// recognizers of the views under it begin, change or end.
    func hover(at location: CGPoint, modifiers: UIKeyModifierFlags, time: TimeInterval, in scene: UIWindowScene) {
        self.location = location
        self.scene = scene
        let target = target(at: location, in: scene, event: nil)
        updateCursor(over: target)
        guard let target else {
            endHovers()
            return
        }
        let now = target.view.recognizersUpward(UIHoverGestureRecognizer.self).filter(\.isEnabled)
        for recognizer in hovered where !now.contains(where: { $0 === recognizer }) {
            recognizer.exited(at: target.location)
        }
        hovered = now
        for recognizer in now { recognizer.hovered(at: target.location, in: target.window, modifiers: modifiers) }
    }

    /// The pointer left the scene's window: every hover ends.
    func exitHover() {
        location = nil
        endHovers()
    }

    private func endHovers() {
        let left = hovered
        hovered = []
        for recognizer in left { recognizer.exited(at: nil) }
    }

    // MARK: Cursor

    /// The cursor the pointer shows over the scene now.
    private(set) var cursor: UIPointerStyle.Cursor = .arrow
    /// Told of each change of `cursor` (the runtime sets the window's cursor).
    var cursorDidChange: ((UIPointerStyle.Cursor) -> Void)?
    /// The interaction and region that decided the cursor, so moves within the region ask no delegate.
    private weak var cursorInteraction: UIPointerInteraction?
    private var cursorRegion: (rect: CGRect, identifier: AnyHashable?)?
    /// The scene the pointer is in, for invalidations.
    private weak var scene: UIWindowScene?

    /// Finds the cursor for the pointer at `target`: the innermost view with an enabled pointer
    /// interaction whose region holds the pointer; the arrow where there is none.
    private func updateCursor(over target: (window: UIWindow, view: UIView, location: CGPoint)?) {
        var found: UIPointerStyle.Cursor = .arrow
        var decided = false
        for (current, interaction) in target?.view.interactionsUpward(UIPointerInteraction.self) ?? [] where interaction.isEnabled {
            guard let target else { break }
            let local = current.convert(target.location, from: nil)
            if interaction === cursorInteraction, let region = cursorRegion, region.rect.contains(local) {
                found = cursor
                decided = true
                break
            }
            guard let region = interaction.region(at: local, in: current) else { continue }
            // The same region (same identifier; without identifiers, the same rect) keeps its style;
            // another one is asked for its own.
            if interaction === cursorInteraction, let cached = cursorRegion, cached.identifier == region.identifier,
               cached.identifier != nil || cached.rect == region.rect {
                found = cursor
            } else {
                found = interaction.style(for: region).cursor
            }
            cursorInteraction = interaction
            cursorRegion = (region.rect, region.identifier)
            interaction.lastScene = scene
            decided = true
            break
        }
        if !decided {
            cursorInteraction = nil
            cursorRegion = nil
        }
        setCursor(found)
    }

    private func setCursor(_ new: UIPointerStyle.Cursor) {
        guard new != cursor else { return }
        cursor = new
        cursorDidChange?(new)
    }

    /// An interaction's delegate has new answers: ask again where the pointer is.
    func invalidateCursor() {
        cursorInteraction = nil
        cursorRegion = nil
        guard touch == nil, let scene, let location else { return }
        updateCursor(over: target(at: location, in: scene, event: nil))
    }

    // MARK: Pinch

    /// The pinch recognizer taking the pinch going on.
    private var pinch: UIPinchGestureRecognizer?
    /// The pinch's cumulative scale, and whether the wheel makes it (then a pause ends it).
    private var pinchScale: CGFloat = 1
    private var pinchFromWheel = false
    private var wheelGeneration = 0
    /// How long after the last Ctrl+wheel step its pinch ends.
    static let wheelPinchPause: TimeInterval = 0.3

    /// A pinch begins at `location`: the innermost enabled pinch recognizer under it takes it.
    func pinchBegan(at location: CGPoint, time: TimeInterval, in scene: UIWindowScene) {
        pinchEnded()
        pinchScale = 1
        guard let target = target(at: location, in: scene, event: nil) else { return }
        pinch = target.view.recognizersUpward(UIPinchGestureRecognizer.self).first { recognizer in
            recognizer.pinchBegan(at: target.location, in: target.window, time: time)
        }
    }

    /// The pinch's cumulative scale is `scale` now.
    func pinchChanged(to scale: CGFloat, time: TimeInterval) {
        pinchScale = scale
        guard let pinch, let window = pinch.lastWindow else { return }
        let point = location.map { window.convertFromSuperview($0) } ?? pinch.lastLocation
        pinch.pinchChanged(to: scale, at: point, time: time)
        if pinch.state.isFinished { pinchEnded() }
    }

    func pinchEnded() {
        pinchFromWheel = false
        wheelGeneration += 1
        guard let pinch else { return }
        self.pinch = nil
        pinch.pinchEnded()
    }

    /// A step of Ctrl + wheel at `location`: `factor` (1.1 up, 1/1.1 down) multiplies the scale of a
    /// pinch that begins at the first step and ends `wheelPinchPause` after the last.
    func zoomStep(_ factor: CGFloat, at location: CGPoint, time: TimeInterval, in scene: UIWindowScene) {
        self.location = location
        if !pinchFromWheel {
            pinchBegan(at: location, time: time, in: scene)
            pinchFromWheel = true
        }
        pinchChanged(to: pinchScale * factor, time: time)
        wheelGeneration += 1
        let generation = wheelGeneration
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.wheelPinchPause) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.wheelGeneration == generation else { return }
                self.pinchEnded()
            }
        }
    }

    // MARK: Scroll

    /// The pan recognizer taking the scroll going on, and the kind of scroll.
    private var scrollPan: UIPanGestureRecognizer?
    private var scrollGeneration = 0
    /// How long after the last scroll step its pan ends.
    static let scrollPause: TimeInterval = 0.15

    /// The wheel or a touchpad scrolled by `delta` (points, the way content follows: a wheel turned
    /// up gives a positive y, as a finger dragging down) at `location`. The innermost pan recognizer
    /// under the pointer that allows the kind of scroll takes it: it begins, changes at each step, and
    /// ends `scrollPause` after the last.
    func scroll(by delta: CGPoint, continuous: Bool, at location: CGPoint, modifiers: UIKeyModifierFlags, time: TimeInterval,
                in scene: UIWindowScene) {
        self.location = location
        let type: UIScrollTypeMask = continuous ? .continuous : .discrete
        // A pan that left its view or finished (disabled, refused) between steps is ended and reset, so
        // it can take the next scroll.
        if let pan = scrollPan, pan.view == nil || pan.state.isFinished { endScroll() }
        if scrollPan == nil {
            guard let target = target(at: location, in: scene, event: nil) else { return }
            scrollPan = target.view.recognizersUpward(UIPanGestureRecognizer.self).first { pan in
                pan.isEnabled && pan.state == .possible && pan.allowedScrollTypesMask.contains(type) && pan.acceptsScroll(by: delta, type: type)
            }
            scrollPan?.scrollBegan(at: target.location, in: target.window, time: time, type: type)
        }
        guard let pan = scrollPan else { return }
        pan.modifierFlags = modifiers
        pan.scrolled(by: delta, time: time)
        if pan.state.isFinished {
            endScroll()
            return
        }
        scrollGeneration += 1
        let generation = scrollGeneration
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.scrollPause) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.scrollGeneration == generation else { return }
                self.endScroll()
            }
        }
    }

    func endScroll() {
        scrollGeneration += 1
        guard let pan = scrollPan else { return }
        scrollPan = nil
        pan.scrollEnded()
    }

    // MARK: Ending a sequence

    /// The scene went to the background or disconnected: the touch going on is cancelled, gestures
    /// end, and recognizers waiting for more (a double tap's second tap) fail and reset, so nothing
    /// of the scene's views is held.
    func end() {
        cancel(time: ProcessInfo.processInfo.systemUptime)
        exitHover()
        pinchEnded()
        endScroll()
        gestures.end()
        cursorInteraction = nil
        cursorRegion = nil
    }

    private func finish(_ touch: UITouch, in window: UIWindow) {
        window.sendEvent(touchEvent)
        // The sequence is over: the touch (and the views it holds) is let go.
        self.touch = nil
        touchEvent.touches = []
        touchEvent.buttonMask = buttons
    }
}
