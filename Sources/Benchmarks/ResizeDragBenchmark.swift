import Foundation
import GalleryApp
@_spi(Runtime) import SceneHost
import SceneHostTesting
import X11

/// A person dragging the Mail scene's corner, for real: the Gallery runs in this process on a private
/// Xvfb with openbox; XTest drives a 200-step drag of the window frame's corner (openbox resizes the
/// window with the `_NET_WM_SYNC_REQUEST` protocol, waiting for each step's acknowledgement), five times
/// over; then 1,000 geometry requests are queued at once.
///
/// The CPU per step is each drag's; the table gives the median of the five and their range. These
/// machines are shared: a neighbour's burst makes a drag's steps cost nearly twice as much, and the
/// median of drags a second apart is less at its mercy than one drag.
enum ResizeDragBenchmark: Benchmark {
    static let name = "resize"

    struct Result {
        var label: String
        var stepsPerSecond: Double
        var syncP50: Double, syncP99: Double
        var layout: Double, draw: Double, present: Double
        var cpuPerStep: Double, cpuRange: ClosedRange<Double>
        var acknowledged: Int
        /// CPU of the XTest calls per step, left out of `cpuPerStep`.
        var hand: Double
        /// `ResizeFrameBenchmark.controlStep()` before each drag, the median: how fast the machine ran.
        var control: Double
    }

    static let drags = 5, steps = 200

    @MainActor
    static func run() async throws {
        var results: [Result] = []
        var queuedFrames: [(String, Int, Bool)] = []
        for (width, height) in [(1280, 800), (1920, 1080)] {
            for scale in [1, 2] {
                let label = "\(width)×\(height) @\(scale)x"
                let (result, frames, correct) = try await measure(width: width, height: height, scale: scale, label: label)
                results.append(result)
                queuedFrames.append((label, frames, correct))
            }
        }
        print("| screen | steps/s | sync request → counter set, p50 / p99 (ms) | layout / draw / present, median (ms) | client CPU per step, median of \(drags) drags (range) (ms) | steps acknowledged | offscreen control (ms) | CPU per step ÷ control |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for r in results {
            print(String(format: "| %@ | %.0f | %.2f / %.2f | %.2f / %.2f / %.2f | %.2f (%.2f–%.2f) | %d of %d | %.2f | %.2f |", r.label, r.stepsPerSecond,
                         r.syncP50, r.syncP99, r.layout, r.draw, r.present, r.cpuPerStep, r.cpuRange.lowerBound, r.cpuRange.upperBound,
                         r.acknowledged, drags * steps, r.control, r.cpuPerStep / r.control))
        }
        print("")
        print("| screen | frames drawn for 1,000 queued geometry requests | final size correct |")
        print("| --- | --- | --- |")
        for (label, frames, correct) in queuedFrames { print("| \(label) | \(frames) | \(correct ? "yes" : "no") |") }
        let hand = results.map(\.hand).max() ?? 0
        print(String(format: "(CPU is the app's: this process's, less the XTest calls that drive the drag (at most %.3f ms per step here); the X server", hand) + " and openbox are other processes. The control is a step of the Mail scene's drag offscreen, steps 3 ms apart, measured before each drag (the median): on a shared machine it shows how fast the machine ran.)")
        let split = try await measureCollapse()
        print("")
        print("| split-view Mail, 1920×1080 @1x, \(collapseRounds) drags each | client CPU per step, median (range) (ms) | steps acknowledged |")
        print("| --- | --- | --- |")
        for (label, cpu, acknowledged) in [("530→830→530 pt: collapses and expands (crosses 678 pt both ways)", split.crossing, split.crossingAcknowledged),
                                           ("679→979→679 pt: stays regular", split.within, split.withinAcknowledged)] {
            print(String(format: "| %@ | %.2f (%.2f–%.2f) | %d of %d |", label, median(cpu), cpu.min() ?? 0, cpu.max() ?? 0,
                         acknowledged, collapseRounds * steps))
        }
        print("(Each drag: 200 steps, 3 pt a step, out for 100 and back; the two kinds alternate. The window manager sends no sync request for a drag's first motion, so 199 of each drag's 200 steps can be acknowledged.)")
        report(target: "resize-split-collapse-cpu-ratio", value: median(split.crossing) / median(split.within), unit: "×", goal: 1.5)
        report(target: "resize-split-steps-unacknowledged", value: Double(collapseRounds * 2 * (steps - 1) - split.crossingAcknowledged - split.withinAcknowledged),
               unit: "steps", goal: 0)
        if let main = results.first(where: { $0.label == "1920×1080 @1x" }), let queued = queuedFrames.first(where: { $0.0 == "1920×1080 @1x" }) {
            // Each a multiple of the same run's offscreen control step (the Mail scene's drag step
            // without X, median ~0.12 ms on a quiet machine): the goals are the former 2 ms, 8 ms and
            // 0.5 ms divided by it. Against the bare twin, measured the same way for both, see `peers`.
            report(target: "resize-sync-p50-vs-control", value: main.syncP50 / main.control, unit: "× control step", goal: 16)
            report(target: "resize-sync-p99-vs-control", value: main.syncP99 / main.control, unit: "× control step", goal: 64)
            report(target: "resize-cpu-per-step-vs-control", value: main.cpuPerStep / main.control, unit: "× control step", goal: 4)
            report(target: "resize-queued-frames", value: Double(queued.2 ? queued.1 : 9999), unit: "frames", goal: 2)
        }
    }

