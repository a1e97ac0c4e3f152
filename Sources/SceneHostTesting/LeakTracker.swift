import Foundation
import SceneHost

/// Checks that what a scene is made of goes away once the scene is closed and let go: it keeps weak
/// references to everything it is told to track, and lists what is still alive.
///
/// ```swift
/// let tracker = LeakTracker()
/// tracker.track(scene)          // its windows, view controllers, views and constraints
/// app.application.requestSceneSessionDestruction(scene.session, options: nil)
/// await app.run(for: 0.2)
/// #expect(tracker.survivors.isEmpty, "\(tracker)")
/// ```
@MainActor
public final class LeakTracker: @MainActor CustomStringConvertible {
    private struct Entry {
        weak var object: AnyObject?
        let kind: String
        let type: String
    }
    private var entries: [Entry] = []

    public init() {}

    /// Tracks `scene`, its delegate, and everything it shows now: each window, every view controller
    /// (root, children and presented ones, with their presentation controllers), every view, every
    /// constraint installed on a view and every gesture recognizer attached to one.
    public func track(_ scene: UIWindowScene) {
        track(scene, as: "UIWindowScene")
        if let delegate = scene.delegate { track(delegate, as: "UISceneDelegate") }
        for window in scene.windows {
            track(view: window)
            if let root = window.rootViewController { track(controller: root) }
        }
    }

    /// Tracks one object, counted under `kind` among the survivors.
    public func track(_ object: AnyObject, as kind: String) {
        entries.append(Entry(object: object, kind: kind, type: String(describing: type(of: object))))
    }

    private func track(view: UIView) {
        track(view, as: view is UIWindow ? "UIWindow" : "UIView")
        for constraint in view.constraints { track(constraint, as: "NSLayoutConstraint") }
        for recognizer in view.gestureRecognizers ?? [] { track(recognizer, as: "UIGestureRecognizer") }
        for subview in view.subviews { track(view: subview) }
    }

    private func track(controller: UIViewController) {
        track(controller, as: "UIViewController")
        if let view = controller.viewIfLoaded, view.superview == nil { track(view: view) }
        for child in controller.children { track(controller: child) }
        if let presented = controller.presentedViewController {
            track(controller: presented)
            // Its presentation controller, with the container view and chrome it made.
            if let presentation = presented.presentationController {
                track(presentation, as: "UIPresentationController")
                if let container = presentation.containerView { track(view: container) }
            }
        }
    }

    /// How many objects were tracked.
    public var count: Int { entries.count }

    /// Tracked objects still alive, counted by kind ("UIView", "NSLayoutConstraint", …); empty when
    /// everything went away.
    public var survivors: [String: Int] {
        var counts: [String: Int] = [:]
        for entry in entries where entry.object != nil { counts[entry.kind, default: 0] += 1 }
        return counts
    }

    /// The survivors by kind and by their own types, for a failure message.
    public var description: String {
        let alive = entries.filter { $0.object != nil }
        guard !alive.isEmpty else { return "all \(entries.count) tracked objects went away" }
        let types = Dictionary(grouping: alive, by: \.type).map { "\($0.value.count) \($0.key)" }.sorted()
        return "\(alive.count) of \(entries.count) tracked objects are still alive: " + types.joined(separator: ", ")
    }
}
