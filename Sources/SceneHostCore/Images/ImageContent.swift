import Cairo
import Foundation

/// What an image shows: pixels in memory, or encoded bytes (PNG, JPEG, WebP, SVG) decoded when first
/// needed and kept in `DecodedImageCache`. Shared by all the variants (`withRenderingMode` …) of an
/// image. Thread-safe: decoding may run on any thread; the decoded pixels never change.
final class ImageContent: @unchecked Sendable {
    private enum Source {
        case bitmap(ImageSurface)
        case encoded(Data, EncodedImageHeader)
    }
    private let source: Source
    /// The stored pixels' size (an SVG's: its own size, or the size a symbol is drawn at).
    let pixelWidth: Int, pixelHeight: Int
    /// The EXIF orientation tag, 1 when none.
    let exifOrientation: Int
    /// Where the bytes came from, for warnings.
    let origin: String

    private let lock = NSLock()
    nonisolated(unsafe) private var decoded: ImageSurface?
    /// A JPEG decoded at a reduced scale for drawing smaller (`surface(showing:height:)`).
    nonisolated(unsafe) private var reduced: ImageSurface?
    nonisolated(unsafe) private var failed = false
    /// Counts the times pixels were decoded: the cache drops only the decoding it counted.
    nonisolated(unsafe) private var generation = 0
    /// Held while decoding, so two threads drawing the same image decode it once.
    private let decodeLock = NSLock()
    nonisolated(unsafe) private var parsedVector: SVGDocument?
    /// The full pixels halved, then halved again …, largest first, made as drawing at smaller sizes
    /// needs them: scaling down starts from the nearest, so it costs the target's pixels, not the
    /// whole image's (a mipmap).
    nonisolated(unsafe) private var halvings: [ImageSurface] = []

    init(surface: ImageSurface) {
        source = .bitmap(surface)
        pixelWidth = surface.width
        pixelHeight = surface.height
        exifOrientation = 1
        origin = "pixels"
    }

    /// Reads the header of `data` (nil and one warning when it is not a whole image of a known format).
    /// `pixelSize` gives a vector image the size it is drawn at (a symbol's).
    init?(data: Data, origin: String, pixelSize: (width: Int, height: Int)? = nil) {
        let header: EncodedImageHeader
        do { header = try ImageCodec.header(of: data) } catch {
            Self.warn("\(origin) is not a readable image: \(error.message)")
            return nil
        }
        source = .encoded(data, header)
        pixelWidth = pixelSize?.width ?? header.width
        pixelHeight = pixelSize?.height ?? header.height
        exifOrientation = header.exifOrientation
        self.origin = origin
    }

    /// A system symbol's SVG, drawn `side` pixels square, without parsing it (librsvg is loaded only
    /// when a symbol is not in the raster cache).
    init(symbolData data: Data, origin: String, side: Int) {
        source = .encoded(data, EncodedImageHeader(format: .svg, width: side, height: side))
        pixelWidth = side
        pixelHeight = side
        exifOrientation = 1
        self.origin = origin
    }

    deinit { DecodedImageCache.shared.forget(self) }

    /// Whether every pixel is opaque, known without decoding: pixels without alpha, or a JPEG.
    var isOpaque: Bool {
        switch source {
        case .bitmap(let surface): return surface.format == .rgb24
        case .encoded(_, let header): return header.format == .jpeg
        }
    }

    /// Whether the image is read from encoded bytes (rather than made from pixels).
    var isEncoded: Bool {
        if case .encoded = source { return true }
        return false
    }

    /// Whether the pixels are in memory now (made so, or decoded and still cached).
    var isDecoded: Bool {
        if case .bitmap = source { return true }
        return lock.withLock { decoded != nil }
    }

    /// Whether the image is an SVG (drawn as shapes at any size), known from its header without
    /// parsing it: safe from any thread.
    var isVector: Bool {
        if case .encoded(_, let header) = source { return header.format == .svg }
        return false
    }

    /// The parsed SVG document of a vector image, for drawing at any size (main thread only: librsvg
    /// handles are not shared between threads).
    var vector: SVGDocument? {
        guard case .encoded(let data, let header) = source, header.format == .svg else { return nil }
        return lock.withLock {
            if parsedVector == nil { parsedVector = try? SVGDocument(data: data) }
            return parsedVector
        }
    }

    /// The stored pixels at full size, decoded now when they are not in memory; nil when decoding
    /// failed (warned once).
    var surface: ImageSurface? {
        switch source {
        case .bitmap(let surface): return surface
        case .encoded(let data, let header):
            // A broken image stays broken: no decoding again at every draw.
            if let known = cachedOrFailed() { return known }
            return decodeLock.withLock {
                // Another thread may have decoded (or failed) while this one waited.
                if let known = cachedOrFailed() { return known }
                guard let surface = decode(data, header, fitting: header.format == .svg ? (pixelWidth, pixelHeight) : nil) else { return nil }
                keep { $0.decoded = surface }
                return surface
            }
        }
    }

