import CX11

/// The XInput 2 extension, as SceneHost reads the pointer with it: buttons, motion and crossings with
/// subpixel positions, smooth scrolling from the valuators of devices that have scroll classes
/// (touchpads, high-resolution wheels), touchscreen touches, and touchpad pinches (XI 2.4 gesture
/// events). Where the server
/// lacks XI 2.2 the core events remain.
///
/// Once a client selects XI2 button events on a window, the server stops giving it the core ones, so a
/// window is read one way or the other, never both.
final class XInput2 {
    /// The extension's major opcode (the `extension` of its generic events).
    let opcode: Int32
    /// The minor version the server agreed to (2.2 or more; 4 gives gesture events).
    let minor: Int32

    /// A scroll axis of a device: its valuator number, direction, how much is one step, and the
    /// valuator's last value (nil until one is known: the first event only sets it).
    struct ScrollAxis {
        let valuator: Int32
        let vertical: Bool
        let increment: Double
        var last: Double?
    }

    /// Scroll axes by source device, asked for once per device (and again after a device change).
    var scrollAxes: [Int32: [ScrollAxis]] = [:]

    init?(display: OpaquePointer) {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major >= 2, minor >= 2 else { return nil }
        self.opcode = opcode
        self.minor = minor
    }

    /// The scroll axes of `device`, with their valuators' current values.
    func axes(of device: Int32, display: OpaquePointer) -> [ScrollAxis] {
        if let known = scrollAxes[device] { return known }
        var count: Int32 = 0
        var axes: [ScrollAxis] = []
        if let info = XIQueryDevice(display, device, &count) {
            defer { XIFreeDeviceInfo(info) }
            for index in 0..<Int(count) {
                let device = info[index]
                var values: [Int32: Double] = [:]
                for slot in 0..<Int(device.num_classes) {
                    guard let any = device.classes[slot] else { continue }
                    if any.pointee.type == XIValuatorClass {
                        let valuator = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                        values[valuator.number] = valuator.value
                    }
                }
                for slot in 0..<Int(device.num_classes) {
                    guard let any = device.classes[slot], any.pointee.type == XIScrollClass else { continue }
                    let scroll = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                    guard scroll.increment != 0 else { continue }
                    axes.append(ScrollAxis(valuator: scroll.number, vertical: scroll.scroll_type == XIScrollTypeVertical,
                                           increment: scroll.increment, last: values[scroll.number]))
                }
            }
        }
        scrollAxes[device] = axes
        return axes
    }
}

