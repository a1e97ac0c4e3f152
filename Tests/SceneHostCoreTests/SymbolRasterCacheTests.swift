import Cairo
import Foundation
@testable import SceneHostCore
import Testing

/// System symbols drawn from rasters kept in memory and on disk (`SymbolRasterCache`): a warm cache
/// draws the pixels a cold one does, without librsvg; damaged entries are drawn anew; SVG files are
/// still drawn as shapes.
@MainActor
struct SymbolRasterCacheTests {
    /// A folder of its own under the temporary directory, removed by `body`'s end.
    func withFolder<T>(_ body: (String) throws -> T) rethrows -> T {
        let folder = NSTemporaryDirectory() + "symbol-raster-tests-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// Runs `body` with the shared cache (the one drawing uses) writing into `folder`, its memory
    /// emptied before and after. The tests touching it are main-actor and synchronous: no other test
    /// draws meanwhile.
    func withSharedCache<T>(in folder: String, _ body: () throws -> T) rethrows -> T {
        let cache = SymbolRasterCache.shared, saved = cache.directory
        cache.directory = folder
        cache.removeAllFromMemory()
        defer {
            cache.directory = saved
            cache.removeAllFromMemory()
        }
        return try body()
    }

    /// Collects a cache's warnings.
    final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var lines: [String] { lock.withLock { stored } }
        func add(_ line: String) { lock.withLock { stored.append(line) } }
    }

