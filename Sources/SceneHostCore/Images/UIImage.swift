import Cairo
import Foundation

/// An image, as UIKit's `UIImage`: pixels (or, for symbols, an SVG drawing) with a `scale`, so that its
/// `size` is in points (a 2× image of 200×100 pixels is 100×50 points), an `imageOrientation`, a
/// `renderingMode`, cap insets for stretching, and the `imageAsset` it came from. Immutable and
/// `Sendable`, as UIKit's: the `with…` methods return new images sharing the same pixels.
///
/// Images read from files or data (PNG, JPEG, WebP, SVG) keep the encoded bytes and decode on first
/// use into a shared cache with a memory limit (`decodedImageCacheLimit`); `prepareForDisplay` and
/// `preparingThumbnail(of:)` decode ahead of time, off the main thread. A corrupt or truncated file
/// makes the initialiser return nil and logs one warning.
public class UIImage: @unchecked Sendable, CustomStringConvertible {
    /// Which way the stored pixels are turned relative to how the image is shown (UIKit's raw values).
    public enum Orientation: Int, Sendable {
        case up = 0, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored

        /// The orientation an EXIF tag (1–8) describes.
        init(exif: Int) {
            self = switch exif {
            case 2: .upMirrored
            case 3: .down
            case 4: .downMirrored
            case 5: .leftMirrored
            case 6: .right
            case 7: .rightMirrored
            case 8: .left
            default: .up
            }
        }

        /// Whether the stored width is the shown height.
        var swapsAxes: Bool { [.left, .right, .leftMirrored, .rightMirrored].contains(self) }
    }

    /// How the image is drawn (UIKit's raw values): `.alwaysTemplate` uses only its alpha, filled with
    /// the tint colour; `.automatic` lets the context decide (image views draw it as it is, bar items
    /// as a template).
    public enum RenderingMode: Int, Sendable { case automatic = 0, alwaysOriginal = 1, alwaysTemplate = 2 }

    /// How the part between the cap insets of a resizable image fills its space (UIKit's raw values).
    public enum ResizingMode: Int, Sendable { case tile = 0, stretch = 1 }

    let content: ImageContent
    /// Device pixels per point.
    public let scale: CGFloat
    /// How the stored pixels are turned for display; `size` is the displayed size.
    public let imageOrientation: Orientation
    public let renderingMode: RenderingMode
    /// The parts at the edges that a resizable image keeps unscaled, in points.
    public let capInsets: UIEdgeInsets
    public let resizingMode: ResizingMode
    /// Whether `resizableImage` made this image (it draws in nine parts), and whether with an explicit mode.
    let resizable: (isResizable: Bool, explicitMode: Bool)
    /// The colour `withTintColor` gave the image: it draws as a template filled with it.
    let fixedTint: UIColor?
    /// For symbol images: the configuration the image was made with (`UIImage.SymbolConfiguration`).
    public let symbolConfiguration: SymbolConfiguration?
    /// The system symbol's name, for images from `init(systemName:)`.
    let symbolName: String?
    private let assetLock = NSLock()
    nonisolated(unsafe) private var storedAsset: UIImageAsset?

    init(content: ImageContent, scale: CGFloat, orientation: Orientation = .up, renderingMode: RenderingMode = .automatic,
         capInsets: UIEdgeInsets = .zero, resizingMode: ResizingMode = .tile, resizable: (Bool, Bool) = (false, false),
         tint: UIColor? = nil, symbolConfiguration: SymbolConfiguration? = nil, symbolName: String? = nil, asset: UIImageAsset? = nil) {
        self.content = content
        self.scale = scale > 0 ? scale : 1
        self.imageOrientation = orientation
        self.renderingMode = renderingMode
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.resizable = resizable
        self.fixedTint = tint
        self.symbolConfiguration = symbolConfiguration
        self.symbolName = symbolName
        self.storedAsset = asset
    }

    init(surface: ImageSurface, scale: CGFloat) {
        self.content = ImageContent(surface: surface)
        self.scale = scale > 0 ? scale : 1
        imageOrientation = .up
        renderingMode = .automatic
        capInsets = .zero
        resizingMode = .tile
        resizable = (false, false)
        fixedTint = nil
        symbolConfiguration = nil
        symbolName = nil
    }

