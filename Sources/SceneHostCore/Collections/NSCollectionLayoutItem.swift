import Foundation

/// One dimension of a layout item's size, as UIKit's `NSCollectionLayoutDimension`: a fraction of the
/// container's width or height, an absolute number of points, or an estimate that the item's own
/// content replaces once measured (self-sizing).
@MainActor
public final class NSCollectionLayoutDimension: CustomStringConvertible {
    enum Kind: Equatable { case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings }
    let kind: Kind
    /// The fraction, the points, or the estimate.
    public let dimension: CGFloat

    private init(_ kind: Kind, _ dimension: CGFloat) { self.kind = kind; self.dimension = dimension }

    /// `fraction` of the container's width.
    public static func fractionalWidth(_ fraction: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalWidth, fraction) }
    /// `fraction` of the container's height.
    public static func fractionalHeight(_ fraction: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalHeight, fraction) }
    /// Exactly `points`.
    public static func absolute(_ points: CGFloat) -> NSCollectionLayoutDimension { .init(.absolute, points) }
    /// `points` until the item is measured; then what its content needs.
    public static func estimated(_ points: CGFloat) -> NSCollectionLayoutDimension { .init(.estimated, points) }
    /// Estimated, and siblings in the group all take the largest measured size (iOS 17).
    public static func uniformAcrossSiblings(estimate: CGFloat) -> NSCollectionLayoutDimension { .init(.uniformAcrossSiblings, estimate) }

    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated || kind == .uniformAcrossSiblings }
    public var isUniformAcrossSiblings: Bool { kind == .uniformAcrossSiblings }

    /// The points this dimension stands for in a container of `size`.
    func resolve(in size: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: size.width * dimension
        case .fractionalHeight: size.height * dimension
        case .absolute, .estimated, .uniformAcrossSiblings: dimension
        }
    }

    public nonisolated var description: String { "\(kind)(\(dimension))" }
}

/// A width and a height, each an `NSCollectionLayoutDimension`, as UIKit's `NSCollectionLayoutSize`.
@MainActor
public final class NSCollectionLayoutSize {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(widthDimension: NSCollectionLayoutDimension, heightDimension: NSCollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    func resolve(in size: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolve(in: size), height: heightDimension.resolve(in: size))
    }
}

/// The space between the items of a group, as UIKit's `NSCollectionLayoutSpacing`: fixed, or flexible
/// (at least that much, the rest of the group's room shared out between the items).
@MainActor
public final class NSCollectionLayoutSpacing {
    /// The points (the minimum, when flexible).
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    private init(_ spacing: CGFloat, flexible: Bool) { self.spacing = spacing; self.isFlexibleSpacing = flexible }

    public static func fixed(_ points: CGFloat) -> NSCollectionLayoutSpacing { .init(points, flexible: false) }
    public static func flexible(_ points: CGFloat) -> NSCollectionLayoutSpacing { .init(points, flexible: true) }
}

/// Space around an item before it is placed in its group, as UIKit's `NSCollectionLayoutEdgeSpacing`.
/// SceneHost applies the leading and top spacing (as an offset), and the trailing and bottom spacing
/// (as room taken after the item); flexible edge spacing counts its minimum.
@MainActor
public final class NSCollectionLayoutEdgeSpacing {
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
    public let bottom: NSCollectionLayoutSpacing?

    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
    }
}

/// The smallest unit of a compositional layout, as UIKit's `NSCollectionLayoutItem`: one cell of the
/// given size in its group, with `contentInsets` shrinking it inside its slot (not on estimated axes)
/// and `edgeSpacing` around the slot.
@MainActor
open class NSCollectionLayoutItem {
    /// The item's size, its fractions taken of the containing group.
    public let layoutSize: NSCollectionLayoutSize
    /// Supplementary views attached to the item (badges). SceneHost places them by their container
    /// anchor's edges and offset.
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    /// Insets of the cell inside its slot; ignored on an estimated axis, as in UIKit.
    public var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Space around the slot.
    public var edgeSpacing: NSCollectionLayoutEdgeSpacing?

    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem] = []) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
}

/// A frame for one item of a custom group, as UIKit's `NSCollectionLayoutGroupCustomItem`.
@MainActor
public final class NSCollectionLayoutGroupCustomItem {
    public let frame: CGRect
    public let zIndex: Int
    public init(frame: CGRect, zIndex: Int = 0) { self.frame = frame; self.zIndex = zIndex }
}

/// Items laid out along an axis (or placed by a closure), repeated down the section, as UIKit's
/// `NSCollectionLayoutGroup`. A horizontal or vertical group made with `subitems:` repeats them as
/// many times as fit; one made with `repeatingSubitem:count:` holds exactly `count`, sized to fit.
@MainActor
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Arrangement { case horizontal, vertical, custom((any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]) }
    let arrangement: Arrangement
    /// The items (or groups) the group holds.
    public let subitems: [NSCollectionLayoutItem]
    /// With `repeatingSubitem:count:`, the count.
    let count: Int?
    /// The space between consecutive subitems along the group's axis.
    public var interItemSpacing: NSCollectionLayoutSpacing?

    private init(layoutSize: NSCollectionLayoutSize, arrangement: Arrangement, subitems: [NSCollectionLayoutItem], count: Int?) {
        precondition(!(subitems.isEmpty && count != nil), "NSCollectionLayoutGroup: a group needs at least one subitem")
        precondition((count ?? 1) > 0, "NSCollectionLayoutGroup: the count of a repeating subitem must be at least 1")
        self.arrangement = arrangement
        self.subitems = subitems
        self.count = count
        super.init(layoutSize: layoutSize)
    }

    /// Subitems left to right (right to left in a right-to-left layout), repeated while they fit.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        precondition(!subitems.isEmpty, "NSCollectionLayoutGroup.horizontal: a group needs at least one subitem")
        return .init(layoutSize: layoutSize, arrangement: .horizontal, subitems: subitems, count: nil)
    }
    /// `count` copies of `subitem` across the group's width, sized to fill it (iOS 16).
    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        .init(layoutSize: layoutSize, arrangement: .horizontal, subitems: [subitem], count: count)
    }
    /// Subitems top to bottom, repeated while they fit.
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        precondition(!subitems.isEmpty, "NSCollectionLayoutGroup.vertical: a group needs at least one subitem")
        return .init(layoutSize: layoutSize, arrangement: .vertical, subitems: subitems, count: nil)
    }
    /// `count` copies of `subitem` down the group's height, sized to fill it (iOS 16).
    public static func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        .init(layoutSize: layoutSize, arrangement: .vertical, subitems: [subitem], count: count)
    }
    /// Items at the frames `itemProvider` returns (in the group's coordinates), one per item.
    public static func custom(layoutSize: NSCollectionLayoutSize,
                              itemProvider: @escaping (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]) -> NSCollectionLayoutGroup {
        .init(layoutSize: layoutSize, arrangement: .custom(itemProvider), subitems: [], count: nil)
    }
}
