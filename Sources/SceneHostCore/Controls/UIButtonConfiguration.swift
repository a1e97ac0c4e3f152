import Foundation

extension UIButton {
    /// How a button looks, as UIKit's `UIButton.Configuration` (iOS 15): a style (`plain()`, `gray()`,
    /// `tinted()`, `filled()` and the `bordered…` names for them), title, subtitle and image with their
    /// placement and padding, colours, corner style, size and insets. A button shows it with its state
    /// (highlighted, disabled, selected) and traits (light or dark, Dynamic Type size, layout
    /// direction) applied when drawn, as UIKit's automatic updates do.
    ///
    /// Differs from UIKit: no attributed titles, `background` or `titleTextAttributesTransformer`
    /// (the fonts come from the button size's text style); images are drawn as they are (no symbol
    /// configuration or template tinting); `showsActivityIndicator` draws no spinner.
    public struct Configuration: Equatable {
        /// The style a configuration starts from: its colours.
        enum Style: Equatable { case plain, gray, tinted, filled }
        var style: Style

        /// How big the button is: its fonts and insets (UIKit's raw values).
        public enum Size: Int, Sendable {
            case mini = 0, small = 1, medium = 2, large = 3
        }

        /// How round the corners are (UIKit's raw values). `.dynamic` follows the size (and the text size).
        public enum CornerStyle: Int, Sendable {
            case fixed = -1, dynamic = 0, small = 1, medium = 2, large = 3, capsule = 4
        }

        /// How title and subtitle align with each other (UIKit's raw values).
        public enum TitleAlignment: Int, Sendable {
            case automatic = 0, leading = 1, center = 2, trailing = 3
        }

        /// The indicator at the trailing edge (UIKit's raw values): `.popup` shows up and down chevrons,
        /// `.automatic` shows them on a button whose menu changes its selection.
        public enum Indicator: Int, Sendable {
            case automatic = 0, none = 1, popup = 2, toggle = 3
        }

        /// The title; nil shows none (a pop-up button shows its selected action's).
        public var title: String?
        /// A second, smaller line under the title.
        public var subtitle: String?
        /// The image beside the text, drawn at its size.
        public var image: UIImage?
        /// Where the image goes next to the text: `.leading` (the default), `.trailing`, `.top` or `.bottom`.
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// Space between the image and the text.
        public var imagePadding: CGFloat = 0
        /// Space between the title and the subtitle.
        public var titlePadding: CGFloat = 0
        /// How the title and subtitle align with each other.
        public var titleAlignment: TitleAlignment = .automatic
        /// The text and image colour; nil: the style's (the tint, or white on a filled button).
        public var baseForegroundColor: UIColor?
        /// The background colour; nil: the style's (none, grey, a pale tint, or the tint).
        public var baseBackgroundColor: UIColor?
        /// How round the background's corners are.
        public var cornerStyle: CornerStyle = .dynamic
        /// The size: fonts and, until set directly, the content insets.
        public var buttonSize: Size = .medium {
            didSet { if !insetsSet { contentInsets = Self.defaultInsets(for: buttonSize) } }
        }
        /// Space around the content; set by the size until set directly.
        public var contentInsets: NSDirectionalEdgeInsets {
            get { storedInsets }
            set { storedInsets = newValue; insetsSet = true }
        }
        private var storedInsets = Configuration.defaultInsets(for: .medium)
        private var insetsSet = false
        /// The indicator at the trailing edge.
        public var indicator: Indicator = .automatic
        /// Kept for code that sets it; SceneHost draws no activity indicator in buttons.
        public var showsActivityIndicator = false
        /// Whether a selected button (`isSelected`) is drawn one step more prominent: plain and gray
        /// as tinted, tinted and filled as filled; default true. Highlighted and disabled colours apply
        /// either way. UIKit's selected look is a filled or tinted background too; its exact colours
        /// differ.
        public var automaticallyUpdateForSelection = true

        init(style: Style) { self.style = style }

        /// A button without background: tinted text (UIKit's `plain()`).
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// Tinted text on a grey background.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// Tinted text on a pale tint.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// White text on the tint.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// The same as `plain()`.
        public static func borderless() -> Configuration { Configuration(style: .plain) }
        /// The same as `gray()`.
        public static func bordered() -> Configuration { Configuration(style: .gray) }
        /// The same as `tinted()`.
        public static func borderedTinted() -> Configuration { Configuration(style: .tinted) }
        /// The same as `filled()`.
        public static func borderedProminent() -> Configuration { Configuration(style: .filled) }

        static func defaultInsets(for size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: NSDirectionalEdgeInsets(top: 3, leading: 6, bottom: 3, trailing: 6)
            case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        /// The configuration with its colours resolved for `button`'s state, as UIKit's.
        @MainActor public func updated(for button: UIButton) -> Configuration {
            var copy = self
            let look = button.look(for: self)
            copy.baseForegroundColor = look.foreground
            copy.baseBackgroundColor = look.background
            return copy
        }

        /// Equal when every property is (images by identity).
        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.style == b.style && a.title == b.title && a.subtitle == b.subtitle && a.image === b.image
                && a.imagePlacement == b.imagePlacement && a.imagePadding == b.imagePadding && a.titlePadding == b.titlePadding
                && a.titleAlignment == b.titleAlignment && a.baseForegroundColor == b.baseForegroundColor
                && a.baseBackgroundColor == b.baseBackgroundColor && a.cornerStyle == b.cornerStyle && a.buttonSize == b.buttonSize
                && a.contentInsets == b.contentInsets && a.indicator == b.indicator
                && a.showsActivityIndicator == b.showsActivityIndicator
                && a.automaticallyUpdateForSelection == b.automaticallyUpdateForSelection
        }

        /// The title's and subtitle's text styles for the size.
        var textStyles: (title: UIFont.TextStyle, subtitle: UIFont.TextStyle) {
            switch buttonSize {
            case .mini: (.footnote, .caption2)
            case .small: (.subheadline, .caption1)
            case .medium, .large: (.body, .subheadline)
            }
        }

        /// The corner radius for a button `height` points tall, at the body size `scale` times UIKit's default.
        func cornerRadius(height: CGFloat, scale: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .capsule: height / 2
            case .small: 4
            case .medium: 8
            case .large: 12
            case .fixed: 6
            case .dynamic:
                switch buttonSize {
                case .mini: 4 * scale
                case .small: 6 * scale
                case .medium: 8 * scale
                case .large: 10 * scale
                }
            }
        }
    }
}
