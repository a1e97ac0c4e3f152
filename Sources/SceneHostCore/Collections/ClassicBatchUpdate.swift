import Foundation

/// The classic updates of one batch (`performBatchUpdates`, `insertItems(at:)`, a table's
/// `beginUpdates()`…`endUpdates()`), turned into what a diffable apply also produces: the new counts and
/// where each old index path went. The collection view then runs the same animated update for both.
///
/// UIKit's rules: deletions, reloads and the sources of moves name index paths before the batch;
/// insertions and the destinations of moves name index paths after it. Items that none of these touch
/// keep their order and fill the places left free in their (possibly renumbered) section.
struct ClassicBatchUpdate {
    var deletedItems: Set<IndexPath> = []
    var insertedItems: Set<IndexPath> = []
    var reloadedItems: Set<IndexPath> = []
    /// Old index path → new index path.
    var movedItems: [IndexPath: IndexPath] = [:]
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var reloadedSections = IndexSet()
    /// Old section → new section.
    var movedSections: [Int: Int] = [:]

    var isEmpty: Bool {
        deletedItems.isEmpty && insertedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
            && deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
    }

    /// The mapping for counts going from `old` to `new`, or nil when the counts do not add up (UIKit
    /// raises `NSInternalInconsistencyException` then; SceneHost reloads instead).
    func mapping(from old: [Int], to new: [Int]) -> Mapping? {
        // Sections: moved ones go where they are told, staying ones fill the free places in order.
        var sectionTarget = [Int?](repeating: nil, count: old.count)
        let fixed = insertedSections.union(IndexSet(movedSections.values))
        var next = 0
        for section in old.indices {
            if deletedSections.contains(section) { continue }
            if let target = movedSections[section] { sectionTarget[section] = target; continue }
            while fixed.contains(next) { next += 1 }
            sectionTarget[section] = next
            next += 1
        }
        guard old.count - deletedSections.count + insertedSections.count == new.count,
              sectionTarget.allSatisfy({ ($0 ?? 0) < new.count }) else { return nil }
        // Items, per old section: what leaves it (deleted, moved away) and, per new section, the places
        // taken by insertions and moves in.
        var leaving = [[Int]](repeating: [], count: old.count)
        var taken = [[Int]](repeating: [], count: new.count)
        for path in deletedItems where old.indices.contains(path.section) { leaving[path.section].append(path.item) }
        for (from, to) in movedItems {
            if old.indices.contains(from.section) { leaving[from.section].append(from.item) }
            if new.indices.contains(to.section) { taken[to.section].append(to.item) }
        }
        for path in insertedItems where new.indices.contains(path.section) { taken[path.section].append(path.item) }
        for index in leaving.indices { leaving[index].sort() }
        for index in taken.indices { taken[index].sort() }
        // Every section that stays must end with the data source's count.
        var arriving = [Int](repeating: 0, count: new.count)
        for (section, target) in sectionTarget.enumerated() {
            guard let target else { continue }
            if reloadedSections.contains(section) { continue }
            arriving[target] += old[section] - leaving[section].count
        }
        for section in new.indices {
            let inserted = insertedSections.contains(section) || sectionTarget.enumerated().contains { reloadedSections.contains($0.offset) && $0.element == section }
            if inserted { continue }
            guard arriving[section] + taken[section].count == new[section] else { return nil }
        }
        return Mapping(batch: self, sectionTarget: sectionTarget, leaving: leaving, taken: taken)
    }

    /// Where each old index path went.
    struct Mapping {
        let batch: ClassicBatchUpdate
        let sectionTarget: [Int?]
        let leaving: [[Int]]
        let taken: [[Int]]

        /// The new index path of the item at old `path`, or nil when it was deleted (with its section,
        /// or by a section reload, which makes every item anew).
        func newIndexPath(for path: IndexPath) -> IndexPath? {
            guard sectionTarget.indices.contains(path.section), let section = sectionTarget[path.section],
                  !batch.reloadedSections.contains(path.section), !batch.deletedItems.contains(path) else { return nil }
            if let moved = batch.movedItems[path] { return moved }
            // Its rank among the items that stay, then the rank-th place not taken in the new section.
            let rank = path.item - countBelow(path.item, in: leaving[path.section])
            var place = rank
            for item in taken[section] {
                if item <= place { place += 1 } else { break }
            }
            return IndexPath(item: place, section: section)
        }

        private func countBelow(_ item: Int, in sorted: [Int]) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid] < item { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// The new index paths of the reloaded items (made anew in place).
        var reloadedPaths: [IndexPath] { batch.reloadedItems.compactMap(newIndexPath(for:)) }
    }
}
