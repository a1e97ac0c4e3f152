import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A scene with a plain root view, `width`×`height` points, laid out.
@MainActor
func menuScene(width: CGFloat = 800, height: CGFloat = 600, rightToLeft: Bool = false) -> (UIWindowScene, UIWindow) {
    let root = UIViewController()
    let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: height), rootViewController: root)
    if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
    scene.layoutIfNeeded()
    let window = scene.keyWindow!
    return (scene, window)
}

/// UIMenu and UIAction as UIKit builds them, and menus as SceneHost shows them: rows laid out and
/// drawn like iPadOS's, placed by their anchor, chosen with the keyboard or a click, dismissed.
@MainActor
struct UIMenuTests {
    @Test func actionsAndMenusKeepUIKitsValues() {
        #expect(UIMenu.Options.displayInline.rawValue == 1 && UIMenu.Options.destructive.rawValue == 2)
        #expect(UIMenu.Options.singleSelection.rawValue == 32 && UIMenu.Options.displayAsPalette.rawValue == 128)
        #expect(UIMenuElement.Attributes.disabled.rawValue == 1 && UIMenuElement.Attributes.destructive.rawValue == 2)
        #expect(UIMenuElement.Attributes.hidden.rawValue == 4 && UIMenuElement.Attributes.keepsMenuPresented.rawValue == 8)
        #expect(UIMenuElement.State.off.rawValue == 0 && UIMenuElement.State.on.rawValue == 1 && UIMenuElement.State.mixed.rawValue == 2)
        let action = UIAction(title: "Reply", subtitle: "To everyone", identifier: UIAction.Identifier("reply"),
                              discoverabilityTitle: "Reply to all", attributes: [.destructive], state: .on) { _ in }
        #expect(action.title == "Reply" && action.subtitle == "To everyone" && action.identifier.rawValue == "reply")
        #expect(action.discoverabilityTitle == "Reply to all" && action.attributes == .destructive && action.state == .on)
        #expect(UIAction { _ in }.identifier != UIAction { _ in }.identifier, "each action gets its own identifier")
    }

    @Test func aSingleSelectionMenuKeepsOneActionOnAcrossItsInlineGroups() {
        let one = UIAction(title: "1 line", state: .on) { _ in }, two = UIAction(title: "2 lines") { _ in }
        let none = UIAction(title: "None") { _ in }
        let menu = UIMenu(title: "Preview", options: .singleSelection,
                          children: [one, two, UIMenu(options: .displayInline, children: [none])])
        #expect(menu.selectedElements.map(\.title) == ["1 line"])
        menu.select(none)
        #expect(menu.selectedElements.map(\.title) == ["None"] && one.state == .off)
        let copy = menu.replacingChildren([two])
        #expect(copy.title == "Preview" && copy.options == .singleSelection && copy.identifier == menu.identifier)
        #expect(copy.children.count == 1 && copy.children[0] === two)
    }

