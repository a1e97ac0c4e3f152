import Cairo
import Foundation

/// Which corners `cornerRadius` rounds, as Core Animation's `CACornerMask` (in UIKit's y-down
/// coordinates `layerMinXMinYCorner` is the top left).
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// The shape of rounded corners: `circular` quarter circles, or `continuous` (iOS's "squircle"), which
/// starts curving 1.528665 × the radius from the corner.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How `contents` is placed in the bounds, as Core Animation's gravity (y down, as in UIKit).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = Self(rawValue: "center"), top = Self(rawValue: "top"), bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left"), right = Self(rawValue: "right")
    public static let topLeft = Self(rawValue: "topLeft"), topRight = Self(rawValue: "topRight")
    public static let bottomLeft = Self(rawValue: "bottomLeft"), bottomRight = Self(rawValue: "bottomRight")
    public static let resize = Self(rawValue: "resize"), resizeAspect = Self(rawValue: "resizeAspect")
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")

    var contentMode: UIView.ContentMode {
        switch self {
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        case .resizeAspect: .scaleAspectFit
        case .resizeAspectFill: .scaleAspectFill
        default: .scaleToFill
        }
    }
}

/// How a layer's contents (or a view's kept drawing) are sampled when shown at another size than
/// they were drawn at, as Core Animation's filters: `linear` (the default) blends the four nearest
/// pixels, `nearest` takes the nearest one (blocky, and cheaper: a view stretched during a window's
/// drag, say); `trilinear` is `linear` here, as SceneHost keeps no mipmaps.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self(rawValue: "linear"), nearest = Self(rawValue: "nearest")
    public static let trilinear = Self(rawValue: "trilinear")
}

/// What a view shows, as Core Animation's `CALayer`: a background, rounded corners, a border, a
/// shadow, an opacity, a transform, contents (an image or `draw(in:)`), a mask and sublayers, each
/// animatable (`add(_:forKey:)`, and implicitly inside `UIView.animate` for the view's own geometry,
/// alpha, background, transform and corner radius).
///
/// Every view has one (`UIView.layer`, made when first asked for). A view's layer shares its geometry
/// with the view: its `bounds`, `position` (the view's `center`), `transform`, `opacity` (`alpha`),
/// `isHidden`, `masksToBounds` (`clipsToBounds`) and `backgroundColor` are the view's. Differences
/// from Core Animation: a view's layer keeps its `anchorPoint` in the middle; its `sublayers` list
/// only the layers added to it, which are drawn above the view's content and below its subviews
/// (subviews' layers are not among them); a shadow without a `shadowPath` is cast by the layer's own
/// background, contents, border and sublayers, not by its subviews; transforms are drawn flat (their
/// affine part).
@MainActor
open class CALayer {
    public required init() {}

    /// A copy of `layer`'s properties (the form Core Animation uses for presentation layers).
    public required init(layer: Any) {
        guard let layer = layer as? CALayer else { return }
        copyProperties(from: layer)
    }

    /// The view this layer backs; nil for a layer made on its own.
    public internal(set) unowned(unsafe) var owningView: UIView?

    /// The view whose drawing shows this layer: its own view, or that of the nearest superlayer that
    /// has one.
    var hostView: UIView? {
        var layer: CALayer? = self
        while let current = layer {
            // A mask view is in no hierarchy: the view it masks shows it.
            if let view = current.owningView, view.superview != nil || current.maskedLayer == nil { return view }
            layer = current.storedSuperlayer ?? current.maskedLayer
        }
        return nil
    }

    public var name: String?

    // MARK: Geometry

    private var storedBounds = CGRect.zero
    private var storedPosition = CGPoint.zero
    private var storedTransform = CATransform3DIdentity

    /// The layer's rectangle in its own coordinates (a view's layer: the view's bounds).
    open var bounds: CGRect {
        get { owningView?.bounds ?? storedBounds }
        set {
            if let owningView { return owningView.bounds = newValue }
            guard newValue != storedBounds else { return }
            let old = storedBounds
            changing { storedBounds = newValue }
            implicitlyAnimate("bounds", from: old, to: newValue)
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
        }
    }

    /// Where the anchor point lies in the superlayer's coordinates (a view's layer: the view's center).
    open var position: CGPoint {
        get { owningView?.center ?? storedPosition }
        set {
            if let owningView { return owningView.center = newValue }
            guard newValue != storedPosition else { return }
            let old = storedPosition
            changing { storedPosition = newValue }
            implicitlyAnimate("position", from: old, to: newValue)
        }
    }

