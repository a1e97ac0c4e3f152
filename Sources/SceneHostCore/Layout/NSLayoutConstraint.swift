import Foundation

/// How strongly a constraint should hold: 1…1000, 1000 = required. Higher priorities are satisfied
/// first; an optional constraint that cannot hold is still brought as close as possible.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue + b) }
    public static func - (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue - b) }

    var isRequired: Bool { rawValue >= 1000 }
}

/// A linear relation between two layout attributes, `item1.attribute1 (≤ = ≥) multiplier × item2.attribute2
/// + constant`, with UIKit's semantics: inactive when made; activating it installs it on the items'
/// nearest common ancestor; changing `constant` re-solves incrementally.
@MainActor
open class NSLayoutConstraint: @MainActor CustomStringConvertible {
    public enum Attribute: Int, Sendable {
        case notAnAttribute = 0, left = 1, right = 2, top = 3, bottom = 4, leading = 5, trailing = 6, width = 7,
             height = 8, centerX = 9, centerY = 10, lastBaseline = 11, firstBaseline = 12, leftMargin = 13,
             rightMargin = 14, topMargin = 15, bottomMargin = 16, leadingMargin = 17, trailingMargin = 18,
             centerXWithinMargins = 19, centerYWithinMargins = 20
    }

    public enum Relation: Int, Sendable { case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1 }

    public enum Axis: Int, Sendable { case horizontal = 0, vertical = 1 }

    /// The first view or layout guide. As in UIKit, a constraint does not keep its items alive (a view
    /// holds the constraints installed on it, so a strong link would be a cycle): nil once it is gone.
    public var firstItem: AnyObject? { firstLink.item }
    public let firstAttribute: Attribute
    public let relation: Relation
    /// The second item; nil for a constant size, or once the item has gone away.
    public var secondItem: AnyObject? { secondLink?.item }
    private let firstLink: LayoutItemLink
    private let secondLink: LayoutItemLink?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat

    /// The offset; changing it on an active constraint updates the layout incrementally.
    open var constant: CGFloat {
        didSet { if constant != oldValue { engine?.constantDidChange(self, from: oldValue) } }
    }

