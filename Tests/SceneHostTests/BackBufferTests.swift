import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing

extension SceneWindowTests {
    /// A window's first back buffer holds its size and no more (every row of headroom is memory each
    /// frame touches, and most windows are never resized); once the window grows, the new buffer keeps
    /// headroom, so the steps of a drag do not each make one.
    @Test func aWindowsFirstBackBufferIsItsSizeAndAGrownOneHasHeadroom() async throws {
        let (app, scene, _, _) = try await oneSceneApp()
        await app.run(for: 0.2)
        let first = try #require(app.events(of: "frame", scene: scene).first { $0["bufferWidth"] as? Double ?? 0 > 0 })
        let scale = first["scale"] as? Double ?? 1
        #expect(first["bufferWidth"] as? Double == (first["width"] as? Double).map { $0 * scale })
        #expect(first["bufferHeight"] as? Double == (first["height"] as? Double).map { $0 * scale })

        app.clearEvents()
        let grown = CGSize(width: 1100, height: 800)
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(origin: CGPoint(x: 10, y: 10), size: grown)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == grown }))
        await app.run(for: 0.2)
        let frame = try #require(app.events(of: "frame", scene: scene).last)
        let bufferWidth = try #require(frame["bufferWidth"] as? Double), bufferHeight = try #require(frame["bufferHeight"] as? Double)
        #expect(bufferWidth > grown.width * scale && bufferHeight > grown.height * scale,
                "a grown window's buffer is \(bufferWidth)×\(bufferHeight) for \(grown.width * scale)×\(grown.height * scale) pixels")
    }
}
