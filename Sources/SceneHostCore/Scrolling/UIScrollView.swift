import Foundation

/// A view whose content is larger than itself and that a person moves around, as UIKit's
/// `UIScrollView`: the content offset is the bounds' origin, so subviews placed in content coordinates
/// move as it scrolls; `layoutSubviews` runs again after every change of the offset (a collection view
/// places its cells there). A drag (a touch, a click-drag, the wheel, a touchpad), the keyboard (arrows,
/// Page Up/Down, Home/End, Space when nothing else takes them) and code move it; it decelerates and
/// bounces with UIKit's constants on the scene's animation clock, pages, zooms, and shows scroll
/// indicators that can be dragged. Scrolling copies the pixels already drawn within the window and
/// composites only the strip uncovered.
///
/// Differs from UIKit: the wheel scrolls 40 points a notch, at once (no smoothing), and drags as a
/// touch would (`isDragging`, the delegate's dragging calls; no fling); `delaysContentTouches` and
/// `canCancelContentTouches` are kept but the pan takes a touch only once it moved 10 points (so a
/// tap always reaches the content); `scrollsToTop` has no status bar to tap (`scrollToTop()` is not
/// UIKit's). The safe area is zero in SceneHost, so `contentInsetAdjustmentBehavior` only matters once it
/// is not.
@MainActor
open class UIScrollView: UIView {
    // MARK: Types

