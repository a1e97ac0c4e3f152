import Foundation

/// Interface style, with UIKit's raw values.
public enum UIUserInterfaceStyle: Int, Sendable, CustomStringConvertible {
    case unspecified = 0, light = 1, dark = 2
    public var description: String { ["unspecified", "light", "dark"][rawValue] }
}

/// Layout direction, with UIKit's raw values.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable, CustomStringConvertible {
    case unspecified = -1, leftToRight = 0, rightToLeft = 1
    public var description: String { ["unspecified", "leftToRight", "rightToLeft"][rawValue + 1] }
}

/// Display gamut, with UIKit's raw values.
public enum UIDisplayGamut: Int, Sendable, CustomStringConvertible {
    case unspecified = -1, SRGB = 0, P3 = 1
    public var description: String { ["unspecified", "SRGB", "P3"][rawValue + 1] }
}

/// Accessibility contrast, with UIKit's raw values.
public enum UIAccessibilityContrast: Int, Sendable, CustomStringConvertible {
    case unspecified = -1, normal = 0, high = 1
    public var description: String { ["unspecified", "normal", "high"][rawValue + 1] }
}

/// Legibility weight (Bold Text), with UIKit's raw values.
public enum UILegibilityWeight: Int, Sendable, CustomStringConvertible {
    case unspecified = -1, regular = 0, bold = 1
    public var description: String { ["unspecified", "regular", "bold"][rawValue + 1] }
}

/// Interface level (base or elevated content), with UIKit's raw values.
public enum UIUserInterfaceLevel: Int, Sendable, CustomStringConvertible {
    case unspecified = -1, base = 0, elevated = 1
    public var description: String { ["unspecified", "base", "elevated"][rawValue + 1] }
}

/// Whether the scene's window is the active (focused) one, with UIKit's raw values.
public enum UIUserInterfaceActiveAppearance: Int, Sendable, CustomStringConvertible {
    case unspecified = -1, inactive = 0, active = 1
    public var description: String { ["unspecified", "inactive", "active"][rawValue + 1] }
}

/// Whether the scene is being captured (mirrored or recorded), with UIKit's raw values.
public enum UISceneCaptureState: Int, Sendable, CustomStringConvertible {
    case unspecified = -1, inactive = 0, active = 1
    public var description: String { ["unspecified", "inactive", "active"][rawValue + 1] }
}

/// The reader's preferred text size, with UIKit's string values; ordered from smallest to largest.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Every category from smallest to largest (without `.unspecified`).
    public static let allCases: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("UICTContentSizeCategoryAccessibility") }

    /// Position in `allCases` (SceneHost's addition); −1 for `.unspecified`.
    public var order: Int { Self.allCases.firstIndex(of: self) ?? -1 }

    public static func < (a: UIContentSizeCategory, b: UIContentSizeCategory) -> Bool { a.order < b.order }

    /// The short name used by `SCENEHOST_CONTENT_SIZE` and the trace ("large", "accessibilityMedium" …).
    public var description: String {
        let names = ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
                     "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
                     "accessibilityExtraExtraExtraLarge"]
        return order >= 0 ? names[order] : "unspecified"
    }

    /// Parses a short name (`description`), case-insensitively.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.description.lowercased() == name.lowercased() }) else { return nil }
        self = match
    }
}
