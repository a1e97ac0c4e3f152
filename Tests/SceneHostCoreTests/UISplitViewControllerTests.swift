import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Records what a split view tells its delegate, with `isCollapsed` at each call.
@MainActor
private final class RecordingSplitDelegate: UISplitViewControllerDelegate {
    var calls: [String] = []
    var topColumn: UISplitViewController.Column?
    func splitViewController(_ svc: UISplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
        calls.append("top(\(proposedTopColumn)) collapsed=\(svc.isCollapsed)")
        return topColumn ?? proposedTopColumn
    }
    func splitViewController(_ svc: UISplitViewController, displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode) -> UISplitViewController.DisplayMode {
        calls.append("expandMode(\(proposedDisplayMode)) collapsed=\(svc.isCollapsed)")
        return proposedDisplayMode
    }
    func splitViewControllerDidCollapse(_ svc: UISplitViewController) { calls.append("didCollapse collapsed=\(svc.isCollapsed)") }
    func splitViewControllerDidExpand(_ svc: UISplitViewController) { calls.append("didExpand collapsed=\(svc.isCollapsed)") }
    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) { calls.append("willShow(\(column))") }
    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) { calls.append("willHide(\(column))") }
}

@MainActor
private func titled(_ title: String, _ color: UIColor = .systemBackground) -> UIViewController {
    let controller = UIViewController()
    controller.title = title
    controller.view.backgroundColor = color
    return controller
}

/// Runs the column animations to their end: a first frame starts them, a later one ends them.
@MainActor
private func settle(_ scene: UIWindowScene) {
    _ = scene.offscreenHost!.prepareFrame()
    _ = scene.offscreenHost!.prepareFrame(at: CACurrentMediaTime() + 1)
}

@MainActor
private func resize(_ scene: UIWindowScene, width: CGFloat, height: CGFloat = 700) {
    scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: width, height: height), interactive: true)
    _ = scene.offscreenHost!.prepareFrame()
}

@MainActor
struct UISplitViewControllerTests {
    @Test func rawValuesAreUIKits() {
        #expect(UISplitViewController.Style.tripleColumn.rawValue == 2 && UISplitViewController.Column.compact.rawValue == 3)
        #expect(UISplitViewController.Column.inspector.rawValue == 4)
        #expect(UISplitViewController.DisplayMode.twoDisplaceSecondary.rawValue == 6 && UISplitViewController.DisplayMode.primaryOverlay == .oneOverSecondary)
        #expect(UISplitViewController.SplitBehavior.displace.rawValue == 3)
        #expect(UISplitViewController.DisplayModeButtonVisibility.always.rawValue == 2)
        #expect(UISplitViewController.automaticDimension == -CGFloat.greatestFiniteMagnitude)
    }

    @Test func columnsAreWrappedInNavigationControllersAndCompactIsNot() throws {
        let split = UISplitViewController(style: .tripleColumn)
        let sidebar = titled("Mailboxes"), list = titled("Inbox"), message = titled("Message"), compact = titled("Compact")
        let ownNavigation = UINavigationController(rootViewController: list)
        split.setViewController(sidebar, for: .primary)
        split.setViewController(ownNavigation, for: .supplementary)
        split.setViewController(message, for: .secondary)
        split.setViewController(compact, for: .compact)
        #expect(split.viewController(for: .primary) === sidebar && split.viewController(for: .secondary) === message)
        #expect(split.viewController(for: .supplementary) === ownNavigation, "a navigation controller is not wrapped again")
        #expect(split.viewController(for: .compact) === compact)
        #expect(split.children.count == 3 && split.children.allSatisfy { $0 is UINavigationController })
        #expect(sidebar.parent is UINavigationController && sidebar.parent?.parent === split)
        #expect(compact.parent == nil, "the compact column joins the split view only while collapsed")
        #expect(message.splitViewController === split)

        // A plain controller on an occupied secondary is pushed onto its stack, as in UIKit.
        let next = titled("Next")
        split.setViewController(next, for: .secondary)
        let secondaryStack = try #require(message.parent as? UINavigationController)
        #expect(secondaryStack.viewControllers.map { $0 } == [message, next])
        #expect(split.viewController(for: .secondary) === next)
        // Set nil first to replace the stack.
        split.setViewController(nil, for: .secondary)
        split.setViewController(message, for: .secondary)
        #expect((message.parent as? UINavigationController)?.viewControllers == [message])
        #expect(split.children.count == 3)

        let tabs = UITabBarController()
        split.setViewController(tabs, for: .primary)
        #expect(split.viewController(for: .primary) === sidebar, "a tab bar controller is refused as primary")
        split.setViewController(nil, for: .secondary)
        split.setViewController(tabs, for: .secondary)
        #expect(split.viewController(for: .secondary) === tabs && tabs.parent === split, "and taken as is as secondary")

        let double = UISplitViewController(style: .doubleColumn)
        double.setViewController(list, for: .supplementary)
        #expect(double.viewController(for: .supplementary) == nil, "two columns have no supplementary")
    }

