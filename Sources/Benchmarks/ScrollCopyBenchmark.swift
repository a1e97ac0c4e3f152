import Foundation
import GalleryApp
@_spi(Runtime) import SceneHost
import SceneHostTesting
import X11

/// A long scroll view scrolled by the wheel, for real: the Gallery on a private Xvfb with openbox, its
/// Mail window (1400×900) covered by a scroll view of 1,000 labelled rows (a subview of the window, over
/// the root view and the Gallery's overlay); 200 wheel notches (XTest's buttons 5 and 4), each waiting
/// for the frame that shows it, in rounds of 10 that alternate the two conditions. Measured: the app's CPU per notch when
/// the scroll copies the pixels already drawn (in the back buffer and, by the server, in the window)
/// and composites only the uncovered strip, against the same notches drawn in full (a one-point view
/// laid over the scroll view's corner keeps the copy from being made), in the same run; and the frames'
/// own work (layout, drawing, compositing and presenting, from the trace) per notch, which is what the
/// copy changes.
enum ScrollCopyBenchmark: Benchmark {
    static let name = "scroll"
    static let notches = 200

    @MainActor
    static func run() async throws {
        let (app, mail, window, other) = try await ResizeDragBenchmark.launchMail(width: 1600, height: 1000,
                                                                                frame: CGRect(x: 20, y: 40, width: 1400, height: 900))
        guard let root = mail.keyWindow else { throw X11Error("the Mail scene has no window") }
        let scrollView = UIScrollView(frame: root.bounds)
        scrollView.backgroundColor = .systemBackground
        scrollView.contentSize = CGSize(width: root.bounds.width, height: 1000 * 44)
        for index in 0..<1000 {
            let row = UILabel(frame: CGRect(x: 0, y: CGFloat(index) * 44, width: root.bounds.width, height: 44))
            row.text = "Row \(index): the quick brown fox jumps over the lazy dog"
            row.backgroundColor = index % 2 == 0 ? .systemBackground : .secondarySystemBackground
            scrollView.addSubview(row)
        }
        root.addSubview(scrollView)
        await app.run(for: 0.5)

        // What the harness's loop costs a second with nothing to do is taken out of both: it is the
        // harness's, not the app's.
        let idleBefore = ResizeDragBenchmark.processCPUSeconds()
        await app.run(for: 1)
        let harness = ResizeDragBenchmark.processCPUSeconds() - idleBefore

        let input = try SyntheticInput(display: other)
        guard let center = input.rootPoint((700, 450), in: window) else { throw X11Error("the Mail window is not on screen") }
        input.move(to: center)
        await app.run(for: 0.2)

        // Once down and up unmeasured: every row that will show is drawn (its text laid out) before
        // either condition is measured, so neither pays for first drawings.
        _ = await scroll(app: app, scene: mail, scrollView: scrollView, input: input, at: center, harness: harness, notches: 40, down: true)
        _ = await scroll(app: app, scene: mail, scrollView: scrollView, input: input, at: center, harness: harness, notches: 40, down: false)
        // The two conditions in alternating rounds of 10 notches (down in one, back up in the other), so
        // both meet the same load on a shared machine. The control keeps the copy from being made with a
        // one-point view laid over the scroll view's corner.
        let blocker = UIView(frame: CGRect(x: root.bounds.width - 1, y: 0, width: 1, height: 1))
        blocker.backgroundColor = .systemBackground
        var copied = Measured(), full = Measured()
        for round in 0..<(notches / 20) {
            for (index, blocked) in [round % 2 == 1, round % 2 == 0].enumerated() {
                if blocked { root.addSubview(blocker) } else { blocker.removeFromSuperview() }
                await app.run(for: 0.3)
                let part = await scroll(app: app, scene: mail, scrollView: scrollView, input: input, at: center, harness: harness,
                                        notches: 10, down: index == 0)
                if blocked { full.add(part) } else { copied.add(part) }
            }
        }

        print("| wheel notch, 1400×900 window, 1,000 rows | app CPU per notch (ms) | frame work per notch (ms) | frames | composited per frame (px) |")
        print("| --- | --- | --- | --- | --- |")
        let c = copied.perNotch, f = full.perNotch
        print(String(format: "| copied, the strip composited | %.3f | %.3f | %d | %.0f |", c.cpu, c.frameWork, copied.frames, c.pixels))
        print(String(format: "| drawn in full (control) | %.3f | %.3f | %d | %.0f |", f.cpu, f.frameWork, full.frames, f.pixels))
        print("")
        // The frame's own work (layout, drawing, compositing, presenting) is what the copy changes; the
        // app's CPU per notch also holds the event's handling and the harness's waiting, alike in both.
        report(target: "scroll-frame-copy-vs-full", value: c.frameWork / f.frameWork, unit: "× the full redraw's frame work per notch", goal: 0.5)
        report(target: "scroll-cpu-copy-vs-full", value: c.cpu / f.cpu, unit: "× the full redraw's app CPU per notch", goal: 0.5)
    }

