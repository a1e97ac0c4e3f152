import Cairo
import Foundation

/// A view that shows an image, as UIKit's `UIImageView`: placed by `contentMode` (every mode:
/// `.scaleToFill` by default, the aspect modes, and the unscaled placements), templates and symbols
/// filled with `tintColor`, symbols drawn with `preferredSymbolConfiguration` over their own,
/// `highlightedImage` shown while `isHighlighted`. An image from an asset catalog is resolved again
/// for the view's traits (scale, appearance, contrast, size classes) whenever they change.
///
/// Differences from UIKit: no animated images (`animationImages`). While the window is being resized
/// interactively, a large bitmap is drawn from a thumbnail made at the view's size when the drag
/// began (low-quality filtering), and in full quality in the frame the drag ends.
@MainActor
open class UIImageView: UIView {
    /// The image shown (when not highlighted). Setting it sizes a view that has no size yet to the
    /// image, as UIKit's `init(image:)` does.
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

    /// The symbol with the preferred configuration applied, made once per image and configuration.
    private var configuredSymbol: (source: UIImage, result: UIImage)?
    /// The small copy drawn while the window is being resized, and the pixel size it was made for.
    private var resizeThumbnail: (source: UIImage, pixels: CGSize, image: UIImage)?

    /// Whether the last drawing came from the resize-time thumbnail.
    var isDrawingFromThumbnail: Bool { resizeThumbnail != nil }

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
        resizeThumbnail = nil
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
            image = resolved
        }
        if image.isSymbolImage, let preferred = preferredSymbolConfiguration {
            if let configuredSymbol, configuredSymbol.source === image { return configuredSymbol.result }
            let result = image.withConfiguration(preferred)
            configuredSymbol = (image, result)
            image = result
        }
        return image
    }

    /// Where the image goes in the bounds for the content mode (`.redraw` fills, as `.scaleToFill`).
    func imageRect(for size: CGSize) -> CGRect {
        let mode = contentMode == .redraw ? .scaleToFill : contentMode
        let fit = mode.fitting(size, into: bounds.size)
        return CGRect(x: bounds.minX + fit.x, y: bounds.minY + fit.y, width: size.width * fit.scaleX, height: size.height * fit.scaleY)
    }

    /// Where the image falls depends on the bounds in every mode: drawn again at each size.
    override func drawingDependsOnSize(changedFrom oldSize: CGSize) -> Bool { true }

    open override func draw(_ rect: CGRect) {
        guard let image = shownImage(), let context = UIGraphicsGetCurrentContext() else { return }
        var target = imageRect(for: image.size)
        guard target.width > 0, target.height > 0 else { return }
        // Unscaled placements draw at whole points, as a layer's contents would be.
        if contentMode != .scaleToFill, contentMode != .scaleAspectFit, contentMode != .scaleAspectFill, contentMode != .redraw {
            target.origin = CGPoint(x: target.minX.rounded(), y: target.minY.rounded())
        }
        var drawn = image
        context.saveGState()
        if let scene = window?.windowScene, scene.effectiveGeometry.isInteractivelyResizing, let cheap = thumbnail(of: image, for: target) {
            drawn = cheap
            context.interpolationQuality = .low
            if !scene.viewsDrawnForResizing.contains(where: { $0.view === self }) { scene.viewsDrawnForResizing.append(WeakView(self)) }
        } else {
            resizeThumbnail = nil
        }
        drawn.draw(in: target, tint: tintColor.resolvedColor(with: traitCollection), templateWhenAutomatic: image.isSymbolImage)
        context.restoreGState()
    }

    /// A thumbnail of a bitmap at least twice as large as where it is drawn, made at the drawn pixel
    /// size the first time in a drag and reused while the size stays within half to twice that.
    private func thumbnail(of image: UIImage, for target: CGRect) -> UIImage? {
        guard !image.isSymbolImage, image.content.vector == nil else { return nil }
        let scale = max(1, traitCollection.displayScale)
        let pixels = CGSize(width: (target.width * scale).rounded(.up), height: (target.height * scale).rounded(.up))
        let stored = CGFloat(image.content.pixelWidth * image.content.pixelHeight)
        guard stored > 4 * pixels.width * pixels.height else { return nil }
        if let resizeThumbnail, resizeThumbnail.source === image,
           (0.5...2).contains(pixels.width / resizeThumbnail.pixels.width), (0.5...2).contains(pixels.height / resizeThumbnail.pixels.height) {
            return resizeThumbnail.image
        }
        guard let made = image.preparingThumbnail(of: CGSize(width: pixels.width / image.scale, height: pixels.height / image.scale)) else { return nil }
        resizeThumbnail = (image, pixels, made)
        return made
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
        for view in views { view.setNeedsDisplay() }
    }
}
