import CX11
import Glibc

/// An input method server reached through XIM (fcitx5, ibus, uim-xim…), for typing through an input
/// method: every key event of a window whose context is focused goes through `XFilterEvent` to the
/// server, which sends back what it commits (read with `Xutf8LookupString`) and, on the spot, the
/// provisional text it is composing (the preedit callbacks), which the client shows at its caret.
///
/// Opened only when `XMODIFIERS` names one (`@im=NAME`) and a server owns the `@server=NAME`
/// selection now: `XIM_SERVERS` on the root keeps stale names after a server exits, and Xlib's
/// built-in method would otherwise take over the keys. Without one, libxkbcommon's compose does the
/// dead keys (Keyboard.swift), as before. As GTK's gtkimcontextxim.c does, the locale's character type
/// must be UTF-8 for the server to talk to us: set from the environment, else C.UTF-8.
final class InputMethod {
    let im: OpaquePointer
    /// The server's name from `XMODIFIERS` ("fcitx", "ibus", "uim").
    let name: String
    /// The style asked of the server: on-the-spot preedit when it offers it, else none (root window).
    let style: XIMStyle
    private(set) var contexts: [Window: InputContext] = [:]
    /// Set by the destroy callback: the server went away.
    fileprivate(set) var isDead = false
    private var destroyCallback = XIMCallback()

    /// The input method `XMODIFIERS` names, when its server runs; nil otherwise.
    static func open(display: OpaquePointer) -> InputMethod? {
        guard let modifiers = getenv("XMODIFIERS").map({ String(cString: $0) }) else { return nil }
        // "@im=fcitx" (more "@key=value" parts may follow).
        let parts = modifiers.split(separator: "@").map { $0.trimmingSpaces }
        guard let part = parts.first(where: { $0.hasPrefix("im=") }) else { return nil }
        let name = String(part.dropFirst(3))
        guard !name.isEmpty, name != "none" else { return nil }
        // A stale XIM_SERVERS entry names a server that is gone: its selection has no owner.
        let selection = XInternAtom(display, "@server=\(name)", 0)
        guard XGetSelectionOwner(display, selection) != 0 else { return nil }
        let current = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
        if !Self.isUTF8(current) {
            if setlocale(LC_CTYPE, "")?.pointee == nil || !isUTF8Locale() { _ = setlocale(LC_CTYPE, "C.UTF-8") }
        }
        guard XSupportsLocale() != 0, XSetLocaleModifiers("") != nil,
              let im = XOpenIM(display, nil, nil, nil) else { return nil }
        // On the spot when offered (the preedit drawn in the field, as marked text); else the server
        // shows it in a window of its own.
        var chosen = XIMStyle(XIMPreeditNothing | XIMStatusNothing)
        if let styles = scenehost_im_styles(im) {
            let offered = UnsafeBufferPointer(start: styles.pointee.supported_styles, count: Int(styles.pointee.count_styles))
            let onTheSpot = XIMStyle(XIMPreeditCallbacks | XIMStatusNothing)
            if offered.contains(onTheSpot) { chosen = onTheSpot }
            else if !offered.contains(chosen), let first = offered.first(where: { $0 & XIMStyle(XIMPreeditArea | XIMPreeditPosition) == 0 }) { chosen = first }
            XFree(styles)
        }
        return InputMethod(display: display, im: im, name: name, style: chosen)
    }

    private static func isUTF8Locale() -> Bool {
        guard let locale = setlocale(LC_CTYPE, nil) else { return false }
        return isUTF8(String(cString: locale))
    }

    private static func isUTF8(_ locale: String) -> Bool {
        let value = locale.lowercased()
        return value.hasSuffix(".utf-8") || value.hasSuffix(".utf8") || value.contains(".utf-8@") || value.contains(".utf8@")
    }

    private let display: OpaquePointer

