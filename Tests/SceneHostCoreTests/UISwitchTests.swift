import Cairo
import Foundation
@testable import SceneHostCore
import Testing

/// UISwitch as iOS draws it: the knob at the trailing end when on, mirrored in a right-to-left layout.
@MainActor
struct UISwitchTests {
    /// Whether the pixel is the knob's white rather than the green of the track that is on.
    func isKnob(_ image: ImageSurface, _ x: CGFloat) -> Bool { rgb(image, x, 15) == 0xFFFFFF }

    @Test func anOnSwitchHasItsKnobAtTheTrailingEnd() {
        for rightToLeft in [false, true] {
            let toggle = UISwitch(frame: .zero)
            toggle.isOn = true
            let scene = controlScene([toggle], rightToLeft: rightToLeft)
            let image = scene.renderImage(scale: 1)
            // The knob spans 22…49 on the right, 2…29 on the left; the green track shows beside it.
            #expect(isKnob(image, rightToLeft ? 12 : 39) && !isKnob(image, rightToLeft ? 39 : 12), "rightToLeft: \(rightToLeft)")
        }
    }

    @Test func theKnobMovesWhenTheLayoutDirectionChanges() {
        let toggle = UISwitch(frame: .zero)
        let scene = controlScene([toggle])
        #expect(isKnob(scene.renderImage(scale: 1), 12), "off: the knob on the left")
        scene.traitOverrides.layoutDirection = .rightToLeft
        #expect(isKnob(scene.renderImage(scale: 1), 39), "off, right to left: on the right")
    }
}
