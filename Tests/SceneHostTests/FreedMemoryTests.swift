import Foundation
@_spi(Testing) import SceneHost
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
@testable import GalleryApp
import Testing
import X11

extension SceneWindowTests {
    /// A window whose size settles gives back what it freed going through the sizes (`malloc_trim`,
    /// once the frames at the last size are drawn), once per burst of resizes rather than at each step:
    /// the burst's end is one pending check per window however many steps it has.
    @Test func aResizedWindowGivesFreedMemoryBackOncePerBurst() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        await app.run(for: 0.3)
        let other = try app.virtualDisplay.connect()
        let mail = try #require(app.scene(titled: "Mail"))
        let window = try #require(app.window(of: mail))
        let start = try #require(other.geometry(window))

        let before = SceneRuntime.trims
        other.resize(window, width: start.width - 100, height: start.height - 60)
        other.flush()
        #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.width < CGFloat(start.width) }))
        #expect(await app.run(until: { SceneRuntime.trims > before }, timeout: 2))

        // Thirty steps 20 ms apart make one burst: one trim once it has paused, not thirty.
        await app.run(for: 0.4)
        let beforeBurst = SceneRuntime.trims
        for step in 1...30 {
            other.resize(window, width: start.width - 100 + 4 * step, height: start.height - 60)
            other.flush()
            await app.run(for: 0.02)
        }
        #expect(await app.run(until: { SceneRuntime.trims > beforeBurst }, timeout: 2))
        await app.run(for: 0.4)
        #expect(SceneRuntime.trims - beforeBurst <= 2, "trims after a burst of 30 resizes: \(SceneRuntime.trims - beforeBurst)")
        #expect(!mail.effectiveGeometry.isInteractivelyResizing)
    }

    /// A window that has drawn nothing for half a second lets go of its views' kept drawings (and gives
    /// the pages back), and once every window rests decoded images go too (the Mail picture's JPEG); a
    /// later frame that composites the views draws them again, the picture decoded again, to the same pixels.
    @Test func aWindowAtRestLetsGoOfItsKeptDrawings() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let mail = try #require(app.scene(titled: "Mail"))
        let root = try #require(mail.windows.first)
        // Nothing over the Mail window; the overlay shows the last frame's time, which changes.
        let other = try app.virtualDisplay.connect()
        if let settingsWindow = app.scene(titled: "Settings").flatMap(app.window(of:)) { other.iconify(settingsWindow) }
        (root.rootViewController as? MailViewController)?.overlay.isHidden = true
        #expect(await app.run(until: { root.keptDrawingBytes == 0 }, timeout: 3))
        #expect(await app.run(until: { UIImage.decodedImageCacheSize == 0 }, timeout: 3), "decoded images let go at rest")
        let trims = SceneRuntime.trims
        let atRest = try app.screenshot(mail)

        // A view over the whole window for a frame: when it goes, everything under it is composited again.
        let cover = UIView(frame: root.bounds)
        cover.backgroundColor = .black
        root.addSubview(cover)
        await app.run(for: 0.1)
        cover.removeFromSuperview()
        await app.run(for: 0.1)
        #expect(root.keptDrawingBytes > 500_000, "drawn again where composited: \(root.keptDrawingBytes) bytes")
        #expect(UIImage.decodedImageCacheSize > 0, "the picture decoded again to be drawn")
        let drawnAgain = try app.screenshot(mail)
        let comparison = Snapshot.compare(drawnAgain, atRest, tolerance: SnapshotTolerance(perPixel: 0, differingFraction: 0))
        #expect(!comparison.sizeMismatch && comparison.differingPixels == 0, "\(comparison.differingPixels) pixels differ")
        #expect(await app.run(until: { root.keptDrawingBytes == 0 }, timeout: 3), "let go again at rest")
        #expect(await app.run(until: { UIImage.decodedImageCacheSize == 0 }, timeout: 3), "and the decoded picture")
        // The trim runs in a main-queue block just after the release: wait for it.
        #expect(await app.run(until: { SceneRuntime.trims > trims }, timeout: 2), "and the pages given back")
    }
}
