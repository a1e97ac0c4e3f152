import Foundation

/// A scene's delegate: UIKit's lifecycle callbacks, all optional.
///
/// Differs from UIKit in one way: the runtime creates delegates from their class, so the protocol asks
/// for `init()`. A `final class SceneDelegate: UIResponder, UIWindowSceneDelegate` has it already; a
/// non-final one adds `required override init() { super.init() }`.
@MainActor
public protocol UISceneDelegate: AnyObject {
    init()
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    /// The activity that describes the scene's state, saved with its session when the app quits or the
    /// session list changes, and handed back after a relaunch as `session.stateRestorationActivity`.
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
    /// Called after `scene(_:willConnectTo:options:)` of a scene brought back after a relaunch.
    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity)
    /// Continues `userActivity` in a scene already connected: the activity of an activation request for
    /// its session. (A scene that connects for the request finds it in the connection options instead.)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    /// Opens URLs given to a scene already connected (a second launch of the app handed them over, and
    /// this scene prefers them by its activation conditions). A scene connected for URLs finds them in
    /// `connectionOptions.urlContexts` instead.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
    public func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {}
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

/// A window scene's delegate: the window it shows and geometry changes.
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The scene's main window; the delegate keeps it alive.
    var window: UIWindow? { get set }
    /// Called after the scene's effective geometry changed (once per change of any field), with the
    /// geometry before the change.
    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry)
    /// Deprecated in UIKit; still called, right after `windowScene(_:didUpdateEffectiveGeometry:)`, with the
    /// previous coordinate space, orientation and traits.
    func windowScene(_ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: any UICoordinateSpace,
                     interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
                     traitCollection previousTraitCollection: UITraitCollection)
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? { get { nil } set {} }
    public func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {}
    public func windowScene(_ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: any UICoordinateSpace,
                            interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
                            traitCollection previousTraitCollection: UITraitCollection) {}
}
