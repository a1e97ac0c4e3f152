import Foundation

extension UIImage {
    /// A symbol's weight (UIKit's `UIImage.SymbolWeight`, with its raw values).
    public enum SymbolWeight: Int, Sendable {
        case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// How far from Adwaita's one (regular) weight the outline moves, in steps (negative: thinner).
        var strokeSteps: Int {
            switch self {
            case .unspecified, .regular: 0
            case .ultraLight: -3
            case .thin: -2
            case .light: -1
            case .medium: 1
            case .semibold: 2
            case .bold: 3
            case .heavy: 4
            case .black: 5
            }
        }
    }

    /// A symbol's size relative to text of the same point size (UIKit's `UIImage.SymbolScale`, with
    /// its raw values).
    public enum SymbolScale: Int, Sendable {
        case `default` = -1, unspecified = 0, small, medium, large
    }

    /// What an image is configured for (UIKit's `UIImage.Configuration`): immutable; `applying(_:)`
    /// returns a new configuration in which the other's specified values win.
    open class Configuration: @unchecked Sendable, Equatable, CustomStringConvertible {
        /// The traits the configuration was made for, if any.
        public let traitCollection: UITraitCollection?

        init(traitCollection: UITraitCollection?) { self.traitCollection = traitCollection }

        /// This configuration with `otherConfiguration`'s specified values over it.
        open func applying(_ otherConfiguration: Configuration?) -> Self {
            guard let otherConfiguration, let traits = otherConfiguration.traitCollection else { return self }
            return withTraitCollection(traits)
        }

        /// A copy for `traitCollection`.
        open func withTraitCollection(_ traitCollection: UITraitCollection?) -> Self {
            Configuration(traitCollection: traitCollection) as! Self
        }

        public static func == (a: Configuration, b: Configuration) -> Bool { a.hasSameValues(as: b) }
        func hasSameValues(as other: Configuration) -> Bool { type(of: self) == type(of: other) && traitCollection == other.traitCollection }
        open var description: String { "<UIImage.Configuration traits = \(traitCollection.map { "\($0)" } ?? "none")>" }
    }

    /// How a symbol image is drawn (UIKit's `UIImage.SymbolConfiguration`): point size, weight and
    /// scale, or a text style or font to match. Immutable. Unspecified values take the defaults when
    /// drawn: 17 points (the body text style), regular weight, medium scale. Palette, hierarchical and
    /// multicolour configurations keep their colours for the API's sake but SceneHost's symbols are
    /// monochrome: they draw in the first palette colour or the tint colour.
    public final class SymbolConfiguration: Configuration {
        /// The point size; 0 when unspecified.
        public let pointSize: CGFloat
        public let weight: SymbolWeight
        public let scale: SymbolScale
        public let textStyle: UIFont.TextStyle?
        /// Colours for palette rendering (SceneHost draws with the first).
        public let paletteColors: [UIColor]?
        /// Whether `preferringMonochrome()` asked for one colour (SceneHost's symbols always are).
        public let prefersMonochrome: Bool

        init(pointSize: CGFloat = 0, weight: SymbolWeight = .unspecified, scale: SymbolScale = .unspecified,
             textStyle: UIFont.TextStyle? = nil, paletteColors: [UIColor]? = nil, prefersMonochrome: Bool = false,
             traitCollection: UITraitCollection? = nil) {
            self.pointSize = max(0, pointSize)
            self.weight = weight
            self.scale = scale
            self.textStyle = textStyle
            self.paletteColors = paletteColors
            self.prefersMonochrome = prefersMonochrome
            super.init(traitCollection: traitCollection)
        }

