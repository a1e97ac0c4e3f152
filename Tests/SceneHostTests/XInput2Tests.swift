import Foundation
import Testing
@testable import X11

/// Smooth scrolling from XInput 2 valuators. Xvfb's devices have no scroll classes and XTest cannot
/// move such valuators, so the arithmetic is checked on made-up events, as a touchpad would send them.
struct XInput2Tests {
    @Test func scrollValuatorsBecomeStepsFromTheirLastValue() {
        // Valuators 0 and 1 are x and y; 2 scrolls vertically (15 a step), 3 horizontally (120 a step).
        var axes = [XInput2.ScrollAxis(valuator: 2, vertical: true, increment: 15, last: nil),
                    XInput2.ScrollAxis(valuator: 3, vertical: false, increment: 120, last: 1000)]
        func steps(_ mask: [UInt8], _ values: [Double]) -> (dx: Double, dy: Double, discrete: Bool)? {
            mask.withUnsafeBufferPointer { mask in values.withUnsafeBufferPointer { XInput2.scrollSteps(mask: mask, values: $0.baseAddress!, axes: &axes) } }
        }
        #expect(steps([0b0000_0111], [10, 20, 300]) == nil, "a first value only sets the baseline")
        let down = steps([0b0000_0100], [330])
        #expect(down?.dy == 2 && down?.dx == 0, "two steps down")
        #expect(down?.discrete == true, "whole increments: a wheel's notches")
        #expect(steps([0b0000_0011], [11, 21]) == nil, "motion alone is no scroll")
        let both = steps([0b0000_1100], [322.5, 940])
        #expect(both?.dy == -0.5 && both?.dx == -0.5, "half a step up and left, packed in bit order")
        #expect(both?.discrete == false, "fractions of a step: smooth scrolling")
        #expect(axes[0].last == 322.5 && axes[1].last == 940)
        let mixed = steps([0b0000_1100], [337.5, 950])
        #expect(mixed?.dy == 1 && mixed?.discrete == false, "one axis whole, the other a fraction: smooth")
        let sideways = steps([0b0000_1000], [710])
        #expect(sideways?.dx == -2 && sideways?.dy == 0 && sideways?.discrete == true)
    }
}