    @Test func rowsSeparateInlineGroupsAndLeaveOutHiddenActions() throws {
        let (_, window) = menuScene()
        let menu = UIMenu(title: "Message", children: [
            UIAction(title: "Reply") { _ in },
            UIAction(title: "Secret", attributes: .hidden) { _ in },
            UIMenu(options: .displayInline, children: [UIAction(title: "Flag") { _ in }, UIAction(title: "Mute") { _ in }]),
            UIMenu(title: "Move to", children: [UIAction(title: "Archive") { _ in }]),
        ])
        let overlay = MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 100, y: 100, width: 80, height: 30), perform: { _ in })
        let panel = try #require(overlay.panels.first)
        let kinds = panel.rows.map { row -> String in
            switch row.kind {
            case .header(let title): "header \(title)"
            case .action(let action): action.title
            case .submenu(let submenu): "submenu \(submenu.title)"
            case .separator: "—"
            case .loading: "loading"
            }
        }
        #expect(kinds == ["header Message", "Reply", "—", "Flag", "Mute", "—", "submenu Move to"])
        #expect(panel.menuRect.width == MenuPanelView.minimumWidth, "short titles: UIKit's narrowest menu")
        #expect(panel.rows[1].frame.height == 44, "one line of body text at the default size")
        #expect(panel.rows[2].frame.height == MenuPanelView.separatorHeight)
    }

    @Test func theMenuOpensBelowItsAnchorAtItsLeadingEdgeOrAboveWhenThereIsNoRoom() throws {
        let (_, window) = menuScene()
        let menu = UIMenu(children: [UIAction(title: "One") { _ in }, UIAction(title: "Two") { _ in }])
        let below = MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 100, y: 100, width: 80, height: 30), perform: { _ in })
        var panel = try #require(below.panels.first)
        var rect = panel.convert(panel.menuRect, to: window)
        #expect(rect.minX == 100 && rect.minY == 136, "6 points under the anchor, at its leading edge")
        below.dismiss()
        let above = MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 100, y: 560, width: 80, height: 30), perform: { _ in })
        panel = try #require(above.panels.first)
        rect = panel.convert(panel.menuRect, to: window)
        #expect(rect.maxY == 554, "no room below: above the anchor")
        above.dismiss()
        let clamped = MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 790, y: 10, width: 0, height: 0), perform: { _ in })
        panel = try #require(clamped.panels.first)
        rect = panel.convert(panel.menuRect, to: window)
        #expect(rect.maxX == 792, "kept 8 points inside the window")
        window.frame.size = CGSize(width: 600, height: 600)
        window.layoutIfNeeded()
        #expect(panel.convert(panel.menuRect, to: window).maxX == 592, "and when the window narrows")
        #expect(window.presentedMenu === clamped)
    }

    @Test func inARightToLeftLayoutTheMenuAlignsWithTheAnchorsTrailingEdge() throws {
        let (_, window) = menuScene(rightToLeft: true)
        let menu = UIMenu(children: [UIAction(title: "One") { _ in }])
        let overlay = MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 400, y: 100, width: 80, height: 30), perform: { _ in })
        let panel = try #require(overlay.panels.first)
        #expect(panel.convert(panel.menuRect, to: window).maxX == 480)
    }

    @Test func arrowsMoveOverDisabledRowsAndReturnRunsTheAction() throws {
        let (scene, window) = menuScene()
        var ran: [String] = []
        let menu = UIMenu(children: [
            UIAction(title: "One") { ran.append($0.title) },
            UIAction(title: "Off", attributes: .disabled) { ran.append($0.title) },
            UIAction(title: "Three") { ran.append($0.title) },
        ])
        var performed: [String] = []
        var dismissed = 0
        MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 10, y: 10, width: 10, height: 10),
                                perform: { performed.append($0.title); $0.perform(sender: nil) }, didDismiss: { dismissed += 1 })
        #expect(scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: []))
        #expect(window.presentedMenu?.panels[0].highlightedRow?.element?.title == "One")
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        #expect(window.presentedMenu?.panels[0].highlightedRow?.element?.title == "Three", "the disabled row is skipped")
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        #expect(window.presentedMenu?.panels[0].highlightedRow?.element?.title == "One", "wraps around")
        scene.handleKeyPress(UIKeyCommand.inputUpArrow, modifierFlags: [])
        #expect(scene.handleKeyPress("n", modifierFlags: .control), "the menu is modal: it takes every key")
        scene.handleKeyPress("\r", modifierFlags: [])
        #expect(ran == ["Three"] && performed == ["Three"] && dismissed == 1)
        #expect(window.presentedMenu == nil)
        #expect(!scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: []), "closed: keys go on to key commands")
    }

    @Test func escapeClosesTheSubmenuThenTheMenu() throws {
        let (scene, window) = menuScene()
        var chosen: String?
        let menu = UIMenu(children: [
            UIMenu(title: "Move to", children: [UIAction(title: "Archive") { chosen = $0.title }, UIAction(title: "Junk") { chosen = $0.title }]),
        ])
        MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 10, y: 10, width: 10, height: 10), perform: { $0.perform(sender: nil) })
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        scene.handleKeyPress(UIKeyCommand.inputRightArrow, modifierFlags: [])
        let overlay = try #require(window.presentedMenu)
        #expect(overlay.panels.count == 2 && overlay.panels[1].highlightedRow?.element?.title == "Archive")
        let first = overlay.panels[0].convert(overlay.panels[0].menuRect, to: window)
        let second = overlay.panels[1].convert(overlay.panels[1].menuRect, to: window)
        #expect(second.minX > first.midX, "the submenu opens beside its row")
        scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: [])
        #expect(overlay.panels.count == 1 && window.presentedMenu === overlay)
        scene.handleKeyPress(" ", modifierFlags: [])
        #expect(overlay.panels.count == 2, "Space on a submenu's row opens it")
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        scene.handleKeyPress(" ", modifierFlags: [])
        #expect(chosen == "Junk" && window.presentedMenu == nil)
        MenuOverlayView.present(menu, in: window, anchor: .zero, perform: { _ in })
        scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: [])
        #expect(window.presentedMenu == nil)
    }

    @Test func aClickOnARowChoosesItAndOneOutsideTheMenuClosesIt() throws {
        let (scene, window) = menuScene()
        var chosen: [String] = []
        let menu = UIMenu(options: .singleSelection, children: [
            UIAction(title: "One", state: .on) { chosen.append($0.title) },
            UIAction(title: "Two") { chosen.append($0.title) },
            UIAction(title: "Stay", attributes: .keepsMenuPresented) { chosen.append($0.title) },
        ])
        var overlay = MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 100, y: 100, width: 80, height: 30), perform: { $0.perform(sender: nil) })
        var panel = try #require(overlay.panels.first)
        func center(of index: Int) -> CGPoint {
            let row = panel.rows[index].frame.offsetBy(dx: panel.menuRect.minX, dy: panel.menuRect.minY)
            return panel.convert(CGPoint(x: row.midX, y: row.midY), to: overlay)
        }
        scene.pointerMoved(to: overlay.convert(center(of: 1), to: window))
        #expect(panel.highlightedRow?.element?.title == "Two", "the row under the hovering pointer")
        overlay.pointerDown(at: center(of: 2))
        #expect(panel.highlightedRow?.element?.title == "Stay", "pressed")
        overlay.pointerUp(at: center(of: 2))
        #expect(chosen == ["Stay"] && window.presentedMenu === overlay, "keeps the menu presented")
        overlay.pointerUp(at: center(of: 1))
        #expect(chosen == ["Stay", "Two"] && window.presentedMenu == nil)
        #expect(menu.selectedElements.map(\.title) == ["Two"], "single selection: the chosen one is on")
        overlay = MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 100, y: 100, width: 80, height: 30), perform: { _ in })
        panel = try #require(overlay.panels.first)
        overlay.pointerUp(at: CGPoint(x: 600, y: 500))
        #expect(window.presentedMenu == nil && chosen.count == 2, "outside: closed, nothing chosen")
    }

    @Test func deferredElementsShowWhatTheirProviderGives() throws {
        let (_, window) = menuScene()
        var calls = 0
        var complete: (([UIMenuElement]) -> Void)?
        let later = UIDeferredMenuElement { completion in calls += 1; complete = completion }
        let now = UIDeferredMenuElement.uncached { completion in completion([UIAction(title: "Now") { _ in }]) }
        let menu = UIMenu(children: [now, later])
        var overlay = MenuOverlayView.present(menu, in: window, anchor: .zero, perform: { _ in })
        var panel = try #require(overlay.panels.first)
        #expect(panel.rows.map { $0.element?.title ?? "-" } == ["Now", "-"], "the late one shows Loading…")
        complete?([UIAction(title: "Later") { _ in }, UIAction(title: "Later still") { _ in }])
        #expect(panel.rows.map { $0.element?.title ?? "-" } == ["Now", "Later", "Later still"])
        overlay.dismiss()
        overlay = MenuOverlayView.present(menu, in: window, anchor: .zero, perform: { _ in })
        panel = try #require(overlay.panels.first)
        #expect(calls == 1 && panel.rows.count == 3, "a cached element keeps its elements")
    }

    @Test func theMenuDrawsItsRowsAsIPadOSDoes() throws {
        let (scene, window) = menuScene(width: 400, height: 300)
        window.rootViewController?.view.backgroundColor = .white
        let menu = UIMenu(children: [
            UIAction(title: "Selected", state: .on) { _ in },
            UIAction(title: "Delete", attributes: .destructive) { _ in },
        ])
        let overlay = MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 20, y: 20, width: 0, height: 0), perform: { _ in })
        let panel = try #require(overlay.panels.first)
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        let image = scene.renderImage(scale: 1)
        let origin = panel.convert(panel.menuRect.origin, to: window)
        func pixel(_ x: CGFloat, _ y: CGFloat) -> UInt32 { image.pixel(x: Int(origin.x + x), y: Int(origin.y + y)) & 0xFF_FFFF }
        let rows = panel.rows.map(\.frame)
        #expect(abs(Int(pixel(rows[0].width - 4, rows[0].midY) & 0xFF) - 0xE2) <= 1, "the highlighted row: the panel darkened by 9%")
        #expect(pixel(rows[1].width - 4, rows[1].midY) == 0xF9F9F9, "the panel's own colour")
        // Somewhere in the destructive title, red ink; in the first row's checkmark column, dark ink.
        var red = false, check = false
        for x in 40..<120 { for y in Int(rows[1].minY)..<Int(rows[1].maxY) {
            let p = pixel(CGFloat(x), CGFloat(y)); if p >> 16 > 0xD0 && p & 0xFF < 0x90 { red = true }
        } }
        for x in 16..<30 { for y in Int(rows[0].minY)..<Int(rows[0].maxY) where pixel(CGFloat(x), CGFloat(y)) < 0x404040 { check = true } }
        #expect(red && check)
        #expect(image.pixel(x: 380, y: 280) & 0xFF_FFFF == 0xFFFFFF, "far from the menu the window shows through")
    }

    @Test func menusAndTheirPanelsAreFreedOnceDismissed() {
        let (scene, window) = menuScene()
        weak var weakOverlay: MenuOverlayView?
        weak var weakPanel: MenuPanelView?
        weak var weakMenu: UIMenu?
        weak var weakAction: UIAction?
        do {
            let action = UIAction(title: "One") { _ in }
            let menu = UIMenu(children: [action, UIMenu(title: "More", children: [UIAction(title: "Two") { _ in }])])
            let overlay = MenuOverlayView.present(menu, in: window, anchor: .zero, perform: { $0.perform(sender: nil) })
            scene.handleKeyPress(UIKeyCommand.inputEnd, modifierFlags: [])
            scene.handleKeyPress(UIKeyCommand.inputRightArrow, modifierFlags: [])
            weakOverlay = overlay; weakPanel = overlay.panels.last; weakMenu = menu; weakAction = action
            scene.handleKeyPress("\r", modifierFlags: [])
        }
        #expect(weakOverlay == nil && weakPanel == nil && weakMenu == nil && weakAction == nil)
    }

    @Test func elementsADeferredElementGivesAtOnceKeepTheMenusSingleSelection() throws {
        let (_, window) = menuScene()
        let given = UIAction(title: "Given") { _ in }
        let now = UIDeferredMenuElement.uncached { completion in completion([given]) }
        let menu = UIMenu(options: .singleSelection, children: [UIAction(title: "First", state: .on) { _ in }, now])
        let overlay = MenuOverlayView.present(menu, in: window, anchor: CGRect(x: 100, y: 100, width: 80, height: 30),
                                              perform: { $0.perform(sender: nil) })
        let panel = try #require(overlay.panels.first)
        #expect(panel.rows.map { $0.element?.title ?? "-" } == ["First", "Given"])
        let row = panel.rows[1].frame.offsetBy(dx: panel.menuRect.minX, dy: panel.menuRect.minY)
        overlay.pointerUp(at: panel.convert(CGPoint(x: row.midX, y: row.midY), to: overlay))
        #expect(window.presentedMenu == nil)
        #expect(given.state == .on && (menu.children.first as? UIAction)?.state == .off, "one selection in the menu")
    }
}
