import Foundation

/// The sidebar of a `UITabBarController` in a regular width: the root tabs that are not groups, then
/// each group as a section (its title as a header, its children as rows, nested groups' children
/// indented). The selected tab's row is filled with the tint colour; clicking a row selects its tab;
/// ↑ and ↓ move the selection while the sidebar has keyboard focus (see `UITabBarController`).
@MainActor
final class UITabSidebarView: UIView, KeyboardActivatable {
    /// What the sidebar lists, in order.
    enum Entry {
        case header(UITabGroup)
        case row(UITab, depth: Int)
    }

    /// The width the sidebar takes (320 points, narrower in a small window).
    static let preferredWidth: CGFloat = 320

    private(set) var entries: [Entry] = []
    private(set) var rowViews: [TabItemView] = []
    private var headerLabels: [UILabel] = []
    private let separator = UIView()

    /// Called with a row's tab when the user clicks it.
    var onSelect: ((UITab) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        clipsToBounds = true
        separator.backgroundColor = .separator
        addSubview(separator)
    }

    /// The rows' tabs, top to bottom.
    var rowTabs: [UITab] {
        entries.compactMap { if case .row(let tab, _) = $0 { tab } else { nil } }
    }

    /// Lists `tabs` (hidden ones left out) with `selected` highlighted.
    func show(_ tabs: [UITab], selected: UITab?) {
        for view in rowViews { view.removeFromSuperview() }
        for label in headerLabels { label.removeFromSuperview() }
        var entries: [Entry] = []
        let visible = tabs.filter { !$0.isHidden }
        for tab in visible where !(tab is UITabGroup) { entries.append(.row(tab, depth: 0)) }
        func list(_ group: UITabGroup, depth: Int) {
            for child in group.children where !child.isHidden {
                if let subgroup = child as? UITabGroup, !subgroup.children.isEmpty {
                    entries.append(.row(subgroup, depth: depth))
                    list(subgroup, depth: depth + 1)
                } else {
                    entries.append(.row(child, depth: depth))
                }
            }
        }
        for case let group as UITabGroup in visible {
            entries.append(.header(group))
            list(group, depth: 0)
        }
        self.entries = entries
        rowViews = []
        headerLabels = []
        for entry in entries {
            switch entry {
            case .header(let group):
                let label = UILabel()
                label.font = .preferredFont(forTextStyle: .headline)
                label.adjustsFontForContentSizeCategory = true
                label.text = group.title
                addSubview(label)
                headerLabels.append(label)
            case .row(let tab, _):
                let row = TabItemView(style: .sidebarRow)
                row.title = tab.title
                row.image = tab.image
                row.badgeValue = tab.badgeValue
                row.isEnabled = tab.isEnabled
                row.onSelect = { [weak self, weak tab] in
                    guard let self, let tab else { return }
                    self.window?.windowScene?.focusSystem?.requestFocusUpdate(to: self)
                    self.onSelect?(tab)
                }
                addSubview(row)
                rowViews.append(row)
            }
        }
        select(selected)
        setNeedsLayout()
    }

    /// Highlights the row of `tab` (or, when it has none, of the nearest group above it that has one).
    func select(_ tab: UITab?) {
        let tabs = rowTabs
        let shown = tab?.path.reversed().first { candidate in tabs.contains { $0 === candidate } }
        for (row, rowTab) in zip(rowViews, tabs) { row.isSelected = rowTab === shown }
        if isFocused { setNeedsDisplay() }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let rightToLeft = isRightToLeftLayout
        let scale = max(1, traitCollection.displayScale)
        separator.frame = CGRect(x: rightToLeft ? 0 : bounds.width - 1 / scale, y: 0, width: 1 / scale, height: bounds.height)
        if isFocused { setNeedsDisplay() }
        var y: CGFloat = 12
        var rows = rowViews.makeIterator()
        var headers = headerLabels.makeIterator()
        let inset: CGFloat = 10
        for entry in entries {
            switch entry {
            case .header:
                guard let label = headers.next() else { continue }
                y += 14
                let size = label.intrinsicContentSize
                let width = min(size.width, bounds.width - 2 * inset - 12)
                let x = inset + 12
                label.frame = CGRect(x: rightToLeft ? bounds.width - x - width : x, y: y, width: width, height: size.height)
                y += size.height + 6
            case .row(_, let depth):
                guard let row = rows.next() else { continue }
                let indent = CGFloat(depth) * 16
                let height = row.preferredHeight
                let width = bounds.width - 2 * inset - indent
                row.frame = CGRect(x: rightToLeft ? inset : inset + indent, y: y, width: width, height: height)
                y += height
            }
        }
    }

    // MARK: Keyboard

    /// The sidebar takes keyboard focus (Tab reaches it; a click on a row gives it focus).
    override var canBecomeFocused: Bool { !isHidden && !rowViews.isEmpty }

    override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        setNeedsDisplay()
    }

    /// Return and Space do nothing more: the highlighted row is already the selected tab.
    func activateFromKeyboard() {}

    /// ↑ and ↓ select the row above or below the selected one (enabled rows only).
    func handleFocusedKey(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        guard modifierFlags.isEmpty else { return false }
        let step: Int
        switch input {
        case UIKeyCommand.inputUpArrow: step = -1
        case UIKeyCommand.inputDownArrow: step = 1
        default: return false
        }
        let tabs = rowTabs
        let current = rowViews.firstIndex { $0.isSelected }
        var index = current.map { $0 + step } ?? (step > 0 ? 0 : tabs.count - 1)
        while tabs.indices.contains(index), !tabs[index].isEnabled { index += step }
        guard tabs.indices.contains(index) else { return true }
        onSelect?(tabs[index])
        return true
    }

    override func draw(_ rect: CGRect) {
        guard isFocused, let context = UIGraphicsGetCurrentContext() else { return }
        // The ring goes round the selected row (the whole sidebar when no row is selected).
        if let row = rowViews.first(where: \.isSelected) {
            drawFocusRing(in: context, rect: row.frame.insetBy(dx: -4, dy: -3), cornerRadius: 14)
        } else {
            drawFocusRing(in: context, cornerRadius: 0)
        }
    }
}
