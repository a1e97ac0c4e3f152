import Foundation

extension UIView {
    /// UIKit's hit test, as Apple documents it: a view that is hidden, ignores interaction, is almost
    /// transparent (alpha < 0.01) or is being animated by `UIView.animate` (without
    /// `.allowUserInteraction`) is skipped with its subviews; the search descends only where
    /// `point(inside:with:)` is true, so a subview lying outside a non-clipping parent is never hit (even
    /// where it is drawn); subviews are tried frontmost first (the last one first); and the deepest view
    /// found is returned whatever its content's transparency.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        // A view animated by `UIView.animate` takes no touches until it ends, unless the animation
        // allows them (its model geometry, where it is going, is what is tested otherwise).
        if let backingLayer, !backingLayer.animationEntries.isEmpty, backingLayer.blocksUserInteraction { return nil }
        // Walk by index, working out each subview's point one step ahead: the load of the next
        // subview's frame (a cache miss, through thousands of views) overlaps the current one's test.
        let children = subviews
        var index = children.count
        guard index > 0 else { return self }
        index -= 1
        var subview = children[index]
        var local = subview.convertFromSuperview(point)
        while true {
            let current = subview, currentLocal = local
            guard index > 0 else { return current.hitTest(currentLocal, with: event) ?? self }
            index -= 1
            subview = children[index]
            local = subview.convertFromSuperview(point)
            // A plain UIView has the default `point(inside:)`, which has no side effects: a point outside
            // its bounds is refused here, before the flags (two more cache lines of the view) are read
            // and with no calls, which is what a search through thousands of views mostly does.
            if type(of: current) == UIView.self, !current.boundsContain(currentLocal) { continue }
            if let hit = current.hitTest(currentLocal, with: event) { return hit }
        }
    }
}