    /// The pixels to draw the image with at `width`×`height` device pixels (stored orientation). A
    /// JPEG shown at 7/8 of its size or less decodes at the smallest of libjpeg-turbo's scales (M/8)
    /// still at least that large, as ImageIO subsamples on decode: fewer pixels to decode, and drawing
    /// then filters only the small reduction left (cairo's good filter at 1.4× is a convolution, 40 M
    /// instructions for the Gallery's Mail picture; under 1.33× it is bilinear). That decoding is kept
    /// beside the full pixels, and a size is always drawn from its own scale, whatever was decoded
    /// before: the same pixels at every launch.
    func surface(showing width: Int, height: Int) -> ImageSurface? {
        guard case .encoded(let data, let header) = source, header.format == .jpeg,
              width > 0, height > 0, width * 8 <= pixelWidth * 7, height * 8 <= pixelHeight * 7 else { return surface }
        let size = ImageCodec.jpegDecodedSize(header, fitting: (width, height))
        func known() -> ImageSurface?? {
            let (kept, hasFailed) = lock.withLock { (reduced, failed) }
            if let kept, kept.width == size.width, kept.height == size.height {
                DecodedImageCache.shared.touch(self)
                return .some(kept)
            }
            return hasFailed ? .some(nil) : nil
        }
        if let known = known() { return known }
        return decodeLock.withLock {
            if let known = known() { return known }
            guard let surface = decode(data, header, fitting: (width, height)) else { return nil }
            keep { $0.reduced = surface }
            return surface
        }
    }

    /// Stores a decoding (`store`) and counts what the content keeps in the cache.
    private func keep(_ store: (ImageContent) -> Void) {
        let (counted, bytes) = lock.withLock { () -> (Int, Int) in
            store(self)
            generation += 1
            let bytes = [decoded, reduced].reduce(0) { $0 + ($1.map { $0.stride * $0.height } ?? 0) }
            return (generation, bytes)
        }
        DecodedImageCache.shared.add(self, bytes: bytes, generation: counted)
    }

    /// The decoded pixels (touched in the cache), or `.some(nil)` when decoding failed before; nil
    /// when neither is known yet.
    private func cachedOrFailed() -> ImageSurface?? {
        let (cached, hasFailed) = lock.withLock { (decoded, failed) }
        if let cached {
            DecodedImageCache.shared.touch(self)
            return .some(cached)
        }
        return hasFailed ? .some(nil) : nil
    }

    /// Pixels at least `width`×`height` (stored orientation) but no larger than needed, for thumbnails:
    /// JPEG and WebP decode smaller directly; already decoded pixels are scaled down.
    func surface(fitting width: Int, height: Int) -> ImageSurface? {
        switch source {
        case .bitmap(let surface): return surface.scaled(toWidth: width, height: height)
        case .encoded(let data, let header):
            let (cached, hasFailed) = lock.withLock { (decoded, failed) }
            if let cached { return cached.scaled(toWidth: width, height: height) }
            if hasFailed { return nil }
            guard let partial = decode(data, header, fitting: header.format == .png ? nil : (width, height)) else { return nil }
            return partial.width == width && partial.height == height ? partial : partial.scaled(toWidth: width, height: height)
        }
    }

    /// Forgets the decoded pixels (the cache is over its limit, or memory is short), unless they were
    /// decoded again (a newer `generation`) since the cache let them go: those are counted anew.
    func dropDecoded(generation dropped: Int) {
        lock.withLock {
            guard generation == dropped else { return }
            decoded = nil
            reduced = nil
            halvings = []
        }
    }

    /// The full pixels (decoded now if needed, and kept) scaled to exactly `width`×`height` with
    /// cairo's good filter, from the smallest halving still at least that large.
    func scaledFromFull(toWidth width: Int, height: Int) -> ImageSurface? {
        guard let full = surface else { return nil }
        var source = full, index = 0
        while source.width / 2 >= width, source.height / 2 >= height, source.width / 2 > 0, source.height / 2 > 0 {
            let level = lock.withLock { index < halvings.count ? halvings[index] : nil }
            if let level {
                source = level
            } else {
                let made = source.scaled(toWidth: source.width / 2, height: source.height / 2)
                lock.withLock { if halvings.count == index { halvings.append(made) } }
                source = made
            }
            index += 1
        }
        return source.width == width && source.height == height ? source : source.scaled(toWidth: width, height: height)
    }

    /// How many times the pixels were decoded (full or thumbnail), for tests.
    var decodeCount: Int { lock.withLock { decodes } }
    nonisolated(unsafe) private var decodes = 0

    private func decode(_ data: Data, _ header: EncodedImageHeader, fitting: (Int, Int)?) -> ImageSurface? {
        lock.withLock { decodes += 1 }
        do { return try ImageCodec.decode(data, header: header, fitting: fitting.map { (width: $0.0, height: $0.1) }) } catch {
            // One warning per image, however often it is drawn.
            let first = lock.withLock { () -> Bool in
                defer { failed = true }
                return !failed
            }
            if first { Self.warn("\(origin) cannot be decoded: \(error.message)") }
            return nil
        }
    }

