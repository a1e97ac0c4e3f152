import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A controller that records its containment (and, once they exist, appearance) calls in a shared log.
@MainActor
final class LoggingController: UIViewController {
    let name: String
    let log: NavigationLog
    init(_ name: String, log: NavigationLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }
    override func viewDidLoad() { view.backgroundColor = .systemBackground }
    override func willMove(toParent parent: UIViewController?) { super.willMove(toParent: parent); log.add("\(name).willMove(\(parent == nil ? "nil" : "nav"))") }
    override func didMove(toParent parent: UIViewController?) { super.didMove(toParent: parent); log.add("\(name).didMove(\(parent == nil ? "nil" : "nav"))") }
}

@MainActor
final class NavigationLog: UINavigationControllerDelegate {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func take() -> [String] { defer { entries = [] }; return entries }
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        add("willShow(\(viewController.title ?? "?"))")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        add("didShow(\(viewController.title ?? "?"))")
    }
}

@MainActor
struct UINavigationControllerTests {
    func makeScene(_ root: UIViewController, width: CGFloat = 800) -> UIWindowScene {
        let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: 600), rootViewController: root)
        _ = scene.renderImage()
        return scene
    }

    @Test func pushAndPopKeepTheStackAndTheChildren() {
        let log = NavigationLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let navigation = UINavigationController(rootViewController: a)
        #expect(navigation.viewControllers == [a] && a.parent === navigation && a.navigationController === navigation)
        let scene = makeScene(navigation)
        _ = log.take()
        navigation.pushViewController(b, animated: false)
        #expect(navigation.viewControllers == [a, b] && navigation.topViewController === b && navigation.visibleViewController === b)
        #expect(b.view.superview === navigation.contentView && a.viewIfLoaded?.superview == nil)
        #expect(log.take() == ["B.willMove(nav)", "B.didMove(nav)"])
        _ = scene.renderImage()
        #expect(navigation.popViewController(animated: false) === b)
        #expect(log.take() == ["B.willMove(nil)", "B.didMove(nil)"])
        #expect(navigation.viewControllers == [a] && b.parent == nil && a.view.superview === navigation.contentView)
        #expect(navigation.popViewController(animated: false) == nil, "nothing to pop at the root")
    }

    @Test func renders() throws {
        let a = UIViewController(), b = UIViewController()
        a.title = "Settings"
        b.title = "Show Previews"
        a.view.backgroundColor = .systemGroupedBackground
        b.view.backgroundColor = .systemGroupedBackground
        b.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done)
        b.navigationItem.leftItemsSupplementBackButton = true
        b.navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .add)
        let navigation = UINavigationController(rootViewController: a)
        let scene = makeScene(navigation)
        navigation.pushViewController(b, animated: false)
        try scene.renderImage().writePNG(to: "/tmp/navpng/push.png")
        scene.traitOverrides.userInterfaceStyle = .dark
        scene.traitOverrides.layoutDirection = .rightToLeft
        try scene.renderImage().writePNG(to: "/tmp/navpng/push-dark-rtl.png")
    }
}
