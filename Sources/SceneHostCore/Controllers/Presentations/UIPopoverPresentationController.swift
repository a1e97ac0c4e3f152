import Foundation

/// Where a popover's arrow points, with UIKit's raw values.
public struct UIPopoverArrowDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = Self(rawValue: 1 << 0)
    public static let down = Self(rawValue: 1 << 1)
    public static let left = Self(rawValue: 1 << 2)
    public static let right = Self(rawValue: 1 << 3)
    public static let any: Self = [.up, .down, .left, .right]
    /// No arrow (the popover has no anchor yet, or is not shown as a popover).
    public static let unknown = Self(rawValue: .max)
}

/// What a popover can point at: a bar button item or a view, as in UIKit (iOS 16).
@MainActor
public protocol UIPopoverPresentationControllerSourceItem: AnyObject {}

extension UIBarButtonItem: UIPopoverPresentationControllerSourceItem {}
extension UIView: UIPopoverPresentationControllerSourceItem {}

/// The presentation controller of a `.popover` presentation (`popoverPresentationController`): a
/// bubble with an arrow pointing at its anchor (`sourceItem`, or `sourceView` and `sourceRect`), a
/// shadow, sized by the content's `preferredContentSize` (width kept within 320…600 pt and both sides
/// within the window less `popoverLayoutMargins`, UIKit's documented rule; zero: 320 × 480), placed
/// again whenever the window is laid out, the anchor moves or the preferred size changes (animated).
///
/// The arrow side is the first of up (the popover below the anchor), down, then the trailing side
/// (left arrow in left-to-right, right arrow in right-to-left) and the other that
/// `permittedArrowDirections` allows and where the content fits, else the allowed side with the most
/// room (the content shrinks to it). A click outside dismisses it (the person's dismissal), except on
/// `passthroughViews`, which get the click. In a compact width or height it adapts to a form sheet laid
/// out by `adaptiveSheetPresentationController`, and back, live.
///
/// Differs from UIKit: without any anchor UIKit raises; SceneHost logs a warning and centres the
/// popover without an arrow. The popover never covers its anchor (`canOverlapSourceViewRect` is kept for
/// source compatibility); `popoverBackgroundViewClass` is not supported; a popover dims nothing.
@MainActor
open class UIPopoverPresentationController: UIPresentationController {
    /// The view the popover points at (with `sourceRect`). Weak, as in UIKit.
    public weak var sourceView: UIView? { didSet { containerView?.setNeedsLayout() } }
    /// The rectangle in `sourceView` the arrow points at; zero or null: its bounds.
    public var sourceRect: CGRect = .zero { didSet { containerView?.setNeedsLayout() } }
    /// What the popover points at (a bar button item or a view); wins over `sourceView`.
    public weak var sourceItem: (any UIPopoverPresentationControllerSourceItem)? { didSet { containerView?.setNeedsLayout() } }
    /// Deprecated in UIKit in favour of `sourceItem`.
    public var barButtonItem: UIBarButtonItem? {
        get { sourceItem as? UIBarButtonItem }
        set { sourceItem = newValue }
    }
    /// The sides the arrow may point to (`.any` by default).
    public var permittedArrowDirections: UIPopoverArrowDirection = .any { didSet { containerView?.setNeedsLayout() } }
    /// Where the arrow points now; `.unknown` before the popover is placed or while it is adapted.
    public private(set) var arrowDirection: UIPopoverArrowDirection = .unknown
    /// Views the person can use while the popover is open: clicks on them go to them and do not
    /// dismiss the popover.
    public var passthroughViews: [UIView]?
    /// How close to the window's edges the popover may come (10 pt each side by default).
    public var popoverLayoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10) { didSet { containerView?.setNeedsLayout() } }
    /// Whether the popover may cover its anchor when there is no room beside it (false). Kept for
    /// source compatibility: SceneHost shrinks the popover instead.
    public var canOverlapSourceViewRect = false
    /// The bubble's colour (nil: the system background).
    public var backgroundColor: UIColor? { didSet { backdropView?.setNeedsDisplay() } }

    /// The sheet the popover becomes in a compact environment; configure it (detents, grabber) in the
    /// delegate's `presentationController(_:prepare:)` or before presenting.
    public private(set) lazy var adaptiveSheetPresentationController: UISheetPresentationController = {
        let sheet = UISheetPresentationController(presentedViewController: presentedViewController, presenting: presentingStorage)
        sheet.layoutOwner = self
        return sheet
    }()

    /// The arrow's length and the width of its base; the bubble's corner radius.
    static let arrowHeight: CGFloat = 13, arrowBase: CGFloat = 26, cornerRadius: CGFloat = 13

    override var sheetLayout: UISheetPresentationController? { adaptiveSheetPresentationController }
    override var adaptiveSheet: UISheetPresentationController? { adaptiveSheetPresentationController }

    /// A popover becomes a form sheet when either size class is compact (iOS 13+).
    override func defaultAdaptiveStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        traitCollection.horizontalSizeClass == .compact || traitCollection.verticalSizeClass == .compact ? .formSheet : .none
    }

    override func frameOfPresentedView(in bounds: CGRect, traits: UITraitCollection) -> CGRect {
        guard effectiveStyle == .popover else { return super.frameOfPresentedView(in: bounds, traits: traits) }
        return placement(in: bounds, traits: traits, source: sourceRectInContainer()).content
    }

    override func makeBackdrop(for chrome: Chrome) -> UIView {
        chrome == .popover ? PopoverBackgroundView(controller: self) : super.makeBackdrop(for: chrome)
    }

    override func layoutChrome(around frame: CGRect, in bounds: CGRect) {
        guard effectiveStyle == .popover, let backdrop = backdropView as? PopoverBackgroundView else {
            arrowDirection = .unknown
            super.layoutChrome(around: frame, in: bounds)
            return
        }
        dimmingView?.frame = bounds
        let placed = placement(in: bounds, traits: traitCollection, source: sourceRectInContainer())
        arrowDirection = placed.arrow
        lastSourceRect = placed.source
        backdrop.arrow = placed.arrow
        backdrop.arrowPosition = placed.arrowPosition
        let h = Self.arrowHeight
        var bubble = placed.content
        switch placed.arrow {
        case .up: bubble.origin.y -= h; bubble.size.height += h
        case .down: bubble.size.height += h
        case .left: bubble.origin.x -= h; bubble.size.width += h
        case .right: bubble.size.width += h
        default: break
        }
        place(backdrop, at: bubble)
        backdrop.contentRect = CGRect(x: placed.content.minX - bubble.minX, y: placed.content.minY - bubble.minY,
                                      width: placed.content.width, height: placed.content.height)
        backdrop.setNeedsDisplay()
        backdrop.layer.shadowPath = backdrop.bubblePath().cgPath
        if let presentedView {
            presentedView.layer.cornerRadius = Self.cornerRadius
            presentedView.clipsToBounds = true
        }
    }

    /// The anchor's rectangle the popover was last placed for (container coordinates).
    private var lastSourceRect: CGRect?

    /// Whether the anchor moved since the popover was placed: the scene lays it out again.
    func sourceMoved() -> Bool {
        guard effectiveStyle == .popover, containerView != nil, activeTransition == nil else { return false }
        return sourceRectInContainer() != lastSourceRect
    }

    /// The anchor in the container's coordinates; nil when there is none on screen.
    func sourceRectInContainer() -> CGRect? {
        guard let containerView, let window = containerView.window else { return nil }
        if let item = sourceItem as? UIBarButtonItem {
            if let view = Self.view(showing: item, in: window) { return view.convert(view.bounds, to: containerView) }
        } else if let view = sourceItem as? UIView, view.window === window {
            return view.convert(view.bounds, to: containerView)
        }
        if let sourceView, sourceView.window === window {
            let rect = sourceRect.isNull || sourceRect == .zero ? sourceView.bounds : sourceRect
            return sourceView.convert(rect, to: containerView)
        }
        return nil
    }

    /// The view showing `item` in `window`: its custom view, or the bar's button for it.
    static func view(showing item: UIBarButtonItem, in window: UIWindow) -> UIView? {
        if let custom = item.customView, custom.window === window { return custom }
        var stack: [UIView] = [window]
        while let view = stack.popLast() {
            if let button = view as? BarItemButton, button.item === item, !button.isHidden { return button }
            // Presentations above the bars are not where bar items live.
            stack.append(contentsOf: view.subviews.filter { !($0 is PresentationContainerView) })
        }
        return nil
    }

    private var warnedNoAnchor = false

    /// The next presentation places the popover afresh, and warns again of a missing anchor.
    override func uninstall() {
        super.uninstall()
        lastSourceRect = nil
        warnedNoAnchor = false
    }

    /// Where the popover goes in `bounds`: the content's frame, the arrow's side and its position along
    /// that side (from the bubble's top or leading edge, bubble coordinates), for an anchor at `source`.
    func placement(in bounds: CGRect, traits: UITraitCollection, source: CGRect?)
        -> (content: CGRect, arrow: UIPopoverArrowDirection, arrowPosition: CGFloat, source: CGRect?) {
        let area = bounds.inset(by: popoverLayoutMargins)
        var size = shownViewController.preferredContentSize
        if size.width <= 0 || size.height <= 0 { size = CGSize(width: 320, height: 480) }
        size.width = min(max(size.width, 320), 600)
        size = CGSize(width: min(size.width, area.width), height: min(size.height, area.height))
        guard let source else {
            if !warnedNoAnchor {
                warnedNoAnchor = true
                SceneHostLog.warning("a popover needs an anchor: set popoverPresentationController's sourceItem, or its sourceView (and sourceRect); it is centred without an arrow")
            }
            return (UISheetPresentationController.centredFrame(in: bounds, size: size), .unknown, 0, nil)
        }
        let h = Self.arrowHeight
        let rightToLeft = traits.layoutDirection == .rightToLeft
        let order: [UIPopoverArrowDirection] = [.up, .down] + (rightToLeft ? [.right, .left] : [.left, .right])
        let permitted = order.filter { permittedArrowDirections.contains($0) }
        func room(_ direction: UIPopoverArrowDirection) -> CGSize {
            switch direction {
            case .up: CGSize(width: area.width, height: area.maxY - (source.maxY + h))
            case .down: CGSize(width: area.width, height: source.minY - h - area.minY)
            case .left: CGSize(width: area.maxX - (source.maxX + h), height: area.height)
            default: CGSize(width: source.minX - h - area.minX, height: area.height)
            }
        }
        let chosen = permitted.first { let r = room($0); return size.width <= r.width && size.height <= r.height }
            ?? permitted.max { let a = room($0), b = room($1); return max(a.width, 0) * max(a.height, 0) < max(b.width, 0) * max(b.height, 0) }
        guard let direction = chosen else {
            return (UISheetPresentationController.centredFrame(in: bounds, size: size), .unknown, 0, source)
        }
        let available = room(direction)
        size = CGSize(width: max(min(size.width, available.width), 0), height: max(min(size.height, available.height), 0))
        func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat { min(max(value, low), max(low, high)) }
        var frame = CGRect(origin: .zero, size: size)
        switch direction {
        case .up, .down:
            frame.origin.x = clamp((source.midX - size.width / 2).rounded(), area.minX, area.maxX - size.width)
            frame.origin.y = direction == .up ? source.maxY + h : source.minY - h - size.height
        default:
            frame.origin.y = clamp((source.midY - size.height / 2).rounded(), area.minY, area.maxY - size.height)
            frame.origin.x = direction == .left ? source.maxX + h : source.minX - h - size.width
        }
        let inset = Self.cornerRadius + Self.arrowBase / 2
        let along = direction == .up || direction == .down
            ? clamp(source.midX - frame.minX, inset, frame.width - inset)
            : clamp(source.midY - frame.minY, inset, frame.height - inset)
        return (frame, direction, along, source)
    }

    // MARK: Clicks outside

    override func passthroughHit(at point: CGPoint, with event: UIEvent?) -> UIView? {
        guard let passthroughViews, let containerView else { return nil }
        for view in passthroughViews.reversed() where view.window === containerView.window && !view.isHidden {
            let local = containerView.convert(point, to: view)
            if view.point(inside: local, with: event) { return view.hitTest(local, with: event) ?? view }
        }
        return nil
    }
}

