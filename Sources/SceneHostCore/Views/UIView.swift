import Cairo
import Foundation

/// A rectangle of the interface: geometry (with an affine `transform`), a place in the view hierarchy,
/// layout, drawing, a backing `layer` and animation, as in UIKit.
///
/// Drawing: what `draw(_:)` draws is kept in a backing image at the display's scale (as a layer's
/// contents in UIKit) and copied whenever the view is composited, so `draw(_:)` runs only after
/// `setNeedsDisplay()`, a change of the scale, or a change of the view's size when its `contentMode`
/// is `.redraw`; in the other content modes the drawing made at the old size is scaled or placed in
/// the new bounds, as in UIKit. What a view draws is clipped to its bounds, as in UIKit.
@MainActor
open class UIView: UIResponder, UICoordinateSpace, UITraitChangeObservable, TraitStateOwner {
    // Stored properties that layout and every frame read (geometry, links, appearance, flags) skip
    // Swift's dynamic exclusivity check: views live on the main actor, and the checks on them cost 16% of
    // the instructions of an offscreen drag of the Mail scene (callgrind); those of the window, scene and
    // label 2.5% together. Elsewhere (constraints, the layout engine, traits) they stay: under 2% each.
    @exclusivity(unchecked) private var frameOrigin: CGPoint = .zero
    @exclusivity(unchecked) private var storedBounds: CGRect = .zero
    /// Whether `transform` is not the identity: read with the geometry by every hit test, conversion and
    /// frame, so it sits beside it.
    @exclusivity(unchecked) private(set) var isTransformed = false
    @exclusivity(unchecked) private var storedTransform = CGAffineTransform.identity

    public init(frame: CGRect) {
        super.init()
        frameOrigin = frame.origin
        storedBounds = CGRect(origin: .zero, size: frame.size)
    }

    public convenience override init() { self.init(frame: .zero) }

    // MARK: Layer

    /// The class of the view's layer (`CALayer`; a view drawn by a shape or gradient layer returns
    /// `CAShapeLayer.self` or `CAGradientLayer.self`).
    open class var layerClass: CALayer.Type { CALayer.self }

    /// The layer that shows the view: its corners, border, shadow, transform and animations (see
    /// `CALayer`). Made when first asked for: most views never need one.
    public var layer: CALayer {
        if let backingLayer { return backingLayer }
        let layer = Self.layerClass.init()
        layer.owningView = self
        backingLayer = layer
        return layer
    }
    @exclusivity(unchecked) private(set) var backingLayer: CALayer?

    /// A view whose alpha masks this view (and its subviews), placed in this view's coordinates; it is
    /// its layer's `mask` and is not a subview.
    open var mask: UIView? {
        get { maskView }
        set {
            maskView = newValue
            layer.mask = newValue?.layer
        }
    }
    private var maskView: UIView?

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates. Under a `transform` other than the identity it
    /// is the smallest rectangle holding the transformed bounds, and setting it sets `center` to its
    /// middle and the bounds' size to its size (UIKit calls the value undefined then).
    open var frame: CGRect {
        get {
            guard isTransformed else { return CGRect(origin: frameOrigin, size: storedBounds.size) }
            return storedBounds.applying(transformToSuperview)
        }
        set {
            guard isTransformed else { return layoutFrame = newValue }
            layoutFrame = CGRect(x: newValue.midX - newValue.width / 2, y: newValue.midY - newValue.height / 2,
                                 width: newValue.width, height: newValue.height)
        }
    }

    /// The frame without the transform: the bounds' size placed around `center`. What Auto Layout and
    /// autoresizing set and read, as UIKit's layout sets the center and bounds.
    var layoutFrame: CGRect {
        get { CGRect(origin: frameOrigin, size: storedBounds.size) }
        set {
            let old = layoutFrame
            guard !newValue.isSame(as: old) else { return }
            if UIView.currentAnimationContext != nil {
                if old.midX != newValue.midX || old.midY != newValue.midY {
                    animateChange("position", from: CGPoint(x: old.midX, y: old.midY), to: CGPoint(x: newValue.midX, y: newValue.midY))
                }
                if old.size != newValue.size {
                    animateChange("bounds", from: CGRect(origin: storedBounds.origin, size: old.size),
                                  to: CGRect(origin: storedBounds.origin, size: newValue.size))
                }
            }
            let damageBefore = extentInSuperview
            frameOrigin = newValue.origin
            storedBounds.size = newValue.size
            invalidateExtent(own: old.size != newValue.size)
            if old.origin == newValue.origin, !rendersFreely {
                // Only the size changed: what stays in place keeps its pixels, so only the strips the
                // view gained or lost are composited again (all of it, if it draws anew at the new size),
                // and only those it paints in.
                for strip in CGRect.strips(between: old, and: newValue) where paints(inStrip: strip, of: old) {
                    invalidateInSuperview(strip)
                }
            } else {
                // Where it is now, and apart from it where it was: a view that moved and covers what
                // is under it opaquely is all that has to be composited where it is now. An opaque
                // view that only moved keeps its pixels: the window copies them, unless it finds when
                // the frame is drawn that it cannot (see `UIWindow.noteMove`).
                originDidMove()
                if old.size != newValue.size || rendersFreely || !(window?.noteMove(of: self, from: old) ?? false) {
                    let damageAfter = extentInSuperview
                    invalidateInSuperview(damageAfter)
                    for part in damageBefore.subtracting(damageAfter) { invalidateInSuperview(part) }
                }
            }
            geometryDidChange(oldSize: old.size)
        }
    }

    /// The view's rectangle in its own coordinates; the origin shifts what subviews show.
    open var bounds: CGRect {
        get { storedBounds }
        set {
            guard newValue != storedBounds else { return }
            animateChange("bounds", from: storedBounds, to: newValue)
            let damageBefore = extentInSuperview
            let center = self.center
            let oldSize = storedBounds.size
            // A view that clips and only shifts what it shows (a scroll) keeps its pixels: the window
            // copies them within its place and composites only the strip uncovered (see
            // `UIWindow.noteScroll`), unless it finds when the frame is drawn that it cannot.
            let scrolled = oldSize == newValue.size && clipsToBounds && !rendersFreely
                && UIView.currentAnimationContext == nil && (window?.noteScroll(of: self) ?? false)
            let shift = CGPoint(x: newValue.minX - storedBounds.minX, y: newValue.minY - storedBounds.minY)
            storedBounds = newValue
            frameOrigin = CGPoint(x: center.x - newValue.width / 2, y: center.y - newValue.height / 2)
            if scrolled, let window, window.isWholePixelShift(shift) {
                // Subviews keep their sub-pixel placement: their drawings need no look (a long list
                // scrolled by the wheel is not walked at each notch).
                originMoved = window.frameNumber
            } else {
                originDidMove()
            }
            invalidateExtent(own: true)
            if !scrolled { invalidateInSuperview(damageBefore.union(extentInSuperview)) }
            geometryDidChange(oldSize: oldSize)
        }
    }

