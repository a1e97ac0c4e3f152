import Foundation

/// A small view at the edge of a list cell, as UIKit's `UICellAccessory`: a disclosure chevron, a
/// checkmark, an outline disclosure (which expands and collapses the row's children), a label, or a
/// view of your own (`customView(configuration:)`: a switch, a pop-up button), which takes clicks.
@MainActor
public struct UICellAccessory {
    /// When an accessory shows (raw values as UIKit's).
    public enum DisplayedState: Int, Sendable { case always = 0, whenEditing = 1, whenNotEditing = 2 }
    /// Where a custom accessory sits, as UIKit's `UICellAccessory.Placement`, and when it shows.
    /// Differs from UIKit: no position provider (`at:`); a custom accessory goes outside the others.
    public enum Placement: Sendable {
        /// At the leading edge (the right in a right-to-left layout), shown in `displayed` states.
        case leading(displayed: DisplayedState = .always)
        /// At the trailing edge, shown in `displayed` states.
        case trailing(displayed: DisplayedState = .always)

        var isLeading: Bool { if case .leading = self { true } else { false } }
        var displayed: DisplayedState {
            switch self { case .leading(let displayed), .trailing(let displayed): displayed }
        }
    }

    /// A view of your own as an accessory, as UIKit's `UICellAccessory.CustomViewConfiguration`. The view
    /// keeps its intrinsic size (or `reservedLayoutWidth` across), centred in the row's height, and takes
    /// clicks and keys as anywhere else; the row grows to fit its height.
    public struct CustomViewConfiguration {
        /// The view shown (it is added to the cell; keep one view per cell).
        public var customView: UIView
        /// Which edge, and in which states it shows.
        public var placement: Placement
        /// Whether the accessory is hidden (nil: shown).
        public var isHidden: Bool?
        /// The width the accessory takes (nil: the view's own).
        public var reservedLayoutWidth: CGFloat?
        /// Set as the view's tint colour.
        public var tintColor: UIColor?
        /// Kept for UIKit's sake: SceneHost always keeps the view at its own size.
        public var maintainsFixedSize: Bool?
        /// A configuration showing `customView` at `placement`. Differs from UIKit: `reservedLayoutWidth`
        /// is a number of points rather than a `UICellAccessory.LayoutDimension`.
        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: CGFloat? = nil,
                    tintColor: UIColor? = nil, maintainsFixedSize: Bool? = nil) {
            self.customView = customView
            self.placement = placement
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.maintainsFixedSize = maintainsFixedSize
        }
    }

    /// Options of the disclosure indicator.
    public struct DisclosureIndicatorOptions {
        public var isHidden: Bool?
        public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, tintColor: UIColor? = nil) { self.isHidden = isHidden; self.tintColor = tintColor }
    }
    /// Options of the checkmark.
    public struct CheckmarkOptions {
        public var isHidden: Bool?
        public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, tintColor: UIColor? = nil) { self.isHidden = isHidden; self.tintColor = tintColor }
    }
    /// Options of the outline disclosure.
    public struct OutlineDisclosureOptions {
        /// Header style: the chevron at the trailing edge, in a header row (UIKit: `.header`); cell style: at the leading edge.
        public enum Style: Sendable { case automatic, header, cell }
        public var style: Style
        public var isHidden: Bool?
        public var tintColor: UIColor?
        public init(style: Style = .automatic, isHidden: Bool? = nil, tintColor: UIColor? = nil) {
            self.style = style; self.isHidden = isHidden; self.tintColor = tintColor
        }
    }
    /// Options of a label accessory.
    public struct LabelOptions {
        public var isHidden: Bool?
        public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, tintColor: UIColor? = nil) { self.isHidden = isHidden; self.tintColor = tintColor }
    }

    enum Kind {
        case disclosureIndicator, checkmark, outlineDisclosure(OutlineDisclosureOptions.Style, (() -> Void)?), label(String)
        case custom(CustomViewConfiguration)
    }
    let kind: Kind
    let displayed: DisplayedState
    /// Whether the accessory is hidden (from its options' `isHidden`).
    public let isHidden: Bool
    let tintColor: UIColor?

    /// A chevron saying the row leads somewhere.
    public static func disclosureIndicator(displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()) -> UICellAccessory {
        .init(kind: .disclosureIndicator, displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor)
    }
    /// A checkmark (in the tint colour).
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init()) -> UICellAccessory {
        .init(kind: .checkmark, displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor)
    }
    /// A chevron that expands and collapses the row's children in its section snapshot; `actionHandler`
    /// replaces that default.
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(),
                                         actionHandler: (() -> Void)? = nil) -> UICellAccessory {
        .init(kind: .outlineDisclosure(options.style, actionHandler), displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor)
    }
    /// A secondary text at the edge.
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()) -> UICellAccessory {
        .init(kind: .label(text), displayed: displayed, isHidden: options.isHidden ?? false, tintColor: options.tintColor)
    }

    /// A view of your own at the leading or trailing edge.
    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        .init(kind: .custom(configuration), displayed: configuration.placement.displayed, isHidden: configuration.isHidden ?? false,
              tintColor: configuration.tintColor)
    }

    /// Whether the accessory sits at the leading edge.
    var isLeading: Bool {
        if case .outlineDisclosure(let style, _) = kind, style == .cell { return true }
        if case .custom(let configuration) = kind { return configuration.placement.isLeading }
        return false
    }

    func shows(editing: Bool) -> Bool {
        guard !isHidden else { return false }
        switch displayed {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }
}