    private init(display: OpaquePointer, im: OpaquePointer, name: String, style: XIMStyle) {
        self.display = display
        self.im = im
        self.name = name
        self.style = style
        destroyCallback.client_data = Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self)
        destroyCallback.callback = { _, clientData, _ in
            guard let clientData else { return }
            let method = Unmanaged<InputMethod>.fromOpaque(UnsafeRawPointer(clientData)).takeUnretainedValue()
            method.isDead = true
            // Xlib frees the XICs with the XIM: only forget them.
            for context in method.contexts.values { context.ic = nil }
        }
        scenehost_im_set_destroy_callback(im, &destroyCallback)
    }

    deinit {
        // Closing waits for the server's answer: with the server gone (its selection has no owner) it
        // would wait for ever, so the method is then left for the connection's close to drop.
        guard !isDead, XGetSelectionOwner(display, XInternAtom(display, "@server=\(name)", 0)) != 0 else { return }
        for context in contexts.values { context.destroy() }
        XCloseIM(im)
    }

    /// The context of `window`, made on first use; nil when the server refuses one.
    func context(for window: Window, display: OpaquePointer) -> InputContext? {
        guard !isDead else { return nil }
        if let context = contexts[window] { return context }
        let context = InputContext(window: window)
        let data = Unmanaged.passUnretained(context).toOpaque().assumingMemoryBound(to: CChar.self)
        guard let ic = scenehost_create_ic(im, window, style, data, InputContext.drawProc, InputContext.doneProc, InputContext.caretProc) else {
            return nil
        }
        context.ic = ic
        // The server may need more events than the window selected (KeyRelease, usually selected already).
        let needed = scenehost_ic_filter_events(ic)
        if needed != 0 {
            var attributes = XWindowAttributes()
            if XGetWindowAttributes(display, window, &attributes) != 0, attributes.your_event_mask & needed != needed {
                XSelectInput(display, window, attributes.your_event_mask | needed)
            }
        }
        contexts[window] = context
        return context
    }

    /// Forgets `window`'s context (the window is going away).
    func removeContext(for window: Window) {
        guard let context = contexts.removeValue(forKey: window) else { return }
        // XDestroyIC waits for the server too: not when it is gone.
        if XGetSelectionOwner(display, XInternAtom(display, "@server=\(name)", 0)) != 0 { context.destroy() }
    }

    /// The context whose preedit changed since last asked, with its text and caret.
    func takePreeditChange() -> (window: Window, text: String, caret: Int)? {
        for context in contexts.values where context.preeditChanged {
            context.preeditChanged = false
            return (context.window, String(String.UnicodeScalarView(context.preedit)), context.caret)
        }
        return nil
    }
}

/// One window's input context: whether keys go through the server, and the preedit the server reports.
final class InputContext {
    let window: Window
    fileprivate(set) var ic: OpaquePointer?
    /// Whether the window's keys go to the server now (a text input is the first responder).
    var isFocused = false
    /// The preedit, in characters as XIM counts them (Unicode scalars with a UTF-8 locale).
    fileprivate var preedit: [Unicode.Scalar] = []
    fileprivate var caret = 0
    fileprivate var preeditChanged = false

    init(window: Window) { self.window = window }

    fileprivate func destroy() {
        if let ic { XDestroyIC(ic) }
        ic = nil
    }

