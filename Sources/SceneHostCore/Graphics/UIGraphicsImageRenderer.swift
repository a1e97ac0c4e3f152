import Cairo
import Foundation

/// How a `UIGraphicsImageRenderer` makes its images: their scale and whether they are opaque.
public final class UIGraphicsImageRendererFormat {
    /// Device pixels per point of the images drawn (the renderer draws in points).
    public var scale: CGFloat
    /// Whether the images have no transparency: they start black instead of clear and take less work
    /// to draw.
    public var opaque: Bool

    public init() {
        scale = 1
        opaque = false
    }

    /// A format at the scale of the current traits (`UITraitCollection.current`: while a view draws,
    /// its window's; 1 where no scale is known), not opaque.
    @MainActor public static func `default`() -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = max(1, UITraitCollection.current.displayScale)
        return format
    }

    /// The same as `default()`: SceneHost draws every screen at the scale of its window's traits.
    @MainActor public static func preferred() -> UIGraphicsImageRendererFormat { .default() }
}

/// What the actions of `UIGraphicsImageRenderer.image(actions:)` draw with. The renderer's context is
/// also the current one (`UIGraphicsGetCurrentContext()`), so `UIBezierPath` and `UIImage` draw into it.
@MainActor
public final class UIGraphicsImageRendererContext {
    public let format: UIGraphicsImageRendererFormat
    public let cgContext: CGContext
    private let surface: ImageSurface

    init(format: UIGraphicsImageRendererFormat, cgContext: CGContext, surface: ImageSurface) {
        self.format = format
        self.cgContext = cgContext
        self.surface = surface
    }

    /// What is drawn so far, as an image of its own.
    public var currentImage: UIImage {
        surface.flush()
        let copy = ImageSurface(format: surface.format, width: surface.width, height: surface.height)
        let copying = Context(surface: copy)
        copying.setOperator(.source)
        copying.setSource(surface)
        copying.paint()
        copy.flush()
        return UIImage(surface: copy, scale: format.scale)
    }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }
    /// Strokes `rect`'s edge with the current stroke colour.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws new images, as UIKit's `UIGraphicsImageRenderer`:
///
///     let image = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 64)).image { context in
///         UIColor.systemBlue.setFill()
///         UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 64, height: 64)).fill()
///     }
///
/// The actions draw in points, top left origin; the image has `format.scale` pixels per point.
@MainActor
public final class UIGraphicsImageRenderer {
    public let format: UIGraphicsImageRendererFormat
    private let size: CGSize

    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.size = size
        self.format = format
    }

    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    /// Runs `actions` on a new image `size` big and returns it.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let scale = format.scale > 0 ? format.scale : 1
        let surface = ImageSurface(format: format.opaque ? .rgb24 : .argb32,
                                   width: Int((max(0, size.width) * scale).rounded(.up)),
                                   height: Int((max(0, size.height) * scale).rounded(.up)))
        let cgContext = CGContext(cairo: Context(surface: surface))
        cgContext.scaleBy(x: scale, y: scale)
        let context = UIGraphicsImageRendererContext(format: format, cgContext: cgContext, surface: surface)
        UIGraphicsPushContext(cgContext)
        actions(context)
        UIGraphicsPopContext()
        surface.flush()
        return UIImage(surface: surface, scale: scale)
    }
}
