import SceneHost

/// The Gallery: two scenes, Mail and Settings, written as a UIKit app would be.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    static let settingsActivityType = "org.scenehost.gallery.settings"

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // The first scene (Mail) connects after launch; Settings is asked for beside it.
        application.activateSceneSession(for: UISceneSessionActivationRequest(
            role: .windowApplication, userActivity: NSUserActivity(activityType: Self.settingsActivityType)))
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let wantsSettings = options.userActivities.contains { $0.activityType == Self.settingsActivityType }
        let configuration = UISceneConfiguration(name: wantsSettings ? "Settings" : "Mail", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = wantsSettings ? SettingsSceneDelegate.self : MailSceneDelegate.self
        return configuration
    }
}

/// Shows the mailbox: a list beside the open message when horizontally regular, the list alone when compact.
final class MailSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    /// Narrower than the regular-width threshold, so a person can make it compact.
    static let minimumSize = CGSize(width: 420, height: 360)

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        windowScene.title = "Mail"
        windowScene.sizeRestrictions?.minimumSize = Self.minimumSize
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = MailViewController()
        window.makeKeyAndVisible()
        self.window = window
    }

}

/// Shows the settings form; it has a maximum size as well as a minimum.
final class SettingsSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    static let minimumSize = CGSize(width: 360, height: 320)
    static let maximumSize = CGSize(width: 900, height: 800)

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        windowScene.title = "Settings"
        windowScene.sizeRestrictions?.minimumSize = Self.minimumSize
        windowScene.sizeRestrictions?.maximumSize = Self.maximumSize
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = SettingsViewController()
        window.makeKeyAndVisible()
        self.window = window
    }

}
