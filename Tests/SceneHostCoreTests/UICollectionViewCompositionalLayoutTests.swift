import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// UICollectionViewCompositionalLayout: dimensions, groups, sections, boundary items, the section
/// provider and its environment, lists, at compact and regular sizes and every text size.
@MainActor
struct UICollectionViewCompositionalLayoutTests {
    @Test func aGridRepeatsItsGroupAndPlacesItemsByFraction() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 4)))
        fixture.apply(sections: [0: 0..<100])
        let frames = fixture.framesByItem
        #expect(frames[0] == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(frames[5] == CGRect(x: 100, y: 110, width: 100, height: 100))
        #expect(fixture.collectionView.contentSize == CGSize(width: 400, height: 25 * 100 + 24 * 10))
        #expect(frames.count == 12, "three rows of four in a 300-point view")
    }

    @Test func countGroupsSpacingInsetsAndNestedGroupsPlaceItemsAsUIKit() {
        let leaf = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        leaf.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let column = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)),
            repeatingSubitem: leaf, count: 2)
        let big = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [big, column])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: section), size: CGSize(width: 440, height: 600))
        fixture.apply(sections: [0: 0..<6])
        let frames = fixture.framesByItem
        // 400 wide after insets: big 200, then a column of two 100×100 slots (inset 2); the subitems repeat
        // while they fit, and the next big one does not.
        #expect(frames[0] == CGRect(x: 20, y: 10, width: 200, height: 200))
        #expect(frames[1] == CGRect(x: 222, y: 12, width: 96, height: 96))
        #expect(frames[2] == CGRect(x: 222, y: 112, width: 96, height: 96))
        #expect(frames[3] == CGRect(x: 20, y: 210, width: 200, height: 200), "the next group starts a new row")
        #expect(frames[5] == CGRect(x: 222, y: 312, width: 96, height: 96))
    }

    @Test func customGroupsAndFlexibleSpacingPlaceEveryItem() {
        let custom = NSCollectionLayoutGroup.custom(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120))) { environment in
            let width = environment.container.effectiveContentSize.width
            return [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 2, height: 120)),
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(x: width / 2, y: 60, width: width / 2, height: 60))]
        }
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: custom)))
        fixture.apply(sections: [0: 0..<3])
        #expect(fixture.framesByItem[1] == CGRect(x: 200, y: 60, width: 200, height: 60))
        #expect(fixture.framesByItem[2] == CGRect(x: 0, y: 120, width: 200, height: 120))

        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(80), heightDimension: .absolute(50)))
        let row = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                                                     subitems: [item])
        row.interItemSpacing = .flexible(10)
        let spaced = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: row)))
        spaced.apply(sections: [0: 0..<4])
        // Four 80-point items fit in 400 with at least 10 between: the 80 left over is shared out.
        let spacedFrames = spaced.framesByItem
        #expect(spacedFrames[0]?.minX == 0 && spacedFrames[3]?.maxX == 400)
        #expect(abs((spacedFrames[1]?.minX ?? 0) - (80 + 10 + 50.0 / 3)) < 0.01, "the 50 points left over are shared by three gaps")
    }

    @Test func theSectionProviderReadsTheContainerAndTraitsAndRunsAgainWhenTheyChange() {
        var seen: [(CGFloat, UIUserInterfaceSizeClass)] = []
        let layout = UICollectionViewCompositionalLayout { _, environment in
            seen.append((environment.container.effectiveContentSize.width, environment.traitCollection.horizontalSizeClass))
            return gridSection(columns: environment.traitCollection.horizontalSizeClass == .compact ? 2 : 5)
        }
        let fixture = CollectionFixture(layout: layout, size: CGSize(width: 1000, height: 600))
        fixture.apply(sections: [0: 0..<50])
        #expect(fixture.framesByItem[0]?.width == 200 && seen.last?.0 == 1000 && seen.last?.1 == .regular)
        let runs = seen.count
        fixture.collectionView.contentOffset.y = 300
        fixture.scene.layoutIfNeeded()
        #expect(seen.count == runs, "a scroll does not run the provider")
        fixture.scene.traitOverrides.horizontalSizeClass = .compact
        fixture.scene.layoutIfNeeded()
        #expect(seen.count > runs && seen.last?.1 == .compact && fixture.framesByItem.values.first?.width == 500)
    }

    /// A change of height alone prepares a vertical layout again only when it can matter: its provider
    /// read the container's size, or a section is a fraction of the height. A list's provider (which
    /// reads the width only through SceneHost's list section) runs again when the width changes.
    @Test func aChangeOfHeightPreparesTheLayoutAgainOnlyWhenItCanMatter() {
        var listRuns = 0, sizeReaderRuns = 0
        let list = CollectionFixture(layout: UICollectionViewCompositionalLayout { _, environment in
            listRuns += 1
            return .list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped), layoutEnvironment: environment)
        }, list: true)
        list.apply(sections: [0: 0..<30])
        let sizeReader = CollectionFixture(layout: UICollectionViewCompositionalLayout { _, environment in
            sizeReaderRuns += 1
            return gridSection(columns: environment.container.effectiveContentSize.height > 350 ? 4 : 2)
        })
        sizeReader.apply(sections: [0: 0..<30])
        let halves = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)),
                                                        subitems: [NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))])
        let fractional = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: halves)))
        fractional.apply(sections: [0: 0..<6])
        let (listBefore, readerBefore) = (listRuns, sizeReaderRuns)
        let listFrames = list.framesByItem
        for fixture in [list, sizeReader, fractional] {
            fixture.scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 400, height: 400), interactive: true)
            fixture.scene.layoutIfNeeded()
        }
        #expect(listRuns == listBefore, "a list's provider is not asked again for a new height")
        #expect(list.framesByItem.allSatisfy { listFrames[$0.key] == nil || listFrames[$0.key] == $0.value }, "its rows stay where they were")
        #expect(sizeReaderRuns > readerBefore && sizeReader.framesByItem[0]?.width == 100, "a provider that read the size chooses again")
        #expect(fractional.framesByItem[0]?.height == 200, "a group half the height follows it")
        list.scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 700, height: 400), interactive: true)
        list.scene.layoutIfNeeded()
        #expect(listRuns > listBefore && list.framesByItem[0]?.minX == 32, "a new width prepares the list again (wider insets from 600 points)")
    }

    /// The container a provider is handed (which notes whether the size was read) goes when the layout
    /// prepares again, and with the collection view.
    @Test func theContainerHandedToTheProviderIsFreed() {
        var containers: [() -> AnyObject?] = []
        weak var weakCollection: UICollectionView?
        do {
            let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout { _, environment in
                let container = environment.container as AnyObject
                containers.append { [weak container] in container }
                return gridSection(columns: 2)
            })
            fixture.apply(sections: [0: 0..<4])
            fixture.collectionView.collectionViewLayout.invalidateLayout()
            fixture.scene.layoutIfNeeded()
            #expect(containers.count >= 2 && containers.dropLast().allSatisfy { $0() == nil }, "an earlier preparation's container is gone")
            weakCollection = fixture.collectionView
            fixture.collectionView.removeFromSuperview()
        }
        #expect(weakCollection == nil && containers.allSatisfy { $0() == nil })
    }

    @Test func headersFootersPinnedHeadersAndBackgroundsArePlaced() {
        let section = gridSection(columns: 2)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        let footer = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(20)),
            elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom)
        section.boundarySupplementaryItems = [header, footer]
        section.decorationItems = [.background(elementKind: "background")]
        let layout = UICollectionViewCompositionalLayout(section: section)
        layout.register(UICollectionReusableView.self, forDecorationViewOfKind: "background")
        let fixture = CollectionFixture(layout: layout)
        let headers = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(elementKind: UICollectionView.elementKindSectionHeader) { view, _, _ in view.tag = 1 }
        let footers = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(elementKind: UICollectionView.elementKindSectionFooter) { view, _, _ in view.tag = 2 }
        fixture.dataSource.supplementaryViewProvider = { collectionView, kind, path in
            collectionView.dequeueConfiguredReusableSupplementary(using: kind == UICollectionView.elementKindSectionHeader ? headers : footers, for: path)
        }
        fixture.apply(sections: [0: 0..<10, 1: 10..<14])
        let header0 = fixture.collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header0?.frame == CGRect(x: 0, y: 0, width: 400, height: 40) && header0?.tag == 1)
        #expect(fixture.framesByItem[0]?.minY == 40)
        // Section 0: header 40 + 5 rows (540) + footer 20.
        let footer0 = fixture.collectionView.collectionViewLayout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))
        #expect(footer0?.frame == CGRect(x: 0, y: 580, width: 400, height: 20))
        fixture.collectionView.contentOffset.y = 200
        fixture.scene.layoutIfNeeded()
        #expect(header0?.frame.minY == 200, "pinned at the top of the visible area")
        fixture.collectionView.contentOffset.y = 570
        fixture.scene.layoutIfNeeded()
        #expect(header0?.frame.maxY == 600, "pushed up by the section's end")
        let attributes = fixture.collectionView.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 400, height: 10))
        #expect(attributes?.contains { $0.representedElementCategory == .decorationView && $0.frame == CGRect(x: 0, y: 40, width: 400, height: 540) } == true)
    }

    @Test func estimatedHeightsTakeWhatTheCellsMeasure() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain)), list: true)
        fixture.apply(sections: [0: 0..<40])
        let frames = fixture.framesByItem
        #expect(frames[1]!.height >= 44 && frames[1]!.minY == frames[0]!.maxY)
        #expect(frames[0]!.height > frames[1]!.height, "the row with a secondary text is taller")
        #expect(frames[2]!.minY == frames[1]!.maxY)
    }

    @Test(arguments: [UIContentSizeCategory.extraSmall, .large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge])
    func listRowsGrowWithTheTextSoNothingIsCutOff(category: UIContentSizeCategory) {
        for width in [320.0, 1000.0] {
            let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)),
                                            size: CGSize(width: width, height: 700), category: category, list: true)
            fixture.apply(sections: [0: 0..<12])
            for cell in fixture.collectionView.visibleCells {
                guard let content = cell.contentView.subviews.first as? UIListContentView else { Issue.record("no list content"); continue }
                let needed = content.sizeThatFits(CGSize(width: content.bounds.width, height: 0)).height
                let shown = content.bounds.height
                #expect(shown >= needed - 0.5, "row \(shown) high needs \(needed)")
                #expect(content.secondaryTextFrame.maxY <= content.bounds.height + 0.5 && content.textFrame.maxY <= content.bounds.height + 0.5)
                #expect(content.textFrame.maxX <= content.bounds.width + 0.5)
            }
        }
    }

    @Test func listAppearancesInsetAndRoundTheirSections() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)), list: true)
        fixture.apply(sections: [0: 0..<3])
        let frames = fixture.framesByItem
        #expect(frames[0]?.minX == 20 && frames[0]?.width == 360)
        let first = fixture.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell
        #expect(first?.listPlacement?.isFirst == true && first?.backgroundConfiguration?.backgroundColor == .secondarySystemGroupedBackground)
        let sidebar = UICollectionLayoutListConfiguration(appearance: .sidebar)
        #expect(!sidebar.showsSeparators && UICollectionLayoutListConfiguration.Appearance.sidebarPlain.rawValue == 4)
        #expect(UICollectionLayoutSectionOrthogonalScrollingBehavior.groupPagingCentered.rawValue == 5 && UIContentInsetsReference.readableContent.rawValue == 4)
    }

    @Test func orthogonalSectionsScrollAcrossOnTheirOwn() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(100)), subitems: [item])
        let strip = NSCollectionLayoutSection(group: group)
        strip.orthogonalScrollingBehavior = .groupPaging
        strip.interGroupSpacing = 10
        let layout = UICollectionViewCompositionalLayout { index, _ in index == 0 ? strip : gridSection(columns: 4) }
        let fixture = CollectionFixture(layout: layout)
        fixture.apply(sections: [0: 0..<20, 1: 100..<108])
        #expect(fixture.framesByItem[1] == CGRect(x: 160, y: 0, width: 150, height: 100))
        #expect(fixture.framesByItem[100]?.minY == 100, "the next section starts below the strip")
        #expect(layout.scrollOrthogonalSection(0, by: 100))
        fixture.collectionView.setNeedsLayout()
        fixture.scene.layoutIfNeeded()
        #expect(fixture.framesByItem[1]?.minX == 0, "paged to the next group")
        // A sideways wheel over the strip scrolls it (a group a notch, paged); over the grid, nothing.
        fixture.scene.pointerScrolled(by: CGPoint(x: -40, y: 0), continuous: false, at: CGPoint(x: 200, y: 50))
        fixture.scene.layoutIfNeeded()
        #expect(fixture.framesByItem[2]?.minX == 0, "\(String(describing: fixture.framesByItem[2]))")
        let gridBefore = fixture.framesByItem[100]
        fixture.scene.pointerScrolled(by: CGPoint(x: -40, y: 0), continuous: false, at: CGPoint(x: 200, y: 150))
        fixture.scene.layoutIfNeeded()
        #expect(fixture.framesByItem[100] == gridBefore)
    }

    /// A horizontal layout: sections side by side, each section's groups one after another across,
    /// fractions still of the container's width and height; only what is in view exists; mirrored in a
    /// right-to-left layout.
    @Test func aHorizontalLayoutPlacesSectionsSideBySide() {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.interSectionSpacing = 20
        // Columns 150 wide holding two items stacked, each half the view's height.
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .fractionalHeight(1)),
                                                     subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let fixture = CollectionFixture(layout: layout)
        fixture.apply(sections: [0: 0..<6, 1: 100..<140])
        let frames = fixture.framesByItem
        #expect(frames[0] == CGRect(x: 0, y: 0, width: 150, height: 150))
        #expect(frames[1] == CGRect(x: 0, y: 150, width: 150, height: 150))
        #expect(frames[2] == CGRect(x: 160, y: 0, width: 150, height: 150))
        // Section 0: three columns (470 wide); section 1 begins 20 after it.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minX == 490)
        #expect(fixture.collectionView.contentSize == CGSize(width: 490 + 20 * 150 + 19 * 10, height: 300))
        #expect(frames[100] == nil && fixture.collectionView.liveCellCount < 12, "the second section is out of view")
        fixture.collectionView.contentOffset.x = 1000
        fixture.scene.layoutIfNeeded()
        let scrolled = fixture.framesByItem
        #expect(scrolled[0] == nil && scrolled.keys.allSatisfy { $0 >= 100 } && !scrolled.isEmpty, "what scrolled into view exists")
        #expect(scrolled.values.allSatisfy { $0.intersects(fixture.collectionView.bounds) })
        // Right to left: the first item at the far end of the content.
        fixture.scene.traitOverrides.layoutDirection = .rightToLeft
        fixture.collectionView.contentOffset.x = 0
        fixture.scene.layoutIfNeeded()
        let width = fixture.collectionView.contentSize.width
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: width - 150, y: 0, width: 150, height: 150))
    }
}