    /// The point of the bounds (0…1 per axis) that `position` places and transforms turn around. A view's
    /// layer keeps (0.5, 0.5).
    open var anchorPoint: CGPoint {
        get { owningView == nil ? storedAnchorPoint : CGPoint(x: 0.5, y: 0.5) }
        set {
            guard owningView == nil else {
                return SceneHostLog.warning("a view's layer keeps its anchor point in the middle in SceneHost; move the view (its center) instead")
            }
            changing { storedAnchorPoint = newValue }
        }
    }
    private var storedAnchorPoint = CGPoint(x: 0.5, y: 0.5)

    /// The layer's rectangle in its superlayer's coordinates: from `position`, `anchorPoint` and
    /// `bounds` (the smallest rectangle holding the transformed bounds under a transform).
    open var frame: CGRect {
        get { owningView?.frame ?? bounds.applying(transformToSuperlayer(presented: false)) }
        set {
            if let owningView { return owningView.frame = newValue }
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// The layer's transform about its anchor point (a view's layer: the view's `transform`).
    open var transform: CATransform3D {
        get { owningView.map { CATransform3D($0.transform) } ?? storedTransform }
        set {
            if let owningView { return owningView.transform = newValue.affine }
            guard newValue != storedTransform else { return }
            let old = storedTransform
            changing { storedTransform = newValue }
            implicitlyAnimate("transform", from: old, to: newValue)
        }
    }

    public func affineTransform() -> CGAffineTransform { transform.affine }
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3D(m) }

    /// Orders siblings: a larger value is drawn later (above), whatever the order of `sublayers`.
    /// A view's layer orders the view among its siblings when drawn (not when hit tested, as in UIKit).
    open var zPosition: CGFloat = 0 {
        didSet {
            guard zPosition != oldValue else { return }
            if zPosition != 0 { owningView?.superview?.hasZOrderedSubviews = true }
            changing {}
        }
    }

    /// Maps the layer's coordinates to its superlayer's (a view's layer: the view's superview's).
    func transformToSuperlayer(presented: Bool) -> CGAffineTransform {
        let bounds = presented ? presentedValue("bounds", self.bounds) : self.bounds
        let position = presented ? presentedValue("position", self.position) : self.position
        let transform = presented ? presentedValue("transform", self.transform).affine : self.transform.affine
        let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform).concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    // MARK: Appearance

    private var storedOpacity: Float = 1
    private var storedHidden = false
    private var storedMasksToBounds = false
    private var storedBackgroundColor: CGColor?

    /// 0…1, applied to the layer and its sublayers as a group (a view's layer: the view's `alpha`).
    open var opacity: Float {
        get { owningView.map { Float($0.alpha) } ?? storedOpacity }
        set {
            if let owningView { return owningView.alpha = CGFloat(newValue) }
            guard newValue != storedOpacity else { return }
            let old = storedOpacity
            changing { storedOpacity = newValue }
            implicitlyAnimate("opacity", from: old, to: newValue)
        }
    }

    open var isHidden: Bool {
        get { owningView?.isHidden ?? storedHidden }
        set {
            if let owningView { return owningView.isHidden = newValue }
            changing { storedHidden = newValue }
        }
    }

    /// Whether the contents and sublayers are clipped to the bounds, rounded by `cornerRadius` (a view's
    /// layer: the view's `clipsToBounds`). It clips the layer's own shadow too, as in Core Animation.
    open var masksToBounds: Bool {
        get { owningView?.clipsToBounds ?? storedMasksToBounds }
        set {
            if let owningView { return owningView.clipsToBounds = newValue }
            changing { storedMasksToBounds = newValue }
        }
    }

    /// The colour filling the bounds (rounded by `cornerRadius`). A view's layer's is the view's
    /// `backgroundColor` resolved for the view's traits; setting it sets a fixed colour on the view.
    open var backgroundColor: CGColor? {
        get {
            guard let owningView else { return storedBackgroundColor }
            return owningView.resolvedBackground.map { CGColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) }
        }
        set {
            if let owningView { return owningView.backgroundColor = newValue.map(UIColor.init(cgColor:)) }
            guard newValue != storedBackgroundColor else { return }
            let old = storedBackgroundColor
            changing { storedBackgroundColor = newValue }
            implicitlyAnimate("backgroundColor", from: old ?? .clear, to: newValue ?? .clear)
        }
    }

