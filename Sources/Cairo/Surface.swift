import CCairo
import Glibc

public struct CairoError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A cairo surface; released exactly once when the Swift object goes away.
public class Surface {
    public let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cairo_surface_destroy(pointer) }

    public func flush() { cairo_surface_flush(pointer) }

    /// Device pixels per user unit: a surface of 2× pixels at scale 2 paints at its size in points.
    public func setDeviceScale(_ scale: Double) { cairo_surface_set_device_scale(pointer, scale, scale) }
    /// The surface's device scale and offset: device space → its pixels (x × scaleX + offsetX).
    public var deviceTransform: (scaleX: Double, scaleY: Double, offsetX: Double, offsetY: Double) {
        var sx = 1.0, sy = 1.0, ox = 0.0, oy = 0.0
        cairo_surface_get_device_scale(pointer, &sx, &sy)
        cairo_surface_get_device_offset(pointer, &ox, &oy)
        return (sx, sy, ox, oy)
    }
    /// Tells cairo that pixels were changed behind its back.
    public func markDirty() { cairo_surface_mark_dirty(pointer) }

    var statusError: CairoError? {
        let status = cairo_surface_status(pointer)
        return status == CAIRO_STATUS_SUCCESS ? nil : CairoError(String(cString: cairo_status_to_string(status)))
    }
}

/// Pixels in memory: ARGB32 (premultiplied alpha) or RGB24 (x ignored), native-endian 32-bit words.
public final class ImageSurface: Surface {
    /// `a8`: alpha only, a byte a pixel (masks and shadows).
    public enum Format: Sendable { case argb32, rgb24, a8
        var cairo: cairo_format_t {
            switch self { case .argb32: CAIRO_FORMAT_ARGB32; case .rgb24: CAIRO_FORMAT_RGB24; case .a8: CAIRO_FORMAT_A8 }
        }
    }

    /// Keeps borrowed pixel memory alive for as long as the surface exists.
    private let owner: AnyObject?
    /// pixman's view of the pixels, for `fill` and `composite` (PixelOperations.swift); made when first used.
    var storedPixmanImage: OpaquePointer?

    deinit { if let storedPixmanImage { pixman_image_unref(storedPixmanImage) } }

    /// cairo's largest image, in pixels a side.
    public static let maximumSide = 32767

    /// A new zeroed surface, at most `maximumSide` pixels a side (a larger size is cut to it).
    public init(format: Format = .argb32, width: Int, height: Int) {
        owner = nil
        let side = { (value: Int) in Int32(min(max(0, value), Self.maximumSide)) }
        super.init(owning: cairo_image_surface_create(format.cairo, side(width), side(height)))
    }

