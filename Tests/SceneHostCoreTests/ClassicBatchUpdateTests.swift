import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Classic batch updates: where UIKit's rules send each old index path, and that
/// `performBatchUpdates`, `insertItems`/`deleteItems`/`moveItem`/`reloadItems` and a table's row
/// updates animate as a diffable apply does, cells following their items.
@MainActor
struct ClassicBatchUpdateTests {
    private func map(_ update: ClassicBatchUpdate, _ old: [Int], _ new: [Int]) -> [[IndexPath?]]? {
        guard let mapping = update.mapping(from: old, to: new) else { return nil }
        return old.indices.map { section in (0..<old[section]).map { mapping.newIndexPath(for: IndexPath(item: $0, section: section)) } }
    }

    private func paths(_ items: [Int?], section: Int = 0) -> [IndexPath?] { items.map { $0.map { IndexPath(item: $0, section: section) } } }

    @Test func deletionsNameOldPathsInsertionsNewOnesAndTheRestKeepTheirOrder() {
        var update = ClassicBatchUpdate()
        update.deletedItems = [IndexPath(item: 1, section: 0)]
        update.insertedItems = [IndexPath(item: 3, section: 0)]
        #expect(map(update, [5], [5]) == [paths([0, nil, 1, 2, 4])])
        var move = ClassicBatchUpdate()
        move.movedItems = [IndexPath(item: 0, section: 0): IndexPath(item: 4, section: 0)]
        #expect(map(move, [5], [5]) == [paths([4, 0, 1, 2, 3])])
        var reload = ClassicBatchUpdate()
        reload.reloadedItems = [IndexPath(item: 2, section: 0)]
        reload.insertedItems = [IndexPath(item: 0, section: 0)]
        let mapping = reload.mapping(from: [3], to: [4])
        #expect(mapping?.reloadedPaths == [IndexPath(item: 3, section: 0)], "a reload names the old path; its row is made anew where it went")
    }

    @Test func sectionsComeAndGoAndTheirItemsFollow() {
        var deletion = ClassicBatchUpdate()
        deletion.deletedSections = [0]
        #expect(map(deletion, [2, 3], [3]) == [[nil, nil], paths([0, 1, 2])])
        var insertion = ClassicBatchUpdate()
        insertion.insertedSections = [0]
        #expect(map(insertion, [3], [1, 3]) == [paths([0, 1, 2], section: 1)])
        var reload = ClassicBatchUpdate()
        reload.reloadedSections = [1]
        #expect(map(reload, [1, 2], [1, 4]) == [paths([0]), [nil, nil]], "a reloaded section's rows are all made anew")
    }

    @Test func countsThatDoNotAddUpAreRefused() {
        var update = ClassicBatchUpdate()
        update.insertedItems = [IndexPath(item: 0, section: 0)]
        #expect(map(update, [5], [5]) == nil)
        #expect(map(ClassicBatchUpdate(), [5], [4]) == nil)
    }

    final class LetterCell: UICollectionViewCell {
        var letter: String?
    }

    final class Letters: UICollectionViewDataSource {
        var items = ["A", "B", "C", "D", "E", "F"]
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "letter", for: indexPath)
            (cell as? LetterCell)?.letter = items[indexPath.item]
            return cell
        }
    }

    @Test func performBatchUpdatesMovesCellsWithTheirItemsAndFadesTheOthers() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 600), rootViewController: root)
        let layout = UICollectionViewCompositionalLayout(section: gridSection(columns: 1, height: 50))
        let collectionView = UICollectionView(frame: root.view.bounds, collectionViewLayout: layout)
        collectionView.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
        root.view.addSubview(collectionView)
        let source = Letters()
        collectionView.dataSource = source
        _ = scene.renderImage()
        let cellA = collectionView.cellForItem(at: IndexPath(item: 0, section: 0))!
        let cellC = collectionView.cellForItem(at: IndexPath(item: 2, section: 0))!
        let cellF = collectionView.cellForItem(at: IndexPath(item: 5, section: 0))!
        var completed: Bool?
        collectionView.performBatchUpdates({
            source.items.remove(at: 0)              // A
            source.items.insert("X", at: 4)         // after the deletion: B C D E X F
            collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)])
            collectionView.insertItems(at: [IndexPath(item: 4, section: 0)])
        }, completion: { completed = $0 })
        // C kept its cell, now at 1, sliding there from where it was; F stayed at 5; A's cell fades out.
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) === cellC && (cellC as? LetterCell)?.letter == "C")
        #expect(cellC.frame.minY == 60 && cellC.layer.animationKeys()?.isEmpty == false)
        #expect(collectionView.cellForItem(at: IndexPath(item: 5, section: 0)) === cellF)
        #expect(collectionView.indexPath(for: cellA) == nil && cellA.superview === collectionView && cellA.alpha == 0, "fading out")
        let inserted = collectionView.cellForItem(at: IndexPath(item: 4, section: 0))
        #expect((inserted as? LetterCell)?.letter == "X" && inserted?.layer.animationKeys()?.isEmpty == false, "fading in")
        #expect(completed == nil, "the completion waits for the animation")
        _ = scene.offscreenHost!.prepareFrame(at: 100)
        _ = scene.offscreenHost!.prepareFrame(at: 101)
        #expect(completed == true && (cellA.isHidden || cellA.superview == nil), "gone to the reuse pool once faded")
        // A single classic call is a batch of its own; a move slides the cell.
        source.items.insert(source.items.remove(at: 0), at: 2)
        let cellB = collectionView.cellForItem(at: IndexPath(item: 0, section: 0))!
        collectionView.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
        #expect(collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) === cellB && cellB.frame.minY == 120)
    }

    @Test func countsThatDoNotAddUpReloadEverything() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 600), rootViewController: root)
        let collectionView = UICollectionView(frame: root.view.bounds,
                                              collectionViewLayout: UICollectionViewCompositionalLayout(section: gridSection(columns: 1, height: 50)))
        collectionView.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
        root.view.addSubview(collectionView)
        let source = Letters()
        collectionView.dataSource = source
        scene.layoutIfNeeded()
        source.items += ["G", "H"]
        collectionView.insertItems(at: [IndexPath(item: 6, section: 0)])   // two were added, one announced
        scene.layoutIfNeeded()
        #expect(collectionView.numberOfItems(inSection: 0) == 8 && (collectionView.cellForItem(at: IndexPath(item: 7, section: 0)) as? LetterCell)?.letter == "H")
    }

    final class Rows: UITableViewDataSource {
        var rows = ["One", "Two", "Three"]
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
            cell.textLabel?.text = rows[indexPath.row]
            return cell
        }
    }

    @Test func tableRowUpdatesAnimateUnlessAskedNotTo() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 400), rootViewController: root)
        let table = UITableView(frame: root.view.bounds, style: .plain)
        table.rowHeight = 50
        root.view.addSubview(table)
        let source = Rows()
        table.dataSource = source
        _ = scene.renderImage()
        let three = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        table.beginUpdates()
        source.rows.insert("Zero", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        table.endUpdates()
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === three && three.frame.minY == 150)
        #expect(three.layer.animationKeys()?.isEmpty == false, "it slides down")
        _ = scene.offscreenHost!.prepareFrame(at: 100)
        _ = scene.offscreenHost!.prepareFrame(at: 101)
        source.rows.remove(at: 0)
        table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === three && three.frame.minY == 100)
        #expect(three.layer.animationKeys()?.isEmpty ?? true, ".none moves it at once")
    }
}
