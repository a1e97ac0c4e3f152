import Foundation
@_spi(Runtime) import SceneHost
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import X11

/// Images: decoding a 4000×3000 JPEG against libjpeg-turbo's own `djpeg` on the same file, and a
/// person dragging the corner of a window showing a grid of 20 photos against the same grid of solid
/// colours (on a private Xvfb with openbox, as the `resize` benchmark drags the Gallery).
///
/// The JPEGs are made here: a photograph-like picture (gradients, shapes and grain) drawn by SceneHost
/// and encoded by `cjpeg` (Debian `libjpeg-turbo-progs`, which `make bench` installs).
enum ImageBenchmark: Benchmark {
    static let name = "images"
    static let decodeRounds = 7

    @MainActor
    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-images-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let djpeg = tool("djpeg"), tool("cjpeg") != nil else {
            print("images: needs cjpeg and djpeg (Debian libjpeg-turbo-progs; `make bench` installs it)")
            return
        }
        let large = try makeJPEG(width: 4000, height: 3000, seed: 1, in: folder)
        let data = try Data(contentsOf: large)
        // Alternated, so that a neighbour's burst hits both alike.
        var ours: [Double] = [], theirs: [Double] = []
        for _ in 0..<decodeRounds {
            theirs.append(try runTool(djpeg, ["-outfile", "/dev/null", large.path]))
            ours.append(milliseconds {
                guard let image = UIImage(data: data), image.preparingForDisplay() != nil else { fatalError("the benchmark's JPEG did not decode") }
            })
        }
        print("| 4000×3000 JPEG, \(decodeRounds) rounds | median (ms) | range (ms) |")
        print("| --- | --- | --- |")
        print(String(format: "| djpeg (libjpeg-turbo, to /dev/null) | %.1f | %.1f–%.1f |", median(theirs), theirs.min()!, theirs.max()!))
        print(String(format: "| UIImage(data:).preparingForDisplay() | %.1f | %.1f–%.1f |", median(ours), ours.min()!, ours.max()!))

