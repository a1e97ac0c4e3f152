import Foundation

/// Something constraints can position: a view or a layout guide. Both have the same anchors.
@MainActor
protocol LayoutItem: AnyObject {
    /// The view whose hierarchy the item lives in: the view itself, or a guide's owning view.
    var owningLayoutView: UIView? { get }
    /// What constraints hold of the item (see `LayoutItemLink`).
    var layoutItemLink: LayoutItemLink { get }
}

/// A constraint's link to one of its items. The item clears it as it goes away, so a constraint never
/// keeps its items alive and reads nil afterwards, as UIKit's weak items do. Not a weak reference: that
/// would give the item a side table, and every retain and release of a view would take Swift's slow
/// path (15% more instructions in a drag of the Mail scene, measured with callgrind).
@MainActor
final class LayoutItemLink {
    unowned(unsafe) var item: AnyObject?
    /// An object that is neither a view nor a guide (refused on activation) is simply kept.
    private let kept: AnyObject?

    private init(item: AnyObject, keep: Bool) {
        self.item = item
        kept = keep ? item : nil
    }

    /// The link for `item`: its own when it is a view or a guide. Class casts: views and guides are the
    /// only layout items, and a cast to `any LayoutItem` has the runtime look the conformance up, at
    /// each class's first cast a scan of every conformance record in the executable.
    static func to(_ item: AnyObject) -> LayoutItemLink {
        if let view = item as? UIView { return view.layoutItemLink }
        if let guide = item as? UILayoutGuide { return guide.layoutItemLink }
        return LayoutItemLink(item: item, keep: true)
    }

    /// The item when it is a view or a guide (nil once it is gone): told apart by class casts, not by a
    /// cast to `any LayoutItem` (see `to(_:)`).
    var layoutItem: (any LayoutItem)? {
        guard kept == nil, let item else { return nil }
        if let view = item as? UIView { return view }
        return item as? UILayoutGuide
    }

    static func made(for item: any LayoutItem) -> LayoutItemLink { LayoutItemLink(item: item, keep: false) }
}

/// What has UIKit's edge, centre and size anchors: views and layout guides.
@MainActor
public protocol LayoutAnchorProvider: AnyObject {}

extension LayoutAnchorProvider {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
}

/// A rectangle that takes part in Auto Layout without being a view: spacing between views, or a region
/// such as a view's margins. Add it to a view with `addLayoutGuide(_:)`, then constrain its anchors.
@MainActor
open class UILayoutGuide: LayoutItem, LayoutAnchorProvider {
    enum Kind { case custom, layoutMargins, safeArea, readableContent, scrollContent, scrollFrame }

    let kind: Kind
    /// A name shown in logs.
    open var identifier: String

    /// Unowned, as a view's links are (see `UIView.superview`): the view clears it when it removes the
    /// guide or goes away, which is what a weak reference would do.
    public private(set) unowned(unsafe) var owningView: UIView?

    public init() {
        kind = .custom
        identifier = ""
    }

    init(kind: Kind, owner: UIView, identifier: String) {
        self.kind = kind
        self.identifier = identifier
        owningView = owner
    }

    func setOwningView(_ view: UIView?) { owningView = view }

    var layoutItemLink: LayoutItemLink {
        if let link { return link }
        let made = LayoutItemLink.made(for: self)
        link = made
        return made
    }
    private var link: LayoutItemLink?
    /// What a hosting layout engine kept of the guide when it left the hierarchy (see
    /// `LayoutEngine.Record.park()`).
    var parkedLayoutRecord: LayoutEngine.Record?

    isolated deinit { link?.item = nil }

    var owningLayoutView: UIView? { owningView }

    /// The guide's rectangle in its owning view's coordinates, as the last layout pass computed it. The
    /// system guides (margins, safe area, readable content) also answer outside Auto Layout.
    open var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        if let engine = view.layoutEngine, let frame = engine.frame(of: self, in: view) { return frame }
        switch kind {
        case .custom: return .zero
        case .layoutMargins: return view.bounds.inset(by: view.layoutMargins)
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .readableContent: return view.readableContentFrame
        case .scrollContent: return CGRect(origin: .zero, size: (view as? UIScrollView)?.contentSize ?? .zero)
        case .scrollFrame: return view.bounds
        }
    }
}
