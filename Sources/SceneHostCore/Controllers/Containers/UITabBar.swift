import Foundation

/// The bar of a `UITabBarController`: at the bottom when the controller is horizontally compact
/// (iPadOS style: each item's image beside its title when there is room, above it when not), or
/// floating at the top in a regular width without a sidebar (titles in a capsule). The selected item
/// is tinted with `tintColor`; the others use `unselectedItemTintColor`. Clicking an item selects it.
///
/// As in UIKit the bar, its items' titles and images keep their default size at every text size
/// (Dynamic Type): 50 points high at the bottom, titles in 12 points under their images (15 beside
/// them or in the floating capsule), images 24 points.
///
/// Differences from UIKit: the bar belongs to its tab bar controller and lists what the controller
/// gives it (set `items` through the controller's tabs or view controllers); there is no "More" item
/// (every item gets a share of the width), no customisation, no material blur (an opaque
/// background), and no Large Content Viewer (UIKit shows a long-pressed item enlarged at the
/// accessibility text sizes).
@MainActor
open class UITabBar: UIView {
    /// The items shown, in order (the controller's root tabs or view controllers).
    public internal(set) var items: [UITabBarItem]?

    /// The item drawn as selected, or nil.
    public internal(set) var selectedItem: UITabBarItem? { didSet { updateSelection() } }

    /// The colour of the items not selected; nil: system grey.
    open var unselectedItemTintColor: UIColor? { didSet { updateSelection() } }

    /// The bar's background; nil: the system's (system background at the bottom, secondary system
    /// background for the floating bar).
    open var barTintColor: UIColor? { didSet { updateBackground() } }

    /// Whether the bar floats at the top (regular width) rather than filling the bottom.
    var isFloating = false {
        didSet {
            guard isFloating != oldValue else { return }
            for view in itemViews { view.style = isFloating ? .capsule : .stacked }
            updateBackground()
            setNeedsLayout()
        }
    }

    /// Called with an item's index when the user clicks it.
    var onSelect: ((Int) -> Void)?

    private(set) var itemViews: [TabItemView] = []

    /// A bar with no items.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        updateBackground()
    }

    /// A bar with no items and a zero frame.
    public convenience init() { self.init(frame: .zero) }

    /// Replaces the items; each is shown with its title, image and badge.
    func setItems(_ newItems: [UITabBarItem], selected: UITabBarItem?, enabled: [Bool]) {
        for view in itemViews { view.removeFromSuperview() }
        items = newItems
        itemViews = newItems.enumerated().map { index, item in
            let view = TabItemView(style: isFloating ? .capsule : .stacked)
            view.title = item.title ?? ""
            view.image = item.image
            view.badgeValue = item.badgeValue
            view.badgeColor = item.badgeColor
            view.isEnabled = item.isEnabled && (index < enabled.count ? enabled[index] : true)
            view.onSelect = { [weak self] in self?.onSelect?(index) }
            addSubview(view)
            return view
        }
        selectedItem = selected
        setNeedsLayout()
    }

    private func updateSelection() {
        for (view, item) in zip(itemViews, items ?? []) {
            view.isSelected = item === selectedItem
            view.unselectedColor = unselectedItemTintColor
        }
    }

    private func updateBackground() {
        backgroundColor = barTintColor ?? (isFloating ? .secondarySystemBackground : .systemBackground)
        layer.cornerRadius = isFloating ? floatingHeight / 2 : 0
        layer.shadowOpacity = isFloating ? 0.15 : 0
        layer.shadowRadius = 8
        layer.shadowOffset = CGSize(width: 0, height: 2)
        setNeedsDisplay()
    }

    /// The floating bar's height: the capsule items' height and a margin.
    var floatingHeight: CGFloat {
        (itemViews.map { $0.preferredHeight }.max() ?? TabItemView.minimumCapsuleHeight) + 8
    }

    /// The bar's height at the bottom (50 points), or floating.
    var preferredHeight: CGFloat {
        if isFloating { return floatingHeight }
        let inline = fitsInline(in: bounds.width > 0 ? bounds.width : 320)
        return itemViews.map { $0.heightAtBottom(inline: inline) }.max() ?? 50
    }

    /// The floating bar's width for its items.
    var floatingWidth: CGFloat { itemViews.reduce(8) { $0 + $1.capsuleWidth } }

    /// Whether every item's image and title fit side by side in its share of `width`.
    private func fitsInline(in width: CGFloat) -> Bool {
        let share = itemWidth(in: width)
        return share >= TabItemView.inlineWidth && itemViews.allSatisfy { $0.inlineWidth <= share }
    }

    private func itemWidth(in width: CGFloat) -> CGFloat {
        itemViews.isEmpty ? width : (width - 2 * sidePadding(width)) / CGFloat(itemViews.count)
    }

    /// Items gather in the middle of a wide bar, as on iPad.
    private func sidePadding(_ width: CGFloat) -> CGFloat {
        let most = CGFloat(itemViews.count) * 200
        return max(0, (width - most) / 2)
    }

    /// Places the items: side by side across the bottom bar (gathered in the middle of a wide one, in
    /// reading order), or one after another in the floating capsule.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateBackground()
        let rightToLeft = isRightToLeftLayout
        if isFloating {
            var x: CGFloat = 4
            // Too many tabs for the window: every item gives up the same share of its width.
            let shrink = min(1, (bounds.width - 8) / max(1, floatingWidth - 8))
            for view in rightToLeft ? itemViews.reversed() : itemViews {
                let width = (view.capsuleWidth * shrink).rounded(.down)
                view.frame = CGRect(x: x, y: 4, width: width, height: bounds.height - 8)
                x += width
            }
        } else {
            let width = itemWidth(in: bounds.width)
            let padding = sidePadding(bounds.width)
            let inline = fitsInline(in: bounds.width)
            for (index, view) in (rightToLeft ? itemViews.reversed() : itemViews).enumerated() {
                view.style = inline ? .inline : .stacked
                view.frame = CGRect(x: padding + CGFloat(index) * width, y: 0, width: width, height: bounds.height)
            }
        }
        updateSelection()
    }

    /// Draws the hairline above the bottom bar.
    open override func draw(_ rect: CGRect) {
        guard !isFloating, let context = UIGraphicsGetCurrentContext() else { return }
        // The hairline above the bottom bar.
        context.setFillColor(.separator)
        context.fill(CGRect(x: 0, y: 0, width: bounds.width, height: 1 / max(1, traitCollection.displayScale)))
    }
}

