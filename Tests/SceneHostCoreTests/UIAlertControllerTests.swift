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

/// Alert text fields: added under the message, the first focused, Return runs the preferred action,
/// Tab moves between them, Escape cancels; they go away with the alert.
@MainActor
struct UIAlertControllerTextFieldTests {
    private func settle(_ scene: UIWindowScene) {
        let now = CACurrentMediaTime()
        presentationFrame(scene, at: now)
        presentationFrame(scene, at: now + 1)
    }

    private func loginAlert(log: @escaping (String) -> Void) -> UIAlertController {
        let alert = UIAlertController(title: "Sign In", message: "Your mail account", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Name" }
        alert.addTextField { field in
            field.placeholder = "Password"
            field.isSecureTextEntry = true
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log("cancel") })
        let signIn = UIAlertAction(title: "Sign In", style: .default) { [unowned alert] _ in
            log("sign in \(alert.textFields?[0].text ?? "") \(alert.textFields?[1].text ?? "")")
        }
        alert.addAction(signIn)
        alert.preferredAction = signIn
        return alert
    }

    @Test func fieldsStackUnderTheMessageAndTheFirstTakesTheKeyboard() {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let alert = loginAlert { _ in }
        #expect(alert.textFields?.count == 2 && UIAlertController(title: nil, message: nil, preferredStyle: .alert).textFields == nil)
        root.present(alert, animated: false)
        settle(scene)
        let fields = try! #require(alert.textFields)
        #expect(fields[0].isFirstResponder)
        let header = try! #require((alert.view as? AlertContentView)?.header)
        #expect(fields[0].superview === header && fields[0].frame.width == 270 - 32 && fields[1].frame.minY > fields[0].frame.maxY)
        let message = try! #require(header.subviews.compactMap { $0 as? UILabel }.first { $0.text == "Your mail account" })
        #expect(fields[0].frame.minY > message.frame.maxY)
        #expect(alert.view.frame.height > 44 + 2 * 36, "the alert grew for the fields")
    }

    @Test func typingTabAndReturnRunThePreferredActionWithTheText() {
        var log: [String] = []
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let alert = loginAlert { log.append($0) }
        root.present(alert, animated: false)
        settle(scene)
        type(scene, "ann")
        press(scene, "\t", .keyboardTab)
        #expect(alert.textFields?[1].isFirstResponder == true)
        type(scene, "pw")
        press(scene, "\t", .keyboardTab, [.shift])
        #expect(alert.textFields?[0].isFirstResponder == true, "Shift+Tab goes back")
        press(scene, "\t", .keyboardTab)
        press(scene, "\t", .keyboardTab)
        #expect(alert.textFields?[0].isFirstResponder == true, "Tab wraps around")
        press(scene, "\r", .keyboardReturnOrEnter)
        settle(scene)
        #expect(log == ["sign in ann pw"] && root.presentedViewController == nil)
        #expect(scene.keyWindow?.firstResponder == nil, "the field let the keyboard go with the alert")
    }