    /// The radius of the corners of the background and border (and of the clip, with `masksToBounds`).
    open var cornerRadius: CGFloat = 0 {
        didSet {
            guard cornerRadius != oldValue else { return }
            changing {}
            implicitlyAnimate("cornerRadius", from: oldValue, to: cornerRadius)
        }
    }
    open var cornerCurve = CALayerCornerCurve.circular { didSet { if cornerCurve != oldValue { changing {} } } }
    open var maskedCorners = CACornerMask.all { didSet { if maskedCorners != oldValue { changing {} } } }

    /// A line drawn inside the bounds, above the contents and sublayers.
    open var borderWidth: CGFloat = 0 {
        didSet {
            guard borderWidth != oldValue else { return }
            changing {}
            implicitlyAnimate("borderWidth", from: oldValue, to: borderWidth)
        }
    }
    open var borderColor: CGColor? = .black { didSet { if borderColor != oldValue { changing {} } } }

    // Core Animation's defaults: no shadow until `shadowOpacity` is set; it then falls 3 points up.
    open var shadowColor: CGColor? = .black { didSet { if shadowColor != oldValue { changing {} } } }
    open var shadowOpacity: Float = 0 {
        didSet {
            guard shadowOpacity != oldValue else { return }
            changing {}
            implicitlyAnimate("shadowOpacity", from: oldValue, to: shadowOpacity)
        }
    }
    open var shadowOffset = CGSize(width: 0, height: -3) {
        didSet {
            guard shadowOffset != oldValue else { return }
            changing {}
            implicitlyAnimate("shadowOffset", from: oldValue, to: shadowOffset)
        }
    }
    /// The blur of the shadow in points (a Gaussian of standard deviation `shadowRadius` / 2).
    open var shadowRadius: CGFloat = 3 {
        didSet {
            guard shadowRadius != oldValue else { return }
            changing {}
            implicitlyAnimate("shadowRadius", from: oldValue, to: shadowRadius)
        }
    }
    /// The shape that casts the shadow (filled, nonzero winding), in the layer's coordinates: cheaper
    /// than a shadow from the layer's pixels, and not clipped to the bounds.
    open var shadowPath: CGPath? {
        didSet {
            // Kept as given: a `CGMutablePath` changed afterwards does not change the shadow (set it again).
            if let shadowPath, type(of: shadowPath) != CGPath.self { self.shadowPath = CGPath(elements: shadowPath.elements) }
            if shadowPath != oldValue { changing {} }
        }
    }

    /// An image shown in the bounds: a `CGImage` (or a `UIImage`, a SceneHost convenience), placed by
    /// `contentsGravity`.
    open var contents: Any? { didSet { changing {} } }
    open var contentsGravity = CALayerContentsGravity.resize { didSet { changing {} } }
    /// Device pixels per point of `contents`: a 2× image fills half as many points.
    open var contentsScale: CGFloat = 1 { didSet { changing {} } }
    /// How contents shown smaller than drawn are sampled (`linear` by default).
    open var minificationFilter = CALayerContentsFilter.linear { didSet { if minificationFilter != oldValue { changing(shape: false) {} } } }
    /// How contents shown larger than drawn are sampled (`linear` by default).
    open var magnificationFilter = CALayerContentsFilter.linear { didSet { if magnificationFilter != oldValue { changing(shape: false) {} } } }

    /// A layer whose alpha masks this layer's (in this layer's coordinates).
    open var mask: CALayer? {
        didSet {
            oldValue?.maskedLayer = nil
            mask?.maskedLayer = self
            changing {}
        }
    }
    /// The layer this one masks: its changes are drawn by that layer's view.
    weak var maskedLayer: CALayer?

    // MARK: Drawing

    /// Whether `display()` runs again after a change of the bounds' size.
    open var needsDisplayOnBoundsChange = false

    /// Asks for `draw(in:)` before the layer is shown again.
    open func setNeedsDisplay() {
        if let owningView { return owningView.setNeedsDisplay() }
        changing {}
    }

    /// Override to draw the layer's contents (a layer made on its own, or a subclass) in its bounds'
    /// coordinates. SceneHost calls it whenever the layer is composited, not only after
    /// `setNeedsDisplay()`: keep it quick.
    open func draw(in ctx: CGContext) {}

