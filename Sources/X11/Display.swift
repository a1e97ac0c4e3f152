import CX11
import Glibc

/// One connection to an X server. Owns the Xlib `Display*` and closes it exactly once.
///
/// Errors from requests are collected by an installed handler (never Xlib's default abort);
/// `takeErrors()` returns them, and `sync()` + `takeErrors()` checks one request synchronously.
public final class Display {
    /// Xlib's `Display*`, for this module's calls only: everything outside reaches Xlib through it.
    let pointer: OpaquePointer
    public let screen: Int32
    public let root: Window
    private var atoms: [String: Atom] = [:]
    /// Something the connection keeps alive, such as the server it talks to (a test's virtual display).
    public var owner: AnyObject?

    /// Opens the display named `name`, or `$DISPLAY` when nil.
    public init(name: String? = nil) throws(X11Error) {
        installErrorHandlers()
        guard let pointer = XOpenDisplay(name) else {
            let shown = name ?? environmentDisplay() ?? "(unset)"
            throw X11Error("cannot open X display \(shown)")
        }
        self.pointer = pointer
        screen = XDefaultScreen(pointer)
        root = XRootWindow(pointer, screen)
    }

    deinit {
        // The input method is closed while its connection is still open.
        openedInputMethod = nil
        XCloseDisplay(pointer)
        pendingErrors[pointer] = nil
    }

    /// The display name as Xlib resolved it (":5").
    public var name: String { String(cString: XDisplayString(pointer)) }
    /// The connection's file descriptor, for `poll()`.
    public var fileDescriptor: Int32 { XConnectionNumber(pointer) }
    public var screenWidth: Int { Int(XDisplayWidth(pointer, screen)) }
    public var screenHeight: Int { Int(XDisplayHeight(pointer, screen)) }
    public var defaultVisual: UnsafeMutablePointer<Visual> { XDefaultVisual(pointer, screen) }
    public var defaultDepth: Int32 { XDefaultDepth(pointer, screen) }

    /// Interns `name` once per connection.
    public func atom(_ name: String) -> Atom {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(pointer, name, 0)
        atoms[name] = atom
        return atom
    }

    /// Interns the `names` not known yet in one round trip, where `atom(_:)` takes one each (Xlib keeps
    /// them too, for its own calls such as `XSetWMProtocols`).
    public func internAtoms(_ names: [String]) {
        let missing = Array(Set(names.filter { atoms[$0] == nil }))
        guard !missing.isEmpty else { return }
        var cNames = missing.map { strdup($0) }
        defer { for name in cNames { free(name) } }
        var interned = [Atom](repeating: 0, count: missing.count)
        guard XInternAtoms(pointer, &cNames, Int32(missing.count), 0, &interned) != 0 else { return }
        for (name, atom) in zip(missing, interned) where atom != 0 { atoms[name] = atom }
    }

    public func atomName(_ atom: Atom) -> String? {
        guard let cName = XGetAtomName(pointer, atom) else { return nil }
        defer { XFree(cName) }
        return String(cString: cName)
    }

    /// Sends the requests Xlib holds. Xlib's flush also reads whatever the server has sent, a read
    /// system call each time: with no request made since the last flush there is nothing to send, and
    /// the call is skipped (what the server sent waits in the socket, where a `poll()` sees it).
    public func flush() {
        let next = XNextRequest(pointer)
        guard next != nextRequestAtFlush else { return }
        XFlush(pointer)
        nextRequestAtFlush = next
    }
    private var nextRequestAtFlush: UInt = 0

    /// Round trip: every request sent so far has been processed (and its errors reported).
    public func sync() { XSync(pointer, 0) }

    /// The XInput 2 extension when the server has 2.2 or later (XInput2.swift).
    private(set) lazy var xinput2: XInput2? = XInput2(display: pointer)

    /// The keyboard through libxkbcommon (Keyboard.swift); nil when the server lacks XKB. Set up at the
    /// first key event, not at the first event of any kind: a launch needs none of XKB (the extension's
    /// setup, its notifications, libxkbcommon's context), and its pages stay out of the launch's memory.
    var keyboard: Keyboard? {
        if let setUpKeyboard { return setUpKeyboard }
        let made = Keyboard(display: pointer)
        setUpKeyboard = .some(made)
        return made
    }
    /// nil until the first key event; then the keyboard, or none.
    private(set) var setUpKeyboard: Keyboard??

    /// The input method server, when `XMODIFIERS` names a running one (InputMethod.swift); looked for
    /// once, at the first event.
    var inputMethod: InputMethod? {
        if let opened = openedInputMethod { return opened }
        let method = InputMethod.open(display: pointer)
        openedInputMethod = .some(method)
        return method
    }
    /// nil until looked for; then the method, or none.
    private var openedInputMethod: InputMethod??

    /// The selections this connection owns or reads (Selection.swift).
    var selections: [Selection] = []

    /// Cursors by name, loaded once (Cursor.swift).
    var cursors: [String: UInt] = [:]

    /// The event type of RandR's screen changes, once they are selected (`selectScreenChangeEvents`).
    var screenChangeEventType: Int32?

    /// An id of this connection's range, by which the X-Resource extension names the client.
    lazy var clientID: XID = scenehost_allocate_id(pointer)

    /// The event type of MIT-SHM's ShmCompletion (nil without the extension).
    public private(set) lazy var shmCompletionEvent: Int32? = XShmQueryExtension(pointer) != 0 ? XShmGetEventBase(pointer) + ShmCompletion : nil

    /// Errors reported since the last call.
    public func takeErrors() -> [X11Error] {
        // Asked after every drain of the event loop, and nearly always none is parked: no hashing then.
        guard !pendingErrors.isEmpty else { return [] }
        defer { pendingErrors[pointer] = nil }
        return pendingErrors[pointer] ?? []
    }

    /// Runs `body`, waits for the server, and throws the first error its requests caused. Errors of
    /// other requests that arrive meanwhile (one made earlier on a window another client has since
    /// destroyed, say) are left for `takeErrors()`: taken for this body's, a request that succeeded
    /// would count as failed.
    public func checked<T>(_ body: () -> T) throws(X11Error) -> T {
        let first = XNextRequest(pointer)
        let result = body()
        let end = XNextRequest(pointer)
        sync()
        let errors = takeErrors()
        let own = errors.filter { $0.serial >= first && $0.serial < end }
        let others = errors.filter { !($0.serial >= first && $0.serial < end) }
        if !others.isEmpty { pendingErrors[pointer, default: []] += others }
        if let error = own.first { throw error }
        return result
    }

}

private func environmentDisplay() -> String? {
    getenv("DISPLAY").map { String(cString: $0) }
}
