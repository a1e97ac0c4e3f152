import Foundation
@_spi(Runtime) @testable import SceneHostCore
@_spi(Testing) import SceneHost
import SceneHostTesting
import Testing

extension SceneWindowTests {
    /// A tab bar controller in a real window: a click on the bar selects a tab, and dragging the
    /// window's corner across 678 points turns the bar into a sidebar and back, the selection kept.
    @Test func aTabBarControllerSwitchesOnAClickAndBecomesASidebarWhenDraggedWide() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let window = try #require(app.window(of: scene))
        func page(_ name: String) -> UIViewController {
            let controller = UIViewController()
            controller.title = name
            return controller
        }
        let group = UITabGroup(title: "Folders", image: nil, identifier: "folders", children: [
            UITab(title: "Work", image: nil, identifier: "work") { _ in page("Work") },
        ], viewControllerProvider: nil)
        let tabs = UITabBarController(tabs: [
            UITab(title: "Inbox", image: nil, identifier: "inbox") { _ in page("Inbox") },
            UITab(title: "Sent", image: nil, identifier: "sent") { _ in page("Sent") },
            group,
        ])
        scene.keyWindow?.rootViewController = tabs
        let other = try app.virtualDisplay.connect()
        other.activate(window, source: 2)
        #expect(await app.run(until: { scene.activationState == .foregroundActive }))
        await app.run(for: 0.3)
        let input = try SyntheticInput(display: other)
        let scale = scene.traitCollection.displayScale

        // Make the window compact first, if it is not.
        let grip = try #require(input.cornerGrip(of: window, windowManager: .openbox))
        var width = scene.effectiveGeometry.coordinateSpace.bounds.width
        if width >= 678 {
            await input.drag(grip, by: (Int((600 - width) * scale), 0), steps: 10) { await app.run(for: 0.02) }
            #expect(await app.run(until: { scene.traitCollection.horizontalSizeClass == .compact }))
        }
        await app.run(for: 0.2)
        #expect(!tabs.tabBar.isHidden && tabs.sidebarView.isHidden)

        let sent = tabs.tabBar.itemViews[1]
        let centre = sent.convert(CGPoint(x: sent.bounds.midX, y: sent.bounds.midY), to: nil)
        input.click(at: try #require(input.rootPoint((Int(centre.x * scale), Int(centre.y * scale)), in: window)))
        #expect(await app.run(until: { tabs.selectedTab?.identifier == "sent" }), "the click selected Sent")

        width = scene.effectiveGeometry.coordinateSpace.bounds.width
        let wideGrip = try #require(input.cornerGrip(of: window, windowManager: .openbox))
        await input.drag(wideGrip, by: (Int((760 - width) * scale), 0), steps: 10) { await app.run(for: 0.02) }
        #expect(await app.run(until: { scene.traitCollection.horizontalSizeClass == .regular && !tabs.sidebarView.isHidden }))
        #expect(tabs.tabBar.isHidden && tabs.selectedTab?.identifier == "sent")
        #expect(tabs.sidebarView.rowViews.map(\.isSelected) == [false, true, false])
        #expect(tabs.selectedViewController?.view.window != nil)

        width = scene.effectiveGeometry.coordinateSpace.bounds.width
        let backGrip = try #require(input.cornerGrip(of: window, windowManager: .openbox))
        await input.drag(backGrip, by: (Int((620 - width) * scale), 0), steps: 10) { await app.run(for: 0.02) }
        #expect(await app.run(until: { scene.traitCollection.horizontalSizeClass == .compact && !tabs.tabBar.isHidden }))
        #expect(tabs.sidebarView.isHidden && tabs.tabBar.selectedItem === tabs.tabBar.items?[1], "Sent is still selected")
    }
}
