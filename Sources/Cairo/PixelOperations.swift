import CCairo

/// A rectangle of whole device pixels: `left ≤ x < right`, `top ≤ y < bottom`.
public struct PixelBox: Equatable, Sendable {
    public var left: Int32, top: Int32, right: Int32, bottom: Int32

    public init(left: Int32, top: Int32, right: Int32, bottom: Int32) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    public var isEmpty: Bool { right <= left || bottom <= top }

    public func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(left: max(left, other.left), top: max(top, other.top), right: min(right, other.right), bottom: min(bottom, other.bottom))
    }
}

/// Fills and copies of whole pixels straight through pixman, the library cairo's image surfaces draw
/// with: the same operations, so the same pixels, as cairo's fill of pixel-aligned rectangles and its
/// paint of an image at a whole-pixel offset, without cairo's state, path and clip machinery around each
/// call (most of the cost of the small fills and copies a frame of a window drag is made of).
///
/// The pixels are written behind cairo's back: flush the surface before and mark it dirty after a run
/// of these.
extension ImageSurface {
    /// pixman's view of the same pixels, made once.
    var pixmanImage: OpaquePointer {
        if let storedPixmanImage { return storedPixmanImage }
        let format = switch self.format { case .rgb24: PIXMAN_x8r8g8b8; case .argb32: PIXMAN_a8r8g8b8; case .a8: PIXMAN_a8 }
        let made = pixman_image_create_bits(format, Int32(width), Int32(height),
                                            data.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        storedPixmanImage = made
        return made
    }

    /// Fills `boxes` with a colour (straight alpha, as `Context.setSource(red:green:blue:alpha:)` takes
    /// it), blended over what is there.
    public func fill(_ boxes: [PixelBox], red: Double, green: Double, blue: Double, alpha: Double) {
        guard !boxes.isEmpty else { return }
        var color = pixmanColor(red: red, green: green, blue: blue, alpha: alpha)
        let a = min(max(alpha, 0), 1)
        // An opaque colour replaces what is there, as cairo reduces OVER to SOURCE for it: the pixel
        // pixman's fill would write (its 16-bit channels' high bytes), stored row by row. pixman's own
        // fill makes a region of the boxes first, which costs more than filling a window edge's strip.
        if a >= 1 {
            let pixel = UInt32(color.alpha >> 8) << 24 | UInt32(color.red >> 8) << 16 | UInt32(color.green >> 8) << 8 | UInt32(color.blue >> 8)
            fill(boxes, pixel: pixel)
            return
        }
        // A box is pixman's box: four 32-bit edges in the same order.
        assert(MemoryLayout<PixelBox>.stride == MemoryLayout<pixman_box32_t>.stride)
        boxes.withUnsafeBufferPointer { pointer in
            pointer.withMemoryRebound(to: pixman_box32_t.self) { boxes in
                _ = pixman_image_fill_boxes(PIXMAN_OP_OVER, pixmanImage, &color, Int32(boxes.count), boxes.baseAddress)
            }
        }
    }

    /// Stores `pixel` in every pixel of `boxes` (within the image).
    private func fill(_ boxes: [PixelBox], pixel: UInt32) {
        let pixels = data.assumingMemoryBound(to: UInt32.self), rowLength = stride / 4
        let bounds = PixelBox(left: 0, top: 0, right: Int32(width), bottom: Int32(height))
        for box in boxes {
            let part = box.intersection(bounds)
            guard !part.isEmpty else { continue }
            let width = Int(part.right - part.left), first = pixels + Int(part.top) * rowLength + Int(part.left)
            UnsafeMutableBufferPointer(start: first, count: width).update(repeating: pixel)
            // Wide rows are copies of the first (memcpy stores wider than a loop of pixels); a window
            // edge's strip of a few pixels is stored pixel by pixel.
            for y in Int(part.top + 1)..<Int(part.bottom) {
                let row = pixels + y * rowLength + Int(part.left)
                if width >= 32 {
                    row.update(from: first, count: width)
                } else {
                    UnsafeMutableBufferPointer(start: row, count: width).update(repeating: pixel)
                }
            }
        }
    }

    /// Composites `source` (premultiplied alpha) over these pixels with its top-left pixel at (x, y),
    /// within each of `boxes` (which must not overlap: each is composited once) and within `clip`.
    /// `opaque`: a part of `source` (in its own pixels) known to hold only opaque pixels, where OVER
    /// gives the source's pixels: copied there row by row (as a fill is stored), without reading or
    /// blending the pixels under it; the rest is blended.
    public func composite(_ source: ImageSurface, x: Int32, y: Int32, opaque: PixelBox? = nil, within boxes: [PixelBox], clippedTo clip: PixelBox) {
        let extent = PixelBox(left: x, top: y, right: x + Int32(source.width), bottom: y + Int32(source.height)).intersection(clip)
        // Copied rows hold the source's 32-bit pixels as they are: both images must store them so.
        let solid = opaque.flatMap { box -> PixelBox? in
            guard source.format == .argb32, format != .a8 else { return nil }
            let placed = PixelBox(left: box.left + x, top: box.top + y, right: box.right + x, bottom: box.bottom + y).intersection(extent)
            return placed.isEmpty ? nil : placed
        }
        for box in boxes {
            let part = box.intersection(extent)
            guard !part.isEmpty else { continue }
            guard let solid, case let copied = part.intersection(solid), !copied.isEmpty else {
                blend(source, x: x, y: y, part)
                continue
            }
            copy(source, x: x, y: y, copied)
            // What of the part lies outside the opaque box: bands above and below, then beside it
            // (one by one: an array of them would be allocated for every view at every frame).
            func blendBand(_ band: PixelBox) { if !band.isEmpty { blend(source, x: x, y: y, band) } }
            blendBand(PixelBox(left: part.left, top: part.top, right: part.right, bottom: copied.top))
            blendBand(PixelBox(left: part.left, top: copied.bottom, right: part.right, bottom: part.bottom))
            blendBand(PixelBox(left: part.left, top: copied.top, right: copied.left, bottom: copied.bottom))
            blendBand(PixelBox(left: copied.right, top: copied.top, right: part.right, bottom: copied.bottom))
        }
    }

    /// `source` OVER these pixels within `part` (these pixels' coordinates), its top-left pixel at (x, y).
    private func blend(_ source: ImageSurface, x: Int32, y: Int32, _ part: PixelBox) {
        pixman_image_composite32(PIXMAN_OP_OVER, source.pixmanImage, nil, pixmanImage, part.left - x, part.top - y, 0, 0,
                                 part.left, part.top, part.right - part.left, part.bottom - part.top)
    }

    /// Stores `source`'s pixels in `part` (within both images), its top-left pixel at (x, y): row by
    /// row, each a memcpy, without pixman's region and fast-path lookup around a single box.
    private func copy(_ source: ImageSurface, x: Int32, y: Int32, _ part: PixelBox) {
        let bounds = PixelBox(left: 0, top: 0, right: Int32(width), bottom: Int32(height))
        let part = part.intersection(bounds)
        guard !part.isEmpty else { return }
        let target = data.assumingMemoryBound(to: UInt32.self), targetRow = stride / 4
        let from = source.data.assumingMemoryBound(to: UInt32.self), sourceRow = source.stride / 4
        let width = Int(part.right - part.left), top = Int(part.top), bottom = Int(part.bottom)
        func sourceStart(_ row: Int) -> UnsafeMutablePointer<UInt32> { from + (row - Int(y)) * sourceRow + Int(part.left - x) }
        for row in top..<bottom {
            // Asked for a few rows ahead: a drawing no longer in the cache (a window of photos being
            // dragged reads a megabyte of them a frame) copies about 15 % faster, one in it as fast.
            if row + Self.prefetchedRows < bottom { scenehost_prefetch(sourceStart(row + Self.prefetchedRows), UInt(width * 4)) }
            (target + row * targetRow + Int(part.left)).update(from: sourceStart(row), count: width)
        }
    }

    /// How many rows ahead `copy` asks for the source's pixels: far enough for memory to answer
    /// while four rows of a photo's cell are copied.
    static let prefetchedRows = 4
}

/// As cairo turns a colour (straight alpha) into pixman's: clamped, premultiplied, then to 16 bits.
func pixmanColor(red: Double, green: Double, blue: Double, alpha: Double) -> pixman_color_t {
    func clamped(_ value: Double) -> Double { min(max(value, 0), 1) }
    func short(_ value: Double) -> UInt16 { UInt16(value * 65535 + 0.5) }
    let a = clamped(alpha)
    return pixman_color_t(red: short(clamped(red) * a), green: short(clamped(green) * a), blue: short(clamped(blue) * a), alpha: short(a))
}

/// One colour (straight alpha, as `Context.setSource(red:green:blue:alpha:)` takes it) painted through
/// coverage masks: a one-colour drawing kept as A8 coverage (a label's text) is this colour through
/// it. It holds pixman's solid image, made once, so compositing it allocates nothing.
public final class MaskTint: @unchecked Sendable {
    public let red: Double, green: Double, blue: Double, alpha: Double
    let solid: OpaquePointer

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        var color = pixmanColor(red: red, green: green, blue: blue, alpha: alpha)
        solid = pixman_image_create_solid_fill(&color)!
    }

