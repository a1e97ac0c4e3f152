import Foundation
@_spi(Runtime) import SceneHost
import SceneHostTesting
import X11

/// A grid of 100,000 labelled cells (8 columns, 1000×800 window), beside its GTK 4 twin
/// (`gtk_collection.c`: a GtkGridView of the same 100,000 labels, built when `pkg-config gtk4`
/// finds libgtk-4-dev, which `make bench` installs), on the same private Xvfb:
/// - client CPU per wheel step: XTest turns the wheel one notch (40 points) over SceneHost's grid and
///   the app runs until the scroll has settled and its frame is drawn; the twin scrolls its adjustment
///   by the same 40 pixels a frame and waits for each paint. Both are the process's CPU per step.
/// - applying a snapshot of 100,000 items to a shown grid (offscreen) beside GTK's fill of its model
///   (`GtkStringList`, as a GtkListView or GtkGridView takes it);
/// - resident memory with 100,000 items less that with 100;
/// - cells alive against those visible plus one screen of them.
enum CollectionBenchmark: Benchmark {
    static let name = "collection"
    static let items = 100_000, columns = 8, wheelSteps = 100

    final class LabelCell: UICollectionViewCell {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            label.textAlignment = .center
            contentView.addSubview(label)
            contentView.backgroundColor = .secondarySystemBackground
        }
        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = contentView.bounds
        }
    }

    final class GridController: UIViewController {
        var collectionView: UICollectionView!
        var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
        let initialItems: Int
        init(items: Int) { initialItems = items; super.init(nibName: nil, bundle: nil) }

        override func viewDidLoad() {
            super.viewDidLoad()
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / CGFloat(CollectionBenchmark.columns)),
                                                                                 heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(125)),
                                                           subitems: [item])
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
            collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(collectionView)
            let registration = UICollectionView.CellRegistration<LabelCell, Int> { cell, _, item in cell.label.text = String(item) }
            dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, path, item in
                collectionView.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
            }
            apply(count: initialItems)
        }

        func apply(count: Int) {
            var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(Array(0..<count))
            dataSource.apply(snapshot, animatingDifferences: false)
        }
    }

    final class BenchAppDelegate: UIResponder, UIApplicationDelegate {
        func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                         options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            let configuration = UISceneConfiguration(name: "Grid", sessionRole: connectingSceneSession.role)
            configuration.delegateClass = BenchSceneDelegate.self
            return configuration
        }
    }

    final class BenchSceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        static weak var grid: GridController?
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            guard let windowScene = scene as? UIWindowScene else { return }
            windowScene.title = "Grid"
            windowScene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 0, y: 0, width: 1000, height: 800)))
            let window = UIWindow(windowScene: windowScene)
            let grid = GridController(items: CollectionBenchmark.items)
            window.rootViewController = grid
            window.makeKeyAndVisible()
            Self.grid = grid
            self.window = window
        }
    }

    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    @MainActor
    static func run() async throws {
        // Offscreen: applying 100,000 items to a shown grid, memory, cells alive.
        let controller = GridController(items: 100)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 800), rootViewController: controller)
        let window = scene.keyWindow!
        window.layoutIfNeeded()
        let rssSmall = residentMegabytes()
        controller.apply(count: items)
        window.layoutIfNeeded()
        let rssLarge = residentMegabytes()
        var applyTimes: [Double] = []
        for round in 0..<6 {
            controller.apply(count: 100)
            window.layoutIfNeeded()
            let time = milliseconds {
                controller.apply(count: items)
                window.layoutIfNeeded()
            }
            if round > 0 { applyTimes.append(time) }
        }
        let collectionView = controller.collectionView!
        collectionView.contentOffset.y = 125 * 4000
        window.layoutIfNeeded()
        let visible = collectionView.indexPathsForVisibleItems.count
        let alive = collectionView.liveCellCount + collectionView.pooledViewCount
        let applyTime = median(applyTimes)

        // On a display: wheel steps over the grid.
        let display = try VirtualDisplay(width: 1280, height: 1024)
        let app = try AppHarness(BenchAppDelegate.self, display: display)
        guard await app.waitForScenes(1), let grid = app.scenes.first, let xWindow = app.window(of: grid),
              let gridView = BenchSceneDelegate.grid?.collectionView else {
            throw X11Error("the grid scene did not start")
        }
        _ = await app.run(until: { grid.effectiveGeometry.systemFrame.size == CGSize(width: 1000, height: 800) }, timeout: 3)
        await app.run(for: 0.5)
        let other = try display.connect()
        let input = try SyntheticInput(display: other)
        guard let center = input.rootPoint((500, 400), in: xWindow) else { throw X11Error("the grid window has no place on the screen") }
        input.move(to: center)
        await app.run(for: 0.2)
        func wheel() async {
            let target = gridView.contentOffset.y + UIPanGestureRecognizer.pointsPerScrollStep
            other.fakeButton(5, pressed: true)
            other.fakeButton(5, pressed: false)
            other.flush()
            _ = await app.run(until: { gridView.contentOffset.y >= target - 0.5 && !gridView.isDecelerating }, timeout: 1)
            await app.run(for: 0.005)
        }
        for _ in 0..<20 { await wheel() }
        let startOffset = gridView.contentOffset.y
        let cpuBefore = ResizeDragBenchmark.processCPUSeconds()
        for _ in 0..<wheelSteps { await wheel() }
        let cpuPerStep = (ResizeDragBenchmark.processCPUSeconds() - cpuBefore) * 1000 / Double(wheelSteps)
        let scrolled = gridView.contentOffset.y - startOffset
        let displayVisible = gridView.indexPathsForVisibleItems.count
        let displayAlive = gridView.liveCellCount + gridView.pooledViewCount

        // The GTK twin on the same display.
        let twin = gtkTwin(display: display.name)
        app.quit()

        print("| measure | SceneHost | GTK 4 twin | ratio |")
        print("| --- | --- | --- | --- |")
        if let twin {
            print(String(format: "| client CPU per wheel step of the grid (ms) | %.3f | %.3f | %.2f |", cpuPerStep, twin.cpuPerStep, cpuPerStep / twin.cpuPerStep))
            print(String(format: "| 100,000 items: snapshot applied / GtkStringList filled (ms) | %.2f | %.2f | %.2f |", applyTime, twin.fill, applyTime / twin.fill))
            print(String(format: "| cells (widgets) alive at rest | %d | %d | |", displayAlive, twin.children))
        } else {
            print(String(format: "| client CPU per wheel step of the grid (ms) | %.3f | not built | |", cpuPerStep))
            print(String(format: "| 100,000 items: snapshot applied (ms) | %.2f | not built | |", applyTime))
        }
        print(String(format: "| resident memory, 100 items → 100,000 items (MB) | %.1f → %.1f | | |", rssSmall, rssLarge))
        print("| cells alive / visible (offscreen, mid-list; on the display) | \(alive) / \(visible); \(displayAlive) / \(displayVisible) | | |")
        print(String(format: "(%d wheel steps scrolled %.0f points. The GTK twin scrolls its adjustment 40 px a frame and waits for each paint: GTK's own wheel step is a different distance.)", wheelSteps, scrolled))
        if twin == nil { print("GTK twin not built: libgtk-4-dev is not installed (`make bench` installs it).") }
        if let twin {
            report(target: "collection-wheel-cpu-vs-gtk", value: cpuPerStep / twin.cpuPerStep, unit: "×", goal: 0.5)
            report(target: "collection-apply-vs-gtk-fill", value: applyTime / twin.fill, unit: "×", goal: 0.5)
        }
        report(target: "collection-rss-growth", value: rssLarge - rssSmall, unit: "MB", goal: 10)
        report(target: "collection-cells-alive-vs-visible-plus-screen", value: Double(max(alive, displayAlive)) / Double(2 * max(1, min(visible, displayVisible))), unit: "×", goal: 1)
    }

    /// Builds and runs `gtk_collection.c` on `display`: its CPU per scroll step, model fill time and
    /// widgets alive; nil when GTK 4's headers are missing or the build fails.
    static func gtkTwin(display: String) -> (cpuPerStep: Double, fill: Double, children: Int)? {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("gtk_collection.c").path
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-gtk-collection-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: binary) }
        guard shell("cc -O2 -o '\(binary)' '\(source)' $(pkg-config --cflags --libs gtk4)", display: display) != nil,
              let fill = shell("'\(binary)' fill", display: display).flatMap({ Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
              let grid = shell("'\(binary)' grid 40 \(wheelSteps)", display: display)?.split(whereSeparator: \.isWhitespace),
              grid.count >= 2, let cpu = Double(grid[grid.count - 2]), let children = Int(grid[grid.count - 1]) else { return nil }
        return (cpu, fill, children)
    }

    /// Runs `command` with `sh -c` on `display` (GTK on X11, without the accessibility bus); its standard
    /// output, or nil when it failed.
    static func shell(_ command: String, display: String) -> String? {
        PeersBenchmark.shell(command, environment: ["DISPLAY": display, "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1"])
    }
}
