import CX11
import Glibc

/// A top-level window this process created; destroyed exactly once, when released or by `destroy()`.
public final class TopLevelWindow {
    public let display: Display
    public let id: Window
    private var destroyed = false

    /// Events every scene window listens to: size and position, mapping, focus, properties, exposure,
    /// keys, and the pointer's buttons, motion and crossings.
    public static let eventMask: Int = StructureNotifyMask | ExposureMask | FocusChangeMask | PropertyChangeMask
        | KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
        | EnterWindowMask | LeaveWindowMask

    /// Creates an unmapped window of `width`×`height` pixels with no background (the server never paints
    /// it, so resizes show no flash), NorthWest bit gravity (kept pixels stay put when it grows), and
    /// `WM_DELETE_WINDOW` among its protocols.
    public init(display: Display, x: Int = 0, y: Int = 0, width: Int, height: Int,
                title: String, className: String, instanceName: String) {
        self.display = display
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = UInt(None)
        attributes.bit_gravity = Int32(NorthWestGravity)
        attributes.event_mask = Self.eventMask
        let mask = UInt(CWBackPixmap | CWBitGravity | CWEventMask)
        id = XCreateWindow(display.pointer, display.root, Int32(x), Int32(y),
                           UInt32(max(1, width)), UInt32(max(1, height)), 0,
                           Int32(CopyFromParent), UInt32(InputOutput), nil, mask, &attributes)

        var classHint = XClassHint()
        instanceName.withCString { instance in
            className.withCString { cls in
                classHint.res_name = UnsafeMutablePointer(mutating: instance)
                classHint.res_class = UnsafeMutablePointer(mutating: cls)
                XSetClassHint(display.pointer, id, &classHint)
            }
        }
        display.setCardinalProperty(id, "_NET_WM_PID", [UInt(getpid())])
        var protocols = [display.atom("WM_DELETE_WINDOW")]
        XSetWMProtocols(display.pointer, id, &protocols, 1)
        // The WM needs input hints to give the window keyboard focus.
        if let wmHints = XAllocWMHints() {
            wmHints.pointee.flags = InputHint | StateHint
            wmHints.pointee.input = 1
            wmHints.pointee.initial_state = NormalState
            XSetWMHints(display.pointer, id, wmHints)
            XFree(wmHints)
        }
        setTitle(title)
    }

    deinit { destroy() }

    /// Sets `_NET_WM_NAME` (UTF-8) and `WM_NAME` (Latin-1 where possible, as ICCCM asks).
    public func setTitle(_ title: String) {
        display.setStringProperty(id, "_NET_WM_NAME", title)
        // STRING is Latin-1: one byte per character, "?" for what Latin-1 cannot hold.
        let latin1 = title.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
        display.setPropertyBytes(id, "WM_NAME", type: "STRING", latin1)
    }

    public func map() { XMapWindow(display.pointer, id) }
    public func unmap() { XUnmapWindow(display.pointer, id) }

    /// Another client destroyed the window (its `DestroyNotify` arrived): nothing is left to destroy.
    public func wasDestroyed() { destroyed = true }

    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        XDestroyWindow(display.pointer, id)
        display.flush()
    }
}
