import CX11
import Glibc

/// A key going down or up, decoded through the server's keymap by libxkbcommon.
public struct KeyInput: Sendable {
    /// The X keycode (the Linux evdev code + 8).
    public var code: UInt32
    public var pressed: Bool
    /// A press the keyboard's auto-repeat made while the key stayed down (detectable auto-repeat:
    /// no release comes between).
    public var isRepeat: Bool
    /// The key's symbol at the first level of the active layout (what `XLookupKeysym(event, 0)` gives).
    public var keysym: KeySym
    /// The symbol with the modifiers held (Shift, AltGr, Caps Lock) applied, Control aside.
    public var shiftedKeysym: KeySym
    /// What the key types: with Shift, AltGr and Caps Lock applied, after compose and dead keys
    /// (nil while a sequence is being composed, or for a key that types nothing). Control does not turn
    /// letters into control codes here.
    public var text: String?
    /// What the key types with Shift alone considered, without compose.
    public var shiftedText: String?
    public var modifiers: KeyModifiers
    /// The key took part in a compose or dead-key sequence (fed, finished or cancelled it).
    public var composing: Bool
}

/// The keyboard as the server maps it, through libxkbcommon-x11: the keymap of the core keyboard
/// device, read again when the server says it changed (XkbNewKeyboardNotify, XkbMapNotify), and the
/// compose table of the locale (dead keys, Multi_key sequences) as GTK and SDL use them.
///
/// Modifier state comes from each event's `state` field (core modifiers and the XKB group in bits
/// 13–14), not from a tracked state: events are read in order, but another client's grab may hide
/// presses, and the event's state is what the server says held at that moment.
final class Keyboard {
    private let display: OpaquePointer
    private let connection: OpaquePointer
    private let context: OpaquePointer
    private let deviceID: Int32
    /// XKB's event type base, to recognise its notifications.
    let eventBase: Int32
    private var keymap: OpaquePointer?
    /// With all held modifiers but Control; with Shift (and the group) alone.
    private var state: OpaquePointer?, shiftState: OpaquePointer?
    private var needsKeymap = true
    /// The compose table, compiled at the first key pressed: it is some 130 KB of heap and the pages
    /// of libxkbcommon's parser, which a launch does not need.
    private var composeTable: OpaquePointer?
    private var composeState: OpaquePointer?
    private var composeLoaded = false
    private var lastPressed: UInt32?

