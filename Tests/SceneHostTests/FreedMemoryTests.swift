import Foundation
@_spi(Testing) import SceneHost
import SceneHostTesting
import GalleryApp
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
}
