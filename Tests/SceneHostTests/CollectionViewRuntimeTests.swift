import Foundation
@_spi(Runtime) import SceneHost
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// Collection views in a real window: the wheel, clicks and the arrow keys through XTest.
extension SceneWindowTests {
    final class NumberCell: UICollectionViewCell {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(label)
            label.textAlignment = .center
        }
        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = contentView.bounds
        }
        override func updateConfiguration(using state: UICellConfigurationState) {
            super.updateConfiguration(using: state)
            contentView.backgroundColor = state.isSelected ? .systemBlue : UIColor(white: 0.9, alpha: 1)
        }
    }

    @Test func aGridScrollsByTheWheelAndItsSelectionMovesByTheArrowKeys() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let root = try #require(scene.keyWindow?.rootViewController?.view)
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
                                                       subitems: [item])
        let collectionView = UICollectionView(frame: CGRect(x: 20, y: 20, width: 320, height: 240),
                                              collectionViewLayout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
        let registration = UICollectionView.CellRegistration<NumberCell, Int> { cell, _, item in cell.label.text = "\(item)" }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { collectionView, path, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<10_000))
        dataSource.apply(snapshot, animatingDifferences: false)
        root.addSubview(collectionView)
        let window = try #require(app.window(of: scene))
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        await app.run(for: 0.2)
        let inside = try #require(input.rootPoint((100, 100), in: window))
        // Three notches down: 120 points; only the rows in view and half a screen each way exist.
        for _ in 0..<3 { input.click(at: inside, button: 5) }
        #expect(await app.run(until: { collectionView.contentOffset.y == 120 }), "\(collectionView.contentOffset)")
        #expect(collectionView.liveCellCount <= 4 * 9, "\(collectionView.liveCellCount) cells alive")
        // A click on the cell under (100, 100) in the window: x 80…160 is column 1, y 80 + 120 = 200 is row 3.
        input.click(at: inside)
        #expect(await app.run(until: { collectionView.indexPathsForSelectedItems == [IndexPath(item: 13, section: 0)] }),
                "\(String(describing: collectionView.indexPathsForSelectedItems))")
        // Down four times: row 7 (y 420…480) is below the view (120…360), so it is scrolled into sight.
        for _ in 0..<4 { input.press(keysym: .down) }
        #expect(await app.run(until: { collectionView.indexPathsForSelectedItems == [IndexPath(item: 29, section: 0)] }),
                "\(String(describing: collectionView.indexPathsForSelectedItems))")
        #expect(await app.run(until: { collectionView.contentOffset.y == 480 - 240 }), "\(collectionView.contentOffset)")
        input.press(keysym: .right)
        #expect(await app.run(until: { collectionView.indexPathsForSelectedItems == [IndexPath(item: 30, section: 0)] }))
        await app.run(for: 0.3)
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 30, section: 0)))
        #expect(cell.isSelected && cell.contentView.backgroundColor == .systemBlue)
    }
}
