import Cairo
import Foundation

/// System symbols as pixels, kept in memory and on disk (`$XDG_CACHE_HOME/scenehost/symbols`, default
/// `~/.cache`), as GTK keeps its icon cache: a launch whose symbols are all cached draws them without
/// loading librsvg (6 MB resident and nine libraries of its own, some 7–10 ms of a launch).
///
/// A raster is the alpha of a symbol drawn for one place on the pixel grid: its icon file (path,
/// modification time and size), its weight, the size it is drawn at in user space, the scale from
/// there to device pixels (1/65,536 steps) and where between two pixels it starts (1/256 steps, cairo's
/// own precision), plus the versions of cairo and pixman that rasterized it and of the librsvg file that
/// drew it. Painted at that place with a pixel-exact matrix, it gives the pixels the shapes would.
/// Entries are written atomically (a temporary file renamed); one that does not read back whole (a
/// cut, a flipped byte, a file of another format) is drawn anew and rewritten, with one warning.
/// Thread-safe.
final class SymbolRasterCache: @unchecked Sendable {
    /// What decides a symbol's pixels.
    struct Key: Hashable {
        /// The icon file.
        var path: String
        /// `UIImage.SymbolWeight.strokeSteps` of its configuration.
        var weightSteps: Int
        /// The rectangle the icon is drawn into, in user space (its origin is user space's).
        var width: Double, height: Double
        /// User space → device pixels along each axis, in 1/65,536.
        var scaleX: Int64, scaleY: Int64
        /// Where the rectangle's origin falls between two device pixels, in 1/256 of a pixel (0–255).
        var phaseX: Int, phaseY: Int

        var xScale: Double { Double(scaleX) / 65536 }
        var yScale: Double { Double(scaleY) / 65536 }
    }

    /// A symbol's alpha (A8), covering `left`…`left + width` pixels from the whole pixel the drawing's
    /// origin falls in (and the same down).
    struct Raster {
        let surface: ImageSurface
        let left: Int, top: Int
    }

    /// Whether symbols are drawn from rasters (tests turn it off to compare with the shapes).
    @MainActor static var drawsFromRasters = true

    /// The cache the drawing of symbols uses.
    static let shared = SymbolRasterCache(directory: defaultDirectory())

    /// `$XDG_CACHE_HOME/scenehost/symbols` (default `~/.cache`). A test process (an `.xctest` bundle)
    /// uses its own folder under the temporary directory: tests never write into a person's cache.
    static func defaultDirectory() -> String? {
        if ProcessInfo.processInfo.processName.hasSuffix(".xctest") {
            return NSTemporaryDirectory() + "scenehost-tests-\(getuid())/cache/scenehost/symbols"
        }
        if let cache = ProcessEnvironment.value("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/scenehost/symbols" }
        if let home = ProcessEnvironment.value("HOME"), home.hasPrefix("/") { return home + "/.cache/scenehost/symbols" }
        return nil
    }

    private let lock = NSLock()
    nonisolated(unsafe) private var storedDirectory: String?
    nonisolated(unsafe) private var madeDirectory = false
    nonisolated(unsafe) private var memory: [Key: (raster: Raster?, used: Int)] = [:]
    nonisolated(unsafe) private var memoryBytes = 0
    nonisolated(unsafe) private var clock = 0
    nonisolated(unsafe) private var stamps: [String: String] = [:]
    nonisolated(unsafe) private var warnedDamaged = false, warnedUnwritable = false, warnedNoLibrary = false
    nonisolated(unsafe) private var storedCounts = Counts()

    /// How often rasters came from where (for tests and the benchmark).
    struct Counts: Equatable {
        /// Drawn from the SVG (librsvg).
        var drawn = 0
        /// Read from a file.
        var read = 0
        /// Files written.
        var written = 0
        /// Files found damaged or foreign, and replaced.
        var rejected = 0
    }

    /// The most bytes of rasters kept in memory; beyond, the least recently used quarter is forgotten
    /// (and read again from disk when next drawn).
    let memoryLimit: Int

    /// Where its warnings go (`SceneHostLog`, from any thread; tests collect them).
    let warn: @Sendable (String) -> Void

    init(directory: String?, memoryLimit: Int = 1 << 20, warn: @escaping @Sendable (String) -> Void = { ImageContent.warn($0) }) {
        storedDirectory = directory
        self.memoryLimit = memoryLimit
        self.warn = warn
    }

    /// Where entries are kept; nil keeps them in memory only.
    var directory: String? {
        get { lock.withLock { storedDirectory } }
        set { lock.withLock { storedDirectory = newValue; madeDirectory = false } }
    }

    /// How often rasters came from where so far.
    var counts: Counts { lock.withLock { storedCounts } }

    /// The bytes of rasters held in memory.
    var memoryUse: Int { lock.withLock { memoryBytes } }

