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

    /// The identifiers of every session the app was told was discarded, across all launches.
    static var discarded: [String] = []
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        Self.discarded += sceneSessions.map(\.persistentIdentifier)
    }
}

@MainActor
final class TestSceneDelegate: UIResponder, UIWindowSceneDelegate {
    /// (previous, current) for every `windowScene(_:didUpdateEffectiveGeometry:)`, across all scenes.
    static var updates: [(previous: CGRect, current: CGRect, wasInteractive: Bool, isInteractive: Bool)] = []
    /// `viewWillTransition(to:with:)` sizes and when the coordinator's blocks ran, across all scenes.
    static var transitions: [String] = []
    /// Every lifecycle callback, as "N callback" where N numbers the scenes in the order they connected.
    static var lifecycle: [String] = []
    private static var connected = 0
    static func resetLifecycle() {
        lifecycle = []
        connected = 0
        connectedInstances = []
        activityAtConnect = []
        restoredNotes = []
    }
    /// The callbacks of the `number`th scene connected since the last reset, in order. (Scenes of an
    /// app from an earlier test may still be going away; they are told apart by instance.)
    static func lifecycle(of number: Int) -> [String] {
        guard number >= 1, number <= connectedInstances.count else { return [] }
        let prefix = "#\(connectedInstances[number - 1]) "
        return lifecycle.compactMap { entry in entry.hasPrefix(prefix) ? String(entry.dropFirst(prefix.count)) : nil }
    }
    private static var instances = 0
    private static var connectedInstances: [Int] = []
    private let instance: Int = { TestSceneDelegate.instances += 1; return TestSceneDelegate.instances }()
    private var number = 0
    private func log(_ callback: String) { Self.lifecycle.append("#\(instance) \(callback)") }
    static let minimumSize = CGSize(width: 300, height: 200)

    var window: UIWindow?
    /// State the scene saves in its restoration activity.
    var note: String?
    /// Per connection: whether the session had its restoration activity before `willConnect`, and what
    /// `scene(_:restoreInteractionStateWith:)` received.
    static var activityAtConnect: [Bool] = []
    static var restoredNotes: [String] = []

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        windowScene.title = "Test"
        windowScene.sizeRestrictions?.minimumSize = Self.minimumSize
        let window = UIWindow(windowScene: windowScene)
        let controller = TransitionLoggingController()
        controller.view.backgroundColor = .systemTeal
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
        Self.activityAtConnect.append(session.stateRestorationActivity != nil)
        Self.connected += 1
        number = Self.connected
        Self.connectedInstances.append(instance)
        log("willConnect")
    }

    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {
        Self.updates.append((previousEffectiveGeometry.systemFrame, windowScene.effectiveGeometry.systemFrame,
                             previousEffectiveGeometry.isInteractivelyResizing, windowScene.effectiveGeometry.isInteractivelyResizing))
    }

    func sceneWillEnterForeground(_ scene: UIScene) { log("willEnterForeground") }
    func sceneDidBecomeActive(_ scene: UIScene) { log("didBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { log("willResignActive") }
    func sceneDidEnterBackground(_ scene: UIScene) { log("didEnterBackground") }
    func sceneDidDisconnect(_ scene: UIScene) { log("didDisconnect") }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        guard let note else { return nil }
        let activity = NSUserActivity(activityType: "org.scenehost.tests.note")
        activity.title = "Note \(note)"
        activity.userInfo = ["note": note, "numbers": [1, 2, 3]]
        return activity
    }

    /// The activity types `scene(_:continue:)` received, across all scenes.
    static var continued: [String] = []
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { Self.continued.append(userActivity.activityType) }

    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {
        note = stateRestorationActivity.userInfo?["note"] as? String
        Self.restoredNotes.append(note ?? "?")
    }
}

/// Logs `viewWillTransition(to:with:)` and when its coordinator's blocks run; its supported
/// orientations and the controller deciding the orientation lock can be set.
@MainActor
final class TransitionLoggingController: UIViewController {
    var supported: UIInterfaceOrientationMask = .all
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { supported }
    var lockChild: UIViewController?
    override var childForInterfaceOrientationLock: UIViewController? { lockChild }

    override func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.willTransition(to: newCollection, with: coordinator)
        TestSceneDelegate.transitions.append("traits \(newCollection.horizontalSizeClass)/\(newCollection.verticalSizeClass)")
    }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        TestSceneDelegate.transitions.append("will \(Int(size.width))x\(Int(size.height)) (view \(Int(view.bounds.width)))")
        coordinator.animate(alongsideTransition: { [weak self] _ in
            TestSceneDelegate.transitions.append("alongside (view \(Int(self?.view.bounds.width ?? 0)))")
        }, completion: { _ in TestSceneDelegate.transitions.append("completion") })
    }
}

/// A container whose orientation-lock preference comes from a child, or from itself.
@MainActor
final class LockingController: UIViewController {
    var locks = false
    var lockChild: UIViewController?
    override var prefersInterfaceOrientationLocked: Bool { locks }
    override var childForInterfaceOrientationLock: UIViewController? { lockChild }
}
