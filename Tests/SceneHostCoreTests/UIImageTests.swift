@testable import Cairo
import Foundation
@testable import SceneHostCore
import Testing

/// Images read from each format (whole, truncated and corrupt), EXIF orientation, scale, rendering
/// modes and tint, cap insets, thumbnails, decoding ahead of time and the decoded-image cache.
@MainActor
@Suite(.serialized)
struct UIImageTests {
    static func fixture(_ name: String) -> String {
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")!.path
    }

    /// Collects the warnings logged while `body` runs. Warnings from off the main thread (here, where
    /// Swift Testing runs the main actor elsewhere) arrive through the main queue: waited for.
    static func warnings(_ body: () -> Void) async -> [String] {
        nonisolated(unsafe) var lines: [String] = []
        let saved = SceneHostLog.sink
        SceneHostLog.sink = { lines.append($0) }
        body()
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        SceneHostLog.sink = saved
        return lines
    }

    /// `image` drawn into a canvas `width`×`height` points at 1× (white unless `clear`).
    static func canvas(_ width: CGFloat, _ height: CGFloat, clear: Bool = false, _ draw: () -> Void) -> ImageSurface {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { context in
            if !clear {
                UIColor.white.setFill()
                context.fill(CGRect(x: 0, y: 0, width: width, height: height))
            }
            draw()
        }.surface!
    }

    /// Red, green, blue of a pixel.
    static func rgb(_ pixel: UInt32) -> (Int, Int, Int) { (Int(pixel >> 16 & 0xff), Int(pixel >> 8 & 0xff), Int(pixel & 0xff)) }
    static func isReddish(_ pixel: UInt32) -> Bool { let c = rgb(pixel); return c.0 > 180 && c.2 < 80 }
    static func isBluish(_ pixel: UInt32) -> Bool { let c = rgb(pixel); return c.2 > 180 && c.0 < 80 }

    @Test(arguments: ["halves.png", "halves.jpg", "halves.webp", "halves.svg"])
    func eachFormatDecodesToItsPixels(_ name: String) throws {
        let image = try #require(UIImage(contentsOfFile: Self.fixture(name)))
        #expect(image.size == CGSize(width: 32, height: 16) && image.scale == 1 && image.imageOrientation == .up)
        let pixels = Self.canvas(32, 16) { image.draw(in: CGRect(x: 0, y: 0, width: 32, height: 16)) }
        #expect(Self.isReddish(pixels.pixel(x: 4, y: 8)), "left half red in \(name)")
        #expect(Self.isBluish(pixels.pixel(x: 28, y: 8)), "right half blue in \(name)")
    }

    @Test(arguments: ["truncated.png", "truncated.jpg", "truncated.webp", "broken.svg", "notanimage.png"])
    func aTruncatedOrBrokenFileIsNilWithOneWarning(_ name: String) async {
        var image: UIImage?
        let lines = await Self.warnings { image = UIImage(contentsOfFile: Self.fixture(name)) }
        #expect(image == nil)
        #expect(lines.count == 1 && lines[0].contains(name), "one warning naming the file: \(lines)")
    }

