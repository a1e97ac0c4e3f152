import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
import SceneHostTesting
import Testing

/// The bare C twin of `Benchmarks peers` (Sources/Benchmarks/mail_twin.c) draws what the Gallery's
/// Mail window shows, at the same places and sizes, in each of the split view's arrangements: the
/// benchmark's ratios compare like with like only then.
@MainActor
struct MailTwinTests {
    /// Three columns, the list beside the message, the list alone.
    @Test(arguments: [(1024, 768), (900, 600), (600, 700)])
    func theTwinDrawsWhatTheGalleryShows(width: Int, height: Int) throws {
        let twin = try #require(MailTwin.path, "cannot build mail_twin.c (cc, pkg-config, libpango1.0-dev and libturbojpeg0-dev are needed)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-mail-twin-\(getpid())-\(width).png").path
        #expect(try ChildProcess(twin, ["png", "\(width)", "\(height)", file]).wait() == 0)
        let drawn = try ImageSurface(pngAt: file)
        let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: height), rootViewController: MailViewController())
        let gallery = scene.renderImage(scale: 1)
        #expect(drawn.width == gallery.width && drawn.height == gallery.height)
        // The two compared in 16-pixel squares (their mean colours): text antialiased a little
        // differently, or a line a pixel lower, moves a square's mean a few levels; a missing column,
        // picture or row moves many squares by far more.
        // Outside the overlay's corner: offscreen, its lines name another state and device (the twin's
        // are those of a window on screen), so its box is narrower.
        let differences = squareDifferences(gallery, drawn, outside: CGRect(x: width - 270, y: height - 150, width: 270, height: 150))
        let mean = differences.reduce(0, +) / Double(differences.count)
        let farOff = Double(differences.filter { $0 > 32 }.count) / Double(differences.count)
        // The two images are kept beside each other when they differ, to be looked at.
        let galleryFile = file.replacingOccurrences(of: ".png", with: "-gallery.png")
        if mean < 6, farOff < 0.03 { try? FileManager.default.removeItem(atPath: file) } else { try? gallery.writePNG(to: galleryFile) }
        #expect(mean < 6, "mean difference of the squares' colours \(mean) (\(file), \(galleryFile))")
        #expect(farOff < 0.03, "\(Int(farOff * 100))% of the squares differ by more than 32 levels (\(file), \(galleryFile))")
    }

    /// The greatest difference of a colour channel between the mean colours of each 16×16 square of
    /// `a` and `b` (0…255), over the squares both cover that do not meet `excluded`.
    private func squareDifferences(_ a: ImageSurface, _ b: ImageSurface, outside excluded: CGRect) -> [Double] {
        let side = 16, columns = min(a.width, b.width) / side, rows = min(a.height, b.height) / side
        func means(_ image: ImageSurface) -> [[Double]] {
            image.flush()
            var sums = Array(repeating: [0.0, 0.0, 0.0], count: columns * rows)
            for y in 0..<rows * side {
                let row = image.data + y * image.stride
                for x in 0..<columns * side {
                    let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    let square = (y / side) * columns + x / side
                    sums[square][0] += Double(pixel >> 16 & 0xFF)
                    sums[square][1] += Double(pixel >> 8 & 0xFF)
                    sums[square][2] += Double(pixel & 0xFF)
                }
            }
            return sums.map { $0.map { $0 / Double(side * side) } }
        }
        let shown = (0..<columns * rows).map { square in
            !CGRect(x: square % columns * side, y: square / columns * side, width: side, height: side).intersects(excluded)
        }
        return zip(zip(means(a), means(b)), shown).filter(\.1).map { pair, _ in zip(pair.0, pair.1).map { abs($0 - $1) }.max()! }
    }
}

/// The bare twin, built once per run as `Benchmarks peers` builds it.
@MainActor
enum MailTwin {
    static let path: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = root.appendingPathComponent("Sources/Benchmarks/mail_twin.c").path
        let picture = root.appendingPathComponent("Sources/GalleryApp/Resources/Assets.xcassets/Picture.imageset/picture-light@1x.jpg").path
        // Named after the source's contents and the picture's path (built into it): built once, reused
        // by later runs until either changes.
        guard let text = FileManager.default.contents(atPath: source) else { return nil }
        let checksum = (text + Data(picture.utf8)).reduce(UInt64(5381)) { ($0 &* 33) ^ UInt64($1) }
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-mail-twin-\(String(checksum, radix: 16))").path
        if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        let command = "cc -O2 -DPICTURE_PATH='\"\(picture)\"' -o '\(binary)' '\(source)' $(pkg-config --cflags --libs x11 xext pangocairo libturbojpeg) -lm"
        guard let build = try? ChildProcess("/bin/sh", ["-c", command]), build.wait() == 0 else { return nil }
        return binary
    }()
}
