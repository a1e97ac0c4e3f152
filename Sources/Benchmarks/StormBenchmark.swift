import Foundation
import GalleryApp
@_spi(Testing) import SceneHost
import SceneHostTesting
import X11

/// The Gallery in this process on a private Xvfb with openbox, under 3,000 random actions on its windows
/// (SceneHostTesting's `Storm`, seeded: the same actions every run): windows opened and closed, resized
/// (1×1 and beyond X11's limit too), moved, dragged with Alt, iconified, maximized, focused, the device
/// turned, switches clicked. Then the windows it opened are closed, and what the process holds is
/// compared with what it held before.
///
/// The heap per scene is the growth of the bytes the allocator has handed out (glibc's `malloc_stats`)
/// from after a warm-up (one window opened and closed, so fonts and caches exist) to the end, divided by
/// the scenes the storm opened: what closed scenes leave behind. The RSS (`/proc/self/status`) back at
/// the launch state also counts what the allocator keeps of freed memory.
enum StormBenchmark: Benchmark {
    static let name = "storm"
    static let seed: UInt64 = 2026
    /// 3,000, or `SCENEHOST_STORM_ACTIONS` (a multiple of 500) for a quicker look.
    static let actions = ProcessInfo.processInfo.environment["SCENEHOST_STORM_ACTIONS"].flatMap(Int.init) ?? 3000
    /// `SCENEHOST_STORM_DUMP`: a folder that gets this process's `smaps` at launch and at the end, glibc's
    /// `malloc_info` at the end and a core file (`gcore`) at the end, to see what holds the pages.
    static let dumpFolder = ProcessInfo.processInfo.environment["SCENEHOST_STORM_DUMP"]

    @MainActor
    static func run() async throws {
        var warnings: [String: Int] = [:]
        SceneHostLog.sink = { line in warnings[String(line.prefix(60)), default: 0] += 1 }
        defer { SceneHostLog.sink = { FileHandle.standardError.write(Data(("SceneHost: " + $0 + "\n").utf8)) } }
        // As in the app, its loop serves the main queue on the main thread and nothing yields between
        // turns: run first (`Benchmarks storm`), the benchmark has not suspended yet and never does
        // while the storm plays. After another benchmark that awaited, it runs inside a main-queue
        // block, and the harness yields to it every 4 ms (each yield a round trip through the global
        // executor, whose continuations are freed on other threads): the table says which.
        let drivesMainQueue = MainQueueDriver.runsOutsideMainQueue
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest, drivesMainQueue: drivesMainQueue)
        // The storm's clicks toggle switches: their settings go to the harness's folder.
        AppDelegate.userDefaults = UserDefaults(suiteName: app.stateDirectory.appendingPathComponent("defaults").path) ?? .standard
        guard await app.waitForScenes(2) else { throw X11Error("the Gallery did not start") }
        await app.run(for: 0.5)
        let atLaunch = Memory.now()
        dump("launch")
        // The reference for what a scene may leave behind: the heap one Mail scene takes at its first
        // open (a Mail window opened beside the two, drawn, then closed again), in this run.
        let sessionsBefore = Set(UIApplication.shared.openSessions.map(ObjectIdentifier.init))
        UIApplication.shared.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        guard await app.waitForScenes(3) else { throw X11Error("the Gallery did not open a third scene") }
        await app.run(for: 0.5)
        let oneSceneHeap = Memory.now().heapInUse - atLaunch.heapInUse
        if let session = UIApplication.shared.openSessions.first(where: { !sessionsBefore.contains(ObjectIdentifier($0)) }) {
            UIApplication.shared.requestSceneSessionDestruction(session, options: nil)
        }
        _ = await app.run(until: { app.scenes.count == 2 }, timeout: 5)
        await app.run(for: 0.5)
        let trimsBefore = (SceneRuntime.trims, SceneRuntime.trimSeconds)
        let storm = try Storm(harness: app, app: Storm.App(openKeys: (KeySym("n"), [.controlLeft], "Mail"),
                                                           clickable: { $0 is UISwitch }), seed: seed, tracksObjects: false)
        await storm.warmUp()
        let warm = Memory.now()
        let resources = app.display.clientResources() ?? [:]

