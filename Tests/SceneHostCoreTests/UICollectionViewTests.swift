import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A delegate that logs what the collection view tells it.
@MainActor
final class LoggingCollectionDelegate: UICollectionViewDelegate {
    var log: [String] = []
    var refuse: IndexPath?
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldSelect \(indexPath.item)")
        return indexPath != refuse
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("didSelect \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { log.append("didDeselect \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { log.append("didHighlight \(indexPath.item)") }
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) { log.append("didUnhighlight \(indexPath.item)") }
}

/// UICollectionView: reuse of cells, diffable updates, selection by pointer and keys, delegate calls,
/// and that reused cells are freed.
@MainActor
struct UICollectionViewTests {
    private func press(_ input: String, in scene: UIWindowScene) {
        let window = scene.windows[0]
        guard let command = UIResponder.keyCommand(forInput: input, modifierFlags: [], in: window.keyCommandResponders) else {
            Issue.record("no key command for \(input)")
            return
        }
        command.perform()
        scene.layoutIfNeeded()
    }

    @Test func onlyTheVisibleCellsAndAMarginExistAndScrollingReusesThem() {
        CountingCell.made = 0
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 4)))
        fixture.apply(sections: [0: 0..<100_000])
        let collectionView = fixture.collectionView
        // 300 points shown and a quarter screen (75) below: rows at 0, 110, 220 and 330, of four.
        #expect(collectionView.liveCellCount == 16 && CountingCell.made == 16)
        for step in 1...50 {
            collectionView.contentOffset.y = CGFloat(step) * 37
            fixture.scene.layoutIfNeeded()
        }
        #expect(collectionView.liveCellCount <= 24, "visible rows plus a quarter screen each way")
        #expect(CountingCell.made <= 40, "scrolling reuses cells: \(CountingCell.made) made")
        let reused = collectionView.visibleCells.compactMap { $0 as? CountingCell }.filter { $0.reuses > 0 }
        #expect(!reused.isEmpty && reused.allSatisfy { $0.configuredWith == fixture.dataSource.itemIdentifier(for: collectionView.indexPath(for: $0)!) })
        collectionView.contentOffset.y = 110 * 20_000
        fixture.scene.layoutIfNeeded()
        #expect(collectionView.indexPathsForVisibleItems.first == IndexPath(item: 80_000, section: 0))
    }

    @Test func diffableUpdatesMoveCellsWithTheirItemsAndReloadOrReconfigureThem() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 4)))
        fixture.apply(sections: [0: 0..<8])
        let collectionView = fixture.collectionView
        let cellOf5 = collectionView.cellForItem(at: IndexPath(item: 5, section: 0)) as! CountingCell
        let calls = fixture.cellProviderCalls
        var snapshot = fixture.dataSource.snapshot()
        snapshot.deleteItems([1])
        snapshot.insertItems([100], beforeItem: 0)
        snapshot.moveItem(7, beforeItem: 2)
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        fixture.scene.layoutIfNeeded()
        #expect(fixture.dataSource.snapshot().itemIdentifiers == [100, 0, 7, 2, 3, 4, 5, 6])
        #expect(collectionView.cellForItem(at: IndexPath(item: 6, section: 0)) === cellOf5, "item 5's cell followed it")
        #expect(fixture.cellProviderCalls == calls + 1, "only the inserted item needed a cell")
        #expect(cellOf5.reuses == 0)
        // Reconfiguring keeps the cell (no prepareForReuse); reloading gives a reused or new one.
        snapshot = fixture.dataSource.snapshot()
        snapshot.reconfigureItems([5])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        #expect(collectionView.cellForItem(at: IndexPath(item: 6, section: 0)) === cellOf5 && cellOf5.reuses == 0)
        #expect(fixture.cellProviderCalls == calls + 2)
        snapshot = fixture.dataSource.snapshot()
        snapshot.reloadItems([5])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        fixture.scene.layoutIfNeeded()
        let reloaded = collectionView.cellForItem(at: IndexPath(item: 6, section: 0)) as! CountingCell
        #expect(reloaded.configuredWith == 5 && fixture.cellProviderCalls == calls + 3)
        #expect(reloaded !== cellOf5 || cellOf5.reuses == 1)
    }

    @Test func anAnimatedApplyMovesCellsFromWhereTheyWere() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 4)))
        fixture.apply(sections: [0: 0..<8])
        let cellOf3 = fixture.collectionView.cellForItem(at: IndexPath(item: 3, section: 0))!
        var snapshot = fixture.dataSource.snapshot()
        snapshot.insertItems([50], beforeItem: 0)
        fixture.dataSource.apply(snapshot, animatingDifferences: true)
        // The model frame is the new one (item 3 is now fifth: the second row); the layer animates from the old one.
        #expect(cellOf3.frame == CGRect(x: 0, y: 110, width: 100, height: 100))
        #expect(cellOf3.layer.animationKeys()?.isEmpty == false)
    }

    @Test func clicksSelectAndTellTheDelegateInUIKitsOrder() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 4)))
        fixture.apply(sections: [0: 0..<40])
        let delegate = LoggingCollectionDelegate()
        fixture.collectionView.delegate = delegate
        fixture.scene.click(at: CGPoint(x: 150, y: 50))
        #expect(delegate.log == ["didHighlight 1", "didUnhighlight 1", "shouldSelect 1", "didSelect 1"])
        #expect(fixture.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(fixture.collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == true)
        delegate.log = []
        fixture.scene.click(at: CGPoint(x: 250, y: 50))
        #expect(delegate.log == ["didHighlight 2", "didUnhighlight 2", "shouldSelect 2", "didDeselect 1", "didSelect 2"])
        delegate.refuse = IndexPath(item: 3, section: 0)
        fixture.scene.click(at: CGPoint(x: 350, y: 50))
        #expect(fixture.collectionView.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)], "the delegate refused")
        fixture.collectionView.allowsMultipleSelection = true
        fixture.scene.click(at: CGPoint(x: 50, y: 160))
        fixture.scene.click(at: CGPoint(x: 250, y: 50))
        #expect(fixture.collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)], "a second click deselects in multiple selection")
    }

    /// A click on the item already selected (single selection) asks and tells the delegate again and
    /// keeps it selected: a list that shows its selection opens that item again.
    @Test func aClickOnTheSelectedItemSelectsItAgain() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 4)))
        fixture.apply(sections: [0: 0..<40])
        let delegate = LoggingCollectionDelegate()
        fixture.collectionView.delegate = delegate
        fixture.collectionView.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        fixture.scene.click(at: CGPoint(x: 150, y: 50))
        #expect(delegate.log == ["didHighlight 1", "didUnhighlight 1", "shouldSelect 1", "didSelect 1"])
        #expect(fixture.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        delegate.log = []
        delegate.refuse = IndexPath(item: 1, section: 0)
        fixture.scene.click(at: CGPoint(x: 150, y: 50))
        #expect(delegate.log == ["didHighlight 1", "didUnhighlight 1", "shouldSelect 1"], "refused: not told")
        #expect(fixture.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    }

    @Test func arrowKeysMoveTheSelectionByGeometryAndScrollItIntoView() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 4)))
        fixture.apply(sections: [0: 0..<40])
        let collectionView = fixture.collectionView
        fixture.scene.click(at: CGPoint(x: 150, y: 50))
        #expect(collectionView.isFirstResponder)
        press(UIKeyCommand.inputRightArrow, in: fixture.scene)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        press(UIKeyCommand.inputDownArrow, in: fixture.scene)
        press(UIKeyCommand.inputDownArrow, in: fixture.scene)
        press(UIKeyCommand.inputDownArrow, in: fixture.scene)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 14, section: 0)])
        // Row 3 (330…430) is below the 300-point view: scrolled just into view (animated, so the target).
        scrollToEnd(fixture)
        #expect(collectionView.contentOffset.y >= 130 && collectionView.contentOffset.y <= 131)
        press(UIKeyCommand.inputLeftArrow, in: fixture.scene)
        press(UIKeyCommand.inputUpArrow, in: fixture.scene)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 9, section: 0)])
        press(UIKeyCommand.inputEnd, in: fixture.scene)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 39, section: 0)])
        scrollToEnd(fixture)
        #expect(collectionView.cellForItem(at: IndexPath(item: 39, section: 0)).map { collectionView.bounds.contains($0.frame) } == true)
        press(UIKeyCommand.inputHome, in: fixture.scene)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    }

    /// Lets an animated scroll finish.
    private func scrollToEnd(_ fixture: CollectionFixture) {
        let start = CACurrentMediaTime()
        for step in 1...40 { frame(fixture.scene, at: start + Double(step) * 0.05) }
        fixture.scene.layoutIfNeeded()
    }

    @Test func outlinesExpandFromTheirDisclosureAndIndentTheirChildren() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .sidebar)), list: true)
        var outline = NSDiffableDataSourceSectionSnapshot<Int>()
        outline.append([1, 2])
        outline.append([10, 11], to: 1)
        fixture.dataSource.apply(outline, to: 0, animatingDifferences: false)
        fixture.scene.layoutIfNeeded()
        #expect(fixture.dataSource.snapshot().itemIdentifiers == [1, 2])
        var expanded: [Int] = []
        fixture.dataSource.sectionSnapshotHandlers.willExpandItem = { expanded.append($0) }
        let cell = fixture.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as! UICollectionViewListCell
        cell.accessories = [.outlineDisclosure()]
        fixture.collectionView.toggleExpansion(of: cell)
        fixture.scene.layoutIfNeeded()
        #expect(expanded == [1] && fixture.dataSource.snapshot().itemIdentifiers == [1, 10, 11, 2])
        #expect(cell.configurationState.isExpanded)
        let child = fixture.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) as? UICollectionViewListCell
        #expect(child?.indentationLevel == 1)
    }

    @Test func cellStatesDriveUpdateConfigurationIncludingTraitChanges() {
        final class StateCell: UICollectionViewListCell {
            var states: [UICellConfigurationState] = []
            override func updateConfiguration(using state: UICellConfigurationState) {
                super.updateConfiguration(using: state)
                states.append(state)
            }
        }
        let cell = StateCell(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        let scene = controlScene([cell])
        cell.contentConfiguration = cell.defaultContentConfiguration()
        scene.layoutIfNeeded()
        let before = cell.states.count
        cell.isSelected = true
        scene.layoutIfNeeded()
        #expect(cell.states.count == before + 1 && cell.states.last?.isSelected == true)
        scene.traitOverrides.userInterfaceStyle = .dark
        scene.layoutIfNeeded()
        #expect(cell.states.last?.traitCollection.userInterfaceStyle == .dark, "a trait change updates the configuration")
        cell.backgroundConfiguration = .listSidebarCell()
        scene.layoutIfNeeded()
        #expect(UIBackgroundConfiguration.listSidebarCell().updated(for: cell.configurationState).backgroundColor == .tintColor)
    }

    @Test func theClassicDataSourceAndRegisteredClassesWork() {
        final class Source: UICollectionViewDataSource {
            var count = 30
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
                cell.tag = indexPath.item
                return cell
            }
        }
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 90, height: 90)
        flow.minimumLineSpacing = 10
        flow.minimumInteritemSpacing = 10
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        let collectionView = UICollectionView(frame: root.view.bounds, collectionViewLayout: flow)
        collectionView.register(CountingCell.self, forCellWithReuseIdentifier: "tile")
        root.view.addSubview(collectionView)
        let source = Source()
        collectionView.dataSource = source
        scene.layoutIfNeeded()
        // Four 90-point items fit in 400 with 10 between: the 10 left are shared out (flow justifies full lines).
        let second = collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.frame ?? .zero
        #expect(abs(second.minX - (100 + 10.0 / 3)) < 0.001 && second.size == CGSize(width: 90, height: 90))
        #expect(collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.frame.minY == 100)
        let height = collectionView.contentSize.height
        #expect(abs(height - 790) < 0.001, "eight lines of 90 with 10 between: \(height)")
        source.count = 2
        collectionView.deleteItems(at: (2..<30).map { IndexPath(item: $0, section: 0) })
        scene.layoutIfNeeded()
        #expect(collectionView.liveCellCount == 2 && collectionView.numberOfItems(inSection: 0) == 2)
    }

    @Test func reusedCellsAndTheCollectionViewAreFreed() {
        weak var weakCollection: UICollectionView?
        weak var weakSource: UICollectionViewDiffableDataSource<Int, Int>?
        var weakCells: [() -> AnyObject?] = []
        do {
            let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 4)))
            fixture.apply(sections: [0: 0..<1000])
            for step in 1...20 {
                fixture.collectionView.contentOffset.y = CGFloat(step) * 150
                fixture.scene.layoutIfNeeded()
            }
            for cell in fixture.collectionView.subviews.compactMap({ $0 as? UICollectionViewCell }) { weakCells.append { [weak cell] in cell } }
            weakCollection = fixture.collectionView
            weakSource = fixture.dataSource
            fixture.collectionView.removeFromSuperview()
        }
        #expect(weakCollection == nil && weakSource == nil)
        let survivors = weakCells.filter { $0() != nil }.count
        #expect(!weakCells.isEmpty && survivors == 0, "cells in view and in the reuse pool go with their collection view")
    }

    @Test func aSidewaysScrollRevealsTrailingSwipeActionsAndAClickRunsOne() async {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        var deleted: [Int] = []
        configuration.trailingSwipeActionsConfigurationProvider = { path in
            UISwipeActionsConfiguration(actions: [UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                deleted.append(path.item)
                done(true)
            }])
        }
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout.list(using: configuration), list: true)
        fixture.apply(sections: [0: 0..<20])
        let collectionView = fixture.collectionView
        let row = collectionView.cellForItem(at: IndexPath(item: 1, section: 0))!
        let point = CGPoint(x: 200, y: row.frame.midY)
        for _ in 0..<3 { fixture.scene.pointerScrolled(by: CGPoint(x: -40, y: 0), continuous: true, at: point) }
        fixture.scene.layoutIfNeeded()
        #expect(row.swipeOffset == -120 && row.configurationState.isSwiped)
        await runMainQueue(for: 0.3)
        fixture.scene.layoutIfNeeded()
        let actions = try? #require(row.swipeActionsView)
        #expect(row.swipeOffset == -(actions?.fullWidth ?? 0), "more than half shown: it stays open at the actions' width")
        #expect(row.contentView.frame.minX == row.swipeOffset)
        let button = actions?.subviews.first
        let center = button.map { $0.convert(CGPoint(x: $0.bounds.midX, y: $0.bounds.midY), to: nil) } ?? .zero
        fixture.scene.click(at: center)
        #expect(deleted == [1])
        #expect(collectionView.swipedIndexPath == nil, "the handler's completion closed the row")
    }

    /// A window drag that changes only a list's height measures, lays out and draws none of its rows; a
    /// new width measures each row once, a width it had before none (sizes are kept per width); new
    /// content and new traits measure again. The rows end where a list made at the final size puts them.
    @Test func selfSizingRowsAreMeasuredAgainOnlyWhenTheirWidthContentOrTraitsChange() {
        let list = MeasuredList(size: CGSize(width: 400, height: 300))
        let first = list.rows
        #expect(first.count >= 5 && first.allSatisfy { $0.measures == 1 })
        list.resetCounts()
        for step in 1...20 { list.resize(to: CGSize(width: 400, height: 300 + CGFloat(step))) }
        #expect(first.allSatisfy { $0.measures == 0 && $0.layouts == 0 }, "a height change lays no row out: \(first.map(\.measures))")
        #expect(first.allSatisfy { $0.marker.draws == 0 }, "nor draws one")
        let framesAt400 = list.framesByItem
        list.resize(to: CGSize(width: 360, height: 320))
        let shown = first.filter { !$0.isHidden }
        #expect(!shown.isEmpty && shown.allSatisfy { $0.measures == 1 }, "a new width measures each row once: \(shown.map(\.measures))")
        list.resize(to: CGSize(width: 400, height: 320))
        #expect(shown.allSatisfy { $0.measures == 1 }, "back at 400 points the sizes measured there are used")
        #expect(list.framesByItem == framesAt400)
        // Reconfiguring an item measures its row again, with its new content.
        let row = list.row(for: 2)
        var snapshot = list.dataSource.snapshot()
        list.longer.insert(2)
        snapshot.reconfigureItems([2])
        list.dataSource.apply(snapshot, animatingDifferences: false)
        list.scene.layoutIfNeeded()
        #expect(row.measures == 2 && list.row(for: 2) === row)
        #expect(list.framesByItem == MeasuredList(size: CGSize(width: 400, height: 320), longer: [2]).framesByItem)
        // A larger text size measures every row again.
        list.resetCounts()
        list.scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraLarge
        list.scene.layoutIfNeeded()
        #expect(list.rows.allSatisfy { $0.measures >= 1 })
        let fresh = MeasuredList(size: CGSize(width: 400, height: 320), longer: [2], category: .accessibilityExtraLarge)
        #expect(list.framesByItem == fresh.framesByItem)
    }
}

