import CX11

/// An X window's id.
public typealias Window = CX11.Window
/// An interned name (`Display.atom(_:)`).
public typealias Atom = CX11.Atom
/// An XSync counter's id.
public typealias SyncCounterID = CX11.XSyncCounter

/// A key's symbol, as the keyboard map names it (`KeySym("n")`, `.controlLeft`).
public struct KeySym: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    init(_ symbol: Int32) { rawValue = UInt(symbol) }

    /// The symbol named `name` in Xlib's keysym names ("n", "Right", "Control_L", "dead_acute"); none
    /// (0) for an unknown name.
    public init(_ name: String) { rawValue = UInt(XStringToKeysym(name)) }

    /// Xlib's name of the symbol ("n", "Right", "Control_L"); nil for one without a name.
    public var name: String? { XKeysymToString(rawValue).map { String(cString: $0) } }

    public static let controlLeft = KeySym(XK_Control_L), altLeft = KeySym(XK_Alt_L), shiftLeft = KeySym(XK_Shift_L)
    public static let left = KeySym(XK_Left), right = KeySym(XK_Right), up = KeySym(XK_Up), down = KeySym(XK_Down)
    public static let escape = KeySym(XK_Escape), home = KeySym(XK_Home), end = KeySym(XK_End)
    public static let pageUp = KeySym(XK_Page_Up), pageDown = KeySym(XK_Page_Down)
    public static let equal = KeySym(XK_equal), plus = KeySym(XK_plus), minus = KeySym(XK_minus), zero = KeySym(XK_0)
    public static let keypadAdd = KeySym(XK_KP_Add), keypadSubtract = KeySym(XK_KP_Subtract), keypadZero = KeySym(XK_KP_0)
    /// M and m: Ctrl+Shift+M simulates a memory warning (Shift may or may not change the keysym).
    public static let m = KeySym(XK_m), capitalM = KeySym(XK_M)
}

/// Modifier keys held during a key press.
public struct KeyModifiers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt (Mod1).
    public static let alternate = KeyModifiers(rawValue: 1 << 2)
    /// The Super or Windows key (Mod4).
    public static let command = KeyModifiers(rawValue: 1 << 3)
    public static let capsLock = KeyModifiers(rawValue: 1 << 4)
}

/// How a focus change came about (the `mode` of FocusIn and FocusOut).
public enum FocusMode: Sendable {
    /// The focus moved.
    case normal
    /// A grab began (a window manager's keyboard grab for a drag, a menu): the focus moves for a moment.
    case grab
    /// The grab ended.
    case ungrab
    /// The focus moved while a grab was held.
    case whileGrabbed
}

/// An event from the X server, decoded: what the runtime and the test kit act on.
public enum Event {
    /// The window's size or place changed (`ConfigureNotify`). A synthetic one (from the window manager)
    /// gives root coordinates; a real one the place in the parent, and the border's width.
    case configure(window: Window, x: Int, y: Int, width: Int, height: Int, border: Int, synthetic: Bool)
    /// The server lost pixels of the window (`Expose`); `serial` is the newest request it had handled.
    case expose(window: Window, x: Int, y: Int, width: Int, height: Int, serial: UInt)
    case map(window: Window)
    case unmap(window: Window)
    case propertyChanged(window: Window, atom: Atom)
    /// The window got a new parent (the window manager's frame), at `x`, `y` in it.
    case reparent(window: Window, parent: Window, x: Int, y: Int)
    /// `destroyed` was destroyed; `window` is the one the event was reported on (itself, or its parent).
    case destroy(window: Window, destroyed: Window)
    /// A key went down or up, decoded through the keymap and the compose table (`KeyInput`).
    case key(window: Window, key: KeyInput)
    /// The input method's provisional text (preedit) in `window` changed: `text` ("" when the
    /// composition ended) with the caret `caret` characters (Unicode scalars) into it.
    case preedit(window: Window, text: String, caret: Int)
    /// A pointer button went down or up at `x`, `y` (pixels, the window's coordinates; fractions from
    /// XInput 2), with the modifier keys held. Buttons 4–7 are the wheel's steps (up, down, left,
    /// right) of devices without smooth scrolling.
    case button(window: Window, button: Int, x: Double, y: Double, pressed: Bool, modifiers: KeyModifiers)
    /// The pointer moved to `x`, `y` (pixels, the window's coordinates).
    case motion(window: Window, x: Double, y: Double, modifiers: KeyModifiers)
    /// A device with smooth scrolling (XInput 2 scroll valuators) scrolled by `dx`, `dy` wheel steps
    /// (fractions; positive: right and down, as buttons 7 and 5) with the pointer at `x`, `y`.
    /// `discrete`: every axis moved by whole steps, a mouse wheel's notches (GTK's, Qt's and SDL's
    /// reading of the valuators); otherwise a touchpad's or a smooth wheel's continuous scroll.
    case scroll(window: Window, dx: Double, dy: Double, discrete: Bool, x: Double, y: Double, modifiers: KeyModifiers)
    /// A touchscreen finger (XInput 2.2 touch `id`) went down, moved or lifted at `x`, `y`.
    case touch(window: Window, id: UInt32, phase: TouchPhase, x: Double, y: Double, modifiers: KeyModifiers)
    /// A touchpad pinch (XInput 2.4) at `x`, `y`; `scale` is the fingers' spread since it began.
    case pinch(window: Window, phase: PinchPhase, scale: Double, x: Double, y: Double)
    /// The pointer entered or left the window at `x`, `y` (`EnterNotify`, `LeaveNotify`); `grab` when
    /// a grab caused it (a window manager's, a pointer grab's start or end) rather than motion.
    case crossing(window: Window, entered: Bool, x: Double, y: Double, grab: Bool)
    case focus(window: Window, focused: Bool, mode: FocusMode)
    /// A client message: its type and its 32-bit data.
    case clientMessage(window: Window, type: Atom, data: [Int])
    /// The server is done reading an MIT-SHM segment (`ShmCompletion`, asked for by a put).
    case sharedMemoryRead(window: Window, segment: UInt, serial: UInt)
    /// RandR: the screen changed; its rotation now (Xlib's idea of the screen is brought up to date).
    case screenChanged(rotation: ScreenRotation)
    /// Anything else.
    case other(window: Window)

