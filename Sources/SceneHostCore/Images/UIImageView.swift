import Cairo
import Foundation

/// A view that shows an image, as UIKit's `UIImageView`: placed by `contentMode` (every mode:
/// `.scaleToFill` by default, the aspect modes, and the unscaled placements), templates and symbols
/// filled with `tintColor`, symbols drawn with `preferredSymbolConfiguration` over their own (a
/// symbol sized by a text style follows the view's content size category, as in UIKit),
/// `highlightedImage` shown while `isHighlighted`. An image from an asset catalog is resolved again
/// for the view's traits (scale, appearance, contrast, size classes) whenever they change.
///
/// Differences from UIKit: no animated images (`animationImages`). A bitmap with at least four times
/// the pixels it is shown at is drawn from a copy scaled to that size (made once per size). While the
/// window is being resized interactively, such a view keeps its drawing while its size stays within
/// four pixels of the size it was drawn at (copied as drawn, centred); an opaque photo filling the
/// view, once drawn during the drag, is drawn fourteen pixels beyond its bounds and kept at their
/// origin while they shrink or grow by up to twelve pixels (so that it still covers them and its
/// pixels stay in place); beyond that it draws again from the copy made before the drag (its
/// thumbnail) with the nearest pixel; it draws in full quality in the frame the drag ends.
@MainActor
open class UIImageView: UIView {
    /// The image shown (when not highlighted). Setting it does not resize the view, as in UIKit (only
    /// `init(image:)` sizes the view to the image); with Auto Layout its intrinsic size follows it.
    @exclusivity(unchecked) open var image: UIImage? {
        didSet {
            guard image !== oldValue else { return }
            imageDidChange()
        }
    }
    /// The image shown while `isHighlighted`; nil shows `image`.
    @exclusivity(unchecked) open var highlightedImage: UIImage? {
        didSet { if isHighlighted, highlightedImage !== oldValue { imageDidChange() } }
    }
    /// Whether `highlightedImage` is shown.
    @exclusivity(unchecked) open var isHighlighted = false {
        didSet { if isHighlighted != oldValue, highlightedImage != nil { imageDidChange() } }
    }
    /// Applied over a symbol image's own configuration (later values win), as UIKit's.
    @exclusivity(unchecked) open var preferredSymbolConfiguration: UIImage.SymbolConfiguration? {
        didSet {
            guard preferredSymbolConfiguration !== oldValue else { return }
            configuredSymbol = nil
            imageDidChange()
        }
    }

    /// The symbol with the preferred configuration applied, made once per image and configuration
    /// (and per content size category when a text style sizes it).
    private var configuredSymbol: (source: UIImage, category: UIContentSizeCategory?, result: UIImage)?
    /// The asset variant last resolved for the shown image, with the image's own variations applied.
    private var resolvedVariant: (source: UIImage, variant: UIImage, result: UIImage)?
    /// A large bitmap scaled to the pixel size it was last drawn at (its source and that size).
    private var displayCopy: (source: UIImage, pixels: CGSize, image: UIImage)?

