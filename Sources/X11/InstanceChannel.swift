import CX11
import Glibc

/// One running instance of an app per display, and a way for a second launch to hand it what it was
/// launched with, through an X selection the first instance owns: no sockets, nothing on disk, and
/// the channel ends with the owner's connection (the server gives the selection up).
///
/// The second process finds the owner of the selection `_SCENEHOST_INSTANCE_<app>`, writes its payload
/// to the property `_SCENEHOST_HANDOVER` of a window of its own and sends the owner a
/// `_SCENEHOST_HANDOVER` client message naming that window and property. The owner reads the property
/// and deletes it; the deletion (a `PropertyNotify`) tells the sender the payload arrived, and it exits.
public final class InstanceChannel {
    private unowned let display: Display
    private var pointer: OpaquePointer { display.pointer }
    /// The selection naming the app's running instance.
    public let selection: Atom
    /// The property and message type of a hand-over.
    private let handover: Atom
    /// A hidden window: the selection's owner (in the first instance) or the payload's holder (in a second).
    public let window: Window

    /// A channel for the app called `appName` (any text: it is reduced to letters, digits, '.' and '_').
    public init(display: Display, appName: String) {
        self.display = display
        let name = String(appName.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" ? $0 : "_" })
        selection = display.atom("_SCENEHOST_INSTANCE_" + name)
        handover = display.atom("_SCENEHOST_HANDOVER")
        window = XCreateSimpleWindow(display.pointer, display.root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(display.pointer, window, PropertyChangeMask)
    }

    // No deinit: the window lives as long as the connection, whose closing destroys it and so gives up
    // the selection.

    /// The window of the instance running now (another process's, or this one's), or nil.
    public var runningInstance: Window? {
        let owner = XGetSelectionOwner(pointer, selection)
        return owner == 0 ? nil : owner
    }

    /// Makes this process the running instance; returns whether it is.
    @discardableResult
    public func claim() -> Bool {
        XSetSelectionOwner(pointer, selection, window, UInt(CurrentTime))
        XFlush(pointer)
        return XGetSelectionOwner(pointer, selection) == window
    }

    /// Sends `payload` to the running instance and waits up to `timeout` seconds for it to take it.
    /// Returns false when no instance runs, the payload is larger than one request may carry, or the
    /// instance did not take it in time.
    public func send(_ payload: [UInt8], timeout: Double = 3) -> Bool {
        guard let owner = runningInstance, owner != window else { return false }
        guard payload.count <= Int(XMaxRequestSize(pointer)) * 4 - 100 else { return false }
        var bytes = payload
        XChangeProperty(pointer, window, handover, handover, 8, PropModeReplace, &bytes, Int32(bytes.count))
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = owner
        event.xclient.message_type = handover
        event.xclient.format = 32
        event.xclient.data.l = (CLong(bitPattern: UInt(window)), CLong(bitPattern: UInt(handover)), 0, 0, 0)
        XSendEvent(pointer, owner, 0, NoEventMask, &event)
        XFlush(pointer)
        // The owner deletes the property once it has read it.
        let deadline = Self.now() + timeout
        var notify = XEvent()
        while Self.now() < deadline {
            while XCheckTypedWindowEvent(pointer, window, PropertyNotify, &notify) != 0 {
                if notify.xproperty.atom == handover, notify.xproperty.state == PropertyDelete { return true }
            }
            // The owner went away meanwhile: nobody will take it.
            if XGetSelectionOwner(pointer, selection) != owner { return false }
            var descriptor = pollfd(fd: XConnectionNumber(pointer), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 20)
        }
        XDeleteProperty(pointer, window, handover)
        XFlush(pointer)
        return false
    }

    /// The payload a second launch handed over, when `event` is its message to this channel's window
    /// (the property is read and deleted, which tells the sender); nil for any other event.
    public func receive(_ event: Event) -> [UInt8]? {
        guard case let .clientMessage(target, type, data) = event, target == window, type == handover, data.count >= 2 else { return nil }
        let sender = Window(UInt(bitPattern: data[0]))
        let property = Atom(UInt(bitPattern: data[1]))
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var bytes: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(pointer, sender, property, 0, Int(XMaxRequestSize(pointer)), 1, Atom(AnyPropertyType),
                                        &actualType, &format, &count, &remaining, &bytes)
        defer { if let bytes { XFree(bytes) } }
        XFlush(pointer)
        guard status == Success, let bytes, format == 8 else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(count)))
    }

    private static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
