import Foundation
import X11

/// What the desktop says about how to show things, kept current: display scale, light or dark, layout
/// direction and text size. Sources, first match wins:
///
/// | trait | sources |
/// | --- | --- |
/// | `displayScale` | `SCENEHOST_SCALE`; XSETTINGS `Gdk/WindowScalingFactor`, else `Xft/DPI` ÷ 96; `Xft.dpi` in the root window's `RESOURCE_MANAGER` ÷ 96; 1 |
/// | `userInterfaceStyle` | `SCENEHOST_STYLE` (`light`/`dark`); XSETTINGS `Net/ThemeName` (dark when it contains "dark"); light |
/// | `layoutDirection` | `SCENEHOST_LAYOUT_DIRECTION` (`ltr`/`rtl`); the locale's language (`LC_ALL`, `LC_MESSAGES`, `LANG`): Arabic, Hebrew, Persian, Urdu and other right-to-left scripts; left-to-right |
/// | `preferredContentSizeCategory` | `SCENEHOST_CONTENT_SIZE` (`large`, `extraLarge`, `accessibilityMedium` …); large; then Ctrl+= / Ctrl+- / Ctrl+0 in any scene step it up, down, back |
///
/// XSETTINGS changes (the `_XSETTINGS_SETTINGS` property of the `_XSETTINGS_S0` selection owner, or a new
/// owner) arrive live; a changed scale keeps each window's pixel size, so its size in points changes.
@MainActor
final class DesktopSettings {
    private(set) var displayScale: CGFloat = 1
    private(set) var userInterfaceStyle = UIUserInterfaceStyle.light
    private(set) var layoutDirection = UITraitEnvironmentLayoutDirection.leftToRight
    private(set) var preferredContentSizeCategory = UIContentSizeCategory.large
    /// Called after any value changed.
    var onChange: () -> Void = {}

    private let display: Display
    private let environment: EnvironmentVariables
    private var settingsOwner: Window = 0
    private var xsettings: [String: XSettingsValue] = [:]

    init(display: Display, environment: EnvironmentVariables = EnvironmentVariables()) {
        self.display = display
        self.environment = environment
        // MANAGER announcements and RESOURCE_MANAGER changes arrive on the root window.
        display.watchPropertiesAndStructure(of: display.root)
        findSettingsOwner()
        recompute()
    }

    /// Handles events meant for the settings machinery; returns whether `event` was one.
    func handle(_ event: Event) -> Bool {
        let window = event.window
        switch event {
        case .clientMessage(_, let type, _) where window == display.root && type == display.atom("MANAGER"):
            findSettingsOwner()
            recompute()
            return true
        case .propertyChanged(_, let atom) where window == settingsOwner && settingsOwner != 0:
            if atom == display.atom("_XSETTINGS_SETTINGS") { readSettings(); recompute() }
            return true
        case .propertyChanged(_, let atom) where window == display.root:
            if atom == display.atom("RESOURCE_MANAGER") { recompute() }
            return true
        case .destroy where window == settingsOwner && settingsOwner != 0:
            settingsOwner = 0
            xsettings = [:]
            recompute()
            return true
        default:
            return window == display.root || (window == settingsOwner && settingsOwner != 0)
        }
    }

    private func findSettingsOwner() {
        settingsOwner = display.selectionOwner("_XSETTINGS_S\(display.screen)")
        if settingsOwner != 0 {
            display.watchPropertiesAndStructure(of: settingsOwner)
            readSettings()
        } else {
            xsettings = [:]
        }
    }

    private func readSettings() {
        guard settingsOwner != 0, let data = display.propertyBytes(settingsOwner, "_XSETTINGS_SETTINGS") else { xsettings = [:]; return }
        xsettings = XSettingsValue.parse(data)
    }

    private func recompute() {
        let before = (displayScale, userInterfaceStyle, layoutDirection, preferredContentSizeCategory)
        displayScale = resolveScale()
        userInterfaceStyle = resolveStyle()
        layoutDirection = resolveDirection()
        preferredContentSizeCategory = resolveContentSize()
        if before != (displayScale, userInterfaceStyle, layoutDirection, preferredContentSizeCategory) { onChange() }
    }

    private func resolveScale() -> CGFloat {
        if let text = environment["SCENEHOST_SCALE"] {
            if let value = Double(text), value >= 0.5, value <= 8 { return CGFloat(value) }
            warnOnce("SCENEHOST_SCALE=\(text) is not a number from 0.5 to 8; ignoring it")
        }
        if case .integer(let factor)? = xsettings["Gdk/WindowScalingFactor"], factor > 0 { return CGFloat(factor) }
        if case .integer(let dpi)? = xsettings["Xft/DPI"], dpi > 0 { return Self.clampedScale(Double(dpi) / 1024 / 96) }
        if let resources = display.stringProperty(display.root, "RESOURCE_MANAGER"),
           let line = resources.split(separator: "\n").first(where: { $0.hasPrefix("Xft.dpi:") }),
           let dpi = Double(line.dropFirst("Xft.dpi:".count).trimmingCharacters(in: .whitespaces)), dpi > 0 {
            return Self.clampedScale(dpi / 96)
        }
        return 1
    }

    static func clampedScale(_ value: Double) -> CGFloat { CGFloat(min(8, max(0.5, value))) }

