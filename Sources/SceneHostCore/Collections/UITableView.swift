import Foundation

/// Supplies a table view's sections, rows and cells, as UIKit's `UITableViewDataSource`.
@MainActor
public protocol UITableViewDataSource: AnyObject {
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// A title shown as the section's header (nil: no header unless the delegate gives a view).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// A title shown as the section's footer.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// What a table view tells and asks its delegate, as UIKit's `UITableViewDelegate`. Every method is
/// optional.
///
/// Differs from UIKit: `heightForRowAt` returns an optional (nil: `rowHeight`), since a Swift protocol
/// cannot tell whether a method was implemented; `willSelectRowAt` is not asked.
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat?
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// A view for the section's header (nil: the data source's title, if any).
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat? { nil }
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
}

/// A scrolling list of rows in sections, as UIKit's `UITableView`, in the `.plain`, `.grouped` and
/// `.insetGrouped` styles. It runs on the collection view's machinery (a list layout): only the rows in
/// view and a margin exist, rows are reused (`prepareForReuse()`), self-sizing by default
/// (`rowHeight` is `automaticDimension`), selectable by click and by the arrow keys when it is first
/// responder, and updated by a `UITableViewDiffableDataSource` or the classic data source.
///
/// Classic row updates (`insertRows(at:with:)`, `beginUpdates()`…`endUpdates()`…) animate as a diffable
/// apply does, on the same code path.
///
/// Differs from UIKit: no editing mode (reordering, delete buttons); swipe actions are not offered; section
/// index titles are not shown.
@MainActor
open class UITableView: ItemsScrollView {
    /// The look of a table (raw values as UIKit's).
    public enum Style: Int, Sendable { case plain = 0, grouped = 1, insetGrouped = 2 }
    /// Where `scrollToRow` puts the row (raw values as UIKit's).
    public enum ScrollPosition: Int, Sendable { case none = 0, top = 1, middle = 2, bottom = 3 }
    /// How rows are animated in classic updates (raw values as UIKit's). SceneHost animates every kind
    /// but `.none` the same way (rows slide to their places, inserted ones fade in, deleted ones fade out).
    public enum RowAnimation: Int, Sendable { case fade = 0, right, left, top, bottom, none, middle, automatic = 100 }
    /// A row or header height worked out from the content.
    public static let automaticDimension: CGFloat = -1

