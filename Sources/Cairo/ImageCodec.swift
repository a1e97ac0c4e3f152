import CCairo
import CImageCodecs
import CRsvg
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The encoded image formats SceneHost reads: PNG (cairo's reader), JPEG (libjpeg-turbo), WebP
/// (libwebp) and SVG (librsvg).
public enum EncodedImageFormat: String, Sendable {
    case png, jpeg, webp, svg

    /// The format the first bytes announce, or nil.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> EncodedImageFormat? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && prefix.indices.allSatisfy { bytes[offset + $0] == prefix[$0] }
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        // SVG is text: an XML declaration, a comment or the <svg> element itself, after optional blanks.
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        if head.contains("<svg") { return .svg }
        return nil
    }
}

/// What the header of an encoded image says: its format, its size in stored pixels and its EXIF
/// orientation (1–8, 1 when it has none).
public struct EncodedImageHeader: Sendable {
    public var format: EncodedImageFormat
    public var width: Int
    public var height: Int
    public var exifOrientation: Int

    public init(format: EncodedImageFormat, width: Int, height: Int, exifOrientation: Int = 1) {
        self.format = format
        self.width = width
        self.height = height
        self.exifOrientation = exifOrientation
    }
}

/// The versions of the libraries that turn shapes into pixels (cairo and pixman), for caches of
/// rasterized drawings: a new version may draw other pixels.
public let rasterizerVersions = "cairo " + String(cString: cairo_version_string()) + " pixman " + String(cString: pixman_version_string())

/// Decodes images into cairo surfaces (premultiplied ARGB32, or RGB24 for JPEG). Everything here is
/// safe to call from any thread: each call uses its own decoder state.
public enum ImageCodec {
    /// Reads the header and checks the file is whole (a PNG's chunks reach IEND, a JPEG holds its
    /// end-of-image marker, a WebP holds the bytes its RIFF header counts, an SVG parses), without
    /// decoding the pixels. Throws a one-line reason for anything else.
    public static func header(of data: Data) throws(CairoError) -> EncodedImageHeader {
        let result: Result<EncodedImageHeader, CairoError> = data.withUnsafeBytes { bytes in
            guard let format = EncodedImageFormat.sniff(bytes) else { return .failure(CairoError("not a PNG, JPEG, WebP or SVG image")) }
            switch format {
            case .png: return pngHeader(bytes)
            case .jpeg: return jpegHeader(bytes)
            case .webp: return webpHeader(bytes)
            case .svg:
                do throws(CairoError) {
                    let document = try SVGDocument(data: data)
                    // A document may claim 1e30 pixels or NaN: converting that to Int would trap.
                    guard let width = pixelSide(document.width), let height = pixelSide(document.height) else {
                        return .failure(CairoError("SVG size \(document.width)×\(document.height) is not a drawable size"))
                    }
                    return .success(EncodedImageHeader(format: .svg, width: width, height: height, exifOrientation: 1))
                } catch { return .failure(error) }
            }
        }
        let header = try result.get()
        // Surfaces are at most maximumSide a side: a larger header would make the decoder write past
        // the (clamped) pixel buffer, and a huge area would exhaust memory.
        guard header.width <= ImageSurface.maximumSide, header.height <= ImageSurface.maximumSide,
              header.width * header.height <= maximumPixels else {
            throw CairoError("image of \(header.width)×\(header.height) pixels is too large (at most \(ImageSurface.maximumSide) a side, \(maximumPixels >> 20) Mpx)")
        }
        return header
    }

    /// The most pixels an image may have (256 Mpx: 1 GB decoded).
    public static let maximumPixels = 256 << 20

    /// `value` rounded up to whole pixels, or nil when it is not finite or beyond `maximumSide`.
    public static func pixelSide(_ value: Double) -> Int? {
        guard value.isFinite, value >= 0, value <= Double(ImageSurface.maximumSide) else { return nil }
        return Int(value.rounded(.up))
    }