/// One item of the tab bar or one row of the sidebar: an image drawn as a template, a title and a
/// badge; a click runs `onSelect`. A bar's item keeps the default text size whatever the category, as
/// UIKit's tab bar items do; a sidebar row follows it, as UIKit's sidebar (a list) does.
@MainActor
final class TabItemView: UIView {
    enum Style { case stacked, inline, capsule, sidebarRow }

    static let inlineWidth: CGFloat = 130
    static let minimumCapsuleHeight: CGFloat = 36

    var style: Style {
        didSet {
            guard style != oldValue else { return }
            followStyleTextSize()
            updateFonts()
            setNeedsLayout()
        }
    }
    var title = "" { didSet { titleLabel.text = title; setNeedsLayout() } }
    var image: UIImage? { didSet { iconView.image = image; iconView.isHidden = image == nil; setNeedsLayout() } }
    var badgeValue: String? {
        didSet {
            badgeLabel.text = badgeValue.map { " \($0) " }
            badgeLabel.isHidden = badgeValue == nil
            setNeedsLayout()
        }
    }
    var badgeColor: UIColor? { didSet { updateColors() } }
    var isSelected = false { didSet { if isSelected != oldValue { updateColors() } } }
    var isEnabled = true { didSet { alpha = isEnabled ? 1 : 0.4 } }
    var unselectedColor: UIColor? { didSet { updateColors() } }
    var onSelect: (() -> Void)?

    let iconView = TabIconView()
    let titleLabel = UILabel()
    let badgeLabel = UILabel()
    private let highlight = UIView()

    init(style: Style) {
        self.style = style
        super.init(frame: .zero)
        followStyleTextSize()
        highlight.isUserInteractionEnabled = false
        addSubview(highlight)
        addSubview(iconView)
        iconView.isHidden = true
        titleLabel.adjustsFontForContentSizeCategory = true
        addSubview(titleLabel)
        badgeLabel.adjustsFontForContentSizeCategory = true
        badgeLabel.font = .preferredFont(forTextStyle: .caption2)
        badgeLabel.textAlignment = .center
        badgeLabel.clipsToBounds = true
        badgeLabel.isHidden = true
        addSubview(badgeLabel)
        updateFonts()
        updateColors()
        addGestureRecognizer(UITapGestureRecognizer { [weak self] tap in
            guard tap.state == .ended, let self, self.isEnabled else { return }
            self.onSelect?()
        })
    }

