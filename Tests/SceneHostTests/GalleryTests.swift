import Foundation
@testable import Gallery
import SceneHostTesting
import Testing

/// The Gallery's screens, rendered offscreen (no display needed).
@MainActor
struct GalleryTests {
    /// Both scenes are laid out by constraints and stack views: each at a compact and a regular width,
    /// left-to-right and right-to-left (leading and trailing flip; the layout mirrors).
    @Test func mailShowsTheListAloneWhenCompactAndTheDetailBesideItWhenRegular() {
        for (name, size) in GallerySnapshotSizes.mail {
            for rightToLeft in [false, true] {
                let controller = MailViewController()
                controller.loadViewIfNeeded()
                controller.overlay.isHidden = true
                let image = OffscreenRenderer.render(controller, size: size) { scene in
                    if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
                }
                assertSnapshot(image, named: "mail-offscreen-\(name)" + (rightToLeft ? "-rtl" : ""))
            }
        }
    }

    @Test func settingsStacksItsRowsWhenCompact() {
        for (name, width) in [("compact", 420.0), ("regular", 800.0)] {
            for rightToLeft in [false, true] {
                let controller = SettingsViewController()
                controller.loadViewIfNeeded()
                controller.overlay.isHidden = true
                let image = OffscreenRenderer.render(controller, size: CGSize(width: width, height: 640)) { scene in
                    if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
                }
                assertSnapshot(image, named: "settings-offscreen-\(name)" + (rightToLeft ? "-rtl" : ""))
            }
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
