import Foundation

/// Where a restored window may go: saved positions come from another session, perhaps another set of
/// monitors, or a hand-edited file, and a window whose title bar cannot be reached cannot be moved back.
enum WindowPlacement {
    /// Room left for a title bar above the client area, in pixels, when a window is brought back on screen.
    static let titleBarRoom = 32
    /// How much of the title bar must lie on a monitor for a person to grab it, in pixels.
    static let grabbableWidth = 64

    /// `size` brought within the largest monitor: a saved window larger than every screen comes back
    /// as large as the screen rather than reaching beyond it.
    static func fittedSize(_ size: (width: Int, height: Int), monitors: [(x: Int, y: Int, width: Int, height: Int)]) -> (width: Int, height: Int) {
        guard let widest = monitors.map(\.width).max(), let tallest = monitors.map(\.height).max() else { return size }
        return (min(size.width, widest), min(size.height, tallest - titleBarRoom))
    }

    /// `origin` when the client area's top edge, where the window manager puts the title bar, lies on a
    /// monitor over at least 64 pixels of its width; else the nearest place on the nearest monitor where it
    /// does, with as much of the window shown as fits. Pixels, root coordinates.
    static func reachableOrigin(_ origin: (x: Int, y: Int), size: (width: Int, height: Int),
                                monitors: [(x: Int, y: Int, width: Int, height: Int)]) -> (x: Int, y: Int) {
        let grab = min(grabbableWidth, size.width)
        for monitor in monitors {
            let overlap = min(origin.x + size.width, monitor.x + monitor.width) - max(origin.x, monitor.x)
            if overlap >= grab, origin.y >= monitor.y, origin.y <= monitor.y + monitor.height - titleBarRoom { return origin }
        }
        func distance(_ monitor: (x: Int, y: Int, width: Int, height: Int)) -> Int {
            let dx = max(monitor.x - origin.x, 0, origin.x - (monitor.x + monitor.width))
            let dy = max(monitor.y - origin.y, 0, origin.y - (monitor.y + monitor.height))
            return dx * dx + dy * dy
        }
        guard let monitor = monitors.min(by: { distance($0) < distance($1) }) else { return origin }
        let top = monitor.y + min(titleBarRoom, monitor.height / 2)
        return (min(max(origin.x, monitor.x), max(monitor.x, monitor.x + monitor.width - size.width)),
                min(max(origin.y, top), max(top, monitor.y + monitor.height - size.height)))
    }
}
