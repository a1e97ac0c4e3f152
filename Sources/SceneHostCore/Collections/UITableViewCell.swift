import Foundation

/// A row of a table view, as UIKit's `UITableViewCell`: a list cell (content configurations,
/// accessories, the table style's background) with the classic styles' `textLabel`,
/// `detailTextLabel` and `accessoryType`.
///
/// Differs from UIKit: a subclass of `UICollectionViewListCell` (both are SceneHost list rows);
/// `imageView` is not provided — use a content configuration's image.
@MainActor
open class UITableViewCell: UICollectionViewListCell {
    /// The classic layouts of `textLabel` and `detailTextLabel` (raw values as UIKit's).
    public enum CellStyle: Int, Sendable { case `default` = 0, value1 = 1, value2 = 2, subtitle = 3 }
    /// The accessory at the trailing edge (raw values as UIKit's).
    public enum AccessoryType: Int, Sendable { case none = 0, disclosureIndicator = 1, detailDisclosureButton = 2, checkmark = 3, detailButton = 4 }
    /// How a selected row looks (raw values as UIKit's); `.none` shows no selection.
    public enum SelectionStyle: Int, Sendable { case none = 0, blue = 1, gray = 2, `default` = 3 }

    public let style: CellStyle
    open var accessoryType: AccessoryType = .none { didSet { updateAccessories() } }
    open var selectionStyle: SelectionStyle = .default { didSet { setNeedsUpdateConfiguration() } }

    private var labels: (text: UILabel, detail: UILabel)?

    /// A cell of `style`, reused under `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        super.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// The main text's label (made on first use; the classic API, deprecated in UIKit for content
    /// configurations).
    open var textLabel: UILabel? { classicLabels.text }
    /// The secondary text's label; nil in the `.default` style.
    open var detailTextLabel: UILabel? { style == .default ? nil : classicLabels.detail }

    private var classicLabels: (text: UILabel, detail: UILabel) {
        if let labels { return labels }
        let text = UILabel(), detail = UILabel()
        for label in [text, detail] {
            label.adjustsFontForContentSizeCategory = true
            label.numberOfLines = 0
            contentView.addSubview(label)
        }
        text.font = .preferredFont(forTextStyle: .body)
        detail.font = .preferredFont(forTextStyle: style == .subtitle ? .footnote : .body)
        detail.textColor = .secondaryLabel
        labels = (text, detail)
        return (text, detail)
    }

    open override var configurationState: UICellConfigurationState {
        var state = super.configurationState
        if selectionStyle == .none { state.isSelected = false; state.isHighlighted = false }
        return state
    }

    private func updateAccessories() {
        switch accessoryType {
        case .none: accessories = []
        case .disclosureIndicator, .detailDisclosureButton: accessories = [.disclosureIndicator()]
        case .checkmark: accessories = [.checkmark()]
        case .detailButton: accessories = [.label(text: "ⓘ")]
        }
    }

    /// Where the classic labels go in a row `width` wide, and the height they need.
    private func arrangeLabels(width: CGFloat) -> (CGRect, CGRect, CGFloat) {
        guard let labels else { return (.zero, .zero, 0) }
        let insets = contentInsetsForConfiguration
        let x = 16 + insets.left, available = max(0, width - x - 16 - insets.right)
        let minimum = UICollectionLayoutListConfiguration.minimumRowHeight(for: traitCollection)
        switch style {
        case .default, .subtitle:
            let text = labels.text.sizeThatFits(CGSize(width: available, height: 0))
            let detail = style == .subtitle && !(labels.detail.text ?? "").isEmpty ? labels.detail.sizeThatFits(CGSize(width: available, height: 0)) : .zero
            let block = text.height + (detail.height > 0 ? detail.height + 3 : 0)
            let height = max(minimum, (block + 22).rounded(.up))
            let top = (height - block) / 2
            return (CGRect(x: x, y: top, width: min(available, text.width), height: text.height),
                    CGRect(x: x, y: top + text.height + 3, width: min(available, detail.width), height: detail.height), height)
        case .value1, .value2:
            let detail = labels.detail.sizeThatFits(CGSize(width: available / 2, height: 0))
            let textWidth = max(0, available - min(available / 2, detail.width) - 8)
            let text = labels.text.sizeThatFits(CGSize(width: textWidth, height: 0))
            let height = max(minimum, (max(text.height, detail.height) + 22).rounded(.up))
            let detailWidth = min(available / 2, detail.width)
            return (CGRect(x: x, y: (height - text.height) / 2, width: min(textWidth, text.width), height: text.height),
                    CGRect(x: x + available - detailWidth, y: (height - detail.height) / 2, width: detailWidth, height: detail.height), height)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let labels else { return }
        var (text, detail, _) = arrangeLabels(width: bounds.width)
        if effectiveUserInterfaceLayoutDirection == .rightToLeft {
            text.origin.x = bounds.width - text.maxX
            detail.origin.x = bounds.width - detail.maxX
        }
        labels.text.frame = text
        labels.detail.frame = detail
        labels.detail.isHidden = style == .default
    }

    override func fittingSize(for proposed: CGSize) -> CGSize {
        guard labels != nil, contentConfiguration == nil else { return super.fittingSize(for: proposed) }
        return CGSize(width: proposed.width, height: arrangeLabels(width: proposed.width).2)
    }
}

/// A table view's section header or footer, as UIKit's `UITableViewHeaderFooterView`: set a content
/// configuration (`defaultHeaderConfiguration()` has the table style's look).
///
/// Differs from UIKit: no classic `textLabel`; use a content configuration.
@MainActor
open class UITableViewHeaderFooterView: UICollectionViewListCell {
    public init(reuseIdentifier: String?) {
        super.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
        backgroundConfiguration = .clear()
    }
    public override convenience init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }
    /// A header configuration for the table's style.
    public func defaultHeaderConfiguration() -> UIListContentConfiguration {
        listPlacement?.appearance == .plain ? .plainHeader() : .groupedHeader()
    }
}
