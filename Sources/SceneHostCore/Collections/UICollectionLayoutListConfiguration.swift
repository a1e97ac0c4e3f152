import Foundation

/// A contextual action shown when a person swipes a list row, as UIKit's `UIContextualAction`.
/// The handler receives the action, the row's view and a completion to call with whether it was done.
@MainActor
public final class UIContextualAction {
    /// The look of an action (raw values as UIKit's).
    public enum Style: Int, Sendable { case normal = 0, destructive = 1 }
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    public let style: Style
    public var title: String?
    public var image: UIImage?
    /// Default: grey for `.normal`, red for `.destructive`.
    public var backgroundColor: UIColor!
    public let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions revealed by a swipe on one edge of a row, as UIKit's `UISwipeActionsConfiguration`.
@MainActor
public final class UISwipeActionsConfiguration {
    public let actions: [UIContextualAction]
    /// Whether a full swipe runs the first action (default true).
    public var performsFirstActionWithFullSwipe = true
    public init(actions: [UIContextualAction]) { self.actions = actions }
}

/// How a list section looks and behaves, as UIKit's `UICollectionLayoutListConfiguration`: its
/// appearance, separators, headers and footers, and swipe actions. Make a layout with
/// `UICollectionViewCompositionalLayout.list(using:)` or a section with
/// `NSCollectionLayoutSection.list(using:layoutEnvironment:)`; `UICollectionViewListCell`s in it take
/// their background, separators and indentation from it.
///
/// Rows are self-sizing, at least 44 points at the default text size (growing with it); separators
/// are inset to the text as in UIKit. Swipe actions show when a person scrolls a row sideways (a
/// touchpad's two-finger swipe or a sideways wheel); SceneHost does not swipe rows by a pointer drag.
@MainActor
public struct UICollectionLayoutListConfiguration {
    /// The list's look (raw values as UIKit's).
    public enum Appearance: Int, Sendable { case plain = 0, grouped = 1, insetGrouped = 2, sidebar = 3, sidebarPlain = 4 }
    /// Where section headers come from (raw values as UIKit's).
    public enum HeaderMode: Int, Sendable { case none = 0, supplementary = 1, firstItemInSection = 2 }
    /// Where section footers come from (raw values as UIKit's).
    public enum FooterMode: Int, Sendable { case none = 0, supplementary = 1 }

    public var appearance: Appearance
    /// Whether rows are separated by lines (default true, false for the sidebar appearances).
    public var showsSeparators = true
    /// The list's background; nil means the appearance's.
    public var backgroundColor: UIColor?
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// Extra space above each section header; nil means the appearance's.
    public var headerTopPadding: CGFloat?
    /// Actions revealed by swiping a row from its leading edge.
    public var leadingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?
    /// Actions revealed by swiping a row from its trailing edge.
    public var trailingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?

    public init(appearance: Appearance) {
        self.appearance = appearance
        showsSeparators = !(appearance == .sidebar || appearance == .sidebarPlain)
    }

    /// The background the list shows behind its rows.
    var resolvedBackgroundColor: UIColor {
        if let backgroundColor { return backgroundColor }
        switch appearance {
        case .plain, .sidebarPlain: return .systemBackground
        case .grouped, .insetGrouped, .sidebar: return .systemGroupedBackground
        }
    }

    /// The height a row needs at least, from the body text size.
    static func minimumRowHeight(for traits: UITraitCollection) -> CGFloat {
        let body = UIFont.preferredFont(forTextStyle: .body, compatibleWith: traits).pointSize
        return max(44, (body * 1.3 + 22).rounded())
    }

    func makeSection(environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let estimate = Self.minimumRowHeight(for: environment.traitCollection)
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimate)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimate)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let horizontal: CGFloat
        switch appearance {
        case .insetGrouped:
            // Inset to the layout margins: 20 points, more in a wide container (iOS 13's values).
            horizontal = environment.container.effectiveWidthForSceneHost >= 600 ? 32 : 20
        case .sidebar: horizontal = 10
        case .plain, .grouped, .sidebarPlain: horizontal = 0
        }
        let grouped = appearance == .grouped || appearance == .insetGrouped
        let padding = headerTopPadding ?? (grouped ? 18 : (appearance == .sidebar ? 8 : 0))
        section.contentInsets = NSDirectionalEdgeInsets(top: headerMode == .supplementary ? 0 : padding, leading: horizontal,
                                                        bottom: grouped ? 18 : 0, trailing: horizontal)
        if headerMode == .supplementary {
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(38)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top,
                absoluteOffset: .zero)
            header.pinToVisibleBounds = appearance == .plain
            section.boundarySupplementaryItems.append(header)
            if padding > 0 { section.contentInsets.top = 0 }
        }
        if footerMode == .supplementary {
            section.boundarySupplementaryItems.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(30)),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section.listConfiguration = self
        return section
    }
}
