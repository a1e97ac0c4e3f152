import Foundation

/// The state of a collection or table view's data at one moment: its sections and the items in each,
/// by identifier, as UIKit's `NSDiffableDataSourceSnapshot`. Apply it to a diffable data source to
/// update the view; the data source works out what was inserted, deleted, moved and reloaded.
///
/// Identifiers are unique in a snapshot: a duplicate section or item, or an operation naming one that
/// is not in the snapshot, stops the program with a message saying which (UIKit raises
/// `NSInternalInconsistencyException`). Every look-up by identifier is a hash look-up, so building and
/// applying a snapshot of 100,000 items takes time in proportion to their number.
///
/// Differs from UIKit: a value type that is not `Sendable` unless its identifiers are, and the
/// Objective-C `NSDiffableDataSourceSnapshotReference` is not provided.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    // The storage is visible to inlinable code: building a snapshot is then specialized for the
    // app's identifier types in the app's module, instead of running generic code per item (ten
    // times slower for 100,000 items).
    /// The sections in order.
    public internal(set) var sectionIdentifiers: [SectionIdentifierType] = []
    /// Each section's items, in the order of `sectionIdentifiers`.
    @usableFromInline var itemsBySection: [[ItemIdentifierType]] = []
    /// Where each section is in `sectionIdentifiers`.
    @usableFromInline var sectionIndex: [SectionIdentifierType: Int] = [:]
    /// Which section (by index) holds each item. Kept exact through every operation.
    @usableFromInline var itemSection: [ItemIdentifierType: Int] = [:]
    @usableFromInline var reloadedItems: [ItemIdentifierType] = []
    @usableFromInline var reconfiguredItems: [ItemIdentifierType] = []
    @usableFromInline var reloadedSections: [SectionIdentifierType] = []

    /// An empty snapshot.
    @inlinable public init() {}

    // MARK: Reading

    /// How many items all sections hold.
    public var numberOfItems: Int { itemSection.count }
    /// How many sections there are.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// Every item, section after section.
    public var itemIdentifiers: [ItemIdentifierType] { itemsBySection.flatMap { $0 } }
    /// Items marked by `reloadItems(_:)` since the snapshot was made (a data source clears them).
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems }
    /// Items marked by `reconfigureItems(_:)`.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems }
    /// Sections marked by `reloadSections(_:)`.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections }

    /// How many items `identifier` holds.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        itemsBySection[requireSection(identifier, "numberOfItems(inSection:)")].count
    }

    /// The items of section `identifier`, in order.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        itemsBySection[requireSection(identifier, "itemIdentifiers(inSection:)")]
    }

    /// The section holding `identifier`, or nil when no section does.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        itemSection[identifier].map { sectionIdentifiers[$0] }
    }

    /// Where `identifier` is among all items (counting across sections), or nil.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = itemSection[identifier], let within = itemsBySection[section].firstIndex(of: identifier) else { return nil }
        return itemsBySection[..<section].reduce(within) { $0 + $1.count }
    }

    /// Where section `identifier` is, or nil.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIndex[identifier] }

    /// Internal: the item at (`section`, `item`).
    func item(section: Int, item: Int) -> ItemIdentifierType { itemsBySection[section][item] }
    /// Internal: the items of the section at `index`.
    func items(inSectionAt index: Int) -> [ItemIdentifierType] { itemsBySection[index] }
    /// Internal: where `identifier` is, looking first near `hint` (an index in its section): after most
    /// updates an item moved little, so this costs a few comparisons instead of a scan or a table.
    func indexPath(of identifier: ItemIdentifierType, near hint: Int) -> IndexPath? {
        guard let section = itemSection[identifier] else { return nil }
        let items = itemsBySection[section]
        for distance in 0..<min(64, items.count) {
            if hint + distance < items.count, hint + distance >= 0, items[hint + distance] == identifier { return IndexPath(item: hint + distance, section: section) }
            if distance > 0, hint - distance >= 0, hint - distance < items.count, items[hint - distance] == identifier { return IndexPath(item: hint - distance, section: section) }
        }
        return items.firstIndex(of: identifier).map { IndexPath(item: $0, section: section) }
    }

    /// Internal: the index path of `identifier`.
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let section = itemSection[identifier], let item = itemsBySection[section].firstIndex(of: identifier) else { return nil }
        return IndexPath(item: item, section: section)
    }
    /// Internal: whether the snapshot holds `identifier`.
    func contains(item identifier: ItemIdentifierType) -> Bool { itemSection[identifier] != nil }
    /// Internal: forgets which items and sections were marked for reload, as a data source does on apply.
    mutating func clearMarks() {
        // Only when there is something to clear: the write would copy a shared snapshot's storage.
        guard !reloadedItems.isEmpty || !reconfiguredItems.isEmpty || !reloadedSections.isEmpty else { return }
        reloadedItems = []; reconfiguredItems = []; reloadedSections = []
    }

    // MARK: Items

    /// Adds `identifiers` at the end of section `sectionIdentifier`, or of the last section when nil.
    /// With no section at all this stops the program, as UIKit raises.
    @inlinable public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let section: Int
        if let sectionIdentifier {
            section = requireSection(sectionIdentifier, "appendItems(_:toSection:)")
        } else {
            precondition(!sectionIdentifiers.isEmpty, "NSDiffableDataSourceSnapshot.appendItems: there are no sections to append items to; append a section first with appendSections(_:)")
            section = sectionIdentifiers.count - 1
        }
        claim(identifiers, for: section, "appendItems(_:toSection:)")
        itemsBySection[section].append(contentsOf: identifiers)
    }

    /// Inserts `identifiers` just before `beforeIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        let (section, index) = requireItem(beforeIdentifier, "insertItems(_:beforeItem:)")
        claim(identifiers, for: section, "insertItems(_:beforeItem:)")
        itemsBySection[section].insert(contentsOf: identifiers, at: index)
    }

    /// Inserts `identifiers` just after `afterIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        let (section, index) = requireItem(afterIdentifier, "insertItems(_:afterItem:)")
        claim(identifiers, for: section, "insertItems(_:afterItem:)")
        itemsBySection[section].insert(contentsOf: identifiers, at: index + 1)
    }

    /// Removes `identifiers` (UIKit ignores identifiers the snapshot does not hold; so does this).
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var doomedBySection: [Int: Set<ItemIdentifierType>] = [:]
        for identifier in identifiers {
            guard let section = itemSection.removeValue(forKey: identifier) else { continue }
            doomedBySection[section, default: []].insert(identifier)
        }
        for (section, doomed) in doomedBySection { itemsBySection[section].removeAll { doomed.contains($0) } }
    }

    /// Removes every item and every section.
    public mutating func deleteAllItems() {
        sectionIdentifiers = []; itemsBySection = []; sectionIndex = [:]; itemSection = [:]
        clearMarks()
    }

    /// Moves `identifier` just before `toIdentifier` (possibly into another section).
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: false, "moveItem(_:beforeItem:)")
    }

    /// Moves `identifier` just after `toIdentifier` (possibly into another section).
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: true, "moveItem(_:afterItem:)")
    }

    private mutating func moveItem(_ identifier: ItemIdentifierType, relativeTo target: ItemIdentifierType, after: Bool, _ operation: String) {
        precondition(identifier != target, "NSDiffableDataSourceSnapshot.\(operation): an item cannot be moved relative to itself (\(identifier))")
        let (fromSection, fromIndex) = requireItem(identifier, operation)
        _ = requireItem(target, operation)
        itemsBySection[fromSection].remove(at: fromIndex)
        let (toSection, toIndex) = requireItem(target, operation)
        itemsBySection[toSection].insert(identifier, at: after ? toIndex + 1 : toIndex)
        itemSection[identifier] = toSection
    }

    /// Marks `identifiers` to be reloaded on apply: their cells are made anew (`prepareForReuse` and
    /// the cell provider run).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers { _ = requireItem(identifier, "reloadItems(_:)") }
        reloadedItems.append(contentsOf: identifiers)
    }

    /// Marks `identifiers` to be reconfigured on apply: the cell provider runs again with the existing
    /// cell (no `prepareForReuse`), which is cheaper than a reload.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers { _ = requireItem(identifier, "reconfigureItems(_:)") }
        reconfiguredItems.append(contentsOf: identifiers)
    }

    // MARK: Sections

    /// Adds `identifiers` as empty sections at the end.
    @inlinable public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insertSections(identifiers, at: sectionIdentifiers.count, "appendSections(_:)")
    }

    /// Inserts `identifiers` as empty sections before `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, at: requireSection(toIdentifier, "insertSections(_:beforeSection:)"), "insertSections(_:beforeSection:)")
    }

    /// Inserts `identifiers` as empty sections after `toIdentifier`.
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, at: requireSection(toIdentifier, "insertSections(_:afterSection:)") + 1, "insertSections(_:afterSection:)")
    }

    /// Removes sections `identifiers` and their items (unknown ones are ignored, as in UIKit).
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let doomed = Set(identifiers.compactMap { sectionIndex[$0] })
        guard !doomed.isEmpty else { return }
        for index in doomed { for item in itemsBySection[index] { itemSection[item] = nil } }
        let keep = sectionIdentifiers.indices.filter { !doomed.contains($0) }
        sectionIdentifiers = keep.map { sectionIdentifiers[$0] }
        itemsBySection = keep.map { itemsBySection[$0] }
        reindex(from: 0)
    }

    /// Moves section `identifier` just before `toIdentifier`.
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: false, "moveSection(_:beforeSection:)")
    }

    /// Moves section `identifier` just after `toIdentifier`.
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, relativeTo: toIdentifier, after: true, "moveSection(_:afterSection:)")
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, relativeTo target: SectionIdentifierType, after: Bool, _ operation: String) {
        precondition(identifier != target, "NSDiffableDataSourceSnapshot.\(operation): a section cannot be moved relative to itself (\(identifier))")
        let from = requireSection(identifier, operation)
        _ = requireSection(target, operation)
        let items = itemsBySection.remove(at: from)
        sectionIdentifiers.remove(at: from)
        reindex(from: 0, itemsToo: false)
        let to = sectionIndex[target]! + (after ? 1 : 0)
        sectionIdentifiers.insert(identifier, at: to)
        itemsBySection.insert(items, at: to)
        reindex(from: 0)
    }

    /// Marks sections `identifiers` to be reloaded on apply: all their cells and supplementary views
    /// are made anew.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers { _ = requireSection(identifier, "reloadSections(_:)") }
        reloadedSections.append(contentsOf: identifiers)
    }

    // MARK: Bookkeeping

    @usableFromInline mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int, _ operation: String) {
        var seen = Set<SectionIdentifierType>()
        for identifier in identifiers {
            precondition(sectionIndex[identifier] == nil && seen.insert(identifier).inserted,
                         "NSDiffableDataSourceSnapshot.\(operation): section identifier \(identifier) is already in the snapshot; section identifiers must be unique")
        }
        sectionIdentifiers.insert(contentsOf: identifiers, at: index)
        itemsBySection.insert(contentsOf: identifiers.map { _ in [] }, at: index)
        reindex(from: index)
    }

    /// Renumbers sections from `start` (and their items' section numbers, unless only section order
    /// is in flux).
    @usableFromInline mutating func reindex(from start: Int, itemsToo: Bool = true) {
        for index in start..<sectionIdentifiers.count {
            sectionIndex[sectionIdentifiers[index]] = index
            if itemsToo { for item in itemsBySection[index] { itemSection[item] = index } }
        }
        if sectionIndex.count != sectionIdentifiers.count {
            let live = Set(sectionIdentifiers)
            sectionIndex = sectionIndex.filter { live.contains($0.key) }
        }
    }

    /// Registers `identifiers` as new items of `section`, stopping on a duplicate.
    @inlinable mutating func claim(_ identifiers: [ItemIdentifierType], for section: Int, _ operation: String) {
        itemSection.reserveCapacity(itemSection.count + identifiers.count)
        for identifier in identifiers {
            let previous = itemSection.updateValue(section, forKey: identifier)
            precondition(previous == nil, "NSDiffableDataSourceSnapshot.\(operation): item identifier \(identifier) is already in the snapshot; supplied item identifiers are not unique")
        }
    }

    @usableFromInline func requireSection(_ identifier: SectionIdentifierType, _ operation: String) -> Int {
        guard let index = sectionIndex[identifier] else {
            preconditionFailure("NSDiffableDataSourceSnapshot.\(operation): invalid section identifier \(identifier): it is not in the snapshot")
        }
        return index
    }

    @usableFromInline func requireItem(_ identifier: ItemIdentifierType, _ operation: String) -> (section: Int, index: Int) {
        guard let section = itemSection[identifier], let index = itemsBySection[section].firstIndex(of: identifier) else {
            preconditionFailure("NSDiffableDataSourceSnapshot.\(operation): invalid item identifier \(identifier): it is not in the snapshot")
        }
        return (section, index)
    }
}