    /// Forgets the rasters held in memory (the files stay).
    func removeAllFromMemory() {
        lock.withLock {
            memory = [:]
            memoryBytes = 0
        }
    }

    /// The raster for `key`: from memory, else its file, else drawn by `draw` (the symbol's shapes into
    /// a context whose user space is the key's) and kept. Nil when it cannot be drawn (librsvg missing:
    /// `draw` returns false).
    func raster(for key: Key, draw: (Context) -> Bool) -> Raster? {
        let known = lock.withLock { () -> Raster?? in
            clock += 1
            guard let index = memory.index(forKey: key) else { return nil }
            memory.values[index].used = clock
            return .some(memory.values[index].raster)
        }
        if let known { return known }
        let identity = self.identity(of: key)
        let file = lock.withLock { storedDirectory }.map { $0 + "/" + Self.fileName(for: identity) }
        var raster = file.flatMap { read(file: $0, identity: identity) }
        if raster == nil {
            raster = Self.render(key, draw: draw)
            lock.withLock { if raster != nil { storedCounts.drawn += 1 } }
            if let raster, let file { write(raster, identity: identity, to: file) }
        }
        remember(raster, for: key)
        return raster
    }

    private func remember(_ raster: Raster?, for key: Key) {
        lock.withLock {
            clock += 1
            let bytes = raster.map { $0.surface.stride * $0.surface.height } ?? 0
            if let old = memory[key]?.raster { memoryBytes -= old.surface.stride * old.surface.height }
            memory[key] = (raster, clock)
            memoryBytes += bytes
            guard memoryBytes > memoryLimit, memory.count > 4 else { return }
            let cutoff = memory.values.map(\.used).sorted()[memory.count / 4]
            for (key, entry) in memory where entry.used < cutoff {
                memory[key] = nil
                memoryBytes -= entry.raster.map { $0.surface.stride * $0.surface.height } ?? 0
            }
        }
    }

    // MARK: Drawing

