import Foundation

/// One instance of the app's interface. SceneHost's scenes are `UIWindowScene`s, one X11 window each.
@MainActor
open class UIScene: UIResponder {
    /// Activation states with UIKit's raw values.
    public enum ActivationState: Int, Sendable, CustomStringConvertible {
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
        public var description: String {
            switch self {
            case .unattached: "unattached"
            case .foregroundActive: "foregroundActive"
            case .foregroundInactive: "foregroundInactive"
            case .background: "background"
            }
        }
    }

    /// What the scene was connected with: user activities from the request that created it.
    @MainActor
    public final class ConnectionOptions {
        public let userActivities: Set<NSUserActivity>
        public init(userActivities: Set<NSUserActivity> = []) { self.userActivities = userActivities }
    }

    /// Options of an activation request (the requesting scene, for placement).
    @MainActor
    open class ActivationRequestOptions {
        public var requestingScene: UIScene?
        public init() {}
    }

    public let session: UISceneSession
    /// The delegate; the scene keeps it alive, as in UIKit.
    public var delegate: (any UISceneDelegate)?
    public internal(set) var activationState: ActivationState = .unattached

    /// The window title; nil or empty shows no title. Changes reach the window manager at once.
    public var title: String! {
        get { storedTitle ?? "" }
        set {
            storedTitle = newValue
            titleDidChange()
        }
    }
    private var storedTitle: String?

    public required init(session: UISceneSession, connectionOptions: ConnectionOptions) {
        self.session = session
        super.init()
    }

    func titleDidChange() {}
}
