import Foundation
import SceneHostTesting

/// A small app for runtime tests: one scene whose delegate records every geometry update with the
/// previous and the new geometry.
@MainActor
final class TestAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Test", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = TestSceneDelegate.self
        return configuration
    }
}

@MainActor
final class TestSceneDelegate: UIResponder, UIWindowSceneDelegate {
    /// (previous, current) for every `windowScene(_:didUpdateEffectiveGeometry:)`, across all scenes.
    static var updates: [(previous: CGRect, current: CGRect)] = []
    /// Every lifecycle callback, as "N callback" where N numbers the scenes in the order they connected.
    static var lifecycle: [String] = []
    private static var connected = 0
    static func resetLifecycle() {
        lifecycle = []
        connected = 0
    }
    /// The callbacks of scene `number` alone, in order.
    static func lifecycle(of number: Int) -> [String] {
        lifecycle.compactMap { entry in entry.hasPrefix("\(number) ") ? String(entry.dropFirst("\(number) ".count)) : nil }
    }
    private var number = 0
    private func log(_ callback: String) { Self.lifecycle.append("\(number) \(callback)") }
    static let minimumSize = CGSize(width: 300, height: 200)

    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        windowScene.title = "Test"
        windowScene.sizeRestrictions?.minimumSize = Self.minimumSize
        let window = UIWindow(windowScene: windowScene)
        let controller = UIViewController()
        controller.view.backgroundColor = .systemTeal
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
        Self.connected += 1
        number = Self.connected
        log("willConnect")
    }

    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {
        Self.updates.append((previousEffectiveGeometry.systemFrame, windowScene.effectiveGeometry.systemFrame))
    }

    func sceneWillEnterForeground(_ scene: UIScene) { log("willEnterForeground") }
    func sceneDidBecomeActive(_ scene: UIScene) { log("didBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { log("willResignActive") }
    func sceneDidEnterBackground(_ scene: UIScene) { log("didEnterBackground") }
    func sceneDidDisconnect(_ scene: UIScene) { log("didDisconnect") }
}