    /// Decodes the whole image at its stored size, or, with `fitting`, at a smaller size no smaller than
    /// it on either axis (JPEG decodes at 1/2, 1/4 or 1/8 directly, WebP and SVG at the exact size; PNG
    /// decodes in full). The pixels are as stored: EXIF orientation is not applied.
    public static func decode(_ data: Data, header: EncodedImageHeader, fitting: (width: Int, height: Int)? = nil) throws(CairoError) -> ImageSurface {
        switch header.format {
        case .png: return try decodePNG(data)
        case .jpeg: return try decodeJPEG(data, header: header, fitting: fitting)
        case .webp: return try decodeWebP(data, header: header, fitting: fitting)
        case .svg:
            let document = try SVGDocument(data: data)
            let width = fitting?.width ?? header.width, height = fitting?.height ?? header.height
            let surface = ImageSurface(format: .argb32, width: max(1, width), height: max(1, height))
            let context = Context(surface: surface)
            document.render(in: context, x: 0, y: 0, width: Double(width), height: Double(height))
            surface.flush()
            return surface
        }
    }

    // MARK: PNG

    private static func pngHeader(_ bytes: UnsafeRawBufferPointer) -> Result<EncodedImageHeader, CairoError> {
        // Signature, IHDR length and type, then width and height big-endian.
        guard bytes.count >= 33, String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else {
            return .failure(CairoError("PNG without its header chunk"))
        }
        // The chunks lead to IEND: a chunk running past the end, or none, means the file was cut
        // short. Bytes after IEND (some writers pad) are ignored; damage inside is the decoder's to find.
        guard pngReachesIEND(bytes) else {
            return .failure(CairoError("truncated PNG (no IEND chunk)"))
        }
        let width = Int(bigEndian32(bytes, 16)), height = Int(bigEndian32(bytes, 20))
        guard width > 0, height > 0 else { return .failure(CairoError("PNG of zero size")) }
        return .success(EncodedImageHeader(format: .png, width: width, height: height,
                                           exifOrientation: pngExifOrientation(bytes)))
    }

