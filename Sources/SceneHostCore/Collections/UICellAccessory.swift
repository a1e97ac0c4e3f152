import Foundation

/// A small view at the edge of a list cell, as UIKit's `UICellAccessory`: a disclosure chevron, a
/// checkmark, an outline disclosure (which expands and collapses the row's children), or a label.
@MainActor
public struct UICellAccessory {
    /// When an accessory shows (raw values as UIKit's).
    public enum DisplayedState: Int, Sendable { case always = 0, whenEditing = 1, whenNotEditing = 2 }
    /// Where an accessory sits (SceneHost: leading or trailing).
    public enum Placement: Sendable { case leading, trailing }

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

    enum Kind { case disclosureIndicator, checkmark, outlineDisclosure(OutlineDisclosureOptions.Style, (() -> Void)?), label(String) }
    let kind: Kind
    let displayed: DisplayedState
    let isHidden: Bool
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

    var placement: Placement {
        if case .outlineDisclosure(let style, _) = kind, style == .cell { return .leading }
        return .trailing
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
        if case .outlineDisclosure = accessory.kind {
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
        return 22
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
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
        case .label: break
        }
    }
}