    /// A warning on `SceneHostLog`, from any thread.
    static func warn(_ message: String) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { SceneHostLog.warning(message) }
        } else {
            DispatchQueue.main.async { SceneHostLog.warning(message) }
        }
    }

    /// `@2x` or `@3x` just before the extension.
    static func scale(inFileName path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }
}

/// The decoded pixels of images read from files and data, up to a memory limit: over it, the least
/// recently used are forgotten (they decode again when next drawn). A memory warning
/// (`UIApplicationDidReceiveMemoryWarningNotification`) empties it. Thread-safe.
final class DecodedImageCache: @unchecked Sendable {
    static let shared = DecodedImageCache()

    private let lock = NSLock()
    private struct Entry {
        weak var content: ImageContent?
        var bytes: Int
        var used: Int
        /// The content's decoding these bytes are.
        var generation: Int
    }
    nonisolated(unsafe) private var entries: [ObjectIdentifier: Entry] = [:]
    nonisolated(unsafe) private var clock = 0
    nonisolated(unsafe) private var totalBytes = 0
    nonisolated(unsafe) private var limitBytes = 256 << 20
    private var observer: (any NSObjectProtocol)?

    private init() {
        observer = NotificationCenter.default.addObserver(forName: Notification.Name("UIApplicationDidReceiveMemoryWarningNotification"),
                                                          object: nil, queue: nil) { [unowned self] _ in removeAll() }
    }

    /// The most bytes of decoded pixels kept.
    var limit: Int {
        get { lock.withLock { limitBytes } }
        set {
            let dropped = lock.withLock { () -> [(ImageContent, Int)] in
                limitBytes = max(0, newValue)
                return evictLocked()
            }
            dropped.forEach { $0.0.dropDecoded(generation: $0.1) }
        }
    }

    /// The bytes held now.
    var size: Int { lock.withLock { totalBytes } }

    func add(_ content: ImageContent, bytes: Int, generation: Int) {
        let dropped = lock.withLock { () -> [(ImageContent, Int)] in
            clock += 1
            let key = ObjectIdentifier(content)
            if let old = entries[key] { totalBytes -= old.bytes }
            entries[key] = Entry(content: content, bytes: bytes, used: clock, generation: generation)
            totalBytes += bytes
            return evictLocked(keeping: key)
        }
        // Outside the lock: a content decoded again meanwhile keeps its new pixels (and entry).
        dropped.forEach { $0.0.dropDecoded(generation: $0.1) }
    }

    /// The bytes counted for `content`, nil when it has no entry (for tests).
    func countedBytes(of content: ImageContent) -> Int? { lock.withLock { entries[ObjectIdentifier(content)]?.bytes } }

    func touch(_ content: ImageContent) {
        lock.withLock {
            clock += 1
            entries[ObjectIdentifier(content)]?.used = clock
        }
    }

    func forget(_ content: ImageContent) {
        lock.withLock {
            if let entry = entries.removeValue(forKey: ObjectIdentifier(content)) { totalBytes -= entry.bytes }
        }
    }

    /// Forgets every decoded image (memory is short).
    func removeAll() {
        let dropped = lock.withLock { () -> [(ImageContent, Int)] in
            defer { entries = [:]; totalBytes = 0 }
            return entries.values.compactMap { entry in entry.content.map { ($0, entry.generation) } }
        }
        dropped.forEach { $0.0.dropDecoded(generation: $0.1) }
    }

    /// Removes the least recently used entries until the total is within the limit (the newest one,
    /// `keeping`, stays even when it alone is larger). Returns their contents, to drop outside the lock.
    private func evictLocked(keeping: ObjectIdentifier? = nil) -> [(ImageContent, Int)] {
        guard totalBytes > limitBytes else { return [] }
        var dropped: [(ImageContent, Int)] = []
        for (key, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) where totalBytes > limitBytes && key != keeping {
            entries.removeValue(forKey: key)
            totalBytes -= entry.bytes
            if let content = entry.content { dropped.append((content, entry.generation)) }
        }
        return dropped
    }
}

extension UIImage {
    /// The most memory, in bytes, that decoded pixels of images read from files and data may take
    /// (256 MB by default); the least recently drawn are forgotten beyond it and decode again when
    /// next needed. A SceneHost addition: UIKit sizes its cache itself.
    public static var decodedImageCacheLimit: Int {
        get { DecodedImageCache.shared.limit }
        set { DecodedImageCache.shared.limit = newValue }
    }

    /// How many bytes of decoded pixels the cache holds now (SceneHost addition, for tests and tuning).
    public static var decodedImageCacheSize: Int { DecodedImageCache.shared.size }

    /// Forgets every decoded image, as a memory warning does: each decodes again when next drawn. The
    /// X11 runtime calls it once all its windows are at rest, their views' kept drawings let go: what
    /// they show is in their back buffers and nothing draws from the pixels (the Gallery's Mail
    /// picture: 0.9 MB). Returns the bytes the cache held.
    @_spi(Runtime) @discardableResult public static func releaseDecodedImages() -> Int {
        let bytes = DecodedImageCache.shared.size
        DecodedImageCache.shared.removeAll()
        return bytes
    }
}
