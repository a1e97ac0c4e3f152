import Foundation
import GalleryApp
@_spi(Runtime) import SceneHost
import SceneHostTesting
import X11

/// The Mail window animating, for real: the Gallery on a private Xvfb with openbox; for 5 seconds the
/// selection moves to the next message every quarter of a second (↓ typed with XTest, wrapping with ↑;
/// the list scrolls to keep it in view) while the middle row's avatar's layer turns and its shadow
/// breathes without pause (`CABasicAnimation`s). Measured: the frames drawn against the display's
/// refresh rate, the app's CPU per animation frame against the CPU of a step of a drag of the same
/// window's corner (in the same run), and what the app does once the animation has ended, against the
/// same wait before it began.
enum AnimationBenchmark: Benchmark {
    static let name = "animation"
    static let seconds = 5.0

    @MainActor
    static func run() async throws {
        let (app, mail, window, other) = try await ResizeDragBenchmark.launchMail(width: 1280, height: 800,
                                                                                frame: CGRect(x: 20, y: 40, width: 900, height: 600))
        guard let root = mail.keyWindow?.rootViewController?.view else { throw X11Error("the Mail scene has no window") }

        // Idle before: the harness's loop with nothing to do. What it costs a second is taken out of
        // the CPU of the drag and of the animation below: it is the harness's, not the app's.
        let idleBefore = await idle(app, mail)
        let harness = idleBefore.cpu / 1000

        // The control for the CPU: a step of a drag of this window's corner, in this run.
        let input = try SyntheticInput(display: other)
        guard let corner = input.frameCorner(of: window) else { throw X11Error("no frame corner") }
        let steps = 100
        let drag = await ResizeDragBenchmark.drag(app: app, scene: mail, other: other, input: input, corner: corner, dy: 1, steps: steps)
        let dragStep = drag.cpuPerStep - harness * drag.elapsed * 1000 / Double(steps)
        await app.run(for: 0.5)

        // The avatar of the row nearest the window's middle, not the first in the hierarchy: the list
        // keeps rows a quarter of its height beyond its edges, never shown, and the selection's moves
        // scroll it by up to two rows. An avatar out of sight changes nothing on screen: no frame is
        // drawn for it, and the frames counted would not be the animation's.
        guard let middle = root.window?.bounds.midY,
              let avatar = views(in: root, { String(describing: type(of: $0)) == "AvatarView" }).filter(isShown)
                  .min(by: { abs($0.convert($0.bounds, to: nil).midY - middle) < abs($1.convert($1.bounds, to: nil).midY - middle) })
        else {
            throw X11Error("the Mail scene shows no avatar")
        }
        let turn = CABasicAnimation(keyPath: "transform")
        turn.fromValue = CATransform3DIdentity
        turn.toValue = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
        turn.duration = 0.5
        turn.autoreverses = true
        turn.repeatCount = Float(seconds / 1)
        let breathe = CABasicAnimation(keyPath: "shadowRadius")
        breathe.fromValue = CGFloat(2)
        breathe.toValue = CGFloat(6)
        breathe.duration = 0.5
        breathe.autoreverses = true
        breathe.repeatCount = Float(seconds / 1)
        app.clearEvents()
        let cpuBefore = ResizeDragBenchmark.processCPUSeconds(), start = ResizeDragBenchmark.monotonic()
        avatar.layer.add(turn, forKey: "turn")
        avatar.layer.add(breathe, forKey: "breathe")
        var step = 0
        while ResizeDragBenchmark.monotonic() - start < seconds {
            // Down through the mailbox's seven messages, then up again.
            input.press(keysym: step % 12 < 6 ? .down : .up)
            step += 1
            await app.run(for: 0.25)
            guard isShown(avatar) else {
                throw X11Error("the animated avatar left the window (the list scrolled it away): its frames were not drawn")
            }
        }
        _ = await app.run(until: { !mail.hasRunningAnimations }, timeout: 2)
        let elapsed = ResizeDragBenchmark.monotonic() - start
        let cpu = ResizeDragBenchmark.processCPUSeconds() - cpuBefore
        let frames = app.events(of: "frame", scene: mail).count
        let rate = app.display.refreshRate() ?? 60
        let expected = Int((elapsed * rate).rounded(.down))
        let dropped = max(0, Double(expected - frames)) / Double(expected)
        let cpuPerFrame = (cpu - harness * elapsed) * 1000 / Double(max(frames, 1))

        // The last frames' damage and the overlay's refresh settle first, then the list's scroll
        // indicators, which hide 1.2 s after its last scroll (a frame), and the window's rest 0.5 s after
        // its last frame (kept drawings and decoded images let go).
        await app.run(for: 1.5)
        let idleAfter = await idle(app, mail)

        print("| | frames | expected at \(Int(rate)) Hz | dropped | app CPU per frame (ms) | drag step CPU (ms) | per frame ÷ per step |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        print(String(format: "| selection moves + avatar turn and shadow, %.1f s | %d | %d | %.1f %% | %.3f | %.3f | %.2f |",
                     elapsed, frames, expected, dropped * 100, cpuPerFrame, dragStep, cpuPerFrame / dragStep))
        print("")
        print("| 1 s wait | frames | app CPU (ms) |")
        print("| --- | --- | --- |")
        print(String(format: "| before the animation | %d | %.2f |", idleBefore.frames, idleBefore.cpu))
        print(String(format: "| after it ended | %d | %.2f |", idleAfter.frames, idleAfter.cpu))
        print("(The waits run the test harness's loop, which looks for work every 5 ms: the CPU before the animation is what that costs a second; it is taken out of the CPU per frame and per drag step above. Frames beyond those expected are the key presses' own.)")
        report(target: "animation-dropped-frames", value: dropped * 100, unit: "%", goal: 1)
        report(target: "animation-cpu-per-frame-vs-drag-step", value: cpuPerFrame / dragStep, unit: "×", goal: 1)
        report(target: "animation-idle-frames-after", value: Double(idleAfter.frames), unit: "frames", goal: 0)
        report(target: "animation-idle-cpu-after-vs-before", value: idleAfter.cpu / max(idleBefore.cpu, 0.001), unit: "×", goal: 1.25)
    }

    /// A second of waiting: the frames the scene drew and the app's CPU (ms).
    @MainActor
    private static func idle(_ app: AppHarness, _ scene: UIWindowScene) async -> (frames: Int, cpu: Double) {
        app.clearEvents()
        let before = ResizeDragBenchmark.processCPUSeconds()
        await app.run(for: 1)
        return (app.events(of: "frame", scene: scene).count, (ResizeDragBenchmark.processCPUSeconds() - before) * 1000)
    }
}

/// The views under `root` (depth first, `root` among them) that `matches`.
@MainActor
private func views(in root: UIView, _ matches: (UIView) -> Bool) -> [UIView] {
    (matches(root) ? [root] : []) + root.subviews.flatMap { views(in: $0, matches) }
}

/// Whether all of `view` is on screen: inside its window and every ancestor that clips (a list's
/// visible area).
@MainActor
private func isShown(_ view: UIView) -> Bool {
    guard let window = view.window else { return false }
    var ancestor: UIView? = view
    while let current = ancestor {
        if current.isHidden { return false }
        if current.clipsToBounds || current === window, !current.bounds.contains(view.convert(view.bounds, to: current)) { return false }
        ancestor = current.superview
    }
    return true
}
