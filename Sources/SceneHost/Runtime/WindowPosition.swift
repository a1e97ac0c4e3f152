import X11

/// Where a scene's window is on the root window (pixels), kept from the events a drag brings without a
/// round trip to the server where it can: the window manager's frame is followed when it is a child of
/// the root (openbox, most reparenting window managers), so a step of a drag tells the position.
@MainActor
struct WindowPosition {
    /// The client area's top-left corner on the root, as last known.
    private(set) var root: (x: Int, y: Int) = (0, 0)
    /// Whether `root` must be asked for (a real configure in a parent that is not followed).
    private(set) var isStale = true

    /// What the window sits in.
    private var parent = Parent.unknown
    private enum Parent {
        case unknown, root
        /// `x`, `y`: the frame's root position inside its border.
        case frame(Window, x: Int, y: Int)
    }
    /// The window's place in its parent, with its border, from the newest real `ConfigureNotify`.
    private var placeInParent = (x: 0, y: 0)

    /// The window manager's frame whose events the window takes.
    var followedFrame: Window? { if case .frame(let id, _, _) = parent { id } else { nil } }

    /// A synthetic `ConfigureNotify` (from the window manager) gives root coordinates; returns whether
    /// the position changed.
    mutating func configured(root position: (x: Int, y: Int)) -> Bool { move(to: position) }

    /// A real `ConfigureNotify` gives the place in the parent (`border` included); returns whether the
    /// position changed (or became unknown: see `isStale`).
    mutating func configured(inParent x: Int, _ y: Int, border: Int) -> Bool {
        placeInParent = (x + border, y + border)
        return placeInFrame()
    }

    /// The followed frame moved or was resized (its `ConfigureNotify`); returns whether the position changed.
    mutating func frameConfigured(x: Int, y: Int, border: Int) -> Bool {
        guard let frame = followedFrame else { return false }
        parent = .frame(frame, x: x + border, y: y + border)
        return placeInFrame()
    }

    /// The followed frame was put in another parent (rare): it is no longer followed.
    mutating func frameReparented() -> Bool {
        parent = .unknown
        return placeInFrame()
    }

    /// The window got a new parent (`ReparentNotify`) at `x`, `y` in it: the root, a frame the display
    /// follows from now on, or a frame deeper down, whose root position must be asked for.
    mutating func reparented(to newParent: Window, x: Int, y: Int, display: Display) -> Bool {
        placeInParent = (x, y)
        if newParent == display.root {
            parent = .root
        } else if let frame = display.followFrame(newParent) {
            parent = .frame(newParent, x: frame.x + frame.border, y: frame.y + frame.border)
        } else {
            parent = .unknown
        }
        return placeInFrame()
    }

    /// Asks the server where the window is when the position is unknown (a round trip); returns
    /// whether it moved.
    mutating func updateIfStale(of window: Window, display: Display) -> Bool {
        guard isStale, let position = display.rootPosition(window) else { return false }
        isStale = false
        guard position != root else { return false }
        root = position
        return true
    }

    /// Places the window by its followed frame (or the root it sits on); without one, the position is
    /// unknown until asked for.
    private mutating func placeInFrame() -> Bool {
        switch parent {
        case .root: return move(to: placeInParent)
        case .frame(_, let x, let y): return move(to: (x + placeInParent.x, y + placeInParent.y))
        case .unknown:
            isStale = true
            return true
        }
    }

    private mutating func move(to position: (x: Int, y: Int)) -> Bool {
        isStale = false
        guard position != root else { return false }
        root = position
        return true
    }
}
