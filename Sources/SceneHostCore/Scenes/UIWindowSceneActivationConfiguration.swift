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

extension UIWindowSceneActivationConfiguration {
    /// How far a pinch spreads before it opens its window (SceneHost's threshold; UIKit publishes none):
    /// `UIWindowSceneActivationInteraction`'s and collection view items'.
    @_spi(Runtime) public static let pinchScale: CGFloat = 1.5
}

/// The host that opens new scenes (the X11 runtime): where core code that opens a window from some
/// content (a collection view item pinched out) hands the configuration over.
@_spi(Runtime)
@MainActor
public protocol SceneActivationHost: AnyObject {
    /// Opens the scene `configuration` describes, as `UIWindowSceneActivationInteraction` does;
    /// `screenPoint` (points, the screen's coordinates) places its window's top edge, nil lets the
    /// window manager place it.
    func activateScene(with configuration: UIWindowSceneActivationConfiguration, at screenPoint: CGPoint?,
                       requestedBy scene: UIScene?, errorHandler: ((any Error) -> Void)?)
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
