import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
import SceneHostTesting
import Testing

/// The Gallery's Mail as a split view: it collapses to one navigation stack below 678 points and
/// expands above it, keeping the open message (offscreen, no display needed).
@MainActor
struct GalleryMailSplitTests {
    private func resize(_ scene: UIWindowScene, width: CGFloat) {
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: width, height: 640), interactive: true)
        _ = scene.offscreenHost!.prepareFrame()
    }

    /// Mail without its overlay in an offscreen window `width` points wide, drawn once.
    private func mailScene(width: CGFloat) -> (MailViewController, UIWindowScene) {
        let mail = MailViewController()
        mail.overlay.isHidden = true
        let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: 640), rootViewController: mail)
        _ = scene.renderImage()
        return (mail, scene)
    }

    @Test func theOpenMessageIsKeptAcrossCollapseAndExpansion() throws {
        let mail = MailViewController()
        mail.overlay.isHidden = true
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 640), rootViewController: mail)
        _ = scene.renderImage()
        #expect(!mail.isCollapsed && mail.reader.view.window != nil && mail.list.view.window != nil)
        mail.select(3)
        resize(scene, width: 600)
        #expect(mail.isCollapsed)
        let stack = try #require(mail.mailboxes.navigationController)
        #expect(stack.viewControllers == [mail.mailboxes, mail.list, mail.reader], "the open message on top of the list")
        #expect(mail.reader.view.window != nil && mail.list.viewIfLoaded?.window == nil)
        resize(scene, width: 900)
        #expect(!mail.isCollapsed && mail.selectedIndex == 3)
        #expect(mail.reader.navigationController?.viewControllers == [mail.reader] && mail.reader.view.window != nil)
        #expect(mail.list.navigationController?.viewControllers == [mail.list] && mail.list.view.window != nil)
    }

    @Test func launchedCompactItShowsTheListAndAClickOpensTheMessage() throws {
        let mail = MailViewController()
        mail.overlay.isHidden = true
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 640), rootViewController: mail)
        _ = scene.renderImage()
        #expect(mail.isCollapsed)
        let stack = try #require(mail.mailboxes.navigationController)
        #expect(stack.viewControllers == [mail.mailboxes, mail.list], "the list, not a message, at launch")
        // ↓ moves the selection without opening.
        mail.select(1, opening: false)
        #expect(stack.viewControllers.count == 2 && mail.selectedIndex == 1)
        let row = try #require(mail.list.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)))
        scene.click(at: row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil))
        #expect(mail.selectedIndex == 2 && stack.viewControllers.last === mail.reader, "a click opens the message")
        resize(scene, width: 1000)
        #expect(!mail.isCollapsed && mail.selectedIndex == 2 && mail.reader.view.window != nil)
        resize(scene, width: 500)
        #expect(stack.viewControllers.last === mail.reader, "still open: on top again")
        stack.popViewController(animated: false)
        #expect(!mail.messageIsOpen, "back to the list closes it")
        resize(scene, width: 1000)
        resize(scene, width: 500)
        #expect(stack.viewControllers == [mail.mailboxes, mail.list] && mail.selectedIndex == 2)
    }

    /// Compact, the list shows its selected message highlighted (the first at launch; ↑ and ↓ move it):
    /// a click on that row opens it, as on any other row.
    @Test func aClickOnTheHighlightedRowOpensItsMessageWhenCompact() throws {
        let (mail, scene) = mailScene(width: 500)
        let stack = try #require(mail.mailboxes.navigationController)
        #expect(mail.isCollapsed && stack.viewControllers == [mail.mailboxes, mail.list])
        let path = IndexPath(item: 0, section: 0)
        #expect(mail.list.collectionView.indexPathsForSelectedItems == [path], "the first message is highlighted")
        let row = try #require(mail.list.collectionView.cellForItem(at: path))
        scene.click(at: row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil))
        #expect(mail.selectedIndex == 0 && stack.viewControllers.last === mail.reader, "a click opens the highlighted message")
    }

    /// Escape and Alt+← go back in a collapsed Mail: the column on top has the keyboard, so the
    /// navigation controller holding it is on the chain; ↓ still moves the selection from there.
    @Test func theKeyboardGoesBackInACollapsedMail() throws {
        let (mail, scene) = mailScene(width: 1000)
        let window = try #require(mail.view.window)
        var time: CFTimeInterval = 100
        func press(_ input: String, _ flags: UIKeyModifierFlags = []) -> Bool {
            guard let command = UIResponder.keyCommand(forInput: input, modifierFlags: flags, in: window.keyCommandResponders) else { return false }
            command.perform()
            // A frame starts the pop's animation, one a second later ends it.
            for _ in 0..<2 {
                _ = scene.offscreenHost!.prepareFrame(at: time)
                time += 1
            }
            return true
        }
        #expect(mail.list.isFirstResponder, "expanded, the list has the keyboard")
        #expect(!press(UIKeyCommand.inputEscape), "nothing to go back to when expanded")
        mail.select(3)
        resize(scene, width: 600)
        let stack = try #require(mail.mailboxes.navigationController)
        #expect(stack.viewControllers.last === mail.reader && mail.reader.isFirstResponder, "collapsed, the message on top has it")
        #expect(press(UIKeyCommand.inputEscape))
        #expect(stack.viewControllers == [mail.mailboxes, mail.list] && mail.list.isFirstResponder, "Escape went back to the list")
        #expect(press(UIKeyCommand.inputDownArrow) && mail.selectedIndex == 4, "Mail's keys are on the chain")
        #expect(press(UIKeyCommand.inputLeftArrow, .alternate))
        #expect(stack.viewControllers == [mail.mailboxes] && mail.mailboxes.isFirstResponder, "Alt+← went back to the mailboxes")
        #expect(!press(UIKeyCommand.inputEscape), "nothing below the mailboxes")
        resize(scene, width: 1000)
        #expect(mail.list.isFirstResponder, "expanded again, the list has it")
    }

    @Test func draggingAcrossTheThresholdWithNoMessageOpenShowsTheList() throws {
        let mail = MailViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 640), rootViewController: mail)
        _ = scene.renderImage()
        resize(scene, width: 600)
        #expect(mail.mailboxes.navigationController?.viewControllers == [mail.mailboxes, mail.list])
    }

    @Test func theMailboxesFilterTheList() throws {
        let mail = MailViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1200, height: 640), rootViewController: mail)
        _ = scene.renderImage()
        #expect(mail.displayMode == .twoBesideSecondary, "wide enough for the sidebar beside both")
        mail.mailboxes.choose(.trash)
        #expect(mail.list.title == "Trash")
        scene.layoutIfNeeded()
        #expect(mail.list.collectionView.numberOfItems(inSection: 0) == 0 && mail.list.collectionView.visibleCells.isEmpty, "nothing in the trash yet")
        #expect(mail.mailboxes.collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)], "the sidebar highlights the Trash")
        mail.mailboxes.choose(.inbox)
        scene.layoutIfNeeded()
        #expect(mail.list.collectionView.numberOfItems(inSection: 0) == Mailbox.messages.count, "the inbox holds every message again")
    }

    /// At the largest text size in a regular window the sidebar's column is wide enough for every
    /// mailbox's name: its rows break between words only (no word is wider than its line).
    @Test func theSidebarKeepsWholeWordsAtTheLargestTextSize() throws {
        for size in [CGSize(width: 1366, height: 1024), CGSize(width: 1000, height: 640)] {
            let mail = MailViewController()
            mail.overlay.isHidden = true
            let scene = UIWindowScene.offscreen(size: size, rootViewController: mail)
            scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
            _ = scene.renderImage()
            mail.show(.primary)
            _ = scene.offscreenHost!.prepareFrame()
            _ = scene.offscreenHost!.prepareFrame(at: CACurrentMediaTime() + 1)
            #expect(!mail.isCollapsed && mail.mailboxes.view.window != nil)
            let collection = try #require(mail.mailboxes.collectionView)
            let labels = collection.visibleCells.flatMap { all(UILabel.self, in: $0) }.filter { !$0.isHidden && !($0.text ?? "").isEmpty }
            #expect(Set(labels.compactMap(\.text)) == Set(MailboxName.allCases.map(\.rawValue)))
            for label in labels {
                for word in (label.text ?? "").split(separator: " ") {
                    let measure = UILabel()
                    measure.font = label.font
                    measure.text = String(word)
                    #expect(measure.intrinsicContentSize.width <= label.bounds.width,
                            "\(size.width) pt: \"\(word)\" is wider than its \(label.bounds.width)-point line")
                }
            }
        }
    }

    private func all<T: UIView>(_ type: T.Type, in view: UIView) -> [T] {
        view.subviews.flatMap { ($0 as? T).map { [$0] } ?? [] + all(type, in: $0) }
    }

    @Test func aRemovedMailSceneFreesItsColumns() {
        weak var weakMail: MailViewController?
        weak var weakReader: UIViewController?
        do {
            let mail = MailViewController()
            let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 640), rootViewController: mail)
            _ = scene.renderImage()
            resize(scene, width: 500)
            resize(scene, width: 1000)
            weakMail = mail
            weakReader = mail.reader
            scene.windows.first?.rootViewController = UIViewController()
            _ = scene.renderImage()
        }
        #expect(weakMail == nil && weakReader == nil)
    }
}
