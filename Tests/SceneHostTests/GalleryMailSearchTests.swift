import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
import Testing

/// The Gallery Mail's text input, offscreen: the search field over the list filters it as a person
/// types (Ctrl+F focuses it, Escape ends the search), the compose sheet's To and Subject fields (Send
/// waits for a recipient), and the Flag Messages alert's text field.
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
        mail.list.shownMessages.map { Mailbox.messages[$0].sender }
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
        #expect(shown.contains(target.sender) && shown.count < all.count, "\(shown)")
        #expect(shown.allSatisfy { sender in Mailbox.messages.contains { $0.sender == sender && $0.matches(query) } })
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

    @Test func flaggingASenderAsksForItInAnAlert() throws {
        let (mail, scene) = mail()
        let item = try #require(mail.mailboxes.navigationItem.rightBarButtonItem)
        item.primaryAction?.perform(sender: nil)
        settle(scene)
        let alert = try #require(mail.presentedViewController as? UIAlertController)
        let field = try #require(alert.textFields?.first)
        let flag = try #require(alert.preferredAction)
        #expect(field.isFirstResponder && !flag.isEnabled)
        press(scene, "\r", .keyboardReturnOrEnter)
        settle(scene)
        #expect(mail.presentedViewController === alert, "Flag waits for a sender")
        let target = try #require(Mailbox.messages.indices.first)
        type(scene, String(Mailbox.messages[target].sender.split(separator: " ").last ?? ""))
        #expect(flag.isEnabled)
        press(scene, "\r", .keyboardReturnOrEnter)
        settle(scene)
        settle(scene)
        #expect(mail.presentedViewController == nil && mail.list.flagged.contains(target))
    }
}

extension MailMessage {
    /// Whether the list's search would show this message for `query`.
    func matches(_ query: String) -> Bool {
        [sender, subject, preview].contains { $0.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }
}
