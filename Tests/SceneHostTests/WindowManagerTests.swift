import Foundation
@testable import GalleryApp
import SceneHostTesting
import Testing

/// SceneHost under weston, on Xwayland, the way most Linux desktops run X11 apps today. Part of the
/// serialized window suite. No pointer: XTest motion crashes this Xwayland.
extension SceneWindowTests {
    /// The Gallery's two scenes map into weston's frames and lay out, each window shows what a full
    /// render of its scene shows, and geometry requests and other clients' resizes reach the scenes.
    /// Without a seat nothing has the keyboard focus: both scenes stay inactive.
    @Test func theGalleryRunsOnXwaylandUnderWeston() async throws {
        let display = try VirtualDisplay(width: 1280, height: 800, windowManager: .weston)
        let app = try AppHarness(AppDelegate.self, display: display, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let mail = try #require(app.scene(titled: "Mail"))
        let settings = try #require(app.scene(titled: "Settings"))
        let other = try display.connect()
        // The overlay shows the last frame time, which varies from frame to frame.
        (mail.windows.first?.rootViewController as? MailViewController)?.overlay.isHidden = true
        await app.run(for: 0.2)
        for scene in [mail, settings] {
            let window = try #require(app.window(of: scene))
            #expect(scene.activationState == .foregroundInactive)
            #expect(other.isViewable(window) && other.parent(of: window) != other.root, "in a frame of weston's")
            #expect(scene.effectiveGeometry.systemFrame == frame(of: window, on: other))
            #expect(scene.windows.first?.bounds.size == scene.effectiveGeometry.systemFrame.size, "laid out at its size")
            let comparison = Snapshot.compare(try app.screenshot(scene), scene.renderImage(), tolerance: .window)
            #expect(comparison.differingFraction <= SnapshotTolerance.window.differingFraction,
                    "\(scene.title ?? ""): \(comparison.differingPixels) pixels differ from a full render")
        }

        let mailWindow = try #require(app.window(of: mail))
        mail.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 60, y: 80, width: 640, height: 480)))
        #expect(await app.run(until: { mail.effectiveGeometry.systemFrame.size == CGSize(width: 640, height: 480) }))
        #expect(mail.traitCollection.horizontalSizeClass == .compact)
        await app.run(for: 0.2)
        #expect(mail.effectiveGeometry.systemFrame == frame(of: mailWindow, on: other))
        let comparison = Snapshot.compare(try app.screenshot(mail), mail.renderImage(), tolerance: .window)
        #expect(comparison.differingFraction <= SnapshotTolerance.window.differingFraction, "\(comparison.differingPixels) pixels differ")

        let settingsWindow = try #require(app.window(of: settings))
        other.resize(settingsWindow, width: 600, height: 450)
        other.flush()
        #expect(await app.run(until: { settings.effectiveGeometry.systemFrame.size == CGSize(width: 600, height: 450) }))
        #expect(!settings.effectiveGeometry.isInteractivelyResizing)
    }
}
