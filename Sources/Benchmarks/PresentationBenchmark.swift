import Cairo
import Foundation
import GalleryApp
@_spi(Runtime) import SceneHost

/// The CPU from `present(_:animated: true)` to the first animated frame drawn (layout, drawing and
/// compositing that frame's damage into the back buffer), for a popover anchored in the Mail scene and
/// for a form sheet over it, against the CPU of one step of a drag of the same window's corner (place,
/// frame, composite), measured in the same run, offscreen at 1024×768 @1x. Each is the median of 40
/// rounds after 5 to warm up; between rounds the animation runs out and the presentation is dismissed
/// (not measured). Beside them, not a target, a frame 0.1 s into each animation (the sheet's dimming
/// half faded in, which composites the whole window).
enum PresentationBenchmark: Benchmark {
    static let name = "presentation"
    static let rounds = 40, warmUp = 5

    /// A small settings-like content: a title, two rows with switches.
    @MainActor
    static func content() -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = .systemBackground
        controller.preferredContentSize = CGSize(width: 320, height: 160)
        for (index, text) in ["Filter", "Unread only", "Flagged only"].enumerated() {
            let label = UILabel(frame: CGRect(x: 20, y: 16 + 44 * CGFloat(index), width: 200, height: 30))
            label.text = text
            controller.view.addSubview(label)
            if index > 0 {
                let toggle = UISwitch()
                toggle.frame.origin = CGPoint(x: 250, y: 16 + 44 * CGFloat(index))
                controller.view.addSubview(toggle)
            }
        }
        return controller
    }

    @MainActor
    static func run() async throws {
        let mail = AppDelegate.makeMailViewController()
        let drag = OffscreenDrag(mail, size: CGSize(width: 1024, height: 768))
        let scene = drag.scene
        // Warm fonts and caches with a few steps.
        for i in 0..<20 { _ = drag.step(width: 1024 + CGFloat(i % 2), height: 768) }

        var resizeSteps: [Double] = []
        for i in 0..<(rounds + warmUp) {
            let before = ResizeDragBenchmark.processCPUSeconds()
            _ = drag.step(width: 1024 + CGFloat(i % 2 == 0 ? 1 : 0), height: 768)
            resizeSteps.append((ResizeDragBenchmark.processCPUSeconds() - before) * 1000)
        }

        /// The first frame's CPU, and a frame's in the middle of the animation (the dimming half
        /// faded in, the sheet half way up): that one composites the whole window.
        func measure(_ style: UIModalPresentationStyle) -> (first: [Double], middle: [Double]) {
            var samples: [Double] = [], middles: [Double] = []
            var time = CACurrentMediaTime() + 1000
            for _ in 0..<(rounds + warmUp) {
                let presented = content()
                presented.modalPresentationStyle = style
                if let popover = presented.popoverPresentationController {
                    popover.sourceView = mail.view
                    popover.sourceRect = CGRect(x: 560, y: 20, width: 40, height: 30)
                }
                let before = ResizeDragBenchmark.processCPUSeconds()
                mail.present(presented, animated: true)
                let frame = scene.offscreenHost!.prepareFrame(at: time)
                scene.render(into: drag.context, damage: frame.damage, scale: 1)
                drag.image.flush()
                samples.append((ResizeDragBenchmark.processCPUSeconds() - before) * 1000)
                let middle = ResizeDragBenchmark.processCPUSeconds()
                let next = scene.offscreenHost!.prepareFrame(at: time + 0.1)
                scene.render(into: drag.context, damage: next.damage, scale: 1)
                drag.image.flush()
                middles.append((ResizeDragBenchmark.processCPUSeconds() - middle) * 1000)
                // The rest of the animation, then away (not measured).
                time += 1
                _ = scene.offscreenHost!.prepareFrame(at: time)
                mail.dismiss(animated: false)
                _ = scene.offscreenHost!.prepareFrame(at: time)
                time += 1
            }
            return (Array(samples.dropFirst(warmUp)), Array(middles.dropFirst(warmUp)))
        }
        let (popover, popoverMiddle) = measure(.popover), (sheet, sheetMiddle) = measure(.formSheet)
        let step = median(Array(resizeSteps.dropFirst(warmUp)))
        print("| Mail scene, 1024×768 @1x, offscreen | CPU, median of \(rounds) (range) (ms) | ÷ resize step |")
        print("| --- | --- | --- |")
        for (label, values) in [("one resize step (place, frame, composite)", Array(resizeSteps.dropFirst(warmUp))),
                                ("present a popover → first animated frame drawn", popover),
                                ("present a form sheet → first animated frame drawn", sheet),
                                ("a popover's frame 0.1 s into its animation (not a target)", popoverMiddle),
                                ("a form sheet's frame 0.1 s into its animation (not a target)", sheetMiddle)] {
            print(String(format: "| %@ | %.3f (%.3f–%.3f) | %.2f |", label, median(values), values.min() ?? 0, values.max() ?? 0, median(values) / step))
        }
        report(target: "presentation-popover-cpu-ratio", value: median(popover) / step, unit: "×", goal: 2)
        report(target: "presentation-sheet-cpu-ratio", value: median(sheet) / step, unit: "×", goal: 2)
    }
}
