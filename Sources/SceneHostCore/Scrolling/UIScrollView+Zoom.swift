import Foundation

extension UIScrollView {
    /// The scale the zoom view (the delegate's `viewForZooming(in:)`) is shown at; 1 by default.
    /// Setting it scales that view about the middle of what is seen, within the limits.
    public var zoomScale: CGFloat {
        get { storedZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Scales the zoom view to `scale` (within the limits) about the middle of what is seen; animated
    /// over 0.3 s on the scene's clock. Nothing happens without a zoom view.
    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard let view = delegate?.viewForZooming(in: self) else { return }
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        let anchor = CGPoint(x: bounds.midX, y: bounds.midY)
        stopZoomMotion()
        guard animated, window != nil, target != storedZoomScale else {
            applyZoom(target, to: view, keeping: anchor)
            return
        }
        let motion = ZoomMotion(scrollView: self, from: storedZoomScale, to: target, anchor: anchor)
        zoomMotion = motion
        window?.windowScene?.animations.add(motion)
        window?.windowScene?.host?.sceneNeedsFrame()
    }

    /// Zooms so that `rect` (in the zoom view's own coordinates) fills the view as far as the limits
    /// allow, and scrolls to it.
    public func zoom(to rect: CGRect, animated: Bool) {
        guard let view = delegate?.viewForZooming(in: self), rect.width > 0, rect.height > 0 else { return }
        let scale = min(max(min(bounds.width / rect.width, bounds.height / rect.height), minimumZoomScale), maximumZoomScale)
        stopZoomMotion()
        applyZoom(scale, to: view, keeping: CGPoint(x: bounds.midX, y: bounds.midY))
        let shown = CGRect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        let offset = CGPoint(x: shown.midX - bounds.width / 2, y: shown.midY - bounds.height / 2)
        setContentOffset(clamped(offset), animated: animated)
    }

    /// The limits changed: the pinch recognizer comes when zooming becomes possible, and the scale is
    /// brought within them.
    func zoomLimitsDidChange() {
        if maximumZoomScale > minimumZoomScale, pinchGestureRecognizer == nil {
            let pinch = ScrollViewPinchGestureRecognizer()
            pinch.scrollView = self
            pinch.addAction { [unowned self] recognizer in self.handlePinch(recognizer) }
            pinchGestureRecognizer = pinch
            addGestureRecognizer(pinch)
        }
        let limited = min(max(storedZoomScale, minimumZoomScale), maximumZoomScale)
        if limited != storedZoomScale, let view = delegate?.viewForZooming(in: self) {
            applyZoom(limited, to: view, keeping: CGPoint(x: bounds.midX, y: bounds.midY))
        }
    }

    /// Shows `view` at `scale`: scaled about its middle, placed at the content's origin, the content as
    /// large as it; the point `anchor` (this view's coordinates) keeps showing the same part of it.
    func applyZoom(_ scale: CGFloat, to view: UIView, keeping anchor: CGPoint) {
        let old = storedZoomScale
        guard scale > 0, scale != old || view.transform != CGAffineTransform(scaleX: scale, y: scale) else { return }
        storedZoomScale = scale
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        // The part of the view under the anchor stays under it.
        let ratio = scale / old
        let offset = contentOffset
        let moved = CGPoint(x: anchor.x * ratio - (anchor.x - offset.x), y: anchor.y * ratio - (anchor.y - offset.y))
        contentOffset = isZooming ? moved : clamped(moved)
        delegate?.scrollViewDidZoom(self)
    }

    func stopZoomMotion() {
        guard let motion = zoomMotion else { return }
        zoomMotion = nil
        window?.windowScene?.animations.remove(motion)
    }

    /// A pinch (a touchpad's, or Ctrl+wheel's): the scale follows it about the pointer, within the limits.
    private func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = delegate?.viewForZooming(in: self) else { return }
        switch pinch.state {
        case .began:
            stopZoomMotion()
            stopMotion()
            pinchStartScale = storedZoomScale
            isZooming = true
            delegate?.scrollViewWillBeginZooming(self, with: view)
            fallthrough
        case .changed:
            let scale = min(max(pinchStartScale * pinch.scale, minimumZoomScale), maximumZoomScale)
            applyZoom(scale, to: view, keeping: pinch.location(in: self))
        case .ended, .cancelled:
            isZooming = false
            // Within the offsets again.
            let offset = clamped(contentOffset)
            if offset != contentOffset { contentOffset = rounded(offset) }
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: storedZoomScale)
        default:
            break
        }
    }
}

/// A scroll view's pinch recognizer: takes a pinch only while the delegate gives a view to zoom.
@MainActor
final class ScrollViewPinchGestureRecognizer: UIPinchGestureRecognizer {
    weak var scrollView: UIScrollView?

    override func pinchBegan(at location: CGPoint, in window: UIWindow, time: TimeInterval) -> Bool {
        guard let scrollView, scrollView.delegate?.viewForZooming(in: scrollView) != nil,
              scrollView.maximumZoomScale > scrollView.minimumZoomScale else { return false }
        return super.pinchBegan(at: location, in: window, time: time)
    }
}

/// An animated `setZoomScale(_:animated:)`: the scale eases from one value to another over 0.3 s on the
/// scene's clock, about a fixed point.
@MainActor
final class ZoomMotion: FrameTicker {
    private weak var scrollView: UIScrollView?
    private let motion: AxisMotion
    /// The point that keeps showing the same part of the zoom view, from the scroll view's visible
    /// origin (its content coordinates change as it zooms).
    private let anchor: CGPoint
    private var start: CFTimeInterval?

    init(scrollView: UIScrollView, from: CGFloat, to: CGFloat, anchor: CGPoint) {
        self.scrollView = scrollView
        motion = AxisMotion(kind: .tween(target: Double(to), duration: UIScrollView.animationDuration), position: Double(from))
        self.anchor = CGPoint(x: anchor.x - scrollView.contentOffset.x, y: anchor.y - scrollView.contentOffset.y)
    }

    func tick(at time: CFTimeInterval) -> Bool {
        guard let scrollView, scrollView.zoomMotion === self, scrollView.window != nil,
              let view = scrollView.delegate?.viewForZooming(in: scrollView) else { return false }
        if start == nil { start = time }
        let sample = motion.sample(at: time - start!)
        let offset = scrollView.contentOffset
        scrollView.applyZoom(CGFloat(sample.position), to: view, keeping: CGPoint(x: anchor.x + offset.x, y: anchor.y + offset.y))
        if sample.done { scrollView.zoomMotion = nil }
        return !sample.done
    }
}
