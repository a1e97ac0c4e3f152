import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct UIPresentationControllerTests {
    @Test func aPresentedControllerInheritsThroughItsPresentationController() throws {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 800), rootViewController: root)
        scene.windows[0].traitOverrides.userInterfaceLevel = .elevated
        let sheet = UIViewController()
        sheet.modalPresentationStyle = .formSheet
        let label = UILabel()
        sheet.view.addSubview(label)
        root.present(sheet, animated: true)
        let presentation = try #require(sheet.presentationController)
        #expect(root.presentedViewController === sheet && sheet.presentingViewController === root)

        presentation.traitOverrides.horizontalSizeClass = .compact
        scene.layoutIfNeeded()
        #expect(presentation.traitCollection.userInterfaceLevel == .elevated, "from the window")
        #expect(presentation.traitCollection.horizontalSizeClass == .compact)
        #expect(sheet.traitCollection.horizontalSizeClass == .compact && label.traitCollection.horizontalSizeClass == .compact)
        #expect(root.traitCollection.horizontalSizeClass == .regular, "the presenting side keeps its traits")
    }

    @Test func aFormSheetIsCentredWhenRegularAndFillsTheWindowWhenCompact() throws {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 800), rootViewController: root)
        let sheet = UIViewController()
        sheet.view.backgroundColor = .systemBlue
        root.present(sheet, animated: false)
        let image = scene.renderImage()
        #expect(sheet.view.frame == CGRect(x: 230, y: 90, width: 540, height: 620))
        #expect(image.pixel(x: 500, y: 400) == 0xff007aff)
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 800), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(sheet.view.frame == CGRect(x: 0, y: 10, width: 500, height: 790),
                "compact width: a full-width sheet at its large detent, the window visible above it")
        root.dismiss(animated: false)
        #expect(root.presentedViewController == nil && sheet.presentingViewController == nil)
        #expect(sheet.viewIfLoaded?.window == nil)
    }

    @Test func aFullScreenPresentationDecidesTheSupportedOrientations() {
        final class PortraitOnly: UIViewController {
            override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
        }
        final class LandscapeOnly: UIViewController {
            override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }
        }
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: root)
        #expect(scene.supportedInterfaceOrientations == .all, "the root's: all, as on iPad")
        let presented = PortraitOnly()
        presented.modalPresentationStyle = .fullScreen
        root.present(presented, animated: false)
        scene.layoutIfNeeded()
        #expect(scene.supportedInterfaceOrientations == .portrait, "the topmost full-window controller's")
        let sheet = LandscapeOnly()
        sheet.modalPresentationStyle = .formSheet
        presented.present(sheet, animated: false)
        scene.layoutIfNeeded()
        #expect(scene.supportedInterfaceOrientations == .portrait, "a sheet that does not cover the window does not decide")
    }
}