    /// How the safe area adds to `contentInset` (UIKit's raw values).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As `.scrollableAxes`, and always vertically for a controller's view inside a navigation or
        /// tab bar controller.
        case automatic = 0
        /// Along the axes that scroll (content larger than the view, or `alwaysBounce…`).
        case scrollableAxes = 1
        /// Never.
        case never = 2
        /// Always, on every edge.
        case always = 3
    }

    /// How fast a flung scroll slows: the factor the velocity keeps each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998: UIKit's default.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99: stops sooner (paging and pickers).
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The indicators' colours (UIKit's raw values).
    public enum IndicatorStyle: Int, Sendable {
        /// Dark on light, light on dark.
        case `default` = 0
        /// Black.
        case black = 1
        /// White.
        case white = 2
    }

    /// Whether scrolling hides the keyboard (UIKit's raw values). SceneHost has no on-screen keyboard:
    /// kept for code that sets it.
    public enum KeyboardDismissMode: Int, Sendable {
        case none = 0, onDrag = 1, interactive = 2, onDragWithAccessory = 3, interactiveWithAccessory = 4
    }

    // MARK: Creating

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        let pan = ScrollViewPanGestureRecognizer()
        pan.scrollView = self
        pan.allowedScrollTypesMask = .all
        pan.addAction { [unowned self] recognizer in self.handlePan(recognizer) }
        panGestureRecognizer = pan
        addGestureRecognizer(pan)
        // The pointer near an edge that scrolls shows the indicators, so they can be grabbed.
        addGestureRecognizer(UIHoverGestureRecognizer { [unowned self] hover in self.hoverNearIndicators(hover) })
        addSubview(verticalIndicator)
        addSubview(horizontalIndicator)
    }

    /// Told of scrolling, zooming and dragging (held weakly).
    open weak var delegate: (any UIScrollViewDelegate)?

    // MARK: Content

    /// The size of the content (points), which the offsets range over: (0, 0) by default. Set it, or
    /// let constraints to `contentLayoutGuide` set it.
    open var contentSize: CGSize = .zero {
        didSet {
            guard contentSize != oldValue else { return }
            updateAdjustedContentInset()
            setNeedsLayout()
        }
    }

    /// Where the content's origin is seen: the bounds' origin. Setting it scrolls at once (no
    /// clamping, as in UIKit) and calls `scrollViewDidScroll`.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
        }
    }

    /// The bounds; a new origin is a scroll: `layoutSubviews` runs again, the delegate hears
    /// `scrollViewDidScroll` and the indicators follow.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            guard newValue != old else { return }
            super.bounds = newValue
            if newValue.origin != old.origin { offsetDidChange() }
        }
    }

    /// The content offset changed: layout, indicators, the delegate.
    private func offsetDidChange() {
        setNeedsLayout()
        // Views pinned to what is seen stay in place: the frame guide moves with the offset.
        if storedFrameGuide != nil { layoutEngine?.setNeedsSolve() }
        showIndicators()
        delegate?.scrollViewDidScroll(self)
        navigationScrollObserver?.contentScrollViewDidScroll(self)
    }

    /// The navigation controller whose search bar folds away as this content scrolls
    /// (`hidesSearchBarWhenScrolling`).
    weak var navigationScrollObserver: UINavigationController?

    /// Space added around the content (points): the offsets range from `-adjustedContentInset.top` to
    /// `contentSize.height + adjustedContentInset.bottom - bounds.height`, and alike sideways.
    open var contentInset: UIEdgeInsets = .zero {
        didSet {
            guard contentInset != oldValue else { return }
            updateAdjustedContentInset()
        }
    }

    /// How the safe area adds to `contentInset`; `.automatic` by default.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { updateAdjustedContentInset() } }
    }

    /// `contentInset` plus the part of the safe area `contentInsetAdjustmentBehavior` adds.
    public private(set) var adjustedContentInset: UIEdgeInsets = .zero

    /// Called when `adjustedContentInset` changes (before the delegate hears of it); does nothing by
    /// default.
    open func adjustedContentInsetDidChange() {}

    /// Whether the safe area is added automatically to the indicators' insets; true by default.
    open var automaticallyAdjustsScrollIndicatorInsets = true
    /// The vertical indicator's inset from the scroll view's edges.
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero { didSet { layoutIndicators() } }
    /// The horizontal indicator's inset from the scroll view's edges.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero { didSet { layoutIndicators() } }
    /// Sets both indicators' insets; reads the vertical one's.
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }

    func updateAdjustedContentInset() {
        let safe = safeAreaInsets
        var added = UIEdgeInsets.zero
        let behavior = contentInsetAdjustmentBehavior == .automatic && isContentOfBarController ? .always : contentInsetAdjustmentBehavior
        switch behavior {
        case .never: break
        case .always:
            added = safe
        case .automatic, .scrollableAxes:
            if scrollsVertically { added.top = safe.top; added.bottom = safe.bottom }
            if scrollsHorizontally { added.left = safe.left; added.right = safe.right }
        }
        let adjusted = UIEdgeInsets(top: contentInset.top + added.top, left: contentInset.left + added.left,
                                    bottom: contentInset.bottom + added.bottom, right: contentInset.right + added.right)
        guard adjusted != adjustedContentInset else { return }
        adjustedContentInset = adjusted
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
        setNeedsLayout()
    }

    /// Whether this is the view of a controller shown by a navigation or tab bar controller (where
    /// `.automatic` adds the safe area vertically whatever the content size).
    private var isContentOfBarController: Bool {
        guard let controller = owningViewController else { return false }
        var parent = controller.parent
        while let current = parent {
            if current is UINavigationController || current is UITabBarController { return true }
            parent = current.parent
        }
        return false
    }

    /// The controller whose view this is, if any.
    private var owningViewController: UIViewController? { next as? UIViewController }

    /// Whether the content scrolls vertically (taller than the view between the insets, or
    /// `alwaysBounceVertical`), and sideways.
    var scrollsVertically: Bool {
        alwaysBounceVertical || contentSize.height + contentInset.top + contentInset.bottom > bounds.height
    }
    var scrollsHorizontally: Bool {
        alwaysBounceHorizontal || contentSize.width + contentInset.left + contentInset.right > bounds.width
    }

    /// The offsets the content rests at: from minus the top and left adjusted insets to where the
    /// content's far edge (plus its inset) meets the view's.
    var offsetRange: (min: CGPoint, max: CGPoint) {
        let inset = adjustedContentInset, size = bounds.size
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        let maximum = CGPoint(x: max(minimum.x, contentSize.width + inset.right - size.width),
                              y: max(minimum.y, contentSize.height + inset.bottom - size.height))
        return (minimum, maximum)
    }

    /// `offset` brought into `offsetRange`.
    func clamped(_ offset: CGPoint) -> CGPoint {
        let range = offsetRange
        return CGPoint(x: min(max(offset.x, range.min.x), range.max.x), y: min(max(offset.y, range.min.y), range.max.y))
    }

    // MARK: Behaviour

    /// Whether the content stretches past its edges and springs back; true by default.
    open var bounces = true
    /// Whether a vertical drag bounces even when the content is not taller than the view; false.
    open var alwaysBounceVertical = false { didSet { updateAdjustedContentInset() } }
    /// Whether a horizontal drag bounces even when the content is not wider than the view; false.
    open var alwaysBounceHorizontal = false { didSet { updateAdjustedContentInset() } }
    /// Whether scrolling is on: off, drags and the keyboard leave the offset alone (code still sets it).
    open var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// Whether a drag comes to rest on a multiple of the view's size (a page); false by default.
    open var isPagingEnabled = false
    /// Whether a drag that starts along one axis keeps to it; false by default.
    open var isDirectionalLockEnabled = false
    /// How fast a flung scroll slows; `.normal` by default.
    open var decelerationRate: DecelerationRate = .normal
    /// Kept as UIKit's (true): SceneHost's pan begins only after 10 points, so content touches are not
    /// delayed.
    open var delaysContentTouches = true
    /// Kept as UIKit's (true).
    open var canCancelContentTouches = true
    /// Whether a scroll to the top may happen (`scrollToTop()`); true.
    open var scrollsToTop = true
    /// Whether the keyboard scrolls the view (arrows, Page Up/Down, Home/End, Space); true.
    open var allowsKeyboardScrolling = true
    /// Kept for code that sets it: SceneHost has no on-screen keyboard.
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// Whether the indicators show while scrolling; true.
    open var showsVerticalScrollIndicator = true { didSet { layoutIndicators() } }
    open var showsHorizontalScrollIndicator = true { didSet { layoutIndicators() } }
    /// The indicators' colours.
    open var indicatorStyle: IndicatorStyle = .default {
        didSet {
            verticalIndicator.setNeedsDisplay()
            horizontalIndicator.setNeedsDisplay()
        }
    }

    /// Whether code may ask a touch in a control to be taken by the scroll (UIKit's hook): true unless
    /// `view` is a `UIControl`.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    // MARK: State

    /// Whether a touch (or a scroll) is on the content, moved yet or not.
    public internal(set) var isTracking = false
    /// Whether a drag is scrolling the content.
    public internal(set) var isDragging = false
    /// Whether the content moves on by itself after a drag (a fling, a bounce back).
    public internal(set) var isDecelerating = false
    /// Whether a zoom is going on.
    public internal(set) var isZooming = false
    /// Whether a zoom is springing back into the scale limits.
    public internal(set) var isZoomBouncing = false

    /// The recognizer that drags the content (touches, the wheel, touchpads). Attached to the view;
    /// other recognizers may `require(toFail:)` it.
    public private(set) var panGestureRecognizer: UIPanGestureRecognizer!

    // MARK: Zooming (see UIScrollView+Zoom.swift)

    /// The recognizer that zooms (a touchpad's pinch, Ctrl+wheel): nil until zooming is possible
    /// (`maximumZoomScale` above `minimumZoomScale`), as in UIKit.
    public internal(set) var pinchGestureRecognizer: UIPinchGestureRecognizer?
    /// The smallest scale a zoom reaches; 1 by default.
    open var minimumZoomScale: CGFloat = 1 { didSet { zoomLimitsDidChange() } }
    /// The largest scale a zoom reaches; 1 by default (no zooming).
    open var maximumZoomScale: CGFloat = 1 { didSet { zoomLimitsDidChange() } }
    /// Whether a pinch past the limits stretches and springs back; true. SceneHost keeps a pinch
    /// within the limits (nothing to spring back from).
    open var bouncesZoom = true
    /// The scale the zoom view is shown at.
    var storedZoomScale: CGFloat = 1
    /// The scale when the pinch began.
    var pinchStartScale: CGFloat = 1
    /// The zoom animation going on, if any.
    var zoomMotion: ZoomMotion?

    // MARK: Moving

    /// Scrolls to `contentOffset`: at once, or (`animated`) over 0.3 s on the scene's clock, ending with
    /// `scrollViewDidEndScrollingAnimation`. A motion going on stops.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        stopMotion()
        guard animated, window != nil, contentOffset != self.contentOffset else {
            self.contentOffset = contentOffset
            return
        }
        let start = self.contentOffset
        startMotion(ScrollMotion(scrollView: self, purpose: .animation,
                                 x: AxisMotion(kind: .tween(target: contentOffset.x, duration: Self.animationDuration), position: start.x),
                                 y: AxisMotion(kind: .tween(target: contentOffset.y, duration: Self.animationDuration), position: start.y),
                                 destination: contentOffset))
    }

    /// How long `setContentOffset(_:animated:)` takes: 0.3 s, as UIKit's.
    static let animationDuration = 0.3

    /// Scrolls the least that shows all of `rect` (content coordinates; as much as fits from its top
    /// and leading edge when it is larger than the view), within the offset range.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let target = clamped(offset(showing: rect, from: motionDestination ?? contentOffset))
        guard target != (motionDestination ?? contentOffset) else { return }
        setContentOffset(target, animated: animated)
    }

    /// The offset nearest `offset` that shows `rect` within the adjusted insets.
    func offset(showing rect: CGRect, from offset: CGPoint) -> CGPoint {
        let inset = adjustedContentInset
        let visible = CGRect(x: offset.x + inset.left, y: offset.y + inset.top,
                             width: bounds.width - inset.left - inset.right, height: bounds.height - inset.top - inset.bottom)
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ vLo: CGFloat, _ vHi: CGFloat) -> CGFloat {
            if hi - lo > vHi - vLo || lo < vLo { return lo - vLo }
            if hi > vHi { return hi - vHi }
            return 0
        }
        return CGPoint(x: offset.x + axis(rect.minX, rect.maxX, visible.minX, visible.maxX),
                       y: offset.y + axis(rect.minY, rect.maxY, visible.minY, visible.maxY))
    }

    /// Scrolls to the top (UIKit does it when the status bar is tapped; SceneHost has none, so this is
    /// its way): asks `scrollViewShouldScrollToTop`, animates, then `scrollViewDidScrollToTop`.
    open func scrollToTop() {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return }
        pendingScrollToTop = true
        setContentOffset(CGPoint(x: contentOffset.x, y: offsetRange.min.y), animated: true)
        if activeMotion == nil {
            pendingScrollToTop = false
            delegate?.scrollViewDidScrollToTop(self)
        }
    }
    private var pendingScrollToTop = false

    /// Shows the indicators for a moment, as after a scroll.
    open func flashScrollIndicators() { showIndicators() }

    // MARK: Motion on the scene's clock

    /// The deceleration, bounce or animation moving the offset now.
    private(set) var activeMotion: ScrollMotion?

    /// Where the motion going on ends, when it is known (an animation's target).
    var motionDestination: CGPoint? { activeMotion?.purpose == .animation ? activeMotion?.destination : nil }

    private func startMotion(_ motion: ScrollMotion) {
        activeMotion = motion
        guard let scene = window?.windowScene else { return }
        scene.animations.add(motion)
        scene.host?.sceneNeedsFrame()
    }

    /// Stops the motion going on where it is (a touch caught it, or code set another offset). An
    /// interrupted animation does not end with `scrollViewDidEndScrollingAnimation`, nor an interrupted
    /// deceleration with `scrollViewDidEndDecelerating`, as in UIKit.
    func stopMotion() {
        guard let motion = activeMotion else { return }
        activeMotion = nil
        window?.windowScene?.animations.remove(motion)
        if motion.purpose == .deceleration { isDecelerating = false }
        pendingScrollToTop = false
    }

    /// A frame of the motion: the offset it shows now, on whole device pixels (so the pixels can be
    /// copied rather than drawn again).
    func moveByMotion(to offset: CGPoint) {
        contentOffset = rounded(offset)
    }

    /// The motion came to its end.
    func motionDidEnd(_ motion: ScrollMotion) {
        guard activeMotion === motion else { return }
        activeMotion = nil
        switch motion.purpose {
        case .deceleration:
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        case .animation:
            delegate?.scrollViewDidEndScrollingAnimation(self)
            if pendingScrollToTop {
                pendingScrollToTop = false
                delegate?.scrollViewDidScrollToTop(self)
            }
        }
    }

    /// `point` on whole device pixels of the view's scale.
    func rounded(_ point: CGPoint) -> CGPoint {
        let scale = max(1, traitCollection.displayScale)
        return CGPoint(x: (point.x * scale).rounded() / scale, y: (point.y * scale).rounded() / scale)
    }

    // MARK: Dragging

    /// The offset when the drag began.
    private var dragStart: CGPoint = .zero
    /// During a drag of an indicator: its axis (true: vertical).
    var indicatorDrag: Bool?

    /// A touch went down on the content: a motion going on stops where it is (the touch caught it).
    func touchDown(at location: CGPoint) {
        isTracking = true
        if activeMotion != nil { stopMotion() }
        indicatorDrag = indicatorAxis(at: location)
    }

    /// The touch lifted without a drag.
    func touchUp() {
        if !isDragging { isTracking = false }
        indicatorDrag = nil
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            isTracking = true
            isDragging = true
            dragStart = contentOffset
            // The content follows from where the pan began, not from where the touch went down: it does
            // not jump by the pan's hysteresis. A dragged indicator stays under the pointer.
            if (pan as? ScrollViewPanGestureRecognizer)?.scrollType == nil, indicatorDrag == nil { pan.setTranslation(.zero, in: self) }
            delegate?.scrollViewWillBeginDragging(self)
            drag(pan)
        case .changed:
            drag(pan)
        case .ended, .cancelled:
            endDrag(pan, cancelled: pan.state == .cancelled)
        default:
            break
        }
    }

    /// Whether the drag going on is a wheel's (no rubber band, no fling).
    private func isWheel(_ pan: UIPanGestureRecognizer) -> Bool { (pan as? ScrollViewPanGestureRecognizer)?.scrollType == .discrete }

    private func drag(_ pan: UIPanGestureRecognizer) {
        let translation = pan.translation(in: self)
        if let vertical = indicatorDrag {
            contentOffset = rounded(offsetDraggingIndicator(vertical: vertical, by: translation))
            return
        }
        var offset = CGPoint(x: dragStart.x - translation.x, y: dragStart.y - translation.y)
        if !scrollsHorizontally { offset.x = dragStart.x }
        if !scrollsVertically { offset.y = dragStart.y }
        if isDirectionalLockEnabled {
            if abs(translation.x) > abs(translation.y) { offset.y = dragStart.y } else { offset.x = dragStart.x }
        }
        let range = offsetRange
        if bounces && !isWheel(pan) {
            offset.x = Self.rubberBand(offset.x, min: range.min.x, max: range.max.x, dimension: bounds.width)
            offset.y = Self.rubberBand(offset.y, min: range.min.y, max: range.max.y, dimension: bounds.height)
        } else {
            offset = clamped(offset)
        }
        contentOffset = rounded(offset)
    }

    /// A drag's offset past an edge, stretched as UIKit's rubber band: the overshoot shown is
    /// (1 − 1/(x·0.55/d + 1))·d for a drag x past the edge of a view d long.
    static func rubberBand(_ offset: CGFloat, min lower: CGFloat, max upper: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0 else { return Swift.min(Swift.max(offset, lower), upper) }
        func stretch(_ x: CGFloat) -> CGFloat { (1 - 1 / (x * 0.55 / dimension + 1)) * dimension }
        if offset < lower { return lower - stretch(lower - offset) }
        if offset > upper { return upper + stretch(offset - upper) }
        return offset
    }

    private func endDrag(_ pan: UIPanGestureRecognizer, cancelled: Bool) {
        let wasIndicator = indicatorDrag != nil
        indicatorDrag = nil
        isTracking = false
        // Points per millisecond, positive as the offset grows (the pan's is the finger's, in points per second).
        var velocity = CGPoint.zero
        if !cancelled, !wasIndicator, !isWheel(pan) {
            let finger = pan.velocity(in: self)
            velocity = CGPoint(x: scrollsHorizontally ? -finger.x / 1000 : 0, y: scrollsVertically ? -finger.y / 1000 : 0)
            if isDirectionalLockEnabled {
                if abs(velocity.x) > abs(velocity.y) { velocity.y = 0 } else { velocity.x = 0 }
            }
        }
        let rate = Double(decelerationRate.rawValue)
        let range = offsetRange, offset = contentOffset
        // Where the fling comes to rest (within the range), or the page it ends on.
        let projected = CGPoint(x: AxisMotion.projection(from: offset.x, velocity: velocity.x, rate: rate),
                                y: AxisMotion.projection(from: offset.y, velocity: velocity.y, rate: rate))
        var natural = clamped(projected)
        if isPagingEnabled { natural = pageTarget(from: dragStart, offset: offset, velocity: velocity) }
        var target = natural
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
        let outside = offset != clamped(offset)
        let willDecelerate = target != offset || outside
        isDragging = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        guard willDecelerate else { return }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        // The delegate (or paging) chose where it stops: it lands there exactly. Otherwise the fling runs
        // free and, past an edge, springs back.
        let lands = target != natural || isPagingEnabled || !bounces
        func axis(_ position: CGFloat, _ v: CGFloat, _ goal: CGFloat, _ lower: CGFloat, _ upper: CGFloat) -> AxisMotion {
            let p = Double(position)
            if position < lower || position > upper {
                // Released past an edge: back to it (or to the chosen target) on the spring.
                let edge = Double(lands ? goal : Swift.min(Swift.max(position, lower), upper))
                return AxisMotion(kind: .spring(target: edge, velocity: Double(v) * 1000), position: p)
            }
            if lands {
                guard goal != position else { return .rest(at: p) }
                // A page is reached on the spring, in about half a second, carrying the fling's speed.
                if isPagingEnabled { return AxisMotion(kind: .spring(target: Double(goal), velocity: Double(v) * 1000), position: p) }
                return AxisMotion(kind: .decay(velocity: AxisMotion.velocity(toReach: Double(goal), from: p, rate: rate), rate: rate,
                                               lower: -.infinity, upper: .infinity, bounces: false), position: p)
            }
            guard v != 0 else { return .rest(at: p) }
            return AxisMotion(kind: .decay(velocity: Double(v), rate: rate, lower: Double(lower), upper: Double(upper), bounces: bounces), position: p)
        }
        startMotion(ScrollMotion(scrollView: self, purpose: .deceleration,
                                 x: axis(offset.x, velocity.x, target.x, range.min.x, range.max.x),
                                 y: axis(offset.y, velocity.y, target.y, range.min.y, range.max.y),
                                 destination: target))
    }

    /// The page a paging drag ends on: the next one in the direction of a fling, else the nearest.
    private func pageTarget(from start: CGPoint, offset: CGPoint, velocity: CGPoint) -> CGPoint {
        let size = bounds.size
        func axis(_ start: CGFloat, _ offset: CGFloat, _ v: CGFloat, _ page: CGFloat) -> CGFloat {
            guard page > 0 else { return offset }
            let startPage = (start / page).rounded()
            var index = (offset / page).rounded()
            if v > 0.1 { index = startPage + 1 } else if v < -0.1 { index = startPage - 1 }
            return index * page
        }
        return clamped(CGPoint(x: axis(start.x, offset.x, velocity.x, size.width), y: axis(start.y, offset.y, velocity.y, size.height)))
    }

    // MARK: Layout

    /// A guide for the content, for Auto Layout: its edges are the content's (its origin the content's
    /// origin), and constraints that decide its width and height set `contentSize`.
    public var contentLayoutGuide: UILayoutGuide {
        if let guide = storedContentGuide { return guide }
        let guide = UILayoutGuide(kind: .scrollContent, owner: self, identifier: "UIScrollView-contentLayoutGuide")
        storedContentGuide = guide
        return guide
    }

    /// A guide for what is seen, for Auto Layout: the scroll view's own size, wherever it scrolls (a
    /// view pinned to it stays in place as the content moves).
    public var frameLayoutGuide: UILayoutGuide {
        if let guide = storedFrameGuide { return guide }
        let guide = UILayoutGuide(kind: .scrollFrame, owner: self, identifier: "UIScrollView-frameLayoutGuide")
        storedFrameGuide = guide
        return guide
    }

    private var storedContentGuide: UILayoutGuide?
    private var storedFrameGuide: UILayoutGuide?

    open override func layoutSubviews() {
        super.layoutSubviews()
        // Constraints to the content guide decide the content's size.
        if let guide = storedContentGuide, let frame = layoutEngine?.frame(of: guide, in: self), frame.size != contentSize {
            contentSize = frame.size
        }
        updateAdjustedContentInset()
        layoutIndicators()
    }

    // MARK: Indicators

    let verticalIndicator = ScrollIndicatorView(vertical: true)
    let horizontalIndicator = ScrollIndicatorView(vertical: false)
    /// Bumped at each showing: a hide scheduled for an older one does nothing.
    private var indicatorGeneration = 0
    /// How long the indicators stay after the last scroll (seconds).
    static let indicatorLinger: TimeInterval = 1.2
    /// Whether the pointer is near an indicator's edge (they stay shown while it is).
    var pointerNearIndicators = false

    /// How close (points) to the trailing or bottom edge the pointer shows the indicators.
    static let indicatorHoverZone: CGFloat = 16

    private func hoverNearIndicators(_ hover: UIHoverGestureRecognizer) {
        let location = hover.location(in: self), visible = bounds
        var near = false
        if hover.state == .began || hover.state == .changed {
            let trailing = isRightToLeftLayout ? location.x - visible.minX : visible.maxX - location.x
            near = (scrollsVertically && trailing <= Self.indicatorHoverZone)
                || (scrollsHorizontally && visible.maxY - location.y <= Self.indicatorHoverZone)
        }
        guard near != pointerNearIndicators else { return }
        pointerNearIndicators = near
        // Shown now; hidden a moment after the pointer leaves the edge.
        showIndicators()
    }

    /// Shows the indicators that apply, and hides them `indicatorLinger` after the last call.
    private func showIndicators() {
        indicatorsShown = true
        layoutIndicators()
        indicatorGeneration += 1
        let generation = indicatorGeneration
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.indicatorLinger) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.indicatorGeneration == generation, !self.isTracking, !self.pointerNearIndicators,
                      self.activeMotion == nil else { return }
                self.indicatorsShown = false
                self.layoutIndicators()
            }
        }
    }

    /// Whether the indicators are showing now.
    private(set) var indicatorsShown = false

    /// Places the indicators at the edges of the visible area, sized as the share of the content seen.
    func layoutIndicators() {
        let vertical = verticalIndicator.frame(in: self), horizontal = horizontalIndicator.frame(in: self)
        let showV = indicatorsShown && showsVerticalScrollIndicator && vertical != nil
        let showH = indicatorsShown && showsHorizontalScrollIndicator && horizontal != nil
        if verticalIndicator.isHidden == showV { verticalIndicator.isHidden = !showV }
        if horizontalIndicator.isHidden == showH { horizontalIndicator.isHidden = !showH }
        if let vertical, showV { verticalIndicator.frame = vertical }
        if let horizontal, showH { horizontalIndicator.frame = horizontal }
        // Above the content, as UIKit's: laid out after subviews added since.
        if showV || showH, let last = subviews.last, last !== verticalIndicator && last !== horizontalIndicator {
            bringSubviewToFront(verticalIndicator)
            bringSubviewToFront(horizontalIndicator)
        }
    }

    /// Which indicator (true: the vertical one) a touch at `location` (content coordinates) grabs, if
    /// any: while shown, a strip 12 points wide along its edge, over its length.
    func indicatorAxis(at location: CGPoint) -> Bool? {
        if !verticalIndicator.isHidden, verticalIndicator.frame.insetBy(dx: -6, dy: 0).offsetBy(dx: -3, dy: 0).contains(location) { return true }
        if !horizontalIndicator.isHidden, horizontalIndicator.frame.insetBy(dx: 0, dy: -6).offsetBy(dx: 0, dy: -3).contains(location) { return false }
        return nil
    }

    /// The offset a drag of an indicator by `translation` gives: the indicator follows the pointer
    /// along its track, the content as much further as it is longer.
    private func offsetDraggingIndicator(vertical: Bool, by translation: CGPoint) -> CGPoint {
        let range = offsetRange
        let indicator = vertical ? verticalIndicator : horizontalIndicator
        let track = indicator.track(in: self)
        let length = vertical ? indicator.bounds.height : indicator.bounds.width
        let travel = (vertical ? track.height : track.width) - length
        var offset = dragStart
        if vertical, travel > 0 {
            offset.y = dragStart.y + translation.y * (range.max.y - range.min.y) / travel
        } else if !vertical, travel > 0 {
            offset.x = dragStart.x + translation.x * (range.max.x - range.min.x) / travel
        }
        return clamped(offset)
    }
}

