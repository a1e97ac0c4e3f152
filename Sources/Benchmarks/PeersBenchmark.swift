import Foundation
import GalleryApp
@_spi(Runtime) import SceneHost
import SceneHostTesting

/// The Gallery beside two twins of its Mail scene, in one run on one private Xvfb with openbox: a bare
/// Xlib + cairo + Pango + MIT-SHM + libturbojpeg client (`mail_twin.c`, which draws the whole Mail window
/// as the Gallery shows it: the three columns and their switches at 678 and 980 points, the Adwaita
/// symbolic icons, the search field, the Gallery's JPEG in a rounded clip with a shadow, the diagnostic
/// overlay) and a GTK 4 one (`gtk_mail.c`, built when `pkg-config gtk4` finds libgtk-4-dev, which
/// `make bench` installs). Each is a child process (the
/// Gallery is its release executable, so its start-up is measured as a person meets it), measured from
/// outside by `peers_harness.c` the same way for all three: start to the first drawn frame, CPU to it,
/// resident memory with the two windows each opens at start and with six more opened by Ctrl+N, and a
/// 200-step Alt+drag of the Mail window from 900×600 (steps acknowledged, configure → acknowledgement,
/// client and X server CPU per step). The three run one after another, round after round, and each
/// target is the median over rounds of the Gallery's figure ÷ the bare twin's of the same round. The
/// Gallery's launches share one symbol cache (`XDG_CACHE_HOME`), filled by a first launch measured apart.
enum PeersBenchmark: Benchmark {
    static let name = "peers"

    struct Peer {
        let label: String
        let command: [String]
        var environment: [String: String] = [:]
    }

    /// One run of the harness: its NAME=VALUE pairs.
    typealias Sample = [String: Double]

