import Foundation

/// Describes a cell's content and makes the view that shows it, as UIKit's `UIContentConfiguration`.
@MainActor
public protocol UIContentConfiguration {
    /// A new view showing this configuration.
    func makeContentView() -> any UIView & UIContentView
    /// This configuration as it should look in `state`.
    func updated(for state: UICellConfigurationState) -> Self
}

/// A view that shows a content configuration, as UIKit's `UIContentView`. Setting `configuration`
/// updates the view in place.
@MainActor
public protocol UIContentView: AnyObject {
    var configuration: any UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (the same kind): then it is reused, else replaced.
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: any UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// The content of a list row, header or footer, as UIKit's `UIListContentConfiguration`: an image, a
/// text and a secondary text with their properties and margins. Fonts are the preferred fonts of their
/// text styles and follow the text size (Dynamic Type), as does a symbol image (sized from the text's
/// font unless `imageProperties` prefers a configuration), so rows grow with it and nothing is cut off.
@MainActor
public struct UIListContentConfiguration: UIContentConfiguration, @MainActor Equatable {
    /// How a text is drawn.
    public struct TextProperties: @MainActor Equatable {
        public var font: UIFont
        public var color: UIColor
        public var alignment: NSTextAlignment = .natural
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        /// 0: as many lines as the text needs (the default, so nothing is cut off).
        public var numberOfLines = 0
        public var adjustsFontForContentSizeCategory = true
        /// The text style the font follows as the text size changes.
        var textStyle: UIFont.TextStyle
        init(style: UIFont.TextStyle, color: UIColor) { textStyle = style; font = .preferredFont(forTextStyle: style); self.color = color }
    }
    /// How the image is drawn.
    public struct ImageProperties: @MainActor Equatable {
        /// Set as a width or height of `reservedLayoutSize`: the room a symbol image gets by default
        /// in that dimension, even for an image that is not a symbol.
        public static let standardDimension: CGFloat = -.greatestFiniteMagnitude

        /// The configuration a symbol image is drawn with, over its own. Nil (the default): one
        /// derived from the text's font, so the symbol matches the text and follows the text size
        /// (Dynamic Type), as in UIKit. A configuration with a text style follows it too.
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
        /// The colour of symbol and template images; nil: the view's `tintColor`.
        public var tintColor: UIColor?
        public var cornerRadius: CGFloat = 0
        /// The largest size shown (zero: no limit).
        public var maximumSize: CGSize = .zero
        /// The room kept for the image, which is centred in it; it never shrinks the image. Zero in
        /// a dimension (the default): a symbol image gets the standard room, a square as wide as a
        /// symbol of the text's size, which grows with the text size, so texts beside different
        /// symbols line up; other images get their own size. `standardDimension`: the standard room
        /// for any image.
        public var reservedLayoutSize: CGSize = .zero
    }

    public var text: String?
    public var secondaryText: String?
    public var image: UIImage?
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties
    public var imageProperties = ImageProperties()
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    /// Whether the secondary text sits beside the text (value cells) rather than below it.
    public var prefersSideBySideTextAndSecondaryText = false
    public var textToSecondaryTextVerticalPadding: CGFloat = 3
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var imageToTextPadding: CGFloat = 16
    /// The lower limit of the row's height (UIKit's list rows: 44 points at the default text size).
    var minimumHeight: CGFloat = 44
    var isSidebar = false

    private init(textStyle: UIFont.TextStyle, color: UIColor = .label, secondaryStyle: UIFont.TextStyle = .subheadline,
                 secondaryColor: UIColor = .secondaryLabel, margins: NSDirectionalEdgeInsets) {
        textProperties = TextProperties(style: textStyle, color: color)
        secondaryTextProperties = TextProperties(style: secondaryStyle, color: secondaryColor)
        directionalLayoutMargins = margins
    }

    private static let cellMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)

