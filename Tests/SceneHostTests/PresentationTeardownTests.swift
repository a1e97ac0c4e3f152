import Foundation
@_spi(Runtime) @testable import SceneHostCore
import SceneHostTesting
import Testing

/// What a scene is made of goes away with it even while it presents: the presented controllers (a
/// sheet, and an action sheet over it mid-animation), their presentation controllers, the containers,
/// dimming, grabber and popover views.
@MainActor
struct PresentationTeardownTests {
    @Test func aSceneLetGoWhilePresentingFreesEverything() throws {
        let tracker = LeakTracker()
        do {
            let root = UIViewController()
            let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: root)
            _ = scene.renderImage()
            let sheet = UIViewController()
            sheet.sheetPresentationController?.prefersGrabberVisible = true
            root.present(sheet, animated: false)
            _ = scene.renderImage()
            let ask = UIAlertController(title: nil, message: "Discard?", preferredStyle: .actionSheet)
            ask.addAction(UIAlertAction(title: "Discard", style: .destructive) { _ in })
            ask.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            ask.popoverPresentationController?.sourceView = sheet.view
            sheet.present(ask, animated: true)
            _ = scene.offscreenHost!.prepareFrame(at: CACurrentMediaTime())
            tracker.track(scene)
            #expect(scene.windows[0].presentationControllers.count == 2)
        }
        #expect(tracker.count > 20)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }
}