    open var center: CGPoint {
        get { CGPoint(x: frameOrigin.x + storedBounds.width / 2, y: frameOrigin.y + storedBounds.height / 2) }
        set { layoutFrame.origin = CGPoint(x: newValue.x - storedBounds.width / 2, y: newValue.y - storedBounds.height / 2) }
    }

    /// An affine transform about the view's center (its layer's anchor point, which SceneHost keeps in
    /// the middle): scales, rotates or moves how the view and its subviews are shown, hit tested and
    /// converted, without changing its bounds, center or layout.
    open var transform: CGAffineTransform {
        get { storedTransform }
        set {
            guard newValue != storedTransform else { return }
            guard [newValue.a, newValue.b, newValue.c, newValue.d, newValue.tx, newValue.ty].allSatisfy(\.isFinite) else {
                return SceneHostLog.warning("a view's transform \(newValue) has a component that is not a finite number; the view keeps its transform. Check the arithmetic that made it (a division by zero?)")
            }
            animateChange("transform", from: CATransform3D(storedTransform), to: CATransform3D(newValue))
            let damageBefore = extentInSuperview
            storedTransform = newValue
            isTransformed = !newValue.isIdentity
            updateRendersFreely()
            originDidMove()
            invalidateExtent(own: false)
            invalidateInSuperview(damageBefore.union(extentInSuperview))
        }
    }

    /// Maps this view's coordinates to its superview's: around the center, through the transform.
    var transformToSuperview: CGAffineTransform {
        guard isTransformed else {
            return CGAffineTransform(translationX: frameOrigin.x - storedBounds.minX, y: frameOrigin.y - storedBounds.minY)
        }
        let center = self.center
        return CGAffineTransform(translationX: -storedBounds.midX, y: -storedBounds.midY)
            .concatenating(storedTransform).concatenating(CGAffineTransform(translationX: center.x, y: center.y))
    }

    /// Whether the view is composited by the general path (cairo with any matrix, layer decorations,
    /// animations) rather than by whole-pixel copies: under a transform, with rounded corners, a
    /// border, a shadow, a mask or sublayers, or while its layer animates. Such a view never covers
    /// what is under it, for the renderer's purposes.
    @exclusivity(unchecked) private(set) var rendersFreely = false

    func updateRendersFreely() {
        rendersFreely = isTransformed || (backingLayer?.needsGeneralCompositing ?? false)
    }

    /// Whether the view paints anything in `strip` (its superview's coordinates), which it gained or lost
    /// in a resize from `old`: its background does, and what its subviews show when it clips them; its
    /// drawing only where it inked. A label that grows with its row shows nothing new at its edge.
    private func paints(inStrip strip: CGRect, of old: CGRect) -> Bool {
        if clipsToBounds || backgroundAlpha > 0 { return true }
        guard content != nil else { return false }
        // A drawing fitted to the bounds may reach anywhere in them.
        guard let ink = drawnInk else { return true }
        // The strip is in the superview's coordinates; a pixel of margin for rounding.
        let inSuperview = ink.offsetBy(dx: old.minX - bounds.minX, dy: old.minY - bounds.minY)
        return inSuperview.insetBy(dx: -1, dy: -1).intersects(strip)
    }

    /// This view's coordinates moved within its window: subviews moving in this frame are not copied
    /// (see `originMoved`), and the display pass looks at the whole subtree (where its pixels fall changed).
    private func originDidMove() {
        originMoved = window?.frameNumber ?? -1
        markForDisplay(subtree: true)
    }

    /// The window frame in which this view's coordinates last moved within its window (its frame or
    /// bounds origin changed): a subview that moves in that frame cannot have its pixels copied from
    /// where the last frame showed it, as its coordinates no longer say where that was.
    @exclusivity(unchecked) var originMoved = -1

    private func geometryDidChange(oldSize: CGSize) {
        layoutEngine?.frameDidChange(of: self)
        if oldSize != storedBounds.size {
            setNeedsLayout()
            if drawingDependsOnSize(changedFrom: oldSize) {
                needsDisplay = true
            } else if content != nil, contentMode != .redraw, !keepsDrawingInPlace(oldSize: oldSize) {
                // The kept drawing is fitted to the new bounds: all of it is composited anew.
                invalidate(bounds)
            }
            if autoresizesSubviews { resizeSubviews(from: oldSize) }
            sizeDidChange(from: oldSize)
        }
    }

    /// Whether the kept drawing, copied unscaled during a drag (`unscaledDrawingSlack`), lands on the
    /// same device pixels at the new size as at `oldSize`: where the bounds were and are, its pixels
    /// are then the ones already shown, and only the strips the bounds gained or lost (damaged by
    /// `layoutFrame` when the origin stayed; all of the view when it moved) are composited again. A
    /// photo drawn with a bleed during a drag stays at its bounds' origin (`keepsUnscaledDrawingAtOrigin`):
    /// a cell of a grid that grew without moving costs its edges, not its area, as a view of a solid
    /// colour does.
    private func keepsDrawingInPlace(oldSize: CGSize) -> Bool {
        guard let content, let slack = unscaledDrawingSlack, contentPlacement.scale > 0 else { return false }
        let size = storedBounds.size
        guard abs(content.size.width - size.width) <= slack, abs(content.size.height - size.height) <= slack,
              abs(content.size.width - oldSize.width) <= slack, abs(content.size.height - oldSize.height) <= slack else { return false }
        // Where `ViewRenderer.compositeUnscaled` places it.
        let scale = contentPlacement.scale
        let before = unscaledDrawingOffset(for: content.size, in: oldSize), after = unscaledDrawingOffset(for: content.size, in: size)
        return (before.x * scale).rounded() == (after.x * scale).rounded() && (before.y * scale).rounded() == (after.y * scale).rounded()
    }

    /// Called after the view's size changed (a label that wraps to its width re-measures here).
    func sizeDidChange(from oldSize: CGSize) {}

    /// How a kept drawing fitted to other bounds is sampled: by the layer's magnification filter when
    /// shown larger (`magnifying`), its minification filter when smaller: Core Animation's linear
    /// filter unless set; an image view asks for the nearest pixel during a drag.
    func fittedContentFilter(magnifying: Bool) -> Context.Filter {
        guard let backingLayer else { return .bilinear }
        return (magnifying ? backingLayer.magnificationFilter : backingLayer.minificationFilter) == .nearest ? .fast : .bilinear
    }

    /// The part of the bounds that this view's own drawing (not its background) paints opaquely,
    /// whatever the damage: a superview's background fill leaves it out. None by default; an image
    /// view showing an opaque photo that fills its bounds says so, and a window of photos then fills
    /// only the gaps between them at each frame of a drag, as a grid of coloured views does.
    var opaqueDrawingArea: CGRect? { nil }

    /// How far (in points, on each axis) the bounds may differ from the size the kept drawing was
    /// made at while it is still shown as drawn, pixel for pixel (placed by the content mode, centred
    /// for the scaling modes, cropped to the bounds), rather than scaled to fit; nil: always fitted,
    /// as Core Animation does. An image view showing a photo during a drag allows a few pixels.
    var unscaledDrawingSlack: CGFloat? { nil }