    @Test func twoColumnsTileAndCollapseOntoThePrimaryStackBelow678Points() throws {
        let split = UISplitViewController(style: .doubleColumn)
        let delegate = RecordingSplitDelegate()
        split.delegate = delegate
        let list = titled("List", .systemBlue), message = titled("Message", .systemOrange)
        split.setViewController(list, for: .primary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        let image = scene.renderImage()
        #expect(!split.isCollapsed && split.displayMode == .oneBesideSecondary && split.splitBehavior == .tile)
        #expect(split.primaryColumnWidth == 320)
        let primary = try #require(list.parent), secondary = try #require(message.parent)
        #expect(primary.view.frame == CGRect(x: 0, y: 0, width: 320, height: 700))
        #expect(secondary.view.frame == CGRect(x: 320, y: 0, width: 680, height: 700))
        #expect(image.pixel(x: 100, y: 400) == 0xff007aff && image.pixel(x: 700, y: 400) == 0xffff9500)
        #expect(delegate.calls.isEmpty)

        resize(scene, width: 678)
        #expect(!split.isCollapsed, "678 points is regular")
        resize(scene, width: 677)
        #expect(split.isCollapsed)
        #expect(delegate.calls == ["top(secondary) collapsed=false", "didCollapse collapsed=true"])
        let stack = try #require(primary as? UINavigationController)
        #expect(stack.viewControllers == [list, message], "the secondary on top of the primary's stack")
        #expect(split.viewControllers == [primary])
        #expect(secondary.viewIfLoaded?.window == nil)
        #expect(primary.view.frame == CGRect(x: 0, y: 0, width: 677, height: 700))

        delegate.calls = []
        resize(scene, width: 678)
        #expect(!split.isCollapsed)
        #expect(delegate.calls == ["expandMode(oneBesideSecondary) collapsed=true", "willShow(primary)", "didExpand collapsed=false"])
        #expect(stack.viewControllers == [list])
        #expect((secondary as? UINavigationController)?.viewControllers == [message], "the open message is kept")
        #expect(secondary.view.frame == CGRect(x: 320, y: 0, width: 358, height: 700))
    }

    @Test func collapseHappensInTheFrameThatCrossesTheThreshold() {
        let split = UISplitViewController(style: .doubleColumn)
        split.setViewController(titled("List"), for: .primary)
        split.setViewController(titled("Message"), for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: split)
        _ = scene.renderImage()
        var widths: [(CGFloat, Bool)] = []
        for width in stride(from: CGFloat(700), through: 650, by: -10) {
            scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: width, height: 600), interactive: true)
            #expect(split.isCollapsed == (width < 678), "collapsed with the trait change, before the frame's layout")
            _ = scene.offscreenHost!.prepareFrame()
            widths.append((width, split.isCollapsed))
        }
        #expect(widths.map(\.1) == [false, false, false, true, true, true])
    }

    @Test func theDelegateChoosesThePrimaryAsTopColumnAndShowBringsTheMessageLater() throws {
        let split = UISplitViewController(style: .tripleColumn)
        let delegate = RecordingSplitDelegate()
        delegate.topColumn = .supplementary
        split.delegate = delegate
        let sidebar = titled("Mailboxes"), list = titled("Inbox"), message = titled("Message")
        split.setViewController(sidebar, for: .primary)
        split.setViewController(list, for: .supplementary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 700), rootViewController: split)
        _ = scene.renderImage()
        #expect(split.isCollapsed, "compact from the start: collapsed at the first layout")
        #expect(delegate.calls == ["top(secondary) collapsed=false", "didCollapse collapsed=true"])
        let stack = try #require(sidebar.parent as? UINavigationController)
        #expect(stack.viewControllers == [sidebar, list])
        split.show(.secondary)
        #expect(stack.viewControllers == [sidebar, list, message])
        split.hide(.secondary)
        #expect(stack.viewControllers == [sidebar, list])
        split.show(.secondary)

        resize(scene, width: 1200)
        #expect(!split.isCollapsed && split.displayMode == .twoBesideSecondary && split.splitBehavior == .tile)
        #expect(stack.viewControllers == [sidebar])
        #expect((list.parent as? UINavigationController)?.viewControllers == [list])
        #expect((message.parent as? UINavigationController)?.viewControllers == [message])
        #expect(split.primaryColumnWidth == 260 && split.supplementaryColumnWidth == 320)
        #expect(message.view.window != nil && list.view.window != nil && sidebar.view.window != nil)
    }

    @Test func aControllerPushedWhileCollapsedGoesToTheSecondaryOnExpansion() throws {
        let split = UISplitViewController(style: .doubleColumn)
        let list = titled("List"), message = titled("Message"), reply = titled("Reply")
        split.setViewController(list, for: .primary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 600, height: 700), rootViewController: split)
        _ = scene.renderImage()
        let stack = try #require(list.parent as? UINavigationController)
        stack.pushViewController(reply, animated: false)
        resize(scene, width: 900)
        #expect(stack.viewControllers == [list])
        #expect((message.parent as? UINavigationController)?.viewControllers == [message, reply])
    }

    @Test func theCompactColumnShowsWhileCollapsed() {
        let split = UISplitViewController(style: .doubleColumn)
        let delegate = RecordingSplitDelegate()
        split.delegate = delegate
        let list = titled("List"), message = titled("Message"), compact = titled("Compact", .systemGreen)
        split.setViewController(list, for: .primary)
        split.setViewController(message, for: .secondary)
        split.setViewController(compact, for: .compact)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 900, height: 700), rootViewController: split)
        _ = scene.renderImage()
        resize(scene, width: 500)
        #expect(split.isCollapsed && compact.parent === split && compact.view.window != nil)
        #expect(list.view.window == nil && message.view.window == nil)
        #expect(split.viewControllers == [compact])
        #expect(delegate.calls == ["top(compact) collapsed=false", "didCollapse collapsed=true"])
        #expect(scene.renderImage().pixel(x: 250, y: 350) == 0xff34c759)
        resize(scene, width: 900)
        #expect(!split.isCollapsed && compact.parent == nil && compact.viewIfLoaded?.window == nil)
        #expect(list.view.window != nil && message.view.window != nil)
    }

    @Test func displayModesFollowTheSplitBehavior() throws {
        let split = UISplitViewController(style: .doubleColumn)
        let list = titled("List"), message = titled("Message")
        split.setViewController(list, for: .primary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        _ = scene.renderImage()
        let primary = try #require(list.parent), secondary = try #require(message.parent)

        split.hide(.primary)
        #expect(split.displayMode == .secondaryOnly)
        settle(scene)
        #expect(primary.viewIfLoaded?.window == nil, "hidden once its animation ends")
        #expect(secondary.view.frame == CGRect(x: 0, y: 0, width: 1000, height: 700))

        // Overlay: the primary covers the secondary, which is dimmed and blocked.
        split.preferredSplitBehavior = .overlay
        _ = scene.renderImage()
        #expect(split.splitBehavior == .overlay)
        split.show(.primary)
        #expect(split.displayMode == .oneOverSecondary)
        settle(scene)
        #expect(primary.view.frame == CGRect(x: 0, y: 0, width: 320, height: 700))
        #expect(secondary.view.frame == CGRect(x: 0, y: 0, width: 1000, height: 700))
        let image = scene.renderImage()
        #expect(image.pixel(x: 900, y: 400) != 0xffffffff, "the secondary is dimmed")
        let hit = split.view.hitTest(CGPoint(x: 900, y: 400), with: nil)
        #expect(hit !== secondary.view && !(hit?.isDescendant(of: secondary.view) ?? false), "and blocked")
        split.show(.secondary)
        #expect(split.displayMode == .secondaryOnly)

        // Displace: the primary pushes the secondary, which keeps its width.
        split.preferredSplitBehavior = .displace
        split.preferredDisplayMode = .oneBesideSecondary
        _ = scene.renderImage()
        #expect(split.displayMode == .oneBesideSecondary && split.splitBehavior == .displace)
        #expect(secondary.view.frame == CGRect(x: 320, y: 0, width: 1000, height: 700))

        // Tile: beside; a preferred overlay mode is reinterpreted.
        split.preferredSplitBehavior = .tile
        split.preferredDisplayMode = .oneOverSecondary
        _ = scene.renderImage()
        #expect(split.displayMode == .oneBesideSecondary)
        #expect(secondary.view.frame == CGRect(x: 320, y: 0, width: 680, height: 700))
    }

    @Test func threeColumnsDisplaceWhenNarrowAndTileWhenWide() throws {
        let split = UISplitViewController(style: .tripleColumn)
        let delegate = RecordingSplitDelegate()
        split.delegate = delegate
        let sidebar = titled("Mailboxes"), list = titled("Inbox"), message = titled("Message")
        split.setViewController(sidebar, for: .primary)
        split.setViewController(list, for: .supplementary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 900, height: 700), rootViewController: split)
        _ = scene.renderImage()
        #expect(split.splitBehavior == .displace && split.displayMode == .oneBesideSecondary)
        let secondary = try #require(message.parent), supplementary = try #require(list.parent)
        #expect(supplementary.view.frame == CGRect(x: 0, y: 0, width: 320, height: 700))
        #expect(secondary.view.frame == CGRect(x: 320, y: 0, width: 580, height: 700))
        #expect(sidebar.viewIfLoaded?.window == nil)

        split.show(.primary)
        #expect(split.displayMode == .twoDisplaceSecondary)
        settle(scene)
        #expect(secondary.view.frame == CGRect(x: 580, y: 0, width: 580, height: 700), "pushed, keeping its width")
        split.show(.secondary)
        #expect(split.displayMode == .oneBesideSecondary)
        #expect(delegate.calls.isEmpty, "show and hide are not system-driven")

        resize(scene, width: 1200)
        #expect(split.splitBehavior == .tile && split.displayMode == .twoBesideSecondary)
        #expect(delegate.calls == ["willShow(primary)"])
        settle(scene)
        #expect(secondary.view.frame == CGRect(x: 580, y: 0, width: 620, height: 700))
        split.hide(.supplementary)
        #expect(split.displayMode == .secondaryOnly)
    }

    @Test func widthsFollowFractionsPointsAndLimits() {
        let split = UISplitViewController(style: .doubleColumn)
        split.setViewController(titled("List"), for: .primary)
        split.setViewController(titled("Message"), for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        _ = scene.renderImage()
        #expect(split.preferredPrimaryColumnWidthFraction == UISplitViewController.automaticDimension)
        #expect(split.primaryColumnWidth == 320)
        split.preferredPrimaryColumnWidthFraction = 0.4
        _ = scene.renderImage()
        #expect(split.primaryColumnWidth == 400)
        split.maximumPrimaryColumnWidth = 350
        _ = scene.renderImage()
        #expect(split.primaryColumnWidth == 350)
        split.preferredPrimaryColumnWidth = 200
        split.minimumPrimaryColumnWidth = 250
        _ = scene.renderImage()
        #expect(split.primaryColumnWidth == 250, "points win over the fraction; the minimum over both")
        split.preferredPrimaryColumnWidth = UISplitViewController.automaticDimension
        split.minimumPrimaryColumnWidth = UISplitViewController.automaticDimension
        split.maximumPrimaryColumnWidth = UISplitViewController.automaticDimension
        split.preferredPrimaryColumnWidthFraction = 0.9
        _ = scene.renderImage()
        #expect(split.primaryColumnWidth == 500, "the automatic maximum is half the width")

        let triple = UISplitViewController(style: .tripleColumn)
        triple.preferredSupplementaryColumnWidth = 300
        triple.preferredPrimaryColumnWidthFraction = 0.2
        for (column, title) in [(UISplitViewController.Column.primary, "A"), (.supplementary, "B"), (.secondary, "C")] {
            triple.setViewController(titled(title), for: column)
        }
        let other = UIWindowScene.offscreen(size: CGSize(width: 1400, height: 700), rootViewController: triple)
        _ = other.renderImage()
        #expect(triple.primaryColumnWidth == 280 && triple.supplementaryColumnWidth == 300)
    }

    /// At the accessibility text sizes the automatic column widths grow as body text does (28 / 17 at
    /// the first, up to the automatic maximum, half the width); widths the app sets do not; back at
    /// the default size they are as before.
    @Test func automaticWidthsGrowWithTheTextAtTheAccessibilitySizes() {
        let triple = UISplitViewController(style: .tripleColumn)
        for (column, title) in [(UISplitViewController.Column.primary, "A"), (.supplementary, "B"), (.secondary, "C")] {
            triple.setViewController(titled(title), for: column)
        }
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1400, height: 700), rootViewController: triple)
        _ = scene.renderImage()
        #expect(triple.primaryColumnWidth == 260 && triple.supplementaryColumnWidth == 320)
        scene.traitOverrides.preferredContentSizeCategory = .extraExtraExtraLarge
        _ = scene.renderImage()
        #expect(triple.primaryColumnWidth == 260 && triple.supplementaryColumnWidth == 320, "not below the accessibility sizes")
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityMedium
        _ = scene.renderImage()
        #expect(triple.primaryColumnWidth == (260 * 28 / 17).rounded() && triple.supplementaryColumnWidth == (320 * 28 / 17).rounded())
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        #expect(triple.primaryColumnWidth == 700 && triple.supplementaryColumnWidth == 700, "at most half the width")
        triple.preferredPrimaryColumnWidth = 300
        _ = scene.renderImage()
        #expect(triple.primaryColumnWidth == 300, "a width the app sets stays")
        triple.preferredPrimaryColumnWidth = UISplitViewController.automaticDimension
        scene.traitOverrides.preferredContentSizeCategory = .large
        _ = scene.renderImage()
        #expect(triple.primaryColumnWidth == 260 && triple.supplementaryColumnWidth == 320)
    }

    @Test func rightToLeftMirrorsTheColumns() throws {
        let split = UISplitViewController(style: .doubleColumn)
        let list = titled("List"), message = titled("Message")
        split.setViewController(list, for: .primary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        scene.traitOverrides.layoutDirection = .rightToLeft
        _ = scene.renderImage()
        #expect(try #require(list.parent).view.frame == CGRect(x: 680, y: 0, width: 320, height: 700))
        #expect(try #require(message.parent).view.frame == CGRect(x: 0, y: 0, width: 680, height: 700))
    }

    @Test func classicStyleCollapsesTheSecondaryOntoThePrimaryNavigationController() {
        let split = UISplitViewController(nibName: nil, bundle: nil)
        #expect(split.style == .unspecified)
        let list = titled("List"), message = titled("Message")
        let primary = UINavigationController(rootViewController: list)
        split.viewControllers = [primary, message]
        split.setViewController(titled("Ignored"), for: .primary)
        #expect(split.viewController(for: .primary) == nil, "column APIs do nothing in the classic style")
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        _ = scene.renderImage()
        #expect(split.viewControllers == [primary, message])
        #expect(message.parent === split, "classic columns are not wrapped")
        resize(scene, width: 500)
        #expect(split.isCollapsed && primary.viewControllers == [list, message])
        #expect(split.viewControllers == [primary])
        resize(scene, width: 1000)
        #expect(!split.isCollapsed && primary.viewControllers == [list])
        #expect(split.viewControllers == [primary, message] && message.view.window != nil)
    }

    @Test func classicStyleWithASecondaryNavigationControllerMovesItsStackAndBack() {
        let split = UISplitViewController(nibName: nil, bundle: nil)
        let list = titled("List"), message = titled("Message"), attachment = titled("Attachment")
        let primary = UINavigationController(rootViewController: list)
        let secondary = UINavigationController(rootViewController: message)
        split.viewControllers = [primary, secondary]
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        _ = scene.renderImage()
        resize(scene, width: 500)
        #expect(primary.viewControllers == [list, message] && secondary.viewControllers.isEmpty)
        primary.pushViewController(attachment, animated: false)
        resize(scene, width: 1000)
        #expect(primary.viewControllers == [list])
        #expect(split.viewControllers == [primary, secondary] && secondary.viewControllers == [message, attachment],
                "what was pushed while collapsed goes back with the secondary")
    }

    /// The override points a primary that is no navigation controller implements (UIKit's
    /// `collapseSecondaryViewController(_:for:)` and `separateSecondaryViewController(for:)`).
    @Test func aCustomPrimaryCollapsesAndSeparatesTheSecondaryItself() {
        final class Tabs: UIViewController {
            var held: UIViewController?
            override func collapseSecondaryViewController(_ secondaryViewController: UIViewController, for splitViewController: UISplitViewController) {
                held = secondaryViewController
            }
            override func separateSecondaryViewController(for splitViewController: UISplitViewController) -> UIViewController? {
                defer { held = nil }
                let replacement = UIViewController()
                replacement.title = "Separated from \(held?.title ?? "nothing")"
                return replacement
            }
        }
        let split = UISplitViewController(nibName: nil, bundle: nil)
        let primary = Tabs(), message = titled("Message")
        split.viewControllers = [primary, message]
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        _ = scene.renderImage()
        resize(scene, width: 500)
        #expect(primary.held === message && split.viewControllers == [primary])
        resize(scene, width: 1000)
        #expect(split.viewControllers.count == 2 && split.viewControllers[1].title == "Separated from Message")
        #expect(message.parent == nil && split.viewControllers[1].view.window != nil)
    }

    @Test func aRemovedSplitViewAndItsColumnsAreFreed() {
        weak var weakSplit: UISplitViewController?
        weak var weakMessage: UIViewController?
        weak var weakWrapper: UIViewController?
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: root)
        do {
            let split = UISplitViewController(style: .tripleColumn)
            let message = titled("Message")
            for (column, controller) in [(UISplitViewController.Column.primary, titled("A")), (.supplementary, titled("B")), (.secondary, message)] {
                split.setViewController(controller, for: column)
            }
            split.preferredSplitBehavior = .overlay
            root.addChild(split)
            root.view.addSubview(split.view)
            split.view.frame = root.view.bounds
            split.didMove(toParent: root)
            _ = scene.renderImage()
            split.show(.primary)
            resize(scene, width: 500)
            resize(scene, width: 1000)
            weakSplit = split
            weakMessage = message
            weakWrapper = message.parent
            split.willMove(toParent: nil)
            split.view.removeFromSuperview()
            split.removeFromParent()
        }
        settle(scene)
        #expect(weakSplit == nil && weakMessage == nil && weakWrapper == nil)
    }

    @Test func aColumnsConstraintsAreSolvedInTheFrameThatAddsIt() throws {
        let split = UISplitViewController(style: .doubleColumn)
        let list = titled("List"), message = titled("Message")
        let label = UILabel()
        label.text = "Pinned by constraints"
        label.translatesAutoresizingMaskIntoConstraints = false
        message.view.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: message.view.leadingAnchor, constant: 30),
            label.topAnchor.constraint(equalTo: message.view.safeAreaLayoutGuide.topAnchor, constant: 10),
        ])
        split.setViewController(list, for: .primary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        scene.keyWindow?.layoutIfNeeded()
        let origin = label.convert(CGPoint.zero, to: nil)
        #expect(origin.x == 350 && label.frame.width > 0, "laid out in the pass that added the column")
    }

    @Test func theDisplayModeButtonSitsInTheLeadingColumnsBarAndTogglesTheSidebar() throws {
        let split = UISplitViewController(style: .doubleColumn)
        let list = titled("List"), message = titled("Message")
        split.setViewController(list, for: .primary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        _ = scene.renderImage()
        let button = split.displayModeButtonItem
        #expect(list.navigationItem.leftBarButtonItems?.first === button, "the leading column shows it")
        #expect(message.navigationItem.leftBarButtonItems == nil)
        button.primaryAction?.perform(sender: button)
        #expect(split.displayMode == .secondaryOnly)
        settle(scene)
        #expect(message.navigationItem.leftBarButtonItems?.first === button && list.navigationItem.leftBarButtonItems == nil)
        button.primaryAction?.perform(sender: button)
        #expect(split.displayMode == .oneBesideSecondary)
        split.displayModeButtonVisibility = .never
        _ = scene.renderImage()
        #expect(list.navigationItem.leftBarButtonItems == nil && message.navigationItem.leftBarButtonItems == nil)
        split.displayModeButtonVisibility = .always
        split.presentsWithGesture = false
        _ = scene.renderImage()
        #expect(list.navigationItem.leftBarButtonItems?.first === button, "always: even without the gesture")
        resize(scene, width: 500)
        #expect(list.navigationItem.leftBarButtonItems == nil, "never while collapsed")
    }

    @Test func hiddenColumnsDisappearAndShownOnesAppear() throws {
        final class Logged: UIViewController {
            var log: [String] = []
            override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log.append("willAppear") }
            override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.append("didAppear") }
            override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log.append("willDisappear") }
            override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.append("didDisappear") }
        }
        let split = UISplitViewController(style: .doubleColumn)
        let list = Logged(), message = Logged()
        split.setViewController(list, for: .primary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        settle(scene)
        #expect(list.log == ["willAppear", "didAppear"] && message.log == ["willAppear", "didAppear"])
        split.hide(.primary)
        settle(scene)
        #expect(list.log.suffix(2) == ["willDisappear", "didDisappear"], "\(list.log)")
        #expect(message.log.count == 2, "the secondary stays")
        split.show(.primary)
        settle(scene)
        #expect(list.log.suffix(2) == ["willAppear", "didAppear"], "\(list.log)")
        resize(scene, width: 500)
        settle(scene)
        #expect(message.log.last == "didAppear", "collapsed, the message tops the one stack: \(message.log)")
        #expect(list.log.last == "didDisappear", "and covers the list: \(list.log)")
    }

    @Test func showDetailReplacesTheSecondaryAndShowPushesOnThePrimary() throws {
        let split = UISplitViewController(style: .doubleColumn)
        let list = titled("List"), message = titled("Message"), other = titled("Other"), third = titled("Third")
        split.setViewController(list, for: .primary)
        split.setViewController(message, for: .secondary)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        _ = scene.renderImage()
        // From inside a column: the navigation controller does not handle show-detail; the split view does.
        list.showDetailViewController(other, sender: nil)
        let secondary = try #require(other.navigationController)
        #expect(secondary.viewControllers == [other] && split.viewController(for: .secondary) === other)
        #expect(message.parent == nil)
        resize(scene, width: 500)
        let stack = try #require(list.navigationController)
        #expect(stack.viewControllers == [list, other])
        split.showDetailViewController(third, sender: nil)
        #expect(stack.viewControllers == [list, third], "collapsed: the detail on the stack is replaced")
        settle(scene)
        resize(scene, width: 1000)
        #expect(stack.viewControllers == [list] && third.navigationController?.viewControllers == [third])
        let pushed = titled("Pushed")
        split.show(pushed, sender: nil)
        #expect(stack.viewControllers == [list, pushed])

        let classic = UISplitViewController(nibName: nil, bundle: nil)
        let primary = UINavigationController(rootViewController: titled("Root"))
        classic.viewControllers = [primary, titled("Detail")]
        let detail = titled("New detail")
        classic.showDetailViewController(detail, sender: nil)
        #expect(classic.viewControllers == [primary, detail])
    }

    @Test func aSwipeFromTheLeadingEdgeShowsThePrimaryAndAClickOnTheDimmedSecondaryHidesIt() {
        let split = UISplitViewController(style: .doubleColumn)
        let delegate = RecordingSplitDelegate()
        split.delegate = delegate
        split.setViewController(titled("List"), for: .primary)
        split.setViewController(titled("Message"), for: .secondary)
        split.preferredSplitBehavior = .overlay
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: split)
        settle(scene)
        #expect(split.displayMode == .secondaryOnly)
        func swipe(from x: CGFloat, at time: TimeInterval) {
            scene.pointerPressed(at: CGPoint(x: x, y: 300), timestamp: time)
            for (step, dx) in [10, 30, 60, 100].enumerated() {
                scene.pointerMoved(to: CGPoint(x: x + CGFloat(dx), y: 302), timestamp: time + 0.02 * Double(step + 1))
            }
            scene.pointerReleased(at: CGPoint(x: x + 100, y: 302), timestamp: time + 0.1)
        }
        swipe(from: 300, at: 10)
        #expect(split.displayMode == .secondaryOnly, "a swipe away from the edge does nothing")
        swipe(from: 4, at: 11)
        #expect(split.displayMode == .oneOverSecondary)
        #expect(delegate.calls == ["willShow(primary)"], "the swipe is the split view's own change")
        settle(scene)
        scene.pointerPressed(at: CGPoint(x: 800, y: 400), timestamp: 12)
        scene.pointerReleased(at: CGPoint(x: 800, y: 400), timestamp: 12.05)
        #expect(split.displayMode == .secondaryOnly)
        #expect(delegate.calls == ["willShow(primary)", "willHide(primary)"])
        settle(scene)
        split.presentsWithGesture = false
        swipe(from: 4, at: 13)
        #expect(split.displayMode == .secondaryOnly, "no swipe without presentsWithGesture")
    }

    @Test func lookAtIt() throws {
        // Rendered for a person to look at (light, dark, right-to-left, compact); nothing to compare.
        let split = UISplitViewController(style: .tripleColumn)
        for (column, title, color) in [(UISplitViewController.Column.primary, "Mailboxes", UIColor.secondarySystemBackground), (.supplementary, "Inbox", .systemBackground), (.secondary, "Message", .systemBackground)] {
            let controller = titled(title, color)
            let label = UILabel()
            label.text = title
            label.frame = CGRect(x: 20, y: 20, width: 200, height: 30)
            controller.view.addSubview(label)
            split.setViewController(controller, for: column)
        }
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1200, height: 500), rootViewController: split)
        guard let folder = ProcessInfo.processInfo.environment["SPLIT_PNG"] else { return }
        try scene.renderImage().writePNG(to: folder + "/tile.png")
        scene.traitOverrides.userInterfaceStyle = .dark
        resize(scene, width: 900, height: 500)
        split.show(.primary)
        settle(scene)
        try scene.renderImage().writePNG(to: folder + "/displace-dark.png")
        scene.traitOverrides.layoutDirection = .rightToLeft
        split.show(.secondary)
        settle(scene)
        try scene.renderImage().writePNG(to: folder + "/rtl.png")
        resize(scene, width: 500, height: 500)
        try scene.renderImage().writePNG(to: folder + "/compact.png")
    }
}