    /// The same image under another instance (UIKit's initialisers that return a cached image).
    init(copying other: UIImage) {
        content = other.content
        scale = other.scale
        imageOrientation = other.imageOrientation
        renderingMode = other.renderingMode
        capInsets = other.capInsets
        resizingMode = other.resizingMode
        resizable = other.resizable
        fixedTint = other.fixedTint
        symbolConfiguration = other.symbolConfiguration
        symbolName = other.symbolName
        storedAsset = other.imageAsset
    }

    /// A copy with some attributes changed; the pixels are shared.
    func copy(orientation: Orientation? = nil, renderingMode: RenderingMode? = nil, capInsets: UIEdgeInsets? = nil,
              resizingMode: ResizingMode? = nil, resizable: (Bool, Bool)? = nil, tint: UIColor?? = nil,
              symbolConfiguration: SymbolConfiguration?? = nil, content: ImageContent? = nil, scale: CGFloat? = nil) -> UIImage {
        UIImage(content: content ?? self.content, scale: scale ?? self.scale, orientation: orientation ?? imageOrientation,
                renderingMode: renderingMode ?? self.renderingMode, capInsets: capInsets ?? self.capInsets,
                resizingMode: resizingMode ?? self.resizingMode, resizable: resizable ?? self.resizable,
                tint: tint ?? fixedTint, symbolConfiguration: symbolConfiguration ?? self.symbolConfiguration,
                symbolName: symbolName, asset: imageAsset)
    }

    // MARK: Making images

