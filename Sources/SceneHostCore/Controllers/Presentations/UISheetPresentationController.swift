import Foundation

/// A sheet's delegate: the adaptive delegate's calls, and the person's changes of detent. Set it as the
/// sheet's `delegate`, as in UIKit.
@MainActor
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    /// The person dragged the sheet to another detent (not sent for changes the app makes).
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}

/// The default: nothing.
extension UISheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {}
}

/// What a custom detent's resolver gets: the container's traits and the tallest height a detent may
/// have.
@MainActor
public protocol UISheetPresentationControllerDetentResolutionContext {
    var containerTraitCollection: UITraitCollection { get }
    var maximumDetentValue: CGFloat { get }
}

/// The presentation controller of a page or form sheet (`.pageSheet`, `.formSheet`, `.automatic`), made
/// for the presented controller (`sheetPresentationController`), as in UIKit (iOS 15).
///
/// Layout by size class: regular × regular, a centred sheet (form sheet: `preferredContentSize`, else
/// 540 × 620 pt; page sheet: up to 704 pt wide and the container's height less 40 pt), where detents
/// do not apply (as reported of iPadOS); compact width, a sheet attached to the bottom edge, as tall as
/// its selected detent, with the background visible above it; compact height, the whole container,
/// or with `prefersEdgeAttachedInCompactHeight` a bottom-attached sheet (at most 540 pt wide, or its
/// preferred width with `widthFollowsPreferredContentSizeWhenEdgeAttached`).
///
/// The person drags the top 24 pt of the sheet (where the grabber is drawn when `prefersGrabberVisible`)
/// to move between detents, or down past half the smallest detent (120 pt for a centred sheet) to
/// dismiss it; a change of detent by the person is reported to a `UISheetPresentationControllerDelegate`.
/// Differs from UIKit: scrolling the sheet's content does not drag it
/// (`prefersScrollingExpandsWhenScrolledToEdge` is kept for source compatibility only).
@MainActor
open class UISheetPresentationController: UIPresentationController {
    /// A height a sheet rests at.
    @MainActor
    public final class Detent {
        /// A detent's name; `.medium` and `.large` are the system's.
        public struct Identifier: Hashable, RawRepresentable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }
            public static let medium = Identifier("com.apple.UIKit.medium")
            public static let large = Identifier("com.apple.UIKit.large")
        }

        /// The detent's name, for `selectedDetentIdentifier` and `largestUndimmedDetentIdentifier`.
        public let identifier: Identifier
        private let resolver: (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?

        private init(identifier: Identifier, resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) {
            self.identifier = identifier
            self.resolver = resolver
        }

        /// About half the container's height; inactive in a compact height, as in UIKit.
        public static func medium() -> Detent {
            Detent(identifier: .medium) { context in
                context.containerTraitCollection.verticalSizeClass == .compact ? nil : (context.maximumDetentValue / 2).rounded()
            }
        }

        /// The full height.
        public static func large() -> Detent { Detent(identifier: .large) { $0.maximumDetentValue } }

        /// A height `resolver` computes (nil: inactive), at most `maximumDetentValue`. Don't change the
        /// sheet inside the resolver; call `invalidateDetents()` when what it reads changes. Without an
        /// identifier, a unique one is made.
        public static func custom(identifier: Identifier? = nil,
                                  resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?) -> Detent {
            Detent(identifier: identifier ?? Identifier(UUID().uuidString), resolver: resolver)
        }

        /// The detent's height in `context`, or nil when it is inactive there.
        public func resolvedValue(in context: any UISheetPresentationControllerDetentResolutionContext) -> CGFloat? {
            resolver(context).map { min(max($0, 0), context.maximumDetentValue) }
        }
    }

    private struct ResolutionContext: UISheetPresentationControllerDetentResolutionContext {
        let containerTraitCollection: UITraitCollection
        let maximumDetentValue: CGFloat
    }

    /// The heights the sheet may rest at (never empty: an empty list reads as `[.large()]`).
    public var detents: [Detent] = [.large()] { didSet { invalidateDetents() } }
    /// The detent the sheet rests at; nil: the smallest.
    public var selectedDetentIdentifier: Detent.Identifier? { didSet { relayout() } }
    /// At and below this detent nothing is dimmed and clicks reach what lies under the sheet; nil:
    /// dimmed at every detent.
    public var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { relayout() } }
    /// Whether the grabber is drawn at the top of the sheet (false by default; never when the sheet
    /// fills the container).
    public var prefersGrabberVisible = false { didSet { relayout() } }
    /// Kept for source compatibility: SceneHost's sheets do not follow their content's scrolling.
    public var prefersScrollingExpandsWhenScrolledToEdge = true
    /// In a compact height: a bottom-attached sheet instead of the whole container.
    public var prefersEdgeAttachedInCompactHeight = false { didSet { relayout() } }
    /// When edge-attached in a compact height: as wide as `preferredContentSize` says.
    public var widthFollowsPreferredContentSizeWhenEdgeAttached = false { didSet { relayout() } }
    /// The corner radius (nil: 10 pt).
    public var preferredCornerRadius: CGFloat? { didSet { relayout() } }

    /// The controller that shows this sheet's layout (itself, or the popover this sheet adapts).
    weak var layoutOwner: UIPresentationController?

    override var sheetLayout: UISheetPresentationController? { self }

    /// Makes changes to the detents (or other properties) inside `changes` and animates the sheet to them.
    public func animateChanges(_ changes: () -> Void) {
        changes()
        guard let container = (layoutOwner ?? self).containerView, container.window != nil else { return }
        container.setNeedsLayout()
        UIView.animate(withDuration: 0.3) { container.layoutIfNeeded() }
    }

    /// Resolves the detents again (what a custom resolver reads changed).
    public func invalidateDetents() { relayout() }

    private func relayout() {
        let owner = layoutOwner ?? self
        owner.containerView?.setNeedsLayout()
        owner.installGrabberIfNeeded()
    }

    // MARK: Layout

    /// How the sheet is laid out in an environment.
    enum Mode: Equatable { case fullScreen, centred, bottomAttached }

    func mode(for traits: UITraitCollection) -> Mode {
        if traits.verticalSizeClass == .compact { return prefersEdgeAttachedInCompactHeight ? .bottomAttached : .fullScreen }
        if traits.horizontalSizeClass == .compact { return .bottomAttached }
        return .centred
    }

    /// The gap above a bottom-attached sheet at its largest detent.
    static let topGap: CGFloat = 10

    /// The active detents and their heights in `bounds` with `traits`, smallest first.
    func resolvedDetents(in bounds: CGRect, traits: UITraitCollection) -> [(identifier: Detent.Identifier, height: CGFloat)] {
        let context = ResolutionContext(containerTraitCollection: traits, maximumDetentValue: max(bounds.height - Self.topGap, 0))
        let list = detents.isEmpty ? [Detent.large()] : detents
        let resolved = list.compactMap { detent in detent.resolvedValue(in: context).map { (detent.identifier, $0) } }
        return resolved.isEmpty ? [(.large, context.maximumDetentValue)] : resolved.sorted { $0.1 < $1.1 }
    }

    /// The height of the selected detent (the smallest when none is selected or it is inactive).
    func selectedHeight(in bounds: CGRect, traits: UITraitCollection) -> CGFloat {
        let resolved = resolvedDetents(in: bounds, traits: traits)
        return (resolved.first { $0.identifier == selectedDetentIdentifier } ?? resolved[0]).height
    }

    /// How far the person has dragged the sheet down (negative: up) from its resting place.
    var dragOffset: CGFloat = 0

    /// The sheet's frame in `bounds` with `traits` for `style` (page or form sheet).
    func sheetFrame(in bounds: CGRect, traits: UITraitCollection, style: UIModalPresentationStyle) -> CGRect {
        switch mode(for: traits) {
        case .fullScreen:
            return bounds
        case .bottomAttached:
            var width = bounds.width
            if traits.verticalSizeClass == .compact {
                let preferred = (layoutOwner ?? self).preferredContentSize.width
                width = min(bounds.width, widthFollowsPreferredContentSizeWhenEdgeAttached && preferred > 0 ? preferred : 540)
            }
            let largest = resolvedDetents(in: bounds, traits: traits).last?.height ?? bounds.height
            let height = min(max(selectedHeight(in: bounds, traits: traits) - dragOffset, 0), largest)
            return CGRect(x: bounds.minX + ((bounds.width - width) / 2).rounded(), y: bounds.maxY - height, width: width, height: height)
        case .centred:
            let size: CGSize
            if style == .pageSheet {
                size = CGSize(width: min(704, bounds.width - 40), height: bounds.height - 40)
            } else {
                let preferred = (layoutOwner ?? self).preferredContentSize
                size = preferred.width > 0 && preferred.height > 0 ? preferred : CGSize(width: 540, height: 620)
            }
            return Self.centredFrame(in: bounds, size: size).offsetBy(dx: 0, dy: max(dragOffset, 0))
        }
    }

    /// A frame of `size` (no larger than `bounds` less 20 pt a side) centred in `bounds`.
    static func centredFrame(in bounds: CGRect, size: CGSize) -> CGRect {
        let fitted = CGSize(width: max(min(size.width, bounds.width - 40), 0), height: max(min(size.height, bounds.height - 40), 0))
        return CGRect(x: bounds.minX + ((bounds.width - fitted.width) / 2).rounded(), y: bounds.minY + ((bounds.height - fitted.height) / 2).rounded(),
                      width: fitted.width, height: fitted.height)
    }

    /// Whether the sheet rests at or below its largest undimmed detent (bottom-attached only).
    func isUndimmed(in bounds: CGRect, traits: UITraitCollection) -> Bool {
        guard let undimmed = largestUndimmedDetentIdentifier, mode(for: traits) == .bottomAttached else { return false }
        let resolved = resolvedDetents(in: bounds, traits: traits)
        guard let limit = resolved.first(where: { $0.identifier == undimmed })?.height else { return false }
        return selectedHeight(in: bounds, traits: traits) <= limit
    }

    override var extraChromeViews: [UIView] { grabberView.map { [$0] } ?? [] }
}

