import SceneHost

/// The Gallery: Mail and Settings scenes, written as a UIKit app would be. Its scene manifest
/// (`Resources/Info.plist`) names the two configurations and their delegate classes.
public final class AppDelegate: UIResponder, UIApplicationDelegate {
    static let settingsActivityType = "org.scenehost.gallery.settings"

    /// Where the Settings switches are kept: `UserDefaults.standard`, which swift-corelibs-foundation
    /// writes to `$XDG_CONFIG_HOME/<app>.plist` (default `~/.config/Gallery.plist`) and reads back at
    /// the next launch. Tests and the tour, which run the Gallery inside their own process, point it
    /// at a file of their own (`UserDefaults(suiteName:)` with an absolute path) so they never touch
    /// the person's settings.
    public static var userDefaults = UserDefaults.standard

    /// Whether the overlays (size, traits, frame time) show in every scene; Ctrl+I toggles it.
    public static var showsOverlay: Bool {
        get { OverlayView.isShown }
        set { OverlayView.isShown = newValue }
    }

    /// The manifest of `Resources/Info.plist`, for running the Gallery in tests and the tour (the app
    /// itself finds it through `UIApplicationMain`).
    public static var sceneManifest: UIApplicationSceneManifest {
        guard let url = Bundle.module.url(forResource: "Info", withExtension: "plist", subdirectory: "Resources"),
              let manifest = try? UIApplicationSceneManifest.load(from: url) else {
            fatalError("the Gallery's Resources/Info.plist is missing from its resource bundle; rebuild the Gallery")
        }
        return manifest
    }

    /// The Gallery's scenes by name, each as a function making its root view controller: what
    /// `Gallery --contact-sheet DIR` renders at every iPad size.
    public static let scenesForContactSheets: [(name: String, makeRootViewController: @MainActor () -> UIViewController)] = [
        ("Mail", { MailViewController() }),
        ("Settings", { SettingsContainerController() }),
    ]

    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // The overlays show the device's orientation, which UIKit reports only while it generates
        // orientation notifications.
        UIDevice.current.beginGeneratingDeviceOrientationNotifications()
        // On a first launch Mail connects after launch and Settings is asked for beside it; after a
        // relaunch the scenes that were open come back instead.
        if application.openSessions.isEmpty, UIApplication.launchURLs.isEmpty {
            application.activateSceneSession(for: UISceneSessionActivationRequest(
                role: .windowApplication, userActivity: NSUserActivity(activityType: Self.settingsActivityType)))
        }
        return true
    }

    /// The Gallery's commands join the main menu (see `buildGalleryMenu(with:)`).
    public override func buildMenu(with builder: any UIMenuBuilder) {
        super.buildMenu(with: builder)
        buildGalleryMenu(with: builder)
    }

    /// A configuration by name: the manifest supplies its delegate class.
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        // A URL (`Gallery --open URL`) names its scene; else the activity does.
        if let url = options.galleryURL {
            return UISceneConfiguration(name: url.configurationName, sessionRole: connectingSceneSession.role)
        }
        let wantsSettings = options.userActivities.contains { $0.activityType == Self.settingsActivityType }
        let wantsPhotos = options.userActivities.contains { $0.activityType == PhotosSceneDelegate.activityType }
        return UISceneConfiguration(name: wantsPhotos ? "Photos" : wantsSettings ? "Settings" : "Mail", sessionRole: connectingSceneSession.role)
    }
}

/// The shortcut of the window a command is typed in: Ctrl+W closes it. (The app's other shortcuts are in
/// its main menu, `AppDelegate.buildMenu(with:)`, and work in every window.)
@MainActor
func sceneCommands(for controller: UIViewController) -> [UIKeyCommand] {
    [
        UIKeyCommand(title: "Close Window", input: "w", modifierFlags: .control) { [weak controller] _ in
            guard let session = controller?.view.window?.windowScene?.session else { return }
            UIApplication.shared.requestSceneSessionDestruction(session, options: nil)
        },
    ]
}