extension Display {
    /// Reads `window`'s pointer through XInput 2 when the server has 2.2 or later: buttons, motion,
    /// crossings, device changes (new scroll axes) and, with 2.4, touchpad pinches. Returns false
    /// (the core events stay) without it.
    @discardableResult
    public func selectXInput2PointerEvents(_ window: Window) -> Bool {
        guard let xinput = xinput2 else { return false }
        // Touch events come in a set of three (the server refuses one without the others); a client that
        // selects them gets a touchscreen's touches instead of the pointer events emulated from them.
        var events = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_Leave, XI_DeviceChanged,
                      XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd]
        if xinput.minor >= 4 { events += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] }
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for event in events { bits[Int(event) >> 3] |= UInt8(1 << (Int(event) & 7)) }
        let status = bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XISelectEvents(pointer, window, &mask, 1)
        }
        return status == Success
    }

    /// Whether the server has XInput 2.2 or later (SceneHost reads the pointer with it then).
    public var hasXInput2: Bool { xinput2 != nil }

    /// The XInput 2 minor version the server agreed to (nil without XI 2.2).
    public var xinput2MinorVersion: Int? { xinput2.map { Int($0.minor) } }

    /// Decodes an XInput 2 event (a generic event of the extension), or returns nil for another.
    func decodeXInput2(_ event: inout XEvent) -> Event? {
        guard let xinput = xinput2, event.type == GenericEvent, event.xcookie.extension == xinput.opcode else { return nil }
        guard XGetEventData(pointer, &event.xcookie) != 0, let data = event.xcookie.data else { return .other(window: 0) }
        defer { XFreeEventData(pointer, &event.xcookie) }
        switch event.xcookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let button = Int(device.detail)
            // Wheel steps the server made up from a device's smooth scrolling: the valuators tell.
            if (4...7).contains(button), device.flags & Int32(XIPointerEmulated) != 0 { return .other(window: device.event) }
            return .button(window: device.event, button: button, x: device.event_x, y: device.event_y,
                           pressed: event.xcookie.evtype == XI_ButtonPress, modifiers: Self.modifiers(UInt32(truncatingIfNeeded: device.mods.effective)))
        case XI_Motion:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let modifiers = Self.modifiers(UInt32(truncatingIfNeeded: device.mods.effective))
            if let scroll = scrollSteps(device, xinput: xinput) {
                return .scroll(window: device.event, dx: scroll.dx, dy: scroll.dy, discrete: scroll.discrete,
                               x: device.event_x, y: device.event_y,
                               modifiers: modifiers)
            }
            return .motion(window: device.event, x: device.event_x, y: device.event_y, modifiers: modifiers)
        case XI_Enter, XI_Leave:
            let crossing = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            // Scroll valuators are absolute: a new baseline after the pointer comes back.
            if event.xcookie.evtype == XI_Enter { xinput.scrollAxes[crossing.sourceid] = nil }
            return .crossing(window: crossing.event, entered: event.xcookie.evtype == XI_Enter, x: crossing.event_x,
                             y: crossing.event_y, grab: crossing.mode != XINotifyNormal)
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let phase: TouchPhase = switch event.xcookie.evtype {
            case XI_TouchBegin: .began
            case XI_TouchUpdate: .moved
            default: .ended
            }
            return .touch(window: device.event, id: UInt32(truncatingIfNeeded: device.detail), phase: phase,
                          x: device.event_x, y: device.event_y, modifiers: Self.modifiers(UInt32(truncatingIfNeeded: device.mods.effective)))
        case XI_DeviceChanged:
            let changed = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            xinput.scrollAxes[changed.sourceid] = nil
            return .other(window: 0)
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let pinch = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            let phase: PinchPhase = switch event.xcookie.evtype {
            case XI_GesturePinchBegin: .began
            case XI_GesturePinchUpdate: .changed
            default: pinch.flags & Int32(XIGesturePinchEventCancelled) != 0 ? .cancelled : .ended
            }
            return .pinch(window: pinch.event, phase: phase, scale: pinch.scale, x: pinch.event_x, y: pinch.event_y)
        default:
            return .other(window: 0)
        }
    }

    /// The scroll steps in a motion event's scroll valuators (nil when none moved).
    private func scrollSteps(_ event: XIDeviceEvent, xinput: XInput2) -> (dx: Double, dy: Double, discrete: Bool)? {
        var axes = xinput.axes(of: event.sourceid, display: pointer)
        guard !axes.isEmpty, let mask = event.valuators.mask, let values = event.valuators.values else { return nil }
        let steps = XInput2.scrollSteps(mask: UnsafeBufferPointer(start: mask, count: Int(event.valuators.mask_len)),
                                        values: values, axes: &axes)
        xinput.scrollAxes[event.sourceid] = axes
        return steps
    }
}

extension XInput2 {
    /// How many increments each scroll axis moved since its last value, from an event's valuator mask
    /// and its packed values (one per set bit, in bit order); `axes` keep the new values. Nil when no
    /// scroll axis moved (a first value only sets the baseline). `discrete` when each axis that moved
    /// did so by a whole number of increments: a wheel's notches (the X server moves the valuator by
    /// the increment per notch), as GTK, Qt and SDL read them; fractions are smooth scrolling.
    static func scrollSteps(mask: UnsafeBufferPointer<UInt8>, values: UnsafePointer<Double>,
                            axes: inout [ScrollAxis]) -> (dx: Double, dy: Double, discrete: Bool)? {
        var dx = 0.0, dy = 0.0, moved = false, discrete = true
        var valueIndex = 0
        for number in 0..<mask.count * 8 where mask[number >> 3] & UInt8(1 << (number & 7)) != 0 {
            let value = values[valueIndex]
            valueIndex += 1
            guard let axis = axes.firstIndex(where: { $0.valuator == Int32(number) }) else { continue }
            if let last = axes[axis].last {
                let steps = (value - last) / axes[axis].increment
                if axes[axis].vertical { dy += steps } else { dx += steps }
                if steps != 0 {
                    moved = true
                    if abs(steps - steps.rounded()) > 1e-6 { discrete = false }
                }
            }
            axes[axis].last = value
        }
        return moved ? (dx, dy, discrete) : nil
    }
}

/// Where a touchscreen touch is.
public enum TouchPhase: Sendable {
    case began, moved, ended
}

/// Where a touchpad pinch is.
public enum PinchPhase: Sendable {
    case began, changed, ended, cancelled
}