    /// Whether a kept drawing shown unscaled (`unscaledDrawingSlack`) stays where it was drawn, at the
    /// bounds' origin, rather than placed by the content mode: a photo drawn beyond its bounds during
    /// a drag (`drawingBleed`) then keeps its pixels where they are while the bounds change, and only
    /// the strips at its edges are composited again. False by default.
    var keepsUnscaledDrawingAtOrigin: Bool { false }

    /// Where a kept drawing shown unscaled is placed in bounds of `size`: its offset (points) from
    /// the bounds' origin, as `ViewRenderer.compositeUnscaled` copies it.
    func unscaledDrawingOffset(for drawn: CGSize, in size: CGSize) -> (x: CGFloat, y: CGFloat) {
        if keepsUnscaledDrawingAtOrigin { return (0, 0) }
        let placed = contentMode == .scaleToFill || contentMode == .scaleAspectFit || contentMode == .scaleAspectFill ? .center : contentMode
        let fit = placed.fitting(drawn, into: size)
        return (fit.x, fit.y)
    }

    /// Whether a resize from `oldSize` needs a new drawing: in the `.redraw` content mode. A label
    /// whose text sits at its top-left unchanged keeps its drawing.
    func drawingDependsOnSize(changedFrom oldSize: CGSize) -> Bool { contentMode == .redraw }

    // MARK: Hierarchy

    // Links to the superview, window and controller are unowned: a weak reference would give every view
    // a side table and make each retain and release slower. Their owners clear them when they go away
    // (a view its subviews', a window its subtree's, a controller its view's), as UIKit's layers do.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superview: UIView?
    /// Walked by every layout, trait update and frame: no dynamic exclusivity checks (main actor only).
    @exclusivity(unchecked) public private(set) var subviews: [UIView] = []
    @exclusivity(unchecked) private unowned(unsafe) var cachedWindow: UIWindow?
    /// Set when this view is a view controller's root view.
    unowned(unsafe) var viewController: UIViewController? { didSet { traitSource = viewController } }
    /// Whose traits this view inherits before its own overrides: its view controller for a controller's
    /// root view, the presentation controller for a presentation's container view, else nothing (the
    /// superview's traits flow straight in).
    @exclusivity(unchecked) unowned(unsafe) var traitSource: (any TraitSource)? { didSet { hasTraitSource = traitSource != nil } }
    /// Read by every trait update (reading `traitSource` itself retains it).
    @exclusivity(unchecked) private var hasTraitSource = false

    isolated deinit {
        backingLayer?.owningView = nil
        for subview in subviews where subview.superview === self {
            subview.superview = nil
            subview.setWindow(nil)
        }
        if let autoLayout {
            autoLayout.link?.item = nil
            // Constraints outlive their views when someone else holds them: they are then inactive.
            for constraint in autoLayout.constraints where constraint.installedOn === self {
                constraint.installedOn = nil
                constraint.engine = nil
            }
            autoLayout.hostedEngine?.discard()
            for guide in autoLayout.layoutGuides + [autoLayout.layoutMarginsGuide, autoLayout.safeAreaLayoutGuide, autoLayout.readableContentGuide].compactMap({ $0 })
            where guide.owningView === self {
                guide.setOwningView(nil)
            }
        }
    }

    /// The window the view is in, or nil when it is not in one.
    open var window: UIWindow? { cachedWindow }

    open override var next: UIResponder? { viewController ?? superview }

    override var responderWindow: UIWindow? { window }

    /// Set while this view, or the controller whose root view it is, is its window's first responder:
    /// leaving the window ends that (see `UIWindow.firstResponderLeft()`).
    @exclusivity(unchecked) var anchorsFirstResponder = false

    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    open func insertSubview(_ view: UIView, at index: Int) {
        if view.superview === self, let current = subviews.firstIndex(of: view) {
            subviews.remove(at: current)
            subviews.insert(view, at: max(0, min(index, subviews.count)))
            view.invalidateInSuperview(view.extentInSuperview)
            return
        }
        view.removeFromSuperview()
        view.willMove(toSuperview: self)
        let joinsLayout = view.usesAutoLayoutInSubtree
        if joinsLayout { view.joinLayoutEngine(of: self) }
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        if view.backingLayer.map({ $0.zPosition != 0 }) == true { hasZOrderedSubviews = true }
        invalidateExtent(own: true)
        // A subtree entering a window takes its traits at once, before `didMoveToWindow`; one joining a
        // detached subtree is marked, so it is updated when that subtree returns to a window.
        if window != nil {
            view.updateTraits(inherited: view.inheritedTraitCollection, force: true)
        } else {
            view.setNeedsTraitUpdate()
        }
        view.setWindow(window)
        // After the traits: leading and trailing follow the subtree's layout direction.
        if joinsLayout { view.joinedLayoutEngine() }
        view.markForDisplay(subtree: true)
        if !(window?.noteEntering(view) ?? false) { view.invalidateInSuperview(view.extentInSuperview) }
        setNeedsLayout()
        if view.subtreeNeedsLayout { view.markAncestorsForLayout() }
        if view.constraintsNeedUpdate || view.descendantConstraintsNeedUpdate { view.markAncestorsForConstraints() }
        didAddSubview(view)
        view.didMoveToSuperview()
    }

    /// Set once a subview's layer has a `zPosition`: drawing then orders the subviews by it.
    @exclusivity(unchecked) var hasZOrderedSubviews = false

    /// The subviews in the order they are drawn: by their layers' `zPosition`, then as listed.
    var subviewsInDrawingOrder: [UIView] {
        guard hasZOrderedSubviews else { return subviews }
        return subviews.enumerated().sorted {
            ($0.element.backingLayer?.zPosition ?? 0, $0.offset) < ($1.element.backingLayer?.zPosition ?? 0, $1.offset)
        }.map(\.element)
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Inserts `view` just below `sibling` (added last when `sibling` is not a subview, as in UIKit).
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        if view === sibling { return }
        guard sibling.superview === self else { return addSubview(view) }
        if view.superview === self { subviews.removeAll { $0 === view }; subviews.append(view) }
        insertSubview(view, at: subviews.firstIndex(of: sibling)!)
    }

