import Foundation

/// The bar at the top of a navigation controller, drawn as iPadOS draws it: 50 points high (52 more
/// for a large title, 28 more for a prompt), the top item's title centred in 17-point semibold (the
/// headline style at the default text size), its left items (or the back button, a chevron with the
/// previous item's back title) at the leading edge and its right items at the trailing edge, a
/// hairline below. It follows light and dark and the layout direction (in right-to-left the back
/// button is on the right, its chevron mirrored).
///
/// Text size (Dynamic Type), as UIKit: the row, the inline title, the prompt and the bar buttons
/// (their titles and glyphs) keep their default size at every content size category; a title too
/// long for the room between the buttons ends in "…". Only the large title (`prefersLargeTitles`)
/// grows, in the large title style (34 points by default, 60 at the largest size), on one line,
/// ending in "…" when it does not fit. Custom views (`customView`, `titleView`) and the search bar
/// follow the category themselves.
///
/// Differs from UIKit: no appearance objects (`standardAppearance` and the rest); the bar is opaque
/// (content is laid out below it, not under it); a bar outside a navigation controller shows its
/// `items` but its back button does nothing (there is no `UINavigationBarDelegate`); no Large Content
/// Viewer (at the accessibility sizes UIKit shows a bar button's title or glyph enlarged in the middle
/// of the screen while it is long-pressed; here a long press opens only an item's menu).
@MainActor
open class UINavigationBar: UIView {
    /// Whether the top item's title shows large below the buttons (when its `largeTitleDisplayMode`
    /// allows). Default false.
    open var prefersLargeTitles = false { didSet { if prefersLargeTitles != oldValue { itemsDidChange() } } }
    /// The bar's background colour; nil: the system bar colour (near-white, near-black in dark).
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? Self.barBackground } }
    /// Kept for code that sets it; the bar is always opaque.
    open var isTranslucent = true

    /// The items on the bar's stack, the top one last. A navigation controller sets them (set them
    /// yourself only on a bar of your own).
    open var items: [UINavigationItem]? {
        didSet {
            for item in oldValue ?? [] where item.bar === self { item.bar = nil }
            for item in items ?? [] { item.bar = self }
            itemsDidChange()
        }
    }

    /// Replaces the items (animation is not supported: they change at once).
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) { self.items = items }

    /// The last item.
    public var topItem: UINavigationItem? { items?.last }
    /// The item before the top one: the back button's source.
    public var backItem: UINavigationItem? { (items?.count ?? 0) > 1 ? items?[items!.count - 2] : nil }

    /// The system colour of bars.
    static let barBackground = UIColor(light: UIColor(rgb: 0xF9F9F9), dark: UIColor(rgb: 0x1C1C1E))

    /// Runs when the back button is clicked (the navigation controller pops).
    var backAction: (() -> Void)?
    /// Runs with an item's index when it is chosen from the back button's menu (the navigation
    /// controller pops to its controller).
    var backMenuAction: ((Int) -> Void)?

    let backButton = BarItemButton(item: nil)
    private(set) var leftButtons: [UIView] = []
    private(set) var rightButtons: [UIView] = []
    let titleLabel = UILabel()
    let largeTitleLabel = UILabel()
    let promptLabel = UILabel()
    private let separator = UIView()
    private var shownTitleView: UIView?
    /// The top item's search controller's bar, under the title row.
    private(set) var shownSearchBar: UISearchBar?

    /// An empty bar (a navigation controller makes its own).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Self.barBackground
        backButton.glyph = .back
        backButton.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            if let action = self.topItem?.backAction { action.perform(sender: self.backButton) } else { self.backAction?() }
        }, for: .primaryActionTriggered)
        titleLabel.textAlignment = .center
        // UIKit's bar title and prompt keep these sizes at every text size (the headline and footnote
        // styles at the default size); the large title alone grows (`layoutSubviews`).
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        promptLabel.font = .systemFont(ofSize: 13)
        promptLabel.textAlignment = .center
        promptLabel.textColor = .secondaryLabel
        separator.backgroundColor = .separator
        for view in [backButton, titleLabel, largeTitleLabel, promptLabel, separator] { addSubview(view) }
        itemsDidChange()
    }

    // MARK: Contents

    /// Whether the top item shows a large title.
    var showsLargeTitle: Bool {
        guard prefersLargeTitles, let items, !items.isEmpty else { return false }
        for item in items.reversed() {
            switch item.largeTitleDisplayMode {
            case .always: return true
            case .never, .inline: return false
            case .automatic: continue
            }
        }
        return true
    }

    /// The height of the row of buttons and inline title, the same at every text size (UIKit's).
    static let rowHeight: CGFloat = 50
    /// The height of the prompt's row above the buttons.
    static let promptHeight: CGFloat = 28

    /// The large title's font: the large title style at the bar's text size, bold.
    private var largeTitleFont: UIFont {
        .systemFont(ofSize: UIFont.preferredFont(forTextStyle: .largeTitle, compatibleWith: traitCollection).pointSize, weight: .bold)
    }

    /// The bar's height for its top item: 50, plus 28 for a prompt and the large title's row (52 points
    /// at the default text size, growing with it as the large title does).
    var preferredHeight: CGFloat {
        var height = Self.rowHeight
        if showsLargeTitle { height += max(52, (largeTitleFont.pointSize * 1.2 + 11).rounded()) }
        if topItem?.prompt != nil { height += Self.promptHeight }
        if let search = topItem?.searchController {
            if search.foldsNavigationBar { return search.searchBar.preferredHeight }
            if showsSearchRow { height += search.searchBar.preferredHeight }
        }
        return height
    }

    /// Whether the top item's search bar shows: while its search is active, or unless the content
    /// scrolled it away.
    var showsSearchRow: Bool {
        guard let item = topItem, let search = item.searchController else { return false }
        return search.isActive || !item.hidesSearchBarWhenScrolling || !item.searchBarScrolledAway
    }

    /// Whether the title row is folded away for an active search (`hidesNavigationBarDuringPresentation`).
    private var foldsForSearch: Bool { topItem?.searchController?.foldsNavigationBar ?? false }

    /// Rebuilds the buttons and labels from the items.
    func itemsDidChange() {
        for view in leftButtons + rightButtons {
            (view as? BarItemButton)?.detach()
            if view.superview === self { view.removeFromSuperview() }
        }
        shownTitleView?.removeFromSuperview()
        shownTitleView = nil
        let top = topItem
        let search = top?.searchController?.searchBar
        if shownSearchBar !== search {
            if let old = shownSearchBar, old.superview === self {
                old.removeFromSuperview()
                old.onSizeChange = nil
            }
            shownSearchBar = search
            if let search {
                addSubview(search)
                search.onSizeChange = { [weak self] in
                    self?.setNeedsLayout()
                    self?.superview?.setNeedsLayout()
                }
            }
        }
        search?.isHidden = !showsSearchRow
        // While an active search folds the title row, only the search bar shows.
        let folded = foldsForSearch
        leftButtons = folded ? [] : (top?.leftBarButtonItems ?? []).filter { !$0.isHidden }.map(Self.view(for:))
        rightButtons = folded ? [] : (top?.rightBarButtonItems ?? []).filter { !$0.isHidden }.map(Self.view(for:))
        for view in leftButtons + rightButtons { addSubview(view) }
        if !folded, let titleView = top?.titleView {
            shownTitleView = titleView
            addSubview(titleView)
        }
        titleLabel.text = top?.displayedTitle
        largeTitleLabel.text = top?.displayedTitle
        promptLabel.text = top?.prompt
        promptLabel.isHidden = top?.prompt == nil || folded
        var configuration = backButton.configuration ?? .plain()
        configuration.title = backTitle
        backButton.configuration = configuration
        backButton.invalidateIntrinsicContentSize()
        backButton.isHidden = !showsBackButton || folded
        backButton.longPressMenu = backMenu
        setNeedsLayout()
        setNeedsDisplay()
        superview?.setNeedsLayout()
    }

    /// The previous item's back title, as §2 of the semantics: `backBarButtonItem`, else the display
    /// mode's title.
    private var backTitle: String? {
        if let title = topItem?.backAction?.title, !title.isEmpty { return title }
        return backItem?.backTitle
    }

    /// The back button's long-press menu: the previous item's `backBarButtonItem`'s menu, else the items
    /// below the top, nearest first, as iOS 14's back button lists them.
    private var backMenu: UIMenu? {
        guard let items, items.count > 1 else { return nil }
        if let menu = backItem?.backBarButtonItem?.menu { return menu }
        let actions = items.indices.dropLast().reversed().map { index in
            UIAction(title: items[index].displayedTitle ?? "Back") { [weak self] _ in self?.backMenuAction?(index) }
        }
        return UIMenu(children: actions)
    }

    /// The back button shows when there is a previous item, the top item does not hide it, and its left
    /// items do not replace it.
    var showsBackButton: Bool {
        guard backItem != nil, let top = topItem, !top.hidesBackButton else { return false }
        return (top.leftBarButtonItems ?? []).isEmpty || top.leftItemsSupplementBackButton
    }

    /// A button for `item` (or its custom view).
    static func view(for item: UIBarButtonItem) -> UIView {
        if let custom = item.customView { return custom }
        if item.isSpace {
            let space = UIView()
            space.frame.size.width = item.width
            return space
        }
        let button = BarItemButton(item: item)
        let id = UUID()
        button.observation = id
        item.observers[id] = { [weak button, weak item] in
            guard let button, let item else { return }
            button.update(from: item)
            button.superview?.setNeedsLayout()
        }
        return button
    }

    /// Fades the bar's contents in over `duration` seconds (a push or pop changed them).
    func fadeInContents(duration: TimeInterval) {
        let views = [titleLabel, largeTitleLabel, promptLabel, backButton] + leftButtons + rightButtons + (shownTitleView.map { [$0] } ?? [])
        for view in views { view.alpha = 0 }
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut], animations: {
            for view in views { view.alpha = 1 }
        })
    }

    // MARK: Layout

    /// The given width at the bar's height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: preferredHeight) }
    /// No width of its own; the bar's height.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: preferredHeight) }

    /// Places the back button, the items and the title (mirrored in right-to-left).
    open override func layoutSubviews() {
        let traits = traitCollection
        let rightToLeft = isRightToLeftLayout
        let width = bounds.width
        let scale = max(1, traits.displayScale)
        func place(_ view: UIView, x: CGFloat, y: CGFloat, width w: CGFloat, height h: CGFloat) {
            view.frame = CGRect(x: rightToLeft ? width - x - w : x, y: y, width: w, height: h)
        }
        separator.frame = CGRect(x: 0, y: bounds.height - 1 / scale, width: width, height: 1 / scale)
        if let search = shownSearchBar, showsSearchRow {
            let height = search.preferredHeight
            search.frame = CGRect(x: 0, y: bounds.height - height, width: width, height: height)
        }
        if foldsForSearch {
            titleLabel.isHidden = true
            largeTitleLabel.isHidden = true
            return
        }
        let searchRoom = showsSearchRow ? (shownSearchBar?.preferredHeight ?? 0) : 0
        var top: CGFloat = 0
        if topItem?.prompt != nil {
            place(promptLabel, x: 16, y: 6, width: max(0, width - 32), height: Self.promptHeight - 6)
            top = Self.promptHeight
        }
        let rowHeight = Self.rowHeight
        func fit(_ view: UIView) -> CGSize {
            let size = view.intrinsicContentSize
            if size.width >= 0, size.height >= 0 { return size }
            let fitted = view.sizeThatFits(CGSize(width: width, height: rowHeight))
            return CGSize(width: view.frame.width > 0 ? view.frame.width : fitted.width, height: min(rowHeight, view.frame.height > 0 ? view.frame.height : fitted.height))
        }
        // Leading: the back button, then the left items.
        var leading: CGFloat = 8
        if showsBackButton {
            // UIKit shortens a back title that does not fit to "Back", then to the chevron alone.
            var candidates: [String?] = [backTitle]
            if backItem?.backBarButtonItem == nil, backItem?.backButtonDisplayMode == .default, backTitle != "Back" { candidates.append("Back") }
            if backTitle != nil { candidates.append(nil) }
            var size = CGSize.zero
            for candidate in candidates {
                if backButton.configuration?.title != candidate {
                    var configuration = backButton.configuration ?? .plain()
                    configuration.title = candidate
                    backButton.configuration = configuration
                }
                size = backButton.intrinsicContentSize
                if size.width <= max(width / 3, 60) { break }
            }
            place(backButton, x: leading, y: top + ((rowHeight - size.height) / 2).rounded(), width: size.width, height: size.height)
            leading += size.width
        }
        for view in leftButtons {
            let size = fit(view)
            place(view, x: leading, y: top + ((rowHeight - size.height) / 2).rounded(), width: size.width, height: size.height)
            leading += size.width
        }
        // Trailing: the right items, the first outermost.
        var trailing = width - 8
        for view in rightButtons {
            let size = fit(view)
            trailing -= size.width
            place(view, x: trailing, y: top + ((rowHeight - size.height) / 2).rounded(), width: size.width, height: size.height)
        }
        // The title, centred in the bar when it fits between the buttons, else in the space left.
        let large = showsLargeTitle
        let title: UIView = shownTitleView ?? titleLabel
        titleLabel.isHidden = shownTitleView != nil || large
        let available = max(0, trailing - leading - 16)
        var size = fit(title)
        size.width = min(size.width, available)
        var x = ((width - size.width) / 2).rounded()
        x = min(max(x, leading + 8), trailing - 8 - size.width)
        place(title, x: x, y: top + ((rowHeight - size.height) / 2).rounded(), width: size.width, height: size.height)
        largeTitleLabel.isHidden = !large
        if large {
            largeTitleLabel.font = largeTitleFont
            let margin: CGFloat = traits.horizontalSizeClass == .regular ? 20 : 16
            let height = largeTitleLabel.intrinsicContentSize.height
            place(largeTitleLabel, x: margin, y: bounds.height - searchRoom - 8 - height, width: max(0, width - 2 * margin), height: height)
        }
    }
}
