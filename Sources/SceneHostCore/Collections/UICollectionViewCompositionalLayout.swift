import Foundation

/// Settings of a whole compositional layout, as UIKit's `UICollectionViewCompositionalLayoutConfiguration`.
@MainActor
public final class UICollectionViewCompositionalLayoutConfiguration {
    /// The direction the layout scrolls (default `.vertical`). Horizontally, sections sit side by side
    /// (with `interSectionSpacing` between them) and each section's groups follow one another from the
    /// leading edge, as UIKit does; dimensions still resolve against the container's width and height.
    ///
    /// Differs from UIKit in a horizontal layout: `orthogonalScrollingBehavior` is ignored (no vertical
    /// strips), and estimated widths keep their estimate.
    public var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// Space between sections.
    public var interSectionSpacing: CGFloat = 0
    /// What section insets are measured from when a section says `.automatic` (default `.safeArea`).
    public var contentInsetsReference: UIContentInsetsReference = .safeArea
    public init() {}
}

/// A layout of sections made of groups of items, as UIKit's `UICollectionViewCompositionalLayout`.
///
/// A section provider runs for each section when the layout is prepared, which happens again whenever
/// the collection view's size or traits (size classes, text size) change, so it can choose the number
/// of columns or a list appearance from `environment.container.effectiveContentSize` and
/// `environment.traitCollection` (a vertical layout whose provider does not read the size, such as a
/// `list(using:)`, and whose sections size nothing by the height, prepares again only when the width
/// changes: a change of height only reveals or hides items, and measures none again). Item frames are computed from the group's pattern on demand, so
/// finding the visible items of 100,000 costs the same as of 100; estimated (self-sizing) sections
/// keep one height per group.
///
/// Both scroll directions (`configuration.scrollDirection`).
///
/// Differs from UIKit: layout-wide boundary items and the `visibleItemsInvalidationHandler` are not
/// provided.
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// The closure that gives each section its layout.
    public typealias SectionProvider = (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

    private let provider: SectionProvider
    /// The layout's settings; setting it invalidates the layout.
    public var configuration: UICollectionViewCompositionalLayoutConfiguration { didSet { invalidateLayout() } }

    private var sections: [SectionGeometry] = []
    private var contentHeight: CGFloat = 0
    /// The width of all sections side by side (horizontal layouts).
    private var contentWidth: CGFloat = 0
    private var horizontal: Bool { configuration.scrollDirection == .horizontal }
    /// What the sections were prepared for: the provider runs again when it changes.
    private var preparedFor: (size: CGSize, traits: UITraitCollection?)?

    /// One section for every section of the collection view.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        provider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }
    /// Each section from `sectionProvider`; a nil answer gives an empty section.
    public convenience init(sectionProvider: @escaping SectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    public init(sectionProvider: @escaping SectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        provider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// A layout whose every section is a list with `configuration`.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in .list(using: configuration, layoutEnvironment: environment) }
    }

    open override var collectionViewContentSize: CGSize {
        prepareIfNeeded()
        if horizontal { return CGSize(width: contentWidth, height: contentHeight) }
        return CGSize(width: host?.bounds.width ?? 0, height: contentHeight)
    }

    /// Whether a change of the collection view's bounds needs the sections prepared again. A scroll does
    /// not; in a vertical layout only a change of width does, as the width is what items are placed and
    /// measured across (a height change only reveals or hides rows: a window drag that changes only a
    /// list's height costs no cell a new layout or measurement), unless a section's sizes are fractions
    /// of the height. A horizontal layout prepares again at any change of size.
    ///
    /// A section provider that reads the container's size (`contentSize`, `effectiveContentSize`) may
    /// choose from the height, so its layout prepares again after any change of size, as UIKit's does; a
    /// list made with `list(using:)` depends on the width alone.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = host else { return false }
        let old = collectionView.bounds.size, new = newBounds.size
        guard old != new else { return false }
        if horizontal || sectionsDependOnHeight { return true }
        return old.width != new.width
    }

    /// Whether the sections prepared depend on the container's height: the provider read the size, or a
    /// section sizes something as a fraction of the height (vertical layouts prepare again after a
    /// change of height only then).
    private var sectionsDependOnHeight = false

    /// Whether `section` resolves a size against the container's height: its top group and its headers
    /// and footers do (the items inside a group resolve against the group, so they follow the height
    /// only through a group that does).
    private static func dependsOnHeight(_ section: NSCollectionLayoutSection) -> Bool {
        func fractionOfHeight(_ item: NSCollectionLayoutItem) -> Bool {
            item.layoutSize.widthDimension.isFractionalHeight || item.layoutSize.heightDimension.isFractionalHeight
        }
        return fractionOfHeight(section.group) || section.boundarySupplementaryItems.contains(where: fractionOfHeight)
    }

    // MARK: Preparing

    open override func prepare() {
        guard let collectionView = host else { sections = []; contentHeight = 0; contentWidth = 0; return }
        let size = collectionView.bounds.size
        let traits = collectionView.traitCollection
        let counts = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
        // The provider runs on every preparation (an invalidation may mean a new section layout); what
        // was measured is kept while the traits and the section's item count stay. After a size change
        // the cells in view are measured again, and the old sizes are the best guess until then: rows
        // placed at the estimate for a moment would move, and a window drag would draw the list anew at
        // every step.
        let reuse = preparedFor.map { $0.traits == traits } ?? false
        let insets = referenceInsets(configuration.contentInsetsReference, of: collectionView)
        let container = ProviderContainer(LayoutContainer(contentSize: size, contentInsets: .zero, effectiveContentInsets: insets))
        let environment = LayoutEnvironment(container: container, traitCollection: traits)
        let old = sections
        sections = counts.indices.map { index in
            let section = provider(index, environment) ?? NSCollectionLayoutSection(group: .vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(0)),
                subitems: [NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(0)))]))
            let geometry = SectionGeometry(section: section, index: index, horizontal: horizontal)
            if reuse, old.indices.contains(index) { geometry.takeMeasurements(from: old[index]) }
            return geometry
        }
        preparedFor = (size, traits)
        sectionsDependOnHeight = container.sizeWasRead || sections.contains { Self.dependsOnHeight($0.section) }
        if horizontal {
            // Side by side; each section as tall as the view.
            var x: CGFloat = 0
            for (index, geometry) in sections.enumerated() {
                if index > 0 { x += configuration.interSectionSpacing }
                let reference = geometry.section.contentInsetsReference == .automatic ? configuration.contentInsetsReference : geometry.section.contentInsetsReference
                geometry.prepare(itemCount: counts[index], top: 0, width: size.width, height: size.height,
                                 referenceInsets: referenceInsets(reference, of: collectionView), environment: environment)
                geometry.left = x
                x += geometry.acrossExtent
            }
            contentWidth = x
            contentHeight = sections.map(\.extent).max() ?? 0
            return
        }
        var y: CGFloat = 0
        for (index, geometry) in sections.enumerated() {
            if index > 0 { y += configuration.interSectionSpacing }
            let reference = geometry.section.contentInsetsReference == .automatic ? configuration.contentInsetsReference : geometry.section.contentInsetsReference
            geometry.prepare(itemCount: counts[index], top: y, width: size.width, height: size.height,
                             referenceInsets: referenceInsets(reference, of: collectionView), environment: environment)
            y += geometry.extent
        }
        contentHeight = y
    }

    /// Called when the collection view's item counts changed without a new size: keeps measured sizes
    /// where the counts did not change.
    private func referenceInsets(_ reference: UIContentInsetsReference, of view: UIView) -> NSDirectionalEdgeInsets {
        switch reference {
        case .automatic, .safeArea:
            let safe = view.safeAreaInsets
            return NSDirectionalEdgeInsets(top: 0, leading: safe.left, bottom: 0, trailing: safe.right)
        case .none: return .zero
        case .layoutMargins:
            let margins = view.directionalLayoutMargins
            return NSDirectionalEdgeInsets(top: 0, leading: margins.leading, bottom: 0, trailing: margins.trailing)
        case .readableContent:
            let readable = view.readableContentGuide.layoutFrame
            return NSDirectionalEdgeInsets(top: 0, leading: max(0, readable.minX), bottom: 0, trailing: max(0, view.bounds.width - readable.maxX))
        }
    }

    /// Lays later sections out again after one changed height (a measured item).
    private func restack(from index: Int) {
        if horizontal {
            contentHeight = sections.map(\.extent).max() ?? 0
            return
        }
        var y = index > 0 ? sections[index - 1].top + sections[index - 1].extent + configuration.interSectionSpacing : 0
        for geometry in sections[index...] {
            geometry.move(to: y)
            y += geometry.extent + configuration.interSectionSpacing
        }
        contentHeight = sections.isEmpty ? 0 : y - configuration.interSectionSpacing
    }

    // MARK: Queries

    override func collectElements(in rect: CGRect, into elements: inout [LayoutElement]) {
        prepareIfNeeded()
        guard let collectionView = host else { return }
        let rightToLeft = collectionView.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let width = collectionView.bounds.width
        let visibleTop = collectionView.bounds.minY + collectionView.adjustedContentInsetForLayout.top
        let first = elements.count
        if horizontal {
            // A right-to-left layout mirrors the whole content: the rectangle asked for is mirrored first.
            let asked = rightToLeft ? CGRect(x: contentWidth - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
            for geometry in sections where geometry.left <= asked.maxX && geometry.left + geometry.acrossExtent >= asked.minX {
                let start = elements.count
                geometry.collect(in: asked.offsetBy(dx: -geometry.left, dy: 0), visibleTop: visibleTop, into: &elements)
                for index in start..<elements.count { elements[index].frame.origin.x += geometry.left }
            }
            if rightToLeft {
                for index in first..<elements.count { elements[index].frame.origin.x = contentWidth - elements[index].frame.maxX }
            }
            return
        }
        let start = firstSection(endingAfter: rect.minY)
        for geometry in sections[start...] {
            if geometry.top > rect.maxY { break }
            geometry.collect(in: rect, visibleTop: visibleTop, into: &elements)
        }
        if rightToLeft {
            for index in first..<elements.count {
                elements[index].frame.origin.x = width - elements[index].frame.maxX
            }
        }
    }

    private func firstSection(endingAfter y: CGFloat) -> Int {
        var low = 0, high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if sections[mid].top + sections[mid].extent < y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var elements: [LayoutElement] = []
        collectElements(in: rect, into: &elements)
        return elements.map(UICollectionViewLayoutAttributes.init)
    }

    override func frameOfItem(at indexPath: IndexPath) -> CGRect? {
        prepareIfNeeded()
        guard sections.indices.contains(indexPath.section), let collectionView = host else { return nil }
        guard var frame = sections[indexPath.section].frame(ofItem: indexPath.item) else { return nil }
        frame.origin.x += sections[indexPath.section].left
        let width = horizontal ? contentWidth : collectionView.bounds.width
        if collectionView.effectiveUserInterfaceLayoutDirection == .rightToLeft { frame.origin.x = width - frame.maxX }
        return frame
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let frame = frameOfItem(at: indexPath) else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frame
        return attributes
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareIfNeeded()
        guard sections.indices.contains(indexPath.section), let collectionView = host else { return nil }
        var elements: [LayoutElement] = []
        let geometry = sections[indexPath.section]
        geometry.collect(in: CGRect(x: -1e9, y: geometry.top - 1, width: 2e9, height: geometry.extent + 2),
                         visibleTop: collectionView.bounds.minY, into: &elements, cells: false)
        for index in elements.indices { elements[index].frame.origin.x += geometry.left }
        return elements.first { $0.kind == elementKind && $0.category == .supplementaryView }.map(UICollectionViewLayoutAttributes.init)
    }

    /// The section layout the provider gave section `index` (tests and list cells read it).
    func sectionLayout(at index: Int) -> NSCollectionLayoutSection? {
        prepareIfNeeded()
        return sections.indices.contains(index) ? sections[index].section : nil
    }

    override func elementWasMeasured(_ element: LayoutElement, size: CGSize) -> Bool {
        guard sections.indices.contains(element.indexPath.section) else { return false }
        let geometry = sections[element.indexPath.section]
        let changed: Bool
        switch element.category {
        case .cell: changed = geometry.measured(item: element.indexPath.item, size: size)
        case .supplementaryView: changed = geometry.measured(supplementary: element.kind ?? "", size: size)
        case .decorationView: changed = false
        }
        if changed { restack(from: element.indexPath.section) }
        return changed
    }

    /// Scrolls an orthogonal section by `delta` points: returns whether it moved.
    func scrollOrthogonalSection(_ section: Int, by delta: CGFloat) -> Bool {
        guard sections.indices.contains(section) else { return false }
        return sections[section].scrollAcross(by: delta)
    }

    /// Whether any list section offers swipe actions.
    var hasSwipeActions: Bool {
        sections.contains { $0.section.listConfiguration.map { $0.leadingSwipeActionsConfigurationProvider != nil || $0.trailingSwipeActionsConfigurationProvider != nil } ?? false }
    }

    /// Whether any section scrolls across.
    var hasOrthogonalSections: Bool { !horizontal && sections.contains { $0.isOrthogonal } }

    /// The section whose band holds `y`, if it scrolls across.
    func orthogonalSection(at y: CGFloat) -> Int? {
        let index = firstSection(endingAfter: y)
        guard !horizontal, sections.indices.contains(index), sections[index].top <= y, sections[index].isOrthogonal else { return nil }
        return index
    }

    /// Makes the orthogonal section holding `indexPath` show it.
    func revealAcross(_ indexPath: IndexPath) {
        guard sections.indices.contains(indexPath.section) else { return }
        sections[indexPath.section].reveal(item: indexPath.item)
    }
}

