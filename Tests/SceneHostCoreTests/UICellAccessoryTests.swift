import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// UICellAccessory: a custom view (a switch) sits at the row's trailing edge (leading in a
/// right-to-left layout), keeps its size, makes the row tall enough for it, and takes clicks itself.
@MainActor
struct UICellAccessoryTests {
    @Test func aCustomViewAccessoryHoldsAControlThatTakesClicks() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        let collectionView = UICollectionView(frame: root.view.bounds,
                                              collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .insetGrouped)))
        root.view.addSubview(collectionView)
        let control = UISwitch()
        let tall = UIView()
        tall.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([tall.widthAnchor.constraint(equalToConstant: 30), tall.heightAnchor.constraint(equalToConstant: 80)])
        let rows = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(item)"
            cell.contentConfiguration = content
            cell.accessories = [.customView(configuration: .init(customView: item == 0 ? control : tall, placement: .trailing()))]
        }
        let source = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { collectionView, path, item in
            collectionView.dequeueConfiguredReusableCell(using: rows, for: path, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([0, 1])
        source.apply(snapshot, animatingDifferences: false)
        _ = scene.renderImage()
        let cell = try! #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        let frame = control.convert(control.bounds, to: cell)
        #expect(frame.size == control.intrinsicContentSize && abs(cell.bounds.width - 16 - frame.maxX) < 1, "at the trailing edge: \(frame)")
        #expect(abs(frame.midY - cell.bounds.midY) <= 0.5)
        let second = try! #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(second.frame.height == 92, "the row grows to its 80-point accessory and 6 points above and below")
        // A click on the switch flips it and does not select the row.
        let wasOn = control.isOn
        scene.click(at: control.convert(CGPoint(x: control.bounds.midX, y: control.bounds.midY), to: nil))
        #expect(control.isOn != wasOn && collectionView.indexPathsForSelectedItems?.isEmpty == true)
        // Mirrored in a right-to-left layout.
        scene.traitOverrides.layoutDirection = .rightToLeft
        _ = scene.renderImage()
        #expect(abs(control.convert(control.bounds, to: cell).minX - 16) < 1)
        #expect(UICellAccessory.customView(configuration: .init(customView: UIView(), placement: .leading(displayed: .whenEditing))).isLeading)
    }

    /// One control handed from a row to the next row configured (an app keeping one switch per
    /// setting): the row it left, laid out again at its own height, does not move it in its new row.
    @Test func aControlHandedToAnotherRowStaysWhereThatRowPutsIt() {
        let control = UISwitch()
        let left = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 300, height: 50))
        left.accessories = [.customView(configuration: .init(customView: control, placement: .trailing()))]
        left.layoutIfNeeded()
        let taking = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        taking.accessories = [.customView(configuration: .init(customView: control, placement: .trailing()))]
        taking.layoutIfNeeded()
        func middle() -> CGFloat { control.convert(CGPoint(x: control.bounds.midX, y: control.bounds.midY), to: taking).y }
        #expect(abs(middle() - 100) <= 1)
        for case let accessory as CellAccessoryView in left.subviews {
            accessory.setNeedsLayout()
            accessory.layoutIfNeeded()
        }
        #expect(control.isDescendant(of: taking) && abs(middle() - 100) <= 1, "the row it left moved it to \(middle())")
    }
}