    /// Reads an image file (PNG, JPEG, WebP or SVG); nil, with one warning, when it cannot be read or
    /// is corrupt or truncated. A name ending in `@2x` or `@3x` (before the extension) sets `scale`. Not
    /// cached, as in UIKit; the pixels are decoded on first use.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            ImageContent.warn("cannot read image file \(path)")
            return nil
        }
        self.init(data: data, scale: ImageContent.scale(inFileName: path), origin: path)
    }

    /// An image from encoded bytes (PNG, JPEG, WebP or SVG) at scale 1; nil, with one warning, when the
    /// data is not an image or is corrupt or truncated.
    public convenience init?(data: Data) { self.init(data: data, scale: 1, origin: "image data") }

    /// An image from encoded bytes at `scale` pixels per point.
    public convenience init?(data: Data, scale: CGFloat) { self.init(data: data, scale: scale, origin: "image data") }

    convenience init?(data: Data, scale: CGFloat, origin: String) {
        guard let content = ImageContent(data: data, origin: origin) else { return nil }
        self.init(content: content, scale: scale, orientation: Orientation(exif: content.exifOrientation),
                  renderingMode: .automatic)
    }

    /// A named image from the app's main bundle (asset catalogs, then loose files), for the main
    /// screen's traits: see `init(named:in:compatibleWith:)`.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// A named image from `bundle`'s asset catalogs (`.xcassets` folders among its resources, as Xcode
    /// writes them) or, failing that, a loose file (`name.png`, `name@2x.png`, `name.jpg` …), resolved
    /// for `traitCollection` (nil: scale and appearance of `UITraitCollection.current`). The image keeps
    /// its `imageAsset`, so an image view shows the right variant when its traits change. Nil when no
    /// such image exists. `bundle` nil is `Bundle.main`; a SwiftPM module's own images are in
    /// `Bundle.module`. Loaded images are cached and their pixels decoded on first use.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let asset = AssetCatalog.imageAsset(named: name, in: bundle ?? .main) else { return nil }
        let traits = traitCollection ?? AssetCatalog.currentTraits()
        guard let image = asset.image(with: traits) as UIImage? else { return nil }
        self.init(copying: image)
    }

    /// An image of `cgImage`'s pixels at `scale` pixels per point, turned by `orientation`.
    public convenience init(cgImage: CGImage, scale: CGFloat = 1, orientation: Orientation = .up) {
        self.init(content: ImageContent(surface: cgImage.surface), scale: scale, orientation: orientation)
    }

    // MARK: Attributes

    /// The size in points as shown: the stored pixels divided by `scale`, width and height swapped
    /// for the orientations that turn the image a quarter.
    public var size: CGSize {
        let width = CGFloat(content.pixelWidth) / scale, height = CGFloat(content.pixelHeight) / scale
        return imageOrientation.swapsAxes ? CGSize(width: height, height: width) : CGSize(width: width, height: height)
    }

    /// The catalog asset the image belongs to (nil for images made in code or read from a file), as in
    /// UIKit. Registering the image with a `UIImageAsset` sets it.
    public var imageAsset: UIImageAsset? {
        get { assetLock.withLock { storedAsset } }
        set { assetLock.withLock { storedAsset = newValue } }
    }

    /// Whether this is a symbol image (`init(systemName:)`).
    public var isSymbolImage: Bool { symbolName != nil }

    /// The stored pixels, decoded when needed (nil only when decoding fails).
    var surface: ImageSurface? { content.surface }

    public var description: String {
        "<UIImage size = \(size), scale = \(scale), orientation = \(imageOrientation), renderingMode = \(renderingMode)"
            + (symbolName.map { ", symbol = \($0)" } ?? "") + ">"
    }

    // MARK: Variants

    /// The same image drawn as `renderingMode` says.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        renderingMode == self.renderingMode ? self : copy(renderingMode: renderingMode)
    }

    /// The image as a template filled with `color` wherever it is drawn (even by `draw(in:)`), as
    /// UIKit's: the colour is resolved against the drawing's traits.
    public func withTintColor(_ color: UIColor) -> UIImage { copy(renderingMode: .alwaysTemplate, tint: .some(color)) }

    /// `withTintColor(_:)`, then `renderingMode`.
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        copy(renderingMode: renderingMode, tint: .some(color))
    }

    /// The same pixels shown with another orientation.
    public func withOrientation(_ orientation: Orientation) -> UIImage { copy(orientation: orientation) }

    /// The image mirrored left to right.
    public func withHorizontallyFlippedOrientation() -> UIImage {
        let flipped: Orientation = switch imageOrientation {
        case .up: .upMirrored
        case .upMirrored: .up
        case .down: .downMirrored
        case .downMirrored: .down
        case .left: .rightMirrored
        case .rightMirrored: .left
        case .right: .leftMirrored
        case .leftMirrored: .right
        }
        return copy(orientation: flipped)
    }

    /// A resizable image: the cap insets (points) stay unscaled at the corners, the edge strips
    /// stretch along one axis and the centre along both. Without a mode, as UIKit: a part one pixel
    /// wide (or high) stretches, larger parts tile.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        copy(capInsets: capInsets, resizingMode: .tile, resizable: (true, false))
    }

    /// A resizable image whose middle parts tile or stretch as `resizingMode` says.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        copy(capInsets: capInsets, resizingMode: resizingMode, resizable: (true, true))
    }

    /// `resolved` (another variant of this image's asset) with what was applied to this image:
    /// rendering mode, tint colour, orientation and cap insets. Self when it is that variant.
    func carryingVariations(to resolved: UIImage) -> UIImage {
        guard resolved !== self else { return self }
        let mode = renderingMode != .automatic ? renderingMode : resolved.renderingMode
        let orientation = imageOrientation != .up ? imageOrientation : resolved.imageOrientation
        let tint = fixedTint ?? resolved.fixedTint
        let carriesInsets = resizable.isResizable
        if mode == resolved.renderingMode, orientation == resolved.imageOrientation, tint === resolved.fixedTint, !carriesInsets {
            return resolved
        }
        return resolved.copy(orientation: orientation, renderingMode: mode,
                             capInsets: carriesInsets ? capInsets : nil, resizingMode: carriesInsets ? resizingMode : nil,
                             resizable: carriesInsets ? resizable : nil, tint: .some(tint))
    }

    // MARK: Drawing

    /// Draws the image stretched to fill `rect` of the current context (in nine parts for a resizable
    /// image; filled with its tint colour after `withTintColor`).
    @MainActor public func draw(in rect: CGRect) { draw(in: rect, tint: nil) }

    /// Draws the image at its size with its top left corner at `point`.
    @MainActor public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Draws the image into `rect` with `blendMode` and `alpha` for this once.
    @MainActor public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        UIGraphicsGetCurrentContext()?.drawing(with: blendMode, alpha: alpha) { draw(in: rect) }
    }

    /// Draws the image at `point` with `blendMode` and `alpha`.
    @MainActor public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws as a template filled with `tint` when the image is one (`.alwaysTemplate`, or `.automatic`
    /// for a context that treats symbols and automatic images as templates: `templateWhenAutomatic`).
    @MainActor func draw(in rect: CGRect, tint: UIColor?, templateWhenAutomatic: Bool = false) {
        guard let context = UIGraphicsGetCurrentContext(), rect.width > 0, rect.height > 0 else { return }
        let templated = renderingMode == .alwaysTemplate || (renderingMode == .automatic && templateWhenAutomatic)
        // Symbols are monochrome shapes: black when nothing tints them, as UIKit draws them.
        let color = fixedTint ?? symbolConfiguration?.paletteColors?.first ?? (templated ? tint : nil) ?? (isSymbolImage ? .black : nil)
        guard let color else { return drawParts(in: rect, context: context) }
        // Only the alpha counts: drawn into a group, then used as the mask of the tint colour.
        // Clipped first: the group then has bounds, which a recording surface (a view's drawing) needs
        // to know what the mask inks.
        let cairo = context.cairo
        cairo.save()
        cairo.newPath()
        cairo.rectangle(Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo.clip()
        cairo.pushGroup()
        drawParts(in: rect, context: context)
        let mask = cairo.popGroup()
        let c = color.resolvedColor(with: .current).components
        cairo.setSource(red: Double(c.red), green: Double(c.green), blue: Double(c.blue), alpha: Double(c.alpha * context.currentAlpha))
        cairo.mask(mask)
        cairo.restore()
    }

    /// The nine parts of a resizable image, or the whole image.
    @MainActor private func drawParts(in rect: CGRect, context: CGContext) {
        guard resizable.isResizable else { return drawWhole(in: rect, context: context) }
        let size = self.size, insets = capInsets
        // Source and destination edges per axis: the caps keep their size; what does not fit shrinks them.
        func edges(_ start: CGFloat, _ end: CGFloat, _ length: CGFloat, _ origin: CGFloat, _ available: CGFloat) -> ([CGFloat], [CGFloat]) {
            let fit = min(1, available / max(start + end, 0.0001))
            return ([0, start, length - end, length], [origin, origin + start * fit, origin + available - end * fit, origin + available])
        }
        let (sx, dx) = edges(insets.left, insets.right, size.width, rect.minX, rect.width)
        let (sy, dy) = edges(insets.top, insets.bottom, size.height, rect.minY, rect.height)
        for row in 0..<3 {
            for column in 0..<3 {
                let source = CGRect(x: sx[column], y: sy[row], width: sx[column + 1] - sx[column], height: sy[row + 1] - sy[row])
                let destination = CGRect(x: dx[column], y: dy[row], width: dx[column + 1] - dx[column], height: dy[row + 1] - dy[row])
                guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0 else { continue }
                // Corners are drawn as they are; the other parts stretch or tile along their free axes.
                let stretches = column == 1 || row == 1
                if !stretches || tiles(source) == false {
                    drawPart(source, into: destination, context: context)
                } else {
                    tilePart(source, over: destination, context: context)
                }
            }
        }
    }

    /// Whether a middle part tiles: the explicit mode, or UIKit's rule without one (one-pixel parts
    /// stretch, larger ones tile).
    private func tiles(_ source: CGRect) -> Bool {
        if resizable.explicitMode { return resizingMode == .tile }
        return source.width * scale > 1 && source.height * scale > 1
    }

    @MainActor private func drawPart(_ source: CGRect, into destination: CGRect, context: CGContext) {
        if imageOrientation == .up, !content.isVector, let surface = content.surface {
            // The part's own pixels, so that smooth sampling at its edges does not reach into the next part.
            let x = Int((source.minX * scale).rounded()), y = Int((source.minY * scale).rounded())
            let width = min(surface.width - x, Int((source.width * scale).rounded())), height = min(surface.height - y, Int((source.height * scale).rounded()))
            guard width > 0, height > 0 else { return }
            let cairo = context.cairo
            cairo.save()
            cairo.newPath()
            cairo.rectangle(Double(destination.minX), Double(destination.minY), Double(destination.width), Double(destination.height))
            cairo.clip()
            cairo.translate(Double(destination.minX), Double(destination.minY))
            cairo.scale(Double(destination.width) / Double(width), Double(destination.height) / Double(height))
            cairo.setSource(surface.region(x: x, y: y, width: width, height: height))
            cairo.setSourceFilter(context.interpolationQuality.cairoFilter)
            cairo.setSourceExtend(.pad)
            cairo.paint(alpha: Double(context.currentAlpha))
            cairo.restore()
            return
        }
        let sx = destination.width / source.width, sy = destination.height / source.height
        context.saveGState()
        context.clip(to: destination)
        drawWhole(in: CGRect(x: destination.minX - source.minX * sx, y: destination.minY - source.minY * sy,
                             width: size.width * sx, height: size.height * sy), context: context)
        context.restoreGState()
    }

    @MainActor private func tilePart(_ source: CGRect, over destination: CGRect, context: CGContext) {
        var y = destination.minY
        while y < destination.maxY {
            var x = destination.minX
            let height = min(source.height, destination.maxY - y)
            while x < destination.maxX {
                let width = min(source.width, destination.maxX - x)
                drawPart(CGRect(origin: source.origin, size: CGSize(width: width, height: height)),
                         into: CGRect(x: x, y: y, width: width, height: height), context: context)
                x += source.width
            }
            y += source.height
        }
    }

    /// The whole image into `rect`, turned by its orientation.
    @MainActor func drawWhole(in rect: CGRect, context: CGContext) {
        let cairo = context.cairo
        cairo.save()
        cairo.newPath()
        cairo.rectangle(Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo.clip()
        let (minX, minY, maxX, maxY) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        // Stored pixel space to the rectangle: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
        switch imageOrientation {
        case .up: cairo.transform(xx: 1, yx: 0, xy: 0, yy: 1, x0: minX, y0: minY)
        case .down: cairo.transform(xx: -1, yx: 0, xy: 0, yy: -1, x0: maxX, y0: maxY)
        case .left: cairo.transform(xx: 0, yx: -1, xy: 1, yy: 0, x0: minX, y0: maxY)
        case .right: cairo.transform(xx: 0, yx: 1, xy: -1, yy: 0, x0: maxX, y0: minY)
        case .upMirrored: cairo.transform(xx: -1, yx: 0, xy: 0, yy: 1, x0: maxX, y0: minY)
        case .downMirrored: cairo.transform(xx: 1, yx: 0, xy: 0, yy: -1, x0: minX, y0: maxY)
        case .leftMirrored: cairo.transform(xx: 0, yx: 1, xy: 1, yy: 0, x0: minX, y0: minY)
        case .rightMirrored: cairo.transform(xx: 0, yx: -1, xy: -1, yy: 0, x0: maxX, y0: maxY)
        }
        let (width, height) = imageOrientation.swapsAxes ? (Double(rect.height), Double(rect.width)) : (Double(rect.width), Double(rect.height))
        if content.isVector {
            // Symbols and SVG files are drawn as shapes at the destination's resolution (symbols from
            // rasters made for it, when cached).
            let alpha = Double(context.currentAlpha)
            if alpha < 1 { cairo.pushGroup() }
            if symbolName != nil {
                drawSymbolShapes(in: context, width: width, height: height)
            } else if let vector = content.vector {
                vector.render(in: cairo, x: 0, y: 0, width: width, height: height)
            }
            if alpha < 1 { cairo.popGroupAndPaint(alpha: alpha) }
        } else if case let shown = shownPixels(width: width, height: height, context: context),
                  let surface = content.surface(showing: shown.width, height: shown.height), surface.width > 0, surface.height > 0 {
            cairo.scale(width / Double(surface.width), height / Double(surface.height))
            cairo.setSource(surface)
            cairo.setSourceFilter(context.interpolationQuality.cairoFilter)
            // Edges stay as opaque as the image: smooth sampling at the border would blend with nothing.
            cairo.setSourceExtend(.pad)
            cairo.paint(alpha: Double(context.currentAlpha))
        }
        cairo.restore()
    }

    /// How many pixels of the drawing's destination the stored pixels' width and height cover, once
    /// user space maps stored pixels to the rectangle (`width`×`height` units); the stored size when
    /// the destination's pixels are not known.
    @MainActor private func shownPixels(width: Double, height: Double, context: CGContext) -> (width: Int, height: Int) {
        let stored = (width: content.pixelWidth, height: content.pixelHeight)
        guard let m = context.userToPixels else { return stored }
        let shown = (width: width * (m.xx * m.xx + m.yx * m.yx).squareRoot(), height: height * (m.xy * m.xy + m.yy * m.yy).squareRoot())
        guard shown.width.isFinite, shown.height.isFinite else { return stored }
        // A hair over a whole pixel (rounding in the transform) does not ask for the next one.
        return (min(stored.width, Int((shown.width - 0.001).rounded(.up))), min(stored.height, Int((shown.height - 0.001).rounded(.up))))
    }
}

extension UIImage {
    /// The image encoded as PNG, at its pixel size (a symbol or vector image is drawn at its size in
    /// points times its scale first); nil for an empty image.
    @MainActor public func pngData() -> Data? {
        if imageOrientation == .up, !content.isVector, let surface {
            return surface.pngData().map { Data($0) }
        }
        guard size.width > 0, size.height > 0 else { return nil }
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = false
        let drawn = UIGraphicsImageRenderer(size: size, format: format).image { _ in draw(at: .zero) }
        return drawn.surface?.pngData().map { Data($0) }
    }
}
