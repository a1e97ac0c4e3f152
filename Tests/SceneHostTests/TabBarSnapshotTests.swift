import Foundation
@_spi(Runtime) @testable import SceneHostCore
import SceneHostTesting
import Testing

/// A tab bar controller as it draws, against reference pictures: the bar at the bottom of a compact
/// window, the sidebar beside the content of a regular one and the bar floating at the top of a
/// regular one without a sidebar, in light and dark (the dark sidebar right to left), with a badge, a
/// group and a selected child.
@MainActor
struct TabBarSnapshotTests {
    func icon(_ shape: Int) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24)).image { context in
            let cg = context.cgContext
            cg.setFillColor(.black)
            switch shape {
            case 0: cg.fillEllipse(in: CGRect(x: 2, y: 2, width: 20, height: 20))
            case 1: cg.fill(CGRect(x: 3, y: 3, width: 18, height: 18))
            default:
                cg.beginPath()
                cg.move(to: CGPoint(x: 12, y: 2)); cg.addLine(to: CGPoint(x: 22, y: 22)); cg.addLine(to: CGPoint(x: 2, y: 22))
                cg.closePath()
                cg.fillPath()
            }
        }
    }

    func page(_ title: String) -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = .systemGroupedBackground
        let label = UILabel()
        label.text = title
        label.font = .preferredFont(forTextStyle: .title1)
        label.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: controller.view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: controller.view.centerYAnchor),
        ])
        return controller
    }

    func controller() -> UITabBarController {
        let inbox = UITab(title: "Inbox", image: icon(0), identifier: "inbox") { [self] _ in page("Inbox") }
        inbox.badgeValue = "12"
        return UITabBarController(tabs: [
            inbox,
            UITab(title: "Sent", image: icon(2), identifier: "sent") { [self] _ in page("Sent") },
            UITabGroup(title: "Folders", image: icon(1), identifier: "folders", children: [
                UITab(title: "Work", image: icon(1), identifier: "work") { [self] _ in page("Work") },
                UITab(title: "Travel", image: icon(2), identifier: "travel") { [self] _ in page("Travel") },
            ], viewControllerProvider: nil),
        ])
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theCompactBarDrawsAsIPadOSs(_ style: UIUserInterfaceStyle) {
        let tabs = controller()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 480, height: 320), rootViewController: tabs)
        scene.traitOverrides.userInterfaceStyle = style
        tabs.selectedTab = tabs.tab(forIdentifier: "sent")
        assertSnapshot(scene.renderImage(scale: 1), named: "tab-bar-\(style == .dark ? "dark" : "light")")
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theRegularSidebarDrawsAsIPadOSs(_ style: UIUserInterfaceStyle) {
        let tabs = controller()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 400), rootViewController: tabs)
        scene.traitOverrides.userInterfaceStyle = style
        if style == .dark { scene.traitOverrides.layoutDirection = .rightToLeft }
        tabs.selectedTab = tabs.tab(forIdentifier: "travel")
        assertSnapshot(scene.renderImage(scale: 1), named: "tab-sidebar-\(style == .dark ? "dark-rtl" : "light")")
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theFloatingBarDrawsAsIPadOSs(_ style: UIUserInterfaceStyle) {
        let tabs = controller()
        tabs.mode = .tabBar
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 200), rootViewController: tabs)
        scene.traitOverrides.userInterfaceStyle = style
        tabs.selectedTab = tabs.tab(forIdentifier: "sent")
        assertSnapshot(scene.renderImage(scale: 1), named: "tab-floating-\(style == .dark ? "dark" : "light")")
    }
}
