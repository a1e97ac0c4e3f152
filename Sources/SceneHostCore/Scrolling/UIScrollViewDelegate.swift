import Foundation

/// What a scroll view tells (and asks) as it scrolls and zooms, as UIKit's `UIScrollViewDelegate`, in
/// UIKit's order. A drag that flings: `scrollViewWillBeginDragging` → `scrollViewDidScroll`… →
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` →
/// `scrollViewDidEndDragging(_:willDecelerate: true)` → `scrollViewWillBeginDecelerating` →
/// `scrollViewDidScroll`… → `scrollViewDidEndDecelerating`. A drag that stops: `willDecelerate` false
/// and nothing more. An animated `setContentOffset(_:animated:)` or `scrollRectToVisible(_:animated:)`:
/// `scrollViewDidScroll`… → `scrollViewDidEndScrollingAnimation`. Every method has a default that does
/// nothing (`viewForZooming(in:)`: nil, no zooming; `scrollViewShouldScrollToTop`: true).
///
/// Differs from UIKit: the wheel and a touchpad's two-finger scroll drag too (as on iPad with a
/// trackpad): a wheel's drag ends 0.15 s after its last notch, with no fling.
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (by any means: a drag, an animation, code).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// A drag (a touch, the wheel, a touchpad) is about to scroll the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The drag ended with `velocity` (points per millisecond, positive as the offset grows); the
    /// scroll will come to rest at `targetContentOffset.pointee`, which the delegate may change.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate`: the content goes on moving (a fling or a bounce back).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on by itself after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content came to rest after a drag.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated `setContentOffset(_:animated:)` or `scrollRectToVisible(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view the scroll view scales when it zooms; nil (the default) makes it not zoom.
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// A zoom (a pinch, Ctrl+wheel) begins on `view`.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// A zoom ended at `scale`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Whether a scroll to the top (`scrollsToTop`) may happen; true by default.
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// A scroll to the top ended.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
