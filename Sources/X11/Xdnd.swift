import CX11
import Glibc

/// What lies under a point of the screen for a drag, found as GTK's `get_client_window_at_coords`
/// finds it: the topmost viewable child of the root that contains the point (the window manager's
/// frame, or an override-redirect window), and inside it the client window (the one with `WM_STATE`).
public struct DropSite: Equatable, Sendable {
    /// The client window under the point (the top-level child itself when none has `WM_STATE`); 0
    /// when the point is over the root alone.
    public let window: Window
    /// The XDND version the window (or its frame) announces in `XdndAware`; nil when it takes no drops.
    public let xdndVersion: Int?
    /// The window that carries `XdndAware` and receives the XDND messages.
    public let messageWindow: Window
}

extension Display {
    /// The newest XDND version this side speaks (the protocol's 5).
    public static let xdndVersion = 5

    /// The drop site at `point` (root pixels), leaving out `excluded` windows (the drag's own image).
    public func dropSite(at point: (x: Int, y: Int), excluding excluded: Set<Window>) -> DropSite {
        var rootWindow: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(pointer, root, &rootWindow, &parent, &children, &count) != 0, let children else {
            return DropSite(window: 0, xdndVersion: nil, messageWindow: 0)
        }
        defer { XFree(children) }
        // Children come bottom to top: the topmost containing the point wins.
        for index in stride(from: Int(count) - 1, through: 0, by: -1) {
            let child = children[index]
            guard !excluded.contains(child) else { continue }
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(pointer, child, &attributes) != 0, attributes.map_state == IsViewable,
                  attributes.`class` == InputOutput else { continue }
            let x = Int(attributes.x), y = Int(attributes.y)
            let width = Int(attributes.width) + 2 * Int(attributes.border_width), height = Int(attributes.height) + 2 * Int(attributes.border_width)
            guard point.x >= x, point.x < x + width, point.y >= y, point.y < y + height else { continue }
            let client = clientWindow(under: child, depth: 0) ?? child
            // The XDND spec lets a window manager's frame forward messages; the client is asked first.
            if let version = xdndAwareVersion(client) { return DropSite(window: client, xdndVersion: version, messageWindow: client) }
            if client != child, let version = xdndAwareVersion(child) { return DropSite(window: client, xdndVersion: version, messageWindow: child) }
            return DropSite(window: client, xdndVersion: nil, messageWindow: client)
        }
        return DropSite(window: 0, xdndVersion: nil, messageWindow: 0)
    }

    /// The first window at or below `window` that has `WM_STATE` (a breadth-first walk, as Xmu's
    /// `XmuClientWindow`), within a few levels.
    private func clientWindow(under window: Window, depth: Int) -> Window? {
        if propertyExists(window, "WM_STATE") { return window }
        guard depth < 4 else { return nil }
        var rootWindow: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(pointer, window, &rootWindow, &parent, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        for index in 0..<Int(count) where propertyExists(children[index], "WM_STATE") { return children[index] }
        for index in 0..<Int(count) {
            if let found = clientWindow(under: children[index], depth: depth + 1) { return found }
        }
        return nil
    }

    private func propertyExists(_ window: Window, _ name: String) -> Bool {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(pointer, window, atom(name), 0, 0, 0, Atom(AnyPropertyType), &type, &format, &count, &after, &data) == Success
        else { return false }
        if let data { XFree(data) }
        return type != 0
    }

    /// The version in the window's `XdndAware` property; nil when it has none.
    public func xdndAwareVersion(_ window: Window) -> Int? {
        cardinalProperty(window, "XdndAware")?.first.map { Int($0) }
    }

    /// Announces that `window` takes XDND drops (`XdndAware` = 5).
    public func setXdndAware(_ window: Window) {
        setCardinalProperty(window, "XdndAware", [UInt(Self.xdndVersion)], type: "ATOM")
    }

    /// The names of atoms, in order (XDND's type lists); atoms without a name are left out.
    public func atomNames(_ atoms: [UInt]) -> [String] {
        atoms.compactMap { $0 == 0 ? nil : atomName(Atom($0)) }
    }
}

/// A drag's image: an override-redirect window (the window manager leaves it alone, above every
/// other) showing premultiplied ARGB pixels, moved with the pointer, as GTK's drag icon. Its pixels
/// are its background pixmap, so the server redraws it without asking. Destroyed with `destroy()` or
/// when released.
public final class DragImageWindow {
    private let display: Display
    public let id: Window
    private var pixmap: Pixmap = 0
    private var destroyed = false
    /// The size of the pixels shown, in pixels.
    public private(set) var width: Int, height: Int
    private var opacity: UInt32 = .max

