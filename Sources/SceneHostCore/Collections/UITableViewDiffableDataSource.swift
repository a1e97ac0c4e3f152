import Foundation

/// A table view's data source driven by snapshots, as UIKit's `UITableViewDiffableDataSource`: the
/// same snapshots and diffing as `UICollectionViewDiffableDataSource` (shown rows follow their items;
/// linear time), for a table. Subclass it to give section titles.
///
/// It sets itself as the table's `dataSource`; keep a strong reference to it.
@MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: UITableViewDataSource {
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// How rows animate (SceneHost: animated applies fade and move, whatever this says).
    public var defaultRowAnimation: UITableView.RowAnimation = .automatic

    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// A copy of the current snapshot.
    public func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`, animating what changed when `animatingDifferences`.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let old = current
        var new = snapshot
        let marks = (new.reloadedItemIdentifiers, new.reconfiguredItemIdentifiers, new.reloadedSectionIdentifiers)
        new.clearMarks()
        current = new
        guard let tableView else { completion?(); return }
        // Section titles may have changed with the sections: the layout asks again.
        tableView.itemsLayout.invalidateLayout()
        DiffableUpdate.apply(from: old, to: new, marks: marks, in: tableView, animated: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` by reloading everything.
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        var snapshot = snapshot
        snapshot.clearMarks()
        current = snapshot
        tableView?.reloadData()
        tableView?.layoutIfNeeded()
        completion?()
    }

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.section < current.numberOfSections, indexPath.row >= 0,
              indexPath.row < current.items(inSectionAt: indexPath.section).count else { return nil }
        return current.item(section: indexPath.section, item: indexPath.row)
    }
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    public func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }
    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { current.items(inSectionAt: section).count }
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let item = current.item(section: indexPath.section, item: indexPath.row)
        guard let cell = cellProvider(tableView, indexPath, item) else {
            preconditionFailure("UITableViewDiffableDataSource: the cell provider returned nil for item \(item) at \(indexPath); it must return a cell")
        }
        return cell
    }
    /// Override to title section headers.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// Override to title section footers.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}
