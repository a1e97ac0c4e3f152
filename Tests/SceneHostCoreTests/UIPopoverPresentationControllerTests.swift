import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct UIPopoverPresentationControllerTests {
    /// A popover of `size` anchored at `anchor` (root coordinates) in a 1000×800 scene.
    func present(size: CGSize = CGSize(width: 320, height: 200), at anchor: CGRect, arrows: UIPopoverArrowDirection = .any,
                 rightToLeft: Bool = false) -> (UIWindowScene, UIViewController, UIViewController, UIPopoverPresentationController) {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        if rightToLeft {
            scene.traitOverrides.layoutDirection = .rightToLeft
            presentationFrame(scene)
        }
        let presented = content(size)
        presented.modalPresentationStyle = .popover
        let popover = presented.popoverPresentationController!
        popover.sourceView = root.view
        popover.sourceRect = anchor
        popover.permittedArrowDirections = arrows
        root.present(presented, animated: false)
        presentationFrame(scene)
        return (scene, root, presented, popover)
    }

    @Test func itHangsBelowItsAnchorWithTheArrowPointingUpAndCentredOnIt() {
        let (_, root, presented, popover) = present(at: CGRect(x: 480, y: 100, width: 40, height: 30))
        #expect(popover.arrowDirection == .up)
        #expect(presented.view.frame == CGRect(x: 340, y: 143, width: 320, height: 200), "13 pt of arrow under the anchor")
        let bubble = popover.backdropView!
        #expect(bubble.frame == CGRect(x: 340, y: 130, width: 320, height: 213) && bubble.layer.shadowOpacity > 0 && bubble.layer.shadowPath != nil)
        root.dismiss(animated: false)
    }

    @Test func atTheWindowsEdgesItStaysInsideTheMarginsAndTurnsWhereThereIsRoom() {
        // The anchor at the bottom edge: no room below, so the popover goes above, arrow down.
        var (_, root, presented, popover) = present(at: CGRect(x: 10, y: 760, width: 40, height: 30))
        #expect(popover.arrowDirection == .down)
        #expect(presented.view.frame == CGRect(x: 10, y: 547, width: 320, height: 200), "clamped to the 10 pt margin")
        root.dismiss(animated: false)
        // At the right edge with only sideways arrows allowed: the popover goes to the anchor's left.
        (_, root, presented, popover) = present(at: CGRect(x: 960, y: 300, width: 30, height: 30), arrows: [.left, .right])
        #expect(popover.arrowDirection == .right)
        #expect(presented.view.frame == CGRect(x: 960 - 13 - 320, y: 215, width: 320, height: 200))
        root.dismiss(animated: false)
        // Too tall for either side: the side with more room, the content shrunk to it.
        (_, root, presented, popover) = present(size: CGSize(width: 320, height: 900), at: CGRect(x: 500, y: 300, width: 40, height: 30), arrows: [.up, .down])
        #expect(popover.arrowDirection == .up && presented.view.frame == CGRect(x: 360, y: 343, width: 320, height: 447))
        root.dismiss(animated: false)
        // Width within 320…600, as UIKit's documented rule.
        (_, root, presented, _) = present(size: CGSize(width: 900, height: 100), at: CGRect(x: 500, y: 300, width: 40, height: 30))
        #expect(presented.view.frame.width == 600)
        root.dismiss(animated: false)
    }

    @Test func rightToLeftPrefersTheOtherSide() {
        let anchor = CGRect(x: 480, y: 300, width: 40, height: 30)
        var (_, root, presented, popover) = present(at: anchor, arrows: [.left, .right])
        #expect(popover.arrowDirection == .left && presented.view.frame.minX == 533, "left to right: the popover trails the anchor on the right")
        root.dismiss(animated: false)
        (_, root, presented, popover) = present(at: anchor, arrows: [.left, .right], rightToLeft: true)
        #expect(popover.arrowDirection == .right && presented.view.frame.maxX == 467, "right to left: it trails on the left")
        root.dismiss(animated: false)
    }

    @Test func itDrawsABubbleWithAnArrowOverTheWindow() {
        let (scene, root, presented, _) = present(at: CGRect(x: 480, y: 100, width: 40, height: 30))
        root.view.backgroundColor = .black
        presented.view.backgroundColor = .systemRed
        let image = scene.renderImage()
        #expect(image.pixel(x: 500, y: 240) == 0xFFFF_3B30, "the content")
        #expect(image.pixel(x: 500, y: 138) == 0xFFFF_FFFF, "the arrow, in the bubble's colour")
        #expect(image.pixel(x: 470, y: 133) != 0xFFFF_FFFF, "beside the arrow's tip: not the bubble")
        root.dismiss(animated: false)
    }

    @Test func itFollowsThePreferredSizeTheAnchorAndTheWindow() {
        let (scene, root, presented, popover) = present(at: CGRect(x: 480, y: 100, width: 40, height: 30))
        presented.preferredContentSize = CGSize(width: 400, height: 300)
        presentationFrame(scene, at: 10)
        presentationFrame(scene, at: 11)
        #expect(presented.view.frame == CGRect(x: 300, y: 143, width: 400, height: 300), "animated to the new size")
        popover.sourceRect = CGRect(x: 100, y: 100, width: 40, height: 30)
        presentationFrame(scene)
        #expect(presented.view.frame.minX == 10)
        let anchor = UIView(frame: CGRect(x: 700, y: 50, width: 20, height: 20))
        root.view.addSubview(anchor)
        popover.sourceView = anchor
        popover.sourceRect = .zero
        presentationFrame(scene)
        #expect(presented.view.frame.midX == 710)
        anchor.frame.origin.y = 400
        presentationFrame(scene)
        #expect(presented.view.frame.minY == 433, "placed again when the anchor moves: 13 pt below it")
        resize(scene, to: CGSize(width: 1200, height: 800))
        #expect(popover.arrowDirection == .up && presented.view.frame.midX == 710)
        root.dismiss(animated: false)
    }

    @Test func aBarButtonItemAnchorsIt() throws {
        let list = content()
        let item = UIBarButtonItem(title: "Filter", style: .plain) { _ in }
        list.navigationItem.rightBarButtonItem = item
        let navigation = UINavigationController(rootViewController: list)
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: navigation)
        let presented = content(CGSize(width: 320, height: 200))
        presented.modalPresentationStyle = .popover
        presented.popoverPresentationController?.sourceItem = item
        list.present(presented, animated: false)
        presentationFrame(scene)
        let button = try #require(UIPopoverPresentationController.view(showing: item, in: scene.windows[0]))
        let buttonFrame = button.convert(button.bounds, to: nil)
        #expect(presented.popoverPresentationController?.arrowDirection == .up)
        #expect(presented.view.frame.minY == buttonFrame.maxY + 13)
        navigation.dismiss(animated: false)
    }

    @Test func passthroughViewsGetClicksAndOtherClicksOutsideDismiss() {
        let (scene, root, presented, popover) = present(at: CGRect(x: 480, y: 100, width: 40, height: 30))
        var taps = 0
        let button = UIButton(frame: CGRect(x: 20, y: 600, width: 100, height: 40))
        button.addAction(UIAction { _ in taps += 1 }, for: .primaryActionTriggered)
        root.view.addSubview(button)
        popover.passthroughViews = [button]
        presentationFrame(scene)
        click(scene, at: CGPoint(x: 60, y: 620))
        #expect(taps == 1 && root.presentedViewController === presented, "through to the button; still open")
        click(scene, at: CGPoint(x: 500, y: 200))
        #expect(root.presentedViewController === presented, "inside the popover")
        click(scene, at: CGPoint(x: 900, y: 700))
        presentationFrame(scene, at: 10)
        presentationFrame(scene, at: 11)
        #expect(root.presentedViewController == nil, "outside: dismissed")
    }

    @Test func withoutAnAnchorItIsCentredWithoutAnArrow() {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let presented = content(CGSize(width: 320, height: 200))
        presented.modalPresentationStyle = .popover
        root.present(presented, animated: false)
        presentationFrame(scene)
        #expect(presented.popoverPresentationController?.arrowDirection == .unknown)
        #expect(presented.view.frame == CGRect(x: 340, y: 300, width: 320, height: 200))
        root.dismiss(animated: false)
    }
}