        // Twenty 1600×1200 photos, each different.
        GridSceneDelegate.photos = try (0..<20).map { index in
            let url = try makeJPEG(width: 1600, height: 1200, seed: index + 2, in: folder)
            return UIImage(data: try Data(contentsOf: url))!
        }
        let (app, scene, window, other) = try await launch()
        let input = try SyntheticInput(display: other)
        guard let corner = input.frameCorner(of: window) else { throw X11Error("no frame corner") }
        // Pairs of drags, photos and colours back to back (the order alternating pair by pair, so a
        // drift in the machine's speed favours neither), each pair's ratio its own estimate: a
        // neighbour's burst spoils the pair it lands in, not the whole run. CPU is the process's, less
        // the XTest calls; the main thread's (where the app lays out, draws, composites and presents)
        // and the other threads' are shown apart.
        var pairs: [(photos: Drag, colours: Drag)] = [], others: [String: Double] = [:]
        // `SCENEHOST_IMAGES_ONLY=photos` (or `colours`) drags only that grid, twice per pair: for a
        // profile of one kind of step (`perf record -g`), its figures not a comparison.
        let only = ProcessInfo.processInfo.environment["SCENEHOST_IMAGES_ONLY"].map { $0 == "photos" }
        for pair in 0..<Self.pairs {
            var measured: [Bool: Drag] = [:]
            for showsPhotos in pair % 2 == 0 ? [true, false] : [false, true] {
                if let only {
                    GridSceneDelegate.grid?.show(photos: only)
                    await app.run(for: 0.5)
                    let drag = await ResizeDragBenchmark.drag(app: app, scene: scene, other: other, input: input, corner: corner, dy: 1)
                    measured[showsPhotos] = Drag(drag, app: app, scene: scene)
                    await app.run(for: 0.4)
                    continue
                }
                GridSceneDelegate.grid?.show(photos: showsPhotos)
                await app.run(for: 0.5)
                let threadsBefore = ThreadCensus.take()
                let drag = await ResizeDragBenchmark.drag(app: app, scene: scene, other: other, input: input, corner: corner, dy: 1)
                for (name, seconds) in ThreadCensus.take().cpu(since: threadsBefore, leavingOut: getpid()) { others[name, default: 0] += seconds }
                measured[showsPhotos] = Drag(drag, app: app, scene: scene)
                await app.run(for: 0.4)
            }
            pairs.append((measured[true]!, measured[false]!))
        }
        let ratios = pairs.map { $0.photos.process / $0.colours.process }
        let mainRatios = pairs.map { $0.photos.main / $0.colours.main }
        // The estimate used until December 2026, from the first four pairs' drags: the median of the
        // photos' drags (process CPU) over the median of the colours'.
        // Every drag repeats the same 200 sizes, so a step costs the same work in each (the same
        // redraws land on the same steps); a neighbour's burst only adds to it. The cost of each step
        // as the quieter drags measured it (the lower quartile over the drags of a kind, step by
        // step), summed, is the drag's cost with the bursts left out.
        func quietCost(_ drags: [Drag], rank: Int? = nil) -> Double {
            let count = drags.map(\.steps.count).min() ?? 0
            guard count > 0 else { return 0 }
            return (0..<count).reduce(0) { sum, step in sum + drags.map { $0.steps[step] }.sorted()[rank ?? drags.count / 4] } / Double(count)
        }
        let quiet = (photos: quietCost(pairs.map(\.photos)), colours: quietCost(pairs.map(\.colours)))
        let stepMedians = (photos: quietCost(pairs.map(\.photos), rank: Self.pairs / 2), colours: quietCost(pairs.map(\.colours), rank: Self.pairs / 2))
        let first = pairs.prefix(4)
        let oldEstimate = median(first.map(\.photos.process)) / median(first.map(\.colours.process))
        print("")
        print("| 1280×800 @1x, a 5×4 grid in a 640×420 window dragged 200 steps, \(Self.pairs) pairs of drags | main thread CPU per step, median (range) (ms) | process CPU per step, median (range) (ms) | steps acknowledged |")
        print("| --- | --- | --- | --- |")
        for (label, drags) in [("20 photos (1600×1200 JPEGs in image views, aspect fill)", pairs.map(\.photos)), ("20 solid colours", pairs.map(\.colours))] {
            let main = drags.map(\.main), process = drags.map(\.process)
            print(String(format: "| %@ | %.3f (%.3f–%.3f) | %.3f (%.3f–%.3f) | %d of %d |", label, middle(main), main.min()!, main.max()!,
                         middle(process), process.min()!, process.max()!, drags.map(\.acknowledged).reduce(0, +), Self.pairs * ResizeDragBenchmark.steps))
        }
        for (label, drags) in [("photos", pairs.map(\.photos)), ("colours", pairs.map(\.colours))] {
            print(String(format: "(%@: %.2f frames and %.0f pixels composited per step)", label, middle(drags.map(\.frames)), middle(drags.map(\.damagedPixels))))
        }
        print("")
        print("| pair | photos, process (ms/step) | colours, process (ms/step) | ratio | ratio, main thread |")
        print("| --- | --- | --- | --- | --- |")
        for (index, pair) in pairs.enumerated() {
            print(String(format: "| %d (%@ first) | %.3f | %.3f | %.3f | %.3f |", index + 1, index % 2 == 0 ? "photos" : "colours",
                         pair.photos.process, pair.colours.process, ratios[index], mainRatios[index]))
        }
        let otherTotal = others.values.reduce(0, +) * 1000 / Double(2 * Self.pairs * ResizeDragBenchmark.steps)
        let named = others.sorted { $0.value > $1.value }.prefix(4)
            .map { String(format: "%@ %.3f", $0.key, $0.value * 1000 / Double(2 * Self.pairs * ResizeDragBenchmark.steps)) }
        print(String(format: "(Other threads of the process during the drags: %.3f ms per step in all", otherTotal)
              + (named.isEmpty ? "" : " (" + named.joined(separator: ", ") + ")") + ". "
              + String(format: "The ratio of the main thread's CPU, median of pairs: %.3f; the old estimate (medians of the first four pairs' drags, process CPU): %.3f; step by step, the lower quartile over the drags (main thread): photos %.3f, colours %.3f ms, ratio %.3f; the median over the drags instead: %.3f, %.3f ms, ratio %.3f.)", middle(mainRatios), oldEstimate, quiet.photos, quiet.colours, quiet.photos / quiet.colours,
                                stepMedians.photos, stepMedians.colours, stepMedians.photos / stepMedians.colours))
        print("(While the drag lasts, an image view copies its drawing as drawn while its size stays within twelve pixels of it (a photo filling it drawn fourteen pixels beyond its bounds and kept at their origin, its opaque pixels copied rather than blended, only its edges composited while its cell grows without moving), and beyond that draws again from the copy made before the drag (the thumbnail) with the nearest pixel; the release draws them in full from the photos' scaled copies.)")
        report(target: "images-jpeg-decode-ratio", value: median(ours) / median(theirs), unit: "× djpeg", goal: 1.2)
        report(target: "images-drag-cpu-ratio", value: middle(ratios), unit: "× solid colours", goal: 1.2)
    }

    /// Pairs of drags (photos, colours) the drag ratio is the median of.
    static let pairs = 21

    /// One drag's CPU per step (ms): the process's and the main thread's, less the XTest calls.
    struct Drag {
        var process: Double, main: Double, acknowledged: Int
        /// The main thread's CPU at each step (ms).
        var steps: [Double]
        /// Frames drawn, and pixels composited, per step.
        var frames = 0.0, damagedPixels = 0.0

        @MainActor
        init(_ drag: (cpuPerStep: Double, hand: Double, elapsed: Double, frames: [[String: Any]], mainThreadCPUPerStep: Double, stepCPU: [Double]),
             app: AppHarness, scene: UIWindowScene) {
            (process, main, acknowledged, steps) = (drag.cpuPerStep, drag.mainThreadCPUPerStep, drag.frames.count, drag.stepCPU)
            // The drag cleared the trace when it began: these are its frames.
            let all = app.events(of: "frame", scene: scene)
            frames = Double(all.count) / Double(ResizeDragBenchmark.steps)
            damagedPixels = all.reduce(0) { $0 + ($1["damagedPixels"] as? Double ?? 0) } / Double(ResizeDragBenchmark.steps)
        }
    }

    /// The median (the mean of the middle two of an even count).
    static func middle(_ values: [Double]) -> Double {
        let sorted = values.sorted(), count = sorted.count
        guard count > 0 else { return 0 }
        return count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    }

    /// The path of a command-line tool, if installed.
    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool to the end; its wall-clock time in ms.
    static func runTool(_ path: String, _ arguments: [String], input: URL? = nil, output: URL? = nil) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        waitForExit(process)
        guard process.terminationStatus == 0 else { throw X11Error("\(path) failed") }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// A photograph-like JPEG: a sky, a sun, hills and grain, different for each seed.
    @MainActor
    static func makeJPEG(width: Int, height: Int, seed: Int, in folder: URL) throws -> URL {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        let w = CGFloat(width), h = CGFloat(height), hue = CGFloat(seed % 7) / 7
        let image = UIGraphicsImageRenderer(size: CGSize(width: w, height: h), format: format).image { context in
            for band in 0..<60 {
                let t = CGFloat(band) / 60
                UIColor(red: 0.3 + 0.4 * t + 0.2 * hue, green: 0.5 + 0.3 * t, blue: 0.9 - 0.3 * t - 0.2 * hue, alpha: 1).setFill()
                context.fill(CGRect(x: 0, y: t * h, width: w, height: h / 60 + 1))
            }
            UIColor(red: 1, green: 0.85, blue: 0.35, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: w * (0.5 + 0.3 * hue), y: h * 0.15, width: h * 0.2, height: h * 0.2)).fill()
            for hill in 0..<3 {
                UIColor(red: 0.15 + 0.05 * CGFloat(hill), green: 0.4 + 0.07 * CGFloat(hill), blue: 0.2, alpha: 1).setFill()
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 0, y: h))
                for x in stride(from: 0.0, through: w, by: w / 80) {
                    path.addLine(to: CGPoint(x: x, y: h * (0.6 + 0.1 * CGFloat(hill)) + h * 0.06 * sin(x / w * 9 + CGFloat(hill + seed))))
                }
                path.addLine(to: CGPoint(x: w, y: h))
                path.close()
                path.fill()
            }
        }
        // Grain, as a photograph has: what makes a JPEG's coefficients (and its decoding) realistic.
        let cg = image.cgImage!
        var ppm = Data("P6\n\(width) \(height)\n255\n".utf8)
        ppm.reserveCapacity(width * height * 3 + 32)
        var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 | 1)
        cg.withPixels { pixel in
            for y in 0..<height {
                for x in 0..<width {
                    state ^= state << 13; state ^= state >> 17; state ^= state << 5
                    let noise = Int(state % 25) - 12
                    let p = pixel(x, y)
                    for shift in [16, 8, 0] as [UInt32] { ppm.append(UInt8(clamping: Int(p >> shift & 0xff) + noise)) }
                }
            }
        }
        let ppmURL = folder.appendingPathComponent("picture-\(seed).ppm"), jpegURL = folder.appendingPathComponent("picture-\(seed).jpg")
        try ppm.write(to: ppmURL)
        _ = try runTool(tool("cjpeg")!, ["-quality", "90", "-outfile", jpegURL.path, ppmURL.path])
        try? FileManager.default.removeItem(at: ppmURL)
        return jpegURL
    }

    /// The grid app on a private 1280×800 Xvfb with openbox, its window at 640×420 near the top left.
    @MainActor
    static func launch() async throws -> (AppHarness, UIWindowScene, Window, Display) {
        let display = try VirtualDisplay(width: 1280, height: 800)
        let manifest = UIApplicationSceneManifest(supportsMultipleScenes: false, configurations: [.windowApplication: [.init(name: "Grid")]])
        let app = try AppHarness(GridAppDelegate.self, display: display, manifest: manifest)
        guard await app.waitForScenes(1), let scene = app.scenes.first, let window = app.window(of: scene) else {
            throw X11Error("the grid app did not start")
        }
        let other = try display.connect()
        let frame = CGRect(x: 20, y: 40, width: 640, height: 420)
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: frame))
        other.activate(window, source: 2)
        other.flush()
        _ = await app.run(until: { scene.effectiveGeometry.systemFrame.size == frame.size && scene.activationState == .foregroundActive })
        await app.run(for: 0.5)
        return (app, scene, window, other)
    }
}

