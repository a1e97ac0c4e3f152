import Foundation
@_spi(Runtime) import SceneHost

/// Hit testing through 10,000 views beside one layout pass of the same views, in one offscreen scene: a
/// grid view lays out 10,000 tiles (100 × 100, each half its cell, in its `layoutSubviews`). The worst
/// hit test is a point in the gaps between tiles: the search asks every tile, frontmost first, and
/// finds the grid. A typical one lands on a tile in the last row (found among the first hundred asked).
/// Also timed: the worst point through tiles of a UIView subclass (plain views are refused without a
/// call; these are each asked), and a full click through the scene's pointer path (touch, tap
/// recognizer on the grid, delivery) at the worst point.
enum HitTestBenchmark: Benchmark {
    static let name = "hittest"

    /// Lays out its tiles in a 100×100 grid, each tile the top-left quarter of its cell.
    final class Grid: UIView {
        override func layoutSubviews() {
            let cell = CGSize(width: bounds.width / 100, height: bounds.height / 100)
            var index = 0
            for tile in subviews {
                tile.frame = CGRect(x: CGFloat(index % 100) * cell.width, y: CGFloat(index / 100) * cell.height,
                                    width: cell.width / 2, height: cell.height / 2)
                index += 1
            }
        }
    }

    @MainActor
    static func run() throws {
        let controller = UIViewController()
        let grid = Grid()
        grid.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        for _ in 0..<10_000 { grid.addSubview(UIView()) }
        controller.view.addSubview(grid)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 800), rootViewController: controller)
        let window = scene.keyWindow!
        grid.frame = controller.view.bounds
        window.layoutIfNeeded()
        let views = grid.subviews.count + 1
        // Cells are 10 × 8 points: (7, 6) is in the gap of the first cell; (1, 793) on a tile of the last row.
        let worst = CGPoint(x: 7, y: 6), typical = CGPoint(x: 1, y: 793)
        precondition(window.hitTest(worst, with: nil) === grid, "the worst point asks every tile and finds the grid")
        precondition(window.hitTest(typical, with: nil)?.superview === grid, "the typical point hits a tile")
        var taps = 0
        grid.addGestureRecognizer(UITapGestureRecognizer { _ in taps += 1 })

        var found: UIView?
        // One layout pass: the grid lays out its 10,000 tiles again.
        let layout = { () -> Void in
            grid.setNeedsLayout()
            window.layoutIfNeeded()
        }
        func time(_ repeats: Int, _ body: () -> Void) -> Double {
            milliseconds { for _ in 0..<repeats { body() } } * 1e3 / Double(repeats)
        }
        // Hit tests and layout passes alternate, round by round, and the target is the median of the
        // rounds' ratios: on a shared machine the load changes between rounds, not within one.
        for _ in 0..<5 {
            _ = time(10) { found = window.hitTest(worst, with: nil) }
            _ = time(2, layout)
        }
        var worstTimes: [Double] = [], layoutTimes: [Double] = [], ratios: [Double] = []
        for _ in 0..<61 {
            let hit = time(10) { found = window.hitTest(worst, with: nil) }
            let pass = time(2, layout)
            worstTimes.append(hit)
            layoutTimes.append(pass)
            ratios.append(hit / pass)
        }
        let worstTime = median(worstTimes), layoutTime = median(layoutTimes)
        let typicalTime = median((0..<51).map { _ in time(200) { found = window.hitTest(typical, with: nil) } })
        // Clicks far enough apart in time to stay single taps.
        var clickTimes: [Double] = []
        for round in 0..<51 {
            let start = Double(round)
            clickTimes.append(milliseconds {
                scene.pointerPressed(at: worst, timestamp: start)
                scene.pointerReleased(at: worst, timestamp: start + 0.05)
            } * 1e3)
        }
        let clickTime = median(clickTimes)
        // The same grid of tiles of a UIView subclass: no shortcut for plain views, every tile's hit
        // test is called (its flags read, its `point(inside:)` asked).
        final class Tile: UIView {}
        let subclassGrid = Grid(frame: grid.frame)
        for _ in 0..<10_000 { subclassGrid.addSubview(Tile()) }
        controller.view.addSubview(subclassGrid)
        window.layoutIfNeeded()
        precondition(window.hitTest(worst, with: nil) === subclassGrid)
        let subclassTime = median((0..<31).map { _ in time(10) { found = window.hitTest(worst, with: nil) } })
        _ = found
        precondition(taps == 51, "every click was a tap")

        print("| work | views | µs (median) | ns per view |")
        print("|---|---|---|---|")
        for (name, time) in [("hit test, worst point (asks every view)", worstTime), ("hit test, typical point", typicalTime),
                             ("hit test, worst point, tiles of a UIView subclass", subclassTime),
                             ("click through the pointer path, worst point", clickTime), ("one layout pass", layoutTime)] {
            print(String(format: "| %@ | %d | %.2f | %.2f |", name, views, time, time * 1e3 / Double(views)))
        }
        report(target: "hittest", value: median(ratios), unit: "× a layout pass", goal: 1.0)
    }
}
