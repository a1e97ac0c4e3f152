import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct DamageTests {
    @Test func whatARectangleLeavesOfAnother() {
        let rect = CGRect(x: 10, y: 10, width: 100, height: 50)
        #expect(rect.subtracting(rect.offsetBy(dx: 3, dy: 2)) == [CGRect(x: 10, y: 10, width: 100, height: 2), CGRect(x: 10, y: 12, width: 3, height: 48)])
        #expect(rect.subtracting(rect.insetBy(dx: 10, dy: 10)).count == 4)
        #expect(rect.subtracting(CGRect(x: 500, y: 0, width: 5, height: 5)) == [rect], "apart: all of it")
        #expect(rect.subtracting(rect.insetBy(dx: -1, dy: -1)).isEmpty)
        #expect(CGRect.null.subtracting(rect).isEmpty)
    }

    @Test func anOpaqueViewThatMovedIsCompositedAloneWhereItIsNow() {
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
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), rootViewController: controller)
        let image = scene.renderImage()
        badge.frame.origin = CGPoint(x: 23, y: 22)
        let damage = scene.takeDamage(drawingAt: 1)
        #expect(damage.rects.contains(badge.frame), "where it is now, apart from the strips it left")
        #expect(damage.rects.contains(CGRect(x: 20, y: 20, width: 60, height: 2)) && damage.rects.contains(CGRect(x: 20, y: 22, width: 3, height: 28)))
        // Composited into the last frame, the damage gives what a whole new frame gives.
        scene.render(into: Context(surface: image), damage: damage, scale: 1)
        image.flush()
        let full = scene.renderImage()
        for y in 0..<full.height {
            #expect(memcmp(image.data + y * image.stride, full.data + y * full.stride, full.width * 4) == 0, "row \(y)")
        }
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
        #expect(CGRect.strips(between: old, and: new) == [CGRect(x: 110, y: 20, width: 3, height: 50), CGRect(x: 10, y: 68, width: 103, height: 2)])
        #expect(CGRect.strips(between: old, and: old).isEmpty)
    }

    /// A view that only changes size keeps its pixels where it stays; one that moves is drawn again
    /// where it is and where it was.
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
        #expect(moved.rects == [CGRect(x: 50, y: 10, width: 120, height: 40), CGRect(x: 10, y: 10, width: 40, height: 40)],
                "where it is, and apart from it the part of where it was that it left")
    }
}
