import Foundation

/// How a section scrolls across the layout's axis, as UIKit's
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior` (raw values as UIKit's).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    /// The section does not scroll on its own (default).
    case none = 0
    /// Scrolls freely.
    case continuous = 1
    /// Scrolls freely and comes to rest at a group's leading edge.
    case continuousGroupLeadingBoundary = 2
    /// Pages by the section's visible width.
    case paging = 3
    /// Comes to rest at each group.
    case groupPaging = 4
    /// Comes to rest with a group centred.
    case groupPagingCentered = 5
}

/// What a section's or layout's content insets are measured from, as UIKit's `UIContentInsetsReference`.
public enum UIContentInsetsReference: Int, Sendable {
    case automatic = 0, none = 1, safeArea = 2, layoutMargins = 3, readableContent = 4
}

/// Where a boundary supplementary item sits against its section or layout, as UIKit's `NSRectAlignment`.
public enum NSRectAlignment: Int, Sendable {
    case none = 0, top = 1, topLeading = 2, leading = 3, bottomLeading = 4, bottom = 5, bottomTrailing = 6, trailing = 7, topTrailing = 8
}

/// Where a supplementary item is attached to its item, as UIKit's `NSCollectionLayoutAnchor`: the edges
/// it sits on and an offset from them (positive into the item for `absoluteOffset`).
@MainActor
public final class NSCollectionLayoutAnchor {
    public let edges: NSDirectionalRectEdge
    public let absoluteOffset: CGPoint
    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint = .zero) { self.edges = edges; self.absoluteOffset = absoluteOffset }
}

/// A supplementary view attached to an item (a badge), as UIKit's `NSCollectionLayoutSupplementaryItem`.
@MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    /// The kind the data source's supplementary provider receives.
    public let elementKind: String
    public let containerAnchor: NSCollectionLayoutAnchor
    /// Drawn above (positive) or below the cells.
    public var zIndex = 1

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        super.init(layoutSize: layoutSize)
    }
}

/// A header or footer of a section or of the whole layout, as UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`. Top alignments are headers and bottom ones footers;
/// a pinned header stays at the top of the visible area while its section is on screen.
@MainActor
public final class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// Whether the item stays in view while its section scrolls under it (default false).
    public var pinToVisibleBounds = false
    /// Whether the section makes room for the item (default true).
    public var extendsBoundary = true

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint = .zero) {
        self.alignment = alignment
        self.offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: NSCollectionLayoutAnchor(edges: .top))
    }
}

/// A view drawn behind a section (its background), as UIKit's `NSCollectionLayoutDecorationItem`: its
/// class is registered with the layout's `register(_:forDecorationViewOfKind:)`.
@MainActor
public final class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    public let elementKind: String
    /// Drawn below the cells when negative (default 0; cells draw above decorations at the same z).
    public var zIndex = 0

    private init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    }

    /// A view filling the section (less its `contentInsets`).
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem { .init(elementKind: elementKind) }
}

/// The size a section (or the layout) lays out in, as UIKit's `NSCollectionLayoutContainer`.
@MainActor
public protocol NSCollectionLayoutContainer {
    /// The size before insets.
    var contentSize: CGSize { get }
    /// The size after `effectiveContentInsets`.
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// The insets including those of the content insets reference (safe area, margins).
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider reads to choose a section, as UIKit's `NSCollectionLayoutEnvironment`: the
/// container's size and the collection view's traits (size classes, text size).
@MainActor
public protocol NSCollectionLayoutEnvironment {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

struct LayoutContainer: NSCollectionLayoutContainer {
    var contentSize: CGSize
    var contentInsets: NSDirectionalEdgeInsets
    var effectiveContentInsets: NSDirectionalEdgeInsets
    var effectiveContentSize: CGSize {
        CGSize(width: max(0, contentSize.width - effectiveContentInsets.leading - effectiveContentInsets.trailing),
               height: max(0, contentSize.height - effectiveContentInsets.top - effectiveContentInsets.bottom))
    }
}

/// The container a compositional layout hands its section provider: it notes whether the provider read
/// the size, since a provider that did may choose differently at another height (the layout then
/// prepares again after any change of size, as UIKit's does; otherwise only after a change of width).
@MainActor
final class ProviderContainer: NSCollectionLayoutContainer {
    let container: LayoutContainer
    /// Whether the provider read `contentSize` or `effectiveContentSize`.
    private(set) var sizeWasRead = false
    init(_ container: LayoutContainer) { self.container = container }
    var contentSize: CGSize { sizeWasRead = true; return container.contentSize }
    var effectiveContentSize: CGSize { sizeWasRead = true; return container.effectiveContentSize }
    var contentInsets: NSDirectionalEdgeInsets { container.contentInsets }
    var effectiveContentInsets: NSDirectionalEdgeInsets { container.effectiveContentInsets }
}

extension NSCollectionLayoutContainer {
    /// The effective width, read by SceneHost's own sections (a list's insets) without counting as the
    /// provider reading the size: they depend on the width alone.
    var effectiveWidthForSceneHost: CGFloat {
        (self as? ProviderContainer)?.container.effectiveContentSize.width ?? effectiveContentSize.width
    }
}

struct LayoutEnvironment: NSCollectionLayoutEnvironment {
    var container: any NSCollectionLayoutContainer
    var traitCollection: UITraitCollection
}

/// A section of a compositional layout, as UIKit's `NSCollectionLayoutSection`: one group repeated for
/// as many items as the section has, with spacing between groups, insets, headers and footers,
/// backgrounds, and optionally scrolling across the layout's axis on its own.
@MainActor
public final class NSCollectionLayoutSection {
    public let group: NSCollectionLayoutGroup
    public var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Space between consecutive groups.
    public var interGroupSpacing: CGFloat = 0
    public var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// Headers and footers of the section.
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Whether headers and footers are inset with the section's content (default true).
    public var supplementariesFollowContentInsets = true
    /// Backgrounds drawn behind the section.
    public var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// What `contentInsets` are measured from (default `.automatic`: the layout configuration's).
    public var contentInsetsReference: UIContentInsetsReference = .automatic

    /// The list configuration the section was made from, if any: list cells read their appearance from it.
    var listConfiguration: UICollectionLayoutListConfiguration?

    public init(group: NSCollectionLayoutGroup) { self.group = group }

    /// A list section with `configuration`'s appearance, headers and footers, sized for `layoutEnvironment`.
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        configuration.makeSection(environment: layoutEnvironment)
    }
}
