import Foundation

extension UIView {
    /// UIKit's hit test, as Apple documents it: a view that is hidden, ignores interaction or is almost
    /// transparent (alpha < 0.01) is skipped with its subviews; the search descends only where
    /// `point(inside:with:)` is true, so a subview lying outside a non-clipping parent is never hit (even
    /// where it is drawn); subviews are tried frontmost first (the last one first); and the deepest view
    /// found is returned whatever its content's transparency.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        // Walk by index rather than `reversed()`: the array is read in place, with no iterator boxing.
        let children = subviews
        var index = children.count
        while index > 0 {
            index -= 1
            let subview = children[index]
            if let hit = subview.hitTest(subview.convertFromSuperview(point), with: event) { return hit }
        }
        return self
    }
}
