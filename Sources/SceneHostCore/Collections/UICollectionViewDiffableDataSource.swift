import Foundation

/// A collection view's data source driven by snapshots, as UIKit's `UICollectionViewDiffableDataSource`:
/// `apply(_:animatingDifferences:)` compares the new snapshot with the current one by identifier and
/// updates the collection view — cells of items that stay follow their items, inserted ones fade in,
/// deleted ones fade out, reloaded ones are made anew, reconfigured ones are configured again in place.
/// Applying works in time linear in the number of items (100,000 items apply in milliseconds).
///
/// Section snapshots (`apply(_:to:animatingDifferences:)`) make a section an outline: the section shows
/// the visible items, list cells are indented by level, and an outline disclosure accessory expands and
/// collapses its item (through `sectionSnapshotHandlers`).
///
/// It sets itself as the collection view's `dataSource`; keep a strong reference to it (the collection
/// view's is weak, as in UIKit). Apply from the main actor only.
@MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: UICollectionViewDataSource, OutlineInformation {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    /// Handlers asked and told about expanding and collapsing outline items.
    public struct SectionSnapshotHandlers<Item> {
        public var shouldExpandItem: ((Item) -> Bool)?
        public var willExpandItem: ((Item) -> Void)?
        public var shouldCollapseItem: ((Item) -> Bool)?
        public var willCollapseItem: ((Item) -> Void)?
        public init() {}
    }

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    /// Makes headers, footers and other supplementary views.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    private var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]

    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// A copy of the current snapshot.
    public func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// The section snapshot applied to `section` (or one of its items as flat roots).
    public func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let outline = sectionSnapshots[section] { return outline }
        var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        if current.indexOfSection(section) != nil { flat.append(current.itemIdentifiers(inSection: section)) }
        return flat
    }

    /// Shows `snapshot`: what changed is animated when `animatingDifferences` (the default), and the
    /// collection view is updated either way (UIKit 15+ diffs in both cases).
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        // Outlines of sections that left or whose items changed from outside are dropped.
        for (section, outline) in sectionSnapshots where snapshot.indexOfSection(section) == nil
            || snapshot.itemIdentifiers(inSection: section) != outline.visibleItems {
            sectionSnapshots[section] = nil
        }
        update(to: snapshot, animated: animatingDifferences, completion: completion)
    }

    /// Shows `snapshot` by reloading everything, without diffing (UIKit's reset).
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        var snapshot = snapshot
        snapshot.clearMarks()
        current = snapshot
        sectionSnapshots = sectionSnapshots.filter { snapshot.indexOfSection($0.key) != nil }
        collectionView?.reloadData()
        collectionView?.layoutIfNeeded()
        completion?()
    }

    /// Shows `sectionSnapshot` as section `section` (appended when the snapshot has no such section):
    /// its visible items become the section's items.
    open func apply(_ sectionSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        var snapshot = current
        snapshot.clearMarks()
        if snapshot.indexOfSection(section) == nil { snapshot.appendSections([section]) }
        snapshot.deleteItems(snapshot.itemIdentifiers(inSection: section))
        snapshot.appendItems(sectionSnapshot.visibleItems, toSection: section)
        sectionSnapshots[section] = sectionSnapshot
        update(to: snapshot, animated: animatingDifferences, completion: completion)
    }

    private func update(to new: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animated: Bool, completion: (() -> Void)?) {
        let old = current
        var new = new
        let marks = (new.reloadedItemIdentifiers, new.reconfiguredItemIdentifiers, new.reloadedSectionIdentifiers)
        new.clearMarks()
        current = new
        guard let collectionView else { completion?(); return }
        DiffableUpdate.apply(from: old, to: new, marks: marks, in: collectionView, animated: animated, completion: completion)
    }

    /// The item at `indexPath`, or nil.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.section < current.numberOfSections, indexPath.item >= 0,
              indexPath.item < current.items(inSectionAt: indexPath.section).count else { return nil }
        return current.item(section: indexPath.section, item: indexPath.item)
    }

    /// Where `itemIdentifier` is, or nil.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    /// The section at `index`, or nil.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    /// Where section `sectionIdentifier` is, or nil.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    public func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        current.items(inSectionAt: section).count
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let item = current.item(section: indexPath.section, item: indexPath.item)
        guard let cell = cellProvider(collectionView, indexPath, item) else {
            preconditionFailure("UICollectionViewDiffableDataSource: the cell provider returned nil for item \(item) at \(indexPath); it must return a cell")
        }
        return cell
    }

    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
            preconditionFailure("UICollectionViewDiffableDataSource: the layout asks for a supplementary view of kind \(kind) at \(indexPath) but there is no supplementaryViewProvider, or it returned nil")
        }
        return view
    }

    // MARK: Outlines

    func outlineState(at indexPath: IndexPath) -> (isExpanded: Bool, level: Int)? {
        guard let section = sectionIdentifier(for: indexPath.section), let outline = sectionSnapshots[section],
              let item = itemIdentifier(for: indexPath) else { return nil }
        return (outline.isExpanded(item), outline.level(of: item))
    }

    func toggleExpansion(at indexPath: IndexPath) {
        guard let section = sectionIdentifier(for: indexPath.section), var outline = sectionSnapshots[section],
              let item = itemIdentifier(for: indexPath) else { return }
        if outline.isExpanded(item) {
            guard sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true else { return }
            sectionSnapshotHandlers.willCollapseItem?(item)
            outline.collapse([item])
        } else {
            guard sectionSnapshotHandlers.shouldExpandItem?(item) ?? true else { return }
            sectionSnapshotHandlers.willExpandItem?(item)
            outline.expand([item])
        }
        apply(outline, to: section, animatingDifferences: true)
        // The row itself stays: its disclosure turns.
        collectionView?.cellForItem(at: indexPath)?.isExpandedItem = outline.isExpanded(item)
    }
}

/// Applies a new snapshot to a collection or table view: counts, and shown cells following their items.
@MainActor
enum DiffableUpdate {
    static func apply<S: Hashable, I: Hashable>(from old: NSDiffableDataSourceSnapshot<S, I>, to new: NSDiffableDataSourceSnapshot<S, I>,
                                                marks: (reloaded: [I], reconfigured: [I], reloadedSections: [S]),
                                                in collectionView: ItemsScrollView, animated: Bool, completion: (() -> Void)?) {
        typealias ItemIdentifierType = I
        let (reloaded, reconfigured, reloadedSections) = marks
        // New index paths by identifier, looked for near the old ones (most updates move items little).
        func position(of item: ItemIdentifierType) -> IndexPath? { new.indexPath(of: item, near: 0) }
        let counts = (0..<new.numberOfSections).map { new.numberOfItems(inSection: new.sectionIdentifiers[$0]) }
        var reloadedPaths = reloaded.compactMap(position(of:))
        for section in reloadedSections {
            guard let index = new.indexOfSection(section) else { continue }
            reloadedPaths += (0..<counts[index]).map { IndexPath(item: $0, section: index) }
        }
        collectionView.applyUpdate(
            counts: counts,
            move: { path in
                guard path.section < old.numberOfSections, path.item < old.items(inSectionAt: path.section).count else { return nil }
                let identifier = old.item(section: path.section, item: path.item)
                return new.indexPath(of: identifier, near: path.item)
            },
            reloaded: reloadedPaths, reconfigured: reconfigured.compactMap(position(of:)), animated: animated, completion: completion)
    }
}

