import Foundation

/// A view a collection view reuses for its cells and supplementary views, as UIKit's
/// `UICollectionReusableView`.
@MainActor
open class UICollectionReusableView: UIView {
    /// The identifier it was dequeued with.
    public internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// A view of zero size: what the collection view makes a registered class with (a subclass that
    /// overrides `init(frame:)` inherits it, so the collection view makes it through that override).
    public required convenience init() { self.init(frame: .zero) }

    /// Called before the view is handed out again for another element: reset what the last one set.
    open func prepareForReuse() {}

    /// The attributes the view wants, given what the layout proposed: for a self-sizing element the
    /// size its content needs at the proposed width (estimated heights) or height (estimated widths).
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let size = fittingSize(for: layoutAttributes.size)
        let result = UICollectionViewLayoutAttributes(layoutAttributes)
        result.size = size
        return result
    }

    /// The size the view's content needs at `proposed`'s width: measured from content views that
    /// size themselves (`sizeThatFits`) or from Auto Layout constraints.
    func fittingSize(for proposed: CGSize) -> CGSize {
        let content = measuredSubview
        if let content, !content.usesAutoLayoutInSubtree {
            return CGSize(width: proposed.width, height: content.sizeThatFits(CGSize(width: proposed.width, height: 0)).height)
        }
        let size = systemLayoutSizeFitting(CGSize(width: proposed.width, height: 0), withHorizontalFittingPriority: .required,
                                           verticalFittingPriority: .fittingSizeLevel)
        return CGSize(width: proposed.width, height: size.height > 0 ? size.height : proposed.height)
    }

    /// The view whose size is the element's (a cell's content view's configuration view).
    var measuredSubview: UIView? { nil }

    /// Applies the layout's attributes (frame, alpha, z, hidden).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The element the view shows now (the collection view's bookkeeping).
    var element: LayoutElement?
    var reuseState = ReuseState()
}

extension UICollectionViewLayoutAttributes {
    /// A copy of `other`.
    convenience init(_ other: UICollectionViewLayoutAttributes) {
        switch other.representedElementCategory {
        case .cell: self.init(forCellWith: other.indexPath)
        case .supplementaryView: self.init(forSupplementaryViewOfKind: other.representedElementKind ?? "", with: other.indexPath)
        case .decorationView: self.init(forDecorationViewOfKind: other.representedElementKind ?? "", with: other.indexPath)
        }
        frame = other.frame; alpha = other.alpha; zIndex = other.zIndex; isHidden = other.isHidden; transform = other.transform
    }
}