    /// Inserts `view` just above `sibling` (added last when `sibling` is not a subview, as in UIKit).
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        if view === sibling { return }
        guard sibling.superview === self else { return addSubview(view) }
        if view.superview === self { subviews.removeAll { $0 === view }; subviews.append(view) }
        insertSubview(view, at: subviews.firstIndex(of: sibling)! + 1)
    }

    /// Swaps the subviews at two indexes.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        for view in [subviews[index1], subviews[index2]] { view.invalidateInSuperview(view.extentInSuperview) }
    }

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        if usesAutoLayoutInSubtree || layoutEngine != nil { leaveLayoutEngine() }
        // Entered since the last frame, it was never drawn: nothing to damage (see `entersWindow`).
        invalidateInSuperview(extentInSuperview)
        entersWindow = false
        willMove(toSuperview: nil)
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        parent.invalidateExtent(own: true)
        superview = nil
        setWindow(nil)
        parent.setNeedsLayout()
        didMoveToSuperview()
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews { if let found = subview.viewWithTag(tag) { return found } }
        return nil
    }

    open var tag = 0

    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    func setWindow(_ newWindow: UIWindow?) {
        guard cachedWindow !== newWindow || self is UIWindow else { return }
        if self is UIWindow { for subview in subviews { subview.setWindow(newWindow) }; return }
        if anchorsFirstResponder { cachedWindow?.firstResponderLeft() }
        let oldWindow = cachedWindow
        // Entering a window is noted by the window it enters (`UIWindow.noteEntering`), not carried.
        entersWindow = false
        // A controller's view leaving the screen: its disappearance begins before it goes, parents first.
        if let viewController, oldWindow != nil { viewController.viewWillLeaveWindow() }
        willMove(toWindow: newWindow)
        cachedWindow = newWindow
        // Entering one: its appearance begins, parents first (before their children's views arrive).
        if let viewController, let newWindow { viewController.viewDidEnterWindow(newWindow) }
        if let backingLayer, !backingLayer.animationEntries.isEmpty { AnimationClock.register(backingLayer) }
        for subview in subviews { subview.setWindow(newWindow) }
        if newWindow != nil, needsLayout || descendantNeedsLayout { newWindow?.setNeedsFrame() }
        didMoveToWindow()
        if let viewController, oldWindow != nil { viewController.viewDidLeaveWindow() }
    }

    // MARK: Appearance

    @exclusivity(unchecked) open var backgroundColor: UIColor? {
        willSet {
            guard UIView.currentAnimationContext != nil else { return }
            func cg(_ color: UIColor?) -> CGColor { color?.resolvedColor(with: traitCollection).cgColor ?? .clear }
            let (old, new) = (cg(backgroundColor), cg(newValue))
            if old != new { animateChange("backgroundColor", from: old, to: new) }
        }
        didSet {
            hasDynamicBackground = backgroundColor?.isDynamic ?? false
            cachedBackground = nil
            backingLayer?.shapeGeneration &+= 1
            if backgroundColor != oldValue { invalidate(bounds) }
        }
    }
    /// The alpha of the background colour as the view's traits resolve it (0 without one): at 1 it hides
    /// what lies under the bounds.
    var backgroundAlpha: CGFloat { resolvedBackground?.alpha ?? 0 }
    /// The background colour as the view's traits resolve it (nil without one). Read for most views a
    /// frame visits, several times, and a dynamic colour makes a new colour at each resolution: kept
    /// until the colour, or the traits of a dynamic one, change.
    var resolvedBackground: UIColor.Components? {
        if let cachedBackground { return cachedBackground.components }
        let components = backgroundColor?.resolvedColor(with: traitCollection).components
        cachedBackground = ResolvedBackground(components: components)
        return components
    }
    /// A resolution, kept apart from none yet: a view without a background resolves to nil.
    private struct ResolvedBackground { var components: UIColor.Components? }
    @exclusivity(unchecked) private var cachedBackground: ResolvedBackground?
    /// Checked on every trait change without calling the (overridable) getter.
    @exclusivity(unchecked) private var hasDynamicBackground = false

    @exclusivity(unchecked) open var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            if !isHidden { markForDisplay(subtree: true) }
            superview?.arrangedSubviewDidChange(self, visibility: true)
            superview?.invalidateExtent(own: true)
            invalidateInSuperview(extentInSuperview)
        }
    }

    /// Opacity 0…1 applied to the view and its subviews as a group.
    @exclusivity(unchecked) open var alpha: CGFloat = 1 {
        willSet { if UIView.currentAnimationContext != nil, newValue != alpha { animateChange("opacity", from: Float(alpha), to: Float(newValue)) } }
        didSet {
            guard alpha != oldValue else { return }
            if oldValue <= 0 { markForDisplay(subtree: true) }
            invalidateInSuperview(extentInSuperview)
        }
    }

    /// The alpha shown now: the model's, or an animation's on its way (a fade to 0 is drawn to the end).
    var shownAlpha: CGFloat {
        guard let backingLayer, backingLayer.presentationValues != nil else { return alpha }
        return CGFloat(backingLayer.presentedValue("opacity", Float(alpha)))
    }

    /// Whether subviews are clipped to the bounds (the view's own drawing always is).
    @exclusivity(unchecked) open var clipsToBounds = false {
        didSet {
            guard clipsToBounds != oldValue else { return }
            let before = extentInSuperview
            invalidateExtent(own: true)
            invalidateInSuperview(before.union(extentInSuperview))
        }
    }

    /// The tint: the view's own, else its superview's. Changing it redraws the views that inherit it and
    /// calls `tintColorDidChange()` on them.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .tintColor }
        set {
            storedTintColor = newValue
            tintDidChange()
        }
    }
    private var storedTintColor: UIColor?

    /// Called when the tint this view shows changed; the default does nothing.
    open func tintColorDidChange() {}

    private func tintDidChange() {
        setNeedsDisplay()
        tintColorDidChange()
        for subview in subviews where subview.storedTintColor == nil { subview.tintDidChange() }
    }

    // MARK: Traits

    let traitState = TraitState()

    /// The view's traits: its superview's (or its view controller's, for a controller's root view), with
    /// its own `traitOverrides` applied. Updated top-down before layout; stale between updates unless
    /// `updateTraitsIfNeeded()` is called. Views outside a window keep what they last had.
    open var traitCollection: UITraitCollection { traitState.collection }

    /// Trait values this view sets for itself and its subviews.
    open var traitOverrides: UITraitOverrides {
        get { traitState.overrides }
        set {
            traitState.overrides = newValue
            setNeedsTraitUpdate()
        }
    }

    /// Deprecated in UIKit, still called after any trait change (after the registered handlers).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Brings the traits of this view and its subviews up to date now, running their handlers.
    open func updateTraitsIfNeeded() {
        let inherited = inheritedTraitCollection
        updateTraits(inherited: inherited, force: (traitSource?.traitState ?? traitState).isStale(comparedTo: inherited))
    }

    /// What flows into the view from above: its superview's traits (for a controller's root view they
    /// pass through the controller in `updateTraits`), or its scene's for a window.
    var inheritedTraitCollection: UITraitCollection {
        if let superview { return superview.traitCollection }
        if let window = self as? UIWindow, let scene = window.windowScene { return scene.traitCollection }
        return UITraitCollection()
    }

    func setNeedsTraitUpdate() {
        traitState.needsUpdate = true
        var ancestor = traitParent
        while let view = ancestor, !view.traitState.descendantNeedsUpdate {
            view.traitState.descendantNeedsUpdate = true
            ancestor = view.traitParent
        }
        window?.setNeedsFrame()
    }

    private var traitParent: UIView? { superview }

    /// The top-down update: a controller's root view passes through its controller first. Subtrees whose
    /// input did not change and that wait for nothing are skipped.
    func updateTraits(inherited: UITraitCollection, force: Bool) {
        updateTraits(inherited: inherited, force: force, from: TraitTransition())
    }

    /// `parent` is the change the superview went through in this update, if any (see `TraitTransition`).
    private func updateTraits(inherited: UITraitCollection, force: Bool, from parent: TraitTransition) {
        let state = traitState
        // The collection the view had, when its collection object changed: kept until the subtree is done.
        var previous: UITraitCollection?
        var transition = parent
        if !hasTraitSource {
            if force || state.needsUpdate { previous = applyTraits(inherited, transition: &transition) }
        } else if let source = traitSource {
            if force || source.traitState.needsUpdate || state.needsUpdate {
                source.applyTraits(inherited: inherited)
            }
            let input = source.traitState.collection
            if force || state.needsUpdate || input !== inherited {
                transition = TraitTransition()
                previous = applyTraits(input, transition: &transition)
            }
        }
        guard previous != nil || state.descendantNeedsUpdate else { return }
        state.descendantNeedsUpdate = false
        let children = subviews
        if !children.isEmpty {
            let changed = previous != nil && state.collection !== previous
            let collection = state.collection
            // A handler that brought the view's traits up to date again replaced the collection the
            // transition leads to: the subviews then compare for themselves.
            if transition.updated != ObjectIdentifier(collection) { transition = TraitTransition() }
            children.forEachUnretained { $0.updateTraits(inherited: collection, force: changed, from: transition) }
        }
        extendLifetime(previous)
    }

    /// Makes `input` plus the overrides the view's collection and announces what changed. Returns the
    /// previous collection when the collection object changed (the subviews must then recompute), and
    /// leaves in `transition` the change they inherit: the superview's when it is the same, else the view's.
    private func applyTraits(_ input: UITraitCollection, transition: inout TraitTransition) -> UITraitCollection? {
        let state = traitState
        if !state.hasOverrides {
            guard input !== state.collection, let previous = state.adopt(input) else {
                state.needsUpdate = false
                return nil
            }
            if !transition.isSame(from: previous, to: input) {
                transition = TraitTransition(from: previous, to: input, changes: TraitDifferences.between(previous, input))
            }
            // The view shares `input`, which its caller keeps alive.
            if !transition.changes.isEmpty { traitsDidChange(previous: previous, changes: transition.changes, current: input) }
            return previous
        }
        guard let previous = state.adopt(input) else { return nil }
        let updated = state.collection
        transition = TraitTransition(from: previous, to: updated, changes: TraitDifferences.between(previous, updated))
        if !transition.changes.isEmpty { traitsDidChange(previous: previous, changes: transition.changes, current: updated) }
        return previous
    }

    /// Automatic trait tracking, then handlers and `traitCollectionDidChange`, with `current` (the view's
    /// new collection, kept alive by the caller) as `UITraitCollection.current`.
    private func traitsDidChange(previous: UITraitCollection, changes: TraitSet, current: UITraitCollection) {
        let state = traitState
        if state.trackedReads.intersects(changes) {
            if state.layoutReads.intersects(changes) { setNeedsLayout() }
            if state.displayReads.intersects(changes) { setNeedsDisplay() }
            if state.propertiesReads.intersects(changes) { setNeedsUpdateProperties() }
            if state.constraintsReads.intersects(changes) { setNeedsUpdateConstraints() }
        }
        if hasDynamicBackground {
            cachedBackground = nil
            if changes.affectsColorAppearance(in: current) { invalidate(bounds) }
        }
        // Handlers and the deprecated callback run with the view's traits current.
        current.performAsCurrent {
            if !state.registrations.isEmpty { state.fireHandlers(self, previous: previous, changes: changes) }
            traitCollectionDidChange(previous)
        }
    }

    // MARK: Layout

    @exclusivity(unchecked) public private(set) var needsLayout = true
    @exclusivity(unchecked) private var descendantNeedsLayout = false
    /// Whether this view or a descendant waits for layout.
    var subtreeNeedsLayout: Bool { needsLayout || descendantNeedsLayout }

    /// Marks the view to be laid out in the next frame.
    open func setNeedsLayout() {
        needsLayout = true
        markAncestorsForLayout()
    }

    /// Lets the layout pass find this view's pending layout from the window down.
    private func markAncestorsForLayout() {
        var ancestor = superview
        while let view = ancestor, !view.descendantNeedsLayout {
            view.descendantNeedsLayout = true
            ancestor = view.superview
        }
        window?.setNeedsFrame()
    }

    /// Lays out the view's subtree now, where layout is pending; pending constraint changes are solved
    /// first (for the whole hierarchy, as one engine serves it).
    open func layoutIfNeeded() {
        if let engine = layoutEngine ?? (usesAutoLayoutInSubtree ? layoutRoot.hostedLayoutEngine : nil),
           engine.needsSolve || engine.needsRebuild {
            engine.root.updateConstraintsIfNeeded()
            engine.layoutIfNeeded()
        }
        layoutSubtreeIfNeeded()
    }

    private func layoutSubtreeIfNeeded() {
        if needsUpdateProperties { updatePropertiesIfNeeded() }
        if needsLayout {
            needsLayout = false
            // Frames from constraints are in place before `layoutSubviews`, as UIKit applies them first.
            if let engine = layoutEngine ?? hostedLayoutEngine, engine.needsSolve || engine.needsRebuild {
                engine.layoutIfNeeded()
            }
            traitState.collection.performAsCurrent {
                if let viewController {
                    viewController.runIsAppearingIfNeeded()
                    viewController.traitState.layoutReads = TraitReads.tracking { viewController.viewWillLayoutSubviews() }
                }
                traitState.layoutReads = TraitReads.tracking { layoutSubviews() }
                if let viewController {
                    viewController.traitState.layoutReads.formUnion(TraitReads.tracking { viewController.viewDidLayoutSubviews() })
                }
            }
        }
        guard descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        for subview in subviews where subview.needsLayout || subview.descendantNeedsLayout {
            subview.layoutSubtreeIfNeeded()
        }
    }

    /// Override to place subviews; the default does nothing. Traits read here are tracked: when one of
    /// them changes, the view is laid out again by itself.
    open func layoutSubviews() {}

    // MARK: Constraints

    private var constraintsNeedUpdate = false
    private var descendantConstraintsNeedUpdate = false

    // Auto Layout state (the API is in UIView+AutoLayout.swift). Allocated when the view first uses Auto
    // Layout, so views that never do pay one pointer.
    @exclusivity(unchecked) var autoLayout: AutoLayoutState?
    /// The engine laying the view out while the view takes part in one.
    unowned(unsafe) var layoutEngine: LayoutEngine?
    /// Whether constraints were installed on this view or a descendant.
    @exclusivity(unchecked) var usesAutoLayoutInSubtree = false

    /// How the view resizes when its superview's size changes (outside Auto Layout, and as constraints
    /// while `translatesAutoresizingMaskIntoConstraints` is true).
    @exclusivity(unchecked) open var autoresizingMask: AutoresizingMask = [] {
        didSet { if autoresizingMask != oldValue, translatesAutoresizingMaskIntoConstraints { layoutEngine?.setNeedsRebuild() } }
    }
    /// Whether a change of the view's size resizes its subviews by their autoresizing masks.
    @exclusivity(unchecked) open var autoresizesSubviews = true

    /// Forces a layout direction for the view's contents (leading/trailing constraints, natural text
    /// alignment), or follows the trait collection.
    @exclusivity(unchecked) open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet {
            guard semanticContentAttribute != oldValue else { return }
            (layoutEngine ?? hostedLayoutEngine)?.setNeedsRebuild()
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    /// The baseline as `fraction × height + offset` from the top; a view without text has its baseline at
    /// its bottom, as in UIKit. `first`: the first line's, else the last line's.
    func baseline(first: Bool) -> (fraction: CGFloat, offset: CGFloat) { (1, 0) }

    /// Called when a subview is shown or hidden (`visibility`) or its intrinsic size changed: a stack
    /// view rearranges.
    func arrangedSubviewDidChange(_ subview: UIView, visibility: Bool) {}

    /// Called when the view's layout margins changed; the default does nothing.
    open func layoutMarginsDidChange() {}

    /// Whether touches reach the view and its subviews (hit testing skips it when false).
    // Read for every view a hit test passes: no exclusivity checks (10% of a hit test through 10,000 views).
    @exclusivity(unchecked) open var isUserInteractionEnabled = true

    /// Whether `point` (this view's coordinates) lies in the view: its bounds, as UIKit. Override to
    /// make a view's touch area larger or smaller than its bounds; `hitTest(_:with:)` asks it.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { boundsContain(point) }

    /// Whether the bounds contain `point`, compared in place: Foundation's `contains` is a call that
    /// standardizes first (5% of a hit test through thousands of views).
    func boundsContain(_ point: CGPoint) -> Bool {
        let bounds = storedBounds
        guard bounds.size.width >= 0, bounds.size.height >= 0 else { return bounds.contains(point) }
        return point.x >= bounds.origin.x && point.y >= bounds.origin.y
            && point.x < bounds.origin.x + bounds.size.width && point.y < bounds.origin.y + bounds.size.height
    }

    /// The deepest, frontmost view containing `point` (this view's coordinates) that takes touches, as
    /// UIKit (see `defaultHitTest` in Input/UIView+HitTesting.swift).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { defaultHitTest(point, with: event) }

    /// Whether `gestureRecognizer` may begin recognizing touches that hit this view (asked of the
    /// recognizer's view and of the views its touches began on); true by default. Controls return false
    /// for an ancestor's single tap, as UIKit's (see Input/UIView+Gestures.swift).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// The recognizers attached to the view (Input/UIView+Gestures.swift).
    var attachedGestureRecognizers: [UIGestureRecognizer] = []

    /// The interactions added with `addInteraction(_:)` (Menus/UIInteraction.swift).
    /// Read up the tree at each pointer motion (the cursor) and right click: no exclusivity checks.
    @exclusivity(unchecked) var interactionList: [any UIInteraction] = []

    /// Whether the view can take keyboard focus (Tab moves it, see `UIFocusSystem`): false for a plain
    /// view, as in UIKit; SceneHost's controls return true while enabled.
    open var canBecomeFocused: Bool { false }

    /// Whether the view is its scene's focused view (`UIFocusSystem.focusedItem`).
    open var isFocused: Bool { window?.windowScene?.focusSystem?.focusedItem === self }

    /// Called on the views that lost and gained focus, after the change (Focus/UIFocusSystem.swift).
    open func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {}

    /// Asks for `updateConstraints()` before the next layout.
    open func setNeedsUpdateConstraints() {
        constraintsNeedUpdate = true
        markAncestorsForConstraints()
        setNeedsLayout()
    }

    private func markAncestorsForConstraints() {
        var ancestor = superview
        while let view = ancestor, !view.descendantConstraintsNeedUpdate {
            view.descendantConstraintsNeedUpdate = true
            ancestor = view.superview
        }
    }

    /// Whether `updateConstraints()` is pending.
    open func needsUpdateConstraints() -> Bool { constraintsNeedUpdate }

    /// Runs the constraint pass for this view's subtree now: subviews first, then the view (and, for a
    /// controller's root view, the controller's `updateViewConstraints()` first), as UIKit does.
    open func updateConstraintsIfNeeded() {
        if descendantConstraintsNeedUpdate {
            descendantConstraintsNeedUpdate = false
            for subview in subviews { subview.updateConstraintsIfNeeded() }
        }
        guard constraintsNeedUpdate else { return }
        constraintsNeedUpdate = false
        traitState.collection.performAsCurrent {
            if let viewController {
                viewController.traitState.constraintsReads = TraitReads.tracking { viewController.updateViewConstraints() }
            }
            traitState.constraintsReads = TraitReads.tracking { updateConstraints() }
        }
    }

    /// Override to update constraints; traits read here are tracked (a change asks for this again). Call
    /// super at the end, as in UIKit.
    open func updateConstraints() {}

    // MARK: Properties (iOS 26)

    @exclusivity(unchecked) public private(set) var needsUpdateProperties = false

    /// Asks for `updateProperties()` before the next layout.
    open func setNeedsUpdateProperties() {
        needsUpdateProperties = true
        setNeedsLayout()
    }

    /// Runs `updateProperties()` now if it is pending.
    open func updatePropertiesIfNeeded() {
        guard needsUpdateProperties else { return }
        needsUpdateProperties = false
        traitState.collection.performAsCurrent {
            traitState.propertiesReads = TraitReads.tracking { updateProperties() }
        }
    }

    /// Override to set properties from traits or state before layout. Traits read here are tracked.
    open func updateProperties() {}

    /// The size that best fits `size`; the default returns the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits` its current size.
    open func sizeToFit() { frame.size = sizeThatFits(bounds.size) }

    /// The size the content wants; `UIView.noIntrinsicMetric` per axis when it has no preference.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    public static let noIntrinsicMetric: CGFloat = -1

    // MARK: Drawing

    @exclusivity(unchecked) var needsDisplay = true { didSet { if needsDisplay { markForDisplay(subtree: false) } } }

    /// Whether the display pass must look at this view's whole subtree (new, shown again, or moved:
    /// where its pixels fall changed), and whether it must look below this view at all. Set up the
    /// ancestors, so a frame's display pass visits only the branches where something may need drawing.
    @exclusivity(unchecked) var displayChecksSubtree = true
    @exclusivity(unchecked) var descendantNeedsDisplayCheck = false

    /// Marks the view (with its subtree when `subtree`) for the next display pass, and the way to it.
    func markForDisplay(subtree: Bool) {
        if subtree { displayChecksSubtree = true }
        var ancestor = superview
        while let view = ancestor, !view.descendantNeedsDisplayCheck {
            view.descendantNeedsDisplayCheck = true
            ancestor = view.superview
        }
    }
    /// The output of the last `draw(_:)`, as pixels at `contentPlacement`; nil when it drew nothing.
    @exclusivity(unchecked) var content: Content?

    /// The bytes of the drawings kept for this view and every view below it (each one's last `draw(_:)`
    /// output, kept until it draws again): where a scene's memory goes, for the benchmarks. Not in UIKit.
    @_spi(Runtime) public var keptDrawingBytes: Int {
        subviews.reduce(content?.image.map { $0.stride * $0.height } ?? 0) { $0 + $1.keptDrawingBytes }
    }

    /// Lets go of the pixels of the drawings kept in this view's subtree that show as drawn, keeping
    /// where they ink (hidden views' too): each is drawn again, the same pixels, when it is next composited (see
    /// `Content.image`). The bytes let go. Not in UIKit, where the system purges backing stores itself.
    func releaseKeptDrawings() -> Int {
        var released = 0
        // A drawing shown fitted to other bounds would show otherwise drawn again (one marked for
        // display is drawn again before it shows anyway).
        if let image = content?.image, needsDisplay || contentMode == .redraw || content?.size == storedBounds.size,
           // A shadow made from the drawing's pixels is kept by their identity (`paintShadow`).
           backingLayer.map({ $0.shadowOpacity <= 0 || $0.shadowPath != nil }) ?? true {
            released = image.stride * image.height
            content?.image = nil
        }
        for subview in subviews { released += subview.releaseKeptDrawings() }
        return released
    }

    /// A backing image that covers what `draw(_:)` inked (within the bounds): `x`, `y` are its offset
    /// in device pixels from the pixel the bounds' origin falls in, `width` × `height` its size;
    /// `size`, the bounds' size it was drawn for.
    struct Content {
        /// The pixels; nil once a window at rest let them go (`releaseKeptDrawings`): compositing then
        /// draws the view again first, which gives the same pixels, since nothing it draws from changed
        /// (a change would have marked it for display).
        var image: ImageSurface?
        var x: Int, y: Int
        var width: Int, height: Int
        var size: CGSize
        /// Set when `image` is A8 coverage of a drawing in one colour (a plain label's text): the
        /// drawing is this colour through it. A quarter of the bytes of the colour pixels, and the same
        /// pixels once composited (pixman multiplies the colour by the coverage either way), but where
        /// glyphs' anti-aliased edges meet: their coverage is joined before the colour, not after.
        var tint: MaskTint? = nil
        /// The part of `image` (its own pixels) that holds only opaque pixels (an opaque photo's):
        /// copied there rather than blended, as OVER gives the same pixels.
        var opaque: PixelBox? = nil

        /// Paints the drawing with its top-left pixel at (`x`, `y`) of the context's user space,
        /// sampled with `filter` where that space scales it.
        func paint(in context: Context, x: Double, y: Double, filter: Context.Filter? = nil) {
            guard let image else { return }
            if let tint {
                context.setSource(red: tint.red, green: tint.green, blue: tint.blue, alpha: tint.alpha)
                if let filter { context.mask(image, x: x, y: y, filter: filter) } else { context.mask(image, x: x, y: y) }
                return
            }
            context.setSource(image, x: x, y: y)
            if let filter { context.setSourceFilter(filter) }
            context.paint()
        }
    }

    /// Whether one-colour drawings (plain labels' text) are kept as A8 coverage, as they are by default;
    /// false keeps them as colour pixels, for the benchmarks to weigh the two. Not in UIKit.
    @_spi(Runtime) public static var keepsOneColorDrawingsAsCoverage: Bool {
        get { ViewRenderer.keepsCoverage }
        set { ViewRenderer.keepsCoverage = newValue }
    }

    /// Whether `draw(_:)` inks in one colour only, which it then names by `drawnCoverageTint` while
    /// `ViewRenderer` draws it as coverage (opaque ink into an A8 image): a plain label's text.
    var drawsInOneColor: Bool { false }

    /// How the view's drawing is shown when the size of its bounds changes: `.redraw` draws it again;
    /// the other modes keep the drawing made at the old size and scale it (`.scaleToFill`, the
    /// default, `.scaleAspectFit`, `.scaleAspectFill`) or place it unscaled (`.center`, `.topLeft`, …),
    /// as a layer's contents in UIKit. A view whose drawing depends on its size, and that does not
    /// want it stretched, sets `.redraw` (`UILabel` does).
    @exclusivity(unchecked) open var contentMode: ContentMode = .scaleToFill {
        didSet { if contentMode != oldValue, content != nil { invalidate(bounds) } }
    }
    /// What `content` was drawn for: the scale and the sub-pixel offset of the bounds' origin.
    @exclusivity(unchecked) var contentPlacement = ContentPlacement(scale: 0, phaseX: 0, phaseY: 0)

    /// Where the kept drawing shows, in the view's coordinates, when it is shown as drawn (`.redraw`,
    /// or drawn at the bounds' size): its image, from the device pixel the bounds' origin fell in. Nil
    /// without a drawing, or when one drawn at another size is fitted to the bounds.
    var drawnInk: CGRect? {
        guard let content, contentPlacement.scale > 0, contentMode == .redraw || content.size == bounds.size else { return nil }
        let scale = contentPlacement.scale
        return CGRect(x: bounds.minX + (CGFloat(content.x) - contentPlacement.phaseX) / scale,
                      y: bounds.minY + (CGFloat(content.y) - contentPlacement.phaseY) / scale,
                      width: CGFloat(content.width) / scale, height: CGFloat(content.height) / scale)
    }

    /// Marks the whole view to be redrawn.
    open func setNeedsDisplay() {
        needsDisplay = true
        invalidate(bounds)
    }

    /// Marks the view to be redrawn; SceneHost redraws the whole view and recomposites `rect`.
    open func setNeedsDisplay(_ rect: CGRect) {
        needsDisplay = true
        invalidate(rect)
    }

    /// Override to draw the view's content with `UIGraphicsGetCurrentContext()`; the default draws nothing.
    open func draw(_ rect: CGRect) {}

    /// Where `draw(_:)` will ink (bounds coordinates), for views that know it beforehand: they are drawn
    /// straight into an image that size. Nil: drawn to a recording first, to find out.
    var inkBeforeDrawing: CGRect? { nil }

    /// How far (points, on every side) the kept drawing may reach beyond the bounds: none by default
    /// (what is drawn outside them is cut off, as a layer's contents are clipped). An image view
    /// filling its bounds with a photo during a drag draws a little beyond them, so its drawing,
    /// copied as drawn while the bounds grow or shrink by a pixel or two, still covers them.
    var drawingBleed: CGFloat { 0 }

    /// Where the drawing just made by `draw(_:)` is opaque (bounds coordinates), read right after it:
    /// those pixels are copied rather than blended when composited. None by default.
    var opaqueInk: CGRect? { nil }

    /// The area this view and its unclipped, visible descendants cover, in its own coordinates; kept
    /// until something below changes, so moving or resizing a view costs its children, not its subtree.
    @exclusivity(unchecked) private var cachedExtent: CGRect?

    var extent: CGRect {
        if let cachedExtent { return cachedExtent }
        var extent = bounds
        if !clipsToBounds {
            for subview in subviews where !subview.isHidden { extent = extent.union(subview.extentInSuperview) }
            if let backingLayer { extent = extent.union(backingLayer.sublayersExtent) }
        }
        if let backingLayer { extent = extent.union(backingLayer.shadowExtent(bounds: bounds)) }
        cachedExtent = extent
        return extent
    }

    /// The area this view and its unclipped descendants cover, in the superview's coordinates.
    var extentInSuperview: CGRect {
        if rendersFreely { return presentedExtentInSuperview }
        return extent.offsetBy(dx: frameOrigin.x - storedBounds.minX, dy: frameOrigin.y - storedBounds.minY)
    }

    /// Where the view and its unclipped descendants are drawn now, in the superview's coordinates: under
    /// its transform and its layer's running animations.
    var presentedExtentInSuperview: CGRect {
        guard let backingLayer else { return extent.applying(transformToSuperview) }
        let bounds = backingLayer.presentedValue("bounds", storedBounds)
        return extent.union(bounds).union(backingLayer.shadowExtent(bounds: bounds)).applying(backingLayer.transformToSuperlayer(presented: true))
    }

    /// Forgets cached extents that depend on this view: its own (when `own`: its bounds or subviews
    /// changed) and its ancestors'. An ancestor without a cache has none above it either.
    func invalidateExtent(own: Bool) {
        if own { cachedExtent = nil }
        var ancestor = superview
        while let view = ancestor, view.cachedExtent != nil {
            view.cachedExtent = nil
            ancestor = view.superview
        }
    }

    /// Adds `rect` (in this view's coordinates) to the window's damaged region; nothing inside a subtree
    /// that entered the window since the last frame (the frame damages where it ends up, once).
    func invalidate(_ rect: CGRect) {
        guard let window, !rect.isEmpty else { return }
        if window.hasEnteringSubtrees, isInEnteringSubtree { return }
        window.addDamage(convert(rect, to: nil))
    }

    /// The root of a subtree that entered its window since the window's last frame, which damages
    /// where the subtree is when that frame is drawn rather than each change made to it before (see
    /// `UIWindow.noteEntering`): a presentation's container, laid out, slid out and faded to nothing
    /// before its first frame, damages only what that frame shows of it.
    @exclusivity(unchecked) var entersWindow = false

    /// Whether this view or an ancestor entered the window since its last frame (see `entersWindow`).
    var isInEnteringSubtree: Bool {
        unowned(unsafe) var current = self
        while true {
            if current.entersWindow { return true }
            guard let next = current.superview else { return false }
            current = next
        }
    }

    func invalidateInSuperview(_ rect: CGRect) {
        // Not drawn yet: the window damages where it is when the frame is drawn.
        if entersWindow { return }
        if let superview {
            superview.invalidate(rect)
        } else if let window = self as? UIWindow {
            window.addDamage(rect.offsetBy(dx: storedBounds.minX - frameOrigin.x, dy: storedBounds.minY - frameOrigin.y))
        } else if let masked = backingLayer?.maskedLayer?.hostView {
            // A mask view changed: the view it masks is drawn again.
            masked.invalidateInSuperview(masked.extentInSuperview)
        }
    }

    struct ContentPlacement: Equatable {
        var scale: CGFloat, phaseX: Double, phaseY: Double
    }

    // MARK: Coordinate conversion

    /// `rect` in this view's coordinates → its window's coordinates (its topmost ancestor's when it is
    /// not in a window).
    private func rectInWindow(_ rect: CGRect) -> CGRect {
        var result = rect
        // Walked for every damaged rectangle: neither retained nor cast at each step.
        unowned(unsafe) var current = self
        while !current.isWindow, let parent = current.superview {
            if current.isTransformed {
                result = result.applying(current.transformToSuperview)
            } else {
                result = result.offsetBy(dx: current.frameOrigin.x - current.storedBounds.minX,
                                         dy: current.frameOrigin.y - current.storedBounds.minY)
            }
            current = parent
        }
        return result
    }

    /// Maps this view's coordinates to its window's (its topmost ancestor's outside a window), and
    /// whether that is a translation only.
    private func transformToWindow() -> (transform: CGAffineTransform, isTranslation: Bool) {
        var transform = CGAffineTransform.identity, isTranslation = true
        var current = self
        while !current.isWindow, let parent = current.superview {
            transform = transform.concatenating(current.transformToSuperview)
            isTranslation = isTranslation && !current.isTransformed
            current = parent
        }
        return (transform, isTranslation)
    }

    /// Set by `UIWindow`: whether this view is a window (cheaper to read than a cast).
    @exclusivity(unchecked) var isWindow = false

    /// Converts a rectangle to `view`'s coordinates (to the window's when `view` is nil).
    /// Under transforms, a rectangle becomes the smallest rectangle holding its converted corners, as in UIKit.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        let inWindow = rectInWindow(rect)
        guard let view else { return inWindow }
        return view.fromWindow(inWindow)
    }

    /// Converts a rectangle from `view`'s coordinates (from the window's when `view` is nil).
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        fromWindow(view?.rectInWindow(rect) ?? rect)
    }

    /// `rect` in window coordinates → this view's: an offset, unless a transform is on the way.
    private func fromWindow(_ rect: CGRect) -> CGRect {
        let (transform, isTranslation) = transformToWindow()
        if isTranslation { return rect.offsetBy(dx: -transform.tx, dy: -transform.ty) }
        return rect.applying(transform.inverted())
    }

    /// `point` in the superview's coordinates → this view's: the one step hit testing and event
    /// delivery take down the tree, without walking to the window.
    func convertFromSuperview(_ point: CGPoint) -> CGPoint {
        guard isTransformed else {
            return CGPoint(x: point.x - frameOrigin.x + storedBounds.minX, y: point.y - frameOrigin.y + storedBounds.minY)
        }
        let transform = transformToSuperview
        // A transform that flattens the view (a scale of 0) leaves no point inside it.
        guard transform.a * transform.d - transform.b * transform.c != 0 else { return CGPoint(x: CGFloat.infinity, y: .infinity) }
        return point.applying(transform.inverted())
    }

    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        convert(CGRect(origin: point, size: .zero), to: view).origin
    }

    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        convert(CGRect(origin: point, size: .zero), from: view).origin
    }
}

