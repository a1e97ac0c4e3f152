import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// UISlider's value, limits, dragging and events, as UIKit's.
@MainActor
struct UISliderTests {
    @Test func theValueStaysWithinItsLimits() {
        let slider = UISlider()
        #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1 && slider.isContinuous)
        slider.value = 3
        #expect(slider.value == 1)
        slider.maximumValue = 0.5
        #expect(slider.value == 0.5)
        slider.minimumValue = 0.8
        #expect(slider.value == 0.8 && slider.maximumValue == 0.8)
        #expect(slider.intrinsicContentSize.height == 31 && slider.intrinsicContentSize.width == UIView.noIntrinsicMetric)
    }

    @Test func draggingTheThumbSendsValueChangedAtEachChange() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
        slider.maximumValue = 100
        var values: [Float] = []
        slider.addAction(UIAction { [unowned slider] _ in values.append(slider.value) }, for: .valueChanged)
        let scene = controlScene([slider])
        // The thumb's centre at 0 is at x 14; travel is 200 points.
        scene.pointerPressed(at: CGPoint(x: 14, y: 15))
        #expect(values.isEmpty, "a press on the thumb changes nothing")
        scene.pointerMoved(to: CGPoint(x: 64, y: 15))
        scene.pointerMoved(to: CGPoint(x: 114, y: 20))
        scene.pointerReleased(at: CGPoint(x: 114, y: 20))
        #expect(values == [25, 50])
        // A click on the track brings the thumb there.
        scene.click(at: CGPoint(x: 214, y: 15))
        #expect(values.last == 100 && values.count == 3)
    }

    @Test func aSliderThatIsNotContinuousSendsOnceAtTheRelease() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
        slider.isContinuous = false
        var values: [Float] = []
        slider.addAction(UIAction { [unowned slider] _ in values.append(slider.value) }, for: .valueChanged)
        let scene = controlScene([slider])
        scene.pointerPressed(at: CGPoint(x: 14, y: 15))
        scene.pointerMoved(to: CGPoint(x: 64, y: 15))
        scene.pointerMoved(to: CGPoint(x: 114, y: 15))
        #expect(values.isEmpty)
        scene.pointerReleased(at: CGPoint(x: 114, y: 15))
        #expect(values == [0.5])
    }

    @Test func inRightToLeftTheValueGrowsToTheLeftAndTheArrowsFollow() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
        let scene = controlScene([slider], rightToLeft: true)
        scene.click(at: CGPoint(x: 14, y: 15))
        #expect(slider.value == 1)
        scene.handleKeyPress("\t", modifierFlags: [])
        scene.handleKeyPress(UIKeyCommand.inputRightArrow, modifierFlags: [])
        #expect(abs(slider.value - 0.9) < 0.0001)
    }

    @Test func theMinimumTrackIsTintedUpToTheThumb() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
        slider.value = 0.5
        let scene = controlScene([slider])
        let image = scene.renderImage(scale: 1)
        #expect(rgb(image, 40, 15) == 0x007AFF)
        #expect(close(rgb(image, 200, 15), 0xE4E4E6, tolerance: 4), "\(String(rgb(image, 200, 15), radix: 16))")
        #expect(rgb(image, 114, 15) == 0xFFFFFF, "the thumb")
    }

    @Test func slidersAreFreed() {
        weak var weak: UISlider?
        do {
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
            slider.addAction(UIAction { [unowned slider] _ in _ = slider.value }, for: .valueChanged)
            let scene = controlScene([slider])
            scene.click(at: CGPoint(x: 100, y: 15))
            slider.removeFromSuperview()
            weak = slider
        }
        #expect(weak == nil)
    }

    @Test func draggingTheThumbBeatsAnAncestorsPan() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
        slider.maximumValue = 100
        container.addSubview(slider)
        var pans: [String] = []
        container.addGestureRecognizer(UIPanGestureRecognizer { pans.append("\($0.state)") })
        var events: [String] = []
        slider.addAction(UIAction { [unowned slider] _ in events.append("value \(slider.value)") }, for: .valueChanged)
        slider.addAction(UIAction { _ in events.append("cancel") }, for: .touchCancel)
        let scene = controlScene([container])
        scene.pointerPressed(at: CGPoint(x: 14, y: 15))
        scene.pointerMoved(to: CGPoint(x: 64, y: 15))
        scene.pointerMoved(to: CGPoint(x: 114, y: 15))
        scene.pointerReleased(at: CGPoint(x: 114, y: 15))
        #expect(events == ["value 25.0", "value 50.0"])
        #expect(pans.isEmpty)
        // Away from the slider the pan pans.
        scene.pointerPressed(at: CGPoint(x: 100, y: 100))
        scene.pointerMoved(to: CGPoint(x: 150, y: 100))
        scene.pointerReleased(at: CGPoint(x: 150, y: 100))
        #expect(pans == ["began", "ended"])
    }
}
