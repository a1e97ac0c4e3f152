import Foundation
@_spi(Runtime) import SceneHost
import SceneHostTesting
import GalleryApp

/// `Benchmarks sheet`: the Gallery's contact sheets (every iPad model and arrangement, both orientations,
/// light and dark), rendered offscreen. A cell (its resize, layout and drawing; PNG encoding aside) is
/// measured against a full redraw of the same scene at the same size (every view drawn again), in the
/// same run.
enum ContactSheetBenchmark: Benchmark {
    static let name = "sheet"

    static func run() async throws {
        AppDelegate.showsOverlay = false
        var sheet = ContactSheet()
        sheet.styles = [.light, .dark]
        print("| scene | cells | CPU per cell | full redraw at the same sizes | ÷ |")
        print("| --- | --- | --- | --- | --- |")
        var ratios: [Double] = []
        for (name, make) in AppDelegate.scenesForContactSheets {
            // Warm: fonts, shaped text and caches are made once, as in any run after the first cell.
            _ = sheet.renderCells(make)
            let before = ResizeDragBenchmark.threadCPUSeconds()
            let cells = sheet.renderCells(make)
            let perCell = (ResizeDragBenchmark.threadCPUSeconds() - before) * 1000 / Double(cells.count)
            let redraw = fullRedraw(of: make, at: sheet.sizes.map(\.size), styles: sheet.styles)
            ratios.append(perCell / redraw)
            print(String(format: "| %@ | %d | %.2f ms | %.2f ms | %.2f |", name, cells.count, perCell, redraw, perCell / redraw))
        }
        report(target: "sheet-cell-vs-full-redraw", value: ratios.max() ?? 0, unit: "×", goal: 2)
    }

    /// The mean CPU of drawing the whole scene again at each size (a scene per size and style, laid
    /// out and drawn once first; then every view marked for drawing and the scene rendered, five times).
    /// A full redraw's CPU, each one's image kept as a cell's is: a kept image is drawn into fresh pages
    /// the kernel must provide, a dropped one's memory is handed to the next (72% of a Settings cell's
    /// samples were those page faults while the redraw paid none).
    static func fullRedraw(of make: () -> UIViewController, at sizes: [CGSize], styles: [UIUserInterfaceStyle]) -> Double {
        var total = 0.0, count = 0
        var kept: [ImageSurface] = []
        defer { withExtendedLifetime(kept) {} }
        for style in styles {
            for size in sizes {
                let scene = UIWindowScene.offscreen(size: size, rootViewController: make())
                scene.traitOverrides.userInterfaceStyle = style
                _ = scene.renderImage()
                for _ in 0..<3 {
                    let before = ResizeDragBenchmark.threadCPUSeconds()
                    for window in scene.windows { markEverything(window) }
                    kept.append(scene.renderImage())
                    total += ResizeDragBenchmark.threadCPUSeconds() - before
                    count += 1
                }
                scene.windows.first?.rootViewController = nil
            }
        }
        return total * 1000 / Double(max(count, 1))
    }

    private static func markEverything(_ view: UIView) {
        view.setNeedsDisplay()
        for subview in view.subviews { markEverything(subview) }
    }
}