/// The geometry of one prepared section: where it starts, its header and footer, and the pattern of its
/// group from which any item's frame is computed.
@MainActor
final class SectionGeometry {
    let section: NSCollectionLayoutSection
    let index: Int
    /// Whether the layout scrolls horizontally: the groups then follow one another across, as in an
    /// orthogonal section that does not scroll by itself, and the section sits at `left`.
    let horizontal: Bool
    /// Where the section begins across (horizontal layouts; zero otherwise).
    var left: CGFloat = 0
    private(set) var top: CGFloat = 0
    private(set) var extent: CGFloat = 0
    private var itemCount = 0
    private var width: CGFloat = 0
    private var environment: LayoutEnvironment?
    /// The section's effective insets (its own plus the reference's).
    private var insets = NSDirectionalEdgeInsets.zero
    /// The size the top-level group resolves its fractions against.
    private var container = CGSize.zero
    /// Leaf frames of one group, relative to its origin, and the group's size.
    private var pattern: [PlacedLeaf] = []
    private var groupSize = CGSize.zero
    /// Whether groups size themselves (an estimated height somewhere in the group).
    private var selfSizing = false
    private var selfSizingWidth = false
    /// Per-group heights (self-sizing sections) and their running offsets, valid up to `offsetsValid`.
    private var groupHeights: [CGFloat] = []
    private var groupOffsets: [CGFloat] = []
    private var offsetsValid = 0
    private var measuredItems: [Int: CGSize] = [:]
    private var measuredSupplementaries: [String: CGSize] = [:]
    /// Header and footer frames relative to the section's top.
    private var boundaries: [(item: NSCollectionLayoutBoundarySupplementaryItem, frame: CGRect)] = []
    private var contentTop: CGFloat = 0
    private var contentHeight: CGFloat = 0
    var isOrthogonal: Bool { section.orthogonalScrollingBehavior != .none && !horizontal }
    /// Whether groups are placed across rather than down.
    private var placesAcross: Bool { isOrthogonal || horizontal }
    private var acrossOffset: CGFloat = 0