    @MainActor
    static func run() async throws {
        let build = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-peers-\(getpid())")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: build) }
        func compile(_ source: String, _ packages: String) -> String? { Self.compile(source, packages: packages, into: build) }
        guard let harness = compile("peers_harness.c", "x11 xext xtst xdamage"), let twin = compileTwin(into: build) else {
            throw PeersError("cannot build peers_harness.c or mail_twin.c: cc, libx11-dev, libxext-dev, libxtst-dev, libxdamage-dev, libpango1.0-dev, libturbojpeg0-dev and the Adwaita icon theme are needed")
        }
        let gtk = compile("gtk_mail.c", "gtk4")
        guard let gallery = galleryExecutable() else {
            throw PeersError("no release Gallery: `swift build -c release --product Gallery` failed")
        }

        var peers = [Peer(label: "bare Xlib twin", command: [twin])]
        if let gtk {
            // GTK's cairo renderer, as on a machine without GL; no accessibility bus.
            peers.append(Peer(label: "GTK 4 twin", command: [gtk], environment: ["GSK_RENDERER": "cairo", "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1"]))
        }
        peers.append(Peer(label: "SceneHost Gallery", command: [gallery]))

        // Five: the median of three moved with one round a neighbour's burst disturbed.
        let rounds = ProcessInfo.processInfo.environment["SCENEHOST_PEERS_ROUNDS"].flatMap(Int.init) ?? 5
        let display = try VirtualDisplay(width: 1920, height: 1080)
        // The Gallery's symbol raster cache ($XDG_CACHE_HOME/scenehost): one for the whole run, as a
        // person's ~/.cache. Its first launch (below) fills it; the measured rounds are launches after
        // the first, which draw their symbols without librsvg. The first launch is printed apart.
        let cache = build.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let coldHome = build.appendingPathComponent("home-cold")
        try FileManager.default.createDirectory(at: coldHome, withIntermediateDirectories: true)
        let coldOutput = shell(([harness, "--windows", "2", "--more", "0", "--steps", "0", "--", gallery]).map { "'\($0)'" }.joined(separator: " "),
                               environment: ["DISPLAY": display.name, "XDG_STATE_HOME": coldHome.path, "XDG_CONFIG_HOME": coldHome.path,
                                             "HOME": coldHome.path, "XDG_CACHE_HOME": cache.path])
        var samples: [String: [Sample]] = [:]
        var mapped: [String: String] = [:]
        for round in 0..<rounds {
            // Alternately: a neighbour's burst falls on all three, and the order turns each round.
            let order = round % 2 == 0 ? peers : peers.reversed()
            for peer in order {
                let home = build.appendingPathComponent("home-\(round)-\(peer.label.hashValue)")
                try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
                var environment = peer.environment
                environment["DISPLAY"] = display.name
                // A first launch each time: no windows restored, no settings kept.
                environment["XDG_STATE_HOME"] = home.path
                environment["XDG_CONFIG_HOME"] = home.path
                environment["HOME"] = home.path
                environment["XDG_CACHE_HOME"] = cache.path
                guard let output = shell(([harness, "--windows", "2", "--more", "6", "--"] + peer.command).map { "'\($0)'" }.joined(separator: " "),
                                         environment: environment) else {
                    print("\(peer.label): the harness failed in round \(round + 1)")
                    continue
                }
                samples[peer.label, default: []].append(parse(output))
                mapped[peer.label] = output.components(separatedBy: "mapped=").dropFirst().first?.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }

        func values(_ peer: Peer, _ key: String) -> [Double] { (samples[peer.label] ?? []).compactMap { $0[key] }.filter { $0 >= 0 } }
        func cell(_ peer: Peer, _ key: String, _ format: String) -> String {
            let v = values(peer, key)
            guard !v.isEmpty else { return "–" }
            return String(format: "\(format) (\(format)–\(format))", median(v), v.min()!, v.max()!)
        }
        let rows: [(String, String, String)] = [
            ("start to first drawn frame (ms)", "first_frame_ms", "%.0f"),
            ("start to both start windows drawn (ms)", "all_start_windows_ms", "%.0f"),
            ("client CPU to the first frame (ms)", "cpu_first_frame_ms", "%.1f"),
            ("RSS after start, 2 windows (MB)", "rss_start_mb", "%.1f"),
            ("  of which anonymous / file / shared memory (MB)", "", ""),
            ("RSS with 8 windows (MB)", "rss_more_mb", "%.1f"),
            ("RSS per further window (MB)", "per_window_mb", "%.2f"),
            ("steps acknowledged of 200", "acked", "%.0f"),
            ("configure → ack, median (ms)", "configure_ack_p50_ms", "%.2f"),
            ("configure → ack, p90 (ms)", "configure_ack_p90_ms", "%.2f"),
            ("client CPU per step (ms)", "client_cpu_step_ms", "%.2f"),
            ("X server CPU per step (ms)", "server_cpu_step_ms", "%.2f"),
        ]
        print("| median (range) of \(rounds) rounds | " + peers.map(\.label).joined(separator: " | ") + " |")
        print("|" + String(repeating: " --- |", count: peers.count + 1))
        for (label, key, format) in rows {
            if key.isEmpty {
                print("| \(label) | " + peers.map { peer in
                    String(format: "%.1f / %.1f / %.1f", median(values(peer, "anon_mb")), median(values(peer, "file_mb")), median(values(peer, "shmem_mb")))
                }.joined(separator: " | ") + " |")
            } else {
                print("| \(label) | " + peers.map { cell($0, key, format) }.joined(separator: " | ") + " |")
            }
        }
        print("(Measured from outside by peers_harness.c: a frame is drawn once an XGetImage of the window, taken at each XDamage report and every 50 ms, shows 8 or more distinct colours; CPU is the sum of the threads' /proc schedstat run times; configure → ack runs from the ConfigureNotify of a new size to the next change of the window's sync counter, both as the harness receives them.)")

        if let coldOutput {
            let cold = parse(coldOutput)
            let librsvg = coldOutput.contains("librsvg") ? "librsvg among its largest mapped files" : "librsvg not among its largest mapped files"
            print(String(format: "The Gallery's first launch, symbol cache empty (not in the rounds): first frame %.0f ms, CPU to it %.1f ms, RSS after start %.1f MB (%@); the rounds' launches find the symbols drawn.",
                         cold["first_frame_ms"] ?? -1, cold["cpu_first_frame_ms"] ?? -1, cold["rss_start_mb"] ?? -1, librsvg))
        }
        print("Largest resident mapped files after start (MB), last round:")
        for peer in peers {
            print("- \(peer.label): " + (mapped[peer.label] ?? "–").replacingOccurrences(of: ",", with: ", ").replacingOccurrences(of: ":", with: " "))
        }

        // Where a further window's memory goes: a second Mail scene offscreen at the same size (the first
        // makes the caches every scene shares), its heap after its first frame and the drawings it keeps.
        var sceneHeaps: [Double] = [], keptDrawings = 0
        var scenes: [UIWindowScene] = []
        var phases: [Double] = []
        for _ in 0..<2 {
            let before = Memory.now().heapInUse
            let controller = AppDelegate.makeMailViewController()
            let made = Memory.now().heapInUse
            let scene = UIWindowScene.offscreen(size: CGSize(width: 1024, height: 768), rootViewController: controller)
            let shown = Memory.now().heapInUse
            scene.windows.forEach { $0.layoutIfNeeded() }
            let laidOut = Memory.now().heapInUse
            _ = scene.renderImage(scale: 1)
            let after = Memory.now().heapInUse
            sceneHeaps.append(after - before)
            phases = [made - before, shown - made, laidOut - shown, after - laidOut]
            keptDrawings = scene.windows.reduce(0) { $0 + $1.keptDrawingBytes }
            scenes.append(scene)
        }
        // The lever weighed: a third scene, with plain labels' drawings kept in colour instead of as coverage.
        UIView.keepsOneColorDrawingsAsCoverage = false
        let colorBefore = Memory.now().heapInUse
        let colorScene = UIWindowScene.offscreen(size: CGSize(width: 1024, height: 768), rootViewController: AppDelegate.makeMailViewController())
        _ = colorScene.renderImage(scale: 1)
        let colorHeap = Memory.now().heapInUse - colorBefore
        let colorDrawings = colorScene.windows.reduce(0) { $0 + $1.keptDrawingBytes }
        UIView.keepsOneColorDrawingsAsCoverage = true
        print(String(format: "A second Mail scene offscreen at 1024×768, after its first frame: %.2f MB of heap (the first, with the caches all share: %.2f MB), of which %.2f MB are the views' kept drawings.",
                     sceneHeaps[1] / 1_048_576, sceneHeaps[0] / 1_048_576, Double(keptDrawings) / 1_048_576))
        print(String(format: "With plain labels' drawings kept in colour instead of as coverage: %.2f MB of heap, %.2f MB of kept drawings.",
                     colorHeap / 1_048_576, Double(colorDrawings) / 1_048_576))
        print(String(format: "Of the second scene's heap: %.2f MB making its view controllers, %.2f MB in a window scene, %.2f MB loading and laying out its views, %.2f MB in the first frame (drawings and what else it makes).",
                     phases[0] / 1_048_576, phases[1] / 1_048_576, phases[2] / 1_048_576, phases[3] / 1_048_576))
        // The kept drawings by the class of the view that keeps them: which views a window's memory is for.
        var byClass: [String: (count: Int, bytes: Int)] = [:]
        func collect(_ view: UIView) {
            let own = view.keptDrawingBytes - view.subviews.reduce(0) { $0 + $1.keptDrawingBytes }
            if own > 0 { byClass[String(describing: type(of: view)), default: (0, 0)].count += 1; byClass[String(describing: type(of: view)), default: (0, 0)].bytes += own }
            view.subviews.forEach(collect)
        }
        scenes.last?.windows.forEach(collect)
        print("Kept drawings by view class: " + byClass.sorted { $0.value.bytes > $1.value.bytes }
            .map { String(format: "%@ %d (%.0f KB)", $0.key, $0.value.count, Double($0.value.bytes) / 1024) }.joined(separator: ", "))
        // The views a Mail scene is made of, by class, and how many are hidden.
        var census: [String: (count: Int, hidden: Int)] = [:]
        func count(_ view: UIView, hidden: Bool) {
            let hidden = hidden || view.isHidden
            census[String(describing: type(of: view)), default: (0, 0)].count += 1
            if hidden { census[String(describing: type(of: view)), default: (0, 0)].hidden += 1 }
            view.subviews.forEach { count($0, hidden: hidden) }
        }
        scenes.last?.windows.forEach { count($0, hidden: false) }
        print("Views of the second scene by class (of them hidden): " + census.sorted { $0.value.count > $1.value.count }
            .map { "\($0.key) \($0.value.count)" + ($0.value.hidden > 0 ? " (\($0.value.hidden))" : "") }.joined(separator: ", "))
        // What a window at rest keeps: the runtime lets go of the kept drawings once a window has drawn
        // nothing for half a second (`UIWindowScene.releaseKeptDrawings`), as here.
        if let scene = scenes.last {
            let before = Memory.now().heapInUse
            let released = scene.releaseKeptDrawings()
            let after = Memory.now().heapInUse
            print(String(format: "At rest the second scene lets go of %.2f MB of kept drawings: its heap %.2f → %.2f MB.",
                         Double(released) / 1_048_576, sceneHeaps[1] / 1_048_576, (sceneHeaps[1] - (before - after)) / 1_048_576))
        }

        // Each target: the median over rounds of Gallery ÷ twin in the same round.
        guard let twinSamples = samples[peers[0].label], let gallerySamples = samples[peers.last!.label] else { return }
        func ratio(_ key: String, _ combine: (Double, Double) -> Double = { $0 / $1 }) -> Double {
            median(zip(gallerySamples, twinSamples).compactMap { g, t in
                guard let a = g[key], let b = t[key], a >= 0, b > 0 else { return nil }
                return combine(a, b)
            })
        }
        report(target: "peers-start-vs-twin", value: ratio("first_frame_ms"), unit: "×", goal: 1.2)
        report(target: "peers-cpu-first-frame-vs-twin", value: ratio("cpu_first_frame_ms"), unit: "×", goal: 2)
        report(target: "peers-rss-start-vs-twin", value: ratio("rss_start_mb"), unit: "×", goal: 1.5)
        report(target: "peers-rss-per-window-over-twin", value: ratio("per_window_mb", -), unit: "MB", goal: 1)
        report(target: "peers-cpu-per-step-vs-twin", value: ratio("client_cpu_step_ms"), unit: "×", goal: 0.5)
        report(target: "peers-configure-ack-vs-twin", value: ratio("configure_ack_p50_ms"), unit: "×", goal: 1)
    }

    struct PeersError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Builds `source` (a C file beside this one) with `cc -O2`, `flags` and `pkg-config --cflags --libs
    /// packages` into `directory`: the executable's path, or nil when the build failed.
    static func compile(_ source: String, packages: String, flags: String = "", into directory: URL) -> String? {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let binary = directory.appendingPathComponent((source as NSString).deletingPathExtension).path
        let command = "cc -O2 \(flags) -o '\(binary)' '\(sources.appendingPathComponent(source).path)' $(pkg-config --cflags --libs \(packages)) -lm"
        return shell(command, environment: [:]) != nil ? binary : nil
    }

    /// Builds the bare twin into `directory`, given the picture the Gallery shows in a message at scale 1
    /// (its asset catalog's light 1x JPEG), which the twin decodes with libturbojpeg.
    static func compileTwin(into directory: URL) -> String? {
        let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GalleryApp/Resources/Assets.xcassets/Picture.imageset/picture-light@1x.jpg").path
        return compile("mail_twin.c", packages: "x11 xext pangocairo libturbojpeg", flags: "-DPICTURE_PATH='\"\(picture)\"'", into: directory)
    }

    /// The bare twin's step without X (`mail_twin offscreen`): the Mail scene drawn in full into an image
    /// surface of each size, widths `from` → `to` over `steps` steps; the median CPU per step in ms, or
    /// nil when the twin cannot be built.
    static func bareOffscreenStep(from: Int, to: Int, height: Int, steps: Int = 200) -> Double? {
        let build = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-twin-\(getpid())")
        try? FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: build) }
        guard let twin = compileTwin(into: build) else { return nil }
        return shell("'\(twin)' offscreen \(from) \(to) \(height) \(steps)", environment: [:])
            .flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    static func parse(_ output: String) -> Sample {
        var sample: Sample = [:]
        for pair in output.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { sample[String(parts[0])] = value }
        }
        return sample
    }

    /// The release Gallery beside this executable, built first when it is missing;
    /// `SCENEHOST_PEERS_GALLERY=PATH` runs another build instead (a lever being weighed).
    static func galleryExecutable() -> String? {
        if let path = ProcessInfo.processInfo.environment["SCENEHOST_PEERS_GALLERY"] {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let gallery = directory.appendingPathComponent("Gallery").path
        if FileManager.default.isExecutableFile(atPath: gallery) { return gallery }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        print("building the release Gallery (swift build -c release --product Gallery)")
        guard shell("cd '\(package.path)' && swift build -c release --product Gallery >&2", environment: [:]) != nil else { return nil }
        return FileManager.default.isExecutableFile(atPath: gallery) ? gallery : nil
    }

    /// Runs `command` with `sh -c`, `environment` added to this process's; its standard output, or nil
    /// when it failed.
    static func shell(_ command: String, environment: [String: String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        waitForExit(process)
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
