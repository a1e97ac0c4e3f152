import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Counts draw calls and records layout order.
@MainActor
final class ProbeView: UIView {
    var draws = 0
    var log: [String] = []
    var color = UIColor.systemBlue
    override func draw(_ rect: CGRect) {
        draws += 1
        color.setFill()
        UIRectFill(bounds)
    }
    override func layoutSubviews() { log.append("layoutSubviews") }
}

@MainActor
final class ProbeController: UIViewController {
    var log: [String] = []
    let probe = ProbeView()
    override func loadView() { view = probe }
    override func viewDidLoad() { log.append("viewDidLoad") }
    override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews") }
}

@MainActor
struct UIViewTests {
    @Test func frameBoundsAndCenterStayConsistent() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        view.center = CGPoint(x: 100, y: 100)
        #expect(view.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        view.bounds = CGRect(x: 5, y: 5, width: 40, height: 40)
        #expect(view.center == CGPoint(x: 100, y: 100), "changing bounds keeps the centre, as in UIKit")
        #expect(view.frame == CGRect(x: 80, y: 80, width: 40, height: 40))
    }

    @Test func hierarchyAndConversion() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let child = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let grandchild = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        root.addSubview(child)
        child.addSubview(grandchild)
        #expect(grandchild.isDescendant(of: root))
        #expect(grandchild.convert(CGPoint.zero, to: root) == CGPoint(x: 15, y: 25))
        #expect(root.convert(CGPoint(x: 15, y: 25), to: grandchild) == .zero)
        child.bounds.origin = CGPoint(x: 5, y: 0)
        #expect(grandchild.convert(CGPoint.zero, to: root) == CGPoint(x: 10, y: 25), "bounds origin scrolls the subviews")
        grandchild.removeFromSuperview()
        #expect(child.subviews.isEmpty)
        #expect(grandchild.superview == nil)
    }

    @Test func subviewsAreOrderedAsUIKitOrdersThem() {
        let parent = UIView(), a = UIView(), b = UIView(), c = UIView()
        [a, b, c].forEach(parent.addSubview)
        parent.insertSubview(c, belowSubview: a)
        #expect(parent.subviews == [c, a, b])
        parent.insertSubview(c, aboveSubview: b)
        #expect(parent.subviews == [a, b, c])
        parent.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(parent.subviews == [c, b, a])
        parent.sendSubviewToBack(a)
        parent.bringSubviewToFront(c)
        #expect(parent.subviews == [a, b, c])
        let stranger = UIView(), d = UIView()
        parent.insertSubview(d, belowSubview: stranger)
        #expect(parent.subviews.last == d, "below a view that is not a subview: added on top, as UIKit")
        a.tag = 7
        #expect(parent.viewWithTag(7) === a && parent.viewWithTag(8) == nil)
    }

    @Test func aTransformChangesTheFrameAndConversionsButNotBoundsOrCenter() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        parent.addSubview(view)
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(view.bounds.size == CGSize(width: 100, height: 40) && view.center == CGPoint(x: 100, y: 70))
        let frame = view.frame
        #expect(abs(frame.minX - 80) < 1e-9 && abs(frame.minY - 20) < 1e-9 && abs(frame.width - 40) < 1e-9 && abs(frame.height - 100) < 1e-9)
        // A quarter turn clockwise (y down): the view's top-left corner lands at the frame's top right.
        let corner = view.convert(CGPoint.zero, to: parent)
        #expect(abs(corner.x - 120) < 1e-9 && abs(corner.y - 20) < 1e-9)
        let back = parent.convert(corner, to: view)
        #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
        // Any point, both ways: into a transformed view and out of it, from a sibling and from the window.
        let sibling = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(sibling)
        let inside = CGPoint(x: 30, y: 10), inParent = view.convert(inside, to: parent)
        #expect(abs(inParent.x - 110) < 1e-9 && abs(inParent.y - 50) < 1e-9, "a quarter turn about the center (100, 70)")
        let fromSibling = view.convert(inParent, from: sibling), toSibling = sibling.convert(inParent, to: view)
        #expect(abs(fromSibling.x - 30) < 1e-9 && abs(fromSibling.y - 10) < 1e-9)
        #expect(abs(toSibling.x - 30) < 1e-9 && abs(toSibling.y - 10) < 1e-9)
        #expect(abs(view.convert(inParent, from: nil).x - 30) < 1e-9, "the parent is the topmost view here")
        view.transform = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        #expect(view.convert(CGPoint(x: 50, y: 20), to: parent) == CGPoint(x: 110, y: 70), "the center moves by the scaled translation")
        view.transform = .identity
        #expect(view.frame == CGRect(x: 50, y: 50, width: 100, height: 40))
        view.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        view.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        #expect(view.center == CGPoint(x: 30, y: 30) && view.bounds.size == CGSize(width: 60, height: 60),
                "a frame set under a transform sets the center and the bounds' size")
    }

    @Test func affineTransformsComposeAsCoreGraphics() {
        let t = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 3), "scaled first, then moved")
        #expect(CGPoint(x: 12, y: 3).applying(t.inverted()) == CGPoint(x: 1, y: 1))
        #expect(CGRect(x: 0, y: 0, width: 2, height: 1).applying(CGAffineTransform(scaleX: -1, y: 1)) == CGRect(x: -2, y: 0, width: 2, height: 1))
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(t)) == t)
        #expect(CATransform3DIsAffine(CATransform3DMakeScale(2, 2, 1)) && !CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 1, 0, 0)))
    }

    @Test func layoutRunsTopDownWithTheControllerAroundItsView() {
        let controller = ProbeController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: controller)
        scene.layoutIfNeeded()
        #expect(controller.log == ["viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews"])
        #expect(controller.probe.log == ["layoutSubviews"])
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 400, height: 300), "the root view fills the window")
        scene.layoutIfNeeded()
        #expect(controller.probe.log.count == 1, "no layout without a reason")
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 300), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(controller.probe.log.count == 2, "a resize lays the view out again")
    }

    @Test func onlyDirtyViewsRedraw() {
        let controller = UIViewController()
        let a = ProbeView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let b = ProbeView(frame: CGRect(x: 60, y: 0, width: 50, height: 50))
        controller.view.addSubview(a)
        controller.view.addSubview(b)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), rootViewController: controller)
        _ = scene.renderImage()
        #expect(a.draws == 1 && b.draws == 1)
        b.color = .systemRed
        b.setNeedsDisplay()
        let damage = scene.takeDamage(drawingAt: 1)
        #expect(damage == Damage(CGRect(x: 60, y: 0, width: 50, height: 50)), "only the dirty view's area is damaged")
        #expect(b.draws == 2, "drawn as the damage is taken")
        let image = scene.renderImage()
        #expect(a.draws == 1, "a clean view is composited from its recording, not drawn again")
        #expect(b.draws == 2, "nor is a view drawn since")
        #expect(image.pixel(x: 80, y: 20) == 0xffff3b30)
        #expect(image.pixel(x: 20, y: 20) == 0xff007aff)
    }

    @Test func contentModesKeepOrRedrawTheDrawingOnResize() {
        #expect(UIView.ContentMode.scaleToFill.rawValue == 0 && UIView.ContentMode.redraw.rawValue == 3)
        #expect(UIView.ContentMode.center.rawValue == 4 && UIView.ContentMode.bottomRight.rawValue == 12)
        #expect(UIView().contentMode == .scaleToFill && UILabel().contentMode == .redraw, "UIKit's defaults")

        /// Red on its left half, blue on its right half, of whatever size it is drawn at.
        final class Halves: UIView {
            var draws = 0
            override func draw(_ rect: CGRect) {
                draws += 1
                UIColor.systemRed.setFill()
                UIRectFill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
                UIColor.systemBlue.setFill()
                UIRectFill(CGRect(x: bounds.width / 2, y: 0, width: bounds.width / 2, height: bounds.height))
            }
        }
        let red: UInt32 = 0xffff3b30, blue: UInt32 = 0xff007aff, white: UInt32 = 0xffffffff
        func scene(_ mode: UIView.ContentMode) -> (UIWindowScene, Halves) {
            let controller = UIViewController()
            controller.view.backgroundColor = .white
            let view = Halves(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
            view.contentMode = mode
            controller.view.addSubview(view)
            let scene = UIWindowScene.offscreen(size: CGSize(width: 100, height: 40), rootViewController: controller)
            _ = scene.renderImage()
            view.frame.size = CGSize(width: 80, height: 20)
            return (scene, view)
        }

        let (stretched, stretchedView) = scene(.scaleToFill)
        #expect(stretched.takeDamage(drawingAt: 1).bounds == CGRect(x: 0, y: 0, width: 80, height: 20), "all of it is composited anew")
        var image = stretched.renderImage()
        #expect(stretchedView.draws == 1, "the drawing made at 40 points wide is kept")
        #expect(image.pixel(x: 30, y: 10) == red && image.pixel(x: 50, y: 10) == blue, "and stretched to 80")
        #expect(image.pixel(x: 85, y: 10) == white)

        let (redrawn, redrawnView) = scene(.redraw)
        image = redrawn.renderImage()
        #expect(redrawnView.draws == 2, "drawn again at the new size")
        #expect(image.pixel(x: 30, y: 10) == red && image.pixel(x: 50, y: 10) == blue)

        let (centred, centredView) = scene(.center)
        image = centred.renderImage()
        #expect(centredView.draws == 1)
        #expect(image.pixel(x: 10, y: 10) == white && image.pixel(x: 70, y: 10) == white, "unscaled, in the middle")
        #expect(image.pixel(x: 25, y: 10) == red && image.pixel(x: 45, y: 10) == blue)

        // Back to the size it was drawn at: the kept drawing is a pixel copy again; a new mode places it anew.
        centredView.frame.size = CGSize(width: 40, height: 20)
        centredView.contentMode = .right
        image = centred.renderImage()
        #expect(image.pixel(x: 10, y: 10) == red && image.pixel(x: 30, y: 10) == blue && image.pixel(x: 45, y: 10) == white)
        centredView.frame.size = CGSize(width: 60, height: 20)
        image = centred.renderImage()
        #expect(image.pixel(x: 10, y: 10) == white && image.pixel(x: 30, y: 10) == red && image.pixel(x: 50, y: 10) == blue, "at the right edge")
        #expect(centredView.draws == 1)
    }

    /// A kept drawing stretched or shrunk to other bounds is sampled by the layer's filters: linear by
    /// default (pixels blended where red meets blue), the nearest pixel when asked (only red and blue).
    @Test func aFittedDrawingIsSampledByTheLayersFilters() {
        #expect(CALayer().magnificationFilter == .linear && CALayer().minificationFilter == .linear, "Core Animation's defaults")
        final class Halves: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.systemRed.setFill()
                UIRectFill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
                UIColor.systemBlue.setFill()
                UIRectFill(CGRect(x: bounds.width / 2, y: 0, width: bounds.width / 2, height: bounds.height))
            }
        }
        let red: UInt32 = 0xffff3b30, blue: UInt32 = 0xff007aff
        /// The colours of the row through the view's middle after it is drawn `from` points wide and shown `to`.
        func row(from: CGFloat, to: CGFloat, nearest: Bool) -> Set<UInt32> {
            let controller = UIViewController()
            let view = Halves(frame: CGRect(x: 0, y: 0, width: from, height: 10))
            view.contentMode = .scaleToFill
            if nearest {
                view.layer.magnificationFilter = .nearest
                view.layer.minificationFilter = .nearest
            }
            controller.view.addSubview(view)
            let scene = UIWindowScene.offscreen(size: CGSize(width: 100, height: 20), rootViewController: controller)
            _ = scene.renderImage()
            view.frame.size.width = to
            let image = scene.renderImage()
            return Set((0..<Int(to)).map { image.pixel(x: $0, y: 5) })
        }
        for (from, to) in [(CGFloat(4), CGFloat(80)), (80, 9)] {
            let linear = row(from: from, to: to, nearest: false), nearest = row(from: from, to: to, nearest: true)
            #expect(linear.count > 2 && linear.isSuperset(of: [red, blue]), "\(from) → \(to): blended")
            #expect(nearest == [red, blue], "\(from) → \(to): the nearest pixel")
        }
    }

    @Test func hiddenViewsAlphaAndClipping() {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        parent.clipsToBounds = true
        let overflowing = UIView(frame: CGRect(x: 25, y: 0, width: 50, height: 50))
        overflowing.backgroundColor = .black
        parent.addSubview(overflowing)
        let faded = UIView(frame: CGRect(x: 100, y: 0, width: 50, height: 50))
        faded.backgroundColor = .black
        faded.alpha = 0.5
        let hidden = UIView(frame: CGRect(x: 150, y: 0, width: 50, height: 50))
        hidden.backgroundColor = .black
        hidden.isHidden = true
        for view in [parent, faded, hidden] { controller.view.addSubview(view) }
        let image = UIWindowScene.offscreen(size: CGSize(width: 200, height: 50), rootViewController: controller).renderImage()
        #expect(image.pixel(x: 30, y: 10) == 0xff000000)
        #expect(image.pixel(x: 60, y: 10) == 0xffffffff, "clipped by the parent")
        let grey = image.pixel(x: 120, y: 10) & 0xff
        #expect((126...129).contains(grey), "half-transparent black on white")
        #expect(image.pixel(x: 170, y: 10) == 0xffffffff)
    }

    @Test func renderingFollowsTheScale() {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        let square = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        square.backgroundColor = .black
        controller.view.addSubview(square)
        let image = OffscreenScene.render(controller, size: CGSize(width: 40, height: 40), scale: 2)
        #expect(image.width == 80 && image.height == 80)
        #expect(image.pixel(x: 21, y: 21) == 0xff000000)
        #expect(image.pixel(x: 19, y: 19) == 0xffffffff)
        #expect(image.pixel(x: 39, y: 39) == 0xff000000)
        #expect(image.pixel(x: 41, y: 41) == 0xffffffff)
    }
}

@MainActor
enum OffscreenScene {
    static func render(_ controller: UIViewController, size: CGSize, scale: CGFloat) -> Cairo.ImageSurface {
        UIWindowScene.offscreen(size: size, scale: scale, rootViewController: controller).renderImage(scale: scale)
    }
}