        /// A configuration with nothing specified.
        public static let unspecified = SymbolConfiguration()

        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .unspecified, scale: .unspecified) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) { self.init(pointSize: pointSize, weight: weight, scale: .unspecified) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil)
        }
        public convenience init(weight: SymbolWeight) { self.init(pointSize: 0, weight: weight, scale: .unspecified) }
        public convenience init(scale: SymbolScale) { self.init(pointSize: 0, weight: .unspecified, scale: scale) }
        /// Sized to match `textStyle`: at the content size category of the configuration's traits
        /// (`withTraitCollection(_:)`), else the default one. An image view resolves it for its own
        /// traits, so its symbol follows the text size (Dynamic Type), as in UIKit.
        public convenience init(textStyle: UIFont.TextStyle) { self.init(textStyle: textStyle, scale: .unspecified) }
        public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) {
            self.init(pointSize: 0, weight: .unspecified, scale: scale, textStyle: textStyle)
        }
        /// Sized and weighted to match `font`.
        public convenience init(font: UIFont) { self.init(font: font, scale: .unspecified) }
        public convenience init(font: UIFont, scale: SymbolScale) {
            self.init(pointSize: font.pointSize, weight: SymbolWeight(fontWeight: font.weight), scale: scale)
        }
        /// Palette colours (SceneHost draws a symbol in the first).
        public convenience init(paletteColors: [UIColor]) { self.init(pointSize: 0, paletteColors: paletteColors) }
        /// A hierarchical colour (SceneHost draws the symbol in it).
        public convenience init(hierarchicalColor: UIColor) { self.init(pointSize: 0, paletteColors: [hierarchicalColor]) }

        /// This configuration asking for one colour.
        public func preferringMonochrome() -> SymbolConfiguration {
            SymbolConfiguration(pointSize: pointSize, weight: weight, scale: scale, textStyle: textStyle,
                                paletteColors: paletteColors, prefersMonochrome: true, traitCollection: traitCollection)
        }

        /// This configuration with `other`'s specified values over it (later attributes win, as UIKit).
        public override func applying(_ other: Configuration?) -> Self {
            guard let other = other as? SymbolConfiguration else { return super.applying(other) }
            // A point size or a text style, whichever was given later, sets the size.
            let sized = other.pointSize > 0 || other.textStyle != nil
            return SymbolConfiguration(pointSize: sized ? other.pointSize : pointSize,
                                       weight: other.weight != .unspecified ? other.weight : weight,
                                       scale: other.scale != .unspecified ? other.scale : scale,
                                       textStyle: sized ? other.textStyle : textStyle,
                                       paletteColors: other.paletteColors ?? paletteColors,
                                       prefersMonochrome: other.prefersMonochrome || prefersMonochrome,
                                       traitCollection: other.traitCollection ?? traitCollection) as! Self
        }

        public override func withTraitCollection(_ traitCollection: UITraitCollection?) -> Self {
            SymbolConfiguration(pointSize: pointSize, weight: weight, scale: scale, textStyle: textStyle,
                                paletteColors: paletteColors, prefersMonochrome: prefersMonochrome, traitCollection: traitCollection) as! Self
        }

        /// Whether `other` configures a symbol the same way.
        public func isEqual(to other: SymbolConfiguration?) -> Bool {
            guard let other else { return false }
            return pointSize == other.pointSize && weight == other.weight && scale == other.scale && textStyle == other.textStyle
                && prefersMonochrome == other.prefersMonochrome && paletteColors == other.paletteColors
        }

        override func hasSameValues(as other: Configuration) -> Bool {
            guard let other = other as? SymbolConfiguration else { return false }
            return isEqual(to: Optional(other))
        }

        public override var description: String {
            "<UIImage.SymbolConfiguration pointSize = \(pointSize), weight = \(weight), scale = \(scale)"
                + (textStyle.map { ", textStyle = \($0.rawValue)" } ?? "") + ">"
        }

        /// The text size the symbol matches: the point size, the text style's size at the traits'
        /// content size category (the default one without traits), or 17 (body).
        var effectivePointSize: CGFloat {
            if pointSize > 0 { return pointSize }
            if let textStyle {
                return UIFont.preferredFont(forTextStyle: textStyle, compatibleWith: traitCollection ?? UITraitCollection()).pointSize
            }
            return 17
        }

        /// The side of the square a symbol is drawn in, in points: about 1.2 times the text size (a
        /// symbol spans a line of that text), times 0.78 for the small scale and 1.29 for the large,
        /// SF Symbols' proportions.
        var symbolSide: CGFloat {
            let factor: CGFloat = switch scale {
            case .small: 0.78
            case .large: 1.29
            default: 1
            }
            return (effectivePointSize * 1.2 * factor).rounded()
        }
    }
}

extension UIImage.SymbolWeight {
    /// The symbol weight nearest a font weight.
    init(fontWeight: UIFont.Weight) {
        let table: [(UIFont.Weight, UIImage.SymbolWeight)] = [
            (.ultraLight, .ultraLight), (.thin, .thin), (.light, .light), (.regular, .regular), (.medium, .medium),
            (.semibold, .semibold), (.bold, .bold), (.heavy, .heavy), (.black, .black),
        ]
        self = table.min { abs($0.0.rawValue - fontWeight.rawValue) < abs($1.0.rawValue - fontWeight.rawValue) }!.1
    }
}