    init(section: NSCollectionLayoutSection, index: Int, horizontal: Bool = false) {
        self.section = section
        self.index = index
        self.horizontal = horizontal
    }

    /// The section's width in a horizontal layout: its insets and its groups side by side (at least the
    /// width of its widest header or footer).
    var acrossExtent: CGFloat {
        let count = groupCount
        let groups = count == 0 ? 0 : CGFloat(count) * groupSize.width + CGFloat(count - 1) * section.interGroupSpacing
        let boundary = boundaries.map(\.frame.maxX).max() ?? 0
        return max(insets.leading + groups + insets.trailing, boundary)
    }

    private var groupCount: Int { pattern.isEmpty ? 0 : (itemCount + pattern.count - 1) / pattern.count }

    /// Keeps what was measured in `old` (the same section before an invalidation), while its item count stays.
    func takeMeasurements(from old: SectionGeometry) {
        itemCount = old.itemCount
        measuredItems = old.measuredItems
        measuredSupplementaries = old.measuredSupplementaries
        acrossOffset = old.acrossOffset
    }

    func prepare(itemCount: Int, top: CGFloat, width: CGFloat, height: CGFloat, referenceInsets: NSDirectionalEdgeInsets,
                 environment: LayoutEnvironment) {
        if itemCount != self.itemCount { measuredItems = [:] }
        self.itemCount = itemCount
        self.top = top
        self.width = width
        self.environment = environment
        let own = section.contentInsets
        insets = NSDirectionalEdgeInsets(top: own.top, leading: own.leading + referenceInsets.leading,
                                         bottom: own.bottom, trailing: own.trailing + referenceInsets.trailing)
        container = CGSize(width: max(0, width - insets.leading - insets.trailing), height: height)
        let group = section.group
        let groupSlot = group.layoutSize.resolve(in: container)
        var leaves: [PlacedLeaf] = []
        var leaf = 0
        groupSize = GroupPlacer(environment: environment, measured: { _ in nil }).place(group, slot: groupSlot, at: .zero, leaf: &leaf, into: &leaves)
        pattern = leaves
        selfSizing = Self.hasEstimatedHeight(group)
        selfSizingWidth = Self.hasEstimatedWidth(group)
        if selfSizing && !placesAcross {
            groupHeights = [CGFloat](repeating: groupSize.height, count: groupCount)
            for (item, _) in measuredItems { remeasureGroup(item / max(1, pattern.count)) }
            groupOffsets = [CGFloat](repeating: 0, count: groupCount + 1)
            offsetsValid = 0
        } else {
            groupHeights = []; groupOffsets = []
        }
        layOutBoundaries()
    }