    /// What one condition measured, over its rounds.
    struct Measured {
        var cpu = 0.0, frameWork = 0.0, pixels = 0.0, frames = 0, notches = 0
        mutating func add(_ part: (cpu: Double, frameWork: Double, frames: Int, pixels: Double)) {
            cpu += part.cpu * 10
            frameWork += part.frameWork * 10
            pixels += part.pixels * Double(part.frames)
            frames += part.frames
            notches += 10
        }
        var perNotch: (cpu: Double, frameWork: Double, pixels: Double) {
            (cpu / Double(notches), frameWork / Double(notches), pixels / Double(max(frames, 1)))
        }
    }

    /// `notches` wheel notches at `point` (down or up), each waiting for the frame that shows it: the
    /// app's CPU per notch (ms, the XTest calls and the harness's idle cost left out), the frames' own
    /// work per notch (ms), the frames drawn, and the pixels composited per frame.
    @MainActor
    static func scroll(app: AppHarness, scene: UIWindowScene, scrollView: UIScrollView, input: SyntheticInput, at point: (x: Int, y: Int),
                       harness: Double, notches: Int, down: Bool) async -> (cpu: Double, frameWork: Double, frames: Int, pixels: Double) {
        app.clearEvents()
        var hand = 0.0
        let cpuBefore = ResizeDragBenchmark.processCPUSeconds(), start = ResizeDragBenchmark.monotonic()
        for _ in 0..<notches {
            let before = scrollView.contentOffset
            let handBefore = ResizeDragBenchmark.threadCPUSeconds()
            input.click(at: point, button: down ? 5 : 4)
            hand += ResizeDragBenchmark.threadCPUSeconds() - handBefore
            var scanned = app.traceEvents.count
            var shown = false
            _ = await app.run(until: {
                // The frame after the offset changed.
                if scrollView.contentOffset == before { return false }
                let events = app.traceEvents
                while scanned < events.count {
                    if events[scanned].name == "frame" { shown = true }
                    scanned += 1
                }
                return shown
            }, timeout: 0.5)
        }
        let elapsed = ResizeDragBenchmark.monotonic() - start
        let cpu = (ResizeDragBenchmark.processCPUSeconds() - cpuBefore - hand - harness * elapsed) * 1000 / Double(notches)
        let frames = app.events(of: "frame", scene: scene)
        let pixels = frames.compactMap { $0["damagedPixels"] as? Double }
        let work = frames.reduce(0.0) { sum, frame in
            sum + ["layoutMs", "drawMs", "presentMs"].reduce(0.0) { $0 + (frame[$1] as? Double ?? 0) }
        }
        return (cpu, work / Double(notches), frames.count, pixels.isEmpty ? .nan : pixels.reduce(0, +) / Double(pixels.count))
    }
}
