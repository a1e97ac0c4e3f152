import Foundation

/// Where and how one element of a collection view is shown, as UIKit's
/// `UICollectionViewLayoutAttributes`: a cell, a supplementary view or a decoration view.
@MainActor
open class UICollectionViewLayoutAttributes {
    /// What kind of element the attributes describe (raw values as UIKit's).
    public enum Category: UInt, Sendable { case cell = 0, supplementaryView = 1, decorationView = 2 }

    public var frame: CGRect = .zero
    public var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    public var size: CGSize {
        get { frame.size }
        set { frame = CGRect(x: center.x - newValue.width / 2, y: center.y - newValue.height / 2, width: newValue.width, height: newValue.height) }
    }
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    public var transform: CGAffineTransform = .identity
    public var alpha: CGFloat = 1
    public var zIndex = 0
    public var isHidden = false
    public var indexPath: IndexPath
    public let representedElementCategory: Category
    /// The supplementary or decoration kind; nil for cells.
    public let representedElementKind: String?

    /// The attributes of the cell at `indexPath`.
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
    }

    /// The attributes of a supplementary view of `elementKind` at `indexPath`.
    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// The attributes of a decoration view of `decorationViewKind` at `indexPath`.
    public init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    init(_ element: LayoutElement) {
        indexPath = element.indexPath
        representedElementCategory = element.category
        representedElementKind = element.kind
        frame = element.frame
        zIndex = element.zIndex
    }
}

/// One element as the layout hands it to its collection view, without allocating: an attributes
/// object is made only when app code asks for one.
struct LayoutElement {
    var category: UICollectionViewLayoutAttributes.Category
    var kind: String?
    var indexPath: IndexPath
    var frame: CGRect
    var zIndex = 0
    /// Which axes the element sizes itself on (estimated dimensions): the collection view measures it.
    var selfSizingWidth = false
    var selfSizingHeight = false
    /// For list cells: the list's appearance and whether the cell is first or last of its section.
    var list: ListPlacement?
}

/// Where a list cell is in its section, for its background and separators.
struct ListPlacement: Equatable {
    var appearance: UICollectionLayoutListConfiguration.Appearance
    var isFirst: Bool
    var isLast: Bool
    var showsSeparators: Bool
    var level = 0
}

/// The base class of collection view layouts, as UIKit's `UICollectionViewLayout`: subclasses place
/// cells, supplementary and decoration views by overriding `prepare()`, `collectionViewContentSize`
/// and the `layoutAttributes…` methods.
///
/// The collection view asks only for the elements in the rectangle it shows (plus a margin), so a
/// layout's cost per frame follows what is visible, not how many items there are.
@MainActor
open class UICollectionViewLayout {
    /// The collection view using this layout (nil for a table view's internal layout).
    public var collectionView: UICollectionView? { host as? UICollectionView }
    /// The view the layout places elements in: a collection view or a table view.
    weak var host: ItemsScrollView?
    /// Set by `invalidateLayout()`; `prepare()` runs before the next query.
    var needsPrepare = true
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    public init() {}

    /// Called before the layout is queried after an invalidation: compute what the queries read.
    open func prepare() {}

    /// Marks the layout stale: `prepare()` runs again before the next query and the collection view
    /// lays its cells out again.
    open func invalidateLayout() {
        needsPrepare = true
        host?.layoutWasInvalidated()
    }

    /// The size of all the content.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of the elements that intersect `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Whether a change of the collection view's bounds (a scroll, a resize) needs a new `prepare()`.
    /// The default says yes when the size changed.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let host else { return false }
        return host.bounds.size != newBounds.size
    }

    /// Registers the class of a decoration view kind (UIKit also takes a nib; SceneHost has none).
    public func register(_ viewClass: UICollectionReusableView.Type?, forDecorationViewOfKind elementKind: String) {
        decorationClasses[elementKind] = viewClass
    }

    /// The direction a layout is developed for; frames are mirrored in right-to-left layouts when
    /// `flipsHorizontallyInOppositeLayoutDirection` (compositional layouts place items leading first).
    open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    // MARK: Internal fast path

    /// Runs `prepare()` if the layout was invalidated.
    func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }

    /// Appends the elements intersecting `rect` to `elements`. Subclasses of SceneHost's layouts answer
    /// without allocating; a custom layout goes through its attributes.
    func collectElements(in rect: CGRect, into elements: inout [LayoutElement]) {
        for attributes in layoutAttributesForElements(in: rect) ?? [] where !attributes.isHidden {
            elements.append(LayoutElement(category: attributes.representedElementCategory, kind: attributes.representedElementKind,
                                          indexPath: attributes.indexPath, frame: attributes.frame, zIndex: attributes.zIndex))
        }
    }

    /// The frame of the item at `indexPath`, or nil.
    func frameOfItem(at indexPath: IndexPath) -> CGRect? { layoutAttributesForItem(at: indexPath)?.frame }

    /// A self-sizing element measured `size`: returns whether its layout changed.
    func elementWasMeasured(_ element: LayoutElement, size: CGSize) -> Bool { false }

    /// The frame an item would move to by the arrow keys: its neighbour in `direction` (by geometry).
    func indexPath(from indexPath: IndexPath, moving direction: CGPoint) -> IndexPath? {
        guard let collectionView = host, let frame = frameOfItem(at: indexPath) else { return nil }
        // Look in the band of a few screens along the movement for the nearest item whose centre lies
        // that way.
        let reach = max(collectionView.bounds.height, collectionView.bounds.width, 200) * 2
        let search = frame.insetBy(dx: -abs(direction.x) * reach - 1, dy: -abs(direction.y) * reach - 1)
        var elements: [LayoutElement] = []
        collectElements(in: search, into: &elements)
        var best: (IndexPath, CGFloat)?
        for element in elements where element.category == .cell && element.indexPath != indexPath {
            let dx = element.frame.midX - frame.midX, dy = element.frame.midY - frame.midY
            let along = dx * direction.x + dy * direction.y
            guard along > 1 else { continue }
            let across = abs(dx * direction.y) + abs(dy * direction.x)
            let score = along + across * 4
            if best == nil || score < best!.1 { best = (element.indexPath, score) }
        }
        return best?.0
    }
}