extension AppDelegate {
    /// The Gallery's main menu: Ctrl+N opens a new Mail scene, Ctrl+P a Photos scene, Ctrl+, brings the
    /// Settings scene forward (or opens it), Ctrl+I hides or shows the overlays. Holding Ctrl lists them.
    func buildGalleryMenu(with builder: any UIMenuBuilder) {
        builder.replaceChildren(ofMenu: .newScene) { children in
            children + [
                UIKeyCommand(title: "New Mail Window", input: "n", modifierFlags: .control) { _ in
                    UIApplication.shared.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
                },
                UIKeyCommand(title: "New Photos Window", input: "p", modifierFlags: .control) { _ in
                    UIApplication.shared.activateSceneSession(for: UISceneSessionActivationRequest(
                        role: .windowApplication, userActivity: NSUserActivity(activityType: PhotosSceneDelegate.activityType)))
                },
            ]
        }
        builder.replaceChildren(ofMenu: .preferences) { children in
            children + [
                // Aimed at the Settings scene's URL: the open one comes forward, else one opens.
                UIKeyCommand(title: "Settings", input: ",", modifierFlags: .control) { _ in
                    let activity = NSUserActivity(activityType: AppDelegate.settingsActivityType)
                    activity.targetContentIdentifier = "\(GalleryURL.scheme)://settings"
                    UIApplication.shared.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication, userActivity: activity))
                },
            ]
        }
        builder.insertChild(UIMenu(title: "Overlay", options: .displayInline, children: [
            UIKeyCommand(title: "Show or Hide Overlay", input: "i", modifierFlags: .control) { _ in
                OverlayView.isShown.toggle()
            },
        ]), atEndOfMenu: .view)
    }
}

/// Shows the mailbox: a list beside the open message when horizontally regular, the list alone when compact.
final class MailSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    static let activityType = "org.scenehost.gallery.mail"
    private var mail: MailViewController? { window?.rootViewController as? MailViewController }

    /// Narrower than the regular-width threshold, so a person can make it compact.
    static let minimumSize = CGSize(width: 420, height: 360)

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        windowScene.title = "Mail"
        windowScene.sizeRestrictions?.minimumSize = Self.minimumSize
        // `Gallery --open scenehost-gallery://mail/…` comes to the Mail window used last.
        windowScene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = GalleryURL.preferring("mail")
        let window = UIWindow(windowScene: windowScene)
        let mail = MailViewController()
        window.rootViewController = mail
        window.makeKeyAndVisible()
        self.window = window
        if case .mail(let message?)? = connectionOptions.galleryURL { mail.select(message) }
    }

    /// A Mail URL handed over by a second launch: the message it names is shown.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        if case .mail(let message?)? = URLContexts.galleryURL { mail?.select(message) }
    }

    /// The open message, kept with the session: a relaunch shows it again.
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        let activity = NSUserActivity(activityType: Self.activityType)
        activity.title = "Mail"
        activity.userInfo = ["selectedMessage": mail?.selectedIndex ?? 0]
        return activity
    }

    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {
        if let index = stateRestorationActivity.userInfo?["selectedMessage"] as? Int { mail?.select(index) }
    }

    /// While a person drags the window's edge the Mail scene draws cheaply; at the release, in full.
    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {
        if windowScene.effectiveGeometry.isInteractivelyResizing != previousEffectiveGeometry.isInteractivelyResizing {
            mail?.resizingDidChange()
        }
        mail?.overlay.update(for: windowScene)
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
        windowScene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = GalleryURL.preferring("settings")
        windowScene.sizeRestrictions?.minimumSize = Self.minimumSize
        windowScene.sizeRestrictions?.maximumSize = Self.maximumSize
        let window = UIWindow(windowScene: windowScene)
        let container = SettingsContainerController()
        window.rootViewController = container
        window.makeKeyAndVisible()
        // The form, a child of the root container, declares the scene's key commands: it takes the
        // keyboard as the scene appears, so the search for them starts there.
        container.settings.becomeFirstResponder()
        self.window = window
    }

    static let activityType = "org.scenehost.gallery.settings-path"
    private var container: SettingsContainerController? { window?.rootViewController as? SettingsContainerController }

    /// The pages open above the form, kept with the session: a relaunch opens them again.
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        let activity = NSUserActivity(activityType: Self.activityType)
        activity.title = "Settings"
        activity.userInfo = ["navigationPath": container?.navigationPath ?? []]
        return activity
    }

    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {
        if let path = stateRestorationActivity.userInfo?["navigationPath"] as? [String] { container?.restore(path: path) }
    }
}

extension SettingsSceneDelegate {
    /// The overlay shows the orientation and its lock, which change without a new size (a half turn).
    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {
        ((window?.rootViewController as? SettingsContainerController)?.settings.overlay)?.update(for: windowScene)
    }
}