    @Test func returnDoesNothingWhileThePreferredActionIsDisabledAndEscapeCancels() {
        var log: [String] = []
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let alert = UIAlertController(title: "New Mailbox", message: nil, preferredStyle: .alert)
        let create = UIAlertAction(title: "Create", style: .default) { _ in log.append("create") }
        create.isEnabled = false
        alert.addTextField { field in
            field.addAction(UIAction { _ in create.isEnabled = !(field.text ?? "").isEmpty }, for: .editingChanged)
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
        alert.addAction(create)
        alert.preferredAction = create
        root.present(alert, animated: false)
        settle(scene)
        press(scene, "\r", .keyboardReturnOrEnter)
        settle(scene)
        #expect(log.isEmpty && root.presentedViewController === alert)
        type(scene, "x")
        #expect(create.isEnabled)
        press(scene, "\u{8}", .keyboardDeleteOrBackspace)
        press(scene, UIKeyCommand.inputEscape, .keyboardEscape)
        settle(scene)
        #expect(log == ["cancel"] && root.presentedViewController == nil)
    }

    @Test func anActionSheetTakesNoTextFields() {
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addTextField()
        #expect(sheet.textFields == nil)
    }

    @Test func theAlertAndItsFieldsAreFreed() {
        weak var weakAlert: UIAlertController?
        weak var weakField: UITextField?
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        do {
            let alert = loginAlert { _ in }
            weakAlert = alert
            weakField = alert.textFields?.first
            root.present(alert, animated: false)
            settle(scene)
            type(scene, "abc")
            press(scene, "\r", .keyboardReturnOrEnter)
            settle(scene)
        }
        settle(scene)
        #expect(weakAlert == nil && weakField == nil)
    }
}

extension UIAlertControllerTests {
    /// An alert's text follows the reader's text size: at the largest accessibility size its rows
    /// are taller, its two buttons stack, and it asks for more height; back at the default size, as before.
    @Test func anAlertsTextFollowsTheTextSizeAndItsButtonsStack() {
        let (alert, scene) = presentDeleteAlert()
        let before = alert.preferredContentSize
        let side = rows(alert)
        #expect(side.count == 2 && side[0].frame.minY == side[1].frame.minY && side[0].frame.height == 44, "side by side")
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        settle(scene)
        let large = rows(alert)
        #expect(large[0].frame.maxY <= large[1].frame.minY && large[0].frame.width == alert.view.bounds.width, "stacked: \(large.map(\.frame))")
        #expect(large.allSatisfy { $0.frame.height > 44 * 1.5 })
        #expect(alert.preferredContentSize.height > before.height * 2, "\(before) → \(alert.preferredContentSize)")
        #expect(alert.view.frame.height == alert.preferredContentSize.height, "the alert follows its content: \(alert.view.frame)")
        scene.traitOverrides.preferredContentSizeCategory = .large
        settle(scene)
        #expect(alert.preferredContentSize == before && rows(alert)[0].frame.height == 44)
    }
}

extension UIAlertControllerTests {
    private func rows(_ alert: UIAlertController) -> [AlertActionRow] { alert.view.subviews.compactMap { $0 as? AlertActionRow } }

    /// The two-button Delete alert presented in a window 1000 points wide and laid out, and the window's
    /// scene (kept while the test looks at the alert).
    private func presentDeleteAlert(layoutDirection: UITraitEnvironmentLayoutDirection = .leftToRight) -> (UIAlertController, UIWindowScene) {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        scene.traitOverrides.layoutDirection = layoutDirection
        let alert = alert(.alert) { _ in }
        root.present(alert, animated: false)
        settle(scene)
        return (alert, scene)
    }

    /// The preferred action's title is bold and the cancel action's then is not (UIKit gives the
    /// highlighting to the preferred action); without a preferred action the cancel one is bold.
    @Test func thePreferredActionTakesTheBoldTitleFromCancel() {
        let (alert, scene) = presentDeleteAlert()
        func boldTitles() -> [String] {
            rows(alert).compactMap { row in
                row.subviews.compactMap { $0 as? UILabel }.first.flatMap { $0.font.weight == .bold ? $0.text : nil }
            }
        }
        #expect(boldTitles() == ["Delete"])
        alert.preferredAction = nil
        settle(scene)
        #expect(boldTitles() == ["Cancel"])
    }

    /// Two buttons side by side mirror in a right-to-left layout: the cancel button (the first) is at
    /// the leading edge, the right one there.
    @Test func sideBySideButtonsMirrorRightToLeft() {
        let (alert, scene) = presentDeleteAlert(layoutDirection: .rightToLeft)
        defer { withExtendedLifetime(scene) {} }
        let shown = rows(alert)
        #expect(shown.map(\.action.title) == ["Cancel", "Delete"])
        #expect(shown[0].frame.minX > shown[1].frame.minX && shown[0].frame.maxX == alert.view.bounds.width, "\(shown.map(\.frame))")
    }

    /// Mail's alert with a text field, shown at the largest text size in a window 1000 points wide,
    /// and the window's scene (kept while the test looks at the alert).
    private func presentFlagAlert(height: CGFloat, category: UIContentSizeCategory = .accessibilityExtraExtraExtraLarge) -> (UIAlertController, UIWindowScene) {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: height), root: root)
        scene.traitOverrides.preferredContentSizeCategory = category
        let alert = UIAlertController(title: "Flag Messages", message: "Flags the messages in this mailbox from a sender.", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Sender" }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Flag", style: .default))
        root.present(alert, animated: false)
        settle(scene)
        return (alert, scene)
    }

    /// An alert taller than its window (a long message at the largest text size) is cut to the window;
    /// its title, message and text field scroll, and its actions stay whole inside it.
    @Test func aTallAlertKeepsItsActionsInViewAndScrollsItsText() {
        let (alert, scene) = presentFlagAlert(height: 400)
        defer { withExtendedLifetime(scene) {} }
        let view = alert.view!, header = try! #require((view as? AlertContentView)?.header)
        #expect(alert.preferredContentSize.height > 400, "the content is taller than the window")
        #expect(view.frame.height <= 400 - 40, "\(view.frame)")
        for row in rows(alert) {
            #expect(view.bounds.contains(row.frame), "\(row.action.title ?? "") is cut off: \(row.frame) in \(view.bounds)")
        }
        #expect(header.frame.maxY <= rows(alert).map(\.frame.minY).min()!)
        #expect(header.contentSize.height > header.frame.height, "the text scrolls")
    }
}