    /// Whether walking the chunks from the signature reaches a whole IEND chunk.
    private static func pngReachesIEND(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, offset))
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == "IEND" { return true }
            offset += 12 + length
        }
        return false
    }

    /// A PNG's `eXIf` chunk, when it has one.
    private static func pngExifOrientation(_ bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "eXIf", offset + 8 + length <= bytes.count {
                return EXIF.orientation(inTIFF: UnsafeRawBufferPointer(rebasing: bytes[(offset + 8)..<(offset + 8 + length)]))
            }
            if type == "IDAT" || type == "IEND" { break }
            offset += 12 + length
        }
        return 1
    }

    private final class ReadCursor {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
    }

    private static func decodePNG(_ data: Data) throws(CairoError) -> ImageSurface {
        let surface: ImageSurface = data.withUnsafeBytes { bytes in
            let cursor = ReadCursor(bytes)
            let pointer = cairo_image_surface_create_from_png_stream({ closure, destination, length in
                let cursor = Unmanaged<ReadCursor>.fromOpaque(closure!).takeUnretainedValue()
                let wanted = Int(length)
                guard cursor.offset + wanted <= cursor.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                memcpy(destination!, cursor.bytes.baseAddress! + cursor.offset, wanted)
                cursor.offset += wanted
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(cursor).toOpaque())!
            return withExtendedLifetime(cursor) { ImageSurface(adopting: pointer) }
        }
        if let error = surface.statusError { throw CairoError("PNG data cannot be decoded (\(error.message))") }
        return surface
    }

    // MARK: JPEG

    private static func jpegHeader(_ bytes: UnsafeRawBufferPointer) -> Result<EncodedImageHeader, CairoError> {
        guard let handle = tjInitDecompress() else { return .failure(CairoError("libjpeg-turbo did not start")) }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard tjDecompressHeader3(handle, base, UInt(bytes.count), &width, &height, &subsampling, &colorspace) == 0 else {
            return .failure(CairoError("JPEG header cannot be read (\(String(cString: tjGetErrorStr2(handle)!)))"))
        }
        // A whole JPEG has its end-of-image marker somewhere after the header (writers may append
        // any amount after it); a cut inside the pixels is left to the decoder, which stops on it.
        guard (2..<max(2, bytes.count - 1)).reversed().contains(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD9 }) else {
            return .failure(CairoError("truncated JPEG (no end-of-image marker)"))
        }
        return .success(EncodedImageHeader(format: .jpeg, width: Int(width), height: Int(height),
                                           exifOrientation: jpegExifOrientation(bytes)))
    }

    /// The orientation in a JPEG's APP1 `Exif` segment, when it has one.
    private static func jpegExifOrientation(_ bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            // Start of scan: no more metadata before the pixels.
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let start = offset + 4, end = offset + 2 + length
            guard length >= 2, end <= bytes.count else { break }
            if marker == 0xE1, end - start > 6, String(decoding: bytes[start..<(start + 4)], as: UTF8.self) == "Exif" {
                return EXIF.orientation(inTIFF: UnsafeRawBufferPointer(rebasing: bytes[(start + 6)..<end]))
            }
            offset = end
        }
        return 1
    }

    /// The size a JPEG decodes at `fitting` a size: the smallest of libjpeg-turbo's own scaling factors
    /// (M/8) that stays at least as large on both axes; decoding at 1/8 reads an eighth of the
    /// coefficients, far cheaper than scaling afterwards.
    public static func jpegDecodedSize(_ header: EncodedImageHeader, fitting: (width: Int, height: Int)) -> (width: Int, height: Int) {
        var best = (width: header.width, height: header.height)
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num <= factor.denom {
            let w = (header.width * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
            let h = (header.height * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
            if w >= fitting.width, h >= fitting.height, w * h < best.width * best.height { best = (w, h) }
        }
        return best
    }

    private static func decodeJPEG(_ data: Data, header: EncodedImageHeader, fitting: (width: Int, height: Int)?) throws(CairoError) -> ImageSurface {
        guard let handle = tjInitDecompress() else { throw CairoError("libjpeg-turbo did not start") }
        defer { tjDestroy(handle) }
        let (width, height) = fitting.map { jpegDecodedSize(header, fitting: $0) } ?? (header.width, header.height)
        let surface = ImageSurface.decoded(format: .rgb24, width: width, height: height)
        // The surface is clamped to maximumSide: never let libjpeg write a larger image into it.
        guard surface.width == width, surface.height == height else {
            throw CairoError("JPEG of \(width)×\(height) pixels does not fit a surface")
        }
        surface.flush()
        let status = data.withUnsafeBytes { bytes in
            // Stop on warnings too: libjpeg "recovers" from a cut-off file by filling grey.
            tjDecompress2(handle, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
                          surface.data.assumingMemoryBound(to: UInt8.self), Int32(surface.width), Int32(surface.stride), Int32(surface.height),
                          Int32(TJPF_BGRX.rawValue), TJFLAG_STOPONWARNING)
        }
        guard status == 0 else { throw CairoError("JPEG data cannot be decoded (\(String(cString: tjGetErrorStr2(handle)!)))") }
        surface.markDirty()
        return surface
    }

    // MARK: WebP

    private static func webpHeader(_ bytes: UnsafeRawBufferPointer) -> Result<EncodedImageHeader, CairoError> {
        guard bytes.count >= 12 else { return .failure(CairoError("truncated WebP")) }
        let riffSize = Int(littleEndian32(bytes, 4))
        guard riffSize + 8 <= bytes.count else { return .failure(CairoError("truncated WebP (\(bytes.count) of \(riffSize + 8) bytes)")) }
        let library: WebPLibrary.Entry
        switch WebPLibrary.entry {
        case .success(let entry): library = entry
        case .failure(let error): return .failure(error)
        }
        var width: Int32 = 0, height: Int32 = 0
        guard library.getInfo(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &width, &height) != 0 else {
            return .failure(CairoError("WebP header cannot be read"))
        }
        // Metadata lives in an EXIF chunk of the extended format.
        var orientation = 1, offset = 12
        while offset + 8 <= min(bytes.count, riffSize + 8) {
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let length = Int(littleEndian32(bytes, offset + 4))
            guard offset + 8 + length <= bytes.count else { break }
            if type == "EXIF" {
                var start = offset + 8
                // Some writers keep JPEG's "Exif\0\0" prefix.
                if length > 6, String(decoding: bytes[start..<(start + 4)], as: UTF8.self) == "Exif" { start += 6 }
                orientation = EXIF.orientation(inTIFF: UnsafeRawBufferPointer(rebasing: bytes[start..<(offset + 8 + length)]))
            }
            offset += 8 + length + (length & 1)
        }
        return .success(EncodedImageHeader(format: .webp, width: Int(width), height: Int(height), exifOrientation: orientation))
    }

    private static func decodeWebP(_ data: Data, header: EncodedImageHeader, fitting: (width: Int, height: Int)?) throws(CairoError) -> ImageSurface {
        let width = fitting?.width ?? header.width, height = fitting?.height ?? header.height
        let surface = ImageSurface.decoded(format: .argb32, width: width, height: height)
        guard surface.width == width, surface.height == height, width > 0, height > 0 else {
            throw CairoError("WebP of \(width)×\(height) pixels does not fit a surface")
        }
        surface.flush()
        let library = try WebPLibrary.entry.get()
        var config = WebPDecoderConfig()
        guard library.initDecoderConfig(&config, WEBP_DECODER_ABI_VERSION) != 0 else { throw CairoError("libwebp version mismatch") }
        if fitting != nil {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(surface.width)
            config.options.scaled_height = Int32(surface.height)
        }
        // Premultiplied BGRA straight into the surface: cairo's ARGB32 on a little-endian machine.
        config.output.colorspace = MODE_bgrA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = surface.data.assumingMemoryBound(to: UInt8.self)
        config.output.u.RGBA.stride = Int32(surface.stride)
        config.output.u.RGBA.size = surface.stride * surface.height
        let status = data.withUnsafeBytes { bytes in
            library.decode(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &config)
        }
        library.freeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw CairoError("WebP data cannot be decoded (status \(status.rawValue))") }
        surface.markDirty()
        return surface
    }

    // MARK: Bytes

    private static func bigEndian32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }
    private static func littleEndian32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        (0..<4).reversed().reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }
}

