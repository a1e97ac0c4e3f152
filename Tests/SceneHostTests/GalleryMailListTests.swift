import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
import SceneHostTesting
import Testing

/// The Gallery's Mail lists, offscreen: the mailboxes are a sidebar when regular and an inset-grouped
/// list when collapsed; the messages are a list with a diffable data source whose rows show the
/// unread and flag state, swipe by Settings' choice, go to the Trash with an animation, filter, keep
/// the selection in view under ↓, and are freed with their scene.
@MainActor
struct GalleryMailListTests {
    private func resize(_ scene: UIWindowScene, width: CGFloat, height: CGFloat = 640) {
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: width, height: height), interactive: false)
        _ = scene.offscreenHost!.prepareFrame()
    }

    /// A Mail controller without the overlay, in an offscreen scene of `width`×`height`.
    private func mailScene(width: CGFloat, height: CGFloat) -> (MailViewController, UIWindowScene) {
        let mail = MailViewController()
        mail.overlay.isHidden = true
        return (mail, UIWindowScene.offscreen(size: CGSize(width: width, height: height), rootViewController: mail))
    }

    private func appearance(of collectionView: UICollectionView) -> UICollectionLayoutListConfiguration.Appearance? {
        (collectionView.collectionViewLayout as? UICollectionViewCompositionalLayout)?.sectionLayout(at: 0)?.listConfiguration?.appearance
    }

    @Test func theMailboxesAreASidebarWhenRegularAndAnInsetGroupedListWhenCollapsed() throws {
        let (mail, scene) = mailScene(width: 1200, height: 640)
        _ = scene.renderImage()
        let mailboxes = try #require(mail.mailboxes.collectionView)
        #expect(appearance(of: mailboxes) == .sidebar)
        #expect(mailboxes.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)], "the Inbox stays highlighted")
        let inbox = try #require(mailboxes.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        #expect(inbox.accessories.isEmpty && (inbox.contentConfiguration as? UIListContentConfiguration)?.text == "Inbox")
        resize(scene, width: 500)
        #expect(mail.isCollapsed)
        mail.mailboxes.navigationController?.popToRootViewController(animated: false)
        _ = scene.renderImage()
        #expect(appearance(of: mailboxes) == .insetGrouped)
        let row = try #require(mailboxes.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        #expect(row.accessories.count == 1 && mailboxes.indexPathsForSelectedItems?.isEmpty == true, "rows lead on; none stays selected")
        assertSnapshot(scene.renderImage(), named: "mail-mailboxes-compact")
        // Collapsed from the sidebar, the rows look as in a Mail made compact (configured for their new list).
        let (fresh, compact) = mailScene(width: 500, height: 640)
        _ = compact.renderImage()
        fresh.mailboxes.navigationController?.popToRootViewController(animated: false)
        let same = Snapshot.compare(scene.renderImage(), compact.renderImage(), tolerance: SnapshotTolerance(perPixel: 0, differingFraction: 0))
        #expect(same.differingPixels == 0, "\(same.differingPixels) pixels differ from a Mail made compact")
        // A click on Archive shows its (empty) list on top.
        let archive = try #require(mailboxes.cellForItem(at: IndexPath(item: 2, section: 0)))
        scene.click(at: archive.convert(CGPoint(x: archive.bounds.midX, y: archive.bounds.midY), to: nil))
        #expect(mail.list.mailbox == .archive && mail.mailboxes.navigationController?.topViewController === mail.list)
        resize(scene, width: 1200)
        #expect(appearance(of: mailboxes) == .sidebar && mailboxes.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    }

    @Test func movingAMessageToTheTrashRemovesItsRowWithAnAnimation() throws {
        let (mail, scene) = mailScene(width: 1000, height: 700)
        _ = scene.renderImage()
        let list = try #require(mail.list.collectionView)
        let fourth = try #require(list.cellForItem(at: IndexPath(item: 3, section: 0)))
        let third = try #require(list.cellForItem(at: IndexPath(item: 2, section: 0)))
        let top = third.frame.minY
        mail.list.file(2, in: .trash)
        #expect(list.numberOfItems(inSection: 0) == Mailbox.messages.count - 1)
        #expect(list.cellForItem(at: IndexPath(item: 2, section: 0)) === fourth && fourth.frame.minY == top, "the next row takes its place")
        #expect(fourth.layer.animationKeys()?.isEmpty == false && third.alpha == 0, "sliding up while the deleted row fades")
        mail.mailboxes.choose(.trash)
        #expect(mail.list.shownMessages == [2])
    }

    @Test func rowsShowUnreadAndFlagAndTheListFilters() throws {
        let mail = MailViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: mail)
        _ = scene.renderImage()
        let list = mail.list
        func content(_ index: Int) -> MessageContentConfiguration? {
            list.collectionView.cellForItem(at: IndexPath(item: index, section: 0))?.contentConfiguration as? MessageContentConfiguration
        }
        #expect(content(1)?.isUnread == true && content(0)?.isUnread == false, "the open message is read")
        mail.select(1)
        #expect(content(1)?.isUnread == false, "opening it reads it")
        list.toggleFlag(3)
        #expect(content(3)?.isFlagged == true)
        list.mailbox = .flagged
        #expect(list.shownMessages == [3])
        list.mailbox = .inbox
        list.filter("turing")
        #expect(list.shownMessages == [2] && list.collectionView.numberOfItems(inSection: 0) == 1)
        list.filter("")
        #expect(list.collectionView.numberOfItems(inSection: 0) == Mailbox.messages.count)
    }

    @Test func theTrailingSwipeIsTheActionChosenInSettings() throws {
        let scratch = ScratchFolder("mail-swipe"), previous = AppDelegate.userDefaults
        AppDelegate.userDefaults = UserDefaults(suiteName: scratch.appending("defaults").path) ?? .standard
        defer { AppDelegate.userDefaults = previous }
        let mail = MailViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: mail)
        _ = scene.renderImage()
        let list = try #require((mail.list.collectionView.collectionViewLayout as? UICollectionViewCompositionalLayout)?.sectionLayout(at: 0)?.listConfiguration)
        let path = IndexPath(item: 4, section: 0)
        #expect(list.trailingSwipeActionsConfigurationProvider?(path)?.actions.first?.title == "Archive", "the default")
        AppDelegate.userDefaults.set("Trash", forKey: MailPreferences.swipeActionKey)
        let trash = try #require(list.trailingSwipeActionsConfigurationProvider?(path)?.actions.first)
        #expect(trash.title == "Trash" && trash.style == .destructive)
        var done: Bool?
        trash.handler(trash, mail.list.collectionView, { done = $0 })
        #expect(done == true && !mail.list.shownMessages.contains(4))
        AppDelegate.userDefaults.set("None", forKey: MailPreferences.swipeActionKey)
        #expect(list.trailingSwipeActionsConfigurationProvider?(path) == nil)
        #expect(list.leadingSwipeActionsConfigurationProvider?(path)?.actions.first?.title == "Unread", "message 5 is read")
        #expect(list.leadingSwipeActionsConfigurationProvider?(IndexPath(item: 1, section: 0))?.actions.first?.title == "Read", "message 1 is unread")
    }

    @Test func theDownArrowKeepsTheSelectionInView() throws {
        let (mail, scene) = mailScene(width: 1000, height: 360)
        _ = scene.renderImage()
        let list = try #require(mail.list.collectionView)
        for step in 1..<Mailbox.messages.count {
            let down = UIResponder.keyCommand(forInput: UIKeyCommand.inputDownArrow, modifierFlags: [], in: scene.windows[0].keyCommandResponders)
            down?.perform()
            _ = scene.offscreenHost!.prepareFrame(at: 10 + Double(step))
            _ = scene.offscreenHost!.prepareFrame(at: 10.5 + Double(step))
            #expect(mail.selectedIndex == step)
            let cell = try #require(list.cellForItem(at: IndexPath(item: step, section: 0)))
            #expect(cell.isSelected && list.bounds.inset(by: list.adjustedContentInset).insetBy(dx: 0, dy: -0.5).contains(cell.frame), "message \(step) is selected and in view")
        }
        #expect(list.contentOffset.y > 0, "the list scrolled")
        assertSnapshot(scene.renderImage(), named: "mail-list-scrolled")
    }

    @Test func aRemovedMailSceneFreesItsListsAndTheirCells() {
        let tracker = LeakTracker()
        do {
            let mail = MailViewController()
            let scene = UIWindowScene.offscreen(size: CGSize(width: 1200, height: 640), rootViewController: mail)
            _ = scene.renderImage()
            resize(scene, width: 500)
            resize(scene, width: 1200)
            for cell in mail.list.collectionView.subviews + mail.mailboxes.collectionView.subviews { tracker.track(cell, as: "cell") }
            tracker.track(mail.list, as: "list")
            tracker.track(mail.mailboxes, as: "mailboxes")
            scene.windows.first?.rootViewController = UIViewController()
            _ = scene.renderImage()
        }
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }
}