final class GridAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Grid", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = GridSceneDelegate.self
        return configuration
    }
}

/// One window with a 5×4 grid of cells (stack views): image views showing the photos, or plain views
/// of solid colours.
final class GridSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    @MainActor static var photos: [UIImage] = []
    @MainActor static weak var grid: GridViewController?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        windowScene.title = "Grid"
        let window = UIWindow(windowScene: windowScene)
        let controller = GridViewController()
        Self.grid = controller
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
    }
}

final class GridViewController: UIViewController {
    private var imageViews: [UIImageView] = []
    private var swatches: [UIView] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let columns = UIStackView()
        columns.axis = .vertical
        columns.distribution = .fillEqually
        columns.spacing = 4
        columns.translatesAutoresizingMaskIntoConstraints = false
        let palette: [UInt32] = [0x5E5CE6, 0xFF9F0A, 0x30B0C7, 0xFF375F, 0x34C759]
        for row in 0..<4 {
            let line = UIStackView()
            line.distribution = .fillEqually
            line.spacing = 4
            for column in 0..<5 {
                let index = row * 5 + column
                let cell = UIView()
                let imageView = UIImageView(image: GridSceneDelegate.photos.isEmpty ? nil : GridSceneDelegate.photos[index % GridSceneDelegate.photos.count])
                imageView.contentMode = .scaleAspectFill
                imageView.clipsToBounds = true
                let swatch = UIView()
                swatch.backgroundColor = UIColor(rgb: palette[index % palette.count])
                for view in [imageView, swatch] {
                    view.translatesAutoresizingMaskIntoConstraints = false
                    cell.addSubview(view)
                    NSLayoutConstraint.activate([
                        view.leadingAnchor.constraint(equalTo: cell.leadingAnchor), view.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
                        view.topAnchor.constraint(equalTo: cell.topAnchor), view.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
                    ])
                }
                imageViews.append(imageView)
                swatches.append(swatch)
                line.addArrangedSubview(cell)
            }
            columns.addArrangedSubview(line)
        }
        view.addSubview(columns)
        NSLayoutConstraint.activate([
            columns.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 4),
            columns.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -4),
            columns.topAnchor.constraint(equalTo: view.topAnchor, constant: 4),
            columns.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -4),
        ])
        show(photos: true)
    }

    /// Shows the photos, or the solid colours, in the same cells.
    func show(photos: Bool) {
        for view in imageViews { view.isHidden = !photos }
        for view in swatches { view.isHidden = photos }
    }
}

/// The CPU time of each of this process's threads (`/proc/self/task/*/schedstat`), by thread name.
struct ThreadCensus {
    var threads: [Int32: (name: String, seconds: Double)] = [:]

    static func take() -> ThreadCensus {
        var census = ThreadCensus()
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return census }
        for task in tasks {
            guard let tid = Int32(task),
                  let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/schedstat", encoding: .utf8),
                  let nanoseconds = stat.split(separator: " ").first.flatMap({ Double($0) }) else { continue }
            let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            census.threads[tid] = (name, nanoseconds / 1e9)
        }
        return census
    }

    /// Seconds each thread but `left` ran since `earlier` (threads started since count from zero).
    func cpu(since earlier: ThreadCensus, leavingOut left: Int32) -> [String: Double] {
        var result: [String: Double] = [:]
        for (tid, thread) in threads where tid != left {
            let spent = thread.seconds - (earlier.threads[tid]?.seconds ?? 0)
            if spent > 0 { result[thread.name, default: 0] += spent }
        }
        return result
    }
}
