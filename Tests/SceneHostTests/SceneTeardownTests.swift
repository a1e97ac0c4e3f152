import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
@_spi(Testing) @testable import SceneHost
import SceneHostTesting
import Testing
import X11

/// A closed scene gives back everything it was made of: its windows, view controllers, views and
/// constraints (constraints hold their items weakly, as in UIKit), and on a display its X resources.
@MainActor
struct OffscreenTeardownTests {
    @Test func fiftyClosedOffscreenScenesLeaveNothingBehind() {
        let tracker = LeakTracker()
        for index in 0..<50 {
            let controller: UIViewController = index.isMultiple(of: 2) ? MailViewController() : SettingsContainerController()
            let scene = UIWindowScene.offscreen(size: CGSize(width: 420, height: 600), rootViewController: controller)
            // Drawn, then laid out again across the size-class boundary (and mirrored, for some).
            _ = scene.renderImage()
            _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 700, height: 620), displayScale: 1)
            if index % 3 == 0 { scene.traitOverrides.layoutDirection = .rightToLeft }
            scene.layoutIfNeeded()
            tracker.track(scene)
            scene.disconnect()
        }
        #expect(tracker.count > 50 * 100, "every view and constraint was tracked (\(tracker.count))")
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }
}

extension SceneWindowTests {
    /// An app whose runtime has ended is `UIApplication.shared` no longer: a scene made afterwards (an
    /// offscreen one, whose overlay asks for its simulated arrangement) no longer reaches the runtime
    /// the application held unowned, which had crashed the benchmarks run one after another.
    @Test func anEndedRuntimeTakesItsApplicationWithIt() async throws {
        var app: AppHarness? = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app!.waitForScenes(2))
        let application = UIApplication.shared
        app = nil
        // What the loop had queued with the runtime lets go of it on the main queue's next turns.
        for _ in 0..<200 where UIApplication.current === application { try await Task.sleep(for: .milliseconds(10)) }
        #expect(UIApplication.current !== application)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1024, height: 768), rootViewController: MailViewController())
        _ = scene.renderImage()
        #expect(scene.simulatedArrangement == nil)
        scene.disconnect()
    }

    /// Fifty Mail scenes opened and closed in the running Gallery: each one's objects go away, and the
    /// X server holds for the app what it held before they were opened.
    @Test func fiftyScenesOpenedAndClosedGiveBackTheirObjectsAndXResources() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        await app.run(for: 0.2)
        let baseline = try #require(app.display.clientResources())
        let tracker = LeakTracker()
        for _ in 0..<5 {
            let before = Set(app.scenes.map(ObjectIdentifier.init))
            for _ in 0..<10 { app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication)) }
            #expect(await app.waitForScenes(before.count + 10))
            let opened = app.scenes.filter { !before.contains(ObjectIdentifier($0)) }
            #expect(app.display.clientResources()?["WINDOW"] == (baseline["WINDOW"] ?? 0) + opened.count)
            for scene in opened {
                tracker.track(scene)
                app.application.requestSceneSessionDestruction(scene.session, options: nil)
            }
            #expect(await app.run(until: { app.scenes.count == before.count }))
        }
        await app.run(for: 0.2)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
        #expect(app.display.clientResources() == baseline, "windows, GCs, shared memory and sync counters all freed")
        #expect(app.display.clientPixmapBytes() == 0)
    }
}
