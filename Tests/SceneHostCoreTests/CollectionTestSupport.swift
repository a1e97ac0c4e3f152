import Foundation
@_spi(Runtime) @testable import SceneHostCore

/// A cell that counts its reuses and frees.
@MainActor
final class CountingCell: UICollectionViewCell {
    nonisolated(unsafe) static var made = 0
    var reuses = 0
    var configuredWith: Int?
    override init(frame: CGRect) {
        super.init(frame: frame)
        CountingCell.made += 1
    }
    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
        configuredWith = nil
    }
}

/// A scene of `size` showing a collection view filling its root view, with a diffable data source of
/// `Int` items (in sections of `Int`) whose cells are `CountingCell`s, or list cells when `list`.
@MainActor
final class CollectionFixture {
    let scene: UIWindowScene
    let collectionView: UICollectionView
    let dataSource: UICollectionViewDiffableDataSource<Int, Int>
    var providerCalls = 0

    init(layout: UICollectionViewLayout, size: CGSize = CGSize(width: 400, height: 300), category: UIContentSizeCategory? = nil,
         horizontal: UIUserInterfaceSizeClass? = nil, list: Bool = false) {
        let root = UIViewController()
        scene = UIWindowScene.offscreen(size: size, rootViewController: root)
        if let category { scene.traitOverrides.preferredContentSizeCategory = category }
        if let horizontal { scene.traitOverrides.horizontalSizeClass = horizontal }
        collectionView = UICollectionView(frame: root.view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.view.addSubview(collectionView)
        var calls = 0
        _ = calls
        let grid = UICollectionView.CellRegistration<CountingCell, Int> { cell, _, item in
            cell.configuredWith = item
        }
        let row = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(item)"
            content.secondaryText = item % 3 == 0 ? "A longer secondary text that wraps on narrow screens at large text sizes" : nil
            cell.contentConfiguration = content
        }
        let box = CallBox()
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, path, item in
            box.calls += 1
            return list ? collectionView.dequeueConfiguredReusableCell(using: row, for: path, item: item)
                        : collectionView.dequeueConfiguredReusableCell(using: grid, for: path, item: item)
        }
        callBox = box
        scene.layoutIfNeeded()
    }
    private let callBox: CallBox
    var cellProviderCalls: Int { callBox.calls }

    func apply(sections: [Int: Range<Int>], animated: Bool = false) {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        for section in sections.keys.sorted() {
            snapshot.appendSections([section])
            snapshot.appendItems(Array(sections[section]!), toSection: section)
        }
        dataSource.apply(snapshot, animatingDifferences: animated)
        scene.layoutIfNeeded()
    }

    /// The frames of the visible cells by the item they show.
    var framesByItem: [Int: CGRect] {
        var result: [Int: CGRect] = [:]
        for cell in collectionView.visibleCells {
            guard let path = collectionView.indexPath(for: cell), let item = dataSource.itemIdentifier(for: path) else { continue }
            result[item] = cell.frame
        }
        return result
    }
}

@MainActor
final class CallBox { var calls = 0 }

/// A grid section of `columns` square-ish tiles 100 points high with 10 points between them.
@MainActor
func gridSection(columns: Int, height: CGFloat = 100) -> NSCollectionLayoutSection {
    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / CGFloat(columns)),
                                                                         heightDimension: .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)), subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 10
    return section
}
