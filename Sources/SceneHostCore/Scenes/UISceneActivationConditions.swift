import Foundation

/// When SceneHost routes an event (an activation request without a session, a URL or an activity
/// handed over by a second launch of the app) to this scene rather than another, as UIKit's
/// `UISceneActivationConditions`: the event's target content identifier (`NSUserActivity`'s, the
/// request's, or a URL's `absoluteString`) is evaluated against each connected scene's predicates.
/// A scene whose `prefersToActivateForTargetContentIdentifierPredicate` holds gets the event (the one
/// most recently active among several); else a new scene is opened, or, where the app cannot open
/// another, the most recently active scene whose `canActivateForTargetContentIdentifierPredicate`
/// holds gets it.
///
/// Differs from UIKit: swift-corelibs-foundation has no `NSPredicate(format:)` (it is marked
/// unavailable: it cannot evaluate format strings). Write `TargetContentPredicate(format: "self == %@", id)`
/// instead, which understands the same format for the strings these predicates see (see
/// `TargetContentPredicate`); `NSPredicate(value:)` and `NSPredicate(block:)` also work. UIKit evaluates
/// the predicates outside the app; SceneHost evaluates them in the app, on the main thread.
@MainActor
open class UISceneActivationConditions {
    /// Events the scene can take when no scene prefers them. Default: every event (always true).
    open var canActivateForTargetContentIdentifierPredicate: NSPredicate = NSPredicate(value: true)
    /// Events the scene takes before any other scene. Default: none (always false).
    open var prefersToActivateForTargetContentIdentifierPredicate: NSPredicate = NSPredicate(value: false)

    /// Conditions with UIKit's defaults: the scene can take any event and prefers none.
    public init() {}

    /// Whether the scene can take an event aimed at `identifier` (nil: an event without one, which any
    /// scene can take).
    public func canActivate(for identifier: String?) -> Bool {
        guard let identifier else { return true }
        return canActivateForTargetContentIdentifierPredicate.evaluate(with: identifier)
    }

    /// Whether the scene prefers an event aimed at `identifier` (nil: no scene prefers it).
    public func prefersToActivate(for identifier: String?) -> Bool {
        guard let identifier else { return false }
        return prefersToActivateForTargetContentIdentifierPredicate.evaluate(with: identifier)
    }
}

/// Which connected scene an event goes to, by the scenes' activation conditions (shared by the runtime
/// and offscreen tests).
@_spi(Runtime) public enum SceneActivationRouting {
    /// The scene of `role` among `scenes` (most recently active first) that prefers `identifier`, if any.
    @MainActor
    public static func preferredScene(for identifier: String?, role: UISceneSession.Role, among scenes: [UIScene]) -> UIScene? {
        scenes.first { $0.session.role == role && $0.activationConditions.prefersToActivate(for: identifier) }
    }

    /// The scene of `role` among `scenes` (most recently active first) that can take `identifier` when
    /// no new scene may be opened, if any.
    @MainActor
    public static func allowingScene(for identifier: String?, role: UISceneSession.Role, among scenes: [UIScene]) -> UIScene? {
        scenes.first { $0.session.role == role && $0.activationConditions.canActivate(for: identifier) }
    }
}