/// A list row that counts how often it is measured and laid out, with a subview that counts its drawings.
@MainActor
final class MeasuredRow: UICollectionViewListCell {
    var measures = 0, layouts = 0
    let marker = DrawCounter()
    override init(frame: CGRect) {
        super.init(frame: frame)
        marker.contentMode = .redraw
        marker.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(marker)
    }
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        measures += 1
        return super.preferredLayoutAttributesFitting(layoutAttributes)
    }
    override func layoutSubviews() {
        layouts += 1
        super.layoutSubviews()
    }
}

/// A view that draws a line and counts its drawings.
@MainActor
final class DrawCounter: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.systemBlue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: bounds.width, height: 1))
    }
}

/// A plain list of wrapping rows (`MeasuredRow`) filling an offscreen scene.
@MainActor
final class MeasuredList {
    let scene: UIWindowScene
    let collectionView: UICollectionView
    let dataSource: UICollectionViewDiffableDataSource<Int, Int>
    /// Items whose text is longer.
    var longer: Set<Int> {
        get { longerBox.longer }
        set { longerBox.longer = newValue }
    }

    init(size: CGSize, longer: Set<Int> = [], category: UIContentSizeCategory? = nil) {
        let box = LongerBox()
        box.longer = longer
        let root = UIViewController()
        scene = UIWindowScene.offscreen(size: size, rootViewController: root)
        if let category { scene.traitOverrides.preferredContentSizeCategory = category }
        collectionView = UICollectionView(frame: root.view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain)))
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.view.addSubview(collectionView)
        let rows = UICollectionView.CellRegistration<MeasuredRow, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(item): " + String(repeating: "words that wrap ", count: item % 3 + (box.longer.contains(item) ? 6 : 1))
            cell.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, path, item in
            collectionView.dequeueConfiguredReusableCell(using: rows, for: path, item: item)
        }
        longerBox = box
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<40))
        dataSource.apply(snapshot, animatingDifferences: false)
        _ = scene.renderImage()
    }
    private let longerBox: LongerBox

    @MainActor private final class LongerBox { var longer: Set<Int> = [] }

    /// The rows shown.
    var rows: [MeasuredRow] { collectionView.subviews.compactMap { $0 as? MeasuredRow }.filter { !$0.isHidden } }

    func row(for item: Int) -> MeasuredRow { collectionView.cellForItem(at: IndexPath(item: item, section: 0)) as! MeasuredRow }

    func resetCounts() {
        for row in collectionView.subviews.compactMap({ $0 as? MeasuredRow }) { row.measures = 0; row.layouts = 0; row.marker.draws = 0 }
    }

    /// A step of a window drag: the new size, laid out and drawn.
    func resize(to size: CGSize) {
        scene.offscreenHost!.place(CGRect(origin: .zero, size: size), interactive: true)
        _ = scene.renderImage()
    }

    var framesByItem: [Int: CGRect] {
        var result: [Int: CGRect] = [:]
        for cell in collectionView.visibleCells {
            guard let path = collectionView.indexPath(for: cell) else { continue }
            result[path.item] = cell.frame
        }
        return result
    }
}