    deinit { pixman_image_unref(solid) }
}

extension ImageSurface {
    /// Composites `tint` through `mask` (an A8 coverage image) over these pixels, the mask's top-left
    /// pixel at (x, y), within each of `boxes` (which must not overlap) and within `clip`: the pixels
    /// cairo's fill of the same shapes in that colour gives, as pixman computes both the same way.
    public func composite(_ tint: MaskTint, through mask: ImageSurface, x: Int32, y: Int32, within boxes: [PixelBox], clippedTo clip: PixelBox) {
        let extent = PixelBox(left: x, top: y, right: x + Int32(mask.width), bottom: y + Int32(mask.height)).intersection(clip)
        for box in boxes {
            let part = box.intersection(extent)
            guard !part.isEmpty else { continue }
            pixman_image_composite32(PIXMAN_OP_OVER, tint.solid, mask.pixmanImage, pixmanImage, 0, 0, part.left - x, part.top - y,
                                     part.left, part.top, part.right - part.left, part.bottom - part.top)
        }
    }
}

extension ImageSurface {
    /// Blurs an A8 surface in place, as a Gaussian of standard deviation `sigma` pixels is approximated by
    /// three box blurs in each direction (the usual way; within a few per cent of the true Gaussian).
    /// Core Animation's shadow blur has `shadowRadius` = 2 σ (so a radius of 3 points blurs by σ 1.5).
    public func blurAlpha(sigma: Double) {
        precondition(format == .a8, "blurAlpha works on A8 surfaces")
        guard sigma > 0.2 else { return }
        flush()
        // Box widths whose three passes have the Gaussian's variance (W. Jarosz, "Fast image convolutions").
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down)); if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let lowerCount = Int(((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / Double(-4 * lower - 4)).rounded())
        let radii = (0..<3).map { ($0 < lowerCount ? lower : upper) / 2 }
        let width = self.width, height = self.height, stride = self.stride
        let pixels = data.assumingMemoryBound(to: UInt8.self)
        var line = [Int](repeating: 0, count: max(width, height))
        // One running-sum box pass over `count` samples `step` bytes apart, from `start`.
        func box(start: Int, step: Int, count: Int, radius: Int) {
            for index in 0..<count { line[index] = Int(pixels[start + index * step]) }
            let span = 2 * radius + 1
            var sum = 0
            for index in -radius...radius where index >= 0 && index < count { sum += line[index] }
            for index in 0..<count {
                pixels[start + index * step] = UInt8((sum + span / 2) / span)
                let leaving = index - radius, entering = index + radius + 1
                if leaving >= 0 { sum -= line[leaving] }
                if entering < count { sum += line[entering] }
            }
        }
        for radius in radii where radius > 0 {
            for row in 0..<height { box(start: row * stride, step: 1, count: width, radius: radius) }
            for column in 0..<width { box(start: column, step: stride, count: height, radius: radius) }
        }
        markDirty()
    }
}

