import Foundation

/// Lays out a row or column of views with constraints it makes itself, as UIKit's stack view does:
/// along the `axis` by `distribution` and `spacing`, across it by `alignment`. Hidden arranged subviews
/// drop out of the arrangement (the others close the gap). The stack itself draws nothing but its
/// background colour.
///
/// The constraints are remade in the constraint pass after any change, named as UIKit names them
/// ("UISV-spacing", "UISV-alignment", …) in logs. Where the arranged views could stretch equally
/// (equal hugging priorities), the first one stretches.
@MainActor
open class UIStackView: UIView {
    /// How views share the stack's length, with UIKit's raw values.
    public enum Distribution: Int, Sendable {
        /// Views keep their intrinsic sizes where they can; the one that hugs least stretches or the one
        /// that resists compression least shrinks.
        case fill = 0
        /// All views get the same length.
        case fillEqually = 1
        /// Lengths proportional to the views' intrinsic sizes.
        case fillProportionally = 2
        /// Views keep their sizes; the gaps between them are equal (at least `spacing`).
        case equalSpacing = 3
        /// The distances between the views' centres are equal (gaps at least `spacing`).
        case equalCentering = 4
    }

    /// How views sit across the stack, with UIKit's raw values (`top` is `leading`, `bottom` is
    /// `trailing`).
    public enum Alignment: Int, Sendable {
        case fill = 0, leading = 1, firstBaseline = 2, center = 3, trailing = 4, lastBaseline = 5
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    public private(set) var arrangedSubviews: [UIView] = []

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { if axis != oldValue { setNeedsArrangement() } } }
    open var distribution: Distribution = .fill { didSet { if distribution != oldValue { setNeedsArrangement() } } }
    open var alignment: Alignment = .fill { didSet { if alignment != oldValue { setNeedsArrangement() } } }
    /// The gap between adjacent views (the least gap for `equalSpacing` and `equalCentering`).
    open var spacing: CGFloat = 0 { didSet { if spacing != oldValue { setNeedsArrangement() } } }
    /// Whether the views are arranged within the stack's layout margins rather than its edges.
    open var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { setNeedsArrangement() } }
    }

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var arrangement: [NSLayoutConstraint] = []
    private var needsArrangement = true

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    // MARK: Arranged subviews

    /// Adds `view` as the last arranged subview (and as a subview); it stops translating its autoresizing
    /// mask, as in UIKit.
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    open func insertArrangedSubview(_ view: UIView, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        setNeedsArrangement()
    }

    /// Stops arranging `view`; it stays a subview (remove it from its superview to take it away), as in
    /// UIKit.
    open func removeArrangedSubview(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        setNeedsArrangement()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// A gap after `arrangedSubview` other than `spacing`.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing
        setNeedsArrangement()
    }

    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    /// Returned by `customSpacing(after:)` when no custom spacing is set.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude

    override func arrangedSubviewDidChange(_ subview: UIView, visibility: Bool) {
        guard visibility || distribution == .fillProportionally, arrangedSubviews.contains(where: { $0 === subview }) else { return }
        setNeedsArrangement()
    }

    private func setNeedsArrangement() {
        needsArrangement = true
        setNeedsUpdateConstraints()
    }

    // MARK: Constraints

    open override func updateConstraints() {
        if needsArrangement || (distribution == .fillProportionally && proportionsChanged) {
            needsArrangement = false
            NSLayoutConstraint.deactivate(arrangement)
            arrangement = makeArrangement()
            NSLayoutConstraint.activate(arrangement)
        }
        super.updateConstraints()
    }

    private var proportions: [CGFloat] = []
    private var proportionsChanged: Bool { currentProportions != proportions }
    private var currentProportions: [CGFloat] {
        arrangedSubviews.filter { !$0.isHidden }.map { length(of: $0.intrinsicContentSize) }
    }

    private func length(of size: CGSize) -> CGFloat { axis == .horizontal ? size.width : size.height }

    /// The attributes along and across the axis: start, end, length, centre.
    private var along: (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) {
        axis == .horizontal ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
    }
    private var across: (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) {
        axis == .horizontal ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
    }

    private func makeArrangement() -> [NSLayoutConstraint] {
        let views = arrangedSubviews.filter { !$0.isHidden }
        proportions = currentProportions
        guard let first = views.first, let last = views.last else { return [] }
        let canvas: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        var made: [NSLayoutConstraint] = []
        func relate(_ name: String, _ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute,
                    _ relation: NSLayoutConstraint.Relation, _ other: AnyObject?, _ otherAttribute: NSLayoutConstraint.Attribute,
                    multiplier: CGFloat = 1, constant: CGFloat = 0, priority: UILayoutPriority = .required) {
            let constraint = NSLayoutConstraint(item, attribute, relation, other, otherAttribute, multiplier, constant)
            constraint.priority = priority
            constraint.identifier = name
            constraint.kind = .stack
            made.append(constraint)
        }
        let (start, end, size, center) = along
        relate("UISV-canvas-connection", first, start, .equal, canvas, start)
        relate("UISV-canvas-connection", last, end, .equal, canvas, end)

        // Along the axis.
        var spacers: [UILayoutGuide] = []
        for (previous, next) in zip(views, views.dropFirst()) {
            let gap = customSpacings[ObjectIdentifier(previous)] ?? spacing
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                relate("UISV-spacing", next, start, .equal, previous, end, constant: gap)
            case .equalSpacing, .equalCentering:
                relate("UISV-spacing", next, start, .greaterThanOrEqual, previous, end, constant: gap)
                let spacer = distributingGuide(spacers.count)
                spacers.append(spacer)
                let (from, to) = distribution == .equalSpacing ? (end, start) : (center, center)
                relate("UISV-distributing-edge", spacer, start, .equal, previous, from)
                relate("UISV-distributing-edge", spacer, end, .equal, next, to)
                let (crossStart, _, crossSize, _) = across
                relate("UISV-distributing-edge", spacer, crossStart, .equal, canvas, crossStart)
                relate("UISV-distributing-edge", spacer, crossSize, .equal, nil, .notAnAttribute, constant: 0)
            }
        }
        switch distribution {
        case .fillEqually:
            for view in views.dropFirst() { relate("UISV-fill-equally", view, size, .equal, first, size) }
        case .fillProportionally:
            let base = length(of: first.intrinsicContentSize)
            if base > 0 {
                for view in views.dropFirst() {
                    let share = length(of: view.intrinsicContentSize)
                    guard share >= 0 else { continue }
                    relate("UISV-fill-proportionally", view, size, .equal, first, size, multiplier: share / base, priority: UILayoutPriority(999))
                }
            }
        case .equalSpacing:
            for spacer in spacers.dropFirst() { relate("UISV-fill-equally", spacer, size, .equal, spacers[0], size) }
        case .equalCentering:
            for spacer in spacers.dropFirst() {
                relate("UISV-fill-equally", spacer, size, .equal, spacers[0], size, priority: UILayoutPriority(999))
            }
        case .fill:
            break
        }
        // Where views could stretch alike, the first one does: the others are pulled, very weakly, small.
        if distribution == .fill || distribution == .equalSpacing || distribution == .equalCentering {
            for view in views.dropFirst() {
                relate("UISV-ambiguity-suppression", view, size, .lessThanOrEqual, nil, .notAnAttribute, constant: 0, priority: UILayoutPriority(1))
            }
        }

        // Across the axis.
        let (crossStart, crossEnd, crossLength, crossCenter) = across
        let baseline: NSLayoutConstraint.Attribute? = axis == .horizontal && alignment == .firstBaseline ? .firstBaseline
            : axis == .horizontal && alignment == .lastBaseline ? .lastBaseline : nil
        for view in views {
            switch alignment {
            case .fill:
                relate("UISV-alignment", view, crossStart, .equal, canvas, crossStart)
                relate("UISV-alignment", view, crossEnd, .equal, canvas, crossEnd)
            case .leading where baseline == nil, .firstBaseline where baseline == nil:
                relate("UISV-alignment", view, crossStart, .equal, canvas, crossStart)
                relate("UISV-spanning-boundary", view, crossEnd, .lessThanOrEqual, canvas, crossEnd)
            case .trailing where baseline == nil, .lastBaseline where baseline == nil:
                relate("UISV-alignment", view, crossEnd, .equal, canvas, crossEnd)
                relate("UISV-spanning-boundary", view, crossStart, .greaterThanOrEqual, canvas, crossStart)
            case .center:
                relate("UISV-alignment", view, crossCenter, .equal, canvas, crossCenter)
                relate("UISV-spanning-boundary", view, crossStart, .greaterThanOrEqual, canvas, crossStart)
            default:
                // Baselines: the first view's sets where the others' fall.
                if let baseline, view !== first { relate("UISV-alignment", view, baseline, .equal, first, baseline) }
                relate("UISV-spanning-boundary", view, crossStart, .greaterThanOrEqual, canvas, crossStart)
                relate("UISV-spanning-boundary", view, crossEnd, .lessThanOrEqual, canvas, crossEnd)
            }
            if alignment != .fill {
                // The stack hugs its tallest (widest) view when nothing else sizes it.
                relate("UISV-canvas-fit", canvas, crossLength, .equal, view, crossLength, priority: .fittingSizeLevel)
            }
        }
        return made
    }

    /// The spacer guides between views for the equal-spacing distributions, kept across rebuilds.
    private var spacerGuides: [UILayoutGuide] = []

    private func distributingGuide(_ index: Int) -> UILayoutGuide {
        while spacerGuides.count <= index {
            let guide = UILayoutGuide()
            guide.identifier = "UI-distributing-guide"
            addLayoutGuide(guide)
            spacerGuides.append(guide)
        }
        return spacerGuides[index]
    }
}
