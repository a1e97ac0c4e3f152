import Foundation

/// Gives a view its own pointer look, as UIKit's `UIPointerInteraction`: while the pointer is over a
/// region of the view (its bounds, unless the delegate says otherwise) the style the delegate returns
/// for that region sets the desktop's cursor. Without a delegate, or when it returns nil, the style is
/// `.automatic`, the pointing hand.
///
/// ```swift
/// let beam = UIPointerInteraction(delegate: self)   // styleFor: UIPointerStyle(shape: .verticalBeam(length: 20))
/// textView.addInteraction(beam)
/// ```
///
/// Differs from UIKit: the style becomes a desktop cursor (see `UIPointerStyle`); there are no
/// pointer effects, accessories or animations; the innermost view under the pointer with an enabled
/// interaction whose region holds the pointer decides, and elsewhere the cursor is the arrow.
@MainActor
public final class UIPointerInteraction: UIInteraction {
    /// Answers for regions and styles; held weakly.
    public weak var delegate: (any UIPointerInteractionDelegate)?
    /// Whether the interaction sets the cursor; a disabled one is skipped.
    public var isEnabled = true { didSet { if isEnabled != oldValue { invalidate() } } }
    /// The view the interaction is added to.
    public private(set) weak var view: UIView?

    public init(delegate: (any UIPointerInteractionDelegate)?) {
        self.delegate = delegate
    }

    public func willMove(to view: UIView?) {}
    public func didMove(to view: UIView?) {
        self.view = view
        invalidate()
    }

    /// Asks the delegate again for the region and style under the pointer (after what they depend on
    /// changed).
    public func invalidate() {
        (view?.window?.windowScene ?? lastScene)?.pointer.invalidateCursor()
    }

    /// The scene whose cursor it set last, so invalidating after removal updates it.
    weak var lastScene: UIWindowScene?

    /// The region at `location` (the view's coordinates): the delegate's, else the view's bounds; nil
    /// when the pointer is outside it.
    func region(at location: CGPoint, in view: UIView) -> UIPointerRegion? {
        let defaultRegion = UIPointerRegion(rect: view.bounds, identifier: nil)
        guard let delegate else { return view.bounds.contains(location) ? defaultRegion : nil }
        let request = UIPointerRegionRequest(location: location, modifiers: [])
        guard let region = delegate.pointerInteraction(self, regionFor: request, defaultRegion: defaultRegion),
              region.rect.contains(location) else { return nil }
        return region
    }

    /// The style for `region`: the delegate's, else the automatic effect.
    func style(for region: UIPointerRegion) -> UIPointerStyle {
        delegate?.pointerInteraction(self, styleFor: region) ?? UIPointerStyle(effect: .automatic)
    }
}

/// What a pointer interaction asks, as UIKit's `UIPointerInteractionDelegate`; both methods are
/// optional (the defaults answer as UIKit's absent methods do).
@MainActor
public protocol UIPointerInteractionDelegate: AnyObject {
    /// The region under the pointer (in the view's coordinates), or nil for none; by default
    /// `defaultRegion`, the view's bounds.
    func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                            defaultRegion: UIPointerRegion) -> UIPointerRegion?
    /// The style over `region`; nil (the default) for the automatic effect.
    func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle?
}

extension UIPointerInteractionDelegate {
    public func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                                   defaultRegion: UIPointerRegion) -> UIPointerRegion? { defaultRegion }
    public func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? { nil }
}

/// A part of a view with one pointer style, as UIKit's `UIPointerRegion`.
public final class UIPointerRegion {
    /// The region, in the interaction's view's coordinates.
    public let rect: CGRect
    /// The delegate's name for the region: a different identifier is a new region, whose style is asked for.
    public let identifier: AnyHashable?

    public init(rect: CGRect, identifier: AnyHashable? = nil) {
        self.rect = rect
        self.identifier = identifier
    }
}

/// Where the pointer is, for a region request, as UIKit's `UIPointerRegionRequest`.
public struct UIPointerRegionRequest: Sendable {
    /// The pointer's location in the interaction's view.
    public let location: CGPoint
    /// The modifier keys held.
    public let modifiers: UIKeyModifierFlags
}
