import Foundation

/// An sRGB colour with alpha. The system colours carry UIKit's light-appearance values; dark variants
/// arrive with trait-dependent colours.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }
    /// `0xRRGGBB`, a convenience not in UIKit.
    public convenience init(rgb: UInt32, alpha: CGFloat = 1) {
        self.init(red: CGFloat((rgb >> 16) & 0xff) / 255, green: CGFloat((rgb >> 8) & 0xff) / 255,
                  blue: CGFloat(rgb & 0xff) / 255, alpha: alpha)
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static func == (a: UIColor, b: UIColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(red); hasher.combine(green); hasher.combine(blue); hasher.combine(alpha) }
    public var description: String { "UIColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)

    public static let systemBlue = UIColor(rgb: 0x007AFF)
    public static let systemGreen = UIColor(rgb: 0x34C759)
    public static let systemRed = UIColor(rgb: 0xFF3B30)
    public static let systemOrange = UIColor(rgb: 0xFF9500)
    public static let systemGray = UIColor(rgb: 0x8E8E93)
    public static let systemGray4 = UIColor(rgb: 0xD1D1D6)
    public static let systemGray5 = UIColor(rgb: 0xE5E5EA)
    public static let systemGray6 = UIColor(rgb: 0xF2F2F7)
    public static let systemBackground = UIColor.white
    public static let secondarySystemBackground = UIColor(rgb: 0xF2F2F7)
    public static let systemGroupedBackground = UIColor(rgb: 0xF2F2F7)
    public static let label = UIColor.black
    public static let secondaryLabel = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
    public static let separator = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
    public static let tintColor = systemBlue
}