extension NSDiffableDataSourceSnapshot: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

/// What changed between two snapshots, by index path, as UIKit's batch updates take it: deletions
/// (old paths), insertions (new paths), moves (old → new) and reloads (new paths). Computed in time
/// linear in the items (plus n log n for the moves, found as the items outside the longest run that
/// kept its order).
struct SnapshotDifference: Equatable {
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var movedSections: [(from: Int, to: Int)] = []
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var reloadedItems: [IndexPath] = []
    var reconfiguredItems: [IndexPath] = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
    }

    static func == (a: SnapshotDifference, b: SnapshotDifference) -> Bool {
        a.deletedSections == b.deletedSections && a.insertedSections == b.insertedSections
            && a.movedSections.map { [$0.from, $0.to] } == b.movedSections.map { [$0.from, $0.to] }
            && a.deletedItems == b.deletedItems && a.insertedItems == b.insertedItems
            && a.movedItems.map { [$0.from, $0.to] } == b.movedItems.map { [$0.from, $0.to] }
            && a.reloadedItems == b.reloadedItems && a.reconfiguredItems == b.reconfiguredItems
    }

    init() {}

    init<S: Hashable, I: Hashable>(from old: NSDiffableDataSourceSnapshot<S, I>, to new: NSDiffableDataSourceSnapshot<S, I>) {
        // Sections: deleted, inserted, and moved (those out of the longest run of kept order).
        var keptOld: [Int] = []
        for (newIndex, section) in new.sectionIdentifiers.enumerated() {
            if let oldIndex = old.indexOfSection(section) { keptOld.append(oldIndex) } else { insertedSections.append(newIndex) }
        }
        deletedSections = old.sectionIdentifiers.indices.filter { new.indexOfSection(old.sectionIdentifiers[$0]) == nil }
        let stayingSections = Set(Self.longestIncreasingRun(keptOld).map { keptOld[$0] })
        for oldIndex in keptOld where !stayingSections.contains(oldIndex) {
            movedSections.append((oldIndex, new.indexOfSection(old.sectionIdentifiers[oldIndex])!))
        }
        // Items: each old item's path by a hash look-up; new items in order give the old positions.
        var oldPath: [I: IndexPath] = [:]
        oldPath.reserveCapacity(old.numberOfItems)
        var oldOrdinal: [I: Int] = [:]
        oldOrdinal.reserveCapacity(old.numberOfItems)
        var ordinal = 0
        for section in 0..<old.numberOfSections {
            for (item, identifier) in old.items(inSectionAt: section).enumerated() {
                oldPath[identifier] = IndexPath(item: item, section: section)
                oldOrdinal[identifier] = ordinal
                ordinal += 1
            }
        }
        var keptOrdinals: [Int] = []
        var keptItems: [(identifier: I, to: IndexPath)] = []
        for section in 0..<new.numberOfSections {
            for (item, identifier) in new.items(inSectionAt: section).enumerated() {
                let path = IndexPath(item: item, section: section)
                if let ordinal = oldOrdinal[identifier] {
                    keptOrdinals.append(ordinal)
                    keptItems.append((identifier, path))
                } else {
                    insertedItems.append(path)
                }
            }
        }
        for section in 0..<old.numberOfSections {
            for (item, identifier) in old.items(inSectionAt: section).enumerated() where !new.contains(item: identifier) {
                deletedItems.append(IndexPath(item: item, section: section))
            }
        }
        var staying = [Bool](repeating: false, count: keptOrdinals.count)
        for index in Self.longestIncreasingRun(keptOrdinals) { staying[index] = true }
        for (index, kept) in keptItems.enumerated() where !staying[index] {
            movedItems.append((oldPath[kept.identifier]!, kept.to))
        }
        reloadedItems = new.reloadedItemIdentifiers.compactMap { new.indexPath(of: $0) }
        reconfiguredItems = new.reconfiguredItemIdentifiers.compactMap { new.indexPath(of: $0) }
        for section in new.reloadedSectionIdentifiers {
            guard let index = new.indexOfSection(section) else { continue }
            reloadedItems.append(contentsOf: (0..<new.numberOfItems(inSection: section)).map { IndexPath(item: $0, section: index) })
        }
    }

    /// The positions in `values` of a longest strictly increasing subsequence (patience sorting,
    /// n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []          // index into values of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var cursor = tails.last!
        while cursor >= 0 { run.append(cursor); cursor = previous[cursor] }
        return run.reversed()
    }
}
