import CX11
import Glibc

/// One X selection (CLIPBOARD, PRIMARY) as text, both ways, by the ICCCM: owning it and answering
/// other clients' requests (TARGETS, UTF8_STRING, STRING, TEXT), and reading it from its owner. Data
/// larger than the server's maximum request goes in INCR chunks, both ways, as GTK's gdkclipboard-x11
/// does. Requests are answered from the event loop (`Display` hands them here while decoding);
/// reading waits for the owner's answer, picking only its events off the queue.
public final class Selection {
    private unowned let display: Display
    private var pointer: OpaquePointer { display.pointer }
    /// The selection's atom.
    public let name: Atom
    /// A hidden window that owns the selection and receives what is read.
    let window: Window
    /// The text offered while this client owns the selection.
    public private(set) var ownedText: String?
    /// Data offered by target (a MIME type's atom) while this client owns the selection for a drag
    /// (XdndSelection): what `own(offers:)` set.
    public private(set) var offers: [Atom: [UInt8]] = [:]

    /// An INCR transfer to a requestor: the rest goes out each time it deletes the property.
    private struct Transfer {
        var data: [UInt8]
        var offset = 0
        let type: Atom
    }
    private var transfers: [PropertyKey: Transfer] = [:]
    private struct PropertyKey: Hashable { let window: Window, property: Atom }

    init(display: Display, name: String) {
        self.display = display
        self.name = display.atom(name)
        window = XCreateSimpleWindow(display.pointer, display.root, -10, -10, 1, 1, 0, 0, 0)
        XSelectInput(display.pointer, window, PropertyChangeMask)
    }

    // No deinit: a selection lives as long as its connection, whose closing destroys the window.

    /// The largest property this client writes in one request: the server's maximum request (in
    /// 4-byte units, without BIG-REQUESTS) less room for the request's header.
    public var chunkSize: Int { Int(XMaxRequestSize(pointer)) * 4 - 100 }

    /// Offers `text` to other clients (nil: gives the selection up).
    public func own(_ text: String?) {
        ownedText = text
        offers = [:]
        XSetSelectionOwner(pointer, name, text == nil ? 0 : window, UInt(CurrentTime))
        XFlush(pointer)
    }

