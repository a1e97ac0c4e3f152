import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// UITableView on the collection machinery: styles, the classic and diffable data sources, row
/// heights, headers, selection and reuse.
@MainActor
struct UITableViewTests {
    final class Titled: UITableViewDiffableDataSource<String, Int> {
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sectionIdentifier(for: section) }
    }

    final class Delegate: UITableViewDelegate {
        var selected: [Int] = []
        var fixedHeight: CGFloat?
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath.row) }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat? { fixedHeight }
    }

    private func table(_ style: UITableView.Style, size: CGSize = CGSize(width: 400, height: 400)) -> (UIWindowScene, UITableView) {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: size, rootViewController: root)
        let table = UITableView(frame: root.view.bounds, style: style)
        root.view.addSubview(table)
        return (scene, table)
    }

    @Test func aDiffableTableShowsSelfSizingRowsUnderTitledHeaders() {
        let (scene, table) = table(.insetGrouped)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = Titled(tableView: table) { table, path, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
            var content = cell.defaultContentConfiguration()
            content.text = "Item \(item)"
            cell.contentConfiguration = content
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["General", "Privacy"])
        snapshot.appendItems(Array(0..<3), toSection: "General")
        snapshot.appendItems(Array(3..<200), toSection: "Privacy")
        source.apply(snapshot, animatingDifferences: false)
        scene.layoutIfNeeded()
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(first.frame.minX == 20 && first.frame.height >= 44, "inset-grouped rows inset from the edges")
        let header = table.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(row: 0, section: 0))
        #expect(header != nil && header!.frame.maxY <= first.frame.minY + 0.5)
        #expect(((header as? UITableViewHeaderFooterView)?.contentConfiguration as? UIListContentConfiguration)?.text == "GENERAL")
        #expect(table.visibleCells.count < 20, "only what is in view (of 200 rows)")
        #expect(source.itemIdentifier(for: IndexPath(row: 1, section: 1)) == 4)
        table.scrollToRow(at: IndexPath(row: 150, section: 1), at: .top, animated: false)
        scene.layoutIfNeeded()
        #expect(table.cellForRow(at: IndexPath(row: 150, section: 1)).map { abs($0.frame.minY - table.contentOffset.y) < 1 } == true)
    }

    @Test func theClassicDataSourceRowHeightAndSelection() {
        final class Source: UITableViewDataSource {
            var rows = 50
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell") ?? UITableViewCell(style: .value1, reuseIdentifier: "cell")
                cell.textLabel?.text = "Row \(indexPath.row)"
                cell.detailTextLabel?.text = "detail"
                cell.accessoryType = indexPath.row == 0 ? .checkmark : .none
                return cell
            }
        }
        let (scene, table) = table(.plain)
        let source = Source(), delegate = Delegate()
        table.dataSource = source
        table.delegate = delegate
        table.rowHeight = 60
        scene.layoutIfNeeded()
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame == CGRect(x: 0, y: 120, width: 400, height: 60))
        #expect(table.contentSize.height == 3000)
        scene.click(at: CGPoint(x: 200, y: 150))
        #expect(delegate.selected == [2] && table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        let key = UIResponder.keyCommand(forInput: UIKeyCommand.inputDownArrow, modifierFlags: [], in: scene.windows[0].keyCommandResponders)
        key?.perform()
        #expect(delegate.selected == [2, 3])
        source.rows = 10
        table.reloadData()
        table.rowHeight = UITableView.automaticDimension
        delegate.fixedHeight = 80
        scene.layoutIfNeeded()
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.frame.minY == 80, "heightForRowAt decides")
        let label = table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel
        #expect(label?.text == "Row 1" && (label?.frame.height ?? 0) > 0)
    }

    @Test func tableStylesKeepUIKitsRawValues() {
        #expect(UITableView.Style.insetGrouped.rawValue == 2 && UITableView.ScrollPosition.bottom.rawValue == 3)
        #expect(UITableView.RowAnimation.automatic.rawValue == 100 && UITableViewCell.AccessoryType.checkmark.rawValue == 3)
        #expect(UITableViewCell.CellStyle.subtitle.rawValue == 3 && UITableView.automaticDimension == -1)
    }

    @Test func aTableAndItsReusedRowsAreFreed() {
        weak var weakTable: UITableView?
        var rows: [() -> AnyObject?] = []
        do {
            let (scene, table) = table(.grouped)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            let source = UITableViewDiffableDataSource<Int, Int>(tableView: table) { table, path, item in
                let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
                cell.textLabel?.text = "\(item)"
                return cell
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(Array(0..<500))
            source.apply(snapshot, animatingDifferences: false)
            for step in 1...10 {
                table.contentOffset.y = CGFloat(step) * 200
                scene.keyWindow?.layoutIfNeeded()
            }
            for cell in table.subviews.compactMap({ $0 as? UITableViewCell }) { rows.append { [weak cell] in cell } }
            weakTable = table
            table.removeFromSuperview()
        }
        #expect(weakTable == nil)
        let survivors = rows.filter { $0() != nil }.count
        #expect(!rows.isEmpty && survivors == 0)
    }
}
