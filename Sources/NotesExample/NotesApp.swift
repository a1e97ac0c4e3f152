// The README's example app, compiled with the package so the README's code always builds (a test
// checks that the README shows this file's code between the markers). Run it: `swift run NotesExample`.

// README example begins
import SceneHost

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Main", sessionRole: session.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        windowScene.title = "Notes"
        windowScene.sizeRestrictions?.minimumSize = CGSize(width: 420, height: 360)
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = NotesViewController()
        window.makeKeyAndVisible()
        self.window = window
    }

    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previous: UIWindowScene.Geometry) {
        if windowScene.effectiveGeometry.coordinateSpace.bounds != previous.coordinateSpace.bounds { /* resized */ }
    }
}
// README example ends

/// The notes list: a label saying so, centred, that follows the text size.
final class NotesViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let label = UILabel()
        label.text = "No notes yet"
        label.textColor = .secondaryLabel
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
}
