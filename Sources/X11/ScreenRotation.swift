import CX11

/// A screen's rotation as RandR reports it, in quarter turns counter-clockwise (RandR's `RR_Rotate_*`).
public enum ScreenRotation: Int, Sendable {
    case none = 0, quarter = 1, half = 2, threeQuarters = 3
}

extension Display {
    /// Asks for `RRScreenChangeNotify` on the root window, which then arrive as `Event.screenChanged`;
    /// false when the server has no RandR.
    @discardableResult
    public func selectScreenChangeEvents() -> Bool {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(pointer, &eventBase, &errorBase) != 0 else { return false }
        XRRSelectInput(pointer, root, Int32(RRScreenChangeNotifyMask))
        screenChangeEventType = eventBase + Int32(RRScreenChangeNotify)
        return true
    }

    /// The rotation in a screen-change event (and Xlib's idea of the screen brought up to date).
    func screenRotation(from event: inout XEvent) -> ScreenRotation {
        XRRUpdateConfiguration(&event)
        let rotation = withUnsafePointer(to: &event) {
            $0.withMemoryRebound(to: XRRScreenChangeNotifyEvent.self, capacity: 1) { Int32($0.pointee.rotation) }
        }
        switch rotation & 0xf {
        case Int32(RR_Rotate_90): return .quarter
        case Int32(RR_Rotate_180): return .half
        case Int32(RR_Rotate_270): return .threeQuarters
        default: return .none
        }
    }
}

extension Display {
    /// The monitors showing the root window, in root pixels (RandR's active monitors), or the whole
    /// root where RandR lists none.
    public func monitors() -> [(x: Int, y: Int, width: Int, height: Int)] {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, count: Int32 = 0
        var found: [(x: Int, y: Int, width: Int, height: Int)] = []
        if XRRQueryExtension(pointer, &eventBase, &errorBase) != 0, let list = XRRGetMonitors(pointer, root, 1, &count) {
            for index in 0..<Int(count) {
                let monitor = list[index]
                if monitor.width > 0, monitor.height > 0 {
                    found.append((Int(monitor.x), Int(monitor.y), Int(monitor.width), Int(monitor.height)))
                }
            }
            XRRFreeMonitors(list)
        }
        return found.isEmpty ? [(0, 0, screenWidth, screenHeight)] : found
    }
}

extension Display {
    /// The screen's area that windows may take (`_NET_WORKAREA` of the current desktop, as the window
    /// manager sets it, without panels), or the whole screen.
    public func workArea() -> (x: Int, y: Int, width: Int, height: Int) {
        let desktop = Int(cardinalProperty(root, "_NET_CURRENT_DESKTOP")?.first ?? 0)
        if let values = cardinalProperty(root, "_NET_WORKAREA"), values.count >= 4 * (desktop + 1) {
            let area = values[(4 * desktop)...].prefix(4).map { Int(truncatingIfNeeded: $0) }
            if area[2] > 0, area[3] > 0 { return (area[0], area[1], area[2], area[3]) }
        }
        return (0, 0, screenWidth, screenHeight)
    }
}

extension Display {
    /// The refresh rate of the fastest active monitor in hertz, from its RandR mode (dot clock over
    /// the total pixels of a frame); nil when the server does not say (Xvfb's modes have no clock).
    public func refreshRate() -> Double? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(pointer, &eventBase, &errorBase) != 0,
              let resources = XRRGetScreenResourcesCurrent(pointer, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        var best: Double?
        for index in 0..<Int(resources.pointee.ncrtc) {
            guard let crtc = XRRGetCrtcInfo(pointer, resources, resources.pointee.crtcs[index]) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            guard crtc.pointee.mode != 0 else { continue }
            for modeIndex in 0..<Int(resources.pointee.nmode) where resources.pointee.modes[modeIndex].id == crtc.pointee.mode {
                let mode = resources.pointee.modes[modeIndex]
                var lines = Double(mode.vTotal)
                if mode.modeFlags & UInt(RR_DoubleScan) != 0 { lines *= 2 }
                if mode.modeFlags & UInt(RR_Interlace) != 0 { lines /= 2 }
                guard mode.dotClock > 0, mode.hTotal > 0, lines > 0 else { continue }
                let rate = Double(mode.dotClock) / (Double(mode.hTotal) * lines)
                if rate > 1, rate < 1000 { best = max(best ?? 0, rate) }
            }
        }
        return best
    }
}