    private static func context(_ clientData: XPointer?) -> InputContext? {
        clientData.map { Unmanaged<InputContext>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    /// The server replaced `chg_length` characters at `chg_first` of the preedit with its text (none:
    /// a deletion) and moved the caret.
    static let drawProc: XIMProc = { _, clientData, callData in
        guard let context = context(clientData), let callData else { return }
        let draw = UnsafeRawPointer(callData).assumingMemoryBound(to: XIMPreeditDrawCallbackStruct.self).pointee
        var inserted: [Unicode.Scalar] = []
        if let text = draw.text {
            if text.pointee.encoding_is_wchar != 0 {
                if let wide = text.pointee.string.wide_char {
                    inserted = (0..<Int(text.pointee.length)).compactMap { Unicode.Scalar(UInt32(bitPattern: wide[$0])) }
                }
            } else if let bytes = text.pointee.string.multi_byte {
                inserted = Array(String(cString: bytes).unicodeScalars)
            }
        }
        let first = min(max(0, Int(draw.chg_first)), context.preedit.count)
        let end = min(first + max(0, Int(draw.chg_length)), context.preedit.count)
        context.preedit.replaceSubrange(first..<end, with: inserted)
        context.caret = min(max(0, Int(draw.caret)), context.preedit.count)
        context.preeditChanged = true
    }

    /// The composition ended: no preedit.
    static let doneProc: XIMProc = { _, clientData, _ in
        guard let context = context(clientData) else { return }
        if !context.preedit.isEmpty { context.preeditChanged = true }
        context.preedit = []
        context.caret = 0
    }

    /// The server moved the caret within the preedit.
    static let caretProc: XIMProc = { _, clientData, callData in
        guard let context = context(clientData), let callData else { return }
        let move = UnsafeMutableRawPointer(callData).assumingMemoryBound(to: XIMPreeditCaretCallbackStruct.self)
        var position = context.caret
        switch move.pointee.direction {
        case XIMAbsolutePosition: position = Int(move.pointee.position)
        case XIMForwardChar: position += 1
        case XIMBackwardChar: position -= 1
        case XIMLineStart: position = 0
        case XIMLineEnd: position = context.preedit.count
        default: break
        }
        context.caret = min(max(0, position), context.preedit.count)
        move.pointee.position = Int32(context.caret)
        context.preeditChanged = true
    }
}

extension Display {
    /// The input method server's name (`XMODIFIERS`' `@im=`), when SceneHost talks to one through XIM;
    /// nil when keys are composed by libxkbcommon.
    public var inputMethodName: String? { inputMethod.flatMap { $0.isDead ? nil : $0.name } }

    /// Whether `window`'s keys go through the input method: on while a text input of its scene is the
    /// first responder (`XSetICFocus`), off otherwise so shortcuts and plain keys skip the round trip.
    public func setInputMethodFocus(_ window: Window, focused: Bool) {
        guard let method = inputMethod, let context = method.context(for: window, display: pointer), let ic = context.ic else { return }
        guard context.isFocused != focused else { return }
        context.isFocused = focused
        if focused { XSetICFocus(ic) } else {
            XUnsetICFocus(ic)
            // What was being composed is dropped with the focus, as GTK's reset does.
            if let dropped = Xutf8ResetIC(ic) { XFree(dropped) }
        }
    }

    /// Tells the input method where the caret is in `window` (pixels: the left end of the caret's
    /// baseline), so its candidate window follows the caret.
    public func setInputMethodSpot(_ window: Window, x: Int, y: Int) {
        guard let context = inputMethod?.contexts[window], let ic = context.ic, context.isFocused else { return }
        scenehost_ic_set_spot(ic, Int16(clamping: x), Int16(clamping: y))
    }

    /// Forgets `window`'s input context (before the window is destroyed).
    public func removeInputContext(_ window: Window) { inputMethod?.removeContext(for: window) }

    /// Passes `event` to the input method (XFilterEvent) when one is open: every event but the keys of
    /// windows whose context is not focused. Returns the event to report instead when the method took
    /// it: a preedit change, or nothing (`.other`).
    func filterThroughInputMethod(_ event: inout XEvent) -> Event? {
        guard let method = inputMethod, !method.isDead else { return nil }
        let isKey = event.type == KeyPress || event.type == KeyRelease
        if isKey, method.contexts[event.xkey.window]?.isFocused != true { return nil }
        guard XFilterEvent(&event, 0) != 0 else { return nil }
        if let change = method.takePreeditChange() {
            return .preedit(window: change.window, text: change.text, caret: change.caret)
        }
        return .other(window: event.xany.window)
    }

    /// A key press in a window whose input context is focused: what the input method commits (a
    /// composed character, a word from a candidate list), and the key's symbol. Presses the server made
    /// up to carry a commit have keycode 0.
    func lookUpThroughInputMethod(_ key: inout XKeyEvent) -> (text: String?, keysym: UInt)? {
        guard let method = inputMethod, !method.isDead, let context = method.contexts[key.window], context.isFocused,
              let ic = context.ic else { return nil }
        var keysym: CX11.KeySym = 0
        var status: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 64)
        var count = Xutf8LookupString(ic, &key, &buffer, Int32(buffer.count), &keysym, &status)
        if status == XBufferOverflow {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            count = Xutf8LookupString(ic, &key, &buffer, Int32(buffer.count), &keysym, &status)
        }
        let hasText = status == XLookupChars || status == XLookupBoth
        let text = hasText && count > 0 ? String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        let hasSymbol = status == XLookupKeySym || status == XLookupBoth
        return (text, hasSymbol ? UInt(keysym) : 0)
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}

