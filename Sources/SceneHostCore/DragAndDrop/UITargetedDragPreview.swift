import Foundation

/// How a preview is drawn: its background and the part of the view shown, as UIKit's
/// `UIPreviewParameters`. SceneHost draws the view's pixels over `backgroundColor`; `visiblePath` is
/// kept for code that sets it but does not clip the image.
@MainActor
open class UIPreviewParameters {
    /// The colour behind the view's pixels; nil is UIKit's default (white for a drag).
    open var backgroundColor: UIColor?
    /// The part of the view shown in UIKit; SceneHost shows the whole view.
    open var visiblePath: UIBezierPath?
    public init() {}
}

/// Drag previews' parameters, as UIKit's `UIDragPreviewParameters`.
@MainActor
open class UIDragPreviewParameters: UIPreviewParameters {
    public override init() { super.init() }
}

/// Where a preview shows: a container view and a point in it, as UIKit's `UIPreviewTarget`.
@MainActor
open class UIPreviewTarget {
    public let container: UIView
    public let center: CGPoint
    public init(container: UIView, center: CGPoint) {
        self.container = container
        self.center = center
    }
}

/// A view standing for something, placed in a target, as UIKit's `UITargetedPreview`: a drag's
/// lifted image, the source a new window's opening grows from.
@MainActor
open class UITargetedPreview {
    public let view: UIView
    public let parameters: UIPreviewParameters
    public let target: UIPreviewTarget

    /// A preview of `view`, which must be in a window (the target is its superview, at its centre).
    public init(view: UIView, parameters: UIPreviewParameters = UIPreviewParameters()) {
        self.view = view
        self.parameters = parameters
        let container = view.superview ?? view
        target = UIPreviewTarget(container: container, center: CGPoint(x: view.frame.midX, y: view.frame.midY))
    }

    /// A preview of `view` (which need not be in a window) shown at `target`.
    public init(view: UIView, parameters: UIPreviewParameters, target: UIPreviewTarget) {
        self.view = view
        self.parameters = parameters
        self.target = target
    }

    /// The preview's size, in points: the view's.
    public var size: CGSize { view.bounds.size }
}

/// A drag's lifted preview, as UIKit's `UITargetedDragPreview`. On X11 its image follows the pointer
/// in a window of its own, above every other, as other desktop toolkits show a drag.
@MainActor
open class UITargetedDragPreview: UITargetedPreview {
    public init(view: UIView, parameters: UIDragPreviewParameters = UIDragPreviewParameters()) {
        super.init(view: view, parameters: parameters)
    }
    public override init(view: UIView, parameters: UIPreviewParameters, target: UIPreviewTarget) {
        super.init(view: view, parameters: parameters, target: target)
    }

    /// The same preview shown at `newTarget` (a cancel or drop animation then goes there).
    open func retargetedPreview(with newTarget: UIPreviewTarget) -> UITargetedDragPreview {
        UITargetedDragPreview(view: view, parameters: parameters, target: newTarget)
    }

    /// Where the preview shows, in points in the screen's coordinates: its view's size centred on its
    /// target's centre; nil when the target's container is in no window.
    func screenFrame() -> CGRect? {
        guard let window = target.container.window ?? (target.container as? UIWindow) else { return nil }
        let inWindow = target.container === window ? target.center : target.container.convert(target.center, to: window)
        let origin = window.windowScene?.effectiveGeometry.systemFrame.origin ?? .zero
        let centre = CGPoint(x: origin.x + window.frame.minX + inWindow.x, y: origin.y + window.frame.minY + inWindow.y)
        return CGRect(x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width, height: size.height)
    }
}

/// A preview a drag item shows while it moves, as UIKit's `UIDragPreview` (no target).
@MainActor
open class UIDragPreview {
    public let view: UIView
    public let parameters: UIDragPreviewParameters
    public init(view: UIView, parameters: UIDragPreviewParameters = UIDragPreviewParameters()) {
        self.view = view
        self.parameters = parameters
    }
}