extension UIView {
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        registerHandler(traits, handler)
    }

    @discardableResult
    public func registerForTraitChanges<Target: AnyObject>(
        _ traits: [UITrait], target: Target, action: @escaping (Target) -> () -> Void) -> any UITraitChangeRegistration {
        registerAction(traits, target: target, action: action)
    }

    /// The action form with the view itself as target: `registerForTraitChanges(traits, action: UIView.setNeedsLayout)`.
    @discardableResult
    public func registerForTraitChanges<Target: UIView>(_ traits: [UITrait], action: @escaping (Target) -> () -> Void) -> any UITraitChangeRegistration {
        registerHandler(traits) { (view: Target, _: UITraitCollection) in action(view)() }
    }

    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) { traitState.unregister(registration) }
}

extension UIView {
    /// For a view's `adjustsFontForContentSizeCategory`: the registration that calls `adjust` at each
    /// change of the content size category while `follows`, kept if there is one already; nil (the old
    /// one unregistered) when not.
    func contentSizeCategoryRegistration<View: UIView>(_ follows: Bool, replacing registration: (any UITraitChangeRegistration)?,
                                                       _ adjust: @escaping (View) -> Void) -> (any UITraitChangeRegistration)? {
        guard follows else {
            if let registration { unregisterForTraitChanges(registration) }
            return nil
        }
        return registration ?? registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (view: View, _) in adjust(view) }
    }
}