/// Reads the orientation tag (0x0112) from the first directory of a TIFF-structured EXIF block.
enum EXIF {
    static func orientation(inTIFF bytes: UnsafeRawBufferPointer) -> Int {
        guard bytes.count >= 8 else { return 1 }
        let little = bytes[0] == 0x49 && bytes[1] == 0x49
        guard little || (bytes[0] == 0x4D && bytes[1] == 0x4D) else { return 1 }
        func read(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset + size <= bytes.count else { return nil }
            var value = 0
            for index in 0..<size { value |= Int(bytes[offset + (little ? index : size - 1 - index)]) << (8 * index) }
            return value
        }
        guard let directory = read(4, 4), let count = read(directory, 2) else { return 1 }
        for entry in 0..<count {
            let offset = directory + 2 + entry * 12
            guard let tag = read(offset, 2) else { break }
            if tag == 0x0112, let value = read(offset + 8, 2), (1...8).contains(value) { return value }
        }
        return 1
    }
}

/// libwebp, loaded with `dlopen` at the first WebP read: linked, the loader maps and relocates it at
/// every launch (some 80 KB resident), and no launch of the Gallery reads a WebP. Thread-safe.
public enum WebPLibrary {
    /// The four functions called, as <webp/decode.h> declares them.
    struct Entry {
        typealias GetInfo = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
        typealias InitDecoderConfig = @convention(c) (UnsafeMutablePointer<WebPDecoderConfig>?, Int32) -> Int32
        typealias Decode = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<WebPDecoderConfig>?) -> VP8StatusCode
        typealias FreeDecBuffer = @convention(c) (UnsafeMutablePointer<WebPDecBuffer>?) -> Void
        let getInfo: GetInfo, initDecoderConfig: InitDecoderConfig, decode: Decode, freeDecBuffer: FreeDecBuffer
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: Result<Entry, CairoError>?

