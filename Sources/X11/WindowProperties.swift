import CX11

/// Window requests on any window of the display, ours or another client's (tests inspect both).
extension Display {
    public struct Geometry: Equatable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }

    /// Size limits in WM_NORMAL_HINTS; nil leaves that limit out (no minimum / no maximum).
    public struct SizeHints: Equatable, Sendable {
        public var minimum: (width: Int, height: Int)?
        public var maximum: (width: Int, height: Int)?
        /// A position the user chose (USPosition), of the client window itself (StaticGravity).
        public var position: (x: Int, y: Int)?
        /// One width-to-height ratio kept (PAspect, minimum = maximum), in whole numbers.
        public var aspect: (width: Int, height: Int)?
        public init(minimum: (width: Int, height: Int)? = nil, maximum: (width: Int, height: Int)? = nil,
                    aspect: (width: Int, height: Int)? = nil) {
            self.minimum = minimum; self.maximum = maximum; self.aspect = aspect
        }
        public static func == (a: SizeHints, b: SizeHints) -> Bool {
            a.minimum?.width == b.minimum?.width && a.minimum?.height == b.minimum?.height
                && a.maximum?.width == b.maximum?.width && a.maximum?.height == b.maximum?.height
                && a.position?.x == b.position?.x && a.position?.y == b.position?.y
                && a.aspect?.width == b.aspect?.width && a.aspect?.height == b.aspect?.height
        }
    }

    public func setStringProperty(_ window: Window, _ property: String, _ value: String, type: String = "UTF8_STRING") {
        var bytes = Array(value.utf8)
        XChangeProperty(pointer, window, atom(property), atom(type), 8, PropModeReplace, &bytes, Int32(bytes.count))
    }

    public func setCardinalProperty(_ window: Window, _ property: String, _ values: [UInt], type: String = "CARDINAL") {
        // Format-32 properties are passed to Xlib as an array of C longs.
        var longs = values.map { CLong(bitPattern: $0) }
        longs.withUnsafeMutableBytes { raw in
            _ = XChangeProperty(pointer, window, atom(property), atom(type), 32, PropModeReplace,
                                raw.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    /// Reads a property of `format` (8, 16 or 32 bits per item) and hands its items to `convert`; nil
    /// when it is absent or of another format. Xlib returns 32-bit items as C longs.
    private func readProperty<T>(_ window: Window, _ property: String, format expected: Int32, maximumLength: Int,
                                 _ convert: (UnsafeMutablePointer<UInt8>, Int) -> T) -> T? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(pointer, window, atom(property), 0, maximumLength, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data, format == expected else { return nil }
        return convert(data, Int(count))
    }

    /// Reads a format-32 property (CARDINAL, WINDOW, ATOM) as unsigned values; nil when absent.
    public func cardinalProperty(_ window: Window, _ property: String) -> [UInt]? {
        readProperty(window, property, format: 32, maximumLength: 1024) { data, count in
            data.withMemoryRebound(to: CLong.self, capacity: count) { longs in (0..<count).map { UInt(bitPattern: longs[$0]) } }
        }
    }

    /// Reads an 8-bit property as bytes; nil when absent.
    public func propertyBytes(_ window: Window, _ property: String) -> [UInt8]? {
        readProperty(window, property, format: 8, maximumLength: 1 << 20) { Array(UnsafeBufferPointer(start: $0, count: $1)) }
    }

    /// Writes an 8-bit property from bytes.
    public func setPropertyBytes(_ window: Window, _ property: String, type: String, _ bytes: [UInt8]) {
        var bytes = bytes
        XChangeProperty(pointer, window, atom(property), atom(type), 8, PropModeReplace, &bytes, Int32(bytes.count))
    }

    /// Reads an 8-bit property (STRING, UTF8_STRING) as text; nil when absent.
    public func stringProperty(_ window: Window, _ property: String) -> String? {
        propertyBytes(window, property).map { String(decoding: $0, as: UTF8.self) }
    }

    public func setSizeHints(_ window: Window, _ limits: SizeHints) {
        var hints = XSizeHints()
        if let minimum = limits.minimum {
            hints.flags |= PMinSize
            hints.min_width = Int32(clamping: minimum.width)
            hints.min_height = Int32(clamping: minimum.height)
        }
        if let maximum = limits.maximum {
            hints.flags |= PMaxSize
            hints.max_width = Int32(clamping: maximum.width)
            hints.max_height = Int32(clamping: maximum.height)
        }
        if let aspect = limits.aspect {
            hints.flags |= PAspect
            hints.min_aspect.x = Int32(clamping: aspect.width)
            hints.min_aspect.y = Int32(clamping: aspect.height)
            hints.max_aspect = hints.min_aspect
        }
        // Static gravity: a position the client asks for (a restored window, a geometry request) is
        // its own, not its frame's.
        hints.flags |= PWinGravity
        hints.win_gravity = StaticGravity
        if let position = limits.position {
            hints.flags |= USPosition
            hints.x = Int32(clamping: position.x)
            hints.y = Int32(clamping: position.y)
        }
        XSetWMNormalHints(pointer, window, &hints)
    }

    public func sizeHints(_ window: Window) -> SizeHints? {
        var hints = XSizeHints()
        var supplied: Int = 0
        guard XGetWMNormalHints(pointer, window, &hints, &supplied) != 0 else { return nil }
        var limits = SizeHints()
        if hints.flags & PMinSize != 0 { limits.minimum = (Int(hints.min_width), Int(hints.min_height)) }
        if hints.flags & PMaxSize != 0 { limits.maximum = (Int(hints.max_width), Int(hints.max_height)) }
        if hints.flags & PAspect != 0 { limits.aspect = (Int(hints.min_aspect.x), Int(hints.min_aspect.y)) }
        return limits
    }

    /// The window's size, and its position relative to its parent.
    public func geometry(_ window: Window) -> Geometry? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(pointer, window, &attributes) != 0 else { return nil }
        return Geometry(x: Int(attributes.x), y: Int(attributes.y),
                        width: Int(attributes.width), height: Int(attributes.height))
    }

    /// Starts following `frame`, a window manager's frame around one of ours: its `ConfigureNotify`
    /// events arrive from now on. Returns where it is (its parent's coordinates) and its border, if its
    /// parent is the root window; nil otherwise (a window manager that nests frames deeper), when its
    /// root position must be asked for.
    public func followFrame(_ frame: Window) -> (x: Int, y: Int, border: Int)? {
        // Selected before asking: a move made after the answer is reported by an event.
        XSelectInput(pointer, frame, Int(StructureNotifyMask))
        var rootWindow: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(pointer, frame, &rootWindow, &parent, &children, &count) != 0 else { return nil }
        if let children { XFree(children) }
        var attributes = XWindowAttributes()
        guard parent == root, XGetWindowAttributes(pointer, frame, &attributes) != 0 else { return nil }
        return (Int(attributes.x), Int(attributes.y), Int(attributes.border_width))
    }

    /// The window's parent: the root, or a window manager's frame; nil if the window is gone.
    public func parent(of window: Window) -> Window? {
        var rootWindow: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(pointer, window, &rootWindow, &parent, &children, &count) != 0 else { return nil }
        if let children { XFree(children) }
        return parent
    }

    /// The window's top-left corner in root coordinates.
    public func rootPosition(_ window: Window) -> (x: Int, y: Int)? {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(pointer, window, root, 0, 0, &x, &y, &child) != 0 else { return nil }
        return (Int(x), Int(y))
    }

    public func isViewable(_ window: Window) -> Bool {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(pointer, window, &attributes) != 0 else { return false }
        return attributes.map_state == IsViewable
    }

    /// `_NET_FRAME_EXTENTS` (left, right, top, bottom) as set by the window manager.
    public func frameExtents(_ window: Window) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        guard let values = cardinalProperty(window, "_NET_FRAME_EXTENTS"), values.count == 4 else { return nil }
        return (Int(values[0]), Int(values[1]), Int(values[2]), Int(values[3]))
    }

    public func resize(_ window: Window, width: Int, height: Int) {
        XResizeWindow(pointer, window, UInt32(max(1, width)), UInt32(max(1, height)))
    }

    public func moveResize(_ window: Window, x: Int, y: Int, width: Int, height: Int) {
        XMoveResizeWindow(pointer, window, Int32(x), Int32(y), UInt32(max(1, width)), UInt32(max(1, height)))
    }

    /// Destroys any client's window outright, as `xdotool windowclose` does (no request to its owner).
    public func destroyWindow(_ window: Window) {
        XDestroyWindow(pointer, window)
    }

    /// Who a client message is for: the window's owner, the clients watching the window's structure
    /// (the MANAGER announcement on the root), or the window manager (requests about a window, sent to
    /// the root as EWMH asks).
    public enum MessageAudience: Sendable { case owner, structureWatchers, windowManager }

    /// Sends a 32-bit client message of `type` about `window` (at most five values of `data`).
    public func sendClientMessage(_ type: String, about window: Window, data: [Int], to audience: MessageAudience = .owner) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = atom(type)
        event.xclient.format = 32
        let values = (data + [0, 0, 0, 0, 0]).prefix(5).map { CLong(truncatingIfNeeded: $0) }
        event.xclient.data.l = (values[0], values[1], values[2], values[3], values[4])
        switch audience {
        case .owner: XSendEvent(pointer, window, 0, NoEventMask, &event)
        case .structureWatchers: XSendEvent(pointer, window, 0, StructureNotifyMask, &event)
        case .windowManager: XSendEvent(pointer, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        }
    }

    /// An atom as a client message's value.
    func value(of name: String) -> Int { Int(bitPattern: UInt(atom(name))) }

    /// Asks the window's owner to close it, as a window manager's close button does (WM_DELETE_WINDOW).
    public func sendDeleteRequest(_ window: Window) {
        sendClientMessage("WM_PROTOCOLS", about: window, data: [value(of: "WM_DELETE_WINDOW"), Int(CurrentTime)])
    }

    /// Asks the window's owner to acknowledge `serial` on its sync counter once it has drawn the size of
    /// the next configure, as a window manager does before each step of a drag (`_NET_WM_SYNC_REQUEST`).
    public func sendSyncRequest(_ window: Window, serial: Int64) {
        sendClientMessage("WM_PROTOCOLS", about: window, data: [value(of: "_NET_WM_SYNC_REQUEST"), Int(CurrentTime),
                                                                Int(serial & 0xffff_ffff), Int(serial >> 32)])
    }

    /// Asks the window manager to show, raise and focus the window (`_NET_ACTIVE_WINDOW`, as a pager or
    /// task bar does; `source` 1 = an application, 2 = a pager).
    public func activate(_ window: Window, source: Int = 1) {
        sendClientMessage("_NET_ACTIVE_WINDOW", about: window, data: [source, Int(CurrentTime)], to: .windowManager)
        XMapRaised(pointer, window)
    }

    /// Gives the window the keyboard focus directly (it goes back to the parent when the window goes).
    public func focus(_ window: Window) { XSetInputFocus(pointer, window, RevertToParent, UInt(CurrentTime)) }

    /// Maps a black window over `x`, `y`, `width`, `height` of the root, above everything and out of the
    /// window manager's hands (override-redirect): what it covers, the server loses. Destroy it with
    /// `destroyWindow(_:)`.
    public func mapCover(x: Int, y: Int, width: Int, height: Int) -> Window {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = 0
        let cover = XCreateWindow(pointer, root, Int32(x), Int32(y), UInt32(max(1, width)), UInt32(max(1, height)), 0,
                                  Int32(CopyFromParent), UInt32(InputOutput), nil, UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        XMapRaised(pointer, cover)
        return cover
    }

    /// Raises the window above its siblings (a request the window manager may redirect).
    public func raise(_ window: Window) { XRaiseWindow(pointer, window) }

    /// Moves the window to `x`, `y` in its parent.
    public func move(_ window: Window, x: Int, y: Int) { XMoveWindow(pointer, window, Int32(x), Int32(y)) }

    /// The window that owns the selection named `name` (0 for none).
    public func selectionOwner(_ name: String) -> Window { XGetSelectionOwner(pointer, atom(name)) }

    /// Makes `window` the selection's owner; returns whether it is.
    @discardableResult
    public func takeSelection(_ name: String, for window: Window) -> Bool {
        XSetSelectionOwner(pointer, atom(name), window, UInt(CurrentTime))
        return selectionOwner(name) == window
    }

    /// Asks for the window's property changes and structure changes (destroyed, configured), besides
    /// what this connection already asks of it.
    public func watchPropertiesAndStructure(of window: Window) {
        var attributes = XWindowAttributes()
        let current = XGetWindowAttributes(pointer, window, &attributes) != 0 ? attributes.your_event_mask : 0
        XSelectInput(pointer, window, current | StructureNotifyMask | PropertyChangeMask)
    }

    /// The functions of `_MOTIF_WM_HINTS`, with Motif's bit values.
    public struct MotifFunctions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let resize = MotifFunctions(rawValue: 1 << 1)
        public static let move = MotifFunctions(rawValue: 1 << 2)
        public static let minimize = MotifFunctions(rawValue: 1 << 3)
        public static let maximize = MotifFunctions(rawValue: 1 << 4)
        public static let close = MotifFunctions(rawValue: 1 << 5)
    }

    /// Writes `_MOTIF_WM_HINTS` with only the functions field (flags 1): the window manager may offer
    /// `functions` and no others; decorations are left to it.
    public func setMotifFunctions(_ window: Window, _ functions: MotifFunctions) {
        setCardinalProperty(window, "_MOTIF_WM_HINTS", [1, functions.rawValue, 0, 0, 0], type: "_MOTIF_WM_HINTS")
    }

    /// Asks the window manager to maximize the window both ways, or to restore it (`_NET_WM_STATE`).
    public func setMaximized(_ window: Window, _ maximized: Bool) {
        changeState(of: window, adding: maximized, "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ")
    }

    /// Asks the window manager to show the window full screen, or to restore it (`_NET_WM_STATE`).
    public func setFullScreen(_ window: Window, _ fullScreen: Bool) {
        changeState(of: window, adding: fullScreen, "_NET_WM_STATE_FULLSCREEN")
    }

    /// The EWMH request to add or remove one or two `_NET_WM_STATE` properties, from a normal application.
    private func changeState(of window: Window, adding: Bool, _ first: String, _ second: String? = nil) {
        sendClientMessage("_NET_WM_STATE", about: window, data: [adding ? 1 : 0, value(of: first), second.map(value(of:)) ?? 0, 1],
                          to: .windowManager)
    }

    /// Asks the window manager to iconify the window (ICCCM WM_CHANGE_STATE).
    public func iconify(_ window: Window) {
        XIconifyWindow(pointer, window, screen)
    }

    /// The ICCCM state the window manager gives a window it manages (`WM_STATE`); nil when it set none.
    public enum WindowManagerState: UInt, Sendable { case withdrawn = 0, normal = 1, iconic = 3 }

    public func windowManagerState(_ window: Window) -> WindowManagerState? {
        cardinalProperty(window, "WM_STATE")?.first.flatMap(WindowManagerState.init(rawValue:))
    }

    /// Top-level client windows the window manager lists in `_NET_CLIENT_LIST`.
    public func clientWindows() -> [Window] {
        (cardinalProperty(root, "_NET_CLIENT_LIST") ?? []).map { Window($0) }
    }
}