    /// A bar's item and what it holds see the default text size (their labels adjust their fonts to
    /// the traits they see); a sidebar row sees the window's.
    private func followStyleTextSize() {
        if style == .sidebarRow {
            if traitOverrides.contains(UITraitPreferredContentSizeCategory.self) {
                traitOverrides.remove(UITraitPreferredContentSizeCategory.self)
            }
        } else if !traitOverrides.contains(UITraitPreferredContentSizeCategory.self) {
            traitOverrides.preferredContentSizeCategory = .large
        }
    }

    /// The title's text style in `style`.
    private static func textStyle(for style: Style) -> UIFont.TextStyle {
        switch style {
        case .stacked: .caption1
        case .inline, .capsule: .subheadline
        case .sidebarRow: .body
        }
    }

    private func updateFonts() {
        titleLabel.font = .preferredFont(forTextStyle: Self.textStyle(for: style), compatibleWith: traitCollection)
        updateColors()
    }

    /// Measures titles in another style's font.
    private static let measuringLabel = UILabel()

    /// The title's size in the font `style` gives it: the bar measures its items for both arrangements
    /// before it switches them between inline and stacked.
    private func titleSize(in style: Style) -> CGSize {
        guard style != self.style else { return titleSize }
        let label = Self.measuringLabel
        label.font = .preferredFont(forTextStyle: Self.textStyle(for: style), compatibleWith: traitCollection)
        label.text = title
        return label.intrinsicContentSize
    }