/// A cell of a collection view, as UIKit's `UICollectionViewCell`: a `contentView` for the cell's
/// content, a background, and states (selected, highlighted) that drive `updateConfiguration(using:)`.
///
/// Configurations: setting `contentConfiguration` puts its view in `contentView`; setting
/// `backgroundConfiguration` draws it behind. Whenever the cell's state or traits change the cell
/// calls `updateConfiguration(using:)` (and `configurationUpdateHandler`) before it is next laid out,
/// and with `automaticallyUpdatesContentConfiguration` (the default) the configurations are updated for
/// the new state. SceneHost tracks every trait rather than only those the update read.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Where the cell's content goes (subviews you add and the content configuration's view).
    public let contentView = UIView()
    /// A view behind the content (below `selectedBackgroundView`).
    open var backgroundView: UIView? { didSet { replace(oldValue, with: backgroundView, at: 0) } }
    /// A view shown behind the content while the cell is selected or highlighted.
    open var selectedBackgroundView: UIView? { didSet { replace(oldValue, with: selectedBackgroundView, at: backgroundView == nil ? 0 : 1); updateSelectedBackground() } }
    private let configurationBackground = CellBackgroundView()

    /// Whether the cell is selected; the collection view sets it.
    open var isSelected = false { didSet { if isSelected != oldValue { updateSelectedBackground(); setNeedsUpdateConfiguration() } } }
    /// Whether the cell is highlighted (pressed); the collection view sets it.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { updateSelectedBackground(); setNeedsUpdateConfiguration() } } }
    /// Whether the cell has keyboard focus in its collection view.
    var isCellFocused = false { didSet { if isCellFocused != oldValue { setNeedsUpdateConfiguration() } } }
    /// Whether the cell's item is expanded (outlines).
    var isExpandedItem = false { didSet { if isExpandedItem != oldValue { setNeedsUpdateConfiguration() } } }
    /// How far a swipe moved the content (negative: revealing trailing actions).
    var swipeOffset: CGFloat = 0 { didSet { if swipeOffset != oldValue { setNeedsLayout(); if (swipeOffset != 0) != (oldValue != 0) { setNeedsUpdateConfiguration() } } } }
    /// The actions a swipe reveals, behind the content.
    var swipeActionsView: SwipeActionsView? {
        didSet {
            guard swipeActionsView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let swipeActionsView { insertSubview(swipeActionsView, belowSubview: contentView) }
            setNeedsLayout()
        }
    }
    /// Whether the cell's item can be selected (a disabled look otherwise is up to the app).
    var isCellDisabled = false { didSet { if isCellDisabled != oldValue { setNeedsUpdateConfiguration() } } }

    /// The content described by a configuration; setting it replaces or updates `contentView`'s view.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { applyContentConfiguration() }
    }
    /// The background described by a configuration; nil shows `backgroundView` (or nothing).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { applyBackgroundConfiguration() }
    }
    /// Whether a state change updates `contentConfiguration` for the new state (default true).
    open var automaticallyUpdatesContentConfiguration = true
    /// Whether a state change updates `backgroundConfiguration` for the new state (default true).
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Called with the cell and its state on every configuration update (after `updateConfiguration(using:)`'s
    /// own work), as UIKit's.
    open var configurationUpdateHandler: ((UICollectionViewCell, UICellConfigurationState) -> Void)? {
        didSet { setNeedsUpdateConfiguration() }
    }

    private var contentConfigurationView: (any UIView & UIContentView)?
    private var needsConfigurationUpdate = true
    /// Set while the cell's list placement changes its background.
    var listPlacement: ListPlacement? { didSet { if listPlacement != oldValue { listPlacementDidChange() } } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        configurationBackground.isHidden = true
        configurationBackground.isUserInteractionEnabled = false
        addSubview(configurationBackground)
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// The cell's state now: traits and flags.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isFocused = isCellFocused
        state.isExpanded = isExpandedItem
        state.isDisabled = isCellDisabled
        state.isSwiped = swipeOffset != 0
        state.listAppearance = listPlacement?.appearance
        return state
    }

    /// Asks for `updateConfiguration(using:)` before the cell is next laid out.
    public func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Runs a pending configuration update now.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }

    /// Updates the configurations for `state`. The default updates `contentConfiguration` and
    /// `backgroundConfiguration` (when they update automatically); override to set your own, calling super.
    open func updateConfiguration(using state: UICellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let contentConfiguration {
            let updated = contentConfiguration.updated(for: state)
            contentConfigurationView?.configuration = updated
        }
        if automaticallyUpdatesBackgroundConfiguration { applyBackgroundConfiguration() }
    }

    /// The background configuration a cell uses by default: a list row's, for its list's appearance.
    public func defaultBackgroundConfiguration() -> UIBackgroundConfiguration { .list(for: listPlacement?.appearance) }

    open override func prepareForReuse() {
        super.prepareForReuse()
        swipeOffset = 0
        swipeActionsView = nil
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        // Automatic trait tracking: any trait change updates the configurations.
        setNeedsUpdateConfiguration()
    }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        contentView.frame = bounds.offsetBy(dx: swipeOffset, dy: 0)
        contentConfigurationView?.frame = contentView.bounds.inset(by: contentInsetsForConfiguration)
        layoutBackground()
        if let swipeActionsView {
            let width = abs(swipeOffset)
            swipeActionsView.frame = swipeActionsView.leading ? CGRect(x: 0, y: 0, width: width, height: bounds.height)
                                                              : CGRect(x: bounds.width - width, y: 0, width: width, height: bounds.height)
        }
    }

    /// The room accessories and indentation take from the content configuration's view.
    var contentInsetsForConfiguration: UIEdgeInsets { .zero }

    override var measuredSubview: UIView? { contentConfigurationView }

    override func fittingSize(for proposed: CGSize) -> CGSize {
        updateConfigurationIfNeeded()
        guard let view = contentConfigurationView else { return super.fittingSize(for: proposed) }
        let insets = contentInsetsForConfiguration
        let width = max(0, proposed.width - insets.left - insets.right)
        return CGSize(width: proposed.width, height: view.sizeThatFits(CGSize(width: width, height: 0)).height + insets.top + insets.bottom)
    }

    private func applyContentConfiguration() {
        guard let configuration = contentConfiguration else {
            contentConfigurationView?.removeFromSuperview()
            contentConfigurationView = nil
            return
        }
        let state = configurationState
        let updated = automaticallyUpdatesContentConfiguration ? configuration.updated(for: state) : configuration
        if let view = contentConfigurationView, view.supports(updated) {
            view.configuration = updated
        } else {
            contentConfigurationView?.removeFromSuperview()
            let view = updated.makeContentView()
            contentConfigurationView = view
            contentView.addSubview(view)
        }
        setNeedsLayout()
        // New content may need another size: a self-sizing cell is measured again (UIKit's self-sizing
        // invalidation), at the collection view's next layout.
        needsMeasure = true
        if let items = superview as? ItemsScrollView, !items.isShowingElements { items.setNeedsLayout() }
    }

    private func applyBackgroundConfiguration() {
        guard var configuration = backgroundConfiguration else {
            configurationBackground.isHidden = true
            return
        }
        if automaticallyUpdatesBackgroundConfiguration { configuration = configuration.updated(for: configurationState) }
        configurationBackground.isHidden = false
        configurationBackground.apply(configuration, placement: listPlacement)
        setNeedsLayout()
    }

    func listPlacementDidChange() { applyBackgroundConfiguration(); setNeedsUpdateConfiguration() }

    private func layoutBackground() {
        let insets = configurationBackground.configuration?.backgroundInsets ?? .zero
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        configurationBackground.frame = CGRect(x: rightToLeft ? insets.trailing : insets.leading, y: insets.top,
                                               width: bounds.width - insets.leading - insets.trailing,
                                               height: bounds.height - insets.top - insets.bottom)
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }

    private func replace(_ old: UIView?, with new: UIView?, at index: Int) {
        guard old !== new else { return }
        old?.removeFromSuperview()
        if let new { insertSubview(new, at: index); new.frame = bounds }
    }

    private func updateSelectedBackground() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }
}

