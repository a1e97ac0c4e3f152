import Foundation

/// A URL for a scene to open, with how it came, as UIKit's `UIOpenURLContext`: in
/// `UIScene.ConnectionOptions.urlContexts` for a scene connected for it, or in
/// `scene(_:openURLContexts:)` for a connected one. On SceneHost URLs come from the app's command line
/// (`UIApplication.launchURLs`), handed to the running instance by a second launch.
@MainActor
public final class UIOpenURLContext: Hashable {
    /// The URL to open.
    public let url: URL
    /// Where it came from.
    public let options: UIScene.OpenURLOptions

    /// A context for `url` (UIKit makes these; SceneHost's runtime and tests do).
    public init(url: URL, options: UIScene.OpenURLOptions = UIScene.OpenURLOptions()) {
        self.url = url
        self.options = options
    }

    nonisolated public static func == (a: UIOpenURLContext, b: UIOpenURLContext) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension UIScene {
    /// How a URL came to the app, as UIKit's `UIScene.OpenURLOptions`.
    @MainActor
    public final class OpenURLOptions {
        /// The app that asked to open the URL: on SceneHost, the program name of the process that
        /// handed it over (nil when the URL came with this launch).
        public let sourceApplication: String?
        /// Information the source attached (always nil on SceneHost: a command line carries none).
        public let annotation: Any?
        /// Whether the file the URL names must be opened in place rather than copied (always false on
        /// SceneHost).
        public let openInPlace: Bool

        /// Options with the given values (UIKit makes these; SceneHost's runtime and tests do).
        public init(sourceApplication: String? = nil, annotation: Any? = nil, openInPlace: Bool = false) {
            self.sourceApplication = sourceApplication
            self.annotation = annotation
            self.openInPlace = openInPlace
        }
    }
}
