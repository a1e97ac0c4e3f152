import Foundation
@testable import Gallery
import SceneHostTesting
import Testing

/// The Gallery's screens, rendered offscreen (no display needed).
@MainActor
struct GalleryTests {
    @Test func mailShowsTheListAloneWhenCompactAndTheDetailBesideItWhenRegular() {
        for (name, size) in GallerySnapshotSizes.mail {
            let controller = MailViewController()
            controller.loadViewIfNeeded()
            controller.overlay.isHidden = true
            let image = OffscreenRenderer.render(controller, size: size)
            assertSnapshot(image, named: "mail-offscreen-\(name)")
        }
    }

    @Test func settingsStacksItsRowsWhenCompact() {
        for (name, width) in [("compact", 420.0), ("regular", 800.0)] {
            let controller = SettingsViewController()
            controller.loadViewIfNeeded()
            controller.overlay.isHidden = true
            let image = OffscreenRenderer.render(controller, size: CGSize(width: width, height: 640))
            assertSnapshot(image, named: "settings-offscreen-\(name)")
        }
    }

    @Test func offscreenAndWindowRendersAgree() throws {
        // The window snapshot's reference and the offscreen one come from the same renderer; this keeps
        // them honest with each other.
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        for (name, _) in GallerySnapshotSizes.mail {
            let offscreen = try ImageSurface(pngAt: directory.appendingPathComponent("GalleryTests/mail-offscreen-\(name).png").path)
            let window = try ImageSurface(pngAt: directory.appendingPathComponent("SceneWindowTests/mail-window-\(name).png").path)
            let comparison = Snapshot.compare(window, offscreen, tolerance: .window)
            #expect(!comparison.sizeMismatch)
            #expect(comparison.differingFraction < 0.01, "window and offscreen renders of Mail (\(name)) differ in \(comparison.differingPixels) pixels")
        }
    }
}