/// Draws a `UIBackgroundConfiguration`: colour, corners (only the outer ones of an inset-grouped
/// section's first and last rows), stroke.
@MainActor
final class CellBackgroundView: UIView {
    private(set) var configuration: UIBackgroundConfiguration?

    func apply(_ configuration: UIBackgroundConfiguration, placement: ListPlacement?) {
        self.configuration = configuration
        backgroundColor = configuration.backgroundColor
        var radius = configuration.cornerRadius
        var corners = CACornerMask.all
        if let placement, placement.appearance == .insetGrouped, radius == 0, placement.isFirst || placement.isLast {
            radius = 10
            corners = []
            if placement.isFirst { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            if placement.isLast { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        }
        if layer.cornerRadius != radius { layer.cornerRadius = radius }
        if layer.maskedCorners != corners { layer.maskedCorners = corners }
        if let stroke = configuration.strokeColor, configuration.strokeWidth > 0 {
            layer.borderColor = stroke.cgColor
            layer.borderWidth = configuration.strokeWidth
        } else if layer.borderWidth != 0 {
            layer.borderWidth = 0
        }
        if let custom = configuration.customView, custom.superview !== self {
            for subview in subviews { subview.removeFromSuperview() }
            custom.frame = bounds
            custom.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(custom)
        } else if configuration.customView == nil {
            for subview in subviews { subview.removeFromSuperview() }
        }
    }
}