    /// Whether libwebp is mapped in this process now (without loading it).
    public static var isLoaded: Bool { lock.withLock { if case .success = loaded { true } else { false } } }

    /// libwebp's entry points, loading it on the first call; the reason, naming the package to install,
    /// when it cannot be loaded.
    static var entry: Result<Entry, CairoError> {
        lock.withLock {
            if let loaded { return loaded }
            let made = SharedLibrary.open(["libwebp.so.7", "libwebp.so"], library: "libwebp", package: "libwebp7",
                                          lacking: "lacks WebPDecode or its siblings") { symbol -> Entry? in
                guard let getInfo = symbol("WebPGetInfo", as: Entry.GetInfo.self),
                      let initDecoderConfig = symbol("WebPInitDecoderConfigInternal", as: Entry.InitDecoderConfig.self),
                      let decode = symbol("WebPDecode", as: Entry.Decode.self),
                      let freeDecBuffer = symbol("WebPFreeDecBuffer", as: Entry.FreeDecBuffer.self) else { return nil }
                return Entry(getInfo: getInfo, initDecoderConfig: initDecoderConfig, decode: decode, freeDecBuffer: freeDecBuffer)
            }
            loaded = made
            return made
        }
    }
}

/// librsvg, loaded with `dlopen` at the first SVG that must be parsed (as SDL and GLFW load optional
/// libraries): it maps some 6 MB and nine libraries of its own (libxml2, gio, gdk-pixbuf, …), which a
/// launch that draws its symbols from the raster cache never needs. Thread-safe.
public enum SVGLibrary {
    public struct Entry {
        let newFromData: SceneHostRsvgNewFromData
        let intrinsicSize: SceneHostRsvgIntrinsicSize
        let intrinsicDimensions: SceneHostRsvgIntrinsicDimensions
        let renderDocument: SceneHostRsvgRenderDocument
    }

    /// The file names tried, in order (the soname first). Tests name a missing library here.
    nonisolated(unsafe) public static var candidates = ["librsvg-2.so.2", "librsvg-2.so"]
    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: Entry??

    /// Whether librsvg is mapped in this process now (without loading it).
    public static var isLoaded: Bool { lock.withLock { if case .some(.some) = loaded { return true } else { return false } } }

    nonisolated(unsafe) private static var storedFailure: String?
    /// Why librsvg could not be loaded, or nil when it is loaded or not tried yet.
    public static var failure: String? { lock.withLock { storedFailure } }

    /// librsvg's entry points, loading it on the first call; nil when it cannot be loaded (the reason
    /// in `failure`; the caller warns).
    static var entry: Entry? {
        lock.withLock {
            if let loaded { return loaded }
            let made = load()
            loaded = .some(made)
            return made
        }
    }

    /// Forgets a failed load, so the next use tries `candidates` again (for tests).
    public static func resetFailure() {
        lock.withLock {
            if case .some(.none) = loaded { loaded = nil; storedFailure = nil }
        }
    }

    private static func load() -> Entry? {
        switch load(from: candidates) {
        case .success(let entry): return entry
        case .failure(let error):
            storedFailure = error.message
            return nil
        }
    }

