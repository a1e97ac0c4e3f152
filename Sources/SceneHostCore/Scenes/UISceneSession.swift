import Foundation

/// A scene's persistent record: identity, role and configuration; it outlives the scene's connection.
@MainActor
public final class UISceneSession: Hashable {
    /// A role a scene plays, with UIKit's string values.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    /// Unique and stable for the session's lifetime.
    public let persistentIdentifier: String
    public let role: Role
    /// The configuration the scene was created from (a copy of what the app delegate returned).
    public var configuration: UISceneConfiguration { storedConfiguration }
    private var storedConfiguration: UISceneConfiguration

    /// Replaces the configuration with a copy of `configuration` (the app delegate's choice, for new
    /// sessions only).
    func adopt(_ configuration: UISceneConfiguration) {
        storedConfiguration = configuration.copy()
    }
    public internal(set) weak var scene: UIScene?
    public var userInfo: [String: Any]?
    public var stateRestorationActivity: NSUserActivity?

    public init(persistentIdentifier: String = UUID().uuidString, role: Role, configuration: UISceneConfiguration) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        storedConfiguration = configuration
    }

    nonisolated public static func == (a: UISceneSession, b: UISceneSession) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// What to create for a scene: its class and its delegate's class.
@MainActor
public final class UISceneConfiguration {
    public let name: String?
    public let role: UISceneSession.Role
    /// The scene's class; nil means `UIWindowScene`.
    public var sceneClass: UIScene.Type?
    /// The delegate's class. It must adopt `UISceneDelegate` (for window scenes, `UIWindowSceneDelegate`)
    /// and so have an `init()`: a `final` class, or one with `required init()`.
    public var delegateClass: AnyClass?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
    }

    /// A configuration that cannot be used, with a message naming the cause and the fix.
    public struct Error: Swift.Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    public func copy() -> UISceneConfiguration {
        let copy = UISceneConfiguration(name: name, sessionRole: role)
        copy.sceneClass = sceneClass
        copy.delegateClass = delegateClass
        return copy
    }
}

/// A unit of user activity handed to a scene, e.g. which document a new window should show.
/// SceneHost's own type (Foundation on Linux has none); `userInfo` holds property-list values.
@MainActor
open class NSUserActivity: Hashable {
    public let activityType: String
    open var title: String?
    open var userInfo: [AnyHashable: Any]?
    /// What the activity is about, for the scenes' activation conditions (`UISceneActivationConditions`).
    open var targetContentIdentifier: String?

    public init(activityType: String) { self.activityType = activityType }

    nonisolated public static func == (a: NSUserActivity, b: NSUserActivity) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A request to show a scene: a new session of `role`, or an existing session.
@MainActor
public final class UISceneSessionActivationRequest {
    public let role: UISceneSession.Role
    public let session: UISceneSession?
    public var userActivity: NSUserActivity?
    public var options: UIScene.ActivationRequestOptions?
    /// What a request without a session is aimed at, matched against the connected scenes' activation
    /// conditions: a scene that prefers it is raised and continues the activity in `scene(_:continue:)`
    /// instead of a new scene opening. A SceneHost addition (UIKit reads the activity's only): nil, the
    /// default, means the activity's `targetContentIdentifier`.
    public var targetContentIdentifier: String? {
        get { storedTargetContentIdentifier ?? userActivity?.targetContentIdentifier }
        set { storedTargetContentIdentifier = newValue }
    }
    private var storedTargetContentIdentifier: String?

    public init(role: UISceneSession.Role = .windowApplication, userActivity: NSUserActivity? = nil,
                options: UIScene.ActivationRequestOptions? = nil) {
        self.role = role; session = nil; self.userActivity = userActivity; self.options = options
    }

    public init(session: UISceneSession, userActivity: NSUserActivity? = nil, options: UIScene.ActivationRequestOptions? = nil) {
        role = session.role; self.session = session; self.userActivity = userActivity; self.options = options
    }
}