    /// Draws the symbol for `key` into an image of the pixels it covers, and keeps its alpha.
    static func render(_ key: Key, draw: (Context) -> Bool) -> Raster? {
        let sx = key.xScale, sy = key.yScale
        let fx = Double(key.phaseX) / 256, fy = Double(key.phaseY) / 256
        let x0 = min(fx, fx + key.width * sx), x1 = max(fx, fx + key.width * sx)
        let y0 = min(fy, fy + key.height * sy), y1 = max(fy, fy + key.height * sy)
        let left = Int(x0.rounded(.down)), top = Int(y0.rounded(.down))
        let width = Int(x1.rounded(.up)) - left, height = Int(y1.rounded(.up)) - top
        guard width > 0, height > 0, width <= 4096, height <= 4096 else { return nil }
        let color = ImageSurface(format: .argb32, width: width, height: height)
        let context = Context(surface: color)
        context.transform(xx: sx, yx: 0, xy: 0, yy: sy, x0: fx - Double(left), y0: fy - Double(top))
        guard draw(context) else { return nil }
        color.flush()
        // Only the alpha is used (symbols draw as masks of their colour): a quarter of the bytes.
        let alpha = ImageSurface(format: .a8, width: width, height: height)
        alpha.flush()
        let source = color.data.assumingMemoryBound(to: UInt32.self), target = alpha.data.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                target[y * alpha.stride + x] = UInt8(source[y * color.stride / 4 + x] >> 24)
            }
        }
        alpha.markDirty()
        return Raster(surface: alpha, left: left, top: top)
    }

    // MARK: Files

    /// Everything the pixels depend on, as text: stored in the entry and hashed for its name.
    func identity(of key: Key) -> String {
        func hex(_ value: Double) -> String { String(value.bitPattern, radix: 16) }
        return "icon \(key.path) \(stamp(of: key.path))\nweight \(key.weightSteps) size \(hex(key.width)) \(hex(key.height))"
            + " scale \(key.scaleX) \(key.scaleY) phase \(key.phaseX) \(key.phaseY)\n\(rasterizerVersions) \(Self.librsvgStamp)"
    }

    /// A file's modification time and size, read once per process.
    private func stamp(of path: String) -> String {
        if let known = lock.withLock({ stamps[path] }) { return known }
        var info = stat()
        let made = stat(path, &info) == 0 ? "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size)" : "missing"
        lock.withLock { stamps[path] = made }
        return made
    }

    /// The librsvg file that would be loaded (its modification time and size), found without loading
    /// it: an upgraded librsvg may draw other pixels.
    static let librsvgStamp: String = {
        let folders = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib",
                       "/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu"]
        for folder in folders {
            let path = folder + "/librsvg-2.so.2"
            var info = stat()
            if stat(path, &info) == 0 { return "librsvg \(path) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size)" }
        }
        return "librsvg unknown"
    }()

    /// The entry's file name: a 64-bit FNV-1a hash of its identity.
    static func fileName(for identity: String) -> String {
        String(format: "%016llx.a8", fnv1a(Array(identity.utf8)))
    }

    static func fnv1a(_ bytes: some Sequence<UInt8>, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The first bytes of every entry: the format and its version.
    static let magic = Array("SHSYMA8\u{1}".utf8)

    /// An entry: magic, identity length (UInt32) and identity, left, top (Int32), width, height
    /// (UInt32), the rows of alpha bytes, then a 64-bit FNV-1a of all before it. Little-endian.
    static func encode(_ raster: Raster, identity: String) -> Data {
        var bytes = magic
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        let text = Array(identity.utf8)
        append(UInt32(text.count))
        bytes += text
        let surface = raster.surface
        append(Int32(raster.left)); append(Int32(raster.top)); append(UInt32(surface.width)); append(UInt32(surface.height))
        surface.flush()
        let pixels = surface.data.assumingMemoryBound(to: UInt8.self)
        for y in 0..<surface.height { bytes += UnsafeBufferPointer(start: pixels + y * surface.stride, count: surface.width) }
        append(fnv1a(bytes))
        return Data(bytes)
    }

    /// The raster an entry holds, or nil when it is not a whole entry of this format for `identity`.
    static func decode(_ data: Data, identity: String) -> Raster? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Raster? in
            var offset = 0
            func read<T: FixedWidthInteger>(_ type: T.Type) -> T? {
                guard offset + MemoryLayout<T>.size <= bytes.count else { return nil }
                var value = T.zero
                withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + MemoryLayout<T>.size)])) }
                offset += MemoryLayout<T>.size
                return T(littleEndian: value)
            }
            guard bytes.count >= magic.count + 8, bytes.prefix(magic.count).elementsEqual(magic) else { return nil }
            let checked = bytes.count - 8
            guard fnv1a(bytes[0..<checked]) == UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: checked, as: UInt64.self)) else { return nil }
            offset = magic.count
            let text = Array(identity.utf8)
            guard let length = read(UInt32.self), Int(length) == text.count, offset + text.count <= checked,
                  bytes[offset..<(offset + text.count)].elementsEqual(text) else { return nil }
            offset += text.count
            guard let left = read(Int32.self), let top = read(Int32.self), let width = read(UInt32.self), let height = read(UInt32.self),
                  width > 0, height > 0, width <= 4096, height <= 4096, offset + Int(width) * Int(height) == checked else { return nil }
            let surface = ImageSurface(format: .a8, width: Int(width), height: Int(height))
            surface.flush()
            let pixels = surface.data.assumingMemoryBound(to: UInt8.self)
            for y in 0..<Int(height) {
                let row = offset + y * Int(width)
                UnsafeMutableRawPointer(pixels + y * surface.stride).copyMemory(from: bytes.baseAddress! + row, byteCount: Int(width))
            }
            surface.markDirty()
            return Raster(surface: surface, left: Int(left), top: Int(top))
        }
    }

    private func read(file: String, identity: String) -> Raster? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        if let raster = Self.decode(data, identity: identity) {
            lock.withLock { storedCounts.read += 1 }
            return raster
        }
        let shouldWarn = lock.withLock { () -> Bool in
            storedCounts.rejected += 1
            defer { warnedDamaged = true }
            return !warnedDamaged
        }
        if shouldWarn { warn("symbol cache entry \(file) is damaged or not SceneHost's: drawn anew and replaced") }
        return nil
    }

    private func write(_ raster: Raster, identity: String, to file: String) {
        let folder = (file as NSString).deletingLastPathComponent
        do {
            if !lock.withLock({ madeDirectory }) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                lock.withLock { madeDirectory = true }
            }
            // Written to a temporary file and renamed: a reader never sees half an entry.
            try Self.encode(raster, identity: identity).write(to: URL(fileURLWithPath: file), options: .atomic)
            lock.withLock { storedCounts.written += 1 }
        } catch {
            let shouldWarn = lock.withLock { () -> Bool in
                defer { warnedUnwritable = true }
                return !warnedUnwritable
            }
            if shouldWarn { warn("cannot keep drawn symbols in \(folder) (\(error.localizedDescription)): they are drawn again at each launch") }
        }
    }

    /// Warns, once, that a symbol could not be drawn because librsvg is missing.
    func warnLibraryMissing() {
        let shouldWarn = lock.withLock { () -> Bool in
            defer { warnedNoLibrary = true }
            return !warnedNoLibrary
        }
        if shouldWarn { warn("system symbols cannot be drawn: \(SVGLibrary.failure ?? "librsvg cannot be loaded")") }
    }
}
