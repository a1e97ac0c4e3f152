import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A delegate that offers a menu and records what it hears.
@MainActor
private final class MenuDelegate: UIContextMenuInteractionDelegate {
    var log: [String] = []
    var offersMenu = true
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
        log.append("asked at \(Int(location.x)),\(Int(location.y))")
        guard offersMenu else { return nil }
        return UIContextMenuConfiguration(identifier: "row" as NSString, previewProvider: nil) { [unowned self] suggested in
            UIMenu(children: suggested + [UIAction(title: "Reply") { [unowned self] action in
                self.log.append("reply from \(action.sender is UIView ? "view" : "-")")
            }, UIAction(title: "Delete", attributes: .destructive) { _ in }])
        }
    }
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?) {
        animator?.addCompletion { [unowned self] in self.log.append("shown") }
        log.append("will display")
    }
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?) {
        log.append("will end \((configuration.identifier as? NSString) ?? "")")
    }
}

/// UIContextMenuInteraction: a right click shows the delegate's menu at the click.
@MainActor
struct UIContextMenuInteractionTests {
    @Test func interactionsAreAddedMovedAndRemoved() {
        let delegate = MenuDelegate()
        let interaction = UIContextMenuInteraction(delegate: delegate)
        let first = UIView(), second = UIView()
        first.addInteraction(interaction)
        #expect(interaction.view === first && first.interactions.count == 1)
        second.addInteraction(interaction)
        #expect(interaction.view === second && first.interactions.isEmpty && second.interactions.count == 1)
        second.removeInteraction(interaction)
        #expect(interaction.view == nil && second.interactions.isEmpty)
    }

    @Test func aRightClickShowsTheMenuAtTheClickAndAChoiceEndsIt() throws {
        let delegate = MenuDelegate()
        let row = UIView(frame: CGRect(x: 0, y: 50, width: 400, height: 80))
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
        row.addSubview(label)
        row.addInteraction(UIContextMenuInteraction(delegate: delegate))
        let scene = controlScene([row], width: 800, height: 600)
        let window = try #require(scene.keyWindow)
        scene.click(at: CGPoint(x: 30, y: 70))
        #expect(delegate.log.isEmpty && window.presentedMenu == nil, "the primary button opens nothing")
        scene.click(at: CGPoint(x: 30, y: 70), button: 2)
        #expect(delegate.log == ["asked at 30,20", "will display", "shown"], "found from the label up to the row")
        let overlay = try #require(window.presentedMenu)
        let panel = try #require(overlay.panels.first)
        #expect(panel.convert(panel.menuRect.origin, to: window) == CGPoint(x: 30, y: 70), "its corner at the click")
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        scene.handleKeyPress("\r", modifierFlags: [])
        #expect(delegate.log.suffix(2) == ["will end row", "reply from view"])
        #expect(window.presentedMenu == nil)
    }

    @Test func aRightClickOutsideAnOpenMenuClosesItAndNoMenuOpensWithoutAConfiguration() throws {
        let delegate = MenuDelegate()
        let row = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 80))
        let interaction = UIContextMenuInteraction(delegate: delegate)
        row.addInteraction(interaction)
        let scene = controlScene([row], width: 800, height: 600)
        let window = try #require(scene.keyWindow)
        scene.click(at: CGPoint(x: 30, y: 30), button: 2)
        #expect(window.presentedMenu != nil && interaction.location(in: nil) == CGPoint(x: 30, y: 30))
        scene.click(at: CGPoint(x: 700, y: 500), button: 2)
        #expect(window.presentedMenu == nil && delegate.log.last == "will end row")
        delegate.offersMenu = false
        scene.click(at: CGPoint(x: 30, y: 30), button: 2)
        #expect(window.presentedMenu == nil)
        delegate.offersMenu = true
        scene.click(at: CGPoint(x: 30, y: 30), button: 2)
        interaction.dismissMenu()
        #expect(window.presentedMenu == nil)
    }

    @Test func interactionsAndTheirMenusAreFreed() {
        weak var weakInteraction: UIContextMenuInteraction?
        weak var weakRow: UIView?
        let delegate = MenuDelegate()
        do {
            let row = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 80))
            let interaction = UIContextMenuInteraction(delegate: delegate)
            row.addInteraction(interaction)
            let scene = controlScene([row])
            scene.click(at: CGPoint(x: 30, y: 30), button: 2)
            scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: [])
            row.removeFromSuperview()
            weakInteraction = interaction
            weakRow = row
        }
        #expect(weakInteraction == nil && weakRow == nil)
    }
}