    /// The window the event was reported on.
    public var window: Window {
        switch self {
        case .configure(let window, _, _, _, _, _, _), .expose(let window, _, _, _, _, _), .map(let window), .unmap(let window),
             .propertyChanged(let window, _), .reparent(let window, _, _, _), .destroy(let window, _),
             .key(let window, _), .preedit(let window, _, _), .button(let window, _, _, _, _, _), .motion(let window, _, _, _),
             .scroll(let window, _, _, _, _, _, _), .pinch(let window, _, _, _, _), .crossing(let window, _, _, _, _),
             .touch(let window, _, _, _, _, _),
             .focus(let window, _, _),
             .clientMessage(let window, _, _), .sharedMemoryRead(let window, _, _), .other(let window):
            window
        case .screenChanged: 0
        }
    }
}

extension Display {
    /// Whether events wait to be read: in Xlib's queue already, or (`reading`) in the socket too, which
    /// costs a system call.
    public func hasEvents(reading: Bool) -> Bool {
        XEventsQueued(pointer, reading ? QueuedAfterReading : QueuedAlready) > 0
    }

    /// The next event, waiting for one when none is queued.
    public func nextEvent() -> Event {
        var event = XEvent()
        XNextEvent(pointer, &event)
        // The input method's own messages, and the keys it composes, stop here.
        if let filtered = filterThroughInputMethod(&event) { return filtered }
        return decode(&event)
    }

    /// The number the next request will have.
    public var nextRequestSerial: UInt { UInt(XNextRequest(pointer)) }

