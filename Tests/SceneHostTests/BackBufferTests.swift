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

extension SceneWindowTests {
    /// Once a grown window's size settles, its back buffer is made again at the window's size: the
    /// shared-memory segments this process holds (as the kernel lists them) add up to the window's
    /// pixels, with no headroom left.
    @Test func aSettledWindowsBackBufferLosesItsHeadroom() async throws {
        let (app, scene, _, _) = try await oneSceneApp()
        await app.run(for: 0.2)
        let grown = CGSize(width: 1100, height: 800)
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(origin: CGPoint(x: 10, y: 10), size: grown)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == grown }))
        let scale = scene.traitCollection.displayScale
        let pixels = Int(grown.width * scale) * Int(grown.height * scale) * 4
        #expect(await app.run(until: { Self.sharedMemoryBytes() == pixels }, timeout: 3),
                "segments: \(Self.sharedMemoryBytes()) bytes for a window of \(pixels) bytes")
    }

    /// The bytes of the System V shared-memory segments this process made (`/proc/sysvipc/shm`).
    static func sharedMemoryBytes() -> Int {
        guard let table = try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8) else { return -1 }
        let pid = String(getpid())
        // Columns: key shmid perms size cpid lpid …
        return table.split(separator: "\n").dropFirst().reduce(0) { total, line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            return columns.count > 4 && columns[4] == pid ? total + (Int(columns[3]) ?? 0) : total
        }
    }
}
