import Foundation

extension UIView {
    /// The deepest visible view containing `point` (in this view's coordinates), front to back, as
    /// UIKit's `hitTest(_:with:)` finds it without events.
    public func hitTest(_ point: CGPoint) -> UIView? {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled else { return nil }
        if clipsToBounds, !bounds.contains(point) { return nil }
        for subview in subviews.reversed() {
            let local = CGPoint(x: point.x - subview.frame.minX + subview.bounds.minX, y: point.y - subview.frame.minY + subview.bounds.minY)
            if let hit = subview.hitTest(local) { return hit }
        }
        return bounds.contains(point) ? self : nil
    }
}

extension UIWindowScene {
    /// A click at `point` (scene coordinates): the control under it, if any, acts. For the runtime.
    @_spi(Runtime) public func click(at point: CGPoint) {
        for window in windows.reversed() where !window.isHidden {
            guard let hit = window.hitTest(point) else { continue }
            var view: UIView? = hit
            while let current = view, !(current is UIControl) { view = current.superview }
            view?.handleClick()
            return
        }
    }
}
