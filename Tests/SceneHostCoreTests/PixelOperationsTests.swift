import Cairo
import Foundation
import Testing

/// Copies of whole pixels straight through pixman: a drawing's opaque part is copied row by row
/// rather than blended, and must give the very pixels blending gives.
@Suite struct PixelOperationsTests {
    /// Pixels that differ from place to place: premultiplied, opaque inside `opaque`, translucent outside.
    static func image(width: Int, height: Int, seed: UInt32, opaque: PixelBox? = nil) -> ImageSurface {
        let image = ImageSurface(format: .argb32, width: width, height: height)
        image.flush()
        let pixels = image.data.assumingMemoryBound(to: UInt32.self), row = image.stride / 4
        var state = seed | 1
        for y in 0..<height {
            for x in 0..<width {
                state ^= state << 13; state ^= state >> 17; state ^= state << 5
                let inside = opaque.map { Int32(x) >= $0.left && Int32(x) < $0.right && Int32(y) >= $0.top && Int32(y) < $0.bottom } ?? false
                let alpha = inside ? 255 : state >> 24 & 0xFF
                let red = (state & 0xFF) * alpha / 255, green = (state >> 8 & 0xFF) * alpha / 255, blue = (state >> 16 & 0xFF) * alpha / 255
                pixels[y * row + x] = alpha << 24 | red << 16 | green << 8 | blue
            }
        }
        image.markDirty()
        return image
    }

    @Test func anOpaquePartIsCopiedAsBlendingWouldGiveIt() {
        let opaque = PixelBox(left: 3, top: 2, right: 17, bottom: 11)
        let source = Self.image(width: 20, height: 14, seed: 7, opaque: opaque)
        let boxes = [[PixelBox(left: 0, top: 0, right: 40, bottom: 30)],
                     [PixelBox(left: 0, top: 0, right: 12, bottom: 30), PixelBox(left: 12, top: 8, right: 40, bottom: 14)],
                     [PixelBox(left: 14, top: 9, right: 22, bottom: 12)]]
        let clips = [PixelBox(left: .min, top: .min, right: .max, bottom: .max), PixelBox(left: 9, top: 7, right: 30, bottom: 20)]
        for (x, y) in [(5, 4), (-4, -3), (28, 22)] as [(Int32, Int32)] {
            for within in boxes {
                for clip in clips {
                    let blended = Self.image(width: 40, height: 30, seed: 11), copied = Self.image(width: 40, height: 30, seed: 11)
                    blended.composite(source, x: x, y: y, within: within, clippedTo: clip)
                    copied.composite(source, x: x, y: y, opaque: opaque, within: within, clippedTo: clip)
                    var differing = 0
                    for row in 0..<30 where memcmp(blended.data + row * blended.stride, copied.data + row * copied.stride, 40 * 4) != 0 { differing += 1 }
                    #expect(differing == 0, "\(differing) rows differ with the source at (\(x), \(y)) in \(within) within \(clip)")
                }
            }
        }
    }
}