    private static func hasEstimatedHeight(_ item: NSCollectionLayoutItem) -> Bool {
        if item.layoutSize.heightDimension.isEstimated { return true }
        return (item as? NSCollectionLayoutGroup)?.subitems.contains(where: hasEstimatedHeight) ?? false
    }
    private static func hasEstimatedWidth(_ item: NSCollectionLayoutItem) -> Bool {
        if item.layoutSize.widthDimension.isEstimated { return true }
        return (item as? NSCollectionLayoutGroup)?.subitems.contains(where: hasEstimatedWidth) ?? false
    }

    /// Headers, the groups, footers: the section's extent and where its content begins.
    private func layOutBoundaries() {
        boundaries = []
        var y: CGFloat = 0
        let supplementaryWidth = section.supplementariesFollowContentInsets ? container.width : width
        let supplementaryX = section.supplementariesFollowContentInsets ? insets.leading : 0
        let headers = section.boundarySupplementaryItems.filter { [.top, .topLeading, .topTrailing].contains($0.alignment) }
        let footers = section.boundarySupplementaryItems.filter { [.bottom, .bottomLeading, .bottomTrailing].contains($0.alignment) }
        func frame(_ item: NSCollectionLayoutBoundarySupplementaryItem, at y: CGFloat) -> CGRect {
            var size = item.layoutSize.resolve(in: CGSize(width: supplementaryWidth, height: container.height))
            if let measured = measuredSupplementaries[item.elementKind] {
                if item.layoutSize.heightDimension.isEstimated { size.height = measured.height }
                if item.layoutSize.widthDimension.isEstimated { size.width = measured.width }
            }
            var x = supplementaryX
            if item.alignment == .topTrailing || item.alignment == .bottomTrailing { x += supplementaryWidth - size.width }
            return CGRect(x: x + item.offset.x, y: y + item.offset.y, width: size.width, height: size.height)
        }
        for header in headers {
            let placed = frame(header, at: y)
            boundaries.append((header, placed))
            if header.extendsBoundary { y += placed.height }
        }
        contentTop = y + insets.top
        contentHeight = groupsExtent
        y = contentTop + contentHeight + insets.bottom
        for footer in footers {
            let placed = frame(footer, at: y)
            boundaries.append((footer, placed))
            if footer.extendsBoundary { y += placed.height }
        }
        extent = y
    }

