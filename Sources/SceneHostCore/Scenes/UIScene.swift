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

    /// Moves through UIKit's states to `target`, calling the delegate for each step in UIKit's order:
    /// unattached → foregroundInactive (`sceneWillEnterForeground`) → foregroundActive
    /// (`sceneDidBecomeActive`); active → inactive (`sceneWillResignActive`) → background
    /// (`sceneDidEnterBackground`); → unattached (`sceneDidDisconnect`).
    @_spi(Runtime) public func transition(to target: ActivationState) {
        while activationState != target {
            switch activationState {
            case .unattached where target == .background:
                activationState = .background
            case .background where target == .unattached:
                activationState = .unattached
                delegate?.sceneDidDisconnect(self)
            case .unattached, .background:
                activationState = .foregroundInactive
                delegate?.sceneWillEnterForeground(self)
            case .foregroundInactive where target == .foregroundActive:
                activationState = .foregroundActive
                delegate?.sceneDidBecomeActive(self)
            case .foregroundInactive:
                activationState = .background
                delegate?.sceneDidEnterBackground(self)
            case .foregroundActive:
                activationState = .foregroundInactive
                delegate?.sceneWillResignActive(self)
            }
        }
    }

    /// Creates the scene a session's configuration describes, with its delegate, and attaches it to
    /// the session. Fails, naming the fix, when the delegate class does not adopt `UISceneDelegate`.
    @_spi(Runtime) public static func make(for session: UISceneSession, options: ConnectionOptions) throws -> UIWindowScene {
        let configuration = session.configuration
        let sceneClass = configuration.sceneClass as? UIWindowScene.Type ?? UIWindowScene.self
        var delegate: (any UISceneDelegate)?
        if let delegateClass = configuration.delegateClass {
            guard let type = delegateClass as? any UISceneDelegate.Type else {
                throw UISceneConfiguration.Error(
                    "the delegate class \(delegateClass) of scene configuration \"\(configuration.name ?? "")\" does not adopt UISceneDelegate; declare it `final class \(delegateClass): UIResponder, UIWindowSceneDelegate`")
            }
            delegate = type.init()
        }
        let scene = sceneClass.init(session: session, connectionOptions: options)
        scene.delegate = delegate
        session.scene = scene
        return scene
    }
}