/// A popover's bubble: a rounded rectangle with the arrow, filled with the popover's colour, with a
/// soft shadow (its `shadowPath` is the bubble).
@MainActor
final class PopoverBackgroundView: UIView {
    /// Weak: it lives in the container, which may outlive the controller.
    weak var controller: UIPopoverPresentationController?
    var arrow: UIPopoverArrowDirection = .unknown
    var arrowPosition: CGFloat = 0
    /// The content's rectangle in this view.
    var contentRect: CGRect = .zero

    init(controller: UIPopoverPresentationController) {
        self.controller = controller
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        layer.shadowOpacity = 0.22
        layer.shadowRadius = 14
        layer.shadowOffset = CGSize(width: 0, height: 4)
    }

    /// The bubble's outline in this view's coordinates.
    func bubblePath() -> UIBezierPath {
        let path = UIBezierPath(roundedRect: contentRect, cornerRadius: UIPopoverPresentationController.cornerRadius)
        let h = UIPopoverPresentationController.arrowHeight, half = UIPopoverPresentationController.arrowBase / 2
        let c = contentRect
        switch arrow {
        case .up:
            path.move(to: CGPoint(x: c.minX + arrowPosition - half, y: c.minY))
            path.addLine(to: CGPoint(x: c.minX + arrowPosition, y: c.minY - h))
            path.addLine(to: CGPoint(x: c.minX + arrowPosition + half, y: c.minY))
        case .down:
            path.move(to: CGPoint(x: c.minX + arrowPosition - half, y: c.maxY))
            path.addLine(to: CGPoint(x: c.minX + arrowPosition, y: c.maxY + h))
            path.addLine(to: CGPoint(x: c.minX + arrowPosition + half, y: c.maxY))
        case .left:
            path.move(to: CGPoint(x: c.minX, y: c.minY + arrowPosition - half))
            path.addLine(to: CGPoint(x: c.minX - h, y: c.minY + arrowPosition))
            path.addLine(to: CGPoint(x: c.minX, y: c.minY + arrowPosition + half))
        case .right:
            path.move(to: CGPoint(x: c.maxX, y: c.minY + arrowPosition - half))
            path.addLine(to: CGPoint(x: c.maxX + h, y: c.minY + arrowPosition))
            path.addLine(to: CGPoint(x: c.maxX, y: c.minY + arrowPosition + half))
        default:
            return path
        }
        path.close()
        return path
    }

    override func draw(_ rect: CGRect) {
        (controller?.backgroundColor ?? .systemBackground).setFill()
        bubblePath().fill()
    }
}