    private func decode(_ event: inout XEvent) -> Event {
        let window = event.xany.window
        if let screenChangeEventType, event.type == screenChangeEventType {
            return .screenChanged(rotation: screenRotation(from: &event))
        }
        if handleSelectionEvent(&event) { return .other(window: window) }
        if case .some(.some(let keyboard)) = setUpKeyboard, event.type == keyboard.eventBase {
            // XKB's notifications (a new keyboard, a changed map) share one event type; selected when
            // the keyboard is set up, at the first key event.
            keyboard.keymapChanged()
            return .other(window: window)
        }
        if let shmCompletionEvent, event.type == shmCompletionEvent {
            let completion = withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { $0.pointee }
            }
            return .sharedMemoryRead(window: window, segment: UInt(completion.shmseg), serial: UInt(completion.serial))
        }
        switch event.type {
        case ConfigureNotify:
            let configure = event.xconfigure
            return .configure(window: window, x: Int(configure.x), y: Int(configure.y), width: Int(configure.width),
                              height: Int(configure.height), border: Int(configure.border_width), synthetic: configure.send_event != 0)
        case Expose:
            let expose = event.xexpose
            return .expose(window: window, x: Int(expose.x), y: Int(expose.y), width: Int(expose.width), height: Int(expose.height),
                           serial: UInt(expose.serial))
        case GraphicsExpose:
            // Part of a copy within the window came from pixels the server did not have (obscured):
            // lost, as an Expose's. The drawable sits where an Expose's window does.
            let expose = event.xgraphicsexpose
            return .expose(window: expose.drawable, x: Int(expose.x), y: Int(expose.y), width: Int(expose.width),
                           height: Int(expose.height), serial: UInt(expose.serial))
        case MapNotify: return .map(window: window)
        case UnmapNotify: return .unmap(window: window)
        case PropertyNotify: return .propertyChanged(window: window, atom: event.xproperty.atom)
        case ReparentNotify:
            let reparent = event.xreparent
            return .reparent(window: window, parent: reparent.parent, x: Int(reparent.x), y: Int(reparent.y))
        case DestroyNotify: return .destroy(window: window, destroyed: event.xdestroywindow.window)
        case KeyPress, KeyRelease: return key(&event.xkey, pressed: event.type == KeyPress)
        case MappingNotify:
            // A core client (xmodmap, xdotool's scratch keys) changed the keymap.
            XRefreshKeyboardMapping(&event.xmapping)
            if case .some(.some(let keyboard)) = setUpKeyboard { keyboard.keymapChanged() }
            return .other(window: window)
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            return .button(window: window, button: Int(button.button), x: Double(button.x), y: Double(button.y),
                           pressed: event.type == ButtonPress, modifiers: Self.modifiers(button.state))
        case MotionNotify:
            let motion = event.xmotion
            return .motion(window: window, x: Double(motion.x), y: Double(motion.y), modifiers: Self.modifiers(motion.state))
        case EnterNotify, LeaveNotify:
            let crossing = event.xcrossing
            return .crossing(window: window, entered: event.type == EnterNotify, x: Double(crossing.x), y: Double(crossing.y),
                             grab: crossing.mode != NotifyNormal)
        case GenericEvent:
            return decodeXInput2(&event) ?? .other(window: window)
        case FocusIn, FocusOut:
            let mode: FocusMode = switch event.xfocus.mode {
            case NotifyGrab: .grab
            case NotifyUngrab: .ungrab
            case NotifyWhileGrabbed: .whileGrabbed
            default: .normal
            }
            return .focus(window: window, focused: event.type == FocusIn, mode: mode)
        case ClientMessage:
            let message = event.xclient
            let data = [message.data.l.0, message.data.l.1, message.data.l.2, message.data.l.3, message.data.l.4].map { Int($0) }
            return .clientMessage(window: window, type: message.message_type, data: data)
        default:
            return .other(window: window)
        }
    }

    /// The modifier keys of a core event's `state`.
    static func modifiers(_ state: UInt32) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alternate) }
        if state & UInt32(Mod4Mask) != 0 { modifiers.insert(.command) }
        if state & UInt32(LockMask) != 0 { modifiers.insert(.capsLock) }
        return modifiers
    }

    private func key(_ key: inout XKeyEvent, pressed: Bool) -> Event {
        if pressed, let composed = lookUpThroughInputMethod(&key) {
            // The input method composes: the keymap still names the key, the method says what it types.
            var input = keyboard?.decode(code: key.keycode, state: key.state, pressed: true, composing: false)
                ?? KeyInput(code: key.keycode, pressed: true, isRepeat: false, keysym: KeySym(rawValue: composed.keysym),
                            shiftedKeysym: KeySym(rawValue: composed.keysym), text: nil, shiftedText: nil,
                            modifiers: Self.modifiers(key.state), composing: false)
            if key.keycode == 0 {
                // A press the server made up to carry a commit: no key, only text.
                input.keysym = KeySym(rawValue: composed.keysym)
                input.shiftedKeysym = input.keysym
                input.shiftedText = composed.text
            }
            input.text = composed.text
            return .key(window: key.window, key: input)
        }
        if let keyboard {
            return .key(window: key.window, key: keyboard.decode(code: key.keycode, state: key.state, pressed: pressed))
        }
        // No XKB on the server: the core keymap, without compose.
        let keysym = XLookupKeysym(&key, 0)
        var plain = key
        plain.state &= ~UInt32(ControlMask | Mod1Mask | Mod4Mask | LockMask)
        var buffer = [CChar](repeating: 0, count: 8)
        var shifted: UInt = 0
        let count = XLookupString(&plain, &buffer, Int32(buffer.count), &shifted, nil)
        let text = count > 0 ? String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        let input = KeyInput(code: key.keycode, pressed: pressed, isRepeat: false, keysym: KeySym(rawValue: UInt(keysym)),
                             shiftedKeysym: KeySym(rawValue: shifted), text: text, shiftedText: text,
                             modifiers: Self.modifiers(key.state), composing: false)
        return .key(window: key.window, key: input)
    }
}
