import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Logs the delegate calls; refuses the tabs named in `refused`.
@MainActor
final class TabDelegateLog: UITabBarControllerDelegate {
    var calls: [String] = []
    var refused: Set<String> = []
    func tabBarController(_ tabBarController: UITabBarController, shouldSelectTab tab: UITab) -> Bool {
        calls.append("should \(tab.identifier)")
        return !refused.contains(tab.identifier)
    }
    func tabBarController(_ tabBarController: UITabBarController, didSelectTab selectedTab: UITab, previousTab: UITab?) {
        calls.append("did \(selectedTab.identifier) from \(previousTab?.identifier ?? "nil")")
    }
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        calls.append("should \(viewController.title ?? "?")")
        return !refused.contains(viewController.title ?? "")
    }
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        calls.append("did \(viewController.title ?? "?")")
    }
}

@MainActor
struct UITabBarControllerTests {
    /// The centre of `view` in window coordinates.
    func centre(of view: UIView) -> CGPoint { view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil) }

    @Test func rawValuesAreUIKits() {
        #expect(UITabBarController.Mode.automatic.rawValue == 0)
        #expect(UITabBarController.Mode.tabBar.rawValue == 1)
        #expect(UITabBarController.Mode.tabSidebar.rawValue == 2)
        #expect([UITab.Placement.automatic, .default, .optional, .movable, .pinned, .fixed, .sidebarOnly].map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6])
    }

    @Test func aTabMakesItsControllerLazilyAndOnce() throws {
        let fixture = TabFixture()
        let controller = UITabBarController(tabs: fixture.tabs)
        #expect(fixture.made.isEmpty, "nothing is made before the controller shows")
        #expect(controller.selectedTab?.identifier == "Inbox", "the first tab is selected")
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        #expect(fixture.made == ["Inbox"], "only the selected tab's controller is made")
        let drafts = try #require(controller.tab(forIdentifier: "Drafts"))
        controller.selectedTab = drafts
        controller.selectedTab = controller.tab(forIdentifier: "Inbox")
        controller.selectedTab = drafts
        #expect(fixture.made == ["Inbox", "Drafts"], "each controller is made once")
        #expect(drafts.viewController === controller.selectedViewController)
        #expect(controller.children.count == 2 && controller.children.allSatisfy { $0.parent === controller })
        #expect(drafts.viewController?.tabBarController === controller)
        #expect(drafts.tabBarController === controller)
        #expect(fixture.made == ["Inbox", "Drafts"])
    }

    @Test func selectionThroughTheAPIReachesIntoGroupsAndCallsNoDelegate() throws {
        let fixture = TabFixture()
        let delegate = TabDelegateLog()
        let controller = UITabBarController(tabs: fixture.tabs)
        controller.delegate = delegate
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 600), rootViewController: controller)
        let folders = try #require(controller.tab(forIdentifier: "Folders") as? UITabGroup)
        folders.defaultChildIdentifier = "Travel"
        controller.selectedTab = folders
        #expect(controller.selectedTab?.identifier == "Travel", "a group selects its default child")
        #expect(folders.selectedChild?.identifier == "Travel")
        #expect(controller.selectedIndex == 3, "the index of the root tab")
        scene.layoutIfNeeded()
        let travel = try #require(controller.tab(forIdentifier: "Travel"))
        #expect(travel.parent === folders && travel.tabBarController === controller)
        #expect(controller.selectedViewController === travel.viewController, "a group without a provider shows its child's")
        #expect(travel.viewController?.viewIfLoaded?.window != nil)

        controller.selectedTab = controller.tab(forIdentifier: "Work")
        #expect(folders.selectedChild?.identifier == "Work")
        controller.selectedIndex = 1
        #expect(controller.selectedTab?.identifier == "Drafts")
        controller.selectedTab = folders
        #expect(controller.selectedTab?.identifier == "Work", "a group remembers its selected child")
        controller.selectedViewController = controller.tab(forIdentifier: "Drafts")?.viewController
        #expect(controller.selectedIndex == 1)
        #expect(delegate.calls.isEmpty, "the delegate hears of the user's selections only")
        #expect(controller.tab(forIdentifier: "Nowhere") == nil)
    }

    @Test func aClickOnTheBarAsksAndTellsTheDelegate() throws {
        let fixture = TabFixture()
        let delegate = TabDelegateLog()
        delegate.refused = ["Sent"]
        let controller = UITabBarController(tabs: fixture.tabs)
        controller.delegate = delegate
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        let items = controller.tabBar.itemViews
        #expect(items.map(\.title) == ["Inbox", "Drafts", "Sent", "Folders"])
        scene.click(at: centre(of: items[1]))
        #expect(controller.selectedTab?.identifier == "Drafts")
        #expect(delegate.calls == ["should Drafts", "did Drafts from Inbox"])
        scene.click(at: centre(of: items[2]))
        #expect(controller.selectedTab?.identifier == "Drafts", "the delegate refused Sent")
        scene.click(at: centre(of: items[3]))
        #expect(delegate.calls == ["should Drafts", "did Drafts from Inbox", "should Sent", "should Folders", "did Work from Drafts"])
        #expect(controller.selectedTab?.identifier == "Work")
        #expect(controller.tabBar.selectedItem === controller.tabBar.items?[3], "the group's item is selected")
    }

    @Test func compactShowsABarAndRegularASidebarWithTheSelectionKept() throws {
        let fixture = TabFixture()
        let delegate = TabDelegateLog()
        let controller = UITabBarController(tabs: fixture.tabs)
        controller.delegate = delegate
        let scene = UIWindowScene.offscreen(size: CGSize(width: 677, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        #expect(controller.traitCollection.horizontalSizeClass == .compact)
        #expect(!controller.tabBar.isHidden && controller.sidebarView.isHidden)
        #expect(controller.tabBar.frame.maxY == 600 && controller.tabBar.frame.width == 677)
        controller.selectedTab = controller.tab(forIdentifier: "Travel")
        let travel = try #require(controller.selectedViewController)
        #expect(travel.view.frame.height == 600 - controller.tabBar.frame.height, "the content sits above the bar")

        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 678, height: 600))
        _ = scene.renderImage()
        #expect(controller.traitCollection.horizontalSizeClass == .regular)
        #expect(controller.tabBar.isHidden && !controller.sidebarView.isHidden)
        #expect(controller.selectedTab?.identifier == "Travel" && controller.selectedViewController === travel)
        let rows = controller.sidebarView.rowViews
        #expect(controller.sidebarView.rowTabs.map(\.identifier) == ["Inbox", "Drafts", "Sent", "Work", "Travel"],
                "root tabs first, then the group's children")
        #expect(rows.map(\.isSelected) == [false, false, false, false, true])
        #expect(travel.view.convert(travel.view.bounds, to: nil).minX == controller.sidebarView.frame.maxX, "beside the sidebar")

        // A click on a sidebar row selects it.
        scene.click(at: centre(of: rows[1]))
        #expect(controller.selectedTab?.identifier == "Drafts")
        #expect(delegate.calls == ["should Drafts", "did Drafts from Travel"])

        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 677, height: 600))
        _ = scene.renderImage()
        #expect(!controller.tabBar.isHidden && controller.sidebarView.isHidden)
        #expect(controller.selectedTab?.identifier == "Drafts")
        #expect(controller.tabBar.selectedItem === controller.tabBar.items?[1])
    }

    @Test func aRegularWidthWithoutGroupsFloatsTheBarAtTheTop() {
        let fixture = TabFixture()
        let controller = UITabBarController(tabs: Array(fixture.tabs.prefix(3)))
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        #expect(controller.mode == .automatic && controller.effectiveMode == .tabBar)
        #expect(controller.sidebarView.isHidden && !controller.tabBar.isHidden)
        #expect(controller.tabBar.isFloating && controller.tabBar.frame.minY == 8)
        #expect(abs(controller.tabBar.frame.midX - 500) <= 1, "centred")
        controller.mode = .tabSidebar
        _ = scene.renderImage()
        #expect(!controller.sidebarView.isHidden && controller.tabBar.isHidden)
        controller.sidebar.isHidden = true
        _ = scene.renderImage()
        #expect(controller.sidebarView.isHidden && controller.tabBar.isFloating && !controller.tabBar.isHidden)
    }

    /// UIKit's tab bar keeps its size at every text size (the Large Content Viewer enlarges a
    /// long-pressed item instead); titles that do not fit beside their images go below them; the
    /// sidebar, a list, grows with the text size.
    @Test func theBarKeepsItsSizeAtEveryTextSizeAndStacksTitlesThatDoNotFitBeside() {
        let fixture = TabFixture()
        let controller = UITabBarController(tabs: fixture.tabs)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 600, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        let bar = controller.tabBar
        #expect(bar.frame.height == 50)
        #expect(bar.itemViews.allSatisfy { $0.style == .inline }, "150 points an item: images beside titles")
        let inlineFrames = bar.itemViews.map { [$0.iconView.frame, $0.titleLabel.frame] }
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        #expect(bar.frame.height == 50 && controller.selectedViewController?.view.frame.maxY == bar.frame.minY)
        #expect(bar.itemViews.allSatisfy { $0.style == .inline && $0.titleLabel.font.pointSize == 15 })
        #expect(bar.itemViews.map { [$0.iconView.frame, $0.titleLabel.frame] } == inlineFrames, "images and titles where they were")
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 360, height: 600))
        _ = scene.renderImage()
        #expect(bar.itemViews.allSatisfy { $0.style == .stacked }, "90 points an item: titles below the images")
        let stacked = bar.frame.height
        #expect(bar.itemViews.allSatisfy { $0.titleLabel.font.pointSize == 12 && $0.iconView.frame.width == 24 })
        scene.traitOverrides.preferredContentSizeCategory = .large
        _ = scene.renderImage()
        #expect(bar.frame.height == stacked && stacked <= 56, "\(stacked) → \(bar.frame.height)")
        // The floating bar at the top of a regular width keeps its capsule's height too.
        controller.mode = .tabBar
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 1000, height: 600))
        _ = scene.renderImage()
        let floating = bar.frame.size
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        #expect(bar.isFloating && bar.frame.size == floating, "\(floating) → \(bar.frame.size)")
        // The sidebar's rows grow.
        controller.mode = .tabSidebar
        _ = scene.renderImage()
        let rows = controller.sidebarView.rowViews
        #expect(!rows.isEmpty && rows.allSatisfy { $0.titleLabel.font.pointSize == 53 }, "\(rows.map(\.titleLabel.font.pointSize))")
    }

    @Test func compactTabIdentifiersFilterTheCompactBar() {
        let fixture = TabFixture()
        let controller = UITabBarController(tabs: fixture.tabs)
        controller.compactTabIdentifiers = ["Inbox", "Folders"]
        controller.tab(forIdentifier: "Inbox")?.badgeValue = "7"
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        #expect(controller.tabBar.items?.map(\.title) == ["Inbox", "Folders"])
        #expect(controller.tabBar.items?.first?.badgeValue == "7")
        controller.tab(forIdentifier: "Inbox")?.title = "All Inboxes"
        controller.tab(forIdentifier: "Inbox")?.badgeValue = nil
        _ = scene.renderImage()
        #expect(controller.tabBar.items?.map(\.title) == ["All Inboxes", "Folders"], "a tab's changes show at the next frame")
        #expect(controller.tabBar.itemViews.first?.badgeLabel.isHidden == true)
        controller.mode = .tabBar
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 1000, height: 600))
        _ = scene.renderImage()
        #expect(controller.tabBar.items?.map(\.title) == ["All Inboxes", "Drafts", "Sent", "Folders"], "all tabs in a regular width")
        controller.tab(forIdentifier: "Sent")?.isHidden = true
        controller.tab(forIdentifier: "Drafts")?.preferredPlacement = .sidebarOnly
        _ = scene.renderImage()
        #expect(controller.tabBar.items?.map(\.title) == ["All Inboxes", "Folders"], "hidden and sidebar-only tabs leave the bar")
    }

    @Test func switchingTabsMakesTheOldDisappearAndTheNewAppearInUIKitsOrder() throws {
        let fixture = TabFixture()
        let controller = UITabBarController(tabs: fixture.tabs)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        #expect(fixture.log == ["Inbox.willAppear", "Inbox.didAppear"])
        fixture.log = []
        controller.selectedTab = controller.tab(forIdentifier: "Drafts")
        #expect(fixture.log == ["Inbox.willDisappear", "Drafts.willAppear", "Inbox.didDisappear"])
        _ = scene.renderImage()
        #expect(fixture.log == ["Inbox.willDisappear", "Drafts.willAppear", "Inbox.didDisappear", "Drafts.didAppear"],
                "viewDidAppear once the frame that shows it is drawn")
        fixture.log = []
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 1000, height: 600))
        _ = scene.renderImage()
        #expect(fixture.log.isEmpty, "a size-class change calls no appearance methods")
        let inbox = try #require(controller.tab(forIdentifier: "Inbox")?.viewController)
        #expect(inbox.viewIfLoaded?.window == nil, "only the selected tab's view is in the window")
    }

    @Test func theTabBarControllerForwardsItsOwnAppearanceToTheSelectedTabOnly() throws {
        let fixture = TabFixture()
        let controller = UITabBarController(tabs: fixture.tabs)
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 600), rootViewController: root)
        root.addChild(controller)
        root.view.addSubview(controller.view)
        controller.didMove(toParent: root)
        _ = scene.renderImage()
        #expect(fixture.log == ["Inbox.willAppear", "Inbox.didAppear"])
        fixture.log = []
        controller.willMove(toParent: nil)
        controller.view.removeFromSuperview()
        controller.removeFromParent()
        #expect(fixture.log == ["Inbox.willDisappear", "Inbox.didDisappear"])
    }

    @Test func aRemovedTabBarControllerAndItsTabsControllersAreFreed() throws {
        weak var gone: UITabBarController?
        weak var inbox: UIViewController?
        weak var travel: UIViewController?
        weak var removed: UIViewController?
        let scene: UIWindowScene
        do {
            let fixture = TabFixture()
            let controller = UITabBarController(tabs: fixture.tabs)
            gone = controller
            scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 600), rootViewController: controller)
            _ = scene.renderImage()
            scene.click(at: centre(of: controller.sidebarView.rowViews[4]))
            _ = scene.renderImage()
            scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 500, height: 600))
            _ = scene.renderImage()
            controller.selectedTab = controller.tab(forIdentifier: "Sent")
            _ = scene.renderImage()
            inbox = controller.tab(forIdentifier: "Inbox")?.viewController
            travel = controller.tab(forIdentifier: "Travel")?.viewController
            removed = controller.tab(forIdentifier: "Sent")?.viewController
            #expect(travel != nil && inbox != nil && removed != nil)

            controller.setTabs(Array(fixture.tabs.prefix(2)) + [fixture.tabs[3]], animated: false)
            #expect(controller.selectedTab?.identifier == "Inbox", "the selected tab went: the first is selected")
            #expect(removed?.parent == nil && removed?.viewIfLoaded?.window == nil)
            fixture.tabs = []
            _ = scene.renderImage()
            #expect(removed == nil, "a removed tab's controller is freed with its tab")
            #expect(gone != nil && inbox != nil, "the rest live on with the controller")
            scene.windows[0].rootViewController = UIViewController()
            _ = scene.renderImage()
        }
        #expect(gone == nil && inbox == nil && travel == nil)
    }

    @Test func theClassicAPIShowsViewControllersWithTheirTabBarItems() throws {
        let delegate = TabDelegateLog()
        let first = AppearanceLogController("First")
        let second = AppearanceLogController("Second")
        second.tabBarItem = UITabBarItem(title: "Second item", image: tabIcon(2), tag: 2)
        second.tabBarItem.badgeValue = "1"
        let controller = UITabBarController()
        controller.delegate = delegate
        controller.viewControllers = [first, second]
        #expect(controller.children.count == 2, "every view controller is a child at once")
        #expect(controller.selectedIndex == 0 && controller.selectedViewController === first)
        #expect(controller.tabs.isEmpty && controller.selectedTab == nil)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        #expect(controller.tabBar.items?.map(\.title) == ["First", "Second item"])
        #expect(controller.tabBar.items?[1] === second.tabBarItem)
        scene.click(at: centre(of: controller.tabBar.itemViews[1]))
        #expect(controller.selectedViewController === second && controller.selectedIndex == 1)
        #expect(delegate.calls == ["should Second", "did Second"])
        controller.selectedIndex = 0
        #expect(controller.selectedViewController === first)
        controller.setViewControllers([second], animated: false)
        #expect(first.parent == nil && controller.children.count == 1)
        #expect(controller.selectedViewController === second)
        #expect(first.viewIfLoaded?.window == nil)

        // Tabs replace the view controllers, which leave.
        let tab = UITab(title: "Tab", image: nil, identifier: "tab") { _ in AppearanceLogController("Tab") }
        controller.setTabs([tab], animated: false)
        #expect(second.parent == nil && second.viewIfLoaded?.window == nil)
        #expect(controller.selectedTab === tab && controller.children.count == 1)
        #expect(controller.tabs.count == 1)
    }

    @Test func aManagingNavigationControllerStacksThePathToTheSelectedTab() throws {
        final class StackDelegate: UITabBarControllerDelegate {
            var dropGroup = false
            var asked: [String] = []
            func tabBarController(_ tabBarController: UITabBarController, displayedViewControllersFor tab: UITab,
                                  proposedViewControllers: [UIViewController]) -> [UIViewController] {
                asked.append(tab.identifier)
                return dropGroup ? Array(proposedViewControllers.dropFirst()) : proposedViewControllers
            }
        }
        weak var freedNavigation: UINavigationController?
        weak var freedTravel: UIViewController?
        do {
            let fixture = TabFixture()
            let work = fixture.tab("Work", 0, .systemTeal), travel = fixture.tab("Travel", 2, .systemRed)
            let folders = UITabGroup(title: "Folders", image: tabIcon(1), identifier: "Folders", children: [work, travel]) { _ in
                AppearanceLogController("Folders")
            }
            let navigation = UINavigationController()
            folders.managingNavigationController = navigation
            let delegate = StackDelegate()
            let controller = UITabBarController(tabs: [fixture.tabs[0], folders])
            controller.delegate = delegate
            let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 600), rootViewController: controller)
            _ = scene.renderImage()
            #expect(fixture.made == ["Inbox"], "nothing in the group is made before it is selected")

            controller.selectedTab = travel
            _ = scene.renderImage()
            let group = try #require(folders.viewController), travelController = try #require(travel.viewController)
            #expect(controller.selectedViewController === navigation && navigation.parent === controller)
            #expect(navigation.viewControllers.elementsEqual([group, travelController], by: ===))
            #expect(travelController.tabBarController === controller && travelController.navigationController === navigation)
            #expect(navigation.view.window != nil && travelController.view.window != nil)
            #expect(fixture.made == ["Inbox", "Travel"], "Work is not made")

            delegate.dropGroup = true
            scene.click(at: centre(of: controller.sidebarView.rowViews[1]))
            _ = scene.renderImage()
            #expect(controller.selectedTab === work)
            #expect(navigation.viewControllers.elementsEqual([work.viewController!], by: ===), "the delegate's stack")
            #expect(delegate.asked == ["Travel", "Work"])
            #expect(travelController.parent == nil, "the old stack's controllers leave it")

            controller.selectedIndex = 0
            _ = scene.renderImage()
            #expect(navigation.viewIfLoaded?.window == nil && controller.selectedViewController === fixture.tabs[0].viewController)
            freedNavigation = navigation
            freedTravel = travelController
            controller.setTabs([fixture.tabs[0]], animated: false)
            #expect(navigation.parent == nil, "a removed group's navigation controller leaves the tab bar controller")
        }
        #expect(freedNavigation == nil && freedTravel == nil)
    }

    @Test func goingBackInAManagingNavigationControllerSelectsTheTabOnTop() throws {
        let fixture = TabFixture()
        let work = fixture.tab("Work", 0, .systemTeal), travel = fixture.tab("Travel", 2, .systemRed)
        let folders = UITabGroup(title: "Folders", image: tabIcon(1), identifier: "Folders", children: [work, travel]) { _ in
            AppearanceLogController("Folders")
        }
        let navigation = UINavigationController()
        folders.managingNavigationController = navigation
        let delegate = TabDelegateLog()
        let controller = UITabBarController(tabs: [fixture.tabs[0], folders])
        controller.delegate = delegate
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 600), rootViewController: controller)
        controller.selectedTab = travel
        _ = scene.renderImage()
        #expect(navigation.viewControllers.count == 2)
        navigation.popViewController(animated: false)
        _ = scene.renderImage()
        #expect(controller.selectedTab === folders && navigation.viewControllers == [folders.viewController!])
        let sidebar = controller.sidebarView
        #expect(!zip(sidebar.rowViews, sidebar.rowTabs).contains { $0.isSelected && $1 === travel }, "the sidebar follows")
        #expect(delegate.calls.isEmpty, "the delegate hears of the user's clicks and keys only")
    }

    @Test func aPushedControllerThatHidesTheBottomBarHidesTheCompactTabBar() throws {
        let root = UIViewController(), pushed = UIViewController()
        pushed.hidesBottomBarWhenPushed = true
        let navigation = UINavigationController(rootViewController: root)
        let controller = UITabBarController(tabs: [UITab(title: "Home", image: tabIcon(0), identifier: "Home") { _ in navigation }])
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        #expect(!controller.tabBar.isHidden && navigation.view.frame.height < 600)
        navigation.pushViewController(pushed, animated: false)
        _ = scene.renderImage()
        #expect(controller.tabBar.isHidden && navigation.view.frame.height == 600, "the content takes the bar's place")
        navigation.popViewController(animated: false)
        _ = scene.renderImage()
        #expect(!controller.tabBar.isHidden && navigation.view.frame.height < 600)
    }

    @Test func disabledTabsIgnoreClicksAndAHiddenSelectedTabStaysSelected() throws {
        let fixture = TabFixture()
        let delegate = TabDelegateLog()
        let controller = UITabBarController(tabs: fixture.tabs)
        controller.delegate = delegate
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 600), rootViewController: controller)
        controller.tab(forIdentifier: "Drafts")?.isEnabled = false
        _ = scene.renderImage()
        scene.click(at: centre(of: controller.tabBar.itemViews[1]))
        #expect(controller.selectedTab?.identifier == "Inbox" && delegate.calls.isEmpty, "a disabled tab is not selectable")
        #expect(controller.tabBar.itemViews[1].alpha < 1, "and is drawn dimmed")

        controller.tab(forIdentifier: "Inbox")?.isHidden = true
        _ = scene.renderImage()
        #expect(controller.tabBar.items?.map(\.title) == ["Drafts", "Sent", "Folders"])
        #expect(controller.selectedTab?.identifier == "Inbox" && controller.tabBar.selectedItem == nil,
                "a hidden selected tab stays selected; no item is highlighted")
        let hidden = UITab(title: "Later", image: nil, identifier: "Later", viewControllerProvider: nil)
        hidden.isHiddenByDefault = true
        #expect(hidden.isHidden)
    }

    @Test func theTabKeyFocusesTheSidebar() {
        let fixture = TabFixture()
        let controller = UITabBarController(tabs: fixture.tabs)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        scene.handleKeyPress("\t", modifierFlags: [])
        #expect(scene.focusSystem?.focusedItem === controller.sidebarView)
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        #expect(controller.selectedTab?.identifier == "Drafts")
    }

    @Test func arrowKeysMoveTheSelectionInAFocusedSidebar() throws {
        let fixture = TabFixture()
        let delegate = TabDelegateLog()
        let controller = UITabBarController(tabs: fixture.tabs)
        controller.delegate = delegate
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 600), rootViewController: controller)
        _ = scene.renderImage()
        scene.click(at: centre(of: controller.sidebarView.rowViews[2]))
        #expect(controller.selectedTab?.identifier == "Sent")
        #expect(scene.focusSystem?.focusedItem === controller.sidebarView, "a click gives the sidebar focus")
        #expect(scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: []))
        #expect(controller.selectedTab?.identifier == "Work")
        scene.handleKeyPress(UIKeyCommand.inputUpArrow, modifierFlags: [])
        scene.handleKeyPress(UIKeyCommand.inputUpArrow, modifierFlags: [])
        #expect(controller.selectedTab?.identifier == "Drafts")
        #expect(delegate.calls.last == "did Drafts from Sent")
    }
}
