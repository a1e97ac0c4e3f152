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
    /// While a person drags the window's corner, a buffer the window outgrows is made again at twice
    /// its size (up to the screen's), not a quarter more: a drag from 420×320 to about 1000×700 grows
    /// it twice, not four times, each growth a new shared-memory segment faulted in while the old
    /// pixels are copied.
    @Test func aDraggedWindowsBufferGrowsToTwiceItsSize() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        let small = CGSize(width: 420, height: 320)
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(origin: CGPoint(x: 20, y: 20), size: small)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == small }))
        // Settled: the buffer is fitted to the window, without headroom.
        await app.run(for: 0.5)
        let input = try SyntheticInput(display: other)
        let settled = try #require(app.events(of: "frame", scene: scene).last)
        app.clearEvents()
        let corner = try await grabFrameCorner(of: window, with: input, on: other, in: app)
        for step in 1...25 {
            _ = await dragCorner(to: (corner.x + 24 * step, corner.y + 16 * step), with: input, of: scene, in: app)
        }
        other.fakeButton(1, pressed: false)
        other.sync()
        let frames = app.events(of: "frame", scene: scene).filter { $0["interactive"] as? Bool == true }
        let last = try #require(frames.last)
        #expect(last["width"] as? Double ?? 0 >= 900, "dragged to \(last["width"] ?? 0)×\(last["height"] ?? 0)")
        var growths: [String] = []
        var buffer = (width: settled["bufferWidth"] as? Double ?? 0, height: settled["bufferHeight"] as? Double ?? 0)
        for frame in frames {
            let scale = frame["scale"] as? Double ?? 1
            let width = (frame["width"] as? Double ?? 0) * scale, height = (frame["height"] as? Double ?? 0) * scale
            let next = (width: frame["bufferWidth"] as? Double ?? 0, height: frame["bufferHeight"] as? Double ?? 0)
            if next != buffer {
                growths.append("\(next.width)×\(next.height) for \(width)×\(height)")
                #expect(next.width >= min(2 * width, 1920) && next.height >= min(2 * height, 1080), "\(growths)")
            }
            buffer = next
        }
        #expect(growths.count <= 2, "\(growths)")
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

    /// A person who holds the window's corner still before letting go (longer than the pause that
    /// ends a burst of resizes) still gets the buffer fitted to the window once the grab ends.
    @Test func aBufferGrownInADragHeldStillIsFittedWhenReleased() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        await app.run(for: 0.2)
        let input = try SyntheticInput(display: other)
        let corner = try await grabFrameCorner(of: window, with: input, on: other, in: app)
        for step in 1...6 {
            _ = await dragCorner(to: (corner.x + 30 * step, corner.y + 20 * step), with: input, of: scene, in: app)
        }
        // Held still past the settle check: the drag's headroom stays while the grab lasts.
        await app.run(for: 0.5)
        #expect(scene.effectiveGeometry.isInteractivelyResizing)
        other.fakeButton(1, pressed: false)
        other.sync()
        #expect(await app.run(until: { !scene.effectiveGeometry.isInteractivelyResizing }))
        let size = scene.effectiveGeometry.systemFrame.size, scale = scene.traitCollection.displayScale
        let pixels = Int(size.width * scale) * Int(size.height * scale) * 4
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
