import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
import Testing

/// The Gallery Mail's presentations, offscreen: compose as a form sheet that keeps a draft, the filter
/// popover from its bar button, and the action sheet that asks before deleting.
@MainActor
struct GalleryMailPresentationsTests {
    func mail(width: CGFloat = 1000) -> (MailViewController, UIWindowScene) {
        let mail = MailViewController()
        mail.overlay.isHidden = true
        let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: 700), rootViewController: mail)
        _ = scene.renderImage()
        return (mail, scene)
    }

    func settle(_ scene: UIWindowScene) {
        let now = CACurrentMediaTime()
        _ = scene.offscreenHost!.prepareFrame(at: now)
        _ = scene.offscreenHost!.prepareFrame(at: now + 1)
    }

    @Test func composeIsAFormSheetThatAsksBeforeLettingADraftGo() throws {
        let (mail, scene) = mail()
        mail.presentCompose()
        settle(scene)
        let compose = try #require(mail.presentedViewController as? ComposeViewController)
        #expect(compose.presentationController?.effectiveStyle == .formSheet && compose.view.frame.width == 540)
        compose.body.insertText("Dear team,")
        #expect(compose.isModalInPresentation)
        scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: [])
        settle(scene)
        let ask = try #require(compose.presentedViewController as? UIAlertController)
        #expect(ask.preferredStyle == .actionSheet && mail.presentedViewController === compose, "asked, not dismissed")
        ask.choose(try #require(ask.actions.first { $0.style == .destructive }))
        settle(scene)
        settle(scene)
        #expect(mail.presentedViewController == nil && !compose.hasDraft)
    }

    @Test func theFilterIsAPopoverFromItsBarButtonThatFollowsItsPreferredSize() throws {
        let (mail, scene) = mail()
        let item = try #require(mail.list.navigationItem.rightBarButtonItems?.first { $0.primaryAction?.title == "Filter" })
        mail.presentFilter(from: item)
        settle(scene)
        let filter = try #require(mail.presentedViewController as? MailFilterViewController)
        let popover = try #require(filter.popoverPresentationController)
        #expect(popover.effectiveStyle == .popover && popover.arrowDirection == .up && filter.view.frame.height == 120)
        // Showing the counts makes it taller.
        filter.countsSwitch.setOn(true, animated: false)
        filter.countsSwitch.sendActions(for: .valueChanged)
        settle(scene)
        #expect(filter.preferredContentSize.height == 170 && filter.view.frame.height == 170)
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 500, height: 700))
        settle(scene)
        #expect(popover.effectiveStyle == .formSheet, "a sheet when compact")
        mail.dismiss(animated: false)
    }

    /// The filter mirrors in a right-to-left layout: its switch at the trailing (left) end, before its label.
    @Test func theFilterMirrorsRightToLeft() throws {
        for rightToLeft in [false, true] {
            let (mail, scene) = mail()
            if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
            settle(scene)
            let item = try #require(mail.list.navigationItem.rightBarButtonItems?.first { $0.primaryAction?.title == "Filter" })
            mail.presentFilter(from: item)
            settle(scene)
            let filter = try #require(mail.presentedViewController as? MailFilterViewController)
            let width = filter.view.bounds.width, label = filter.countsLabel.frame, toggle = filter.countsSwitch.frame
            #expect(toggle.width == 51 && label.width > 0)
            if rightToLeft {
                #expect(toggle.minX == 20 && label.minX >= toggle.maxX && label.maxX == width - 20, "\(toggle) \(label)")
            } else {
                #expect(toggle.maxX == width - 20 && toggle.minX >= label.maxX && label.minX == 20, "\(toggle) \(label)")
            }
            mail.dismiss(animated: false)
        }
    }

    /// The filter's text follows the text size, live: at the largest size its label and segments are
    /// larger, the popover grows to them (wider for the segments, taller for the rows) and nothing is
    /// cut off, with the counts shown or not; back at the default size it is 320 × 120 again.
    @Test func theFilterFollowsTheTextSizeAndCutsNothingOff() throws {
        let (mail, scene) = mail(width: 1194)
        let item = try #require(mail.list.navigationItem.rightBarButtonItems?.first { $0.primaryAction?.title == "Filter" })
        mail.presentFilter(from: item)
        settle(scene)
        let filter = try #require(mail.presentedViewController as? MailFilterViewController)
        #expect(filter.preferredContentSize == CGSize(width: 320, height: 120) && filter.countsLabel.font.pointSize == 17)
        func expectWhole(_ note: String) {
            // Everything lies in the content, which scrolls where the window is too short for all of it.
            let scroller = try! #require(filter.view as? UIScrollView)
            let bounds = CGRect(origin: .zero, size: scroller.contentSize)
            #expect(filter.view.frame.width == filter.preferredContentSize.width && scroller.contentSize.height == filter.preferredContentSize.height,
                    "\(note): \(filter.view.frame) for \(filter.preferredContentSize)")
            #expect(filter.choice.frame.width >= filter.choice.intrinsicContentSize.width && filter.choice.frame.height >= filter.choice.intrinsicContentSize.height,
                    "\(note): the segments \(filter.choice.frame) need \(filter.choice.intrinsicContentSize)")
            for label in [filter.countsLabel, filter.counts] where !label.isHidden {
                let needed = label.sizeThatFits(CGSize(width: label.bounds.width, height: .greatestFiniteMagnitude)).height
                #expect(needed <= label.bounds.height && bounds.contains(label.frame), "\(note): \"\(label.text ?? "")\" is cut off")
            }
            #expect(bounds.contains(filter.countsSwitch.frame) && !filter.countsSwitch.frame.intersects(filter.countsLabel.frame))
        }
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        settle(scene)
        #expect(filter.countsLabel.font.pointSize == 53 && filter.counts.font.pointSize == 53)
        #expect((filter.choice.titleTextAttributes(for: .normal)?[.font] as? UIFont)?.pointSize == 44)
        #expect(filter.preferredContentSize.width > 320 && filter.preferredContentSize.height > 120, "\(filter.preferredContentSize)")
        expectWhole("largest")
        filter.countsSwitch.setOn(true, animated: false)
        filter.countsSwitch.sendActions(for: .valueChanged)
        settle(scene)
        expectWhole("largest, with the counts")
        scene.traitOverrides.preferredContentSizeCategory = .large
        settle(scene)
        #expect(filter.preferredContentSize == CGSize(width: 320, height: 170))
        expectWhole("default, with the counts")
        mail.dismiss(animated: false)
    }

    /// In a compact window the filter is a sheet whose height stays (its detent): the counts the
    /// switch shows are placed under its row all the same.
    @Test func theFilterSheetShowsTheCountsWhenTheSwitchTurnsOn() throws {
        let (mail, scene) = mail(width: 500)
        mail.show(.supplementary)
        settle(scene)
        let item = try #require(mail.list.navigationItem.rightBarButtonItems?.first { $0.primaryAction?.title == "Filter" })
        mail.presentFilter(from: item)
        settle(scene)
        let filter = try #require(mail.presentedViewController as? MailFilterViewController)
        #expect(filter.presentationController?.effectiveStyle == .formSheet)
        let height = filter.view.frame.height
        filter.countsSwitch.setOn(true, animated: false)
        filter.countsSwitch.sendActions(for: .valueChanged)
        settle(scene)
        #expect(filter.view.frame.height == height, "the sheet keeps its detent")
        let counts = filter.counts.frame
        #expect(!filter.counts.isHidden && counts.height >= 30 && counts.minY >= filter.countsLabel.frame.maxY, "\(counts)")
        mail.dismiss(animated: false)
    }

    @Test func deletingAsksWithAnActionSheetAndMovesTheMessageToTheTrash() throws {
        let (mail, scene) = mail()
        let trash = try #require(mail.reader.navigationItem.rightBarButtonItem)
        let before = mail.list.selectedIndex
        mail.confirmDelete(from: trash)
        settle(scene)
        let sheet = try #require(mail.presentedViewController as? UIAlertController)
        #expect(sheet.popoverPresentationController?.effectiveStyle == .popover)
        sheet.choose(try #require(sheet.actions.first { $0.style == .destructive }))
        settle(scene)
        #expect(mail.presentedViewController == nil && mail.list.selectedIndex != before, "the selection moved on from the deleted message")
    }
}
