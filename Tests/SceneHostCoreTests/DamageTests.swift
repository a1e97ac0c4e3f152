import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct DamageTests {
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
    /// where it was and where it is.
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
        #expect(scene.takeDamage(drawingAt: 1) == Damage(CGRect(x: 10, y: 10, width: 160, height: 40)))
    }
}
