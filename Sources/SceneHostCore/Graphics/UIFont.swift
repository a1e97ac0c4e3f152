import Foundation

/// A font: a family, a size in points and a weight. The system font is DejaVu Sans (shipped by the
/// `fonts-dejavu-core` package), chosen so renders are identical on every machine.
public final class UIFont: Hashable, Sendable {
    public let familyName: String
    public let pointSize: CGFloat
    public let weight: Weight
    /// The text style a preferred or scaled font follows; nil for fonts made by size.
    public let textStyle: TextStyle?
    /// The size at the default (large) content size category, which other categories scale from.
    let sizeAtLarge: CGFloat

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
        familyName = name; pointSize = size; weight = .regular; textStyle = nil; sizeAtLarge = size
    }

    init(family: String, size: CGFloat, weight: Weight, textStyle: TextStyle? = nil, sizeAtLarge: CGFloat? = nil) {
        familyName = family; pointSize = size; self.weight = weight; self.textStyle = textStyle
        self.sizeAtLarge = sizeAtLarge ?? size
    }

    /// UIKit's body sizes per content size category, from extraSmall to accessibilityExtraExtraExtraLarge.
    static let bodySizes: [CGFloat] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]

    /// `size` (a size at the large category) scaled as UIKit scales body text for `category`.
    static func scaled(_ size: CGFloat, for category: UIContentSizeCategory) -> CGFloat {
        let body = category.order >= 0 ? bodySizes[category.order] : 17
        return (size * body / 17).rounded()
    }

    /// UIKit's sizes of each text style per content size category, from extraSmall to
    /// accessibilityExtraExtraExtraLarge (Apple's Human Interface Guidelines, "Dynamic Type sizes"):
    /// the styles grow at different rates (a large title reaches 60 points where body reaches 53).
    static let styleSizes: [TextStyle: [CGFloat]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: bodySizes,
        .body: bodySizes,
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 48],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// How much `style` grows from the large category to `category` (body's rate for a style of
    /// its own).
    static func ratio(of style: TextStyle, for category: UIContentSizeCategory) -> CGFloat {
        let sizes = styleSizes[style] ?? bodySizes
        return category.order >= 0 ? sizes[category.order] / sizes[3] : 1
    }

    /// `size` (a size at the large category) scaled as UIKit scales `style` for `category`.
    static func scaled(_ size: CGFloat, for category: UIContentSizeCategory, style: TextStyle) -> CGFloat {
        (size * ratio(of: style, for: category)).rounded()
    }

    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(family: systemFamilyName, size: size, weight: weight)
    }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .bold) }

    /// The font for `style` at the current traits' content size category (`UITraitCollection.current`).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The font for `style` at `traitCollection`'s content size category (large when unspecified), in
    /// UIKit's sizes for each style and category (`styleSizes`): body 14, 15, 16, 17, 19, 21, 23 pt,
    /// then 28, 33, 40, 47, 53 pt for the accessibility sizes; a large title 34 pt at large and 60 at
    /// the largest; headline is body's size, semibold.
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = (traitCollection ?? .current).preferredContentSizeCategory
        let (base, weight): (CGFloat, Weight) = switch style {
        case .largeTitle: (34, .regular)
        case .title1: (28, .regular)
        case .title2: (22, .regular)
        case .title3: (20, .regular)
        case .headline: (17, .semibold)
        case .callout: (16, .regular)
        case .subheadline: (15, .regular)
        case .footnote: (13, .regular)
        case .caption1: (12, .regular)
        case .caption2: (11, .regular)
        default: (17, .regular)
        }
        return UIFont(family: systemFamilyName, size: scaled(base, for: category, style: style), weight: weight, textStyle: style, sizeAtLarge: base)
    }

    public func withSize(_ size: CGFloat) -> UIFont { UIFont(family: familyName, size: size, weight: weight) }

    /// The same font resized for `traitCollection` (a font without a text style is kept).
    func adjusted(for traitCollection: UITraitCollection) -> UIFont {
        guard let textStyle else { return self }
        let size = UIFont.scaled(sizeAtLarge, for: traitCollection.preferredContentSizeCategory, style: textStyle)
        return size == pointSize ? self : UIFont(family: familyName, size: size, weight: weight, textStyle: textStyle, sizeAtLarge: sizeAtLarge)
    }

    public static func == (a: UIFont, b: UIFont) -> Bool {
        a.familyName == b.familyName && a.pointSize == b.pointSize && a.weight == b.weight && a.textStyle == b.textStyle
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(familyName); hasher.combine(pointSize) }
}

/// Scales custom fonts and values with the reader's text size, as a text style does.
@MainActor
public struct UIFontMetrics {
    public let textStyle: UIFont.TextStyle

    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }

    public static var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    /// `font` (designed for the large category) at the current traits' category; with
    /// `adjustsFontForContentSizeCategory` a label keeps it scaled as the category changes.
    public func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, compatibleWith: nil) }

    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = (traitCollection ?? .current).preferredContentSizeCategory
        return UIFont(family: font.familyName, size: UIFont.scaled(font.pointSize, for: category, style: textStyle), weight: font.weight,
                      textStyle: textStyle, sizeAtLarge: font.pointSize)
    }

    /// `value` scaled as the text style grows for `traitCollection` (the current traits when nil).
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection? = nil) -> CGFloat {
        value * UIFont.ratio(of: textStyle, for: (traitCollection ?? .current).preferredContentSizeCategory)
    }
}
