import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct UITraitCollectionTests {
    @Test func rawValuesMatchUIKit() {
        #expect(UIUserInterfaceSizeClass.compact.rawValue == 1)
        #expect(UIUserInterfaceSizeClass.regular.rawValue == 2)
        #expect(UIUserInterfaceIdiom.pad.rawValue == 1)
        #expect(UIUserInterfaceIdiom.mac.rawValue == 5)
        #expect(UIInterfaceOrientation.landscapeLeft.rawValue == 4)
        #expect(UIScene.ActivationState.unattached.rawValue == -1)
    }

    /// The iPad multitasking widths from UIKit: 678 (12.9" half) is regular; 639, 507, 375, 320 compact.
    @Test(arguments: [
        (CGSize(width: 1024, height: 768), UIUserInterfaceSizeClass.regular, UIUserInterfaceSizeClass.regular),
        (CGSize(width: 981, height: 1024), .regular, .regular),
        (CGSize(width: 678, height: 1024), .regular, .regular),
        (CGSize(width: 677, height: 1024), .compact, .regular),
        (CGSize(width: 639, height: 1366), .compact, .regular),
        (CGSize(width: 507, height: 768), .compact, .regular),
        (CGSize(width: 320, height: 1024), .compact, .regular),
        (CGSize(width: 900, height: 499), .regular, .compact),
        (CGSize(width: 400, height: 300), .compact, .compact),
    ])
    func sizeClassesFollowTheWindowSize(size: CGSize, horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass) {
        let classes = UITraitCollection.sizeClasses(for: size)
        #expect(classes.horizontal == horizontal)
        #expect(classes.vertical == vertical)
    }

    @Test func sceneTraitsChangeWithItsSizeAndViewsHearOfIt() {
        final class Watcher: UIView {
            var changes: [UIUserInterfaceSizeClass] = []
            override func traitCollectionDidChange(_ previous: UITraitCollection?) { changes.append(traitCollection.horizontalSizeClass) }
        }
        let controller = UIViewController()
        let watcher = Watcher()
        controller.view.addSubview(watcher)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), scale: 2, rootViewController: controller)
        #expect(watcher.traitCollection.horizontalSizeClass == .regular)
        #expect(watcher.traitCollection.displayScale == 2)
        #expect(watcher.traitCollection.userInterfaceIdiom == .pad)
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 700), displayScale: 2)
        #expect(controller.traitCollection.horizontalSizeClass == .compact)
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 510, height: 700), displayScale: 2)
        // Entering the window is the first change (from unspecified); after that only real changes count.
        #expect(watcher.changes == [.regular, .compact], "only a real change of traits is announced")
    }
}
