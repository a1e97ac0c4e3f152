import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// UISegmentedControl's segments, selection and events, as UIKit's.
@MainActor
struct UISegmentedControlTests {
    @Test func segmentsAreInsertedAndRemovedWithTheSelectionFollowingIt() {
        let control = UISegmentedControl(items: ["Inbox", "Sent"])
        #expect(UISegmentedControl.noSegment == -1 && control.selectedSegmentIndex == -1 && control.numberOfSegments == 2)
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Drafts", at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "Sent")
        control.removeSegment(at: 2, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && control.numberOfSegments == 2)
        control.selectedSegmentIndex = 7
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment, "out of range: none")
        control.setTitle("Outbox", forSegmentAt: 1)
        #expect(control.titleForSegment(at: 1) == "Outbox")
        control.setEnabled(false, forSegmentAt: 0)
        #expect(!control.isEnabledForSegment(at: 0) && control.isEnabledForSegment(at: 1))
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0)
    }

    @Test func theIntrinsicSizeGivesEverySegmentTheWidestOnesWidth() {
        let control = UISegmentedControl(items: ["A", "Much longer"])
        let size = control.intrinsicContentSize
        #expect(size.height == 32 && control.frame.size == size)
        control.frame.size = size
        let frames = control.segmentFrames()
        #expect(frames[0].width == frames[1].width && frames[1].maxX == size.width)
        control.apportionsSegmentWidthsByContent = true
        #expect(control.intrinsicContentSize.width < size.width)
        control.setWidth(100, forSegmentAt: 0)
        #expect(control.widthForSegment(at: 0) == 100)
    }

    @Test func aClickSelectsAnEnabledSegmentAndSendsValueChangedOnlyWhenItChanges() {
        let control = UISegmentedControl(frame: CGRect(x: 20, y: 20, width: 200, height: 32), actions: [
            UIAction(title: "Day") { _ in }, UIAction(title: "Week", identifier: UIAction.Identifier("week")) { _ in },
        ])
        var log: [String] = []
        control.setAction(UIAction(title: "Week", identifier: UIAction.Identifier("week")) { _ in log.append("week action") }, forSegmentAt: 1)
        control.addAction(UIAction { [unowned control] _ in log.append("changed to \(control.selectedSegmentIndex)") }, for: .valueChanged)
        let scene = controlScene([control])
        scene.click(at: CGPoint(x: 170, y: 36))
        scene.click(at: CGPoint(x: 170, y: 36))
        #expect(log == ["week action", "changed to 1"])
        #expect(control.segmentIndex(identifiedBy: UIAction.Identifier("week")) == 1)
        control.setEnabled(false, forSegmentAt: 0)
        scene.click(at: CGPoint(x: 60, y: 36))
        #expect(control.selectedSegmentIndex == 1, "a disabled segment is not selected")
        control.selectedSegmentIndex = 0
        #expect(log.count == 2, "setting the index sends nothing")
    }

    @Test func segmentsRunRightToLeftAndTheArrowsFollowThem() {
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.frame = CGRect(x: 20, y: 20, width: 240, height: 32)
        let scene = controlScene([control], rightToLeft: true)
        #expect(control.segment(at: CGPoint(x: 230, y: 16)) == 0, "the first segment is on the right")
        scene.click(at: CGPoint(x: 40, y: 36))
        #expect(control.selectedSegmentIndex == 2)
        scene.handleKeyPress("\t", modifierFlags: [])
        #expect(control.isFocused)
        scene.handleKeyPress(UIKeyCommand.inputRightArrow, modifierFlags: [])
        #expect(control.selectedSegmentIndex == 1, "→ goes back toward the first in right to left")
        scene.handleKeyPress(" ", modifierFlags: [])
        #expect(control.selectedSegmentIndex == 2)
    }

    @Test func theSelectedSegmentIsRaisedInWhite() {
        let control = UISegmentedControl(items: ["One", "Two"])
        control.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
        control.selectedSegmentIndex = 1
        let scene = controlScene([control])
        let image = scene.renderImage(scale: 1)
        #expect(rgb(image, 190, 6) == 0xFFFFFF, "the thumb")
        #expect(close(rgb(image, 10, 6), 0xEFEFF0, tolerance: 3), "the track: 12% grey on white, \(String(rgb(image, 10, 6), radix: 16))")
    }

    @Test func segmentedControlsAreFreed() {
        weak var weak: UISegmentedControl?
        do {
            let control = UISegmentedControl(frame: CGRect(x: 0, y: 0, width: 200, height: 32), actions: [UIAction(title: "A") { _ in }])
            control.addAction(UIAction { [unowned control] _ in _ = control.selectedSegmentIndex }, for: .valueChanged)
            let scene = controlScene([control])
            scene.click(at: CGPoint(x: 50, y: 16))
            control.removeFromSuperview()
            weak = control
        }
        #expect(weak == nil)
    }

    @Test func aMomentaryControlsHandlersReadTheChosenSegment() {
        let control = UISegmentedControl(items: ["Cut", "Copy", "Paste"])
        control.frame = CGRect(x: 20, y: 20, width: 210, height: 32)
        control.isMomentary = true
        var read: [Int] = []
        control.addAction(UIAction { [unowned control] _ in read.append(control.selectedSegmentIndex) }, for: .valueChanged)
        let scene = controlScene([control])
        scene.click(at: CGPoint(x: 130, y: 36))
        scene.click(at: CGPoint(x: 200, y: 36))
        #expect(read == [1, 2])
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment, "no selection stays")
    }

    /// A font in the title attributes sets the titles' size, and the control grows to it; the selected
    /// state's own font is measured when set. Without attributes, 32 points high.
    @Test func titleAttributesSetTheFontAndTheControlGrowsToIt() throws {
        let control = UISegmentedControl(items: ["All", "Flagged"])
        let plain = control.intrinsicContentSize
        #expect(plain.height == 32 && control.titleTextAttributes(for: .normal) == nil)
        control.setTitleTextAttributes([.font: UIFont.systemFont(ofSize: 40)], for: .normal)
        let large = control.intrinsicContentSize
        #expect(large.height > 40 && large.width > 2 * plain.width, "\(plain) → \(large)")
        #expect((control.titleTextAttributes(for: .normal)?[.font] as? UIFont)?.pointSize == 40)
        control.setTitleTextAttributes([.font: UIFont.systemFont(ofSize: 44, weight: .semibold)], for: .selected)
        #expect(control.intrinsicContentSize.width > large.width, "measured in the selected font")
    }
}