    private var groupsExtent: CGFloat {
        let count = groupCount
        guard count > 0 else { return 0 }
        if placesAcross { return groupSize.height }
        if selfSizing { return offset(ofGroup: count) - section.interGroupSpacing }
        return CGFloat(count) * groupSize.height + CGFloat(count - 1) * section.interGroupSpacing
    }

    func move(to top: CGFloat) { self.top = top }

    /// Where group `g` begins below the content's top (g == groupCount: the end plus one spacing).
    private func offset(ofGroup g: Int) -> CGFloat {
        guard selfSizing, !placesAcross else { return CGFloat(g) * (groupSize.height + section.interGroupSpacing) }
        if offsetsValid < g {
            // Offsets up to `offsetsValid` are right; extend them to `g`.
            var running = groupOffsets[offsetsValid]
            for index in offsetsValid..<g {
                running += groupHeights[index] + section.interGroupSpacing
                groupOffsets[index + 1] = running
            }
            offsetsValid = g
        }
        return groupOffsets[g]
    }

    /// The group holding content offset `y` (below the content's top).
    private func group(at y: CGFloat) -> Int {
        let count = groupCount
        guard count > 0 else { return 0 }
        if !selfSizing || placesAcross {
            // Groups of no height (a view not laid out yet): all of them sit at the top.
            let step = groupSize.height + section.interGroupSpacing
            guard step > 0, y.isFinite else { return y > 0 && step <= 0 ? count - 1 : 0 }
            return min(count - 1, max(0, Int(min(max(y / step, -1), CGFloat(count)))))
        }
        _ = offset(ofGroup: count)
        var low = 0, high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if groupOffsets[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The leaves of group `g` placed with what was measured of its items.
    private func leaves(ofGroup g: Int) -> [PlacedLeaf] {
        guard selfSizing, !placesAcross, let environment else { return pattern }
        let first = g * pattern.count
        var leaves: [PlacedLeaf] = []
        var leaf = 0
        let group = section.group
        _ = GroupPlacer(environment: environment, measured: { [measuredItems] in measuredItems[first + $0] })
            .place(group, slot: group.layoutSize.resolve(in: container), at: .zero, leaf: &leaf, into: &leaves)
        return leaves
    }

    private func remeasureGroup(_ g: Int) {
        guard g < groupHeights.count, let environment else { return }
        let first = g * pattern.count
        var leaves: [PlacedLeaf] = []
        var leaf = 0
        let group = section.group
        let size = GroupPlacer(environment: environment, measured: { [measuredItems] in measuredItems[first + $0] })
            .place(group, slot: group.layoutSize.resolve(in: container), at: .zero, leaf: &leaf, into: &leaves)
        groupHeights[g] = size.height
    }

    /// The origin of group `g` in the collection view's coordinates.
    private func origin(ofGroup g: Int) -> CGPoint {
        if placesAcross {
            return CGPoint(x: insets.leading + CGFloat(g) * (groupSize.width + section.interGroupSpacing) - acrossOffset, y: top + contentTop)
        }
        return CGPoint(x: insets.leading, y: top + contentTop + offset(ofGroup: g))
    }

    func frame(ofItem item: Int) -> CGRect? {
        guard item >= 0, item < itemCount, !pattern.isEmpty else { return nil }
        let g = item / pattern.count
        let leaves = leaves(ofGroup: g)
        let leaf = item % pattern.count
        guard leaf < leaves.count else { return nil }
        return leaves[leaf].frame.offsetBy(dx: origin(ofGroup: g).x, dy: origin(ofGroup: g).y)
    }

    func collect(in rect: CGRect, visibleTop: CGFloat, into elements: inout [LayoutElement], cells: Bool = true) {
        let sectionFrame = CGRect(x: 0, y: top, width: horizontal ? acrossExtent : width, height: extent)
        let contentWidth = horizontal ? acrossExtent - insets.leading - insets.trailing : container.width
        for decoration in section.decorationItems where sectionFrame.intersects(rect) {
            let inset = decoration.contentInsets
            let frame = CGRect(x: insets.leading + inset.leading, y: top + contentTop - insets.top + inset.top,
                               width: contentWidth - inset.leading - inset.trailing,
                               height: contentHeight + insets.top + insets.bottom - inset.top - inset.bottom)
            elements.append(LayoutElement(category: .decorationView, kind: decoration.elementKind,
                                          indexPath: IndexPath(item: 0, section: index), frame: frame, zIndex: decoration.zIndex))
        }
        for (item, placed) in boundaries {
            var frame = placed.offsetBy(dx: 0, dy: top)
            if item.pinToVisibleBounds, frame.minY < visibleTop {
                frame.origin.y = min(visibleTop, top + extent - frame.height)
            }
            guard frame.intersects(rect) else { continue }
            elements.append(LayoutElement(category: .supplementaryView, kind: item.elementKind, indexPath: IndexPath(item: 0, section: index),
                                          frame: frame, zIndex: item.pinToVisibleBounds ? max(item.zIndex, 10) : item.zIndex,
                                          selfSizingWidth: item.layoutSize.widthDimension.isEstimated,
                                          selfSizingHeight: item.layoutSize.heightDimension.isEstimated))
        }
        guard cells, itemCount > 0, !pattern.isEmpty else { return }
        let contentY = top + contentTop
        guard rect.maxY >= contentY, rect.minY <= contentY + contentHeight else { return }
        let groups: ClosedRange<Int>
        if placesAcross {
            let step = groupSize.width + section.interGroupSpacing
            guard step > 0 else { return }
            let count = CGFloat(groupCount)
            let first = max(0, Int(min(count, max(-1, ((rect.minX - insets.leading + acrossOffset) / step).rounded(.down)))))
            let last = min(groupCount - 1, max(first, Int(min(count, max(-1, ((rect.maxX - insets.leading + acrossOffset) / step).rounded(.down))))))
            guard first <= last else { return }
            groups = first...last
        } else {
            let first = group(at: rect.minY - contentY)
            groups = first...max(first, group(at: rect.maxY - contentY))
        }
        let list = section.listConfiguration
        for g in groups {
            let origin = origin(ofGroup: g)
            let leaves = leaves(ofGroup: g)
            for (leaf, placed) in leaves.enumerated() {
                let item = g * pattern.count + leaf
                guard item < itemCount else { break }
                let frame = placed.frame.offsetBy(dx: origin.x, dy: origin.y)
                guard frame.intersects(rect) else { continue }
                var element = LayoutElement(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: index), frame: frame,
                                            zIndex: placed.zIndex, selfSizingWidth: placed.selfSizingWidth, selfSizingHeight: placed.selfSizingHeight)
                if let list {
                    element.list = ListPlacement(appearance: list.appearance, isFirst: item == 0, isLast: item == itemCount - 1,
                                                 showsSeparators: list.showsSeparators)
                }
                elements.append(element)
            }
        }
    }

    /// Records a measured item: returns whether the section's geometry changed.
    func measured(item: Int, size: CGSize) -> Bool {
        guard selfSizing || selfSizingWidth, !pattern.isEmpty, item < itemCount else { return false }
        if let old = measuredItems[item], abs(old.height - size.height) < 0.5, abs(old.width - size.width) < 0.5 { return false }
        measuredItems[item] = size
        guard selfSizing, !placesAcross else { return true }
        let g = item / pattern.count
        let before = groupHeights[g]
        remeasureGroup(g)
        guard abs(groupHeights[g] - before) >= 0.5 else { return true }
        offsetsValid = min(offsetsValid, g)
        layOutBoundaries()
        return true
    }

    func measured(supplementary kind: String, size: CGSize) -> Bool {
        if let old = measuredSupplementaries[kind], abs(old.height - size.height) < 0.5, abs(old.width - size.width) < 0.5 { return false }
        measuredSupplementaries[kind] = size
        layOutBoundaries()
        return true
    }

    /// Scrolls an orthogonal section across: returns whether it moved.
    func scrollAcross(by delta: CGFloat) -> Bool {
        guard isOrthogonal else { return false }
        let count = groupCount
        let total = CGFloat(count) * groupSize.width + CGFloat(max(0, count - 1)) * section.interGroupSpacing
        let limit = max(0, total - container.width)
        var target = min(limit, max(0, acrossOffset + delta))
        if section.orthogonalScrollingBehavior == .groupPaging || section.orthogonalScrollingBehavior == .paging
            || section.orthogonalScrollingBehavior == .groupPagingCentered || section.orthogonalScrollingBehavior == .continuousGroupLeadingBoundary {
            // Paged strips come to rest on a group boundary in the direction of the scroll.
            let step = groupSize.width + section.interGroupSpacing
            if step > 0 {
                let steps = delta > 0 ? (target / step).rounded(.up) : (target / step).rounded(.down)
                target = min(limit, max(0, steps * step))
            }
        }
        guard target != acrossOffset else { return false }
        acrossOffset = target
        return true
    }

    func reveal(item: Int) {
        guard isOrthogonal, !pattern.isEmpty else { return }
        let step = groupSize.width + section.interGroupSpacing
        let g = CGFloat(item / pattern.count)
        let start = g * step, end = start + groupSize.width
        if start < acrossOffset { acrossOffset = start } else if end > acrossOffset + container.width { acrossOffset = end - container.width }
    }
}

/// A leaf item placed in its group.
struct PlacedLeaf {
    var frame: CGRect
    var zIndex = 0
    var selfSizingWidth = false
    var selfSizingHeight = false
}

/// Places a group's items, recursively, in a slot.
@MainActor
struct GroupPlacer {
    let environment: LayoutEnvironment
    /// The measured size of leaf `n` of the group, if any.
    let measured: (Int) -> CGSize?