    /// A window showing `width`×`height` pixels of `pixels` (32-bit words, 0xAARRGGBB premultiplied,
    /// `stride` bytes a row), not yet shown. Alpha is dropped: the window is opaque.
    public init(display: Display, pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        self.display = display
        self.width = max(1, width)
        self.height = max(1, height)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        id = XCreateWindow(display.pointer, display.root, -10_000, -10_000, UInt32(self.width), UInt32(self.height), 0,
                           Int32(CopyFromParent), UInt32(InputOutput), nil, UInt(CWOverrideRedirect | CWSaveUnder), &attributes)
        setPixels(pixels, width: width, height: height, stride: stride)
        display.setStringProperty(id, "_NET_WM_WINDOW_TYPE", "")
        display.setCardinalProperty(id, "_NET_WM_WINDOW_TYPE", [UInt(display.atom("_NET_WM_WINDOW_TYPE_DND"))], type: "ATOM")
    }

    /// Puts `pixels` in a new background pixmap of their size (the old one freed).
    private func setPixels(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        let depth = display.defaultDepth
        let old = pixmap
        pixmap = XCreatePixmap(display.pointer, id, UInt32(self.width), UInt32(self.height), UInt32(depth))
        // Copied row by row into an image of Xlib's own (it frees the buffer with the image).
        if let buffer = malloc(self.width * self.height * 4) {
            for row in 0..<min(height, self.height) {
                memcpy(buffer + row * self.width * 4, pixels + row * stride, min(width, self.width) * 4)
            }
            if let image = XCreateImage(display.pointer, display.defaultVisual, UInt32(depth), ZPixmap, 0,
                                        buffer.assumingMemoryBound(to: CChar.self), UInt32(self.width), UInt32(self.height), 32,
                                        Int32(self.width * 4)) {
                let context = XCreateGC(display.pointer, pixmap, 0, nil)
                XPutImage(display.pointer, pixmap, context, image, 0, 0, 0, 0, UInt32(self.width), UInt32(self.height))
                XFreeGC(display.pointer, context)
                scenehost_destroy_image(image)
            } else {
                free(buffer)
            }
        }
        XSetWindowBackgroundPixmap(display.pointer, id, pixmap)
        if old != 0 { XFreePixmap(display.pointer, old) }
    }

    /// Shows new pixels (an animation's frame at another size): the window takes their size, its
    /// top-left corner at `x`, `y` (root pixels).
    public func update(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, x: Int, y: Int) {
        guard !destroyed else { return }
        self.width = max(1, width)
        self.height = max(1, height)
        setPixels(pixels, width: width, height: height, stride: stride)
        XMoveResizeWindow(display.pointer, id, Int32(x), Int32(y), UInt32(self.width), UInt32(self.height))
        XClearWindow(display.pointer, id)
    }

    /// Sets the window's opacity (0…1) as `_NET_WM_WINDOW_OPACITY`, which a compositing manager
    /// honours; without one the window stays opaque.
    public func setOpacity(_ alpha: Double) {
        guard !destroyed else { return }
        let value = UInt32((min(1, max(0, alpha)) * Double(UInt32.max)).rounded())
        guard value != opacity else { return }
        opacity = value
        display.setCardinalProperty(id, "_NET_WM_WINDOW_OPACITY", [UInt(value)])
    }

    deinit { destroy() }

    /// Shows the window with its top-left corner at `x`, `y` (root pixels), above every other.
    public func show(at x: Int, _ y: Int) {
        guard !destroyed else { return }
        XMoveWindow(display.pointer, id, Int32(x), Int32(y))
        XMapRaised(display.pointer, id)
    }

    /// Moves the window's top-left corner to `x`, `y` (root pixels).
    public func move(to x: Int, _ y: Int) {
        guard !destroyed else { return }
        XMoveWindow(display.pointer, id, Int32(x), Int32(y))
    }

    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        XDestroyWindow(display.pointer, id)
        XFreePixmap(display.pointer, pixmap)
        XFlush(display.pointer)
    }
}