    /// A plain row: the body text.
    public static func cell() -> Self { .init(textStyle: .body, margins: cellMargins) }
    /// A row with a secondary text below the text.
    public static func subtitleCell() -> Self { .init(textStyle: .body, secondaryStyle: .footnote, margins: cellMargins) }
    /// A row with a secondary text at the trailing edge.
    public static func valueCell() -> Self {
        var configuration = Self(textStyle: .body, secondaryStyle: .body, margins: cellMargins)
        configuration.prefersSideBySideTextAndSecondaryText = true
        return configuration
    }
    /// A sidebar row.
    public static func sidebarCell() -> Self {
        var configuration = Self(textStyle: .body, margins: NSDirectionalEdgeInsets(top: 11, leading: 12, bottom: 11, trailing: 12))
        configuration.isSidebar = true
        configuration.imageToTextPadding = 12
        return configuration
    }
    /// A sidebar row with a secondary text below.
    public static func sidebarSubtitleCell() -> Self {
        var configuration = sidebarCell()
        configuration.secondaryTextProperties = TextProperties(style: .footnote, color: .secondaryLabel)
        return configuration
    }
    /// A sidebar row with a secondary text beside it.
    public static func accompaniedSidebarCell() -> Self {
        var configuration = sidebarCell()
        configuration.prefersSideBySideTextAndSecondaryText = true
        return configuration
    }
    /// A section header of a sidebar.
    public static func sidebarHeader() -> Self {
        var configuration = Self(textStyle: .headline, margins: NSDirectionalEdgeInsets(top: 14, leading: 12, bottom: 6, trailing: 12))
        configuration.minimumHeight = 0
        return configuration
    }
    /// A header of a plain list.
    public static func plainHeader() -> Self { headerFooter(.headline, .label) }
    /// A footer of a plain list.
    public static func plainFooter() -> Self { headerFooter(.footnote, .secondaryLabel) }
    /// A header of a grouped list.
    public static func groupedHeader() -> Self { headerFooter(.footnote, .secondaryLabel) }
    /// A footer of a grouped list.
    public static func groupedFooter() -> Self { headerFooter(.footnote, .secondaryLabel) }
    /// A prominent header of an inset-grouped list.
    public static func prominentInsetGroupedHeader() -> Self { headerFooter(.title3, .label) }
    /// An extra-prominent header of an inset-grouped list.
    public static func extraProminentInsetGroupedHeader() -> Self { headerFooter(.title2, .label) }
    /// The header for the current list (UIKit's `header()`): as `groupedHeader()`.
    public static func header() -> Self { groupedHeader() }
    /// The footer for the current list.
    public static func footer() -> Self { groupedFooter() }

    private static func headerFooter(_ style: UIFont.TextStyle, _ color: UIColor) -> Self {
        var configuration = Self(textStyle: style, color: color, margins: NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 8, trailing: 16))
        configuration.minimumHeight = 0
        return configuration
    }

    public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }

    /// In a selected sidebar row the texts turn white on the tint colour.
    public func updated(for state: UICellConfigurationState) -> Self {
        var result = self
        if isSidebar, state.isSelected {
            result.textProperties.color = .white
            result.secondaryTextProperties.color = .white
            result.imageProperties.tintColor = .white
        }
        return result
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.text == b.text && a.secondaryText == b.secondaryText && a.image === b.image && a.textProperties == b.textProperties
            && a.secondaryTextProperties == b.secondaryTextProperties && a.imageProperties == b.imageProperties
            && a.directionalLayoutMargins == b.directionalLayoutMargins
            && a.prefersSideBySideTextAndSecondaryText == b.prefersSideBySideTextAndSecondaryText && a.minimumHeight == b.minimumHeight
    }
}