extension UIPresentationController {
    /// The sheet layout in force (a sheet, or an adapted popover's sheet), when the chrome is a sheet's.
    var activeSheet: UISheetPresentationController? { chrome == .sheet ? sheetLayout : nil }

    var sheetDimmingAlpha: CGFloat {
        guard let sheet = activeSheet, let bounds = contextBounds else { return 1 }
        return sheet.isUndimmed(in: bounds, traits: traitCollection) ? 0 : 1
    }

    var sheetPassesTouches: Bool {
        guard let sheet = activeSheet, let bounds = contextBounds else { return false }
        return sheet.isUndimmed(in: bounds, traits: traitCollection)
    }

    /// The grabber strip of a sheet, in the container.
    var grabberView: SheetGrabberView? {
        containerView?.subviews.last { $0 is SheetGrabberView } as? SheetGrabberView
    }

    /// Adds the grabber strip to a sheet's container (or removes it when the chrome is not a sheet's).
    func installGrabberIfNeeded() {
        guard let containerView else { return }
        let existing = grabberView
        guard activeSheet != nil else {
            existing?.removeFromSuperview()
            return
        }
        if existing == nil { containerView.addSubview(SheetGrabberView(controller: self)) }
        containerView.setNeedsLayout()
    }

    /// Places the grabber strip over the top of the sheet at `frame`.
    func layoutGrabber(around frame: CGRect, in bounds: CGRect) {
        guard let grabber = grabberView, let sheet = activeSheet else { return }
        if let presentedView, presentedView.superview === containerView { containerView?.bringSubviewToFront(grabber) }
        let fills = frame.size == bounds.size
        grabber.isHidden = fills
        grabber.showsHandle = sheet.prefersGrabberVisible
        place(grabber, at: CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: 24))
        if let presentedView, !fills { presentedView.layer.cornerRadius = sheet.preferredCornerRadius ?? 10 }
    }

    /// The person drags the grabber strip: the sheet follows; on release it rests at the nearest detent,
    /// or is dismissed when dragged far enough down (the person's dismissal, with the delegate's calls).
    func grabberDragged(_ pan: UIPanGestureRecognizer) {
        guard let sheet = activeSheet, let containerView, let bounds = contextBounds, activeTransition == nil else { return }
        let traits = traitCollection
        let translation = pan.translation(in: containerView).y
        switch pan.state {
        case .began, .changed:
            if sheet.mode(for: traits) == .bottomAttached {
                let resolved = sheet.resolvedDetents(in: bounds, traits: traits)
                let current = sheet.selectedHeight(in: bounds, traits: traits)
                sheet.dragOffset = max(translation, current - (resolved.last?.height ?? current))
            } else {
                sheet.dragOffset = translation
            }
            containerView.setNeedsLayout()
            containerView.layoutIfNeeded()
        case .ended:
            let settle = {
                containerView.setNeedsLayout()
                UIView.animate(withDuration: 0.25) { containerView.layoutIfNeeded() }
            }
            if sheet.mode(for: traits) == .bottomAttached {
                let resolved = sheet.resolvedDetents(in: bounds, traits: traits)
                let height = sheet.selectedHeight(in: bounds, traits: traits) - sheet.dragOffset
                if height < resolved[0].height / 2 {
                    if dismissByUser() { return }
                    sheet.dragOffset = 0
                    settle()
                    return
                }
                let nearest = resolved.min { abs($0.height - height) < abs($1.height - height) }
                let before = sheet.selectedHeight(in: bounds, traits: traits)
                sheet.dragOffset = 0
                sheet.selectedDetentIdentifier = nearest?.identifier
                settle()
                if let nearest, nearest.height != before, let delegate = delegate as? UISheetPresentationControllerDelegate {
                    delegate.sheetPresentationControllerDidChangeSelectedDetentIdentifier(sheet)
                }
            } else {
                if sheet.dragOffset > 120, dismissByUser() { return }
                sheet.dragOffset = 0
                settle()
            }
        case .cancelled, .failed:
            sheet.dragOffset = 0
            containerView.setNeedsLayout()
        default:
            break
        }
    }
}

/// The strip at the top of a sheet that the person drags; draws the grabber handle when asked.
@MainActor
final class SheetGrabberView: UIView {
    /// Weak: it lives in the container, which may outlive the controller.
    weak var controller: UIPresentationController?
    var showsHandle = false { didSet { if showsHandle != oldValue { setNeedsDisplay() } } }

    init(controller: UIPresentationController) {
        self.controller = controller
        super.init(frame: .zero)
        addGestureRecognizer(UIPanGestureRecognizer { [unowned self] pan in self.controller?.grabberDragged(pan) })
    }

    override func draw(_ rect: CGRect) {
        guard showsHandle else { return }
        UIColor(white: 0.55, alpha: 0.6).setFill()
        UIBezierPath(roundedRect: CGRect(x: (bounds.width - 36) / 2, y: 5, width: 36, height: 5), cornerRadius: 2.5).fill()
    }
}
