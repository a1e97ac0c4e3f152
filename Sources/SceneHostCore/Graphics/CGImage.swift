import Cairo
import Foundation

/// A bitmap in device pixels, as Core Graphics' `CGImage`: what a layer's `contents` shows. Made from a
/// `UIImage` (`cgImage`); its pixels never change.
public final class CGImage: @unchecked Sendable {
    let surface: ImageSurface
    init(surface: ImageSurface) { self.surface = surface }
    public var width: Int { surface.width }
    public var height: Int { surface.height }
}

extension UIImage {
    /// The image's pixels, without its scale.
    public var cgImage: CGImage? { CGImage(surface: surface) }

    /// An image of `cgImage`'s pixels at `scale` pixels per point.
    public convenience init(cgImage: CGImage, scale: CGFloat = 1) {
        self.init(surface: cgImage.surface, scale: scale)
    }
}
