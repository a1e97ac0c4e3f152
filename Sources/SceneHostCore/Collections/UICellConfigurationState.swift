import Foundation

/// What a cell's configurations are updated for, as UIKit's `UICellConfigurationState`: its traits and
/// whether it is selected, highlighted, focused, disabled, editing, swiped or expanded. A cell passes
/// its current state to `updateConfiguration(using:)` whenever any of these change, its traits included.
///
/// Differs from UIKit: a struct without custom state keys (`UIConfigurationStateCustomKey`).
@MainActor
public struct UICellConfigurationState: @MainActor Equatable {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false
    public var isEditing = false
    public var isSwiped = false
    public var isExpanded = false
    public var isReordering = false

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }

    /// Internal: the list appearance the cell sits in, which picks default colours.
    var listAppearance: UICollectionLayoutListConfiguration.Appearance?
}

/// The appearance of a cell's background, as UIKit's `UIBackgroundConfiguration`: a colour, corners,
/// a stroke and insets. The list factories give the colours of each list appearance, and
/// `updated(for:)` gives the selected and highlighted looks.
@MainActor
public struct UIBackgroundConfiguration: @MainActor Equatable {
    public var backgroundColor: UIColor?
    public var cornerRadius: CGFloat = 0
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    /// A view shown as the background under the colour (UIKit's `customView`).
    public var customView: UIView?

    enum Style: Equatable { case clear, plainCell, groupedCell, sidebarCell, plainHeaderFooter, groupedHeaderFooter }
    var style: Style = .clear
    /// Whether a list cell took this background from its list's appearance.
    var listDefault = false

    private init(style: Style, backgroundColor: UIColor?) { self.style = style; self.backgroundColor = backgroundColor }

    /// No background.
    public static func clear() -> UIBackgroundConfiguration { .init(style: .clear, backgroundColor: .clear) }
    /// A plain list row.
    public static func listPlainCell() -> UIBackgroundConfiguration { .init(style: .plainCell, backgroundColor: .systemBackground) }
    /// A grouped or inset-grouped list row.
    public static func listGroupedCell() -> UIBackgroundConfiguration { .init(style: .groupedCell, backgroundColor: .secondarySystemGroupedBackground) }
    /// A sidebar row (rounded when selected).
    public static func listSidebarCell() -> UIBackgroundConfiguration { .init(style: .sidebarCell, backgroundColor: .clear) }
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { .init(style: .plainHeaderFooter, backgroundColor: .systemBackground) }
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { .init(style: .groupedHeaderFooter, backgroundColor: .clear) }

    /// The background for a cell in `listAppearance` (UIKit's default per list style).
    static func list(for appearance: UICollectionLayoutListConfiguration.Appearance?) -> UIBackgroundConfiguration {
        switch appearance {
        case .grouped?, .insetGrouped?: return .listGroupedCell()
        case .sidebar?, .sidebarPlain?: return .listSidebarCell()
        case .plain?, nil: return .listPlainCell()
        }
    }

    /// This configuration with the colours of `state`: selected and highlighted rows are filled (with
    /// the tint colour in a sidebar, grey elsewhere).
    public func updated(for state: UICellConfigurationState) -> UIBackgroundConfiguration {
        var result = self
        guard style != .clear, style != .plainHeaderFooter, style != .groupedHeaderFooter else { return result }
        if state.isSelected || state.isHighlighted {
            if style == .sidebarCell {
                result.backgroundColor = state.isFocused || state.isSelected ? .tintColor : .systemFill
                result.cornerRadius = 10
            } else {
                result.backgroundColor = .systemFill
            }
        } else if state.isFocused, style == .sidebarCell {
            result.backgroundColor = .secondarySystemFill
            result.cornerRadius = 10
        }
        return result
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.backgroundColor == b.backgroundColor && a.cornerRadius == b.cornerRadius && a.backgroundInsets == b.backgroundInsets
            && a.strokeColor == b.strokeColor && a.strokeWidth == b.strokeWidth && a.customView === b.customView && a.style == b.style
    }
}
