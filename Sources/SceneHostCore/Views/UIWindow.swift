import Foundation

/// The root of a scene's view hierarchy. A window fills its scene; its root view controller's view fills
/// the window. Hidden until `makeKeyAndVisible()` (or `isHidden = false`), as in UIKit.
@MainActor
open class UIWindow: UIView {
    /// The scene showing the window. Setting it moves the window to that scene and sizes it to the scene.
    // Read at every frame: no exclusivity checks (see UIView: 2.5% of a drag with the scene's and labels').
    @exclusivity(unchecked) open weak var windowScene: UIWindowScene? {
        didSet {
            guard windowScene !== oldValue else { return }
            oldValue?.remove(self)
            if let windowScene {
                windowScene.windows.append(self)
                frame = windowScene.effectiveGeometry.coordinateSpace.bounds
                updateTraits(inherited: windowScene.traitCollection, force: true)
            }
            setNeedsFrame()
        }
    }

    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.effectiveGeometry.coordinateSpace.bounds)
        isWindow = true
        isHidden = true
        self.windowScene = windowScene
        windowScene.windows.append(self)
        setWindow(self)
        updateTraits(inherited: windowScene.traitCollection, force: true)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isWindow = true
        isHidden = true
        setWindow(self)
    }

    open override var window: UIWindow? { self }

    /// After the window comes its scene (iOS 13), whose chain goes on to the app.
    open override var next: UIResponder? { windowScene }

    /// The window's undo manager, where its text fields register their edits (UIKit gives each
    /// window scene's windows one too).
    open override var undoManager: UndoManager? { ownUndoManager }
    private lazy var ownUndoManager = UndoManager()

    // MARK: First responder

    /// The responder key commands are looked for from (see `UIResponder.becomeFirstResponder()`): one
    /// per window, a view in it or a controller whose view is in it. Held strongly, and let go when its
    /// view leaves the window (`firstResponderLeft()`), so the window never points at a view it lost.
    private(set) var firstResponder: UIResponder?

    /// The view whose leaving the window ends `responder`'s first responder status.
    private static func anchor(of responder: UIResponder) -> UIView? {
        (responder as? UIView) ?? (responder as? UIViewController)?.viewIfLoaded
    }

    func setFirstResponder(_ responder: UIResponder?) {
        if let old = firstResponder { Self.anchor(of: old)?.anchorsFirstResponder = false }
        firstResponder = responder
        if let responder { Self.anchor(of: responder)?.anchorsFirstResponder = true }
    }

    /// The first responder's view is leaving the window: it is asked to resign, as in UIKit, and loses
    /// the status whatever it answers.
    func firstResponderLeft() {
        guard let responder = firstResponder else { return }
        _ = responder.resignFirstResponder()
        if firstResponder === responder { setFirstResponder(nil) }
    }

    /// Where key commands are looked for, from the first responder up the chain; with no first
    /// responder, from the root view controller (or the topmost controller it presents, whose chain
    /// passes through its presenter), so a window with nothing focused offers what its controllers
    /// declare.
    @_spi(Runtime) public var keyCommandResponders: [UIResponder] {
        if let firstResponder { return firstResponder.responderChain }
        guard var controller = rootViewController else { return responderChain }
        while let presented = controller.presentedViewController { controller = presented }
        return controller.responderChain
    }

    isolated deinit {
        // UIView's deinit unhooks the subviews after this window's own properties are gone: none of
        // them may look for its first responder then.
        if let firstResponder { Self.anchor(of: firstResponder)?.anchorsFirstResponder = false }
    }

    /// The controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            // What the old root presented goes with it.
            // Ended at once, even mid-transition: the old root may be freed right after this.
            if let old = oldValue, let presented = old.presentedViewController {
                presented.dismissPresentation(animated: false, force: true, completion: nil)
            }
            if let old = oldValue, old.viewIfLoaded?.superview === self { old.view.removeFromSuperview() }
            if let root = rootViewController {
                // As UIKit's window does (`autoresize = W+H`): the root view follows the window's size
                // within the window's own layout, so a resize is laid out in one pass.
                root.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                root.view.frame = bounds
                addSubview(root.view)
            }
            setNeedsLayout()
        }
    }

    /// Delivers `event` to the views and gesture recognizers of its touches (Input/UIWindow+Events.swift),
    /// as UIKit's. Overrides may watch or filter events and call super to deliver them. Differs from
    /// UIKit: the runtime calls it directly (there is no `UIApplication.sendEvent(_:)` step before it).
    open func sendEvent(_ event: UIEvent) {
        if event.type == .touches { deliverTouches(event) }
    }

    /// Whether this is its scene's key window (the one receiving keyboard input).
    public var isKeyWindow: Bool { windowScene?.keyWindow === self }

    /// Shows the window and makes it the scene's key window.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    open func makeKey() { windowScene?.keyWindow = self }

    open override var isHidden: Bool {
        didSet { if isHidden != oldValue { addDamage(bounds) } }
    }

    open override func layoutSubviews() {
        rootViewController?.viewIfLoaded?.frame = bounds
        for case let container as PresentationContainerView in subviews { container.frame = bounds }
    }

    // MARK: Frames

    /// Region (window points) that must be recomposited in the next frame.
    @exclusivity(unchecked) private(set) var damage = Damage()

    func addDamage(_ rect: CGRect) {
        // What lies outside the scene (a list running past its bottom edge) is never shown.
        var rect = rect
        if let windowScene { rect = rect.clipped(to: windowScene.effectiveGeometry.coordinateSpace.bounds) }
        guard !rect.isNull, !rect.isEmpty else { return }
        damage.add(rect)
        setNeedsFrame()
    }

    /// The scale of the last display pass (0 before the first).
    var displayedScale: CGFloat = 0

    /// Counts the frames drawn from this window's damage (views stamp their moves with it).
    @exclusivity(unchecked) private(set) var frameNumber = 0
    /// Views that moved since the last frame and whose pixels may be copied (see `noteMove`), with where
    /// that frame showed them (window points).
    @exclusivity(unchecked) private var moved: [(view: UIView, from: CGRect)] = []
    /// The window's bounds when the last frame was drawn (pixels outside them were never drawn), and
    /// its scale (pixels drawn at another are not copied).
    @exclusivity(unchecked) private var drawnBounds: CGRect?
    @exclusivity(unchecked) private var drawnScale: CGFloat = 0

    /// Roots of subtrees that entered this window since its last frame (see `UIView.entersWindow`).
    @exclusivity(unchecked) private var entering: [WeakView] = []
    /// Whether any subtree entered since the last frame: views check their ancestors only then.
    @exclusivity(unchecked) private(set) var hasEnteringSubtrees = false

    struct WeakView { weak var view: UIView? }

    /// `view` (with its subtree) was just added to this window. Returns whether the window takes care
    /// of its damage: once a frame has been drawn, a subtree that enters damages only where it is, as
    /// it is shown, when the next frame is drawn (`takeDamage`), not each change made to it before
    /// (added at one place, laid out, transformed, faded out): it was never drawn anywhere else. A view
    /// added inside such a subtree needs nothing more.
    func noteEntering(_ view: UIView) -> Bool {
        guard drawnBounds != nil else { return false }
        if hasEnteringSubtrees, view.superview?.isInEnteringSubtree == true { return true }
        view.entersWindow = true
        entering.append(WeakView(view: view))
        hasEnteringSubtrees = true
        setNeedsFrame()
        return true
    }

    /// `view` moved from `frame` (its superview's coordinates) to where it is now. Returns whether the
    /// window takes care of both places: a view whose pixels are its own (see `isCopyable`), whose
    /// ancestors kept their places, is copied from where the last frame showed it (as a compositor
    /// moves a layer), and only what changed in it and what it left are composited again. Whether the
    /// copy can be made is settled when the frame is drawn (`takeDamage`); if not, both places are
    /// composited.
    func noteMove(of view: UIView, from frame: CGRect) -> Bool {
        guard drawnBounds != nil, isCopyable(view), ancestorsStayed(view), let superview = view.superview else { return false }
        // Never drawn where it was: nothing to copy (the frame damages where it is).
        if hasEnteringSubtrees, view.isInEnteringSubtree { return false }
        if !moved.contains(where: { $0.view === view }) { moved.append((view, superview.convert(frame, to: nil))) }
        setNeedsFrame()
        return true
    }

    /// Views that shifted what they show since the last frame (scroll views), with their bounds' origin
    /// and their place (window points) as the last frame showed them.
    @exclusivity(unchecked) private var scrolled: [(view: UIView, origin: CGPoint, place: CGRect)] = []
    /// The damage as it was when the frame's first scroll was noted.
    @exclusivity(unchecked) private var damageBeforeScroll = Damage()

    /// `view`, which clips, is about to shift what it shows (its bounds' origin changes, not its size).
    /// Returns whether the window takes care of it: the pixels the last frame showed are copied within
    /// the view's place and only the strip uncovered (and what changed in it) is composited again. A
    /// second shift in the same frame adds to the first.
    func noteScroll(of view: UIView) -> Bool {
        guard drawnBounds != nil, view !== self else { return false }
        if scrolled.contains(where: { $0.view === view }) { return true }
        if hasEnteringSubtrees, view.isInEnteringSubtree { return false }
        guard !view.isHidden, view.alpha >= 1, ancestorsStayed(view) else { return false }
        // What was damaged before the first scroll of the frame lies where the copy carries it from.
        if scrolled.isEmpty { damageBeforeScroll = damage }
        scrolled.append((view, view.bounds.origin, view.convert(view.bounds, to: nil)))
        setNeedsFrame()
        return true
    }

    /// Whether `shift` (points) is whole device pixels at the scale the last frame was drawn at.
    func isWholePixelShift(_ shift: CGPoint) -> Bool {
        guard drawnScale > 0 else { return false }
        let x = shift.x * drawnScale, y = shift.y * drawnScale
        return x == x.rounded() && y == y.rounded()
    }

    /// Whether the pixels the last frame showed in `place` (window points) may be shifted by `shift`
    /// within it: the view is where it was, on whole pixels, opaque (or over its superview's plain
    /// background), and nothing is drawn over it.
    private func canScrollCopy(_ view: UIView, shift: CGPoint, place: CGRect, scale: CGFloat, drawnBounds: CGRect,
                               above: ArraySlice<UIWindow>) -> Bool {
        func integral(_ value: CGFloat) -> Bool { let scaled = value * scale; return scaled == scaled.rounded(.down) }
        guard view.window === self, scale == drawnScale, integral(shift.x), integral(shift.y),
              integral(place.minX), integral(place.minY), integral(place.width), integral(place.height),
              view.convert(view.bounds, to: nil).isSame(as: place), drawnBounds.holds(place),
              CGRect(origin: .zero, size: bounds.size).holds(place),
              !view.isHidden, view.alpha >= 1, !view.rendersFreely, view.clipsToBounds, ancestorsStayed(view),
              let superview = view.superview else { return false }
        let plainBackdrop = view.backgroundAlpha < 1
        if plainBackdrop, superview.backgroundAlpha < 1 || superview.content != nil { return false }
        return nothingCovers(place, of: view, plainBackdrop: plainBackdrop, above: above)
    }

    /// Whether `view`'s pixels are its own wherever it goes: shown, unfaded, no subview past its bounds,
    /// and either an opaque background (it hides what is under it) or, behind it, only its superview's
    /// opaque background (a label on a list row), the same colour everywhere, which `canCopy` checks
    /// no other subview covers where it was or is.
    private func isCopyable(_ view: UIView) -> Bool {
        guard !view.isHidden, view.alpha >= 1, !view.rendersFreely, view.extentInSuperview.isSame(as: view.frame) else { return false }
        if view.backgroundAlpha >= 1 { return true }
        guard let superview = view.superview else { return false }
        return superview.backgroundAlpha >= 1 && superview.content == nil
    }

    /// Whether `view`'s ancestors, up to this window, kept their places in this frame and show their
    /// subviews as they are (shown, unfaded).
    private func ancestorsStayed(_ view: UIView) -> Bool {
        var ancestor = view.superview
        while let current = ancestor, current !== self {
            guard current.originMoved != frameNumber, current.alpha >= 1, !current.isHidden, !current.rendersFreely else { return false }
            ancestor = current.superview
        }
        return ancestor === self && !isHidden
    }

    /// Returns and clears the damaged region, with the moves of opaque views to copy first, for a frame
    /// drawn at `scale` into the pixels of the last. `above`: the windows drawn over this one.
    func takeDamage(scale: CGFloat, above: ArraySlice<UIWindow>) -> Damage {
        defer {
            damage = Damage()
            moved = []
            scrolled = []
            damageBeforeScroll = Damage()
            drawnBounds = CGRect(origin: .zero, size: bounds.size)
            drawnScale = scale
            frameNumber += 1
        }
        // Scrolls first: their copies are made before the moved views'.
        var scrolls: [Damage.Move] = []
        for scroll in scrolled {
            let view = scroll.view
            let shift = CGPoint(x: scroll.origin.x - view.bounds.minX, y: scroll.origin.y - view.bounds.minY)
            if shift == .zero { continue }
            if let drawnBounds, canScrollCopy(view, shift: shift, place: scroll.place, scale: scale, drawnBounds: drawnBounds, above: above),
               !scrolls.contains(where: { $0.from.union($0.to).intersects(scroll.place) }) {
                let place = scroll.place
                let source = place.clipped(to: place.offsetBy(dx: -shift.x, dy: -shift.y))
                // What changed in the view before the shift is carried by the copy: it is composited
                // again where it lands too (what changed after is where it is).
                for rect in damageBeforeScroll.rects {
                    let part = rect.clipped(to: place)
                    guard !part.isNull, !part.isEmpty else { continue }
                    let moved = part.offsetBy(dx: shift.x, dy: shift.y).clipped(to: place)
                    if !moved.isNull, !moved.isEmpty { addDamage(moved) }
                }
                if source.isNull || source.isEmpty {
                    addDamage(place)
                } else {
                    let target = source.offsetBy(dx: shift.x, dy: shift.y)
                    scrolls.append(Damage.Move(from: source, to: target))
                    damage.add(Damage.Move(from: source, to: target))
                    // The strip the shift uncovered.
                    for part in place.subtracting(target) { addDamage(part) }
                }
            } else {
                // Where it was and where it is (its frame may have changed too).
                addDamage(scroll.place)
                if view.window === self { addDamage(view.convert(view.bounds, to: nil)) }
            }
        }
        var copied: [Damage.Move] = []
        for (view, from) in moved {
            // Gone from the window: its removal damaged where it went, not where it was drawn.
            guard view.window === self else {
                addDamage(from)
                continue
            }
            let to = view.convert(view.bounds, to: self)
            if let drawnBounds, canCopy(view, from: from, to: to, scale: scale, drawnBounds: drawnBounds, above: above),
               !(copied + scrolls).contains(where: { $0.from.union($0.to).intersects(from.union(to)) }) {
                copied.append(Damage.Move(from: from, to: to))
            } else {
                addDamage(from)
                addDamage(to)
            }
        }
        for move in copied {
            // What changed where it was (in it, over it, or a view that moved away from it) is
            // composited again where it lands; then what it left.
            let offset = CGPoint(x: move.to.minX - move.from.minX, y: move.to.minY - move.from.minY)
            for rect in damage.rects {
                let part = rect.clipped(to: move.from)
                if !part.isNull, !part.isEmpty { addDamage(part.offsetBy(dx: offset.x, dy: offset.y)) }
            }
            for part in move.from.subtracting(move.to) { addDamage(part) }
            damage.add(move)
        }
        // The subtrees that entered: where they are shown now (a view faded to nothing shows nothing).
        if hasEnteringSubtrees {
            for entry in entering {
                guard let view = entry.view, view.entersWindow else { continue }
                view.entersWindow = false
                guard view.window === self, !view.isHidden, view.shownAlpha > 0, let superview = view.superview else { continue }
                addDamage(superview.convert(view.extentInSuperview, to: nil))
            }
            entering = []
            hasEnteringSubtrees = false
        }
        return damage
    }

    /// Whether the pixels the last frame showed at `from` are `view`'s as it is now, moved to `to`:
    /// the same size, on whole pixels, inside what both frames drew, its ancestors in place, and
    /// nothing drawn over either place.
    private func canCopy(_ view: UIView, from: CGRect, to: CGRect, scale: CGFloat, drawnBounds: CGRect,
                         above: ArraySlice<UIWindow>) -> Bool {
        func whole(_ rect: CGRect) -> Bool {
            func integral(_ value: CGFloat) -> Bool { value == value.rounded(.down) }
            return integral(rect.origin.x * scale) && integral(rect.origin.y * scale) && integral(rect.size.width * scale) && integral(rect.size.height * scale)
        }
        let shown = CGRect(origin: .zero, size: bounds.size)
        guard scale == drawnScale, from.size == to.size, whole(from), whole(to), shown.holds(from), shown.holds(to),
              drawnBounds.holds(from), isCopyable(view), ancestorsStayed(view) else { return false }
        let places = from.union(to)
        // Shown over its superview's background alone: inside it, and no other subview there.
        return nothingCovers(places, of: view, plainBackdrop: view.backgroundAlpha < 1, above: above)
    }

    /// Whether nothing is drawn over `rect` (window points) where `view` is: no view drawn after it or
    /// an ancestor (with `plainBackdrop`, no other subview of its superview at all), no clipping ancestor
    /// cutting `rect`, and no window above. The walk goes up the ancestors with `rect` in each one's
    /// coordinates (where it starts in the window found once, then followed up).
    private func nothingCovers(_ rect: CGRect, of view: UIView, plainBackdrop: Bool, above: ArraySlice<UIWindow>) -> Bool {
        guard let superview = view.superview else { return false }
        var child = view, parent = superview, parentOrigin = superview.convert(CGPoint.zero, to: nil)
        while true {
            let local = rect.offsetBy(dx: -parentOrigin.x, dy: -parentOrigin.y)
            // Views drawn after `child` in its superview lie over it (any other one lies on the plain
            // backdrop); an ancestor that clips may hide part of the place.
            var isLater = false
            for sibling in parent.subviewsInDrawingOrder {
                if sibling === child {
                    isLater = true
                } else if isLater || (plainBackdrop && parent === superview), !sibling.isHidden, sibling.alpha > 0,
                          sibling.extentInSuperview.intersects(local) {
                    return false
                }
            }
            if parent.clipsToBounds || (plainBackdrop && parent === superview), !parent.bounds.holds(local) { return false }
            guard let next = parent.superview else { break }
            let frame = parent.frame, bounds = parent.bounds
            parentOrigin = CGPoint(x: parentOrigin.x - frame.minX + bounds.minX, y: parentOrigin.y - frame.minY + bounds.minY)
            child = parent
            parent = next
        }
        return !above.contains(where: { !$0.isHidden && $0.frame.intersects(rect) })
    }

    /// Asks the scene's host for a frame (layout, draw, present) at the next turn of the loop.
    func setNeedsFrame() { windowScene?.host?.sceneNeedsFrame() }
}