extension UIScrollView {
    /// Whether a scroll by `delta` (the way the content follows: a positive delta lowers the offset)
    /// moves the content: it scrolls that way and is not at that edge.
    func canFollow(_ delta: CGPoint) -> Bool {
        let range = offsetRange, offset = contentOffset
        if delta.y > 0, scrollsVertically, offset.y > range.min.y { return true }
        if delta.y < 0, scrollsVertically, offset.y < range.max.y { return true }
        if delta.x > 0, scrollsHorizontally, offset.x > range.min.x { return true }
        if delta.x < 0, scrollsHorizontally, offset.x < range.max.x { return true }
        return false
    }
}

/// A scroll view's pan recognizer: a touch going down stops a motion, a wheel scroll the view cannot
/// follow goes to the scroll view around it.
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    unowned(unsafe) var scrollView: UIScrollView?

    override func acceptsScroll(by delta: CGPoint, type: UIScrollTypeMask) -> Bool {
        guard let scrollView, scrollView.isScrollEnabled else { return false }
        if scrollView.canFollow(delta) { return true }
        // At its edge, a touchpad's scroll stretches the content (it bounces) unless a scroll view around
        // it can follow the scroll.
        guard type == .continuous, scrollView.bounces,
              (delta.y != 0 && scrollView.scrollsVertically) || (delta.x != 0 && scrollView.scrollsHorizontally) else { return false }
        var ancestor = scrollView.superview
        while let current = ancestor {
            if let outer = current as? UIScrollView, outer.isScrollEnabled, outer.canFollow(delta) { return false }
            ancestor = current.superview
        }
        return true
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if let touch = touches.first, let scrollView { scrollView.touchDown(at: touch.location(in: scrollView)) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        scrollView?.touchUp()
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        scrollView?.touchUp()
    }

    override func scrollBegan(at location: CGPoint, in window: UIWindow, time: TimeInterval, type: UIScrollTypeMask = .discrete) {
        super.scrollBegan(at: location, in: window, time: time, type: type)
        scrollView?.isTracking = true
        if scrollView?.activeMotion != nil { scrollView?.stopMotion() }
    }
}
