import Foundation
@_spi(Runtime) @testable import SceneHostCore
@_spi(Testing) import SceneHost
import SceneHostTesting
import Testing

extension SceneWindowTests {
    /// An animation in a real window: frames at the display's rate while it runs, none once it ended
    /// (the loop sleeps), and a display link fires at that rate until it is invalidated.
    @Test func animationsDrawAtTheDisplayRateAndStopWhenTheyEnd() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let root = try #require(scene.keyWindow?.rootViewController?.view)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.backgroundColor = .systemRed
        root.addSubview(view)
        await app.run(for: 0.3)
        app.clearEvents()
        var finished = false
        UIView.animate(withDuration: 0.5, animations: { view.center.x = 200 }, completion: { finished = $0 })
        #expect(await app.run(until: { finished }))
        let frames = app.events(of: "frame", scene: scene).count
        // 30 at 60 Hz; a loaded machine drops some, and never makes more than the display shows.
        #expect(frames >= 12 && frames <= 34, "\(frames) frames in half a second")
        app.clearEvents()
        await app.run(for: 0.3)
        #expect(app.events(of: "frame", scene: scene).isEmpty, "no frame once it ended")

        var ticks = 0
        let link = CADisplayLink { _ in ticks += 1 }
        link.add(to: .main, forMode: .common)
        await app.run(for: 0.25)
        link.invalidate()
        #expect(ticks >= 6 && ticks <= 17, "\(ticks) ticks in a quarter of a second")
        let after = ticks
        await app.run(for: 0.1)
        #expect(ticks == after)
    }
}