/// The view of a `UIListContentConfiguration`, as UIKit's `UIListContentView`: an image and two labels,
/// laid out by hand (no constraints) so a list row costs little to configure and measure.
@MainActor
open class UIListContentView: UIView, UIContentView {
    private let textLabel = UILabel()
    private let secondaryLabel = UILabel()
    private let imageView = ListImageView()
    private var listConfiguration: UIListContentConfiguration
    /// The configuration's image as drawn: a symbol with its symbol configuration applied (made once
    /// per image, configuration and text size, not at every update).
    private var shownImage: (source: UIImage, configuration: UIImage.SymbolConfiguration, category: UIContentSizeCategory, image: UIImage)?

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        addSubview(imageView)
        addSubview(textLabel)
        addSubview(secondaryLabel)
        apply()
    }

    public var configuration: any UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let new = newValue as? UIListContentConfiguration else {
                return SceneHostLog.warning("UIListContentView shows only UIListContentConfiguration; it ignores a \(type(of: newValue))")
            }
            guard new != listConfiguration else { return }
            listConfiguration = new
            apply()
        }
    }

    private func apply() {
        let configuration = listConfiguration
        for (label, text, properties) in [(textLabel, configuration.text, configuration.textProperties),
                                          (secondaryLabel, configuration.secondaryText, configuration.secondaryTextProperties)] {
            label.text = text
            label.isHidden = (text ?? "").isEmpty
            label.font = properties.adjustsFontForContentSizeCategory
                ? .preferredFont(forTextStyle: properties.textStyle, compatibleWith: traitCollection) : properties.font
            label.textColor = properties.color
            label.textAlignment = properties.alignment
            label.numberOfLines = properties.numberOfLines
            label.lineBreakMode = properties.lineBreakMode
        }
        imageView.image = image(showing: configuration.image)
        imageView.imageTintColor = configuration.imageProperties.tintColor
        imageView.isHidden = configuration.image == nil
        imageView.layer.cornerRadius = configuration.imageProperties.cornerRadius
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory { apply() }
        if previousTraitCollection?.layoutDirection != traitCollection.layoutDirection { setNeedsLayout() }
    }

    /// The symbol configuration a symbol image is drawn with: the preferred one (a text style in it
    /// resolved for the view's text size), else one matching the text's font.
    private var symbolConfiguration: UIImage.SymbolConfiguration {
        listConfiguration.imageProperties.preferredSymbolConfiguration?.withTraitCollection(traitCollection)
            ?? UIImage.SymbolConfiguration(font: textLabel.font)
    }

    /// `image` as drawn: a symbol in the symbol configuration, other images as they are.
    private func image(showing image: UIImage?) -> UIImage? {
        guard let image, image.isSymbolImage else {
            shownImage = nil
            return image
        }
        let configuration = symbolConfiguration, category = traitCollection.preferredContentSizeCategory
        if let shownImage, shownImage.source === image, shownImage.configuration == configuration, shownImage.category == category {
            return shownImage.image
        }
        let shown = image.withConfiguration(configuration)
        shownImage = (image, configuration, category, shown)
        return shown
    }

    /// The side of the standard room for an image: a symbol of the text's size.
    private var standardImageSide: CGFloat { UIImage.SymbolConfiguration(font: textLabel.font).symbolSide }

    private var imageSize: CGSize {
        guard let image = imageView.image else { return .zero }
        var size = image.size
        let maximum = listConfiguration.imageProperties.maximumSize
        if maximum.width > 0, size.width > maximum.width { size = CGSize(width: maximum.width, height: size.height * maximum.width / size.width) }
        if maximum.height > 0, size.height > maximum.height { size = CGSize(width: size.width * maximum.height / size.height, height: maximum.height) }
        return size
    }

    /// The frames of the image and labels in a view `width` wide, and the height they need.
    private func arrange(width: CGFloat) -> (image: CGRect, text: CGRect, secondary: CGRect, height: CGFloat) {
        let configuration = listConfiguration
        let margins = configuration.directionalLayoutMargins
        var x = margins.leading
        let right = width - margins.trailing
        var image = CGRect.zero, imageRoomHeight: CGFloat = 0
        if configuration.image != nil {
            let size = imageSize
            let reserved = configuration.imageProperties.reservedLayoutSize
            let isSymbol = configuration.image?.isSymbolImage == true
            func room(_ reserved: CGFloat) -> CGFloat {
                let standard = reserved == UIListContentConfiguration.ImageProperties.standardDimension || (reserved == 0 && isSymbol)
                return standard ? standardImageSide : max(0, reserved)
            }
            let slot = max(size.width, room(reserved.width))
            imageRoomHeight = max(size.height, room(reserved.height))
            image = CGRect(x: x + (slot - size.width) / 2, y: 0, width: size.width, height: size.height)
            x += slot + configuration.imageToTextPadding
        }
        let available = max(0, right - x)
        var text = CGRect.zero, secondary = CGRect.zero
        let hasText = !textLabel.isHidden, hasSecondary = !secondaryLabel.isHidden
        if configuration.prefersSideBySideTextAndSecondaryText && hasSecondary {
            let secondaryWidth = min(available * 0.5, secondaryLabel.sizeThatFits(CGSize(width: available * 0.5, height: 0)).width)
            let textWidth = max(0, available - secondaryWidth - (hasText ? configuration.textToSecondaryTextHorizontalPadding : 0))
            let textSize = hasText ? textLabel.sizeThatFits(CGSize(width: textWidth, height: 0)) : .zero
            let secondarySize = secondaryLabel.sizeThatFits(CGSize(width: secondaryWidth, height: 0))
            text = CGRect(x: x, y: 0, width: min(textWidth, textSize.width), height: textSize.height)
            secondary = CGRect(x: right - min(secondaryWidth, secondarySize.width), y: 0, width: min(secondaryWidth, secondarySize.width), height: secondarySize.height)
        } else {
            let textSize = hasText ? textLabel.sizeThatFits(CGSize(width: available, height: 0)) : .zero
            text = CGRect(x: x, y: 0, width: min(available, textSize.width), height: textSize.height)
            if hasSecondary {
                let size = secondaryLabel.sizeThatFits(CGSize(width: available, height: 0))
                secondary = CGRect(x: x, y: text.maxY + (hasText ? configuration.textToSecondaryTextVerticalPadding : 0),
                                   width: min(available, size.width), height: size.height)
            }
        }
        let textBlock = configuration.prefersSideBySideTextAndSecondaryText ? max(text.height, secondary.height) : max(text.maxY, secondary.maxY)
        let content = max(textBlock, imageRoomHeight)
        let scaledMinimum = configuration.minimumHeight > 0 ? UICollectionLayoutListConfiguration.minimumRowHeight(for: traitCollection) : 0
        let height = max(scaledMinimum, (content + margins.top + margins.bottom).rounded(.up))
        // Centre everything vertically in the row.
        let top = (height - content) / 2
        image.origin.y = top + (content - image.height) / 2
        if configuration.prefersSideBySideTextAndSecondaryText {
            text.origin.y = top + (content - text.height) / 2
            secondary.origin.y = top + (content - secondary.height) / 2
        } else {
            let offset = top + (content - textBlock) / 2
            text.origin.y += offset
            secondary.origin.y += offset
        }
        return (image, text, secondary, height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: arrange(width: size.width).height)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: arrange(width: bounds.width).height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let frames = arrange(width: bounds.width)
        let offset = (bounds.height - frames.height) / 2
        // `arrange` lays out from the leading edge; right to left, the image and text start at the right.
        let rightToLeft = isRightToLeftLayout, width = bounds.width
        func placed(_ frame: CGRect) -> CGRect {
            var frame = frame.offsetBy(dx: 0, dy: offset)
            if rightToLeft { frame.origin.x = width - frame.maxX }
            return frame
        }
        imageView.frame = placed(frames.image)
        textLabel.frame = placed(frames.text)
        secondaryLabel.frame = placed(frames.secondary)
    }

    /// The text label's frame (tests check that nothing is cut off).
    var textFrame: CGRect { textLabel.frame }
    var secondaryTextFrame: CGRect { secondaryLabel.frame }
}

/// Draws a list row's image: a symbol or template image in the image properties' `tintColor`, else
/// in the view's `tintColor`, as UIKit's list content does (other images in their own colours).
@MainActor
final class ListImageView: UIView {
    var image: UIImage? { didSet { if image !== oldValue { setNeedsDisplay() } } }
    /// The image properties' tint; nil: the inherited `tintColor`.
    var imageTintColor: UIColor? { didSet { if imageTintColor !== oldValue { setNeedsDisplay() } } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
        isUserInteractionEnabled = false
    }

    override func draw(_ rect: CGRect) { image?.draw(in: bounds, tint: imageTintColor ?? tintColor, templateWhenAutomatic: true) }

    override func tintColorDidChange() { if imageTintColor == nil { setNeedsDisplay() } }
}
