import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A view that records focus updates.
@MainActor
private final class FocusRecorder: UIButton {
    var updates: [String] = []
    override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        super.didUpdateFocus(in: context, with: coordinator)
        updates.append(context.nextFocusedView === self ? "gained" : "lost")
    }
}

/// Keyboard focus: Tab and Shift+Tab in reading order, Space and Return activate, the ring is drawn,
/// key commands still get the other keys.
@MainActor
struct UIFocusSystemTests {
    /// Buttons named by their titles, at the given origins, 80×30.
    private func buttons(_ places: [(String, CGFloat, CGFloat)]) -> [UIButton] {
        places.map { title, x, y in
            let button = UIButton(configuration: .gray())
            button.configuration?.title = title
            button.frame = CGRect(x: x, y: y, width: 80, height: 30)
            return button
        }
    }

    @Test func tabMovesInReadingOrderAndShiftTabBack() throws {
        // Added out of order; the second row's first button sits a little lower than the others.
        let views = buttons([("D", 200, 100), ("A", 20, 20), ("C", 20, 104), ("B", 200, 20)])
        let scene = controlScene(views)
        let focus = try #require(scene.focusSystem)
        #expect(focus.focusOrder(in: scene.keyWindow!).compactMap { ($0 as? UIButton)?.currentTitle } == ["A", "B", "C", "D"])
        var visited: [String] = []
        for _ in 0..<5 {
            #expect(scene.handleKeyPress("\t", modifierFlags: []))
            visited.append((focus.focusedItem as? UIButton)?.currentTitle ?? "-")
        }
        #expect(visited == ["A", "B", "C", "D", "A"], "wraps around")
        scene.handleKeyPress("\t", modifierFlags: .shift)
        #expect((focus.focusedItem as? UIButton)?.currentTitle == "D")
    }

    @Test func rightToLeftRowsStartAtTheRight() throws {
        let views = buttons([("A", 20, 20), ("B", 200, 20), ("C", 20, 100)])
        let scene = controlScene(views, rightToLeft: true)
        let order = try #require(scene.focusSystem).focusOrder(in: scene.keyWindow!)
        #expect(order.compactMap { ($0 as? UIButton)?.currentTitle } == ["B", "A", "C"])
    }

    @Test func hiddenDisabledAndPlainViewsAreSkipped() throws {
        let views = buttons([("A", 20, 20), ("Hidden", 120, 20), ("Off", 220, 20)])
        views[1].isHidden = true
        views[2].isEnabled = false
        let plain = UIView(frame: CGRect(x: 20, y: 100, width: 50, height: 50))
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        let scene = controlScene(views + [plain, toggle])
        let order = try #require(scene.focusSystem).focusOrder(in: scene.keyWindow!)
        #expect(order.count == 2 && order[0] === views[0] && order[1] === toggle)
        // Focus on a control that is then disabled is gone.
        scene.handleKeyPress("\t", modifierFlags: [])
        views[0].isEnabled = false
        #expect(scene.focusSystem?.focusedItem == nil && !views[0].isFocused)
    }

    @Test func spaceAndReturnActivateTheFocusedControlAndOtherwiseReachKeyCommands() {
        var log: [String] = []
        let button = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Send") { _ in log.append("send") })
        button.frame = CGRect(x: 20, y: 20, width: 100, height: 40)
        let toggle = UISwitch(frame: CGRect(x: 20, y: 100, width: 0, height: 0))
        let scene = controlScene([button, toggle])
        #expect(!scene.handleKeyPress("\r", modifierFlags: []), "nothing focused: Return goes on to the key commands")
        #expect(!scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: []), "arrows stay with the key commands")
        scene.handleKeyPress("\t", modifierFlags: [])
        #expect(scene.handleKeyPress("\r", modifierFlags: []) && scene.handleKeyPress(" ", modifierFlags: []))
        #expect(log == ["send", "send"])
        #expect(!scene.handleKeyPress("\r", modifierFlags: .control), "with a modifier it is not activation")
        scene.handleKeyPress("\t", modifierFlags: [])
        scene.handleKeyPress(" ", modifierFlags: [])
        #expect(toggle.isOn)
    }

    @Test func focusChangesAreAnnouncedToBothViews() {
        let first = FocusRecorder(configuration: .plain()), second = FocusRecorder(configuration: .plain())
        first.frame = CGRect(x: 20, y: 20, width: 80, height: 30)
        second.frame = CGRect(x: 120, y: 20, width: 80, height: 30)
        let scene = controlScene([first, second])
        scene.handleKeyPress("\t", modifierFlags: [])
        scene.handleKeyPress("\t", modifierFlags: [])
        #expect(first.updates == ["gained", "lost"] && second.updates == ["gained"])
        scene.focusSystem?.requestFocusUpdate(to: nil)
        #expect(second.updates == ["gained", "lost"])
        #expect(UIFocusSystem.focusSystem(for: first) === scene.focusSystem)
    }

    @Test func theFocusRingIsDrawnInTheTintInsideTheBounds() {
        let button = UIButton(configuration: .plain())
        button.configuration?.title = "Reply"
        button.frame = CGRect(x: 20, y: 20, width: 100, height: 40)
        let scene = controlScene([button])
        #expect(rgb(scene.renderImage(scale: 1), 21, 40) == 0xFFFFFF)
        scene.handleKeyPress("\t", modifierFlags: [])
        #expect(rgb(scene.renderImage(scale: 1), 21, 40) == 0x007AFF, "the ring's left side, just inside the bounds")
        button.tintColor = .systemOrange
        #expect(rgb(scene.renderImage(scale: 1), 21, 40) == 0xFF9500)
    }

    @Test func aPresentedSheetKeepsTheKeyboardToItself() throws {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 800), rootViewController: root)
        let views = buttons([("Under", 20, 20), ("Sheet", 20, 20)])
        root.view.addSubview(views[0])
        var pressed: [String] = []
        for button in views {
            button.addAction(UIAction { [unowned button] _ in pressed.append(button.currentTitle ?? "-") }, for: .primaryActionTriggered)
        }
        let focus = try #require(scene.focusSystem)
        scene.handleKeyPress("\t", modifierFlags: [])
        #expect(focus.focusedItem === views[0])
        let sheet = UIViewController()
        sheet.view.addSubview(views[1])
        root.present(sheet, animated: false)
        scene.layoutIfNeeded()
        scene.handleKeyPress(" ", modifierFlags: [])
        #expect(pressed.isEmpty, "the button under the sheet is out of reach")
        #expect(focus.focusOrder(in: scene.keyWindow!) == [views[1]])
        scene.handleKeyPress("\t", modifierFlags: [])
        scene.handleKeyPress(" ", modifierFlags: [])
        scene.handleKeyPress("\t", modifierFlags: [])
        scene.handleKeyPress(" ", modifierFlags: [])
        #expect(pressed == ["Sheet", "Sheet"], "Tab stays in the sheet")
        root.dismiss(animated: false)
        #expect(focus.focusOrder(in: scene.keyWindow!) == [views[0]])
    }
}