    /// Places `group` in a slot of size `slot` at `origin`; appends its leaves and returns the group's
    /// size (its estimated axes grown or shrunk to the content).
    func place(_ group: NSCollectionLayoutGroup, slot: CGSize, at origin: CGPoint, leaf: inout Int, into leaves: inout [PlacedLeaf]) -> CGSize {
        switch group.arrangement {
        case .custom(let provider):
            let groupEnvironment = LayoutEnvironment(container: LayoutContainer(contentSize: slot, contentInsets: .zero, effectiveContentInsets: .zero),
                                                     traitCollection: environment.traitCollection)
            for item in provider(groupEnvironment) {
                leaves.append(PlacedLeaf(frame: item.frame.offsetBy(dx: origin.x, dy: origin.y), zIndex: item.zIndex))
                leaf += 1
            }
            return slot
        case .horizontal: return placeLinear(group, slot: slot, at: origin, horizontal: true, leaf: &leaf, into: &leaves)
        case .vertical: return placeLinear(group, slot: slot, at: origin, horizontal: false, leaf: &leaf, into: &leaves)
        }
    }

    private func placeLinear(_ group: NSCollectionLayoutGroup, slot: CGSize, at origin: CGPoint, horizontal: Bool,
                             leaf: inout Int, into leaves: inout [PlacedLeaf]) -> CGSize {
        func main(_ size: CGSize) -> CGFloat { horizontal ? size.width : size.height }
        func cross(_ size: CGSize) -> CGFloat { horizontal ? size.height : size.width }
        func size(main: CGFloat, cross: CGFloat) -> CGSize { horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main) }
        let available = main(slot)
        let spacing = group.interItemSpacing?.spacing ?? 0
        let flexible = group.interItemSpacing?.isFlexibleSpacing ?? false
        // Which subitems, and the main-axis size forced on them by a count.
        var children: [NSCollectionLayoutItem] = []
        var forcedMain: CGFloat?
        if let count = group.count {
            children = Array(repeating: group.subitems[0], count: count)
            forcedMain = max(0, (available - spacing * CGFloat(count - 1)) / CGFloat(count))
        } else {
            var used: CGFloat = 0
            var index = 0
            while true {
                let child = group.subitems[index % group.subitems.count]
                let childMain = main(child.layoutSize.resolve(in: slot)) + edgeMain(child, horizontal)
                let next = used + (children.isEmpty ? 0 : spacing) + childMain
                if !children.isEmpty && (next > available + 0.5 || childMain <= 0) { break }
                children.append(child)
                used = next
                index += 1
                if children.count >= 10_000 { break }
            }
        }
        // Measure and place along the main axis.
        var spans: [(start: Int, end: Int, main: CGFloat, cross: CGFloat)] = []
        var position: CGFloat = 0
        for child in children {
            let first = leaves.count
            let leadingSpace = horizontal ? (child.edgeSpacing?.leading?.spacing ?? 0) : (child.edgeSpacing?.top?.spacing ?? 0)
            let crossSpace = horizontal ? (child.edgeSpacing?.top?.spacing ?? 0) : (child.edgeSpacing?.leading?.spacing ?? 0)
            let trailingSpace = horizontal ? (child.edgeSpacing?.trailing?.spacing ?? 0) : (child.edgeSpacing?.bottom?.spacing ?? 0)
            var childSize = child.layoutSize.resolve(in: slot)
            if let forcedMain { childSize = size(main: forcedMain, cross: cross(childSize)) }
            let childOrigin = horizontal ? CGPoint(x: origin.x + position + leadingSpace, y: origin.y + crossSpace)
                                         : CGPoint(x: origin.x + crossSpace, y: origin.y + position + leadingSpace)
            if let subgroup = child as? NSCollectionLayoutGroup {
                childSize = place(subgroup, slot: childSize, at: childOrigin, leaf: &leaf, into: &leaves)
            } else {
                let widthEstimated = child.layoutSize.widthDimension.isEstimated
                let heightEstimated = child.layoutSize.heightDimension.isEstimated
                if let measured = measured(leaf) {
                    if widthEstimated { childSize.width = measured.width }
                    if heightEstimated { childSize.height = measured.height }
                }
                let insets = child.contentInsets
                var frame = CGRect(origin: childOrigin, size: childSize)
                if !widthEstimated { frame.origin.x += insets.leading; frame.size.width -= insets.leading + insets.trailing }
                if !heightEstimated { frame.origin.y += insets.top; frame.size.height -= insets.top + insets.bottom }
                frame.size.width = max(0, frame.width); frame.size.height = max(0, frame.height)
                leaves.append(PlacedLeaf(frame: frame, selfSizingWidth: widthEstimated, selfSizingHeight: heightEstimated))
                leaf += 1
            }
            spans.append((first, leaves.count, leadingSpace + main(childSize) + trailingSpace, crossSpace + cross(childSize)))
            position += leadingSpace + main(childSize) + trailingSpace + spacing
        }
        let used = max(0, position - spacing)
        // Flexible spacing shares the room left between the children.
        if flexible, spans.count > 1, used < available {
            let extra = (available - used) / CGFloat(spans.count - 1)
            for (index, span) in spans.enumerated() where index > 0 {
                for leafIndex in span.start..<span.end {
                    if horizontal { leaves[leafIndex].frame.origin.x += extra * CGFloat(index) } else { leaves[leafIndex].frame.origin.y += extra * CGFloat(index) }
                }
            }
        }
        let crossExtent = spans.map(\.cross).max() ?? 0
        // Siblings that are uniform across the group take the largest size on the cross axis.
        for span in spans where span.end - span.start == 1 {
            let child = leaves[span.start]
            let uniform = horizontal ? group.subitems.contains { $0.layoutSize.heightDimension.isUniformAcrossSiblings }
                                     : group.subitems.contains { $0.layoutSize.widthDimension.isUniformAcrossSiblings }
            if uniform {
                if horizontal { leaves[span.start].frame.size.height = crossExtent - (child.frame.minY - origin.y) } else {
                    leaves[span.start].frame.size.width = crossExtent - (child.frame.minX - origin.x)
                }
            }
        }
        let mainEstimated = horizontal ? group.layoutSize.widthDimension.isEstimated : group.layoutSize.heightDimension.isEstimated
        let crossEstimated = horizontal ? group.layoutSize.heightDimension.isEstimated : group.layoutSize.widthDimension.isEstimated
        let result = size(main: mainEstimated ? used : available, cross: crossEstimated ? crossExtent : cross(slot))
        // Leaves that fill an estimated group's height follow the group's final height.
        if crossEstimated {
            for span in spans where span.end - span.start == 1 {
                let child = children[spans.firstIndex { $0.start == span.start }!]
                let fills = horizontal ? child.layoutSize.heightDimension.isFractionalHeight : child.layoutSize.widthDimension.isFractionalWidth
                guard fills else { continue }
                let fraction = horizontal ? child.layoutSize.heightDimension.dimension : child.layoutSize.widthDimension.dimension
                if horizontal { leaves[span.start].frame.size.height = result.height * fraction - child.contentInsets.top - child.contentInsets.bottom } else {
                    leaves[span.start].frame.size.width = result.width * fraction - child.contentInsets.leading - child.contentInsets.trailing
                }
            }
        }
        return result
    }

    private func edgeMain(_ item: NSCollectionLayoutItem, _ horizontal: Bool) -> CGFloat {
        guard let spacing = item.edgeSpacing else { return 0 }
        return horizontal ? (spacing.leading?.spacing ?? 0) + (spacing.trailing?.spacing ?? 0) : (spacing.top?.spacing ?? 0) + (spacing.bottom?.spacing ?? 0)
    }
}