    public let style: Style
    /// The data source (weak, as in UIKit).
    open weak var dataSource: (any UITableViewDataSource)? { didSet { reloadData() } }
    /// Every row's height; `automaticDimension` (the default) sizes rows to their content.
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { itemsLayout.invalidateLayout() } }
    /// The height rows are assumed to have before they are measured.
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension { didSet { itemsLayout.invalidateLayout() } }
    /// Space above each section header (`automaticDimension`: the style's).
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension { didSet { itemsLayout.invalidateLayout() } }

    private var cellClasses: [String: UITableViewCell.Type] = [:]
    private var headerClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    private var pendingHeaderViews: [Int: UIView] = [:]

    /// A table of `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        let placeholder = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: .vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
            subitems: [NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)))])))
        super.init(frame: frame, layout: placeholder)
        itemsLayout = UICollectionViewCompositionalLayout { [unowned self] section, environment in self.sectionLayout(section, environment) }
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
    }

    /// A plain table.
    public convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    private func sectionLayout(_ section: Int, _ environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        var configuration = UICollectionLayoutListConfiguration(appearance: [.plain, .grouped, .insetGrouped][style.rawValue])
        let hasHeader = dataSource?.tableView(self, titleForHeaderInSection: section) != nil
            || (delegate as? UITableViewDelegate)?.tableView(self, viewForHeaderInSection: section) != nil
        let hasFooter = dataSource?.tableView(self, titleForFooterInSection: section) != nil
            || (delegate as? UITableViewDelegate)?.tableView(self, viewForFooterInSection: section) != nil
        configuration.headerMode = hasHeader ? .supplementary : .none
        configuration.footerMode = hasFooter ? .supplementary : .none
        if sectionHeaderTopPadding != UITableView.automaticDimension { configuration.headerTopPadding = sectionHeaderTopPadding }
        let list = NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        guard rowHeight != UITableView.automaticDimension else { return list }
        // Fixed rows: every group exactly `rowHeight`.
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(rowHeight)),
                                                       subitems: [item])
        let fixed = NSCollectionLayoutSection(group: group)
        fixed.contentInsets = list.contentInsets
        fixed.boundarySupplementaryItems = list.boundarySupplementaryItems
        fixed.listConfiguration = list.listConfiguration
        return fixed
    }

    // MARK: Cells

    /// Registers `cellClass` for `identifier`.
    public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass as? UITableViewCell.Type
    }

    /// Registers `aClass` for headers and footers with `identifier`.
    public func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerClasses[identifier] = aClass as? UITableViewHeaderFooterView.Type
    }

    /// A cell for `indexPath` of the class registered for `identifier`, reused or new.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cellClass = cellClasses[identifier] else {
            preconditionFailure("UITableView.dequeueReusableCell: no class registered for reuse identifier \"\(identifier)\"; call register(_:forCellReuseIdentifier:) first")
        }
        return dequeue(identifier: "row\u{1}" + identifier) { cellClass.init() } as! UITableViewCell
    }

    /// A reused cell for `identifier`, or a new one of the registered class; nil when none is
    /// registered and none waits (make one with `init(style:reuseIdentifier:)`).
    public func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let reused = takeReusable(identifier: "row\u{1}" + identifier) as? UITableViewCell { return reused }
        guard let cellClass = cellClasses[identifier] else { return nil }
        return dequeue(identifier: "row\u{1}" + identifier) { cellClass.init() } as? UITableViewCell
    }

    /// A header or footer view of the class registered for `identifier`.
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        guard let viewClass = headerClasses[identifier] else { return nil }
        return dequeue(identifier: "header\u{1}" + identifier) { viewClass.init() } as? UITableViewHeaderFooterView
    }

    // MARK: Queries

    public func numberOfRows(inSection section: Int) -> Int { itemCount(inSection: section) }
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { shownCell(at: indexPath) as? UITableViewCell }
    public func indexPath(for cell: UITableViewCell) -> IndexPath? { shownIndexPath(of: cell) }
    public func indexPathForRow(at point: CGPoint) -> IndexPath? { itemIndexPath(at: point) }
    public var visibleCells: [UITableViewCell] { shownCells.compactMap { $0 as? UITableViewCell } }
    public var indexPathsForVisibleRows: [IndexPath]? { shownIndexPaths }
    public var indexPathForSelectedRow: IndexPath? { selectedIndexPaths.first }
    public var indexPathsForSelectedRows: [IndexPath]? { selectedIndexPaths.isEmpty ? nil : selectedIndexPaths }
    /// The frame of the row at `indexPath`.
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        itemsLayout.prepareIfNeeded()
        return itemsLayout.frameOfItem(at: indexPath) ?? .zero
    }

    /// Selects the row at `indexPath` (nil deselects all) without telling the delegate.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        selectItem(at: indexPath, animated: animated, scrollPosition: Self.position(scrollPosition))
    }
    /// Deselects the row at `indexPath` without telling the delegate.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { deselectItem(at: indexPath, animated: animated) }
    /// Scrolls the row to `scrollPosition` (`.none`: just into view).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        scrollToItem(at: indexPath, at: Self.position(scrollPosition), animated: animated)
    }
    private static func position(_ position: ScrollPosition) -> UICollectionView.ScrollPosition {
        switch position {
        case .none: []
        case .top: .top
        case .middle: .centeredVertically
        case .bottom: .bottom
        }
    }

    // MARK: Classic updates

    /// Inserts rows at `indexPaths` (after the update; the data source must hold them already).
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record(animated: animation != .none) { $0.insertedItems.formUnion(indexPaths) }
    }
    /// Deletes the rows at `indexPaths` (before the update).
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record(animated: animation != .none) { $0.deletedItems.formUnion(indexPaths) }
    }
    /// Makes the rows at `indexPaths` anew.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record(animated: animation != .none) { $0.reloadedItems.formUnion(indexPaths) }
    }
    /// Moves a row; it slides to its new place.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { moveItem(at: indexPath, to: newIndexPath) }
    /// Inserts sections (indexes after the update).
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(animated: animation != .none) { $0.insertedSections.formUnion(sections) }
    }
    /// Deletes sections (indexes before the update).
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(animated: animation != .none) { $0.deletedSections.formUnion(sections) }
    }
    /// Makes every row of `sections` anew.
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(animated: animation != .none) { $0.reloadedSections.formUnion(sections) }
    }
    /// Begins a group of classic updates: they take effect together, animated, at `endUpdates()`.
    open func beginUpdates() { beginBatch() }
    /// Ends a group of classic updates: the data source is read again and the change animated as a
    /// diffable apply is (rows that stay slide, inserted rows fade in, deleted ones fade out).
    open func endUpdates() { endBatch(completion: nil) }

    // MARK: Hooks

    private var tableDelegate: (any UITableViewDelegate)? { delegate as? UITableViewDelegate }

    override func sourceSectionCount() -> Int { dataSource?.numberOfSections(in: self) ?? 0 }
    override func sourceItemCount(inSection section: Int) -> Int { dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0 }
    override func sourceCell(at indexPath: IndexPath) -> UICollectionViewCell? { dataSource?.tableView(self, cellForRowAt: indexPath) }
    override func sourceSupplementary(ofKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        let header = kind == UICollectionView.elementKindSectionHeader
        if let custom = header ? tableDelegate?.tableView(self, viewForHeaderInSection: indexPath.section)
                               : tableDelegate?.tableView(self, viewForFooterInSection: indexPath.section) {
            if let reusable = custom as? UICollectionReusableView { return reusable }
            // A plain view goes in a header view that sizes to it.
            let holder = dequeue(identifier: "holder\u{1}" + kind) { HeaderHolderView() } as! HeaderHolderView
            holder.hosted = custom
            return holder
        }
        let title = header ? dataSource?.tableView(self, titleForHeaderInSection: indexPath.section)
                           : dataSource?.tableView(self, titleForFooterInSection: indexPath.section)
        let view = dequeue(identifier: "title\u{1}" + kind) { UITableViewHeaderFooterView() } as! UITableViewHeaderFooterView
        var content: UIListContentConfiguration = header ? (style == .plain ? .plainHeader() : .groupedHeader())
                                                         : (style == .plain ? .plainFooter() : .groupedFooter())
        content.text = header && style != .plain ? title?.uppercased() : title
        view.contentConfiguration = content
        return view
    }
    override var outlineSource: OutlineInformation? { dataSource as? OutlineInformation }
    override func tellWillDisplay(_ cell: UICollectionViewCell, at indexPath: IndexPath) {
        if let cell = cell as? UITableViewCell { tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath) }
    }
    override func tellDidEndDisplaying(_ cell: UICollectionViewCell, at indexPath: IndexPath) {
        if let cell = cell as? UITableViewCell { tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath) }
    }
    override func askShouldHighlight(_ indexPath: IndexPath) -> Bool { tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true }
    override func tellDidSelect(_ indexPath: IndexPath) { tableDelegate?.tableView(self, didSelectRowAt: indexPath) }
    override func tellDidDeselect(_ indexPath: IndexPath) { tableDelegate?.tableView(self, didDeselectRowAt: indexPath) }
    override func preferredSize(of view: UICollectionReusableView, for element: LayoutElement) -> CGSize? {
        guard element.category == .cell, let height = tableDelegate?.tableView(self, heightForRowAt: element.indexPath) else { return nil }
        return CGSize(width: element.frame.width, height: height)
    }
}

/// Holds a plain view a table delegate gave as a header or footer, and sizes to it.
@MainActor
final class HeaderHolderView: UICollectionReusableView {
    var hosted: UIView? {
        didSet {
            guard hosted !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let hosted { addSubview(hosted) }
            setNeedsLayout()
        }
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        hosted?.frame = bounds
    }
    override func fittingSize(for proposed: CGSize) -> CGSize {
        guard let hosted else { return CGSize(width: proposed.width, height: 0) }
        let height = hosted.usesAutoLayoutInSubtree
            ? hosted.systemLayoutSizeFitting(CGSize(width: proposed.width, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel).height
            : hosted.sizeThatFits(CGSize(width: proposed.width, height: 0)).height
        return CGSize(width: proposed.width, height: height)
    }
}
