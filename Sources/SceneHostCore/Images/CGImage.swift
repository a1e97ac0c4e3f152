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
    /// The image's stored pixels, without its scale or orientation (decoded now if they were not);
    /// nil when they cannot be decoded. A symbol's or SVG's are drawn at its size.
    public var cgImage: CGImage? { surface.map(CGImage.init(surface:)) }

}