/// Draws one accessory; a click on an outline disclosure toggles its row.
@MainActor
final class CellAccessoryView: UIView {
    var accessory: UICellAccessory
    var isExpanded = false { didSet { if isExpanded != oldValue { setNeedsDisplay() } } }
    private let label = UILabel()

    init(_ accessory: UICellAccessory) {
        self.accessory = accessory
        super.init(frame: .zero)
        contentMode = .redraw
        if case .label(let text) = accessory.kind {
            label.text = text
            label.textColor = accessory.tintColor ?? .secondaryLabel
            label.adjustsFontForContentSizeCategory = true
            label.font = .preferredFont(forTextStyle: .body)
            addSubview(label)
        }
        if case .custom(let configuration) = accessory.kind {
            contentMode = .scaleToFill
            if let tint = configuration.tintColor { configuration.customView.tintColor = tint }
            addSubview(configuration.customView)
        } else if case .outlineDisclosure = accessory.kind {
            addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in self.toggle() })
        } else {
            isUserInteractionEnabled = false
        }
    }

    private func toggle() {
        guard case .outlineDisclosure(_, let handler) = accessory.kind else { return }
        if let handler { return handler() }
        var view = superview
        while let current = view, !(current is UICollectionViewListCell) { view = current.superview }
        guard let cell = view as? UICollectionViewListCell else { return }
        var collection = cell.superview
        while let current = collection, !(current is UICollectionView) { collection = current.superview }
        (collection as? UICollectionView)?.toggleExpansion(of: cell)
    }

    /// The width the accessory takes at the current text size.
    var width: CGFloat {
        if case .label = accessory.kind { return label.sizeThatFits(.zero).width }
        if case .custom(let configuration) = accessory.kind { return configuration.reservedLayoutWidth ?? customSize(configuration.customView).width }
        return 22
    }

    /// The height the accessory needs (a custom view's; the others fit any row).
    var height: CGFloat {
        if case .custom(let configuration) = accessory.kind { return customSize(configuration.customView).height }
        return 0
    }

    /// A custom view's own size: its intrinsic size, else what its constraints need.
    private func customSize(_ view: UIView) -> CGSize {
        let intrinsic = view.intrinsicContentSize
        if intrinsic.width > 0, intrinsic.height > 0 { return intrinsic }
        return view.systemLayoutSizeFitting(.zero)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
        // Only while the custom view is still here: an app may hand the same control to the row it
        // configures next (one switch per setting), and this accessory, left in a row being reused or
        // measured, would otherwise place it in its new row at this row's height.
        if case .custom(let configuration) = accessory.kind, configuration.customView.superview === self {
            let size = customSize(configuration.customView)
            let width = min(bounds.width, size.width)
            configuration.customView.frame = CGRect(x: (bounds.width - width) / 2, y: ((bounds.height - size.height) / 2).rounded(),
                                                    width: width, height: size.height)
        }
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let color = (accessory.tintColor ?? {
            switch accessory.kind {
            case .checkmark: return tintColor
            case .outlineDisclosure: return tintColor
            default: return UIColor.tertiaryLabel
            }
        }()).resolvedColor(with: traitCollection)
        context.setStrokeColor(color)
        context.setLineWidth(2)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        let midX = bounds.midX, midY = bounds.midY
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let direction: CGFloat = rightToLeft ? -1 : 1
        switch accessory.kind {
        case .disclosureIndicator:
            context.move(to: CGPoint(x: midX - 2.5 * direction, y: midY - 6))
            context.addLine(to: CGPoint(x: midX + 3 * direction, y: midY))
            context.addLine(to: CGPoint(x: midX - 2.5 * direction, y: midY + 6))
            context.strokePath()
        case .checkmark:
            context.move(to: CGPoint(x: midX - 6, y: midY))
            context.addLine(to: CGPoint(x: midX - 1.5, y: midY + 5))
            context.addLine(to: CGPoint(x: midX + 6, y: midY - 6))
            context.strokePath()
        case .outlineDisclosure:
            if isExpanded {
                context.move(to: CGPoint(x: midX - 6, y: midY - 3))
                context.addLine(to: CGPoint(x: midX, y: midY + 3))
                context.addLine(to: CGPoint(x: midX + 6, y: midY - 3))
            } else {
                context.move(to: CGPoint(x: midX - 3 * direction, y: midY - 6))
                context.addLine(to: CGPoint(x: midX + 3 * direction, y: midY))
                context.addLine(to: CGPoint(x: midX - 3 * direction, y: midY + 6))
            }
            context.strokePath()
        case .label, .custom: break
        }
    }
}
