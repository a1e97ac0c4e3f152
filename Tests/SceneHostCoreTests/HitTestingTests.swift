import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A view whose touch area is its bounds grown by 20 points.
@MainActor
private final class GenerousView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
}

/// `hitTest(_:with:)` and `point(inside:with:)` as Apple documents them.
@MainActor
struct HitTestingTests {
    /// A 300×300 root with a 100×100 parent at (50, 50) holding `child`.
    private func tree(child: UIView) -> (root: UIView, parent: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let parent = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(parent)
        parent.addSubview(child)
        return (root, parent)
    }

    @Test func findsTheDeepestViewInItsOwnCoordinates() {
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let (root, parent) = tree(child: child)
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 55, y: 55), with: nil) === parent)
        #expect(root.hitTest(CGPoint(x: 5, y: 5), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 301, y: 5), with: nil) == nil, "outside the receiver")
        #expect(parent.hitTest(CGPoint(x: 15, y: 15), with: nil) === child, "the point is in the receiver's coordinates")
    }

    @Test func aSubviewOutsideANonClippingParentIsNeverHit() {
        // Drawn at (160…190) in the root, outside its parent's bounds, which do not clip it.
        let child = UIView(frame: CGRect(x: 110, y: 10, width: 30, height: 30))
        let (root, parent) = tree(child: child)
        #expect(!parent.clipsToBounds)
        #expect(root.hitTest(CGPoint(x: 170, y: 70), with: nil) === root, "the part outside the parent is unreachable")
        #expect(child.hitTest(CGPoint(x: 5, y: 5), with: nil) === child, "asked directly, the child is hit")
    }

    @Test func pointInsideWidensOrNarrowsTheTouchArea() {
        let child = GenerousView(frame: CGRect(x: 110, y: 10, width: 30, height: 30))
        let (root, parent) = tree(child: child)
        let generousParent = GenerousView(frame: parent.frame)
        root.addSubview(generousParent)
        let inner = UIView(frame: CGRect(x: -15, y: 0, width: 20, height: 20))
        generousParent.addSubview(inner)
        #expect(root.hitTest(CGPoint(x: 40, y: 55), with: nil) === inner, "the parent's wider area lets the search reach it")
        #expect(root.hitTest(CGPoint(x: 45, y: 75), with: nil) === generousParent, "inside the wider area, not in a subview")
        #expect(child.point(inside: CGPoint(x: -10, y: 0), with: nil))
    }

    @Test func hiddenNonInteractiveAndTransparentViewsAreSkippedWithTheirSubviews() {
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let (root, parent) = tree(child: child)
        let point = CGPoint(x: 60, y: 60)
        #expect(root.hitTest(point, with: nil) === child)
        child.isHidden = true
        #expect(root.hitTest(point, with: nil) === parent)
        child.isHidden = false
        child.alpha = 0.009
        #expect(root.hitTest(point, with: nil) === parent, "alpha below 0.01")
        child.alpha = 0.01
        #expect(root.hitTest(point, with: nil) === child, "alpha of 0.01 takes touches")
        parent.isUserInteractionEnabled = false
        #expect(root.hitTest(point, with: nil) === root, "a non-interactive parent hides its subviews too")
        parent.isUserInteractionEnabled = true
        parent.alpha = 0
        #expect(root.hitTest(point, with: nil) === root)
    }

    @Test func theFrontmostSubviewWinsWhateverItsContent() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: root.bounds), front = UIView(frame: root.bounds)
        back.backgroundColor = .red
        root.addSubview(back)
        root.addSubview(front)
        #expect(front.backgroundColor == nil)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === front, "the last subview, though it draws nothing")
    }

    @Test func boundsOriginShiftsTheSearch() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroller.bounds.origin = CGPoint(x: 0, y: 100)
        let row = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 40))
        root.addSubview(scroller)
        scroller.addSubview(row)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === row)
        #expect(root.hitTest(CGPoint(x: 10, y: 50), with: nil) === scroller)
    }

    @Test func theSceneDeliversToTheFrontmostWindowThatHasAHit() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 200), rootViewController: root)
        let overlay = UIWindow(windowScene: scene)
        overlay.isHidden = false
        overlay.isUserInteractionEnabled = false
        let pointer = scene.pointer
        #expect(pointer.target(at: CGPoint(x: 10, y: 10), in: scene, event: nil)?.view === root.view,
                "a window that takes no touches lets them through")
        overlay.isUserInteractionEnabled = true
        #expect(pointer.target(at: CGPoint(x: 10, y: 10), in: scene, event: nil)?.view === overlay)
        overlay.isHidden = true
        #expect(pointer.target(at: CGPoint(x: 10, y: 10), in: scene, event: nil)?.window === scene.keyWindow)
    }
}
