import Foundation
import SceneHostTesting
import Testing

/// The symbol raster cache as a person meets it: the Gallery's first launch draws its symbols with
/// librsvg and keeps them in `$XDG_CACHE_HOME`; the next launch draws them without ever loading it.
extension SceneWindowTests {
    /// Whether the process maps librsvg now. Read to its end: `String(contentsOfFile:)` stops after the
    /// first read of a /proc file (about 4 KB), which may end before a library loaded late.
    static func mapsLibrsvg(_ pid: pid_t) -> Bool {
        let maps = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps")).readToEnd()) ?? Data()
        return String(decoding: maps ?? Data(), as: UTF8.self).contains("librsvg")
    }

    @Test func aLaunchAfterTheFirstDrawsSymbolsWithoutLibrsvg() async throws {
        let display = try VirtualDisplay()
        let cache = scratch.appending("cache")
        var mapped: [Bool] = []
        for launch in 0..<2 {
            // Each launch a first one for its windows (its own state), the cache shared.
            let state = scratch.appending("state-\(launch)")
            let trace = scratch.appending("trace-\(launch).jsonl").path
            var environment = UIApplicationMainTests.galleryEnvironment(state: state, display: display, trace: trace)
            environment["XDG_CACHE_HOME"] = cache.path
            let app = try ChildProcess(UIApplicationMainTests.galleryPath, [], environment: environment)
            defer { if app.isRunning { app.signal(SIGKILL); app.wait() } }
            // Both scenes' first frames drawn: every symbol they show is drawn.
            let deadline = Date().addingTimeInterval(20)
            while UIApplicationMainTests.framesByScene(at: trace).count < 2, Date() < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(app.isRunning)
            mapped.append(Self.mapsLibrsvg(app.pid))
            app.signal(SIGTERM)
            #expect(await app.wait(timeout: 10) == 0)
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("scenehost/symbols").path)) ?? []
        #expect(files.count >= 5 && files.allSatisfy { $0.hasSuffix(".a8") }, "the first launch kept its symbols: \(files)")
        #expect(mapped == [true, false], "librsvg mapped at the first launch, not the second: \(mapped)")
    }
}