    /// An image view the size of `image`.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// An image view the size of `image`, with a highlighted image.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        // As in UIKit: an image view takes no touches unless asked to.
        isUserInteractionEnabled = false
    }

    private func imageDidChange() {
        displayCopy = nil
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// The shown image's size (in points), or no intrinsic size without one.
    open override var intrinsicContentSize: CGSize {
        guard let image = shownImage(resolving: false) else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        return image.size
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { shownImage(resolving: false)?.size ?? .zero }

    /// The image as it is drawn now: highlighted or not, resolved for the view's traits when it comes
    /// from an asset (the traits read here are tracked: a change redraws the view), with the preferred
    /// symbol configuration.
    func shownImage(resolving: Bool = true) -> UIImage? {
        guard var image = isHighlighted ? (highlightedImage ?? image) : image else { return nil }
        if resolving, let asset = image.imageAsset, let resolved = asset.resolvedImage(with: traitCollection) {
            // The variant for these traits, with what was applied to the image set (template mode,
            // tint, cap insets, orientation); made once per pair, not at every draw.
            if let resolvedVariant, resolvedVariant.source === image, resolvedVariant.variant === resolved {
                image = resolvedVariant.result
            } else {
                let result = image.carryingVariations(to: resolved)
                resolvedVariant = (image, resolved, result)
                image = result
            }
        }
        if image.isSymbolImage {
            let preferred = preferredSymbolConfiguration
            // A text style's size depends on the content size category: resolved for the view's.
            let followsText = (image.symbolConfiguration ?? .unspecified).applying(preferred).textStyle != nil
            let category = followsText ? traitCollection.preferredContentSizeCategory : nil
            guard preferred != nil || followsText else { return image }
            if let configuredSymbol, configuredSymbol.source === image, configuredSymbol.category == category {
                return configuredSymbol.result
            }
            var configuration = preferred ?? .unspecified
            if followsText { configuration = configuration.withTraitCollection(traitCollection) }
            let result = image.withConfiguration(configuration)
            configuredSymbol = (image, category, result)
            image = result
        }
        return image
    }

    /// A symbol sized by a text style follows the text size: it is made again at the new one.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory,
           (isHighlighted ? (highlightedImage ?? image) : image)?.isSymbolImage == true {
            imageDidChange()
        }
    }

    /// Where the image goes in the bounds (or `area`) for the content mode (`.redraw` fills, as `.scaleToFill`).
    func imageRect(for size: CGSize, in area: CGRect? = nil) -> CGRect {
        let mode = contentMode == .redraw ? .scaleToFill : contentMode
        let area = area ?? bounds
        let fit = mode.fitting(size, into: area.size)
        return CGRect(x: area.minX + fit.x, y: area.minY + fit.y, width: size.width * fit.scaleX, height: size.height * fit.scaleY)
    }

    /// Where the image falls depends on the bounds in every mode: drawn again at each size, except
    /// while a person resizes the window: a large bitmap's kept drawing is then copied as drawn while
    /// the size stays within a few pixels of it (`unscaledDrawingSlack`), drawn again beyond that from
    /// the copy made before the drag (the thumbnail: no decoding, nothing full-size touched), and
    /// drawn anew, in full, in the frame the drag ends.
    override func drawingDependsOnSize(changedFrom oldSize: CGSize) -> Bool {
        guard lastDrawingWasLarge, let content, contentMode != .redraw, let scene = window?.windowScene,
              scene.effectiveGeometry.isInteractivelyResizing else { return true }
        drawnForResizing(in: scene)
        // Kept, copied as drawn, while within the slack of the size it was drawn at; beyond,
        // drawn again from the copy made before the drag (the thumbnail), with the nearest pixel.
        let slack = resizeSlack
        // A drawing with a bleed stays at the bounds' origin: it covers them while they grow by what
        // the bleed covers (`resizeGrowth`), or shrink by up to the slack.
        let growth = lastBleed > 0 ? resizeGrowth : slack
        let grownX = bounds.width - content.size.width, grownY = bounds.height - content.size.height
        return grownX > growth || grownY > growth || -grownX > slack || -grownY > slack
    }

    /// How much a drawing made with a bleed may grow, kept at the bounds' origin, and still cover
    /// them with whole opaque pixels: the bleed less a pixel for the sub-pixel offset it was drawn at
    /// and one for its partly inked edge.
    private var resizeGrowth: CGFloat { lastBleed - 2 / max(1, contentPlacement.scale) }

    /// During a drag a photo drawn with a bleed stays where it was drawn: its pixels stay in place
    /// while its cell grows or shrinks without moving, and only the strips at its edges change.
    override var keepsUnscaledDrawingAtOrigin: Bool { isShowingResizeDrawing && lastBleed > 0 }

    /// Twelve device pixels smaller for a drawing made with a bleed (kept at the bounds' origin, it
    /// covers them however much they shrink; the slack bounds the crop), which may also grow by
    /// `resizeGrowth` (twelve too). In a grid whose cells grow by a fraction of a pixel a step, a
    /// photo draws again one step in twenty or so (each redraw, from the thumbnail,
    /// costs about what copying the drawing does at three or four steps). Four either way for one
    /// without (the drawing made before the drag, centred): its edges stop at most two pixels short of
    /// the bounds', where the background is still filled (`opaqueDrawingArea`).
    private var resizeSlack: CGFloat { (lastBleed > 0 ? 12 : 4) / max(1, contentPlacement.scale) }

    /// How far beyond its bounds a photo that fills them is drawn during a drag (`drawingBleed`):
    /// fourteen pixels, so that kept at the bounds' origin it covers them with whole opaque pixels
    /// while they grow by twelve (one pixel for the sub-pixel offset, one for the drawing's own edge):
    /// a growing cell draws again no more often than a shrinking one.
    private static func resizeBleed(scale: CGFloat) -> CGFloat { 14 / max(1, scale) }

    /// While a drag lasts the drawing made for a nearby size is copied rather than scaled: a photo
    /// then costs at each step what a view of a solid colour does.
    override var unscaledDrawingSlack: CGFloat? { isShowingResizeDrawing ? resizeSlack : nil }

    /// The nearest pixel while the drag lasts, where a kept drawing is still scaled (one made during
    /// the drag for another size); the release draws in full.
    override func fittedContentFilter(magnifying: Bool) -> Context.Filter {
        isShowingResizeDrawing ? .fast : super.fittedContentFilter(magnifying: magnifying)
    }

    /// During a drag an opaque photo that fills the bounds inks all of them and its bleed: drawn
    /// straight into an image that size, without a recording first.
    override var inkBeforeDrawing: CGRect? {
        guard isShowingResizeDrawing, lastDrawingCoversBounds else { return nil }
        let bleed = drawingBleed
        return bounds.insetBy(dx: -bleed, dy: -bleed)
    }

    /// During a drag an opaque photo that filled the bounds is drawn filling them and a few pixels
    /// more (`resizeBleed`): copied as drawn while the bounds grow or shrink by up to the slack, it
    /// still covers them, so nothing under it shows at its edges and no background is filled there.
    override var drawingBleed: CGFloat {
        guard isShowingResizeDrawing, lastDrawingCoversBounds, contentMode == .scaleToFill || contentMode == .scaleAspectFill else { return 0 }
        return Self.resizeBleed(scale: contentPlacement.scale)
    }

    /// The image's rectangle in the last drawing, when that drawing was made from the copy at the
    /// drawn size (or the thumbnail, with the nearest pixel) of an opaque bitmap: every whole pixel
    /// inside it is opaque (a filter reaching past the image's edge touches only the pixels it cuts).
    override var opaqueInk: CGRect? { lastOpaqueRect }
    private var lastOpaqueRect: CGRect?
    /// The bleed the last drawing was made with (points).
    private var lastBleed: CGFloat = 0

    /// Whether the last drawing showed a bitmap with at least four times the pixels it was drawn at.
    private var lastDrawingWasLarge = false
    /// Whether the last drawing filled the bounds with opaque pixels (an opaque bitmap, untinted,
    /// stretched or aspect-filled).
    private var lastDrawingCoversBounds = false

    /// An opaque photo that fills the bounds hides what lies under them, as an opaque background
    /// does: the superviews' fill leaves it out. All of the bounds when its drawing is shown as drawn
    /// from the copy at the drawn size (the fill still paints the pixels the bounds' edges cut, which
    /// the photo only partly covers), or copied during a drag within what its bleed covers; otherwise
    /// two points in from each edge (a drawing fitted by a filter, or copied without a bleed, may stop
    /// up to two pixels short of an edge).
    override var opaqueDrawingArea: CGRect? {
        guard lastDrawingCoversBounds, let content, !needsDisplay,
              contentMode == .scaleToFill || contentMode == .scaleAspectFill || contentMode == .redraw else { return nil }
        if lastOpaqueRect != nil {
            if content.size == bounds.size { return bounds }
            // Kept at the bounds' origin: covered while grown by no more than the bleed allows.
            if keepsUnscaledDrawingAtOrigin {
                if bounds.width - content.size.width <= resizeGrowth, bounds.height - content.size.height <= resizeGrowth,
                   content.size.width - bounds.width <= resizeSlack, content.size.height - bounds.height <= resizeSlack { return bounds }
            } else {
                // Centred, each edge moves by half the difference (and a pixel for rounding); the
                // bleed's outermost pixel may be partly inked.
                let scale = max(1, contentPlacement.scale)
                let covered = min(resizeSlack, 2 * lastBleed - 3 / scale)
                if abs(content.size.width - bounds.width) <= covered, abs(content.size.height - bounds.height) <= covered { return bounds }
            }
        }
        let inner = bounds.insetBy(dx: 2, dy: 2)
        return inner.isNull || inner.isEmpty ? nil : inner
    }
    /// Whether what shows now is the cheaper form made for a drag (kept drawing scaled, or a thumbnail).
    fileprivate(set) var isShowingResizeDrawing = false

    /// Records the view on the scene, to be drawn in full when the drag ends: once per drag (the
    /// flag is cleared when the scene lets the views go), not searched for at every step.
    private func drawnForResizing(in scene: UIWindowScene) {
        guard !isShowingResizeDrawing else { return }
        isShowingResizeDrawing = true
        scene.viewsDrawnForResizing.append(WeakView(self))
    }

    open override func draw(_ rect: CGRect) {
        // Read before the state it depends on changes: the renderer kept this much beyond the bounds.
        let bleed = drawingBleed
        lastDrawingCoversBounds = false
        lastOpaqueRect = nil
        lastBleed = bleed
        guard let image = shownImage(), let context = UIGraphicsGetCurrentContext() else { return }
        var target = imageRect(for: image.size, in: bleed > 0 ? bounds.insetBy(dx: -bleed, dy: -bleed) : nil)
        guard target.width > 0, target.height > 0 else { return }
        let opaque = image.content.isOpaque && !image.isSymbolImage && image.fixedTint == nil
            && image.renderingMode != .alwaysTemplate && !image.resizable.isResizable && context.currentAlpha >= 1
        lastDrawingCoversBounds = opaque && target.insetBy(dx: -0.001, dy: -0.001).contains(bounds)
        // Unscaled placements draw at whole points, as a layer's contents would be.
        if contentMode != .scaleToFill, contentMode != .scaleAspectFit, contentMode != .scaleAspectFill, contentMode != .redraw {
            target.origin = CGPoint(x: target.minX.rounded(), y: target.minY.rounded())
        }
        let tint = tintColor.resolvedColor(with: traitCollection)
        let scale = max(1, traitCollection.displayScale)
        let pixels = CGSize(width: (target.width * scale).rounded(.up), height: (target.height * scale).rounded(.up))
        let stored = CGFloat(image.content.pixelWidth * image.content.pixelHeight)
        lastDrawingWasLarge = !image.isSymbolImage && !image.content.isVector && stored > 4 * pixels.width * pixels.height
        guard lastDrawingWasLarge else {
            displayCopy = nil
            isShowingResizeDrawing = false
            return image.draw(in: target, tint: tint, templateWhenAutomatic: image.isSymbolImage)
        }
        context.saveGState()
        if let scene = window?.windowScene, scene.effectiveGeometry.isInteractivelyResizing {
            // Drawn during a drag (a new image, say): from the copy made for another size, or a thumbnail.
            if displayCopy?.source !== image, let made = image.preparingThumbnail(of: CGSize(width: pixels.width / image.scale, height: pixels.height / image.scale)) {
                displayCopy = (image, pixels, made)
            }
            // The nearest pixel: the copy is about the size it is drawn at, and it shows only until the release.
            context.interpolationQuality = .none
            drawnForResizing(in: scene)
        } else {
            // A copy at the drawn size, made once per image and size: a redraw at that size (a new
            // tint, say) costs no scaling, and the next drag starts from it.
            if displayCopy == nil || displayCopy?.source !== image || displayCopy?.pixels != pixels,
               let made = image.scaledForDisplay(to: CGSize(width: pixels.width / image.scale, height: pixels.height / image.scale)) {
                displayCopy = (image, pixels, made)
            }
            isShowingResizeDrawing = false
        }
        (displayCopy?.image ?? image).draw(in: target, tint: tint, templateWhenAutomatic: false)
        context.restoreGState()
        if opaque, displayCopy != nil { lastOpaqueRect = target }
    }
}

/// A view held without keeping it alive.
struct WeakView {
    weak var view: UIView?
    init(_ view: UIView) { self.view = view }
}

extension UIWindowScene {
    /// Redraws, in full, the views that drew cheaply during the drag that just ended.
    func redrawViewsDrawnForResizing() {
        let views = viewsDrawnForResizing.compactMap(\.view)
        viewsDrawnForResizing = []
        for view in views {
            (view as? UIImageView)?.isShowingResizeDrawing = false
            view.setNeedsDisplay()
        }
    }
}