        print("| actions | scenes open | opened so far | VmRSS (MB) | RssAnon (MB) |")
        print("| --- | --- | --- | --- | --- |")
        let start = Date()
        let chunk = 500
        for done in stride(from: chunk, through: actions, by: chunk) {
            await storm.run(chunk)
            let memory = Memory.now()
            print(String(format: "| %d | %d | %d | %.1f | %.1f |", done, app.scenes.count, storm.opened,
                         memory.rss / 1e6, memory.anonymous / 1e6))
        }
        let seconds = Date().timeIntervalSince(start)
        let mismatches = storm.geometryMismatches()
        let survived = !app.isTerminated
        await storm.restoreInitialState()
        // As at launch, half a second of the app on its own: a window gives back what it freed once
        // its size has settled (200 ms).
        await app.run(for: 0.5)
        let end = Memory.now()
        dump("end", core: true)
        let endResources = app.display.clientResources() ?? [:]
        let differing = Set(resources.keys).union(endResources.keys).filter { resources[$0] != endResources[$0] }
        let perScene = (end.heapInUse - warm.heapInUse) / Double(max(1, storm.opened))

        print("")
        print("| | value |")
        print("| --- | --- |")
        print(String(format: "| actions (seed %llu) | %d in %.0f s; %@ |", seed, actions, seconds,
                     storm.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
        print("| scenes opened / closed by the storm | \(storm.opened) / \(storm.closed) |")
        print("| the app survived | \(survived ? "yes" : "no") |")
        print("| the main queue served by | \(drivesMainQueue ? "the app's loop, on the main thread (the harness never yields)" : "the benchmark's driver (the harness yields every 4 ms)") |")
        print(String(format: "| VmRSS at launch / after the storm, its windows closed | %.1f / %.1f MB |", atLaunch.rss / 1e6, end.rss / 1e6))
        print(String(format: "| heap in use after the warm-up / at the end | %.2f / %.2f MB |", warm.heapInUse / 1e6, end.heapInUse / 1e6))
        print(String(format: "| heap of one Mail scene at its first open (the reference) / left per scene opened | %.1f / %.1f KB |", oneSceneHeap / 1024, perScene / 1024))
        print(String(format: "| RssAnon after the warm-up / at the end | %.1f / %.1f MB |", warm.anonymous / 1e6, end.anonymous / 1e6))
        print(String(format: "| at launch / at the end: RssAnon, RssFile, RssShmem | %.1f, %.1f, %.1f / %.1f, %.1f, %.1f MB |",
                     atLaunch.anonymous / 1e6, atLaunch.file / 1e6, atLaunch.shared / 1e6, end.anonymous / 1e6, end.file / 1e6, end.shared / 1e6))
        print(String(format: "| memory given back (`malloc_trim`) | %d times, %.2f ms each |", SceneRuntime.trims - trimsBefore.0,
                     (SceneRuntime.trimSeconds - trimsBefore.1) * 1000 / Double(max(1, SceneRuntime.trims - trimsBefore.0))))
        print("| X resources after the warm-up | \(describe(resources)) |")
        print("| X resources at the end | \(describe(endResources)) |")
        print("| windows whose last traced geometry differs from the server's | \(mismatches.count) of \(app.scenes.count) |")
        print("| warnings (first words: count) | \(warnings.sorted { $0.key < $1.key }.map { "\($0.key)…: \($0.value)" }.joined(separator: "; ")) |")
        for mismatch in mismatches { print("  mismatch: \(mismatch)") }

        // What a closed scene leaves, as a share of what an open one takes (1.9 MB for Mail): at most 3%,
        // about the former 50 KB.
        report(target: "storm-heap-per-scene-vs-open-scene", value: perScene / max(oneSceneHeap, 1), unit: "× one open scene's heap", goal: 0.03)
        report(target: "storm-rss-back-at-launch", value: end.rss / atLaunch.rss, unit: "× at launch", goal: 1.10)
        report(target: "storm-geometry-mismatches", value: Double(mismatches.count + (survived ? 0 : 1000)), unit: "windows", goal: 0)
        report(target: "storm-x-resources-changed", value: Double(differing.count), unit: "resource types", goal: 0)
    }

    /// With `SCENEHOST_STORM_DUMP` set: `smaps-NAME`, `malloc-info-NAME.xml` and (`core`) `core-NAME`.
    private static func dump(_ name: String, core: Bool = false) {
        guard let folder = dumpFolder else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let smaps = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() {
            _ = FileManager.default.createFile(atPath: folder + "/smaps-" + name, contents: smaps)
        }
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info"),
           let file = fopen(folder + "/malloc-info-" + name + ".xml", "w") {
            _ = unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafeMutablePointer<FILE>) -> Int32).self)(0, file)
            fclose(file)
        }
        guard core else { return }
        // Which of the heap's pages are resident: /proc/self/pagemap, 8 bytes a page (bit 63: present).
        if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
           let heap = maps.split(separator: "\n").first(where: { $0.hasSuffix("[heap]") }),
           let range = heap.split(separator: " ").first?.split(separator: "-").compactMap({ UInt64($0, radix: 16) }), range.count == 2 {
            let pages = Int((range[1] - range[0]) / 4096)
            var entries = [UInt64](repeating: 0, count: pages)
            let file = open("/proc/self/pagemap", O_RDONLY)
            if file >= 0 {
                _ = entries.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, off_t(range[0] / 4096 * 8)) }
                close(file)
                _ = FileManager.default.createFile(atPath: folder + "/pagemap-" + name,
                                               contents: Data(String(range[0], radix: 16).utf8 + [10]) + entries.withUnsafeBytes { Data($0) })
            }
        }
        let gcore = Process()
        gcore.executableURL = URL(fileURLWithPath: "/usr/bin/gcore")
        gcore.arguments = ["-o", folder + "/core-" + name, String(getpid())]
        gcore.standardOutput = FileHandle.nullDevice
        gcore.standardError = FileHandle.nullDevice
        try? gcore.run()
        waitForExit(gcore)
    }

    private static func describe(_ resources: [String: Int]) -> String {
        resources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}

