import Foundation

/// What a new window scene opened from some content shows and how it opens, as UIKit's
/// `UIWindowSceneActivationConfiguration`: the activity the new scene connects with (in
/// `connectionOptions.userActivities`), request options, and the preview the window grows from.
///
/// Differs from UIKit: the window appears at once (X11 windows do not grow out of a preview); the
/// preview is kept for code that sets it.
@MainActor
open class UIWindowSceneActivationConfiguration {
    /// The activity the new scene connects with.
    public let userActivity: NSUserActivity
    /// Options of the request (the requesting scene, the presentation style); nil is the defaults.
    open var options: UIWindowScene.ActivationRequestOptions?
    /// Where the new window comes from, in UIKit's animation.
    open var preview: UITargetedPreview?

    /// A configuration opening a scene for `userActivity`.
    public init(userActivity: NSUserActivity) { self.userActivity = userActivity }
}

extension UIWindowScene {
    /// UIKit's Swift name for `UIWindowSceneActivationConfiguration`.
    public typealias ActivationConfiguration = UIWindowSceneActivationConfiguration

    /// Options of a request to open a window scene, as UIKit's `UIWindowScene.ActivationRequestOptions`.
    @MainActor
    open class ActivationRequestOptions: UIScene.ActivationRequestOptions {
        /// How prominently the new scene shows; `.automatic` by default. On X11 every scene is a window
        /// of its own: the style is kept, not used.
        open var preferredPresentationStyle = PresentationStyle.automatic
        public override init() { super.init() }
    }

    /// How a newly opened scene is presented, with UIKit's raw values.
    public enum PresentationStyle: Int, Sendable {
        case automatic = 0
        case standard = 1
        case prominent = 2
    }
}