    /// Loads the first of `candidates` that has librsvg's entry points; the reason, naming the package
    /// to install, when none does.
    public static func load(from candidates: [String]) -> Result<Entry, CairoError> {
        SharedLibrary.open(candidates, library: "librsvg", package: "librsvg2-2",
                           lacking: "lacks rsvg_handle_render_document or its siblings (librsvg 2.48 or later is needed)") { symbol -> Entry? in
            guard let newFromData = symbol("rsvg_handle_new_from_data", as: SceneHostRsvgNewFromData.self),
                  let intrinsicSize = symbol("rsvg_handle_get_intrinsic_size_in_pixels", as: SceneHostRsvgIntrinsicSize.self),
                  let intrinsicDimensions = symbol("rsvg_handle_get_intrinsic_dimensions", as: SceneHostRsvgIntrinsicDimensions.self),
                  let renderDocument = symbol("rsvg_handle_render_document", as: SceneHostRsvgRenderDocument.self) else { return nil }
            return Entry(newFromData: newFromData, intrinsicSize: intrinsicSize, intrinsicDimensions: intrinsicDimensions,
                         renderDocument: renderDocument)
        }
    }
}

/// A library loaded with `dlopen` when first needed (as SDL and GLFW load optional libraries), not linked.
enum SharedLibrary {
    /// Looks up a library's functions by name.
    struct Symbols {
        let handle: UnsafeMutableRawPointer
        func callAsFunction<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
    }

    /// What `entries` makes of the first of `candidates` that opens and has every function it needs
    /// (nil when one is missing: `lacking` says so); the reasons, naming `package` to install, when
    /// none does.
    static func open<Entry>(_ candidates: [String], library: String, package: String, lacking: String,
                            entries: (Symbols) -> Entry?) -> Result<Entry, CairoError> {
        var errors: [String] = []
        for name in candidates {
            // RTLD_LOCAL: its own dependencies (gio, libxml2 …) stay out of the global symbol scope.
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                errors.append(dlerror().map { String(cString: $0) } ?? name)
                continue
            }
            if let entry = entries(Symbols(handle: handle)) { return .success(entry) }
            errors.append("\(name) \(lacking)")
            dlclose(handle)
        }
        return .failure(CairoError("\(library) cannot be loaded (" + errors.joined(separator: "; ") + "): install the \(package) package"))
    }
}

/// A parsed SVG document (librsvg, loaded on first use: `SVGLibrary`), drawn at any size into a cairo
/// context. Not shared between threads.
public final class SVGDocument {
    private let library: SVGLibrary.Entry
    private let handle: UnsafeMutableRawPointer
    /// The document's own size in pixels (CSS pixels at 96 dpi); its view box when it has no size.
    public let width: Double, height: Double

    /// Parses `data`; throws when it is not an SVG document, or when librsvg cannot be loaded.
    public init(data: Data) throws(CairoError) {
        guard let library = SVGLibrary.entry else { throw CairoError(SVGLibrary.failure ?? "librsvg cannot be loaded") }
        self.library = library
        var error: UnsafeMutableRawPointer?
        let made: UnsafeMutableRawPointer? = data.withUnsafeBytes { bytes in
            library.newFromData(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &error)
        }
        guard let made else {
            let gerror = error?.assumingMemoryBound(to: GError.self)
            let message = gerror.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let gerror { g_error_free(gerror) }
            throw CairoError("SVG cannot be parsed (\(message))")
        }
        handle = made
        var w = 0.0, h = 0.0
        if library.intrinsicSize(handle, &w, &h) == 0 {
            var hasViewBox: Int32 = 0
            var viewBox = SceneHostRsvgRectangle()
            library.intrinsicDimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            (w, h) = hasViewBox != 0 ? (viewBox.width, viewBox.height) : (16, 16)
        }
        width = w
        height = h
    }

    deinit { g_object_unref(handle) }

    /// Draws the document scaled into the rectangle (the view box's aspect kept, centred).
    public func render(in context: Context, x: Double, y: Double, width: Double, height: Double) {
        var viewport = SceneHostRsvgRectangle(x: x, y: y, width: width, height: height)
        _ = library.renderDocument(handle, UnsafeMutableRawPointer(context.pointer), &viewport, nil)
    }
}
