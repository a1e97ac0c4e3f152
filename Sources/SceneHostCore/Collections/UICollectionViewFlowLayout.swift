import Foundation

/// Sizes and spacings a flow layout asks its collection view's delegate for, per item or section, as
/// UIKit's `UICollectionViewDelegateFlowLayout`. Every method is optional; the layout's properties
/// answer otherwise.
@MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize?
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets?
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat?
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat?
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize?
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize?
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize? { nil }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets? { nil }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat? { nil }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat? { nil }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize? { nil }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize? { nil }
}

/// A layout of items in lines that wrap, as UIKit's `UICollectionViewFlowLayout`: items of `itemSize`
/// (or the delegate's sizes) fill a line across the scrolling axis with at least
/// `minimumInteritemSpacing` between them — full lines spread to both edges, a lone item is centred —
/// and lines follow each other `minimumLineSpacing` apart, with section insets, headers and footers.
///
/// Differs from UIKit: the delegate's size methods return optionals (nil: use the layout's property),
/// since Swift protocols cannot tell whether a method was implemented.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// Where section insets are measured from (raw values as UIKit's).
    public enum SectionInsetReference: Int, Sendable { case fromContentInset = 0, fromSafeArea = 1, fromLayoutMargins = 2 }
    /// For `estimatedItemSize`: items size themselves.
    public static let automaticSize = CGSize(width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)

    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Non-zero: items size themselves from this estimate (self-sizing cells).
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { invalidateLayout() } }
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { invalidateLayout() } }
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    private struct Line { var first: Int; var end: Int; var start: CGFloat; var extent: CGFloat }
    private struct Section {
        var frames: [CGRect] = []
        var lines: [Line] = []
        var header: CGRect?
        var footer: CGRect?
        var start: CGFloat = 0
        var end: CGFloat = 0
    }
    private var sections: [Section] = []
    private var contentExtent: CGFloat = 0
    private var measured: [IndexPath: CGSize] = [:]
    private var preparedSize: CGSize = .zero

    public override init() { super.init() }

    private var vertical: Bool { scrollDirection == .vertical }

    open override var collectionViewContentSize: CGSize {
        prepareIfNeeded()
        guard let collectionView = host else { return .zero }
        return vertical ? CGSize(width: collectionView.bounds.width, height: contentExtent)
                        : CGSize(width: contentExtent, height: collectionView.bounds.height)
    }

    open override func prepare() {
        guard let collectionView = host else { sections = []; contentExtent = 0; return }
        if collectionView.bounds.size != preparedSize { measured = [:]; preparedSize = collectionView.bounds.size }
        // Only a collection view has a flow delegate (a table view's layout is compositional).
        let owner = self.collectionView
        let delegate = owner?.delegate as? UICollectionViewDelegateFlowLayout
        let crossLength = vertical ? collectionView.bounds.width : collectionView.bounds.height
        let referenceInset: UIEdgeInsets = {
            switch sectionInsetReference {
            case .fromContentInset: return .zero
            case .fromSafeArea: return collectionView.safeAreaInsets
            case .fromLayoutMargins: return collectionView.layoutMargins
            }
        }()
        var position: CGFloat = 0
        sections = []
        for index in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: index)
            var section = Section(start: position)
            let given = delegate?.collectionView(owner!, layout: self, insetForSectionAt: index) ?? sectionInset
            let inset = UIEdgeInsets(top: given.top + referenceInset.top, left: given.left + referenceInset.left,
                                     bottom: given.bottom + referenceInset.bottom, right: given.right + referenceInset.right)
            let lineSpacing = delegate?.collectionView(owner!, layout: self, minimumLineSpacingForSectionAt: index) ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(owner!, layout: self, minimumInteritemSpacingForSectionAt: index) ?? minimumInteritemSpacing
            let header = delegate?.collectionView(owner!, layout: self, referenceSizeForHeaderInSection: index) ?? headerReferenceSize
            let footer = delegate?.collectionView(owner!, layout: self, referenceSizeForFooterInSection: index) ?? footerReferenceSize
            let headerExtent = vertical ? header.height : header.width
            if headerExtent > 0 {
                section.header = vertical ? CGRect(x: 0, y: position, width: crossLength, height: headerExtent)
                                          : CGRect(x: position, y: 0, width: headerExtent, height: crossLength)
                position += headerExtent
            }
            position += vertical ? inset.top : inset.left
            let crossStart = vertical ? inset.left : inset.top
            let available = crossLength - crossStart - (vertical ? inset.right : inset.bottom)
            // Sizes first, then lines.
            var sizes: [CGSize] = []
            sizes.reserveCapacity(count)
            for item in 0..<count {
                let path = IndexPath(item: item, section: index)
                var size = delegate?.collectionView(owner!, layout: self, sizeForItemAt: path) ?? itemSize
                if estimatedItemSize != .zero {
                    size = measured[path] ?? (estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize)
                }
                sizes.append(size)
            }
            section.frames = [CGRect](repeating: .zero, count: count)
            var item = 0
            var lineIndex = 0
            while item < count {
                var end = item, used: CGFloat = 0
                while end < count {
                    let length = vertical ? sizes[end].width : sizes[end].height
                    let next = used + (end > item ? itemSpacing : 0) + length
                    if end > item && next > available + 0.5 { break }
                    used = next
                    end += 1
                }
                let isLast = end == count
                let lineExtent = sizes[item..<end].map { vertical ? $0.height : $0.width }.max() ?? 0
                let n = end - item
                var spacing = itemSpacing
                var cursor = crossStart
                if n == 1 {
                    cursor = crossStart + (available - (vertical ? sizes[item].width : sizes[item].height)) / 2
                } else if !isLast {
                    spacing = itemSpacing + (available - used) / CGFloat(n - 1)
                }
                for member in item..<end {
                    let size = sizes[member]
                    let length = vertical ? size.width : size.height
                    let depth = vertical ? size.height : size.width
                    let along = position + (lineExtent - depth) / 2
                    section.frames[member] = vertical ? CGRect(x: cursor, y: along, width: size.width, height: size.height)
                                                      : CGRect(x: along, y: cursor, width: size.width, height: size.height)
                    cursor += length + spacing
                }
                section.lines.append(Line(first: item, end: end, start: position, extent: lineExtent))
                position += lineExtent
                if !isLast { position += lineSpacing }
                item = end
                lineIndex += 1
            }
            position += vertical ? inset.bottom : inset.right
            let footerExtent = vertical ? footer.height : footer.width
            if footerExtent > 0 {
                section.footer = vertical ? CGRect(x: 0, y: position, width: crossLength, height: footerExtent)
                                          : CGRect(x: position, y: 0, width: footerExtent, height: crossLength)
                position += footerExtent
            }
            section.end = position
            sections.append(section)
        }
        contentExtent = position
    }

    override func collectElements(in rect: CGRect, into elements: inout [LayoutElement]) {
        prepareIfNeeded()
        guard let collectionView = host else { return }
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        let visibleStart = vertical ? collectionView.bounds.minY + collectionView.adjustedContentInset.top : collectionView.bounds.minX
        let selfSizing = estimatedItemSize != .zero
        for (index, section) in sections.enumerated() where section.end >= low && section.start <= high {
            if var header = section.header {
                if sectionHeadersPinToVisibleBounds {
                    if vertical { header.origin.y = min(max(header.minY, visibleStart), section.end - header.height) } else {
                        header.origin.x = min(max(header.minX, visibleStart), section.end - header.width)
                    }
                }
                if header.intersects(rect) {
                    elements.append(LayoutElement(category: .supplementaryView, kind: UICollectionView.elementKindSectionHeader,
                                                  indexPath: IndexPath(item: 0, section: index), frame: header, zIndex: sectionHeadersPinToVisibleBounds ? 10 : 0))
                }
            }
            if let footer = section.footer, footer.intersects(rect) {
                elements.append(LayoutElement(category: .supplementaryView, kind: UICollectionView.elementKindSectionFooter,
                                              indexPath: IndexPath(item: 0, section: index), frame: footer))
            }
            // The first line ending after `low`, by bisection.
            var first = 0, last = section.lines.count
            while first < last {
                let mid = (first + last) / 2
                if section.lines[mid].start + section.lines[mid].extent < low { first = mid + 1 } else { last = mid }
            }
            for line in section.lines[first...] {
                if line.start > high { break }
                for item in line.first..<line.end where section.frames[item].intersects(rect) {
                    elements.append(LayoutElement(category: .cell, kind: nil, indexPath: IndexPath(item: item, section: index),
                                                  frame: section.frames[item], selfSizingWidth: selfSizing, selfSizingHeight: selfSizing))
                }
            }
        }
    }

    override func frameOfItem(at indexPath: IndexPath) -> CGRect? {
        prepareIfNeeded()
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].frames.indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section].frames[indexPath.item]
    }

    override func elementWasMeasured(_ element: LayoutElement, size: CGSize) -> Bool {
        guard element.category == .cell, estimatedItemSize != .zero else { return false }
        if let old = measured[element.indexPath], abs(old.width - size.width) < 0.5, abs(old.height - size.height) < 0.5 { return false }
        measured[element.indexPath] = size
        prepare()
        return true
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var elements: [LayoutElement] = []
        collectElements(in: rect, into: &elements)
        return elements.map(UICollectionViewLayoutAttributes.init)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let frame = frameOfItem(at: indexPath) else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frame
        return attributes
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareIfNeeded()
        guard sections.indices.contains(indexPath.section) else { return nil }
        let frame = elementKind == UICollectionView.elementKindSectionHeader ? sections[indexPath.section].header
                  : elementKind == UICollectionView.elementKindSectionFooter ? sections[indexPath.section].footer : nil
        guard let frame else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
        attributes.frame = frame
        return attributes
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = host else { return false }
        return collectionView.bounds.size != newBounds.size || sectionHeadersPinToVisibleBounds
    }
}
