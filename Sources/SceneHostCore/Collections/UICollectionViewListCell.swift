import Foundation

/// A row of a list layout, as UIKit's `UICollectionViewListCell`: accessories at its edges, an
/// indentation level (outline depth), a separator, and the background of its list's appearance
/// (inset-grouped rows round the section's outer corners; sidebar rows fill with the tint colour when
/// selected).
@MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories, leading and trailing.
    open var accessories: [UICellAccessory] = [] { didSet { rebuildAccessories() } }
    /// How many steps the content is indented (outline depth; the collection view sets it for section
    /// snapshot children).
    open var indentationLevel = 0 { didSet { if indentationLevel != oldValue { setNeedsLayout() } } }
    /// The width of one indentation step (default 10 points… UIKit's is 10 in lists, more in sidebars).
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    /// Whether accessories move with the indentation (default true).
    open var indentsAccessories = true
    /// Whether the row is being edited (accessories shown `whenEditing` appear).
    var isEditing = false { didSet { if isEditing != oldValue { rebuildAccessories() } } }

    private var accessoryViews: [CellAccessoryView] = []
    private let separator = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        separator.backgroundColor = .separator
        separator.isUserInteractionEnabled = false
        addSubview(separator)
    }

    /// A content configuration for this cell's list: `.sidebarCell()` in a sidebar, `.cell()` elsewhere.
    public func defaultContentConfiguration() -> UIListContentConfiguration {
        switch listPlacement?.appearance {
        case .sidebar?, .sidebarPlain?: .sidebarCell()
        default: .cell()
        }
    }

    open override var configurationState: UICellConfigurationState {
        var state = super.configurationState
        state.isEditing = isEditing
        return state
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        indentationLevel = 0
    }

    override func listPlacementDidChange() {
        super.listPlacementDidChange()
        // A list cell without its own background takes its list's.
        if backgroundConfiguration == nil || backgroundConfiguration?.isListDefault == true {
            var configuration = defaultBackgroundConfiguration()
            configuration.isListDefault = true
            backgroundConfiguration = configuration
        }
        setNeedsLayout()
    }

    override func updateConfigurationIfNeeded() {
        for view in accessoryViews { view.isExpanded = isExpandedItem }
        super.updateConfigurationIfNeeded()
    }

    private func rebuildAccessories() {
        for view in accessoryViews { view.removeFromSuperview() }
        accessoryViews = accessories.filter { $0.shows(editing: isEditing) }.map(CellAccessoryView.init)
        for view in accessoryViews { view.isExpanded = isExpandedItem; addSubview(view) }
        setNeedsLayout()
    }

    /// The row grows to hold its tallest accessory (a custom view), with 6 points above and below.
    override func fittingSize(for proposed: CGSize) -> CGSize {
        var size = super.fittingSize(for: proposed)
        let accessoryHeight = accessoryViews.map(\.height).max() ?? 0
        if accessoryHeight > 0 { size.height = max(size.height, accessoryHeight + 12) }
        return size
    }

    private var indentation: CGFloat { CGFloat(indentationLevel) * indentationWidth }

    override var contentInsetsForConfiguration: UIEdgeInsets {
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var leading = indentation, trailing: CGFloat = 0
        for view in accessoryViews {
            if view.accessory.isLeading { leading += view.width + 8 } else { trailing += view.width + 8 }
        }
        if trailing > 0 { trailing += 8 }
        if accessoryViews.contains(where: { $0.accessory.isLeading }) { leading += 8 }
        return rightToLeft ? UIEdgeInsets(top: 0, left: trailing, bottom: 0, right: leading) : UIEdgeInsets(top: 0, left: leading, bottom: 0, right: trailing)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var leading = 8 + (indentsAccessories ? indentation : 0), trailing: CGFloat = 16
        for view in accessoryViews {
            let width = view.width
            let x: CGFloat
            if view.accessory.isLeading { x = leading; leading += width + 8 } else { trailing += width; x = bounds.width - trailing; trailing += 8 }
            view.frame = CGRect(x: rightToLeft ? bounds.width - x - width : x, y: 0, width: width, height: bounds.height)
        }
        // The separator runs under the text, from its leading edge to the cell's trailing edge; none
        // under a section's last row, and none in sidebars.
        let showsSeparator = (listPlacement?.showsSeparators ?? false) && !(listPlacement?.isLast ?? true)
        separator.isHidden = !showsSeparator
        if showsSeparator {
            let scale = max(1, traitCollection.displayScale)
            let start = contentInsetsForConfiguration.left + (rightToLeft ? 0 : 16)
            let inset = rightToLeft ? contentInsetsForConfiguration.right + 16 : start
            separator.frame = CGRect(x: rightToLeft ? 0 : inset, y: bounds.height - 1 / scale,
                                     width: bounds.width - inset, height: 1 / scale)
        }
        bringSubviewToFront(separator)
    }
}

extension UIBackgroundConfiguration {
    /// Set on the background a list cell took from its list (replaced when the list's appearance changes).
    var isListDefault: Bool {
        get { listDefault }
        set { listDefault = newValue }
    }
}
