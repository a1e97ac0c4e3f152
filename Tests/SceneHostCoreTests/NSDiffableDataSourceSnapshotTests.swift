import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// NSDiffableDataSourceSnapshot and its section snapshot: UIKit's operations, and differences computed
/// by identity in linear time.
@MainActor
struct NSDiffableDataSourceSnapshotTests {
    @Test func sectionsAndItemsAreAppendedInsertedMovedAndDeleted() {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([10, 11])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [10, 11], "no section named: the last one")
        snapshot.insertItems([0], beforeItem: 1)
        snapshot.insertItems([4], afterItem: 3)
        #expect(snapshot.itemIdentifiers == [0, 1, 2, 3, 4, 10, 11] && snapshot.numberOfItems == 7)
        snapshot.moveItem(0, afterItem: 10)
        #expect(snapshot.itemIdentifiers(inSection: "b") == [10, 0, 11] && snapshot.sectionIdentifier(containingItem: 0) == "b")
        snapshot.moveItem(4, beforeItem: 1)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [4, 1, 2, 3])
        snapshot.deleteItems([2, 99])
        #expect(snapshot.itemIdentifiers(inSection: "a") == [4, 1, 3] && snapshot.indexOfItem(10) == 3)
        snapshot.insertSections(["z"], beforeSection: "a")
        snapshot.moveSection("z", afterSection: "b")
        #expect(snapshot.sectionIdentifiers == ["a", "b", "z"] && snapshot.indexOfSection("z") == 2)
        snapshot.appendItems([7], toSection: "z")
        snapshot.moveSection("b", beforeSection: "a")
        #expect(snapshot.sectionIdentifiers == ["b", "a", "z"] && snapshot.sectionIdentifier(containingItem: 7) == "z")
        #expect(snapshot.indexOfItem(4) == 3 && snapshot.numberOfItems(inSection: "z") == 1)
        snapshot.deleteSections(["a"])
        #expect(snapshot.itemIdentifiers == [10, 0, 11, 7] && snapshot.sectionIdentifier(containingItem: 1) == nil)
        snapshot.reloadItems([10]); snapshot.reconfigureItems([7]); snapshot.reloadSections(["z"])
        #expect(snapshot.reloadedItemIdentifiers == [10] && snapshot.reconfiguredItemIdentifiers == [7] && snapshot.reloadedSectionIdentifiers == ["z"])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
    }

    @Test func theDifferenceListsDeletesInsertsMovesAndReloadsByIndexPath() {
        var old = NSDiffableDataSourceSnapshot<Int, String>()
        old.appendSections([0, 1])
        old.appendItems(["a", "b", "c", "d"], toSection: 0)
        old.appendItems(["x"], toSection: 1)
        var new = old
        new.deleteItems(["b"])
        new.appendItems(["e"], toSection: 0)
        new.moveItem("d", beforeItem: "a")
        new.reloadItems(["c"])
        let difference = SnapshotDifference(from: old, to: new)
        #expect(difference.deletedItems == [IndexPath(item: 1, section: 0)])
        #expect(difference.insertedItems == [IndexPath(item: 3, section: 0)])
        #expect(difference.movedItems.map { [$0.from, $0.to] } == [[IndexPath(item: 3, section: 0), IndexPath(item: 0, section: 0)]])
        #expect(difference.reloadedItems == [IndexPath(item: 2, section: 0)])
        #expect(SnapshotDifference(from: old, to: old).isEmpty)
        var sections = old
        sections.moveSection(1, beforeSection: 0)
        let moved = SnapshotDifference(from: old, to: sections)
        #expect(moved.movedSections.count == 1 && moved.movedItems.count == 1, "one section moved, and with it its item")
    }

    @Test func aHundredThousandItemsAreAppendedAndDiffedQuickly() {
        let clock = ContinuousClock()
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        let elapsed = clock.measure {
            snapshot.appendSections([0])
            snapshot.appendItems(Array(0..<100_000))
        }
        var next = snapshot
        next.deleteItems(Array(stride(from: 0, to: 100_000, by: 10)))
        next.appendItems(Array(100_000..<100_100))
        let diffTime = clock.measure {
            let difference = SnapshotDifference(from: snapshot, to: next)
            #expect(difference.deletedItems.count == 10_000 && difference.insertedItems.count == 100 && difference.movedItems.isEmpty)
        }
        // Quadratic work on 100,000 items would take minutes; linear takes milliseconds (debug build).
        #expect(elapsed < .seconds(2) && diffTime < .seconds(3), "append \(elapsed), diff \(diffTime)")
        #expect(snapshot.numberOfItems == 100_000 && snapshot.indexOfItem(99_999) == 99_999)
    }

    @Test func theLongestRunThatKeptItsOrderStays() {
        #expect(SnapshotDifference.longestIncreasingRun([3, 0, 1, 2]) == [1, 2, 3])
        #expect(SnapshotDifference.longestIncreasingRun([]) == [])
        #expect(SnapshotDifference.longestIncreasingRun([0, 1, 2]) == [0, 1, 2])
    }

    @Test func sectionSnapshotsExpandCollapseAndShowOnlyVisibleItems() {
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["Mailboxes", "Tags"])
        outline.append(["Inbox", "Sent"], to: "Mailboxes")
        outline.append(["Work"], to: "Tags")
        outline.append(["Urgent"], to: "Work")
        #expect(outline.visibleItems == ["Mailboxes", "Tags"] && outline.items == ["Mailboxes", "Inbox", "Sent", "Tags", "Work", "Urgent"])
        outline.expand(["Mailboxes", "Work"])
        #expect(outline.visibleItems == ["Mailboxes", "Inbox", "Sent", "Tags"], "Work is expanded but Tags is not")
        #expect(!outline.isVisible("Urgent") && outline.isVisible("Inbox") && outline.level(of: "Urgent") == 2)
        outline.insert(["Drafts"], after: "Inbox")
        #expect(outline.snapshot(of: "Mailboxes").items == ["Inbox", "Drafts", "Sent"] && outline.parent(of: "Drafts") == "Mailboxes")
        outline.collapse(["Mailboxes"])
        outline.expand(["Tags"])
        #expect(outline.visibleItems == ["Mailboxes", "Tags", "Work", "Urgent"])
        outline.delete(["Work"])
        #expect(!outline.contains("Urgent") && outline.visibleItems == ["Mailboxes", "Tags"])
        var replacement = NSDiffableDataSourceSectionSnapshot<String>()
        replacement.append(["Home"])
        outline.replace(childrenOf: "Tags", using: replacement)
        #expect(outline.visibleItems == ["Mailboxes", "Tags", "Home"] && outline.rootItems == ["Mailboxes", "Tags"])
        #expect(outline.index(of: "Home") == 5)
    }
}
