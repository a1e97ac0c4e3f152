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

    /// What the scene was connected with: the user activities of the request that created it (or of
    /// a second launch of the app), and the URLs it was opened for.
    @MainActor
    public final class ConnectionOptions {
        public let userActivities: Set<NSUserActivity>
        /// URLs to open, given at launch or by a second launch of the app (`UIApplication.launchURLs`).
        public let urlContexts: Set<UIOpenURLContext>
        public init(userActivities: Set<NSUserActivity> = [], urlContexts: Set<UIOpenURLContext> = []) {
            self.userActivities = userActivities
            self.urlContexts = urlContexts
        }
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

    /// A second line for the window's name: SceneHost names the window "Title — Subtitle"
    /// (`_NET_WM_NAME`), as a Mac window shows its subtitle under the title. Empty: the title alone.
    public var subtitle: String = "" {
        didSet { if subtitle != oldValue { titleDidChange() } }
    }

    /// The name the window manager shows: the title, then " — " and the subtitle when there is one.
    public var windowName: String {
        let title = title ?? ""
        guard !subtitle.isEmpty else { return title }
        return title.isEmpty ? subtitle : "\(title) — \(subtitle)"
    }

    /// Which events (activation requests without a session, URLs and activities handed over by a
    /// second launch) this scene takes before others; see `UISceneActivationConditions`. Set it in
    /// `scene(_:willConnectTo:options:)`.
    public var activationConditions = UISceneActivationConditions()

    public required init(session: UISceneSession, connectionOptions: ConnectionOptions) {
        self.session = session
        super.init()
    }

    func titleDidChange() {}

    /// Moves through UIKit's states to `target`, calling the delegate for each step in UIKit's order:
    /// unattached → foregroundInactive (`sceneWillEnterForeground`) → foregroundActive
    /// (`sceneDidBecomeActive`); active → inactive (`sceneWillResignActive`) → background
    /// (`sceneDidEnterBackground`); → unattached (`sceneDidDisconnect`).
    /// Each step also posts the matching `UIScene` notification on `NotificationCenter.default` (after
    /// the delegate's call) and, for a window scene, tells its host.
    @_spi(Runtime) public func transition(to target: ActivationState) {
        while activationState != target {
            switch activationState {
            case .unattached where target == .background:
                activationState = .background
            case .background where target == .unattached:
                activationState = .unattached
                didDisconnect()
            case .unattached, .background:
                activationState = .foregroundInactive
                delegate?.sceneWillEnterForeground(self)
                announce("sceneWillEnterForeground", UIScene.willEnterForegroundNotification)
            case .foregroundInactive where target == .foregroundActive:
                activationState = .foregroundActive
                delegate?.sceneDidBecomeActive(self)
                announce("sceneDidBecomeActive", UIScene.didActivateNotification)
            case .foregroundInactive:
                activationState = .background
                delegate?.sceneDidEnterBackground(self)
                announce("sceneDidEnterBackground", UIScene.didEnterBackgroundNotification)
            case .foregroundActive:
                activationState = .foregroundInactive
                delegate?.sceneWillResignActive(self)
                announce("sceneWillResignActive", UIScene.willDeactivateNotification)
            }
        }
    }

    /// Disconnects the scene: from the foreground or the background through UIKit's states, and from
    /// `.unattached` (connected, but closed or quit before its window ever showed) straight to
    /// `sceneDidDisconnect`: every scene told `scene(_:willConnectTo:options:)` hears it, as in UIKit.
    @_spi(Runtime) public func disconnect() {
        if activationState == .unattached { didDisconnect() } else { transition(to: .unattached) }
    }

    private func didDisconnect() {
        delegate?.sceneDidDisconnect(self)
        announce("sceneDidDisconnect", UIScene.didDisconnectNotification)
    }

    func announce(_ callback: String, _ notification: Notification.Name) {
        NotificationCenter.default.post(name: notification, object: self)
        lifecycleCallbackDidRun(callback)
    }

    /// A window scene tells its host (see `UIWindowSceneHost.sceneDidRunLifecycleCallback`).
    func lifecycleCallbackDidRun(_ callback: String) {}

    /// Creates the scene a session's configuration describes, with its delegate, and attaches it to
    /// the session; a new session first takes `configuration` (the app delegate's choice), when given.
    /// Fails, naming the fix, when the delegate class does not adopt `UISceneDelegate`.
    @_spi(Runtime) public static func make(for session: UISceneSession, adopting configuration: UISceneConfiguration? = nil,
                                           options: ConnectionOptions) throws -> UIWindowScene {
        if let configuration { session.adopt(configuration) }
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

extension UIScene {
    /// Posted (object: the scene) after `scene(_:willConnectTo:options:)`.
    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
}

/// Errors of scene requests, with UIKit's domain and codes.
public struct UISceneError: Error, Equatable, CustomStringConvertible {
    public enum Code: Int, Sendable {
        case multipleScenesNotSupported = 0, requestDenied = 1, geometryRequestUnsupported = 100, geometryRequestDenied = 101
    }
    public static let errorDomain = "UISceneErrorDomain"
    public let code: Code
    /// What went wrong and what to do about it.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(UISceneError.errorDomain) \(code.rawValue) (\(code)): \(message)" }
}