    @MainActor
    static func measure(width: Int, height: Int, scale: Int, label: String) async throws -> (Result, Int, Bool) {
        setenv("SCENEHOST_SCALE", "\(scale)", 1)
        defer { unsetenv("SCENEHOST_SCALE") }
        // Start at the minimum size near the top-left corner; grow 3 px wide and as tall as the screen allows.
        let start = CGRect(x: 20, y: 40, width: 420, height: 360)
        let (app, mail, window, other) = try await launchMail(width: width, height: height, frame: start)
        let input = try SyntheticInput(display: other)
        guard let corner = input.frameCorner(of: window) else { throw X11Error("no frame corner") }
        let room = height - corner.y - 10
        let dy = max(0, min(2, room / (steps / 2)))

        var cpuPerStep: [Double] = [], handPerStep: [Double] = [], elapsed = 0.0, frames: [[String: Any]] = [], controls: [Double] = []
        for _ in 0..<drags {
            controls.append(ResizeFrameBenchmark.controlStep())
            let drag = await self.drag(app: app, scene: mail, other: other, input: input, corner: corner, dy: dy)
            elapsed += drag.elapsed
            cpuPerStep.append(drag.cpuPerStep)
            handPerStep.append(drag.hand)
            frames += drag.frames
            // The release's full-quality frame and the overlay's refresh, before the next drag.
            await app.run(for: 0.4)
        }

        func values(_ key: String) -> [Double] { frames.compactMap { $0[key] as? Double } }
        let sync = values("syncMs").sorted()
        func percentile(_ sorted: [Double], _ p: Double) -> Double {
            sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
        }
        let result = Result(label: label, stepsPerSecond: Double(drags * steps) / elapsed, syncP50: percentile(sync, 0.5),
                            syncP99: percentile(sync, 0.99), layout: median(values("layoutMs")), draw: median(values("drawMs")),
                            present: median(values("presentMs")), cpuPerStep: median(cpuPerStep),
                            cpuRange: (cpuPerStep.min() ?? 0)...(cpuPerStep.max() ?? 0), acknowledged: frames.count, hand: median(handPerStep), control: median(controls))

        // 1,000 geometry requests at once, once the drags' last frames (and the overlay's refresh) are done.
        await app.run(for: 0.2)
        app.clearEvents()
        for index in 0..<1000 {
            mail.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 20, y: 40, width: 430 + index % 200, height: 370)))
        }
        let final = CGSize(width: 600, height: 400)
        mail.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(origin: start.origin, size: final)))
        // Frames drawn until the one at the final size (the overlay's own refresh, a quarter second
        // later, is not the queue's doing).
        func framesUntilFinal() -> Int? {
            let frames = app.events(of: "frame", scene: mail)
            guard let last = frames.firstIndex(where: { $0["width"] as? Double == Double(final.width) && $0["height"] as? Double == Double(final.height) })
            else { return nil }
            return last + 1
        }
        let correct = await app.run(until: { framesUntilFinal() != nil && mail.effectiveGeometry.systemFrame.size == final }, timeout: 5)
        let queued = framesUntilFinal() ?? app.events(of: "frame", scene: mail).count
        return (result, queued, correct)
    }

    static let collapseRounds = 5

    /// The split-view Mail dragged across the size-class threshold and, for comparison, within the
    /// regular width: drags of 200 steps alternating between 530→830→530 points (collapsing to one
    /// navigation stack at 677 and expanding at 678, each way) and 679→979→679 points (regular all along,
    /// under one split behavior), at 1920×1080 @1x. The CPU per step of each drag, and the steps
    /// acknowledged.
    @MainActor
    static func measureCollapse() async throws -> (crossing: [Double], within: [Double], crossingAcknowledged: Int, withinAcknowledged: Int) {
        let height: CGFloat = 600
        let (app, mail, window, other) = try await launchMail(width: 1920, height: 1080, frame: CGRect(x: 20, y: 40, width: 530, height: height))
        let input = try SyntheticInput(display: other)
        var crossing: [Double] = [], within: [Double] = [], crossingAcknowledged = 0, withinAcknowledged = 0
        for _ in 0..<collapseRounds {
            for (start, crosses) in [(CGFloat(530), true), (679, false)] {
                let frame = CGRect(x: 20, y: 40, width: start, height: height)
                mail.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: frame))
                _ = await app.run(until: { mail.effectiveGeometry.systemFrame.size == frame.size })
                await app.run(for: 0.4)
                guard let corner = input.frameCorner(of: window) else { throw X11Error("no frame corner") }
                let result = await drag(app: app, scene: mail, other: other, input: input, corner: corner, dy: 0)
                if crosses {
                    crossing.append(result.cpuPerStep)
                    crossingAcknowledged += result.frames.count
                } else {
                    within.append(result.cpuPerStep)
                    withinAcknowledged += result.frames.count
                }
                await app.run(for: 0.4)
            }
        }
        return (crossing, within, crossingAcknowledged, withinAcknowledged)
    }

    /// The Gallery on a private `width`×`height` Xvfb with openbox, its Settings scene iconified and its
    /// Mail scene at `frame`, active: the app, the Mail scene, its window and a second connection to
    /// play the person with.
    @MainActor
    static func launchMail(width: Int, height: Int, frame: CGRect) async throws -> (AppHarness, UIWindowScene, Window, Display) {
        let display = try VirtualDisplay(width: width, height: height)
        let app = try AppHarness(AppDelegate.self, display: display, manifest: AppDelegate.sceneManifest)
        guard await app.waitForScenes(2), let mail = app.scene(titled: "Mail"), let window = app.window(of: mail) else {
            throw X11Error("the Gallery did not start on \(width)×\(height)")
        }
        let other = try display.connect()
        if let settings = app.scene(titled: "Settings").flatMap(app.window(of:)) { other.iconify(settings) }
        mail.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: frame))
        other.activate(window, source: 2)
        other.flush()
        _ = await app.run(until: { mail.effectiveGeometry.systemFrame.size == frame.size && mail.activationState == .foregroundActive })
        await app.run(for: 0.5)
        return (app, mail, window, other)
    }

    /// One drag of `steps` steps of the window frame's `corner` (out for half, back for the other half,
    /// 3 px wide and `dy` tall a step), each step waiting for its acknowledgement: the app's CPU per
    /// step (ms; the XTest calls that play the hand are left out), theirs, the time it took, and the
    /// frames that acknowledged a step. `mainThreadCPUPerStep`: the part of the app's CPU spent on the
    /// main thread (where the app lays out, draws, composites and presents), the hand left out too;
    /// `stepCPU`: the main thread's CPU for each step (ms), from its motion to its acknowledgement.
    @MainActor
    static func drag(app: AppHarness, scene: UIWindowScene, other: Display, input: SyntheticInput, corner: (x: Int, y: Int), dy: Int,
                     steps: Int = steps) async -> (cpuPerStep: Double, hand: Double, elapsed: Double, frames: [[String: Any]],
                                                   mainThreadCPUPerStep: Double, stepCPU: [Double]) {
        app.clearEvents()
        // Counted incrementally from the events as recorded: rescanning, or reading them as
        // dictionaries, at each poll would bill the harness to the app.
        var scanned = 0, acknowledged = 0
        func acknowledgements() -> Int {
            let events = app.traceEvents
            while scanned < events.count {
                if events[scanned].name == "frame", events[scanned].number("syncSerial") != nil { acknowledged += 1 }
                scanned += 1
            }
            return acknowledged
        }
        let cpuBefore = processCPUSeconds(), mainBefore = threadCPUSeconds(), clockBefore = monotonic()
        // The XTest calls play the person's hand, not the app: their CPU is left out.
        var hand = 0.0
        func byHand(_ body: () -> Void) {
            let before = threadCPUSeconds()
            body()
            hand += threadCPUSeconds() - before
        }
        byHand {
            input.move(to: corner)
            other.fakeButton(1, pressed: true)
            other.sync()
        }
        await app.run(for: 0.05)
        var stepCPU: [Double] = []
        stepCPU.reserveCapacity(steps)
        for step in 1...steps {
            let reach = step <= steps / 2 ? step : steps - step
            let before = acknowledgements()
            let stepStart = threadCPUSeconds(), handBefore = hand
            // Sent without waiting for the server, as a person's mouse moves.
            byHand {
                other.fakeMotion(x: corner.x + 3 * reach, y: corner.y + dy * reach)
                other.flush()
            }
            _ = await app.run(until: { acknowledgements() > before }, timeout: 0.2)
            stepCPU.append((threadCPUSeconds() - stepStart - (hand - handBefore)) * 1000)
        }
        byHand {
            other.fakeButton(1, pressed: false)
            other.sync()
        }
        _ = await app.run(until: { !scene.effectiveGeometry.isInteractivelyResizing }, timeout: 2)
        let elapsed = monotonic() - clockBefore
        let main = (threadCPUSeconds() - mainBefore - hand) * 1000 / Double(steps)
        let cpu = (processCPUSeconds() - cpuBefore - hand) * 1000 / Double(steps)
        return (cpu, hand * 1000 / Double(steps), elapsed, app.events(of: "frame", scene: scene).filter { $0["syncSerial"] is Double }, main, stepCPU)
    }

    static func processCPUSeconds() -> Double { cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) }
    static func threadCPUSeconds() -> Double { cpuSeconds(CLOCK_THREAD_CPUTIME_ID) }

    private static func cpuSeconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func monotonic() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
