import Foundation

/// The app's delegate. Mark it `@main` to start the app, as in UIKit:
///
/// ```swift
/// @main final class AppDelegate: UIResponder, UIApplicationDelegate {
///     func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
///                      options: UIScene.ConnectionOptions) -> UISceneConfiguration { … }
/// }
/// ```
/// The runtime creates the delegate from its class, so the protocol asks for `init()` (a `final` class
/// has it; a non-final one adds `required override init() { super.init() }`).
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    init()
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// The configuration for a new session; the default keeps `connectingSceneSession.configuration`.
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                      options: UIScene.ConnectionOptions) -> UISceneConfiguration
    /// Sessions the user discarded (closed their windows).
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
    func applicationWillTerminate(_ application: UIApplication)
    /// The system is short of memory: the kernel reported memory pressure (Linux's PSI), or Ctrl+Shift+M
    /// simulated it. Release what can be made again.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    /// The orientations the app allows in `window`'s scene; the default is the Info.plist's
    /// `UISupportedInterfaceOrientations`, else all.
    func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask
}

extension UIApplicationDelegate {
    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        connectingSceneSession.configuration
    }
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    public func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
        application.runtime.manifest?.supportedInterfaceOrientations ?? .all
    }

    /// Entry point for `@main`: runs the app with this delegate class. Never returns.
    public static func main() {
        UIApplicationMain(Self.self)
    }
}
