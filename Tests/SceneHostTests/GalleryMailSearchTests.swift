import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
import Testing

/// The Gallery Mail's text input, offscreen: the search field over the list filters it as a person
/// types (Ctrl+F focuses it, Escape ends the search), the compose sheet's To and Subject fields (Send
/// waits for a recipient), and the New Mailbox alert's text field.
@MainActor
struct GalleryMailSearchTests {
    private func mail(width: CGFloat = 1000) -> (MailViewController, UIWindowScene) {
        let mail = MailViewController()
        mail.overlay.isHidden = true
        let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: 700), rootViewController: mail)
        _ = scene.renderImage()
        return (mail, scene)
    }

    private func settle(_ scene: UIWindowScene) {
        let now = CACurrentMediaTime()
        _ = scene.offscreenHost!.prepareFrame(at: now)
        _ = scene.offscreenHost!.prepareFrame(at: now + 1)
    }

    /// A key as the runtime delivers it (US layout).
    private func press(_ scene: UIWindowScene, _ characters: String, _ code: UIKeyboardHIDUsage, _ flags: UIKeyModifierFlags = []) {
        let key = UIKey(characters: characters, charactersIgnoringModifiers: characters, modifierFlags: flags, keyCode: code)
        scene.keyDown(key, code: code.rawValue, responders: scene.keyWindow?.keyCommandResponders ?? [])
        scene.keyUp(code: code.rawValue, modifierFlags: flags)
    }

    private func type(_ scene: UIWindowScene, _ string: String) {
        for character in string { press(scene, String(character), character == " " ? .keyboardSpacebar : .keyboardA) }
    }

    /// The senders of the messages the list shows.
    private func shownSenders(_ mail: MailViewController) -> [String] {
        func rows(in view: UIView) -> [MessageRowView] {
            view.subviews.flatMap { ($0 as? MessageRowView).map { [$0] } ?? rows(in: $0) }
        }
        return rows(in: mail.list.view).filter { !$0.isHidden }.map(\.message.sender)
    }

    @Test func ctrlFSearchesTheListAndEscapeEndsTheSearch() throws {
        let (mail, scene) = mail()
        let search = try #require(mail.list.navigationItem.searchController)
        let all = shownSenders(mail)
        #expect(search.searchBar.window != nil && !all.isEmpty, "the search field shows over the list")
        mail.list.becomeFirstResponder()
        press(scene, "f", .keyboardF, .control)
        #expect(search.isActive && search.searchBar.searchTextField.isEditing, "Ctrl+F focuses the search field")
        let target = try #require(Mailbox.messages.first)
        let query = String(target.sender.prefix(4)).lowercased()
        type(scene, query)
        settle(scene)
        let shown = shownSenders(mail)
        let expected = Mailbox.messages.filter { $0.matches(query) }.map(\.sender).filter(all.contains)
        #expect(shown == expected && shown.contains(target.sender) && shown.count < all.count, "\(shown)")
        type(scene, "zzzq")
        #expect(shownSenders(mail).isEmpty, "nothing matches")
        press(scene, UIKeyCommand.inputEscape, .keyboardEscape)
        settle(scene)
        #expect(!search.isActive && search.searchBar.text == "" && shownSenders(mail) == all, "the whole mailbox again")
    }

    @Test func composeHasToAndSubjectAndSendWaitsForARecipient() throws {
        let (mail, scene) = mail()
        mail.presentCompose()
        settle(scene)
        let compose = try #require(mail.presentedViewController as? ComposeViewController)
        #expect(compose.toField.isFirstResponder, "To takes the keyboard")
        #expect(!compose.sendButton.isEnabled && !compose.isModalInPresentation)
        type(scene, "ann")
        #expect(compose.toField.text == "ann" && compose.sendButton.isEnabled && compose.isModalInPresentation)
        press(scene, "\r", .keyboardReturnOrEnter)
        #expect(compose.subjectField.isFirstResponder, "Return goes on to Subject")
        type(scene, "Lunch")
        #expect(compose.subjectField.text == "Lunch")
        compose.toField.text = ""
        compose.toField.sendActions(for: .editingChanged)
        #expect(!compose.sendButton.isEnabled && compose.isModalInPresentation, "the subject still holds text")
        mail.dismiss(animated: false)
    }

    @Test func newMailboxAsksForANameInAnAlert() throws {
        let (mail, scene) = mail()
        let add = try #require(mail.mailboxes.navigationItem.rightBarButtonItem)
        add.primaryAction?.perform(sender: nil)
        settle(scene)
        let alert = try #require(mail.presentedViewController as? UIAlertController)
        let field = try #require(alert.textFields?.first)
        let create = try #require(alert.preferredAction)
        #expect(field.isFirstResponder && !create.isEnabled)
        press(scene, "\r", .keyboardReturnOrEnter)
        settle(scene)
        #expect(mail.presentedViewController === alert, "Create waits for a name")
        type(scene, "Receipts")
        #expect(create.isEnabled)
        press(scene, "\r", .keyboardReturnOrEnter)
        settle(scene)
        settle(scene)
        #expect(mail.presentedViewController == nil && mail.mailboxes.addedMailboxNames == ["Receipts"])
    }
}
