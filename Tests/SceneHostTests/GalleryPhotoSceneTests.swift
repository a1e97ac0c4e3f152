import Foundation
@testable import GalleryApp
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing

extension SceneWindowTests {
    /// Apple's sample "Supporting multiple windows on iPad", in the Gallery: a photo dragged out of the
    /// Photos grid onto the desktop opens in its own window there, and comes back after a relaunch.
    @Test func aPhotoDraggedOutOfTheGridOpensInItsOwnWindowAndIsRestored() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        // Photos alone on the screen: Mail and Settings close (after it opened: the app quits with its last scene).
        let others = app.scenes
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(
            role: .windowApplication, userActivity: NSUserActivity(activityType: PhotosSceneDelegate.activityType)))
        for scene in others { app.application.requestSceneSessionDestruction(scene.session, options: nil) }
        #expect(await app.run(until: { app.scenes.map(\.title) == ["Photos"] }, timeout: 5))
        let photos = try #require(app.scene(titled: "Photos"))
        #expect(await app.run(until: { photos.activationState == .foregroundActive }, timeout: 5))
        photos.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 40, y: 60, width: 700, height: 500)))
        #expect(await app.run(until: { photos.effectiveGeometry.systemFrame.size == CGSize(width: 700, height: 500) }, timeout: 3),
                "\(photos.effectiveGeometry.systemFrame)")
        await app.run(for: 0.2)
        // The second tile's centre, on the screen.
        let grid = try #require(photos.windows.first?.rootViewController as? PhotosViewController)
        let cell = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        let centre = cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: nil)
        let origin = photos.effectiveGeometry.systemFrame.origin
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        await input.drag(from: (Int(origin.x + centre.x), Int(origin.y + centre.y)), to: (1300, 500), steps: 12) { await app.run(for: 0.03) }
        #expect(await app.run(until: { app.scene(titled: "Photo 2") != nil }, timeout: 5), "\(app.scenes.map(\.title))")
        let photo = try #require(app.scene(titled: "Photo 2"))
        // At its largest size, its top edge centred where the photo was dropped.
        // (The window manager's configure may tell the size before the position.)
        #expect(await app.run(until: {
            let frame = photo.effectiveGeometry.systemFrame
            return frame.size == PhotoSceneDelegate.maximumSize && abs(frame.minY - 500) <= 4 && abs(frame.midX - 1300) <= 4
        }, timeout: 3), "\(photo.effectiveGeometry.systemFrame)")
        #expect(photos.activationState != .unattached, "the grid stays open")

        try app.relaunch()
        #expect(await app.waitForScenes(2))
        let restored = try #require(app.scene(titled: "Photo 2"))
        let delegate = try #require(restored.delegate as? PhotoSceneDelegate)
        #expect(delegate.photo?.number == 1)
        #expect(app.scene(titled: "Photos") != nil)
    }

    /// A pinch out over a tile opens that photo's window too (the grid's delegate gives it).
    @Test func aPinchOutOverAPhotoOpensItsWindow() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(
            role: .windowApplication, userActivity: NSUserActivity(activityType: PhotosSceneDelegate.activityType)))
        #expect(await app.run(until: { app.scene(titled: "Photos")?.activationState == .foregroundActive }, timeout: 5))
        let photos = try #require(app.scene(titled: "Photos"))
        await app.run(for: 0.2)
        let grid = try #require(photos.windows.first?.rootViewController as? PhotosViewController)
        let cell = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 4, section: 0)))
        let centre = cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: nil)
        photos.pointerMoved(to: centre)
        photos.pointerPinchBegan(at: centre)
        photos.pointerPinchChanged(scale: 1.3)
        photos.pointerPinchChanged(scale: 1.7)
        photos.pointerPinchEnded()
        #expect(await app.run(until: { app.scene(titled: "Photo 5") != nil }, timeout: 5), "\(app.scenes.map(\.title))")
        let delegate = try #require(app.scene(titled: "Photo 5")?.delegate as? PhotoSceneDelegate)
        #expect(delegate.photo?.number == 4)
    }

    /// The photo's title follows the text size, and at the largest size in the smallest window it
    /// wraps inside the window rather than running past its edges.
    @Test func thePhotosTitleFollowsTheTextSizeAndStaysInsideTheWindow() {
        let controller = PhotoViewController(photo: PhotosViewController.Photo(number: 1_999))
        let scene = UIWindowScene.offscreen(size: CGSize(width: 240, height: 240), rootViewController: controller)
        _ = scene.renderImage()
        let atLarge = controller.label.font.pointSize
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        let label = controller.label
        #expect(label.font.pointSize > 1.5 * atLarge, "\(atLarge) → \(label.font.pointSize)")
        #expect(controller.view.bounds.insetBy(dx: 15, dy: 15).contains(label.frame), "\(label.frame)")
        let needed = label.sizeThatFits(CGSize(width: label.bounds.width, height: .greatestFiniteMagnitude))
        #expect(needed.height <= label.bounds.height + 0.5 && needed.width <= label.bounds.width + 0.5, "cut off: needs \(needed) in \(label.bounds.size)")
    }
}