    init?(display: OpaquePointer) {
        self.display = display
        guard let connection = XGetXCBConnection(display) else { return nil }
        self.connection = connection
        var major: UInt16 = 0, minor: UInt16 = 0
        var eventBase: UInt8 = 0, errorBase: UInt8 = 0
        guard xkb_x11_setup_xkb_extension(connection, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION), UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
                                          XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, &major, &minor, &eventBase, &errorBase) == 1,
              let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        self.context = context
        deviceID = xkb_x11_get_core_keyboard_device_id(connection)
        guard deviceID >= 0 else {
            xkb_context_unref(context)
            return nil
        }
        self.eventBase = Int32(eventBase)
        // Xlib's side of XKB: its notifications of a new keymap, and auto-repeat without releases.
        var xlibMajor = Int32(XkbMajorVersion), xlibMinor = Int32(XkbMinorVersion)
        _ = XkbLibraryVersion(&xlibMajor, &xlibMinor)
        var opcode: Int32 = 0, xlibEvent: Int32 = 0, xlibError: Int32 = 0
        _ = XkbQueryExtension(display, &opcode, &xlibEvent, &xlibError, &xlibMajor, &xlibMinor)
        let notifications = UInt32(XkbNewKeyboardNotifyMask | XkbMapNotifyMask)
        XkbSelectEvents(display, UInt32(XkbUseCoreKbd), notifications, notifications)
        var supported: Int32 = 0
        _ = XkbSetDetectableAutoRepeat(display, 1, &supported)
    }

    /// Whether the compose table has been compiled (at the first key pressed).
    var hasComposeTable: Bool { composeTable != nil }

    /// The locale's compose table; without a locale ("C"), the one of en_US.UTF-8, which every X11
    /// install has, so dead keys work in a bare environment too.
    private func loadCompose() {
        composeLoaded = true
        let locale = Self.locale
        var table = locale.flatMap { xkb_compose_table_new_from_locale(context, $0, XKB_COMPOSE_COMPILE_NO_FLAGS) }
        if table == nil { table = xkb_compose_table_new_from_locale(context, "en_US.UTF-8", XKB_COMPOSE_COMPILE_NO_FLAGS) }
        composeTable = table
        composeState = table.flatMap { xkb_compose_state_new($0, XKB_COMPOSE_STATE_NO_FLAGS) }
    }

    deinit {
        if let composeState { xkb_compose_state_unref(composeState) }
        if let composeTable { xkb_compose_table_unref(composeTable) }
        if let state { xkb_state_unref(state) }
        if let shiftState { xkb_state_unref(shiftState) }
        if let keymap { xkb_keymap_unref(keymap) }
        xkb_context_unref(context)
    }

    /// The locale whose compose table applies: LC_ALL, LC_CTYPE, LANG, as libX11 looks; nil for C/POSIX.
    private static var locale: String? {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { continue }
            return value == "C" || value == "POSIX" || value.hasPrefix("C.") ? nil : value
        }
        return nil
    }

    /// The server's keymap changed: it is read again before the next key.
    func keymapChanged() { needsKeymap = true }

    private func loadKeymap() {
        needsKeymap = false
        guard let fresh = xkb_x11_keymap_new_from_device(context, connection, deviceID, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return }
        if let state { xkb_state_unref(state) }
        if let shiftState { xkb_state_unref(shiftState) }
        if let keymap { xkb_keymap_unref(keymap) }
        keymap = fresh
        state = xkb_state_new(fresh)
        shiftState = xkb_state_new(fresh)
    }

    /// Decodes a core key event (`KeyPress` or `KeyRelease`).
    /// `composing` false leaves compose and dead keys out (an input method composes instead).
    func decode(code: UInt32, state eventState: UInt32, pressed: Bool, composing allowsCompose: Bool = true) -> KeyInput {
        if needsKeymap { loadKeymap() }
        let modifiers = Display.modifiers(eventState)
        let isRepeat = pressed && lastPressed == code
        lastPressed = pressed ? code : (lastPressed == code ? nil : lastPressed)
        guard let state, let shiftState, let keymap else {
            return KeyInput(code: code, pressed: pressed, isRepeat: isRepeat, keysym: KeySym(rawValue: 0),
                            shiftedKeysym: KeySym(rawValue: 0), text: nil, shiftedText: nil, modifiers: modifiers, composing: false)
        }
        // Core modifier bits are XKB's real modifiers, in the same order; the group is in bits 13–14.
        let group = (eventState >> 13) & 3
        let held = eventState & 0xFF
        xkb_state_update_mask(state, held & ~UInt32(ControlMask), 0, 0, 0, 0, group)
        xkb_state_update_mask(shiftState, held & UInt32(ShiftMask), 0, 0, 0, 0, group)
        let layout = xkb_state_key_get_layout(state, code)
        var symbols: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(keymap, code, layout == XKB_LAYOUT_INVALID ? 0 : layout, 0, &symbols)
        let base = count > 0 ? UInt(symbols![0]) : 0
        let symbol = xkb_state_key_get_one_sym(state, code)
        var text = Self.utf8 { xkb_state_key_get_utf8(state, code, $0, $1) }
        let shiftedText = Self.utf8 { xkb_state_key_get_utf8(shiftState, code, $0, $1) }
        var composing = false
        if pressed, allowsCompose, !composeLoaded { loadCompose() }
        if pressed, allowsCompose, let composeState, xkb_compose_state_feed(composeState, symbol) == XKB_COMPOSE_FEED_ACCEPTED {
            switch xkb_compose_state_get_status(composeState) {
            case XKB_COMPOSE_COMPOSING:
                text = nil
                composing = true
            case XKB_COMPOSE_COMPOSED:
                text = Self.utf8 { xkb_compose_state_get_utf8(composeState, $0, $1) }
                xkb_compose_state_reset(composeState)
                composing = true
            case XKB_COMPOSE_CANCELLED:
                text = nil
                xkb_compose_state_reset(composeState)
                composing = true
            default:
                break
            }
        }
        return KeyInput(code: code, pressed: pressed, isRepeat: isRepeat, keysym: KeySym(rawValue: base),
                        shiftedKeysym: KeySym(rawValue: UInt(symbol)), text: text, shiftedText: shiftedText,
                        modifiers: modifiers, composing: composing)
    }

    /// A string from one of libxkbcommon's "write UTF-8 into this buffer" calls; nil when empty.
    private static func utf8(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let length = body(buffer.baseAddress!, 64)
            guard length > 0 else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: min(Int(length), 63)), as: UTF8.self)
        }
    }
}