    override func tintColorDidChange() { updateColors() }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        if previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory { setNeedsLayout() }
    }

    private func updateColors() {
        let tint: UIColor = tintColor ?? .systemBlue
        let idle = unselectedColor ?? .systemGray
        switch style {
        case .stacked, .inline:
            titleLabel.textColor = isSelected ? tint : idle
            iconView.tint = isSelected ? tint : idle
            highlight.isHidden = true
        case .capsule:
            titleLabel.textColor = isSelected ? tint : .label
            iconView.tint = isSelected ? tint : .label
            highlight.isHidden = !isSelected
            // The selected capsule: white on the light bar, a lighter grey on the dark one.
            highlight.backgroundColor = UIColor(light: .white, dark: .systemGray4)
        case .sidebarRow:
            titleLabel.textColor = isSelected ? .white : .label
            iconView.tint = isSelected ? .white : tint
            highlight.isHidden = !isSelected
            highlight.backgroundColor = tint
        }
        badgeLabel.font = .preferredFont(forTextStyle: style == .sidebarRow ? .subheadline : .caption2, compatibleWith: traitCollection)
        badgeLabel.backgroundColor = style == .sidebarRow ? nil : (badgeColor ?? .systemRed)
        badgeLabel.textColor = style == .sidebarRow ? (isSelected ? .white : .secondaryLabel) : .white
        iconView.setNeedsDisplay()
    }

    private var titleSize: CGSize { titleLabel.intrinsicContentSize }
    /// The icon's side: 24 points in the bar; 22 in the sidebar, grown with Dynamic Type there (at most
    /// 1.5×) as symbol images in a list do.
    private var iconSide: CGFloat {
        guard style == .sidebarRow else { return 24 }
        return min(22 * 1.5, UIFont.scaled(22, for: traitCollection.preferredContentSizeCategory))
    }

    /// The width the item needs with its image beside its title.
    var inlineWidth: CGFloat {
        let badge = badgeLabel.isHidden ? 0 : badgeSize.width + 4
        return 16 + (image == nil ? 0 : iconSide + 6) + titleSize(in: .inline).width + badge
    }

    /// The height the item needs at the bottom of the screen.
    func heightAtBottom(inline: Bool) -> CGFloat {
        let size = titleSize(in: inline ? .inline : .stacked)
        let title = size.height > 0 ? size.height : 13
        return inline ? max(50, max(title, iconSide) + 24) : max(50, 6 + iconSide + 2 + title + 6)
    }

    /// The height of a capsule item or a sidebar row.
    var preferredHeight: CGFloat {
        let title = titleSize.height
        return style == .sidebarRow ? max(44, title + 20) : max(Self.minimumCapsuleHeight, title + 16)
    }

    /// The width of a capsule item: its title and padding.
    var capsuleWidth: CGFloat { titleSize.width + 36 + (badgeLabel.isHidden ? 0 : badgeSize.width + 4) }

    override func layoutSubviews() {
        super.layoutSubviews()
        updateColors()
        let rightToLeft = isRightToLeftLayout
        let size = bounds.size
        let text = titleSize
        // The floating bar shows titles only, as on iPadOS 18.
        let hasIcon = image != nil && style != .capsule
        iconView.isHidden = !hasIcon
        let icon = iconSide
        func place(_ rect: CGRect) -> CGRect {
            rightToLeft ? CGRect(x: size.width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
        }
        switch style {
        case .stacked:
            let total = (hasIcon ? icon + 2 : 0) + text.height
            let top = max(4, (size.height - total) / 2)
            iconView.frame = CGRect(x: (size.width - icon) / 2, y: top, width: icon, height: icon)
            let width = min(text.width, size.width - 4)
            titleLabel.frame = CGRect(x: (size.width - width) / 2, y: top + (hasIcon ? icon + 2 : 0), width: width, height: text.height)
            highlight.frame = .zero
            placeBadge(nextTo: iconView.frame, rightToLeft: rightToLeft)
        case .inline, .capsule:
            let gap: CGFloat = hasIcon ? 6 : 0
            // Beside a title, the badge follows it.
            let badge = badgeLabel.isHidden ? .zero : badgeSize
            let badgeRoom = badge.width > 0 ? badge.width + 4 : 0
            let width = max(0, min(text.width, size.width - 8 - (hasIcon ? icon + gap : 0) - badgeRoom))
            let total = (hasIcon ? icon + gap : 0) + width + badgeRoom
            let start = (size.width - total) / 2
            iconView.frame = place(CGRect(x: start, y: (size.height - icon) / 2, width: icon, height: icon))
            titleLabel.frame = place(CGRect(x: start + (hasIcon ? icon + gap : 0), y: (size.height - text.height) / 2,
                                            width: width, height: text.height))
            highlight.frame = bounds
            highlight.layer.cornerRadius = size.height / 2
            if badge.width > 0 {
                badgeLabel.frame = place(CGRect(x: start + total - badge.width, y: (size.height - badge.height) / 2,
                                                width: badge.width, height: badge.height))
                badgeLabel.layer.cornerRadius = badge.height / 2
            }
        case .sidebarRow:
            highlight.frame = bounds.insetBy(dx: 0, dy: 1)
            highlight.layer.cornerRadius = 10
            var x: CGFloat = 12
            if hasIcon {
                iconView.frame = place(CGRect(x: x, y: (size.height - icon) / 2, width: icon, height: icon))
                x += icon + 12
            }
            let badge = badgeLabel.isHidden ? .zero : badgeLabel.intrinsicContentSize
            let width = max(0, min(text.width, size.width - x - 12 - badge.width))
            titleLabel.frame = place(CGRect(x: x, y: (size.height - text.height) / 2, width: width, height: text.height))
            badgeLabel.frame = place(CGRect(x: size.width - 12 - badge.width, y: (size.height - badge.height) / 2,
                                            width: badge.width, height: badge.height))
            badgeLabel.layer.cornerRadius = 0
        }
    }

    /// The bar's badge: a red capsule over the trailing top corner of the icon (or the title).
    private var badgeSize: CGSize {
        let natural = badgeLabel.intrinsicContentSize
        let height = max(16, natural.height)
        return CGSize(width: max(height, natural.width), height: height)
    }

    private func placeBadge(nextTo anchor: CGRect, rightToLeft: Bool) {
        guard !badgeLabel.isHidden else { return }
        let (width, height) = (badgeSize.width, badgeSize.height)
        let x = rightToLeft ? anchor.minX - width / 2 - 2 : anchor.maxX - width / 2 + 2
        badgeLabel.frame = CGRect(x: x, y: max(0, anchor.minY - 4), width: width, height: height)
        badgeLabel.layer.cornerRadius = height / 2
    }
}

/// Draws an image as a template: its alpha filled with `tint`, fitted in the bounds.
@MainActor
final class TabIconView: UIView {
    var image: UIImage? { didSet { setNeedsDisplay() } }
    var tint: UIColor = .systemBlue { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override func draw(_ rect: CGRect) {
        guard let image, let context = UIGraphicsGetCurrentContext(), image.size.width > 0, image.size.height > 0 else { return }
        let scale = min(bounds.width / image.size.width, bounds.height / image.size.height)
        let size = CGSize(width: image.size.width * scale, height: image.size.height * scale)
        let origin = CGPoint(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2)
        // A template (its alpha filled with the tint) unless the image asks to be drawn as it is.
        context.saveGState()
        image.draw(in: CGRect(origin: origin, size: size), tint: tint, templateWhenAutomatic: true)
        context.restoreGState()
    }
}
