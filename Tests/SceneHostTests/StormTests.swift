import Foundation
@_spi(Testing) import SceneHost
import SceneHostTesting
import GalleryApp
import Testing
import X11

extension SceneWindowTests {
    /// A few hundred random actions on the Gallery's windows, through XTEST and the window manager
    /// (`Benchmarks storm` runs thousands and measures memory): the app lives on, every window's last
    /// traced geometry is the server's, nothing but the expected warnings is said, and once the storm's
    /// windows are closed their objects are gone and the X server holds what it held before.
    @Test func theGallerySurvivesAStormOfWindowActions() async throws {
        let warnings = WarningLog()
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        await app.run(for: 0.2)
        let storm = try Storm(harness: app, app: Storm.App(openKeys: (KeySym("n"), [.controlLeft], "Mail"),
                                                           clickable: { $0 is UISwitch }), seed: 23)
        await storm.warmUp()
        let baseline = try #require(app.display.clientResources())
        await storm.run(300)
        #expect(!app.isTerminated)
        #expect(storm.opened >= 10, "windows opened: \(storm.opened), actions: \(storm.counts)")
        let mismatches = storm.geometryMismatches()
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")

        await storm.restoreInitialState()
        #expect(storm.tracker.survivors.isEmpty, "\(storm.tracker)")
        #expect(app.display.clientResources() == baseline)
        let unexpected = warnings.lines.filter { !$0.contains("beyond X11's 32,767 pixels") && !$0.contains("back buffer") }
        #expect(unexpected.isEmpty, "\(unexpected.joined(separator: "\n"))")
    }
}
