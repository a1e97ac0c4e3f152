import Foundation

/// The items of one section as a tree that can be expanded and collapsed (an outline), as UIKit's
/// `NSDiffableDataSourceSectionSnapshot`. Apply it to a section with
/// `UICollectionViewDiffableDataSource.apply(_:to:animatingDifferences:)`: the section shows the
/// visible items (root items, and the children of expanded items), in depth-first order.
///
/// Item identifiers are unique across the tree; a duplicate, or a parent or neighbour that is not in
/// the snapshot, stops the program with a message naming it (UIKit raises).
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
    private var roots: [ItemIdentifierType] = []
    private var children: [ItemIdentifierType: [ItemIdentifierType]] = [:]
    private var parents: [ItemIdentifierType: ItemIdentifierType] = [:]
    private var members: Set<ItemIdentifierType> = []
    private var expanded: Set<ItemIdentifierType> = []

    /// An empty section snapshot.
    public init() {}

    /// Every item, depth first (collapsed children included).
    public var items: [ItemIdentifierType] {
        var result: [ItemIdentifierType] = []
        result.reserveCapacity(members.count)
        func walk(_ list: [ItemIdentifierType]) { for item in list { result.append(item); walk(children[item] ?? []) } }
        walk(roots)
        return result
    }

    /// The items a person sees: roots, and the children of expanded items whose ancestors are expanded.
    public var visibleItems: [ItemIdentifierType] {
        var result: [ItemIdentifierType] = []
        func walk(_ list: [ItemIdentifierType]) {
            for item in list {
                result.append(item)
                if expanded.contains(item) { walk(children[item] ?? []) }
            }
        }
        walk(roots)
        return result
    }

    /// The items at the top level.
    public var rootItems: [ItemIdentifierType] { roots }

    /// Adds `items` at the end of `parent`'s children, or of the roots when nil.
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        claim(items, parent: parent, "append(_:to:)")
        if let parent { children[parent, default: []].append(contentsOf: items) } else { roots.append(contentsOf: items) }
    }

    /// Inserts `items` just before `item`, as its siblings.
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        insert(items, beside: item, offset: 0, "insert(_:before:)")
    }

    /// Inserts `items` just after `item`, as its siblings.
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        insert(items, beside: item, offset: 1, "insert(_:after:)")
    }

    private mutating func insert(_ items: [ItemIdentifierType], beside item: ItemIdentifierType, offset: Int, _ operation: String) {
        require(item, operation)
        let parent = parents[item]
        claim(items, parent: parent, operation)
        if let parent {
            let index = children[parent]!.firstIndex(of: item)!
            children[parent]!.insert(contentsOf: items, at: index + offset)
        } else {
            roots.insert(contentsOf: items, at: roots.firstIndex(of: item)! + offset)
        }
    }

    /// Removes `items` with all their descendants (unknown items are ignored).
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items where members.contains(item) {
            if let parent = parents[item] { children[parent]?.removeAll { $0 == item } } else { roots.removeAll { $0 == item } }
            forget(item)
        }
    }

    private mutating func forget(_ item: ItemIdentifierType) {
        for child in children[item] ?? [] { forget(child) }
        children[item] = nil; parents[item] = nil; members.remove(item); expanded.remove(item)
    }

    /// Removes everything.
    public mutating func deleteAll() { self = Self() }

    /// Expands `items`: their children become visible (when the items themselves are).
    public mutating func expand(_ items: [ItemIdentifierType]) {
        for item in items { require(item, "expand(_:)"); expanded.insert(item) }
    }

    /// Collapses `items`: their descendants are hidden.
    public mutating func collapse(_ items: [ItemIdentifierType]) {
        for item in items { require(item, "collapse(_:)"); expanded.remove(item) }
    }

    /// Whether `item` is expanded.
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }

    /// Whether `item` is visible: every ancestor is expanded.
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard members.contains(item) else { return false }
        var cursor = parents[item]
        while let parent = cursor {
            if !expanded.contains(parent) { return false }
            cursor = parents[parent]
        }
        return true
    }

    /// Whether the snapshot holds `item`.
    public func contains(_ item: ItemIdentifierType) -> Bool { members.contains(item) }

    /// `item`'s parent, or nil for a root item.
    public func parent(of item: ItemIdentifierType) -> ItemIdentifierType? { parents[item] }

    /// How deep `item` is: 0 for roots.
    public func level(of item: ItemIdentifierType) -> Int {
        require(item, "level(of:)")
        var level = 0, cursor = parents[item]
        while let parent = cursor { level += 1; cursor = parents[parent] }
        return level
    }

    /// Where `item` is in `items` (depth first), or nil.
    public func index(of item: ItemIdentifierType) -> Int? { members.contains(item) ? items.firstIndex(of: item) : nil }

    /// A snapshot of `parent`'s descendants (and `parent` itself as the root when `includingParent`).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
        require(parent, "snapshot(of:includingParent:)")
        var result = Self()
        func copy(_ list: [ItemIdentifierType], to newParent: ItemIdentifierType?) {
            result.append(list, to: newParent)
            for item in list {
                if expanded.contains(item) { result.expanded.insert(item) }
                copy(children[item] ?? [], to: item)
            }
        }
        if includingParent {
            result.append([parent])
            if expanded.contains(parent) { result.expanded.insert(parent) }
            copy(children[parent] ?? [], to: parent)
        } else {
            copy(children[parent] ?? [], to: nil)
        }
        return result
    }

    /// Replaces `parent`'s children with the roots of `snapshot` (and their descendants).
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
        require(parent, "replace(childrenOf:using:)")
        for child in children[parent] ?? [] { forget(child) }
        children[parent] = []
        func copy(_ list: [ItemIdentifierType], to newParent: ItemIdentifierType) {
            append(list, to: newParent)
            for item in list {
                if snapshot.expanded.contains(item) { expanded.insert(item) }
                copy(snapshot.children[item] ?? [], to: item)
            }
        }
        copy(snapshot.roots, to: parent)
    }

    /// Internal: whether `item` has children (an outline disclosure shows for it).
    func hasChildren(_ item: ItemIdentifierType) -> Bool { !(children[item]?.isEmpty ?? true) }

    private mutating func claim(_ items: [ItemIdentifierType], parent: ItemIdentifierType?, _ operation: String) {
        if let parent { require(parent, operation) }
        for item in items {
            precondition(members.insert(item).inserted,
                         "NSDiffableDataSourceSectionSnapshot.\(operation): item identifier \(item) is already in the snapshot; supplied item identifiers are not unique")
            if let parent { parents[item] = parent }
        }
    }

    private func require(_ item: ItemIdentifierType, _ operation: String) {
        precondition(members.contains(item), "NSDiffableDataSourceSectionSnapshot.\(operation): invalid item identifier \(item): it is not in the section snapshot")
    }
}

extension NSDiffableDataSourceSectionSnapshot: Sendable where ItemIdentifierType: Sendable {}
