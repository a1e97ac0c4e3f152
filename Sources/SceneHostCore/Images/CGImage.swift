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

extension CGImage {
    /// Calls `body` with a reader of the pixels as 0xAARRGGBB (premultiplied; opaque images read
    /// alpha 0xFF), for tools that encode images (the benchmarks' JPEG maker). Not UIKit API.
    @_spi(Runtime) public func withPixels<T>(_ body: ((_ x: Int, _ y: Int) -> UInt32) -> T) -> T {
        surface.flush()
        let base = UnsafeRawPointer(surface.data), stride = surface.stride, opaque = surface.format == .rgb24
        return body { x, y in
            let value = base.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            return opaque ? value | 0xFF00_0000 : value
        }
    }
}