    /// Whether the layer's class draws something of its own (a shape, a gradient, `draw(in:)`).
    var drawsOwnContent: Bool { type(of: self) != CALayer.self }

    /// Draws what the layer's class draws over its background and contents, in its coordinates: a
    /// shape layer its path, a gradient layer its gradient; a custom layer runs `draw(in:)`.
    func drawContent(in cairo: Context) {
        guard owningView == nil, drawsOwnContent else { return }
        UIGraphicsPushContext(CGContext(cairo: cairo))
        draw(in: UIGraphicsGetCurrentContext()!)
        UIGraphicsPopContext()
    }

    // MARK: Sublayers

    private var ownSublayers: [CALayer] = []
    private weak var storedSuperlayer: CALayer?

    /// The layers added to this one, back to front (a view's subviews' layers are not among them).
    open var sublayers: [CALayer]? {
        get { ownSublayers.isEmpty ? nil : ownSublayers }
        set {
            for layer in ownSublayers { layer.storedSuperlayer = nil }
            changing { ownSublayers = [] }
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    /// The layer this one is a sublayer of; a view's layer's is its superview's layer.
    open var superlayer: CALayer? { storedSuperlayer ?? owningView?.superview?.layer }

    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(ownSublayers.count)) }

    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard layer !== self else { return }
        guard layer.owningView == nil else {
            return SceneHostLog.warning("a view's layer cannot be added as a sublayer in SceneHost; add the view as a subview instead")
        }
        layer.removeFromSuperlayer()
        layer.storedSuperlayer = self
        changing { ownSublayers.insert(layer, at: min(Int(index), ownSublayers.count)) }
    }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in ownSublayers.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { s in ownSublayers.firstIndex { $0 === s } }.map { $0 + 1 } ?? ownSublayers.count
        insertSublayer(layer, at: UInt32(index))
    }

    open func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard let index = ownSublayers.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: UInt32(index))
    }

    open func removeFromSuperlayer() {
        guard let parent = storedSuperlayer else { return }
        parent.changing { parent.ownSublayers.removeAll { $0 === self } }
        storedSuperlayer = nil
    }

    /// The sublayers in drawing order: by `zPosition`, then as listed.
    var sublayersInDrawingOrder: [CALayer] {
        ownSublayers.contains(where: { $0.zPosition != 0 })
            ? ownSublayers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
            : ownSublayers
    }

    // MARK: What the renderer reads

    /// Whether a view with this layer needs the general compositing path (see `UIView.rendersFreely`).
    var needsGeneralCompositing: Bool {
        cornerRadius > 0 || borderWidth > 0 || shadowOpacity > 0 || mask != nil || !ownSublayers.isEmpty
            || contents != nil || presentationValues != nil || drawsOwnContent
    }

    /// The area the shadow may darken, in the layer's coordinates (`.null` without one).
    func shadowExtent(bounds: CGRect) -> CGRect {
        let opacity = presentedValue("shadowOpacity", shadowOpacity)
        guard opacity > 0, shadowColor != nil, !masksToBounds else { return .null }
        let shape = shadowPath?.boundingBox ?? bounds.union(sublayersExtent)
        let offset = presentedValue("shadowOffset", shadowOffset), radius = presentedValue("shadowRadius", shadowRadius).finiteOrZero
        guard offset.width.isFinite, offset.height.isFinite else { return .null }
        // Three standard deviations (1.5 × the radius) hold all but a trace of the blur; a point more for rounding.
        return shape.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -(1.5 * radius + 1), dy: -(1.5 * radius + 1))
    }

    /// The area the sublayers (and theirs, unless they clip) cover, in this layer's coordinates.
    var sublayersExtent: CGRect {
        var extent = CGRect.null
        for layer in ownSublayers where !layer.isHidden {
            let bounds = layer.presentedValue("bounds", layer.bounds)
            var own = bounds
            if !layer.masksToBounds { own = own.union(layer.sublayersExtent) }
            own = own.union(layer.shadowExtent(bounds: bounds))
            if let shape = layer as? CAShapeLayer { own = own.union(shape.strokedExtent) }
            extent = extent.union(own.applying(layer.transformToSuperlayer(presented: true)))
        }
        return extent
    }

    /// Runs `change`, then has what shows the layer composited again where it was and where it is.
    /// `shape`: whether the change may alter the shape that casts a shadow (an animation frame does
    /// not: the kept shadow masks stay).
    func changing(shape: Bool = true, _ change: () -> Void) {
        if shape {
            var layer: CALayer? = self
            while let current = layer {
                current.shapeGeneration &+= 1
                layer = current.storedSuperlayer
            }
        }
        guard let view = hostView else { return change() }
        let before = view.extentInSuperview
        change()
        view.updateRendersFreely()
        view.invalidateExtent(own: true)
        view.invalidateInSuperview(before.union(view.extentInSuperview))
    }

    /// Counts changes that may alter the shape casting this layer's shadow (see `ShadowKey`).
    var shapeGeneration = 0
    /// The blurred shadow last drawn, kept while its key holds.
    var shadowMask: ShadowMask?

    // MARK: Animation

    /// Animations by key, in the order added.
    var animationEntries: [(key: String, animation: CAAnimation)] = []
    /// What the running animations show now, by key path; nil while nothing animates.
    var presentationValues: [String: Any]?

    /// Whether a `UIView.animate` animation without `.allowUserInteraction` is running: hit testing
    /// passes the view by, as UIKit's.
    var blocksUserInteraction: Bool {
        animationEntries.contains { $0.animation.blocksUserInteraction && !$0.animation.hasEnded }
    }

    /// The value shown for `keyPath` now: the animated one while an animation runs, else `model`.
    func presentedValue<Value>(_ keyPath: String, _ model: Value) -> Value {
        guard let presentationValues, let value = presentationValues[keyPath] as? Value else { return model }
        return value
    }

    /// Starts `animation` (a copy, as Core Animation) on the layer; one already running under `key`
    /// is removed first (its completion says it did not finish). A nil key adds one under a key of its own.
    open func add(_ animation: CAAnimation, forKey key: String?) {
        let copy = animation.copy()
        // Outside a window nothing is shown to animate: it ends at once, as having run.
        guard hostView?.window?.windowScene != nil else {
            DispatchQueue.main.async { copy.finish(completed: true) }
            return
        }
        let key = key ?? "animation-\(ObjectIdentifier(copy).hashValue)"
        removeAnimation(forKey: key)
        animationEntries.append((key, copy))
        AnimationClock.register(self)
    }

    open func animation(forKey key: String) -> CAAnimation? { animationEntries.first { $0.key == key }?.animation }

    open func animationKeys() -> [String]? { animationEntries.isEmpty ? nil : animationEntries.map(\.key) }

    /// Removes the animation under `key`; its completion hears it did not finish (outside any animation
    /// block, so what it sets is not animated by the block that replaced it).
    open func removeAnimation(forKey key: String) {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        let removed = animationEntries.remove(at: index).animation
        if animationEntries.isEmpty {
            endPresentation()
        } else if let keyPath = (removed as? CAPropertyAnimation)?.keyPath, presentationValues?[Self.split(keyPath).base] != nil {
            // Others go on: the next frame shows this property at its model value again.
            AnimationClock.register(self)
        }
        UIView.performWithoutAnimation { removed.finish(completed: false) }
    }

    open func removeAllAnimations() {
        let removed = animationEntries
        animationEntries = []
        endPresentation()
        UIView.performWithoutAnimation { for entry in removed { entry.animation.finish(completed: false) } }
    }

    /// A copy of the layer as it is shown now (with the running animations' values), or nil when it
    /// has never been shown, as Core Animation's (SceneHost: when it is in no window).
    open func presentation() -> Self? {
        guard hostView?.window != nil else { return nil }
        let copy = Self()
        UIView.performWithoutAnimation { copy.copyProperties(from: self, presented: true) }
        return copy
    }

    /// The layer itself (a presentation layer's model is the layer it was copied from; SceneHost's
    /// copies are detached, so this returns the receiver).
    open func model() -> Self { self }

    /// Subclasses with properties of their own copy them too (calling super).
    func copyProperties(from layer: CALayer, presented: Bool = false) {
        func value<V>(_ key: String, _ model: V) -> V { presented ? layer.presentedValue(key, model) : model }
        storedBounds = value("bounds", layer.bounds)
        storedPosition = value("position", layer.position)
        storedTransform = value("transform", layer.transform)
        storedOpacity = value("opacity", layer.opacity)
        storedHidden = layer.isHidden
        storedMasksToBounds = layer.masksToBounds
        storedBackgroundColor = value("backgroundColor", layer.backgroundColor)
        anchorPoint = layer.anchorPoint
        zPosition = layer.zPosition
        cornerRadius = value("cornerRadius", layer.cornerRadius)
        cornerCurve = layer.cornerCurve
        maskedCorners = layer.maskedCorners
        borderWidth = value("borderWidth", layer.borderWidth)
        borderColor = value("borderColor", layer.borderColor)
        shadowColor = value("shadowColor", layer.shadowColor)
        shadowOpacity = value("shadowOpacity", layer.shadowOpacity)
        shadowOffset = value("shadowOffset", layer.shadowOffset)
        shadowRadius = value("shadowRadius", layer.shadowRadius)
        shadowPath = layer.shadowPath
        contents = layer.contents
        contentsGravity = layer.contentsGravity
        contentsScale = layer.contentsScale
        minificationFilter = layer.minificationFilter
        magnificationFilter = layer.magnificationFilter
        name = layer.name
    }

    /// The model value an animation of `keyPath` starts from or adds to.
    func modelValue(forKeyPath keyPath: String) -> Any? {
        switch keyPath {
        case "position": position
        case "bounds": bounds
        case "opacity": opacity
        case "transform": transform
        case "backgroundColor": backgroundColor ?? CGColor.clear
        case "cornerRadius": cornerRadius
        case "borderWidth": borderWidth
        case "borderColor": borderColor ?? CGColor.clear
        case "shadowOpacity": shadowOpacity
        case "shadowOffset": shadowOffset
        case "shadowRadius": shadowRadius
        case "shadowColor": shadowColor ?? CGColor.clear
        default: nil
        }
    }

    /// Sets the model value of an animatable property by its key path (an animator ending somewhere
    /// other than its end).
    func setModelValue(_ value: Any, forKeyPath keyPath: String) {
        let (base, part) = Self.split(keyPath)
        if !part.isEmpty {
            guard let model = modelValue(forKeyPath: base), let whole = Self.setting(part, of: model, to: value) else { return }
            return setModelValue(whole, forKeyPath: base)
        }
        switch (keyPath, value) {
        case ("position", let v as CGPoint): position = v
        case ("bounds", let v as CGRect): bounds = v
        case ("opacity", let v as Float): opacity = v
        case ("transform", let v as CATransform3D): transform = v
        case ("backgroundColor", let v as CGColor): backgroundColor = v
        case ("cornerRadius", let v as CGFloat): cornerRadius = v
        case ("borderWidth", let v as CGFloat): borderWidth = v
        case ("borderColor", let v as CGColor): borderColor = v
        case ("shadowOpacity", let v as Float): shadowOpacity = v
        case ("shadowOffset", let v as CGSize): shadowOffset = v
        case ("shadowRadius", let v as CGFloat): shadowRadius = v
        case ("shadowColor", let v as CGColor): shadowColor = v
        default: break
        }
    }

    /// Inside `UIView.animate`'s block, a change of an animatable property of a layer made on its own
    /// (or a view's corner radius) becomes an animation from the shown value to the new one.
    func implicitlyAnimate<Value>(_ keyPath: String, from old: Value, to new: Value) {
        // A view's layer animates only its corner radius inside a block, as UIKit's (its geometry, alpha
        // and background are the view's, which animate as the view's).
        guard let context = UIView.currentAnimationContext, owningView == nil || keyPath == "cornerRadius" else { return }
        context.animate(self, keyPath: keyPath, from: shownValue(keyPath, old), to: new)
    }

    /// What `keyPath` shows now: the value the last frame drew while animating, or, for an animation
    /// added since and not yet drawn, where it starts; else `model`. A second change of a property in
    /// the same turn starts from there rather than jumping to the first change's value.
    func shownValue<Value>(_ keyPath: String, _ model: Value) -> Value {
        if let value = presentationValues?[keyPath] as? Value { return value }
        if let pending = animationEntries.last(where: { ($0.animation as? CAPropertyAnimation)?.keyPath == keyPath })?.animation
            as? CABasicAnimation, pending.beginTime == 0, let from = pending.fromValue as? Value {
            return from
        }
        return model
    }

    /// Clears the presented values when the last animation ends: the model shows again.
    func endPresentation() {
        guard presentationValues != nil else { return }
        changing(shape: false) { presentationValues = nil }
    }
}