    /// A surface over memory owned by `owner` (e.g. a shared-memory segment): no copy.
    public init(format: Format, data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, owner: AnyObject) {
        self.owner = owner
        super.init(owning: cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), format.cairo, Int32(width), Int32(height), Int32(stride)))
    }

    /// A new surface a decoder is about to write whole: above 4 MB its pages may be huge pages (2 MB),
    /// so writing a 4000×3000 photo faults two dozen times instead of twelve thousand.
    static func decoded(format: Format, width: Int, height: Int) -> ImageSurface {
        let surface = ImageSurface(format: format, width: width, height: height)
        let bytes = surface.stride * surface.height
        if bytes >= 4 << 20 {
            // cairo's buffer comes from calloc, which maps a fresh zeroed region for a size like this,
            // untouched yet: advise its whole pages.
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let start = (Int(bitPattern: surface.data) + page - 1) / page * page
            let end = (Int(bitPattern: surface.data) + bytes) / page * page
            if end > start { madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
        }
        return surface
    }

    /// Takes ownership of an image surface cairo made (a decoder's output).
    init(adopting pointer: OpaquePointer) {
        owner = nil
        super.init(owning: pointer)
    }

    /// A copy of the pixels, drawn at `width`×`height` with cairo's good filter (or `fast`: the nearest
    /// pixel).
    public func scaled(toWidth width: Int, height: Int, fast: Bool = false) -> ImageSurface {
        let result = ImageSurface(format: format == .rgb24 ? .rgb24 : .argb32, width: max(1, width), height: max(1, height))
        let context = Context(surface: result)
        context.scale(Double(max(1, width)) / Double(self.width), Double(max(1, height)) / Double(self.height))
        context.setSource(self)
        context.setSourceFilter(fast ? .fast : .good)
        context.setSourceExtend(.pad)
        context.setOperator(.source)
        context.paint()
        result.flush()
        return result
    }

    /// A rectangle of the pixels as a surface of its own (sharing them, not copied): drawn with the
    /// `pad` extend, its edges repeat its own pixels rather than blending with their neighbours.
    public func region(x: Int, y: Int, width: Int, height: Int) -> Surface {
        Surface(owning: cairo_surface_create_for_rectangle(pointer, Double(x), Double(y), Double(width), Double(height)))
    }

    /// Reads a PNG file.
    public init(pngAt path: String) throws(CairoError) {
        owner = nil
        guard access(path, R_OK) == 0 else { throw CairoError("cannot read \(path): \(String(cString: strerror(errno)))") }
        super.init(owning: cairo_image_surface_create_from_png(path))
        if let error = statusError { throw CairoError("\(path) is not a readable PNG (\(error.message))") }
    }

    public var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    public var height: Int { Int(cairo_image_surface_get_height(pointer)) }
    public var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }
    public var format: Format {
        switch cairo_image_surface_get_format(pointer) { case CAIRO_FORMAT_RGB24: .rgb24; case CAIRO_FORMAT_A8: .a8; default: .argb32 }
    }

    /// The first pixel row; `stride` bytes apart. Call `flush()` before reading and `markDirty()` after
    /// writing behind cairo's back.
    public var data: UnsafeMutableRawPointer { UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)!) }

    /// Copies the pixels of a rectangle to another place in the surface (the two may overlap), as a
    /// window system moves a window's contents: no blending, no filtering. Parts outside the surface
    /// are left out.
    public func copyPixels(x: Int, y: Int, width: Int, height: Int, toX: Int, toY: Int) {
        // Clipped so that both the source and the destination lie inside the surface.
        let left = max(0, x, x - toX), top = max(0, y, y - toY)
        let right = min(x + width, self.width, self.width - (toX - x)), bottom = min(y + height, self.height, self.height - (toY - y))
        guard right > left, bottom > top else { return }
        flush()
        let base = data, rowStride = stride, rowBytes = (right - left) * 4
        let dx = toX - x, dy = toY - y
        func copy(row: Int) { memmove(base + (row + dy) * rowStride + (left + dx) * 4, base + row * rowStride + left * 4, rowBytes) }
        // Rows in the order that never overwrites a row before it is read.
        if dy > 0 {
            for row in Swift.stride(from: bottom - 1, through: top, by: -1) { copy(row: row) }
        } else {
            for row in top..<bottom { copy(row: row) }
        }
        cairo_surface_mark_dirty_rectangle(pointer, Int32(left + dx), Int32(top + dy), Int32(right - left), Int32(bottom - top))
    }

    /// The pixel at (x, y) as 0xAARRGGBB (premultiplied); RGB24 reads with alpha 0xff, A8 as 0xAA000000.
    public func pixel(x: Int, y: Int) -> UInt32 {
        flush()
        let row = cairo_image_surface_get_data(pointer)! + y * stride
        if format == .a8 { return UInt32(row[x]) << 24 }
        let value = UnsafeRawPointer(row).load(fromByteOffset: x * 4, as: UInt32.self)
        return format == .rgb24 ? value | 0xff00_0000 : value
    }

    /// The surface encoded as PNG (cairo's encoder); nil when cairo cannot encode it.
    public func pngData() -> [UInt8]? {
        flush()
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(pointer, { closure, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil
    }

    /// Writes the surface to a PNG file atomically: a temporary file renamed into place, so a failure
    /// never leaves a half-written image.
    public func writePNG(to path: String) throws(CairoError) {
        flush()
        let temporary = path + ".partial-\(getpid())"
        let status = cairo_surface_write_to_png(pointer, temporary)
        guard status == CAIRO_STATUS_SUCCESS else {
            unlink(temporary)
            throw CairoError("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CairoError("cannot write \(path): \(reason)")
        }
    }
}

/// Records drawing operations to replay later at any scale and position (a view's cached content).
public final class RecordingSurface: Surface {
    /// An unbounded recording; replay clips it.
    public init() {
        super.init(owning: cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil))
    }

    /// The area the recorded operations touch; zero size when nothing was drawn.
    public var inkExtents: (x: Double, y: Double, width: Double, height: Double) {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        cairo_recording_surface_ink_extents(pointer, &x, &y, &width, &height)
        return (x, y, width, height)
    }
}
