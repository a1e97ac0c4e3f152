import Foundation

/// A font: a family, a size in points and a weight. The system font is DejaVu Sans (shipped by the
/// `fonts-dejavu-core` package), chosen so renders are identical on every machine.
public final class UIFont: Hashable, Sendable {
    public let familyName: String
    public let pointSize: CGFloat
    public let weight: Weight

    /// UIKit's weight scale (−1…1); `pangoWeight` maps it to CSS-style weights.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// 100…900 as used by Pango and CSS.
        public var pangoWeight: Int {
            switch rawValue {
            case ..<(-0.7): 100
            case ..<(-0.5): 200
            case ..<(-0.2): 300
            case ..<0.1: 400
            case ..<0.26: 500
            case ..<0.35: 600
            case ..<0.5: 700
            case ..<0.6: 800
            default: 900
            }
        }
    }

    /// Text styles for `preferredFont(forTextStyle:)`, at the default (large) content size.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    public static let systemFamilyName = "DejaVu Sans"

    public init?(name: String, size: CGFloat) {
        guard !name.isEmpty, size > 0 else { return nil }
        familyName = name; pointSize = size; weight = .regular
    }

    init(family: String, size: CGFloat, weight: Weight) {
        familyName = family; pointSize = size; self.weight = weight
    }

    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(family: systemFamilyName, size: size, weight: weight)
    }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .bold) }

    /// UIKit's sizes for the default content size category (body 17 pt, headline 17 pt semibold, …).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        switch style {
        case .largeTitle: systemFont(ofSize: 34)
        case .title1: systemFont(ofSize: 28)
        case .title2: systemFont(ofSize: 22)
        case .title3: systemFont(ofSize: 20)
        case .headline: systemFont(ofSize: 17, weight: .semibold)
        case .callout: systemFont(ofSize: 16)
        case .subheadline: systemFont(ofSize: 15)
        case .footnote: systemFont(ofSize: 13)
        case .caption1: systemFont(ofSize: 12)
        case .caption2: systemFont(ofSize: 11)
        default: systemFont(ofSize: 17)
        }
    }

    public func withSize(_ size: CGFloat) -> UIFont { UIFont(family: familyName, size: size, weight: weight) }

    public static func == (a: UIFont, b: UIFont) -> Bool {
        a.familyName == b.familyName && a.pointSize == b.pointSize && a.weight == b.weight
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(familyName); hasher.combine(pointSize) }
}
