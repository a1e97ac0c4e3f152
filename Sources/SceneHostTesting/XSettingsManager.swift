import Foundation
import X11

/// Plays the desktop's XSETTINGS manager on a (virtual) display, as GNOME's or Xfce's settings daemon
/// would: owns the `_XSETTINGS_S0` selection and publishes settings such as `Net/ThemeName`,
/// `Xft/DPI` and `Gdk/WindowScalingFactor` in its `_XSETTINGS_SETTINGS` property.
@MainActor
public final class XSettingsManager {
    public enum Value: Equatable, Sendable { case integer(Int32), string(String) }

    private let display: Display
    private let window: TopLevelWindow
    private var serial: UInt32 = 0

    /// Takes the selection and announces it (a MANAGER client message on the root window).
    public init(display: Display, settings: [String: Value] = [:]) throws {
        self.display = display
        window = TopLevelWindow(display: display, width: 1, height: 1, title: "xsettings", className: "XSettings", instanceName: "xsettings")
        publish(settings)
        let selection = "_XSETTINGS_S\(display.screen)"
        guard display.takeSelection(selection, for: window.id) else {
            throw X11Error("another XSETTINGS manager owns \(selection) on \(display.name)")
        }
        display.sendClientMessage("MANAGER", about: display.root,
                                  data: [0, Int(bitPattern: UInt(display.atom(selection))), Int(bitPattern: UInt(window.id))],
                                  to: .structureWatchers)
        display.sync()
    }

    /// Replaces the published settings; clients watching the property see the change.
    public func publish(_ settings: [String: Value]) {
        serial += 1
        display.setPropertyBytes(window.id, "_XSETTINGS_SETTINGS", type: "_XSETTINGS_SETTINGS",
                                 Self.encode(settings.sorted { $0.key < $1.key }, serial: serial))
        display.sync()
    }

    /// The wire format of the XSETTINGS specification, little-endian.
    public static func encode(_ settings: [(String, Value)], serial: UInt32) -> [UInt8] {
        var out: [UInt8] = [0, 0, 0, 0]
        func card16(_ value: UInt16) { out += [UInt8(value & 0xff), UInt8(value >> 8)] }
        func card32(_ value: UInt32) { card16(UInt16(value & 0xffff)); card16(UInt16(value >> 16)) }
        func padded(_ bytes: [UInt8]) { out += bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
        card32(serial)
        card32(UInt32(settings.count))
        for (name, value) in settings {
            if case .integer = value { out += [0, 0] } else { out += [1, 0] }
            card16(UInt16(name.utf8.count))
            padded(Array(name.utf8))
            card32(serial)
            switch value {
            case .integer(let number): card32(UInt32(bitPattern: number))
            case .string(let text): card32(UInt32(text.utf8.count)); padded(Array(text.utf8))
            }
        }
        return out
    }
}