    /// A scene of symbols as the Gallery shows them: image views and a button, of several sizes and
    /// weights, at whole and fractional positions, one mirrored.
    func symbolScene(scale: CGFloat, weighted: Bool = true) -> ImageSurface {
        let controller = UIViewController()
        let names = ["paperclip", "magnifyingglass", "trash", "star.fill", "square.and.pencil", "chevron.right"]
        for (index, name) in names.enumerated() {
            let configuration = UIImage.SymbolConfiguration(pointSize: 13 + CGFloat(index) * 3.5,
                                                            weight: weighted ? [.regular, .bold, .light, .black, .thin, .semibold][index] : .regular)
            var image = UIImage(systemName: name, withConfiguration: configuration)!
            if index == 5 { image = image.withHorizontallyFlippedOrientation() }
            let view = UIImageView(image: image)
            view.frame = CGRect(x: 10 + CGFloat(index) * 37.25, y: 8 + CGFloat(index) * 0.5, width: 34, height: 30)
            view.contentMode = .center
            controller.view.addSubview(view)
        }
        let button = UIButton(type: .system)
        button.setImage(UIImage(systemName: "plus"), for: .normal)
        button.frame = CGRect(x: 20.5, y: 50, width: 44, height: 44)
        controller.view.addSubview(button)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 260, height: 100), scale: scale, rootViewController: controller)
        return scene.renderImage(scale: scale)
    }

    /// The largest difference of one channel between two images of one size, and how many pixels differ.
    func difference(_ a: ImageSurface, _ b: ImageSurface) -> (largest: Int, pixels: Int) {
        var largest = 0, pixels = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                guard p != q else { continue }
                pixels += 1
                for shift in [0, 8, 16, 24] { largest = max(largest, abs(Int(p >> UInt32(shift) & 0xff) - Int(q >> UInt32(shift) & 0xff))) }
            }
        }
        return (largest, pixels)
    }

    func bytes(_ image: ImageSurface) -> [UInt8] {
        image.flush()
        return Array(UnsafeRawBufferPointer(start: image.data, count: image.stride * image.height))
    }

    /// A cold cache draws the symbols with librsvg and writes them; a warm one (memory emptied, as at a
    /// new launch) reads them back and draws the same pixels, byte for byte, without drawing any.
    @Test(arguments: [1.0, 2.0])
    func coldAndWarmCachesDrawTheSamePixels(scale: Double) throws {
        try withFolder { folder in
            try withSharedCache(in: folder) {
                let cache = SymbolRasterCache.shared
                let before = cache.counts
                let cold = symbolScene(scale: scale)
                let afterCold = cache.counts
                #expect(afterCold.drawn - before.drawn >= 7, "each symbol drawn once with librsvg: \(afterCold)")
                #expect(afterCold.written - before.written == afterCold.drawn - before.drawn)
                let files = try FileManager.default.contentsOfDirectory(atPath: folder)
                #expect(files.count == afterCold.written - before.written && files.allSatisfy { $0.hasSuffix(".a8") }, "\(files)")

                cache.removeAllFromMemory()
                let warm = symbolScene(scale: scale)
                let afterWarm = cache.counts
                #expect(afterWarm.drawn == afterCold.drawn, "a warm cache draws nothing with librsvg")
                #expect(afterWarm.read - afterCold.read == afterCold.drawn - before.drawn)
                #expect(bytes(warm) == bytes(cold))
            }
        }
    }

    /// The rasters give the pixels the shapes drawn into the view's recording give: the same at 1×
    /// for the regular weight. At 2× the recording keeps coordinates in 1/256 of a point, half the
    /// raster's precision, and cairo's scan converter samples 15 rows a pixel: an edge a 1/256 pixel
    /// off can change a pixel by a sample row (some 17 levels, 31 at a corner), on a few edge pixels.
    /// Weights other than regular are the shape drawn again at offsets in groups, which the recording
    /// composites in its own way: their edges differ as much, on more of them.
    @Test(arguments: [1.0, 2.0])
    func rastersDrawWhatTheShapesDraw(scale: Double) {
        withFolder { folder in
            withSharedCache(in: folder) {
                for weighted in [false, true] {
                    let fromRasters = symbolScene(scale: scale, weighted: weighted)
                    SymbolRasterCache.drawsFromRasters = false
                    let fromShapes = symbolScene(scale: scale, weighted: weighted)
                    SymbolRasterCache.drawsFromRasters = true
                    let (largest, pixels) = difference(fromRasters, fromShapes)
                    let area = fromShapes.width * fromShapes.height
                    if scale == 1, !weighted {
                        #expect(pixels == 0, "regular at 1×: largest \(largest), \(pixels) pixels")
                    } else {
                        #expect(largest <= 64 && pixels <= area / 100, "weighted \(weighted): largest \(largest), \(pixels) pixels")
                    }
                }
            }
        }
    }

    /// Draws a fixed shape (no librsvg needed) for `key` through `cache`.
    func raster(_ cache: SymbolRasterCache, _ key: SymbolRasterCache.Key) -> SymbolRasterCache.Raster? {
        cache.raster(for: key) { context in
            context.rectangle(2, 3, 10, 7)
            context.setSource(red: 0, green: 0, blue: 0, alpha: 0.6)
            context.fill()
            return true
        }
    }

    let key = SymbolRasterCache.Key(path: "/nonexistent/test-symbolic.svg", weightSteps: 0, width: 16, height: 16,
                                    scaleX: 65536 * 3 / 2, scaleY: 65536 * 3 / 2, phaseX: 64, phaseY: 128)

    /// An entry cut short, with a flipped byte, or of another format is not used: the raster is drawn
    /// anew and the file replaced (read back whole by the next launch); one warning however many.
    @Test func damagedOrForeignEntriesAreDrawnAnewWithOneWarning() throws {
        try withFolder { folder in
            let first = SymbolRasterCache(directory: folder)
            let made = try #require(raster(first, key))
            #expect(first.counts == .init(drawn: 1, read: 0, written: 1, rejected: 0))
            let file = folder + "/" + SymbolRasterCache.fileName(for: first.identity(of: key))
            let whole = try #require(FileManager.default.contents(atPath: file))

            var flipped = whole
            flipped[whole.count / 2] ^= 0x10
            let damages = [whole.prefix(whole.count - 9), flipped, Data("not a raster".utf8), Data()]
            let logged = Warnings()
            let later = SymbolRasterCache(directory: folder, warn: logged.add)
            for damage in damages {
                try damage.write(to: URL(fileURLWithPath: file))
                later.removeAllFromMemory()
                let again = raster(later, key)
                #expect(again.map { bytes($0.surface) } == bytes(made.surface) && again?.left == made.left && again?.top == made.top)
            }
            #expect(later.counts == .init(drawn: 4, read: 0, written: 4, rejected: 4), "\(later.counts)")
            #expect(logged.lines.count == 1 && logged.lines[0].contains("damaged"), "\(logged.lines)")

            let third = SymbolRasterCache(directory: folder)
            #expect(raster(third, key).map { bytes($0.surface) } == bytes(made.surface))
            #expect(third.counts == .init(drawn: 0, read: 1, written: 0, rejected: 0), "the rewritten entry reads back")
        }
    }

    /// Another key (another weight, or the same icon half a pixel further) is another entry.
    @Test func everythingThatChangesThePixelsIsInTheKey() {
        withFolder { folder in
            let cache = SymbolRasterCache(directory: folder)
            var other = key
            other.phaseX = 0
            var heavier = key
            heavier.weightSteps = 2
            let identities = Set([key, other, heavier].map(cache.identity(of:)))
            #expect(identities.count == 3)
            #expect(cache.identity(of: key).contains(rasterizerVersions), "the rasterizer's versions are part of it")
        }
    }

    /// An unwritable folder keeps the rasters in memory, with one warning.
    @Test func anUnwritableFolderWarnsOnce() {
        let logged = Warnings()
        let cache = SymbolRasterCache(directory: "/proc/scenehost-cannot-write-here", warn: logged.add)
        var second = key
        second.weightSteps = 1
        #expect(raster(cache, key) != nil && raster(cache, second) != nil)
        #expect(logged.lines.count == 1 && logged.lines[0].contains("cannot keep drawn symbols"), "\(logged.lines)")
        #expect(cache.counts.written == 0 && cache.counts.drawn == 2)
    }

    /// Beyond its limit the memory forgets the least recently used rasters (they read back from disk).
    @Test func memoryStaysWithinItsLimit() {
        let cache = SymbolRasterCache(directory: nil, memoryLimit: 4096)
        for step in 0..<64 {
            var each = key
            each.phaseY = step
            _ = raster(cache, each)
        }
        #expect(cache.memoryUse <= 4096 + 1024, "\(cache.memoryUse) bytes")
    }

    /// SVG files (`UIImage(contentsOfFile:)`) still draw as shapes, at any size.
    @Test func svgFilesStillDraw() throws {
        let image = try #require(UIImage(contentsOfFile: UIImageTests.fixture("halves.svg")))
        let drawn = UIImageTests.canvas(64, 32) { image.draw(in: CGRect(x: 0, y: 0, width: 64, height: 32)) }
        #expect(UIImageTests.isReddish(drawn.pixel(x: 10, y: 16)) && UIImageTests.isBluish(drawn.pixel(x: 54, y: 16)))
        #expect(SVGLibrary.isLoaded)
    }

    /// A librsvg that cannot be loaded is a reason naming the package to install, and one warning
    /// however many symbols cannot be drawn.
    @Test func aMissingLibraryIsOneWarning() {
        guard case .failure(let reason) = SVGLibrary.load(from: ["libscenehost-no-such-librsvg.so.2"]) else {
            Issue.record("a missing library loaded")
            return
        }
        #expect(reason.message.contains("librsvg2-2"), "\(reason)")
        let logged = Warnings()
        let cache = SymbolRasterCache(directory: nil, warn: logged.add)
        #expect(cache.raster(for: key, draw: { _ in false }) == nil)
        cache.warnLibraryMissing()
        cache.warnLibraryMissing()
        #expect(logged.lines.count == 1 && logged.lines[0].contains("librsvg"), "\(logged.lines)")
    }
}