    /// Changing an installed constraint between required and optional is refused (with a message), as
    /// UIKit refuses it; changes among optional priorities apply at once.
    open var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue, installedOn != nil else { return }
            if priority.isRequired != oldValue.isRequired {
                SceneHostLog.warning("""
                    Mutating a priority from required to not on an installed constraint (or vice-versa) is not \
                    supported. You passed priority \(priority.rawValue) and the existing priority was \
                    \(oldValue.rawValue); the change is ignored. Deactivate the constraint, change its priority, \
                    then activate it again: \(self)
                    """)
                priority = oldValue
                return
            }
            engine?.priorityDidChange(self)
        }
    }

    /// A name shown in logs.
    open var identifier: String?

    /// Whether the constraint takes part in layout. Activating it installs it on the nearest common
    /// ancestor of its items; a constraint whose items share no ancestor is refused with a message.
    open var isActive: Bool {
        get { installedOn != nil || (kind != .user && engine != nil) }
        set {
            if newValue { activate() } else { deactivate() }
        }
    }

    /// The view it is installed on while active.
    unowned(unsafe) var installedOn: UIView?
    /// Its place in that view's `constraints`.
    var installedIndex = 0
    /// The engine it is in while active and its view is in an engine.
    unowned(unsafe) var engine: LayoutEngine?
    /// It was taken out of an engine once (deactivated, as by a size-class change): it is solved as one
    /// likely to be switched off again (see `Solver.addConstraint(_:removable:)`).
    var wasRemoved = false
    /// Its solver constraint, kept when it left a hosting engine with its view (a table's cell going
    /// to the reuse queue): used again if it comes back saying the same (see `LayoutEngine.rebuild()`).
    var parkedSolverConstraint: LayoutConstraint?
    /// Made by SceneHost (autoresizing masks, intrinsic sizes, guides, stacks): named in logs as UIKit does.
    var kind: Kind = .user

    enum Kind { case user, autoresizingMask, contentSize, guide, stack }
    /// For generated autoresizing constraints: the first attribute is measured from the superview's
    /// origin, so a flexible margin can be a share of the superview's size.
    var measuredFromSuperviewOrigin = false

    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                            attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        self.init(view1 as AnyObject, attr1, relation, view2.map { $0 as AnyObject }, attr2, multiplier, c)
    }

    /// The items as objects already: anchors, stacks and the engine make constraints at every layout,
    /// and converting from `Any` costs more than the rest of making one.
    init(_ first: AnyObject, _ attr1: Attribute, _ relation: Relation, _ second: AnyObject?, _ attr2: Attribute,
         _ multiplier: CGFloat, _ c: CGFloat) {
        firstLink = LayoutItemLink.to(first)
        firstAttribute = attr1
        self.relation = relation
        secondLink = second.map(LayoutItemLink.to)
        secondAttribute = second == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
    }

    /// Whether the constraint was made with a second item (which may have gone away since).
    var hasSecondItem: Bool { secondLink != nil }

    /// The first item as a layout item (a view or a layout guide).
    var item1: (any LayoutItem)? { firstLink.layoutItem }
    var item2: (any LayoutItem)? { secondLink?.layoutItem }

    /// Activates all of them (each installed on its items' nearest common ancestor).
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.activate() }
    }

    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.deactivate() }
    }

    private func activate() {
        guard installedOn == nil else { return }
        if let problem = validationProblem {
            SceneHostLog.warning("Unable to activate constraint \(self): \(problem)")
            return
        }
        guard let ancestor = commonAncestor else {
            SceneHostLog.warning("""
                Unable to activate constraint \(self) because its items have no common ancestor. Does the \
                constraint reference items in different view hierarchies? Add both views to one hierarchy \
                (addSubview) before activating.
                """)
            return
        }
        ancestor.install(self)
    }

    private func deactivate() {
        installedOn?.uninstall(self)
    }

    /// Why the constraint can never hold, or nil.
    private var validationProblem: String? {
        guard firstItem != nil else { return "its first item no longer exists" }
        guard item1 != nil else { return "its first item is not a UIView or UILayoutGuide" }
        if hasSecondItem, secondItem == nil { return "its second item no longer exists" }
        if secondItem != nil, item2 == nil { return "its second item is not a UIView or UILayoutGuide" }
        if firstAttribute == .notAnAttribute { return "its first attribute is notAnAttribute" }
        if !hasSecondItem {
            guard firstAttribute == .width || firstAttribute == .height else {
                return "a constraint with no second item must constrain a width or height to a constant"
            }
            return nil
        }
        if secondAttribute == .notAnAttribute { return "its second attribute is notAnAttribute" }
        let a = firstAttribute.axisKind, b = secondAttribute.axisKind
        if a != b, !(a.isDimension && b.isDimension) {
            return "a \(a) attribute cannot be related to a \(b) attribute"
        }
        if firstAttribute.isDirectional != secondAttribute.isDirectional, a == .xPosition, b == .xPosition,
           firstAttribute.isEdge && secondAttribute.isEdge {
            return "leading/trailing attributes cannot be related to left/right attributes"
        }
        return nil
    }

    /// The nearest view that contains both items (the item's owning view for a guide).
    private var commonAncestor: UIView? {
        guard let first = item1?.owningLayoutView else { return nil }
        guard hasSecondItem else { return first }
        guard let second = item2?.owningLayoutView else { return nil }
        var candidate: UIView? = first
        while let view = candidate {
            if second.isDescendant(of: view) { return view }
            candidate = view.superview
        }
        return nil
    }

    public var description: String {
        let name = switch kind {
        case .user: "NSLayoutConstraint"
        case .autoresizingMask: "NSAutoresizingMaskLayoutConstraint"
        case .contentSize: "NSContentSizeLayoutConstraint"
        case .guide, .stack: "NSLayoutConstraint"
        }
        var text = "<\(name):\(Self.address(self)) "
        if let identifier { text += "'\(identifier)' " }
        text += "\(Self.itemName(firstItem)).\(firstAttribute.name) \(relation.symbol) "
        if let secondItem {
            if multiplier != 1 { text += "\(Self.number(multiplier))*" }
            text += "\(Self.itemName(secondItem)).\(secondAttribute.name)"
            if constant != 0 { text += " \(constant < 0 ? "-" : "+") \(Self.number(abs(constant)))" }
        } else {
            text += Self.number(constant)
        }
        if !priority.isRequired { text += " @\(Self.number(CGFloat(priority.rawValue)))" }
        text += installedOn == nil ? "   (inactive)>" : "   (active)>"
        return text
    }

    static func address(_ object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
    }

    static func itemName(_ item: AnyObject?) -> String {
        guard let item else { return "nil" }
        if let guide = item as? UILayoutGuide {
            return "'\(guide.identifier)'" + (guide.owningView.map { "\(itemName($0))" } ?? "")
        }
        return "\(type(of: item)):\(address(item))"
    }

    private static func number(_ value: CGFloat) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", Double(value))
    }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

extension NSLayoutConstraint.Attribute {
    enum AxisKind: CustomStringConvertible {
        case xPosition, yPosition, width, height, none
        var isDimension: Bool { self == .width || self == .height }
        var description: String {
            switch self {
            case .xPosition: "X-axis"
            case .yPosition: "Y-axis"
            case .width, .height: "dimension"
            case .none: "missing"
            }
        }
    }

    var axisKind: AxisKind {
        switch self {
        case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins: .xPosition
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline, .topMargin, .bottomMargin, .centerYWithinMargins:
            .yPosition
        case .width: .width
        case .height: .height
        case .notAnAttribute: .none
        }
    }

    var axis: NSLayoutConstraint.Axis {
        switch axisKind {
        case .xPosition, .width: .horizontal
        default: .vertical
        }
    }

    /// Leading and trailing (with their margin forms): they swap sides under right-to-left layout.
    var isDirectional: Bool {
        self == .leading || self == .trailing || self == .leadingMargin || self == .trailingMargin
    }

    var isEdge: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .leftMargin, .rightMargin, .leadingMargin, .trailingMargin: true
        default: false
        }
    }

    /// The margin forms, which mean the same attribute of the view's `layoutMarginsGuide`.
    var withoutMargin: NSLayoutConstraint.Attribute? {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: nil
        }
    }

    var name: String {
        switch self {
        case .notAnAttribute: "notAnAttribute"
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        }
    }
}