extension UIAlertControllerTests {
    /// Whether every word of `label`'s text fits its width whole (a line break between words only).
    private func wordsFit(_ label: UILabel) -> Bool {
        (label.text ?? "").split(separator: " ").allSatisfy { word in
            let measure = UILabel()
            measure.font = label.font
            measure.text = String(word)
            return measure.intrinsicContentSize.width <= label.bounds.width
        }
    }

    /// At the accessibility text sizes an alert grows wider, as UIKit's, so its title breaks between
    /// words only; never wider than the window less 20 points each side; 270 points at the default size.
    @Test func atTheAccessibilitySizesAnAlertGrowsAndItsTitleKeepsWholeWords() throws {
        for (width, category) in [(CGFloat(1000), UIContentSizeCategory.accessibilityExtraExtraExtraLarge), (400, .accessibilityExtraExtraExtraLarge),
                                  (1000, .large)] {
            let root = UIViewController()
            let scene = presentationScene(CGSize(width: width, height: 800), root: root)
            scene.traitOverrides.preferredContentSizeCategory = category
            let alert = UIAlertController(title: "Flag Messages", message: "Flags the messages in this mailbox from a sender.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            root.present(alert, animated: false)
            settle(scene)
            let frame = alert.view.frame
            let title = try #require((alert.view as? AlertContentView)?.header.subviews.compactMap { $0 as? UILabel }.first { $0.text == "Flag Messages" })
            if category == .large {
                #expect(frame.width == 270)
            } else {
                #expect(frame.width > 270 && frame.minX >= 20 && frame.maxX <= width - 20, "\(width): \(frame)")
                #expect(alert.preferredContentSize.width == frame.width)
            }
            #expect(wordsFit(title), "\(width) \(category.rawValue): the title breaks inside a word in \(title.bounds.width) points")
        }
    }

    /// At the largest text size in a short window an alert's text field lies under the scrolling text;
    /// when it takes the keyboard (as the alert shows) the text scrolls to bring it into sight.
    @Test func aTextFieldThatTakesTheKeyboardIsScrolledIntoSight() throws {
        let (alert, scene) = presentFlagAlert(height: 320)
        defer { withExtendedLifetime(scene) {} }
        let header = try #require((alert.view as? AlertContentView)?.header)
        let field = try #require(alert.textFields?.first)
        #expect(field.isFirstResponder && header.contentSize.height > header.bounds.height, "the text scrolls")
        #expect(header.bounds.contains(field.frame), "the field \(field.frame) is out of sight in \(header.bounds)")
    }

    /// The field being edited stays in sight when the text grows to the largest size while it is
    /// edited: the title and message push it down, and the text scrolls to keep it shown.
    @Test func theFieldBeingEditedStaysInSightWhenTheTextGrows() throws {
        let (alert, scene) = presentFlagAlert(height: 320, category: .large)
        let header = try #require((alert.view as? AlertContentView)?.header)
        let field = try #require(alert.textFields?.first)
        #expect(field.isFirstResponder && header.contentSize.height <= header.bounds.height, "all of it shows")
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        settle(scene)
        #expect(header.contentSize.height > header.bounds.height, "the text scrolls")
        #expect(header.bounds.contains(field.frame), "the field \(field.frame) is out of sight in \(header.bounds)")
    }

    /// The field being edited stays in sight when the window gets shorter and the alert with it.
    @Test func theFieldBeingEditedStaysInSightWhenTheAlertIsCutShorter() throws {
        let (alert, scene) = presentFlagAlert(height: 800)
        let header = try #require((alert.view as? AlertContentView)?.header)
        let field = try #require(alert.textFields?.first)
        #expect(field.isFirstResponder && header.contentSize.height <= header.bounds.height, "all of it shows")
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 1000, height: 320))
        settle(scene)
        #expect(header.contentSize.height > header.bounds.height, "the text scrolls")
        #expect(header.bounds.contains(field.frame), "the field \(field.frame) is out of sight in \(header.bounds)")
    }
}
