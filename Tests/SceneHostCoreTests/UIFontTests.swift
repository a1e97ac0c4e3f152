import Foundation
@testable import SceneHostCore
import Testing

/// Preferred fonts and `UIFontMetrics` in UIKit's sizes for every text style and content size category.
@MainActor
struct UIFontTests {
    func traits(_ category: UIContentSizeCategory) -> UITraitCollection { UITraitCollection(preferredContentSizeCategory: category) }

    /// Each style grows at its own rate (Apple's Dynamic Type table): a large title reaches 60 points
    /// where body reaches 53; small styles stop shrinking at their minimum.
    @Test func eachTextStyleHasUIKitsSizeAtEveryCategory() {
        let largest = traits(.accessibilityExtraExtraExtraLarge), smallest = traits(.extraSmall)
        let expected: [(UIFont.TextStyle, large: CGFloat, largest: CGFloat, smallest: CGFloat)] = [
            (.largeTitle, 34, 60, 31), (.title1, 28, 58, 25), (.title2, 22, 56, 19), (.title3, 20, 55, 17),
            (.headline, 17, 53, 14), (.body, 17, 53, 14), (.callout, 16, 51, 13), (.subheadline, 15, 48, 12),
            (.footnote, 13, 44, 12), (.caption1, 12, 43, 11), (.caption2, 11, 40, 11),
        ]
        for (style, large, most, least) in expected {
            #expect(UIFont.preferredFont(forTextStyle: style, compatibleWith: traits(.large)).pointSize == large, "\(style.rawValue)")
            #expect(UIFont.preferredFont(forTextStyle: style, compatibleWith: largest).pointSize == most, "\(style.rawValue)")
            #expect(UIFont.preferredFont(forTextStyle: style, compatibleWith: smallest).pointSize == least, "\(style.rawValue)")
        }
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: traits(.unspecified)).pointSize == 17, "unspecified reads as large")
    }

    /// A custom font scales at its style's rate, and a font adjusted for new traits keeps its style.
    @Test func metricsScaleCustomFontsAndValuesAtTheirStylesRate() {
        let largest = traits(.accessibilityExtraExtraExtraLarge)
        let title = UIFontMetrics(forTextStyle: .title1).scaledFont(for: .systemFont(ofSize: 24, weight: .bold), compatibleWith: largest)
        #expect(title.pointSize == (24 * 58 / 28).rounded() && title.weight == .bold)
        #expect(UIFontMetrics(forTextStyle: .footnote).scaledValue(for: 13, compatibleWith: largest) == 44)
        #expect(UIFontMetrics.default.scaledValue(for: 34, compatibleWith: largest) == 106)
        let body = UIFont.preferredFont(forTextStyle: .largeTitle, compatibleWith: traits(.large))
        #expect(body.adjusted(for: largest).pointSize == 60 && body.adjusted(for: traits(.extraSmall)).pointSize == 31)
        #expect(UIFont.systemFont(ofSize: 20).adjusted(for: largest).pointSize == 20, "a font made by size stays")
    }
}
