import CX11

extension Display {
    /// Whether the server has the XSync extension (initialised on first ask).
    public var hasSyncExtension: Bool {
        if let known = syncExtensionKnown[pointer] { return known }
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        let available = XSyncQueryExtension(pointer, &eventBase, &errorBase) != 0
            && XSyncInitialize(pointer, &major, &minor) != 0
        syncExtensionKnown[pointer] = available
        return available
    }

    /// Whether the window manager announces `name` in `_NET_SUPPORTED`.
    public func windowManagerSupports(_ name: String) -> Bool {
        (cardinalProperty(root, "_NET_SUPPORTED") ?? []).contains(UInt(atom(name)))
    }
}

nonisolated(unsafe) private var syncExtensionKnown: [OpaquePointer: Bool] = [:]

/// An XSync counter: the client's half of the `_NET_WM_SYNC_REQUEST` protocol. The window manager
/// asks for a value before each configure of a drag; the client sets the counter to it once the frame
/// at the new size is on screen, and the window manager waits for that before the next step.
public final class SyncCounter {
    public let display: Display
    public let id: XSyncCounter

    public init(display: Display) {
        self.display = display
        var zero = XSyncValue()
        XSyncIntToValue(&zero, 0)
        id = XSyncCreateCounter(display.pointer, zero)
    }

    private var destroyed = false

    deinit { destroy() }

    /// Destroys the counter exactly once; call it while the connection is still open (a counter
    /// released after its server has gone must not touch the connection).
    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        XSyncDestroyCounter(display.pointer, id)
    }

    /// Sets the counter to the 64-bit `value`.
    public func set(_ value: Int64) {
        var syncValue = XSyncValue()
        XSyncIntsToValue(&syncValue, UInt32(truncatingIfNeeded: value), Int32(truncatingIfNeeded: value >> 32))
        XSyncSetCounter(display.pointer, id, syncValue)
    }

    /// The counter's value as the server has it (a round trip; for tests).
    public var value: Int64? {
        var syncValue = XSyncValue()
        guard XSyncQueryCounter(display.pointer, id, &syncValue) != 0 else { return nil }
        return Int64(syncValue.hi) << 32 | Int64(syncValue.lo)
    }
}

extension Display {
    /// Reads any client's counter (tests playing the window manager's part).
    public func syncCounterValue(_ counter: XSyncCounter) -> Int64? {
        var syncValue = XSyncValue()
        guard XSyncQueryCounter(pointer, counter, &syncValue) != 0 else { return nil }
        return Int64(syncValue.hi) << 32 | Int64(syncValue.lo)
    }
}

extension TopLevelWindow {
    /// Joins the `_NET_WM_SYNC_REQUEST` protocol with `counter`: lists it in `WM_PROTOCOLS` (beside
    /// `WM_DELETE_WINDOW`) and publishes the counter in `_NET_WM_SYNC_REQUEST_COUNTER`.
    public func enableSyncRequests(counter: SyncCounter) {
        var protocols = [display.atom("WM_DELETE_WINDOW"), display.atom("_NET_WM_SYNC_REQUEST")]
        XSetWMProtocols(display.pointer, id, &protocols, 2)
        display.setCardinalProperty(id, "_NET_WM_SYNC_REQUEST_COUNTER", [UInt(counter.id)])
    }
}