    private func resolveStyle() -> UIUserInterfaceStyle {
        if let text = environment["SCENEHOST_STYLE"]?.lowercased() {
            if text == "dark" { return .dark }
            if text == "light" { return .light }
            warnOnce("SCENEHOST_STYLE=\(text) is neither light nor dark; ignoring it")
        }
        if case .string(let theme)? = xsettings["Net/ThemeName"], theme.lowercased().contains("dark") { return .dark }
        return .light
    }

    private func resolveDirection() -> UITraitEnvironmentLayoutDirection {
        if let text = environment["SCENEHOST_LAYOUT_DIRECTION"]?.lowercased() {
            if ["rtl", "righttoleft"].contains(text) { return .rightToLeft }
            if ["ltr", "lefttoright"].contains(text) { return .leftToRight }
            warnOnce("SCENEHOST_LAYOUT_DIRECTION=\(text) is neither ltr nor rtl; ignoring it")
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { self.environment[$0] }.first ?? ""
        return Self.isRightToLeft(locale: locale) ? .rightToLeft : .leftToRight
    }

    /// Languages written right to left (ISO 639 codes), by the locale's language part (`ar_EG.UTF-8` → `ar`).
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "ku", "syr", "nqo"]

    static func isRightToLeft(locale: String) -> Bool {
        let language = locale.split(whereSeparator: { "_.@-".contains($0) }).first.map { $0.lowercased() } ?? ""
        return rightToLeftLanguages.contains(language)
    }

    /// Steps the text size up or down from the configured one (Ctrl+= and Ctrl+- in any scene).
    private var contentSizeStep = 0

    func stepContentSize(by step: Int) {
        let all = UIContentSizeCategory.allCases
        let base = configuredContentSize.order
        contentSizeStep = min(max(base + contentSizeStep + step, 0), all.count - 1) - base
        recompute()
    }

    func resetContentSize() {
        contentSizeStep = 0
        recompute()
    }

    private var configuredContentSize: UIContentSizeCategory {
        guard let text = environment["SCENEHOST_CONTENT_SIZE"] else { return .large }
        if let category = UIContentSizeCategory(name: text) { return category }
        warnOnce("SCENEHOST_CONTENT_SIZE=\(text) is not a content size category; use one of "
                 + UIContentSizeCategory.allCases.map(\.description).joined(separator: ", "))
        return .large
    }

    private func resolveContentSize() -> UIContentSizeCategory {
        UIContentSizeCategory.allCases[configuredContentSize.order + contentSizeStep]
    }

    private var warned: Set<String> = []
    private func warnOnce(_ message: String) {
        if warned.insert(message).inserted { SceneHostLog.warning(message) }
    }

    /// The traits a scene gets from the desktop; `active` when its window has keyboard focus.
    func environmentTraits(active: Bool) -> UITraitCollection {
        UIWindowScene.defaultEnvironmentTraits.modifyingTraits {
            $0.userInterfaceStyle = userInterfaceStyle
            $0.layoutDirection = layoutDirection
            $0.preferredContentSizeCategory = preferredContentSizeCategory
            $0.activeAppearance = active ? .active : .inactive
        }
    }
}

/// One XSETTINGS value (freedesktop XSETTINGS specification: integers, strings and colours).
enum XSettingsValue: Equatable {
    case integer(Int32), string(String), color(UInt16, UInt16, UInt16, UInt16)

    /// Parses the `_XSETTINGS_SETTINGS` property; malformed data yields what parsed before it.
    static func parse(_ data: [UInt8]) -> [String: XSettingsValue] {
        guard data.count >= 12 else { return [:] }
        let bigEndian = data[0] == 1   // MSBFirst
        var offset = 0
        func card16() -> UInt16? {
            guard offset + 2 <= data.count else { return nil }
            defer { offset += 2 }
            let (a, b) = (UInt16(data[offset]), UInt16(data[offset + 1]))
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func card32() -> UInt32? {
            guard let first = card16(), let second = card16() else { return nil }
            return bigEndian ? UInt32(first) << 16 | UInt32(second) : UInt32(second) << 16 | UInt32(first)
        }
        func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, offset + count <= data.count else { return nil }
            defer { offset += (count + 3) & ~3 }   // padded to 4
            return Array(data[offset..<offset + count])
        }
        offset = 4
        guard card32() != nil, let count = card32() else { return [:] }
        var settings: [String: XSettingsValue] = [:]
        for _ in 0..<min(count, 10_000) {
            guard offset + 4 <= data.count else { break }
            let type = data[offset]
            offset += 2
            guard let nameLength = card16(), let nameBytes = bytes(Int(nameLength)), card32() != nil else { break }
            let name = String(decoding: nameBytes, as: UTF8.self)
            switch type {
            case 0:
                guard let value = card32() else { return settings }
                settings[name] = .integer(Int32(bitPattern: value))
            case 1:
                guard let length = card32(), let text = bytes(Int(length)) else { return settings }
                settings[name] = .string(String(decoding: text, as: UTF8.self))
            case 2:
                guard let r = card16(), let g = card16(), let b = card16(), let a = card16() else { return settings }
                settings[name] = .color(r, g, b, a)
            default:
                return settings
            }
        }
        return settings
    }
}
