import Foundation
import GalleryApp
@_spi(Runtime) import SceneHost
import SceneHostTesting
import X11

/// Typing into a text view, for real: the Gallery on a private Xvfb with openbox, its Mail window
/// (1000×700) covered by a `UITextView` holding 10 lines or 10,000 lines (the same view, the text
/// swapped between rounds); keys typed through XTest ("a", then Backspace, alternately, at the 6th line),
/// each waiting for the frame that shows it, in rounds of 20 that alternate the two documents. Measured:
/// the app's CPU from a key press to the pixels sent, per key (the XTest calls and what the app costs
/// a second idle — the harness's loop and the caret's blinking — left out), and, in the same run, the
/// CPU of one step of a drag of the window's corner with the 10,000-line document shown.
enum TypingBenchmark: Benchmark {
    static let name = "typing"
    static let rounds = 10, keysPerRound = 20

    @MainActor
    static func run() async throws {
        let (app, mail, window, other) = try await ResizeDragBenchmark.launchMail(width: 1600, height: 1000,
                                                                                frame: CGRect(x: 20, y: 40, width: 1000, height: 700))
        guard let root = mail.keyWindow else { throw X11Error("the Mail scene has no window") }
        let textView = UITextView(frame: root.bounds)
        textView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(textView)
        let line = "the quick brown fox jumps over the lazy dog, and the lazy dog sleeps on"
        let short = (0..<10).map { "Line \($0): \(line)" }.joined(separator: "\n")
        let long = (0..<10_000).map { "Line \($0): \(line)" }.joined(separator: "\n")
        let input = try SyntheticInput(display: other)

        func show(_ text: String) async {
            textView.text = text
            textView.contentOffset = .zero
            _ = textView.becomeFirstResponder()
            // The caret in the 6th line, after "Line 5:".
            let start = 5 * (line.utf16.count + 9) + 7
            textView.selectedRange = NSRange(location: start, length: 0)
            await app.run(for: 0.3)
        }

        // Warm-up, unmeasured: fonts, glyph caches and the tiles of both documents.
        for text in [short, long] {
            await show(text)
            _ = await type(app: app, scene: mail, textView: textView, input: input, keys: 20, idle: 0)
        }
        // The app's cost a second with nothing typed (the harness's loop, the caret blinking), taken out.
        let idleBefore = ResizeDragBenchmark.processCPUSeconds(), idleClock = ResizeDragBenchmark.monotonic()
        await app.run(for: 1)
        let idle = (ResizeDragBenchmark.processCPUSeconds() - idleBefore) / (ResizeDragBenchmark.monotonic() - idleClock)

        var shortCPU: [Double] = [], longCPU: [Double] = [], shortWork: [Double] = [], longWork: [Double] = []
        for round in 0..<rounds {
            for isLong in round % 2 == 0 ? [false, true] : [true, false] {
                await show(isLong ? long : short)
                let part = await type(app: app, scene: mail, textView: textView, input: input, keys: keysPerRound, idle: idle)
                if isLong { longCPU += part.cpu; longWork += part.work } else { shortCPU += part.cpu; shortWork += part.work }
            }
        }

        // One resize step of the same window, the long document shown.
        await show(long)
        guard let corner = input.frameCorner(of: window) else { throw X11Error("no frame corner") }
        var steps: [Double] = []
        for _ in 0..<3 {
            steps.append(await ResizeDragBenchmark.drag(app: app, scene: mail, other: other, input: input, corner: corner, dy: 1, steps: 60).cpuPerStep)
            await app.run(for: 0.3)
        }
        let resizeStep = median(steps)

        let s = median(shortCPU), l = median(longCPU)
        print("| key press → frame, 1000×700 window | keys | app CPU per key, median (ms) | frame work per key, median (ms) |")
        print("| --- | --- | --- | --- |")
        print(String(format: "| 10 lines | %d | %.3f | %.3f |", shortCPU.count, s, median(shortWork)))
        print(String(format: "| 10,000 lines | %d | %.3f | %.3f |", longCPU.count, l, median(longWork)))
        print(String(format: "| one resize step of the window (10,000 lines shown), median of 3 drags of 60 steps | — | %.3f | — |", resizeStep))
        print("")
        report(target: "typing-long-vs-short", value: l / s, unit: "× the 10-line view's CPU per key", goal: 2)
        report(target: "typing-long-vs-resize-step", value: l / resizeStep, unit: "× one resize step's CPU", goal: 1)
    }

    /// `keys` keys ("a" and Backspace alternately) into the first responder, each waiting for the
    /// frame that shows it: each key's CPU (ms; the XTest calls and `idle` CPU-seconds a second left
    /// out) and its frames' own work (layout, drawing, presenting; ms).
    @MainActor
    static func type(app: AppHarness, scene: UIWindowScene, textView: UITextView, input: SyntheticInput, keys: Int,
                     idle: Double) async -> (cpu: [Double], work: [Double]) {
        var cpu: [Double] = [], work: [Double] = []
        for index in 0..<keys {
            app.clearEvents()
            let before = textView.text.utf16.count
            let cpuBefore = ResizeDragBenchmark.processCPUSeconds(), start = ResizeDragBenchmark.monotonic()
            let handBefore = ResizeDragBenchmark.threadCPUSeconds()
            input.press(keysym: KeySym(index % 2 == 0 ? "a" : "BackSpace"))
            let hand = ResizeDragBenchmark.threadCPUSeconds() - handBefore
            var scanned = 0, shown = false
            _ = await app.run(until: {
                if textView.text.utf16.count == before { return false }
                let events = app.traceEvents
                while scanned < events.count {
                    if events[scanned].name == "frame" { shown = true }
                    scanned += 1
                }
                return shown
            }, timeout: 0.5)
            let elapsed = ResizeDragBenchmark.monotonic() - start
            cpu.append((ResizeDragBenchmark.processCPUSeconds() - cpuBefore - hand - idle * elapsed) * 1000)
            let frames = app.events(of: "frame", scene: scene)
            work.append(frames.reduce(0.0) { sum, frame in
                sum + ["layoutMs", "drawMs", "presentMs"].reduce(0.0) { $0 + (frame[$1] as? Double ?? 0) }
            })
            // Keys a person types are apart; the next one after the frame is sent.
            await app.run(for: 0.02)
        }
        return (cpu, work)
    }
}
