import CX11

/// The desktop's cursors, loaded through Xcursor from the cursor theme (`XCURSOR_THEME`, the
/// desktop's), falling back to the core cursor font's shapes where the theme lacks a name.
extension Display {
    /// Shows the cursor named by the first of `names` that loads (freedesktop names such as "default",
    /// "text", "pointer", "ew-resize", then X11's "left_ptr", "xterm", "hand2"…) over `window`; an
    /// empty list hides the cursor. Cursors are loaded once per connection.
    public func setCursor(_ names: [String], on window: Window) {
        XDefineCursor(pointer, window, cursor(names))
        flush()
    }

    /// The cursor for `names` (see `setCursor`), loaded once.
    func cursor(_ names: [String]) -> UInt {
        let key = names.joined(separator: ",")
        if let known = cursors[key] { return known }
        var loaded: UInt = 0
        if names.isEmpty {
            loaded = blankCursor()
        } else {
            for name in names {
                loaded = XcursorLibraryLoadCursor(pointer, name)
                if loaded != 0 { break }
            }
            // Without a theme Xcursor knows only the core font's names; the arrow is always there.
            if loaded == 0 { loaded = XCreateFontCursor(pointer, UInt32(XC_left_ptr)) }
        }
        cursors[key] = loaded
        return loaded
    }

    /// A cursor with no visible pixel.
    private func blankCursor() -> UInt {
        var bits: CChar = 0
        let pixmap = XCreateBitmapFromData(pointer, root, &bits, 1, 1)
        var foreground = XColor(), background = XColor()
        let cursor = XCreatePixmapCursor(pointer, pixmap, pixmap, &foreground, &background, 0, 0)
        XFreePixmap(pointer, pixmap)
        return cursor
    }
}