/// This process's memory, from `/proc/self/status`, in bytes.
struct Memory {
    var rss: Double
    var anonymous: Double
    var file: Double
    var shared: Double
    /// Bytes the allocator has handed out and not had back (glibc's `malloc_stats`, "in use bytes").
    var heapInUse: Double

    static func now() -> Memory {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func kilobytes(_ field: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
            return Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "0").map { $0 * 1024 } ?? 0
        }
        return Memory(rss: kilobytes("VmRSS"), anonymous: kilobytes("RssAnon"), file: kilobytes("RssFile"),
                      shared: kilobytes("RssShmem"), heapInUse: heapInUse())
    }

    /// glibc's `malloc_stats()` writes its totals to standard error: they are read from a file it is
    /// pointed at for the call (`mallinfo2` returns a structure Swift cannot take from C).
    private static func heapInUse() -> Double {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_stats") else { return .nan }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("malloc-stats-\(getpid())").path
        let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        guard file >= 0 else { return .nan }
        defer { close(file); unlink(path) }
        fflush(nil)
        let saved = dup(2)
        dup2(file, 2)
        unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
        dup2(saved, 2)
        close(saved)
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        // The last "in use bytes" line is the total over every arena.
        guard let line = text.split(separator: "\n").last(where: { $0.contains("in use bytes") }),
              let value = line.split(separator: "=").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) else { return .nan }
        return value
    }
}
