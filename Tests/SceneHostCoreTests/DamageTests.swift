import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct DamageTests {
    @Test func whatARectangleLeavesOfAnother() {
        let rect = CGRect(x: 10, y: 10, width: 100, height: 50)
        #expect(Array(rect.subtracting(rect.offsetBy(dx: 3, dy: 2))) == [CGRect(x: 10, y: 10, width: 100, height: 2), CGRect(x: 10, y: 12, width: 3, height: 48)])
        #expect(rect.subtracting(rect.insetBy(dx: 10, dy: 10)).count == 4)
        #expect(Array(rect.subtracting(CGRect(x: 500, y: 0, width: 5, height: 5))) == [rect], "apart: all of it")
        #expect(rect.subtracting(rect.insetBy(dx: -1, dy: -1)).isEmpty)
        #expect(CGRect.null.subtracting(rect).isEmpty)
    }

    /// The inline intersection, containment and equality the frame path takes are Foundation's, whatever
    /// the rectangles (except that nothing holds the null rectangle, which Foundation says every
    /// rectangle contains: no view covers it).
    @Test func inlineRectangleArithmeticIsFoundations() {
        let rects = [CGRect(x: 10, y: 10, width: 100, height: 50), CGRect(x: 110, y: 20, width: 5, height: 5), CGRect(x: 50, y: 30, width: 0, height: 10),
                     CGRect(x: 0.5, y: -3.25, width: 60.75, height: 14.5), CGRect(x: 200, y: 200, width: 1, height: 1), CGRect(x: 20, y: 20, width: 30, height: 30),
                     CGRect(x: 80, y: 50, width: -30, height: -20), CGRect(x: 50, y: 30, width: 30, height: 20), .null, .infinite, .zero]
        for a in rects {
            for b in rects {
                let clipped = a.clipped(to: b), foundation = a.intersection(b)
                #expect(clipped == foundation || (clipped.isNull && foundation.isNull), "\(a) ∩ \(b)")
                #expect(clipped.isInfinite == foundation.isInfinite)
                #expect(a.holds(b) == (!a.isNull && !b.isNull && a.contains(b)), "\(a) ⊇ \(b)")
                #expect(a.isSame(as: b) == (a == b), "\(a) = \(b)")
            }
        }
    }

    /// A black badge holding a label, over another label, in a 200×100-point scene drawn at `scale`.
    private func badgeScene(scale: CGFloat = 1) -> (scene: UIWindowScene, root: UIView, badge: UIView, text: UILabel) {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        let under = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        under.text = "Under the badge"
        let badge = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 30))
        badge.backgroundColor = .black
        let text = UILabel(frame: CGRect(x: 5, y: 5, width: 50, height: 20))
        text.text = "12"
        text.textColor = .white
        badge.addSubview(text)
        for view in [under, badge] { controller.view.addSubview(view) }
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), scale: scale, rootViewController: controller)
        return (scene, controller.view, badge, text)
    }

    /// Draws the scene's damage into `image` (its last frame) and checks it against a whole new frame.
    private func expectFrameMatchesFullRender(_ scene: UIWindowScene, into image: ImageSurface, scale: CGFloat = 1, _ comment: Comment) -> Damage {
        let damage = scene.takeDamage(drawingAt: scale)
        let context = Context(surface: image)
        context.scale(Double(scale), Double(scale))
        // In whole pixels, as a window presents it.
        let pixels = damage.pixels(scale: scale, within: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        scene.render(into: context, damage: pixels.scaled(by: 1 / scale), scale: scale)
        image.flush()
        let full = scene.renderImage(scale: scale)
        var differing = 0
        for y in 0..<full.height where memcmp(image.data + y * image.stride, full.data + y * full.stride, full.width * 4) != 0 { differing += 1 }
        #expect(differing == 0, "\(differing) rows differ: \(comment)")
        return damage
    }

    @Test func anOpaqueViewThatMovedIsCopiedAndOnlyWhatItLeftIsComposited() {
        let (scene, _, badge, _) = badgeScene()
        let image = scene.renderImage()
        badge.frame.origin = CGPoint(x: 23, y: 22)
        let damage = expectFrameMatchesFullRender(scene, into: image, "moved by whole points")
        #expect(damage.moves == [Damage.Move(from: CGRect(x: 20, y: 20, width: 60, height: 30), to: badge.frame)])
        #expect(damage.rects == [CGRect(x: 20, y: 20, width: 60, height: 2), CGRect(x: 20, y: 22, width: 3, height: 28)],
                "the strips it left, and nothing where it is now")
    }

    /// A label on a plain opaque background (the badge's) shows only that background around its text:
    /// moved, it is copied too, unless something else of the badge lies where it was or goes.
    @Test func aLabelOnAPlainBackgroundThatMovedIsCopied() {
        do {
            let (scene, _, badge, text) = badgeScene()
            let image = scene.renderImage()
            text.frame.origin = CGPoint(x: 7, y: 6)
            let damage = expectFrameMatchesFullRender(scene, into: image, "the label moved within the badge")
            #expect(damage.moves == [Damage.Move(from: CGRect(x: 25, y: 25, width: 50, height: 20), to: CGRect(x: 27, y: 26, width: 50, height: 20))])
            #expect(damage.rects == [CGRect(x: 25, y: 25, width: 50, height: 1), CGRect(x: 25, y: 26, width: 2, height: 19)], "what it left")
            badge.backgroundColor = .systemGreen
            text.frame.origin.x -= 1
            _ = expectFrameMatchesFullRender(scene, into: image, "the badge changed colour as the label moved")
        }
        do {
            let (scene, _, badge, text) = badgeScene()
            let dot = UIView(frame: CGRect(x: 2, y: 2, width: 4, height: 4))
            dot.backgroundColor = .systemRed
            badge.insertSubview(dot, at: 0)
            let image = scene.renderImage()
            text.frame.origin.x -= 3
            let damage = expectFrameMatchesFullRender(scene, into: image, "moved over another view of the badge")
            #expect(damage.moves.isEmpty)
        }
        do {
            let (scene, _, _, text) = badgeScene()
            let image = scene.renderImage()
            text.frame.origin.x += 8
            let damage = expectFrameMatchesFullRender(scene, into: image, "moved partly out of the badge")
            #expect(damage.moves.isEmpty)
        }
    }

    @Test func movesIntoASurfaceWithoutPixelsAreComposited() {
        let (scene, _, badge, _) = badgeScene()
        _ = scene.renderImage()
        badge.frame.origin = CGPoint(x: 40, y: 50)
        let damage = scene.takeDamage(drawingAt: 1)
        #expect(damage.moves.count == 1)
        let recording = RecordingSurface()
        scene.render(into: Context(surface: recording), damage: damage, scale: 1)
        recording.flush()
        let ink = recording.inkExtents
        #expect(CGRect(x: ink.x, y: ink.y, width: ink.width, height: ink.height).contains(badge.frame), "the badge is drawn where it is")
    }

    /// Copying is only a shortcut: whatever else happened in the frame, the pixels come out as a whole
    /// new frame's.
    @Test func movedViewsComeOutAsAWholeFrameWhateverElseChanged() {
        do {
            let (scene, _, badge, text) = badgeScene()
            let image = scene.renderImage()
            text.text = "13"
            badge.frame.origin.x += 30
            text.textColor = .systemOrange
            let damage = expectFrameMatchesFullRender(scene, into: image, "its text changed before and after it moved")
            #expect(damage.moves.count == 1)
        }
        do {
            let (scene, root, badge, _) = badgeScene()
            let cover = UIView(frame: CGRect(x: 70, y: 10, width: 20, height: 20))
            cover.backgroundColor = .systemRed
            root.addSubview(cover)
            let image = scene.renderImage()
            badge.frame.origin.x += 4
            cover.frame.origin.y = 60
            let damage = expectFrameMatchesFullRender(scene, into: image, "a view over it moved away")
            #expect(damage.moves.map(\.to) == [badge.frame], "the badge is copied, what was over it composited again")
        }
        do {
            let (scene, _, badge, _) = badgeScene()
            let image = scene.renderImage()
            badge.frame.origin.x += 4
            badge.frame.origin.x += 4
            badge.frame.size.width += 1
            let damage = expectFrameMatchesFullRender(scene, into: image, "moved twice, then resized")
            #expect(damage.moves.isEmpty)
        }
        do {
            let (scene, root, badge, _) = badgeScene()
            let image = scene.renderImage()
            badge.frame.origin.x += 4
            badge.alpha = 0.5
            _ = expectFrameMatchesFullRender(scene, into: image, "faded after it moved")
            badge.alpha = 1
            _ = expectFrameMatchesFullRender(scene, into: image, "shown again")
            badge.frame.origin.y += 6
            badge.removeFromSuperview()
            var damage = expectFrameMatchesFullRender(scene, into: image, "moved, then removed")
            #expect(damage.moves.isEmpty)
            root.addSubview(badge)
            _ = expectFrameMatchesFullRender(scene, into: image, "added again")
            badge.frame.origin.y -= 3
            root.frame.origin.x += 1
            damage = expectFrameMatchesFullRender(scene, into: image, "its superview moved too")
            #expect(damage.moves.isEmpty)
        }
        do {
            let (scene, _, badge, _) = badgeScene(scale: 2)
            let image = scene.renderImage(scale: 2)
            badge.frame.origin.x += 0.5
            var damage = expectFrameMatchesFullRender(scene, into: image, scale: 2, "half a point at 2×: one pixel")
            #expect(damage.moves.count == 1)
            badge.frame.origin.x += 0.25
            damage = expectFrameMatchesFullRender(scene, into: image, scale: 2, "a quarter point at 2×: not on whole pixels")
            #expect(damage.moves.isEmpty)
            badge.frame.origin.x += 0.5
            #expect(scene.takeDamage(drawingAt: 1).moves.isEmpty, "the last frame was drawn at another scale")
        }
    }

    /// A view without a background shows nothing new where it grows unless its drawing reaches there.
    @Test func resizingAViewWithoutBackgroundDamagesOnlyWhereItPaints() {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 150, height: 20))
        label.text = "Short"
        controller.view.addSubview(label)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), rootViewController: controller)
        let image = scene.renderImage()
        label.frame.size.width = 160
        #expect(expectFrameMatchesFullRender(scene, into: image, "grown past its text").isEmpty)
        label.frame.size.width = 30
        let damage = expectFrameMatchesFullRender(scene, into: image, "shrunk into its text (truncated)")
        #expect(damage.bounds.minX <= 10 && damage.bounds.maxX >= 40, "drawn anew")
        label.backgroundColor = .systemBlue
        _ = expectFrameMatchesFullRender(scene, into: image, "given a background")
        label.frame.size.width = 150
        _ = expectFrameMatchesFullRender(scene, into: image, "grown out of its truncation")
        label.frame.size.width = 160
        #expect(expectFrameMatchesFullRender(scene, into: image, "grown with its background").rects == [CGRect(x: 160, y: 10, width: 10, height: 20)])
    }

    @Test func rectanglesStayApartUntilTheyOverlapOrGrowTooMany() {
        var damage = Damage()
        damage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        damage.add(CGRect(x: 100, y: 0, width: 10, height: 10))
        #expect(damage.rects.count == 2, "apart: a union would draw what did not change")
        damage.add(CGRect(x: 2, y: 2, width: 5, height: 5))
        #expect(damage.rects.count == 2, "inside one already")
        damage.add(CGRect(x: 0, y: 5, width: 10, height: 10))
        #expect(damage.rects.contains(CGRect(x: 0, y: 0, width: 10, height: 15)), "overlapping in a line: merged")
        damage.add(.null)
        damage.add(CGRect(x: 5, y: 5, width: 0, height: 3))
        #expect(damage.rects.count == 2, "nothing to add")
        for index in 0..<20 { damage.add(CGRect(x: CGFloat(index) * 20, y: 200, width: 5, height: 5)) }
        #expect(damage.rects.count <= Damage.limit)
        for index in 0..<20 { #expect(damage.intersects(CGRect(x: CGFloat(index) * 20 + 1, y: 201, width: 1, height: 1)), "nothing is lost in merging") }
        #expect(Damage(CGRect(x: 0.5, y: 0.25, width: 10, height: 10)).pixels(scale: 2, within: CGRect(x: 0, y: 0, width: 15, height: 100))
                == Damage(CGRect(x: 1, y: 0, width: 14, height: 21)), "whole pixels, within the limits")
    }

    @Test func stripsAreWhatOneSizeCoversAndTheOtherDoesNot() {
        let old = CGRect(x: 10, y: 20, width: 100, height: 50), new = CGRect(x: 10, y: 20, width: 103, height: 48)
        #expect(Array(CGRect.strips(between: old, and: new)) == [CGRect(x: 110, y: 20, width: 3, height: 50), CGRect(x: 10, y: 68, width: 103, height: 2)])
        #expect(CGRect.strips(between: old, and: old).isEmpty)
    }

    /// A view that only changes size keeps its pixels where it stays; an opaque one that moves is copied
    /// and a translucent one drawn again where it is and where it was.
    @Test func resizingInPlaceDamagesTheStripsAndMovingBothPlaces() {
        let controller = UIViewController()
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        view.backgroundColor = .systemBlue
        controller.view.addSubview(view)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 300, height: 200), rootViewController: controller)
        _ = scene.renderImage()
        view.frame.size.width = 120
        #expect(scene.takeDamage(drawingAt: 1) == Damage(CGRect(x: 110, y: 10, width: 20, height: 40)))
        view.frame.origin.x = 50
        let moved = scene.takeDamage(drawingAt: 1)
        #expect(moved.rects == [CGRect(x: 10, y: 10, width: 40, height: 40)], "the part of where it was that it left")
        #expect(moved.moves == [Damage.Move(from: CGRect(x: 10, y: 10, width: 120, height: 40), to: view.frame)], "opaque: copied")
        view.backgroundColor = UIColor(white: 0, alpha: 0.5)
        _ = scene.takeDamage(drawingAt: 1)
        view.frame.origin.x = 60
        #expect(scene.takeDamage(drawingAt: 1).rects == [CGRect(x: 60, y: 10, width: 120, height: 40), CGRect(x: 50, y: 10, width: 10, height: 40)],
                "translucent: composited where it is, and apart from it where it was")
    }

    /// A subtree added since the last frame was never drawn: whatever is done to it before the frame
    /// (moved, resized, faded, transformed), it damages only where that frame shows it, once; faded to
    /// nothing, or removed again, nowhere.
    @Test func aSubtreeThatEnteredDamagesOnlyWhereTheFrameShowsIt() {
        let (scene, root, _, _) = badgeScene()
        let image = scene.renderImage()
        let panel = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        panel.backgroundColor = .systemBlue
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        inner.backgroundColor = .systemRed
        panel.addSubview(inner)
        root.addSubview(panel)
        panel.frame = CGRect(x: 120, y: 60, width: 40, height: 30)
        inner.frame.origin = CGPoint(x: 10, y: 5)
        var damage = expectFrameMatchesFullRender(scene, into: image, "a panel added, then moved")
        #expect(damage.rects == [CGRect(x: 120, y: 60, width: 40, height: 30)] && damage.moves.isEmpty, "where the frame shows it")

        let veil = UIView(frame: root.bounds)
        veil.backgroundColor = UIColor(white: 0, alpha: 0.3)
        root.addSubview(veil)
        veil.alpha = 0
        damage = expectFrameMatchesFullRender(scene, into: image, "a veil added faded out")
        #expect(damage.isEmpty, "faded to nothing, it shows nothing")
        veil.alpha = 1
        damage = expectFrameMatchesFullRender(scene, into: image, "the veil shown")
        #expect(damage.rects == [root.bounds], "shown, it damages all it covers")

        let gone = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        gone.backgroundColor = .systemGreen
        root.addSubview(gone)
        gone.frame.origin.x = 50
        gone.removeFromSuperview()
        #expect(expectFrameMatchesFullRender(scene, into: image, "added and removed before a frame").isEmpty)

        // Carried on to another window before a frame, a subtree damages there as any other does.
        let holder = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        root.addSubview(holder)
        _ = expectFrameMatchesFullRender(scene, into: image, "a holder added")
        let traveller = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        // Translucent: drawn anew where it goes, not copied.
        traveller.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        holder.addSubview(traveller)
        let (other, otherRoot, _, _) = badgeScene()
        let otherImage = other.renderImage()
        otherRoot.addSubview(holder)
        _ = expectFrameMatchesFullRender(other, into: otherImage, "the holder arrived in another window")
        traveller.frame.origin.x = 60
        damage = expectFrameMatchesFullRender(other, into: otherImage, "the traveller moved there")
        #expect(!damage.isEmpty)
    }

    /// Presenting a form sheet over a window: its first frame, the dimming faded to nothing and the
    /// sheet slid below the window, composites only what shows of the sheet's shadow, and every frame
    /// of its animation (and of its dismissal), drawn from its damage into the last one, is the frame
    /// drawn whole.
    @Test func aSheetsAnimationDrawnFromDamageIsTheWholeFrame() {
        let root = UIViewController()
        root.view.backgroundColor = .systemBackground
        for index in 0..<6 {
            let label = UILabel(frame: CGRect(x: 20, y: 20 + 40 * CGFloat(index), width: 300, height: 30))
            label.text = "Row \(index)"
            root.view.addSubview(label)
        }
        let size = CGSize(width: 800, height: 700)
        let scene = UIWindowScene.offscreen(size: size, rootViewController: root)
        let image = scene.renderImage()
        var time = CACurrentMediaTime() + 100
        func frame(_ comment: Comment) -> Damage {
            let frame = scene.offscreenHost!.prepareFrame(at: time)
            let context = Context(surface: image)
            scene.render(into: context, damage: frame.damage, scale: 1)
            image.flush()
            let full = ImageSurface(format: .rgb24, width: image.width, height: image.height)
            scene.render(into: Context(surface: full), damage: Damage(CGRect(origin: .zero, size: size)), scale: 1)
            full.flush()
            var differing = 0
            for y in 0..<full.height where memcmp(image.data + y * image.stride, full.data + y * full.stride, full.width * 4) != 0 { differing += 1 }
            #expect(differing == 0, "\(differing) rows differ: \(comment)")
            return frame.damage
        }
        let sheet = UIViewController()
        sheet.view.backgroundColor = .systemBackground
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: true)
        let first = frame("the first frame of the presentation")
        #expect(first.bounds.minY > size.height - 40, "only the shadow showing at the bottom edge: \(first.rects)")
        for step in 1...8 {
            time += 0.05
            _ = frame("presenting, frame \(step)")
        }
        root.dismiss(animated: true)
        for step in 0...8 {
            time += 0.05
            _ = frame("dismissing, frame \(step)")
        }
        #expect(root.presentedViewController == nil)
    }
}
