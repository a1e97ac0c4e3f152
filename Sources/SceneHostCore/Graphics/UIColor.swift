import Foundation

/// An sRGB colour with alpha, fixed or dynamic (resolved against a trait collection). The system
/// colours are dynamic, with UIKit's light and dark values.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    /// A resolved colour's components (SceneHost's own name; `components` spells the type out, as
    /// public API).
    typealias Components = (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    private let fixed: Components?
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        fixed = (red, green, blue, alpha)
        provider = nil
    }

    /// A colour that depends on traits: `UIColor { $0.userInterfaceStyle == .dark ? .white : .black }`.
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        fixed = nil
        provider = dynamicProvider
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// `0xRRGGBB`, a convenience not in UIKit.
    public convenience init(rgb: UInt32, alpha: CGFloat = 1) {
        self.init(red: CGFloat((rgb >> 16) & 0xff) / 255, green: CGFloat((rgb >> 8) & 0xff) / 255,
                  blue: CGFloat(rgb & 0xff) / 255, alpha: alpha)
    }

    /// Light and dark variants, a convenience not in UIKit.
    public convenience init(light: UIColor, dark: UIColor) {
        self.init { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// Whether the colour depends on traits.
    public var isDynamic: Bool { provider != nil }

    /// The fixed colour for `traitCollection` (a fixed colour resolves to itself).
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// Components resolved against `UITraitCollection.current` (SceneHost's shortcut for
    /// `getRed(_:green:blue:alpha:)`).
    public var red: CGFloat { components.red }
    public var green: CGFloat { components.green }
    public var blue: CGFloat { components.blue }
    public var alpha: CGFloat { components.alpha }

    public var components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        if let fixed { return fixed }
        return resolvedColor(with: .current).fixed ?? (0, 0, 0, 1)
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let provider { return UIColor { provider($0).withAlphaComponent(alpha) } }
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static func == (a: UIColor, b: UIColor) -> Bool {
        guard let x = a.fixed, let y = b.fixed else { return a === b }
        return x == y
    }

    public func hash(into hasher: inout Hasher) {
        if let fixed {
            hasher.combine(fixed.red); hasher.combine(fixed.green); hasher.combine(fixed.blue); hasher.combine(fixed.alpha)
        } else {
            hasher.combine(ObjectIdentifier(self))
        }
    }

    public var description: String {
        guard let fixed else { return "UIColor(dynamic)" }
        return "UIColor(r: \(fixed.red), g: \(fixed.green), b: \(fixed.blue), a: \(fixed.alpha))"
    }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)

    private static func system(_ light: UInt32, _ dark: UInt32, alpha: CGFloat = 1, darkAlpha: CGFloat? = nil) -> UIColor {
        UIColor(light: UIColor(rgb: light, alpha: alpha), dark: UIColor(rgb: dark, alpha: darkAlpha ?? alpha))
    }

    /// A background whose dark appearance is lighter at the elevated level (sheets, popovers).
    private static func background(_ light: UInt32, _ dark: UInt32, elevated: UInt32) -> UIColor {
        let (light, dark, elevated) = (UIColor(rgb: light, alpha: 1), UIColor(rgb: dark, alpha: 1), UIColor(rgb: elevated, alpha: 1))
        return UIColor { $0.userInterfaceStyle != .dark ? light : $0.userInterfaceLevel == .elevated ? elevated : dark }
    }

    // UIKit's values (light, dark; dark elevated for the backgrounds).
    public static let systemBlue = system(0x007AFF, 0x0A84FF)
    public static let systemGreen = system(0x34C759, 0x30D158)
    public static let systemRed = system(0xFF3B30, 0xFF453A)
    public static let systemOrange = system(0xFF9500, 0xFF9F0A)
    public static let systemTeal = system(0x30B0C7, 0x40C8E0)
    public static let systemGray = system(0x8E8E93, 0x8E8E93)
    public static let systemGray2 = system(0xAEAEB2, 0x636366)
    public static let systemGray3 = system(0xC7C7CC, 0x48484A)
    public static let systemGray4 = system(0xD1D1D6, 0x3A3A3C)
    public static let systemGray5 = system(0xE5E5EA, 0x2C2C2E)
    public static let systemGray6 = system(0xF2F2F7, 0x1C1C1E)
    public static let systemBackground = background(0xFFFFFF, 0x000000, elevated: 0x1C1C1E)
    public static let secondarySystemBackground = background(0xF2F2F7, 0x1C1C1E, elevated: 0x2C2C2E)
    public static let systemGroupedBackground = background(0xF2F2F7, 0x000000, elevated: 0x1C1C1E)
    public static let secondarySystemGroupedBackground = background(0xFFFFFF, 0x1C1C1E, elevated: 0x2C2C2E)
    public static let tertiarySystemGroupedBackground = background(0xF2F2F7, 0x2C2C2E, elevated: 0x3A3A3C)
    public static let label = system(0x000000, 0xFFFFFF)
    public static let secondaryLabel = system(0x3C3C43, 0xEBEBF5, alpha: 0.6)
    public static let tertiaryLabel = system(0x3C3C43, 0xEBEBF5, alpha: 0.3)
    public static let quaternaryLabel = system(0x3C3C43, 0xEBEBF5, alpha: 0.18, darkAlpha: 0.16)
    /// Fills for thin and small shapes (a slider's track), then larger ones (a segmented control's).
    public static let systemFill = system(0x787880, 0x787880, alpha: 0.2, darkAlpha: 0.36)
    public static let secondarySystemFill = system(0x787880, 0x787880, alpha: 0.16, darkAlpha: 0.32)
    public static let tertiarySystemFill = system(0x767680, 0x767680, alpha: 0.12, darkAlpha: 0.24)
    public static let quaternarySystemFill = system(0x747480, 0x747480, alpha: 0.08, darkAlpha: 0.18)
    public static let separator = system(0x3C3C43, 0x545458, alpha: 0.29, darkAlpha: 0.6)
    public static let tintColor = systemBlue
}