    /// Offers `offers` (data by target name, such as `text/plain;charset=utf-8`) to other clients,
    /// replacing any text; empty gives the selection up.
    public func own(offers: [String: [UInt8]]) {
        ownedText = nil
        self.offers = Dictionary(offers.map { (display.atom($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        XSetSelectionOwner(pointer, name, offers.isEmpty ? 0 : window, UInt(CurrentTime))
        XFlush(pointer)
    }

    /// The hidden window that owns the selection (an XDND source names it in its messages).
    public var ownerWindow: Window { window }

    /// Whether this client owns the selection now.
    public var isOwned: Bool { (ownedText != nil || !offers.isEmpty) && XGetSelectionOwner(pointer, name) == window }

    /// Another client took the selection.
    func cleared() {
        ownedText = nil
        offers = [:]
    }

    /// Answers a `SelectionRequest`.
    func answer(_ request: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = request.display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = 0
        // Obsolete clients name no property: the target is the property then (ICCCM 2.2).
        let property = request.property == 0 ? request.target : request.property
        let utf8 = display.atom("UTF8_STRING")
        if !offers.isEmpty, request.owner == window {
            if request.target == display.atom("TARGETS") {
                var targets: [UInt] = ([display.atom("TARGETS")] + offers.keys.sorted()).map { UInt($0) }
                XChangeProperty(pointer, request.requestor, property, Atom(XA_ATOM), 32, PropModeReplace, &targets, Int32(targets.count))
                reply.xselection.property = property
            } else if let data = offers[request.target] {
                write(data, type: request.target, to: request.requestor, property: property)
                reply.xselection.property = property
            }
        } else if let text = ownedText, request.owner == window {
            let textTargets = [utf8, display.atom("TEXT"), display.atom("text/plain;charset=utf-8"), Atom(XA_STRING)]
            if request.target == display.atom("TARGETS") {
                var targets: [UInt] = ([display.atom("TARGETS")] + textTargets).map { UInt($0) }
                XChangeProperty(pointer, request.requestor, property, Atom(XA_ATOM), 32, PropModeReplace, &targets, Int32(targets.count))
                reply.xselection.property = property
            } else if textTargets.contains(request.target) {
                let latin1 = request.target == Atom(XA_STRING)
                // STRING is Latin-1 (ICCCM); characters outside it become "?".
                let data: [UInt8] = latin1 ? text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 0x3F } : Array(text.utf8)
                write(data, type: latin1 ? Atom(XA_STRING) : utf8, to: request.requestor, property: property)
                reply.xselection.property = property
            }
        }
        XSendEvent(pointer, request.requestor, 0, 0, &reply)
        XFlush(pointer)
    }

    /// Writes `data` of `type` into the requestor's property, in INCR chunks when it is too large for
    /// one request.
    private func write(_ data: [UInt8], type: Atom, to requestor: Window, property: Atom) {
        if data.count > chunkSize {
            // INCR: announce the size; the chunks follow as the requestor deletes the property.
            XSelectInput(pointer, requestor, PropertyChangeMask)
            var size = [UInt(data.count)]
            XChangeProperty(pointer, requestor, property, display.atom("INCR"), 32, PropModeReplace, &size, 1)
            transfers[PropertyKey(window: requestor, property: property)] = Transfer(data: data, type: type)
        } else {
            data.withUnsafeBufferPointer {
                _ = XChangeProperty(pointer, requestor, property, type, 8, PropModeReplace, $0.baseAddress, Int32(data.count))
            }
        }
    }

    /// A property was deleted: the next chunk of an INCR transfer, if it was one; whether it was.
    func propertyDeleted(window requestor: Window, atom: Atom) -> Bool {
        let key = PropertyKey(window: requestor, property: atom)
        guard var transfer = transfers[key] else { return false }
        let count = min(chunkSize, transfer.data.count - transfer.offset)
        transfer.data.withUnsafeBufferPointer {
            _ = XChangeProperty(pointer, requestor, atom, transfer.type, 8, PropModeReplace, $0.baseAddress! + transfer.offset, Int32(count))
        }
        transfer.offset += count
        // The zero-length chunk (count 0) ends the transfer.
        if count == 0 {
            transfers[key] = nil
            XSelectInput(pointer, requestor, 0)
        } else {
            transfers[key] = transfer
        }
        XFlush(pointer)
        return true
    }

    /// The selection's text, from whichever client owns it (this one: its own text); nil when none
    /// does, it offers no text, or it does not answer within `timeout` seconds.
    public func read(timeout: Double = 1) -> String? {
        if isOwned { return ownedText }
        return readData(target: "UTF8_STRING", timeout: timeout).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The selection's data as `target` (a MIME type, `UTF8_STRING` …), asked of its owner with the
    /// timestamp `time` (XDND's drop time; 0 is CurrentTime); nil when no client owns it, it refuses
    /// the target, or it does not answer within `timeout` seconds. INCR transfers are read whole.
    public func readData(target: String, time: UInt = 0, timeout: Double = 1) -> [UInt8]? {
        guard XGetSelectionOwner(pointer, name) != 0 else { return nil }
        let property = display.atom("SCENEHOST_SELECTION")
        XDeleteProperty(pointer, window, property)
        XConvertSelection(pointer, name, display.atom(target), property, window, time)
        XFlush(pointer)
        let deadline = monotonicSeconds() + timeout
        guard let notify = waitForEvent(SelectionNotify, until: deadline), notify.xselection.property != 0 else { return nil }
        // The owner wrote the property before it answered: its notices are stale, and an INCR
        // transfer's chunks are told by notices after the read below.
        var stale = XEvent()
        while XCheckTypedWindowEvent(pointer, window, PropertyNotify, &stale) != 0 {}
        guard let first = takeProperty(property) else { return nil }
        guard first.type == display.atom("INCR") else { return first.bytes }
        // INCR: deleting the property (done by reading it) asks for each chunk; an empty one ends.
        var bytes: [UInt8] = []
        while true {
            guard let event = waitForEvent(PropertyNotify, until: deadline + timeout, matching: { event in
                event.xproperty.atom == property && event.xproperty.state == PropertyNewValue
            }), event.xproperty.window == window, let chunk = takeProperty(property) else { return nil }
            if chunk.bytes.isEmpty { break }
            bytes += chunk.bytes
        }
        return bytes
    }

    /// Reads and deletes a property of the hidden window.
    private func takeProperty(_ property: Atom) -> (type: Atom, bytes: [UInt8])? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(pointer, window, property, 0, Int(Int32.max / 4), 1, 0, &type, &format, &count, &after, &data) == Success
        else { return nil }
        defer { if let data { XFree(data) } }
        // Format 32 comes as longs (Xlib's rule); INCR's size is one, and its value is not needed.
        let length = format == 8 ? Int(count) : 0
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        return (type, bytes)
    }

    /// Waits for an event of `type` on the hidden window (and `matching`), leaving other events queued.
    private func waitForEvent(_ type: Int32, until deadline: Double, matching: (XEvent) -> Bool = { _ in true }) -> XEvent? {
        var event = XEvent()
        while monotonicSeconds() < deadline {
            while XCheckTypedWindowEvent(pointer, window, type, &event) != 0 {
                if matching(event) { return event }
            }
            var descriptor = pollfd(fd: XConnectionNumber(pointer), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 20)
        }
        return nil
    }
}

private func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

extension Display {
    /// The selection named `name` ("CLIPBOARD", "PRIMARY"), made once per connection.
    public func selection(_ name: String) -> Selection {
        if let selection = selections.first(where: { $0.name == atom(name) }) { return selection }
        let selection = Selection(display: self, name: name)
        selections.append(selection)
        return selection
    }

    /// Selection traffic, handled while decoding; whether `event` was some.
    func handleSelectionEvent(_ event: inout XEvent) -> Bool {
        guard !selections.isEmpty else { return false }
        switch event.type {
        case SelectionRequest:
            let request = event.xselectionrequest
            guard let selection = selections.first(where: { $0.name == request.selection }) else { return false }
            selection.answer(request)
            return true
        case SelectionClear:
            let clear = event.xselectionclear
            guard let selection = selections.first(where: { $0.name == clear.selection && $0.window == clear.window }) else { return false }
            selection.cleared()
            return true
        case PropertyNotify where event.xproperty.state == PropertyDelete:
            let property = event.xproperty
            return selections.contains { $0.propertyDeleted(window: property.window, atom: property.atom) }
        default:
            return false
        }
    }
}
