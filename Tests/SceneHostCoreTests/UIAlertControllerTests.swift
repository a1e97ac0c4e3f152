import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct UIAlertControllerTests {
    func alert(_ style: UIAlertController.Style, log: @escaping (String) -> Void) -> UIAlertController {
        let alert = UIAlertController(title: "Delete the message?", message: "It goes to the bin.", preferredStyle: style)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log("cancel") })
        let delete = UIAlertAction(title: "Delete", style: .destructive) { _ in log("delete") }
        alert.addAction(delete)
        alert.preferredAction = delete
        return alert
    }

    /// Lets every running animation end (on the media clock the other frames use).
    func settle(_ scene: UIWindowScene) {
        let now = CACurrentMediaTime()
        presentationFrame(scene, at: now)
        presentationFrame(scene, at: now + 1)
    }

    @Test func anAlertIsCentredAndReturnRunsThePreferredActionAfterTheDismissal() throws {
        var log: [String] = []
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let alert = alert(.alert) { log.append($0) }
        root.present(alert, animated: true)
        settle(scene)
        #expect(alert.view.frame.width == 270 && abs(alert.view.frame.midX - 500) <= 1 && abs(alert.view.frame.midY - 400) <= 1)
        #expect(alert.presentationController?.dimmingView?.backgroundColor != nil, "the window is dimmed")
        click(scene, at: CGPoint(x: 50, y: 50))
        settle(scene)
        #expect(root.presentedViewController === alert, "a click outside an alert does nothing")
        #expect(scene.handleKeyPress("\r", modifierFlags: []))
        #expect(log.isEmpty, "the handler runs once the alert is gone")
        presentationFrame(scene, at: 20)
        presentationFrame(scene, at: 21)
        #expect(log == ["delete"] && root.presentedViewController == nil)
    }

    @Test func escapeRunsTheCancelActionAndAClickRunsItsAction() {
        var log: [String] = []
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        var alert = alert(.alert) { log.append($0) }
        root.present(alert, animated: false)
        presentationFrame(scene)
        scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: [])
        settle(scene)
        #expect(log == ["cancel"])
        alert = self.alert(.alert) { log.append($0) }
        root.present(alert, animated: false)
        presentationFrame(scene)
        // Two actions side by side, cancel on the leading side.
        let frame = alert.view.frame
        click(scene, at: CGPoint(x: frame.maxX - 40, y: frame.maxY - 20))
        settle(scene)
        #expect(log == ["cancel", "delete"])
    }

    @Test func anActionSheetIsAPopoverWithoutItsCancelActionWhenRegularAndASheetWhenCompact() throws {
        var log: [String] = []
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let sheet = alert(.actionSheet) { log.append($0) }
        let popover = try #require(sheet.popoverPresentationController)
        popover.sourceView = root.view
        popover.sourceRect = CGRect(x: 480, y: 100, width: 40, height: 30)
        root.present(sheet, animated: false)
        presentationFrame(scene)
        #expect(popover.effectiveStyle == .popover && popover.arrowDirection == .up)
        let rows = sheet.view.subviews.compactMap { $0 as? AlertActionRow }
        #expect(rows.map { $0.action.title } == ["Delete"], "no cancel button in a popover")
        #expect(sheet.view.frame.width == 320 && sheet.view.frame.height == sheet.preferredContentSize.height)
        resize(scene, to: CGSize(width: 500, height: 800))
        let compactRows = sheet.view.subviews.compactMap { $0 as? AlertActionRow }
        #expect(popover.effectiveStyle == .formSheet && compactRows.map { $0.action.title } == ["Delete", "Cancel"], "cancel last in a sheet")
        #expect(sheet.view.frame.maxY == 800 && sheet.view.frame.width == 500 && sheet.view.frame.height == sheet.preferredContentSize.height,
                "a bottom sheet as tall as its content")
        resize(scene, to: CGSize(width: 1000, height: 800))
        settle(scene)
        click(scene, at: CGPoint(x: 900, y: 700))
        settle(scene)
        #expect(log == ["cancel"], "a click outside the popover cancels")
        #expect(root.presentedViewController == nil)
    }

    @Test func onlyOneCancelActionAndDisabledActionsDoNothing() {
        var log: [String] = []
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let alert = UIAlertController(title: nil, message: "Message", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "A", style: .cancel) { _ in log.append("a") })
        alert.addAction(UIAlertAction(title: "B", style: .cancel) { _ in log.append("b") })
        let off = UIAlertAction(title: "Off", style: .default) { _ in log.append("off") }
        off.isEnabled = false
        alert.addAction(off)
        #expect(alert.actions.map(\.title) == ["A", "Off"])
        alert.preferredAction = off
        root.present(alert, animated: false)
        presentationFrame(scene)
        scene.handleKeyPress("\r", modifierFlags: [])
        settle(scene)
        #expect(log.isEmpty && root.presentedViewController === alert)
        root.dismiss(animated: false)
        presentationFrame(scene)
        #expect(log.isEmpty, "a programmatic dismissal runs no action")
    }

    @Test func anActionSheetsCancelHandlerRunsAfterTheDismissalAndMayPresent() throws {
        let delegate = PresentationDelegateLog()
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let next = UIViewController()
        let sheet = alert(.actionSheet) { entry in
            delegate.calls.append(entry)
            root.present(next, animated: false)
        }
        let popover = try #require(sheet.popoverPresentationController)
        popover.sourceView = root.view
        popover.sourceRect = CGRect(x: 480, y: 100, width: 40, height: 30)
        popover.delegate = delegate
        root.present(sheet, animated: false)
        settle(scene)
        delegate.calls = []
        click(scene, at: CGPoint(x: 900, y: 700))
        settle(scene)
        #expect(delegate.calls == ["shouldDismiss", "willDismiss", "didDismiss", "cancel"])
        #expect(root.presentedViewController === next, "the handler's presentation went ahead")
        root.dismiss(animated: false)
    }
}
