import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct UISheetPresentationControllerTests {
    /// A sheet with `configure` applied, presented in a scene of `size`.
    func present(in size: CGSize, configure: (UISheetPresentationController) -> Void = { _ in })
        -> (UIWindowScene, UIViewController, UIViewController, UISheetPresentationController) {
        let root = UIViewController()
        let scene = presentationScene(size, root: root)
        let presented = content(CGSize(width: 400, height: 300))
        presented.modalPresentationStyle = .pageSheet
        let sheet = presented.sheetPresentationController!
        configure(sheet)
        root.present(presented, animated: false)
        presentationFrame(scene)
        return (scene, root, presented, sheet)
    }

    func drag(_ scene: UIWindowScene, from start: CGPoint, by dy: CGFloat) {
        scene.pointerPressed(at: start, timestamp: 10)
        for step in 1...4 {
            scene.pointerMoved(to: CGPoint(x: start.x, y: start.y + dy * CGFloat(step) / 4), timestamp: 10 + 0.05 * Double(step))
        }
        scene.pointerReleased(at: CGPoint(x: start.x, y: start.y + dy), timestamp: 10.3)
        presentationFrame(scene, at: 20)
        presentationFrame(scene, at: 21)
    }

    @Test func detentsSetTheHeightOfABottomSheetAndAnimateChangesMovesIt() {
        let (scene, root, presented, sheet) = present(in: CGSize(width: 500, height: 800)) {
            $0.detents = [.medium(), .large(), .custom(identifier: .init("small")) { _ in 200 }]
        }
        #expect(presented.view.frame == CGRect(x: 0, y: 600, width: 500, height: 200), "no selection: the smallest")
        sheet.animateChanges { sheet.selectedDetentIdentifier = .medium }
        presentationFrame(scene, at: 10)
        presentationFrame(scene, at: 11)
        #expect(presented.view.frame == CGRect(x: 0, y: 405, width: 500, height: 395), "medium: half of 790")
        sheet.selectedDetentIdentifier = .large
        presentationFrame(scene)
        #expect(presented.view.frame == CGRect(x: 0, y: 10, width: 500, height: 790))
        root.dismiss(animated: false)
    }

    @Test func inARegularWindowTheSheetIsCentredAndDetentsDoNotApply() {
        let (_, root, presented, _) = present(in: CGSize(width: 1000, height: 800)) { $0.detents = [.medium()] }
        #expect(presented.view.frame == CGRect(x: 148, y: 20, width: 704, height: 760), "a page sheet")
        root.dismiss(animated: false)
    }

    @Test func inACompactHeightItFillsTheWindowOrAttachesToTheBottomEdge() {
        var (_, root, presented, _) = present(in: CGSize(width: 1000, height: 400)) { $0.detents = [.medium(), .large()] }
        #expect(presented.view.frame == CGRect(x: 0, y: 0, width: 1000, height: 400))
        root.dismiss(animated: false)
        (_, root, presented, _) = present(in: CGSize(width: 1000, height: 400)) {
            $0.detents = [.medium(), .large()]
            $0.prefersEdgeAttachedInCompactHeight = true
        }
        #expect(presented.view.frame == CGRect(x: 230, y: 10, width: 540, height: 390), "medium is inactive in a compact height: large")
        root.dismiss(animated: false)
        (_, root, presented, _) = present(in: CGSize(width: 1000, height: 400)) {
            $0.prefersEdgeAttachedInCompactHeight = true
            $0.widthFollowsPreferredContentSizeWhenEdgeAttached = true
        }
        #expect(presented.view.frame.width == 400, "the preferred width")
        root.dismiss(animated: false)
    }

    @Test func draggingTheGrabberMovesBetweenDetentsAndFarDownDismisses() {
        final class Delegate: UISheetPresentationControllerDelegate {
            var changes: [String] = []
            func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheet: UISheetPresentationController) {
                changes.append(sheet.selectedDetentIdentifier?.rawValue ?? "nil")
            }
        }
        let delegate = Delegate()
        let (scene, root, presented, sheet) = present(in: CGSize(width: 500, height: 800)) {
            $0.detents = [.medium(), .large()]
            $0.prefersGrabberVisible = true
            $0.delegate = delegate
        }
        #expect(presented.view.frame.minY == 405)
        drag(scene, from: CGPoint(x: 250, y: 412), by: -300)
        #expect(sheet.selectedDetentIdentifier == .large && presented.view.frame.minY == 10)
        drag(scene, from: CGPoint(x: 250, y: 17), by: 300)
        #expect(sheet.selectedDetentIdentifier == .medium && presented.view.frame.minY == 405, "the nearest detent")
        drag(scene, from: CGPoint(x: 250, y: 412), by: 40)
        sheet.selectedDetentIdentifier = .large
        #expect(delegate.changes == ["com.apple.UIKit.large", "com.apple.UIKit.medium"], "the person's changes only: \(delegate.changes)")
        sheet.selectedDetentIdentifier = .medium
        presentationFrame(scene)
        drag(scene, from: CGPoint(x: 250, y: 412), by: 300)
        #expect(root.presentedViewController == nil, "below half the smallest detent: dismissed")
    }

    @Test func theGrabberIsDrawnWhenAskedFor() {
        let (scene, root, presented, sheet) = present(in: CGSize(width: 500, height: 800)) { $0.detents = [.medium()] }
        presented.view.backgroundColor = .white
        root.view.backgroundColor = .white
        var image = scene.renderImage()
        #expect(image.pixel(x: 250, y: 412) == 0xFFFF_FFFF)
        sheet.prefersGrabberVisible = true
        image = scene.renderImage()
        #expect(image.pixel(x: 250, y: 412) != 0xFFFF_FFFF, "the handle, 5 pt under the sheet's top")
        root.dismiss(animated: false)
    }

    @Test func belowTheLargestUndimmedDetentNothingIsDimmedAndClicksReachTheWindow() throws {
        var taps = 0
        let (scene, root, presented, sheet) = present(in: CGSize(width: 500, height: 800)) {
            $0.detents = [.medium(), .large()]
            $0.largestUndimmedDetentIdentifier = .medium
        }
        let button = UIButton(frame: CGRect(x: 20, y: 100, width: 100, height: 40))
        button.addAction(UIAction { _ in taps += 1 }, for: .primaryActionTriggered)
        root.view.insertSubview(button, at: 0)
        presentationFrame(scene)
        let dimming = try #require(sheet.dimmingView)
        #expect(dimming.alpha == 0)
        click(scene, at: CGPoint(x: 60, y: 120))
        #expect(taps == 1 && root.presentedViewController === presented)
        sheet.selectedDetentIdentifier = .large
        presentationFrame(scene)
        #expect(dimming.alpha == 1)
        click(scene, at: CGPoint(x: 60, y: 5))
        #expect(taps == 1)
        presentationFrame(scene, at: 10)
        presentationFrame(scene, at: 11)
        #expect(root.presentedViewController == nil, "dimmed: a click outside dismisses")
    }

    @Test func aSheetDraggedAwayComesBackAtItsRestingPlace() throws {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let presented = content()
        let sheet = try #require(presented.sheetPresentationController)
        root.present(presented, animated: false)
        presentationFrame(scene, at: 5)
        let resting = presented.view.frame
        // Where a drag of the grabber leaves it before the person's dismissal.
        sheet.dragOffset = 200
        sheet.containerView?.setNeedsLayout()
        sheet.containerView?.layoutIfNeeded()
        #expect(presented.view.frame.minY == resting.minY + 200)
        #expect(sheet.dismissByUser())
        presentationFrame(scene, at: 10)
        presentationFrame(scene, at: 11)
        #expect(root.presentedViewController == nil && sheet.dragOffset == 0)
        root.present(presented, animated: false)
        presentationFrame(scene, at: 12)
        #expect(presented.view.frame == resting)
        root.dismiss(animated: false)
    }
}
