import Foundation
@_spi(Runtime) @testable import SceneHostCore
import SceneHostTesting
import Testing

/// What a scene is made of goes away with it even while a menu is open over it: the menu's overlay
/// and panels, the button that opened it, the menu and its actions, a context-menu interaction.
@MainActor
struct MenuTeardownTests {
    /// A context-menu delegate offering one action.
    private final class Delegate: UIContextMenuInteractionDelegate {
        func contextMenuInteraction(_ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
            UIContextMenuConfiguration(actionProvider: { _ in UIMenu(children: [UIAction(title: "Reply") { _ in }]) })
        }
    }

    @Test func aSceneLetGoWithMenusOpenFreesEverything() throws {
        let tracker = LeakTracker()
        let delegate = Delegate()
        do {
            let root = UIViewController()
            let scene = UIWindowScene.offscreen(size: CGSize(width: 600, height: 400), rootViewController: root)
            let button = UIButton(configuration: .gray(), primaryAction: nil)
            button.configuration?.title = "Sort"
            button.menu = UIMenu(children: [UIAction(title: "Date") { _ in }, UIMenu(title: "More", children: [UIAction(title: "Size") { _ in }])])
            button.showsMenuAsPrimaryAction = true
            button.changesSelectionAsPrimaryAction = true
            button.frame = CGRect(x: 20, y: 20, width: 120, height: 40)
            let row = UIView(frame: CGRect(x: 0, y: 200, width: 600, height: 80))
            let interaction = UIContextMenuInteraction(delegate: delegate)
            row.addInteraction(interaction)
            root.view.addSubview(button)
            root.view.addSubview(row)
            scene.layoutIfNeeded()
            scene.click(at: CGPoint(x: 60, y: 40))
            scene.handleKeyPress(UIKeyCommand.inputEnd, modifierFlags: [])
            scene.handleKeyPress(UIKeyCommand.inputRightArrow, modifierFlags: [])
            _ = scene.renderImage(scale: 1)
            #expect(scene.keyWindow?.presentedMenu?.panels.count == 2)
            tracker.track(scene)
            tracker.track(try #require(button.menu), as: "UIMenu")
            tracker.track(interaction, as: "UIContextMenuInteraction")
            // A right click closes the button's menu; the next opens the row's.
            scene.click(at: CGPoint(x: 300, y: 240), button: 2)
            #expect(scene.keyWindow?.presentedMenu == nil)
            scene.click(at: CGPoint(x: 300, y: 240), button: 2)
            #expect(scene.keyWindow?.presentedMenu != nil)
        }
        #expect(tracker.count > 10)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }
}
