import CX11

/// Pixels read back from the server, 32-bit xRGB rows (cairo's RGB24 layout).
public struct CapturedImage: Sendable {
    public var width: Int
    public var height: Int
    /// One UInt32 per pixel, row-major, `width` per row.
    public var pixels: [UInt32]
}

extension Display {
    /// Reads `width`×`height` pixels at (x, y) of `window` with `XGetImage`. Under Xvfb (no compositor)
    /// parts covered by other windows read as those windows.
    public func capture(_ window: Window, x: Int = 0, y: Int = 0, width: Int, height: Int) throws(X11Error) -> CapturedImage {
        _ = takeErrors()
        guard let image = XGetImage(pointer, window, Int32(x), Int32(y), UInt32(width), UInt32(height), ~0, ZPixmap) else {
            throw takeErrors().first ?? X11Error("XGetImage failed for window 0x\(String(window, radix: 16))")
        }
        defer { scenehost_destroy_image(image) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        let redMask = image.pointee.red_mask, greenMask = image.pointee.green_mask, blueMask = image.pointee.blue_mask
        let fast = image.pointee.bits_per_pixel == 32 && redMask == 0xff0000 && greenMask == 0xff00 && blueMask == 0xff
        for row in 0..<height {
            if fast {
                let source = UnsafeRawPointer(image.pointee.data + row * Int(image.pointee.bytes_per_line))
                pixels.withUnsafeMutableBufferPointer { buffer in
                    (buffer.baseAddress! + row * width).update(from: source.assumingMemoryBound(to: UInt32.self), count: width)
                }
            } else {
                for column in 0..<width {
                    let value = scenehost_get_pixel(image, Int32(column), Int32(row))
                    pixels[row * width + column] = UInt32(truncatingIfNeeded:
                        (scale(value & redMask, redMask) << 16) | (scale(value & greenMask, greenMask) << 8) | scale(value & blueMask, blueMask))
                }
            }
        }
        return CapturedImage(width: width, height: height, pixels: pixels)
    }
}

/// Scales a masked channel to 0…255.
private func scale(_ value: UInt, _ mask: UInt) -> UInt {
    guard mask != 0 else { return 0 }
    let shift = UInt(mask.trailingZeroBitCount)
    let maximum = mask >> shift
    return ((value >> shift) * 255) / maximum
}