    @Test func dataThatDecodesBadlyWarnsOnceAndDrawsNothing() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("corrupt.jpg")))
        var image: UIImage?
        var prepared: UIImage?
        let lines = await Self.warnings {
            image = UIImage(data: data)
            prepared = image?.preparingForDisplay()
            _ = Self.canvas(8, 8) { image?.draw(in: CGRect(x: 0, y: 0, width: 8, height: 8)) }
        }
        // The header and the end marker are whole: the damage shows only when the pixels are decoded.
        #expect(image != nil && prepared == nil)
        #expect(lines.count == 1, "one warning however often it is drawn: \(lines)")
    }

    /// `data` with big-endian 16- or 32-bit `value` written at `offset`.
    static func patched(_ data: Data, at offset: Int, _ value: Int, bytes: Int) -> Data {
        var copy = data
        for index in 0..<bytes { copy[offset + index] = UInt8(value >> (8 * (bytes - 1 - index)) & 0xff) }
        return copy
    }

    @Test func anImageLargerThanASurfaceIsNilWithOneWarning() async throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("halves.png")))
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("halves.jpg")))
        // IHDR width at byte 16, height at 20; halves.jpg's SOF0 holds height at 163, width at 165.
        let tooWide = Self.patched(png, at: 16, 40000, bytes: 4)
        let tooMany = Self.patched(Self.patched(png, at: 16, 20000, bytes: 4), at: 20, 20000, bytes: 4)
        let wideJPEG = Self.patched(jpeg, at: 165, 40000, bytes: 2)
        for data in [tooWide, tooMany, wideJPEG] {
            var image: UIImage?
            let lines = await Self.warnings { image = UIImage(data: data) }
            #expect(image == nil)
            #expect(lines.count == 1 && lines[0].contains("too large"), "\(lines)")
        }
        // A header that lies past the surface's limit makes the decoder throw, not write past the pixels.
        let forged = EncodedImageHeader(format: .jpeg, width: 40000, height: 16, exifOrientation: 1)
        #expect(throws: CairoError.self) { try ImageCodec.decode(jpeg, header: forged) }
        let forgedWebP = EncodedImageHeader(format: .webp, width: 40000, height: 16, exifOrientation: 1)
        let webp = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("halves.webp")))
        #expect(throws: CairoError.self) { try ImageCodec.decode(webp, header: forgedWebP) }
    }

    @Test(arguments: [#"width="1e20" height="10""#, #"viewBox="0 0 1e30 1e30""#, #"width="40000" height="10""#])
    func anSVGOfAnUndrawableSizeIsNil(_ size: String) async {
        let data = Data(#"<svg xmlns="http://www.w3.org/2000/svg" \#(size)/>"#.utf8)
        var image: UIImage?
        let lines = await Self.warnings { image = UIImage(data: data) }
        #expect(image == nil)
        #expect(lines.count == 1, "\(lines)")
    }

    @Test func aSymbolOfAnUndrawablePointSizeIsNil() {
        for size in [CGFloat.infinity, 1e30] {
            #expect(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: size)) == nil)
        }
        // NaN is no point size: the default one is used, as for 0.
        let nan = UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: .nan))
        #expect(nan?.size == UIImage(systemName: "star")?.size)
        #expect(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: 20)) != nil)
    }

    @Test func aBrokenImageIsDecodedOnceHoweverOftenDrawn() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("corrupt.jpg")))
        let image = try #require(UIImage(data: data))
        _ = await Self.warnings {
            for _ in 0..<5 { _ = Self.canvas(8, 8) { image.draw(in: CGRect(x: 0, y: 0, width: 8, height: 8)) } }
            #expect(image.preparingThumbnail(of: CGSize(width: 4, height: 4)) == nil)
        }
        #expect(image.content.decodeCount == 1)
    }

    @Test func threadsDrawingOneImageDecodeItOnce() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("halves.png")))
        let content = try #require(UIImage(data: data)).content
        let surfaces = await Task.detached {
            nonisolated(unsafe) var surfaces = [ImageSurface?](repeating: nil, count: 8)
            DispatchQueue.concurrentPerform(iterations: 8) { surfaces[$0] = content.surface }
            return surfaces.map { $0.map(ObjectIdentifier.init) }
        }.value
        #expect(content.decodeCount == 1 && Set(surfaces).count == 1 && surfaces[0] != nil)
    }

    @Test func theCacheCountsExactlyThePixelsItHoldsUnderContention() async throws {
        let saved = UIImage.decodedImageCacheLimit
        defer { UIImage.decodedImageCacheLimit = saved }
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("halves.png")))
        let contents = (0..<6).compactMap { _ in UIImage(data: data)?.content }
        let bytes = 32 * 4 * 16
        UIImage.decodedImageCacheLimit = 2 * bytes
        await Task.detached {
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for round in 0..<400 { _ = contents[(worker * 7 + round) % contents.count].surface }
            }
        }.value
        // Every byte counted is held, and every decoded image is counted: no drift either way.
        // (Checked per image: other suites' images share the cache.)
        for content in contents {
            let counted = DecodedImageCache.shared.countedBytes(of: content)
            #expect(content.isDecoded == (counted == bytes) && (counted == nil || counted == bytes))
        }
        #expect(contents.filter(\.isDecoded).count <= 2, "kept to the limit")
    }

    @Test(arguments: ["halves.png", "halves.jpg"])
    func bytesAfterTheEndMarkerAreIgnored(_ name: String) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture(name)))
        data.append(Data(repeating: 0x20, count: 300))
        let image = try #require(UIImage(data: data), "a file padded after its end still reads")
        let pixels = Self.canvas(32, 16) { image.draw(at: .zero) }
        #expect(Self.isReddish(pixels.pixel(x: 4, y: 8)) && Self.isBluish(pixels.pixel(x: 28, y: 8)))
    }

    @Test func aMissingFileIsNil() async {
        let lines = await Self.warnings { #expect(UIImage(contentsOfFile: "/nonexistent/picture.png") == nil) }
        #expect(lines.count == 1)
    }

    @Test func exifOrientationTurnsTheImage() throws {
        let image = try #require(UIImage(contentsOfFile: Self.fixture("rotated.jpg")))
        #expect(image.imageOrientation == .right)
        #expect(image.size == CGSize(width: 16, height: 32), "shown a quarter turn: width and height swap")
        let pixels = Self.canvas(16, 32) { image.draw(at: .zero) }
        // Stored left (red) half turned clockwise: on top.
        #expect(Self.isReddish(pixels.pixel(x: 8, y: 4)) && Self.isBluish(pixels.pixel(x: 8, y: 28)))
        let mirrored = image.withHorizontallyFlippedOrientation()
        #expect(mirrored.imageOrientation == .leftMirrored && mirrored.size == image.size)
    }

    @Test func aScaleSuffixOrArgumentSetsTheScale() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("halves.png")))
        let image = try #require(UIImage(data: data, scale: 2))
        #expect(image.scale == 2 && image.size == CGSize(width: 16, height: 8))
        let path = NSTemporaryDirectory() + "scenehost-image-\(getpid())@2x.png"
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(UIImage(contentsOfFile: path)?.scale == 2)
    }

    @Test func templatesAndTintColoursFillTheShape() throws {
        let frame = try #require(UIImage(contentsOfFile: Self.fixture("frame.png")))
        #expect(frame.renderingMode == .automatic)
        let template = frame.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate && template.size == frame.size)
        // A template drawn by draw(in:) without a tint is drawn as it is; withTintColor fills it.
        let tinted = frame.withTintColor(.red)
        #expect(tinted.renderingMode == .alwaysTemplate)
        let pixels = Self.canvas(9, 9) { tinted.draw(at: .zero) }
        #expect(pixels.pixel(x: 1, y: 1) == 0xFFFF_0000, "the black border becomes red")
        #expect(pixels.pixel(x: 4, y: 4) == 0xFFFF_0000, "the opaque white middle too: only alpha counts")
        let original = Self.canvas(9, 9) { frame.draw(at: .zero) }
        #expect(original.pixel(x: 1, y: 1) == 0xFF00_0000 && original.pixel(x: 4, y: 4) == 0xFFFF_FFFF)
        // A dynamic tint resolves against the traits of the drawing.
        let dynamic = frame.withTintColor(UIColor(light: .red, dark: .blue))
        let dark = UITraitCollection(userInterfaceStyle: .dark).performAsCurrent { Self.canvas(9, 9) { dynamic.draw(at: .zero) } }
        #expect(dark.pixel(x: 1, y: 1) == 0xFF00_00FF)
    }

    @Test func capInsetsKeepTheCornersAndStretchOrTileTheMiddle() throws {
        let frame = try #require(UIImage(contentsOfFile: Self.fixture("frame.png")))
        let insets = UIEdgeInsets(top: 3, left: 3, bottom: 3, right: 3)
        let stretched = frame.resizableImage(withCapInsets: insets, resizingMode: .stretch)
        #expect(stretched.capInsets == insets && stretched.resizingMode == .stretch)
        let pixels = Self.canvas(30, 20) { stretched.draw(in: CGRect(x: 0, y: 0, width: 30, height: 20)) }
        // Border 3 px on every side at any size; white inside.
        for (x, y) in [(1, 1), (28, 18), (15, 1), (1, 10), (28, 10), (15, 18)] { #expect(pixels.pixel(x: x, y: y) == 0xFF00_0000, "border at \(x),\(y)") }
        for (x, y) in [(3, 3), (15, 10), (26, 16)] { #expect(pixels.pixel(x: x, y: y) == 0xFFFF_FFFF, "middle at \(x),\(y)") }
        // Without cap insets a plain stretch would scale the 3 px border up to 10 px.
        let plain = Self.canvas(30, 30) { frame.draw(in: CGRect(x: 0, y: 0, width: 30, height: 30)) }
        #expect(plain.pixel(x: 7, y: 15) == 0xFF00_0000)
        // Tiling repeats the middle: the caps still stay 3 px.
        let tiled = frame.resizableImage(withCapInsets: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        let tiles = Self.canvas(18, 9) { tiled.draw(in: CGRect(x: 0, y: 0, width: 18, height: 9)) }
        #expect(tiles.pixel(x: 1, y: 4) == 0xFF00_0000 && tiles.pixel(x: 10, y: 4) == 0xFF00_0000, "the whole image tiles twice")
        #expect(tiles.pixel(x: 4, y: 4) == 0xFFFF_FFFF && tiles.pixel(x: 13, y: 4) == 0xFFFF_FFFF)
    }

    @Test(arguments: ["halves.jpg", "halves.webp", "halves.png", "halves.svg"])
    func thumbnailsAreTheAskedSize(_ name: String) throws {
        let image = try #require(UIImage(contentsOfFile: Self.fixture(name)))
        let thumbnail = try #require(image.preparingThumbnail(of: CGSize(width: 8, height: 4)))
        #expect(thumbnail.size == CGSize(width: 8, height: 4))
        #expect(thumbnail.surface!.width == 8 && thumbnail.surface!.height == 4)
        #expect(Self.isReddish(thumbnail.surface!.pixel(x: 1, y: 2)) && Self.isBluish(thumbnail.surface!.pixel(x: 6, y: 2)))
        #expect(image.preparingThumbnail(of: .zero) == nil)
    }

    @Test func preparingDecodesOffTheMainThread() async throws {
        let image = try #require(UIImage(contentsOfFile: Self.fixture("halves.jpg")))
        #expect(!image.content.isDecoded, "decoded on first use, not when read")
        let prepared = await image.byPreparingForDisplay()
        #expect(prepared?.content.isDecoded == true && prepared?.size == image.size)
        let thumbnail = await image.byPreparingThumbnail(ofSize: CGSize(width: 4, height: 2))
        #expect(thumbnail?.size == CGSize(width: 4, height: 2))
        let handled: UIImage? = await withCheckedContinuation { continuation in
            image.prepareForDisplay { prepared in
                #expect(!Thread.isMainThread)
                continuation.resume(returning: prepared)
            }
        }
        #expect(handled != nil)
    }

    @Test func preparingAVectorImageOffTheMainThreadKeepsIt() async throws {
        let image = try #require(UIImage(contentsOfFile: Self.fixture("halves.svg")))
        #expect(image.content.isVector && !image.content.isDecoded)
        let prepared = await image.byPreparingForDisplay()
        #expect(prepared === image, "vector images are drawn as shapes: nothing to decode")
        #expect(try #require(UIImage(contentsOfFile: Self.fixture("halves.png"))).content.isVector == false)
    }

    @Test func theDecodedCacheKeepsToItsLimitAndEmptiesOnAMemoryWarning() throws {
        let saved = UIImage.decodedImageCacheLimit
        defer { UIImage.decodedImageCacheLimit = saved }
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("halves.jpg")))
        let images = (0..<4).compactMap { _ in UIImage(data: data) }
        let bytes = 32 * 4 * 16
        UIImage.decodedImageCacheLimit = 2 * bytes
        // Drawn at their size: smaller, a JPEG would decode smaller.
        for image in images { _ = Self.canvas(4, 4) { image.draw(at: .zero) } }
        #expect(UIImage.decodedImageCacheSize <= 2 * bytes)
        #expect(images.filter { $0.content.isDecoded }.count == 2, "the two drawn last stay decoded")
        #expect(images[3].content.isDecoded && !images[0].content.isDecoded)
        // The pixels come back when drawn again.
        let again = Self.canvas(32, 16) { images[0].draw(at: .zero) }
        #expect(Self.isReddish(again.pixel(x: 2, y: 2)))
        NotificationCenter.default.post(name: Notification.Name("UIApplicationDidReceiveMemoryWarningNotification"), object: nil)
        #expect(!images.contains { $0.content.isDecoded })
    }

    @Test func aJPEGShownSmallerDecodesAtTheNearestScaleAboveItAndInFullWhenShownLarger() throws {
        let image = try #require(UIImage(contentsOfFile: Self.fixture("halves.jpg")))
        let bytes = { DecodedImageCache.shared.countedBytes(of: image.content) }
        let smallDrawing = { Self.canvas(13, 6) { image.draw(in: CGRect(x: 0, y: 0, width: 13, height: 6)) } }
        // 32×16 pixels shown 13×6: libjpeg-turbo's 1/2 is the smallest scale at least that large.
        let small = smallDrawing()
        #expect(bytes() == 16 * 4 * 8 && image.content.decodeCount == 1 && !image.content.isDecoded)
        #expect(Self.isReddish(small.pixel(x: 2, y: 3)) && Self.isBluish(small.pixel(x: 11, y: 3)))
        // Shown at 7/8 of its size, on a 2× canvas: 28×14 pixels, at the 7/8 scale.
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        _ = UIGraphicsImageRenderer(size: CGSize(width: 14, height: 7), format: format).image { _ in image.draw(in: CGRect(x: 0, y: 0, width: 14, height: 7)) }
        #expect(bytes() == 28 * 4 * 14 && image.content.decodeCount == 2)
        // Larger than 7/8 of it: in full, kept beside the smaller decoding.
        let full = Self.canvas(30, 15) { image.draw(in: CGRect(x: 0, y: 0, width: 30, height: 15)) }
        #expect(bytes() == (32 * 16 + 28 * 14) * 4 && image.content.decodeCount == 3 && image.content.isDecoded)
        #expect(Self.isReddish(full.pixel(x: 3, y: 7)) && Self.isBluish(full.pixel(x: 27, y: 7)))
        // A size is drawn from its own scale whatever was decoded before: the same pixels as the
        // first time, then without decoding again.
        let again = smallDrawing()
        #expect(image.content.decodeCount == 4 && again.pngData() == small.pngData())
        _ = smallDrawing()
        _ = image.preparingThumbnail(of: CGSize(width: 8, height: 4))
        #expect(image.content.decodeCount == 4, "the thumbnail scaled from the full pixels")
        // A PNG decodes in full whatever the size.
        let png = try #require(UIImage(contentsOfFile: Self.fixture("halves.png")))
        _ = Self.canvas(13, 6) { png.draw(in: CGRect(x: 0, y: 0, width: 13, height: 6)) }
        #expect(DecodedImageCache.shared.countedBytes(of: png.content) == 32 * 4 * 16)
    }

    /// A view drawing `image` into its bounds in `draw(_:)`.
    final class PictureView: UIView {
        var image: UIImage?
        override func draw(_ rect: CGRect) { image?.draw(in: bounds) }
    }

    @Test func aViewsDrawingDecodesAJPEGForThePixelsItIsShownAt() throws {
        let image = try #require(UIImage(contentsOfFile: Self.fixture("halves.jpg")))
        let view = PictureView(frame: CGRect(x: 0, y: 0, width: 13, height: 6))
        view.image = image
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        root.addSubview(view)
        let controller = UIViewController()
        controller.view = root
        let scene = UIWindowScene.offscreen(size: CGSize(width: 40, height: 20), rootViewController: controller)
        // Recorded in points, replayed at 2×: 26×12 pixels, so the 7/8 scale (28×14), not 1/2.
        let pixels = scene.renderImage(scale: 2)
        #expect(DecodedImageCache.shared.countedBytes(of: image.content) == 28 * 4 * 14)
        #expect(Self.isReddish(pixels.pixel(x: 4, y: 6)) && Self.isBluish(pixels.pixel(x: 22, y: 6)))
    }

    @Test func theRendererDrawsAtTheFormatsScale() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        }
        #expect(image.scale == 3 && image.size == CGSize(width: 4, height: 2))
        #expect(image.cgImage?.width == 12 && image.cgImage?.height == 6)
    }
}
