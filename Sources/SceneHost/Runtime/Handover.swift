import Foundation
@_spi(Runtime) import SceneHostCore
import X11

/// What the app was launched with, or what a second launch hands over to the running instance: URLs
/// and user activities, and the program that sent them. Travels as a binary property list.
struct Handover {
    var urls: [URL]
    var activities: [NSUserActivity]
    /// The sending program's name (nil: this launch).
    var source: String?

    var isEmpty: Bool { urls.isEmpty && activities.isEmpty }

    @MainActor
    func encoded() -> [UInt8]? {
        var list: [String: Any] = ["version": 1, "urls": urls.map(\.absoluteString), "activities": activities.map(\.propertyList)]
        list["source"] = source
        return (try? PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0)).map { Array($0) }
    }

    @MainActor
    init?(decoding bytes: [UInt8]) {
        guard let list = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any],
              list["version"] as? Int == 1 else { return nil }
        urls = (list["urls"] as? [String] ?? []).compactMap(URL.init(string:))
        activities = (list["activities"] as? [[String: Any]] ?? []).compactMap(NSUserActivity.from(propertyList:))
        source = list["source"] as? String
    }

    init(urls: [URL], activities: [NSUserActivity], source: String?) {
        self.urls = urls
        self.activities = activities
        self.source = source
    }
}

extension SceneRuntime {
    /// The name of the app's instance selection: the delegate's type, which a second launch of the
    /// same program shares.
    /// The delegate's qualified name (`Module.Class`, as `String(reflecting:)` prints it), read from the
    /// type's metadata: `String(reflecting:)` first asks which printing protocols the metatype adopts,
    /// each a scan of every conformance record in the executable at a launch.
    static func instanceName(of delegate: any UIApplicationDelegate.Type) -> String { _typeName(delegate, qualified: true) }

    /// A second launch: when the app (`delegate`) already runs on this display, hands it the launch's
    /// URLs and activities (`UIApplication.launchURLs`, `launchUserActivities`; none asks it to come
    /// forward) and returns true: this process should exit. False when no instance runs, or it did
    /// not take them within 3 seconds (then this process runs as the app, with a warning).
    public func handOverToRunningInstance(delegate: any UIApplicationDelegate.Type) -> Bool {
        let channel = InstanceChannel(display: display, appName: Self.instanceName(of: delegate))
        guard let owner = channel.runningInstance else { return false }
        let program = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? "scenehost"
        let handover = Handover(urls: UIApplication.launchURLs, activities: UIApplication.launchUserActivities, source: program)
        guard let payload = handover.encoded(), channel.send(payload) else {
            SceneHostLog.warning("the app already runs on this display (window 0x\(String(owner, radix: 16))) but did not take what this launch opens; running a second instance")
            return false
        }
        return true
    }

    /// A second launch handed over `payload`: routed like the launch's own URLs and activities.
    func receiveHandover(_ payload: [UInt8]) {
        guard let handover = Handover(decoding: payload) else {
            SceneHostLog.warning("a second launch of the app handed over something this SceneHost cannot read; ignored")
            return
        }
        record("handover", session: nil, [("urls", .string(handover.urls.map(\.absoluteString).joined(separator: " "))),
                                          ("activities", .string(handover.activities.map(\.activityType).joined(separator: " "))),
                                          ("source", .string(handover.source ?? ""))])
        pendingRequests.append((.external(handover), nil))
    }

    /// Connected scenes, the most recently active first.
    var scenesByRecency: [UIScene] {
        let scenes = windows.map { $0.scene as UIScene }
        return scenes.sorted { a, b in
            let ia = recentlyActive.firstIndex(of: a.session.persistentIdentifier) ?? Int.max
            let ib = recentlyActive.firstIndex(of: b.session.persistentIdentifier) ?? Int.max
            return ia < ib
        }
    }

    /// `scene` became active: it is the first one routing considers among equals.
    func sceneBecameActive(_ scene: UIScene) {
        let identifier = scene.session.persistentIdentifier
        recentlyActive.removeAll { $0 == identifier }
        recentlyActive.insert(identifier, at: 0)
    }

    /// Routes URLs and activities from outside the app, each by its target content identifier (a URL's
    /// is its `absoluteString`): to the connected scene that prefers it, raised; else to a new scene,
    /// connected with it; else (the app supports one scene) to the scene that can take it. Nothing at
    /// all (a plain second launch) raises the most recently active scene, or opens one.
    func route(_ handover: Handover) {
        let options = UIScene.OpenURLOptions(sourceApplication: handover.source)
        if handover.isEmpty {
            if let window = windows.first(where: { $0.scene === scenesByRecency.first }) {
                window.raise()
            } else {
                openScene(activity: nil, urls: [])
            }
            return
        }
        for url in handover.urls {
            let context = UIOpenURLContext(url: url, options: options)
            routeOne(identifier: url.absoluteString, activity: nil, urls: [context])
        }
        for activity in handover.activities {
            routeOne(identifier: activity.targetContentIdentifier, activity: activity, urls: [])
        }
    }

    private func routeOne(identifier: String?, activity: NSUserActivity?, urls: Set<UIOpenURLContext>) {
        let scenes = scenesByRecency
        if let scene = SceneActivationRouting.preferredScene(for: identifier, role: .windowApplication, among: scenes) {
            deliver(activities: activity.map { [$0] } ?? [], urls: urls, to: scene, identifier: identifier)
        } else if windows.isEmpty || manifest?.supportsMultipleScenes != false {
            openScene(activity: activity, urls: urls)
        } else if let scene = SceneActivationRouting.allowingScene(for: identifier, role: .windowApplication, among: scenes) {
            deliver(activities: activity.map { [$0] } ?? [], urls: urls, to: scene, identifier: identifier)
        } else {
            SceneHostLog.warning("no scene can open \(identifier ?? activity?.activityType ?? "it"): the app supports one scene and its activation conditions refuse it (canActivateForTargetContentIdentifierPredicate)")
        }
    }

    /// Raises `scene`'s window and has its delegate continue the activities and open the URLs.
    func deliver(activities: [NSUserActivity], urls: Set<UIOpenURLContext>, to scene: UIScene, identifier: String?) {
        record("sceneActivationRouted", scene: scene, [("targetContentIdentifier", .string(identifier ?? ""))])
        windows.first { $0.scene === scene }?.raise()
        for activity in activities { scene.delegate?.scene(scene, continue: activity) }
        if !urls.isEmpty { scene.delegate?.scene(scene, openURLContexts: urls) }
    }

    private func openScene(activity: NSUserActivity?, urls: Set<UIOpenURLContext>) {
        do {
            try connect(UISceneSessionActivationRequest(role: .windowApplication, userActivity: activity), urlContexts: urls)
        } catch {
            SceneHostLog.warning("scene activation failed: \(error)")
        }
    }

    /// `requestSceneSessionRefresh`: the scene's window is drawn again in full at the next frame and
    /// its restoration state is saved again (what a relaunch shows). A session not connected has nothing
    /// on screen to refresh.
    func refresh(_ session: UISceneSession) {
        guard let window = windows.first(where: { $0.scene.session === session }) else { return }
        window.redrawEverything()
        record("sessionRefreshed", scene: window.scene)
        saveState()
    }
}

extension UIApplication {
    /// SceneHost only: URLs this launch of the app opens (set before `UIApplicationMain`; the Gallery
    /// sets them from `--open URL`). When the app already runs on the display they are handed to it and
    /// this process exits with status 0; otherwise the first scene connects with them in
    /// `connectionOptions.urlContexts` (or, when scenes are restored, they are routed by the scenes'
    /// activation conditions). A URL's target content identifier is its `absoluteString`.
    public static var launchURLs: [URL] = []
    /// SceneHost only: user activities this launch hands to the app, as `launchURLs` does URLs; routed
    /// by their `targetContentIdentifier`.
    public static var launchUserActivities: [NSUserActivity] = []

    /// Asks for `sceneSession`'s scene to be drawn again, as UIKit refreshes the app switcher's snapshot
    /// of a background scene whose content changed. On SceneHost the scene's window is redrawn in full
    /// at the next frame and its restoration activity is asked for and saved again (what a relaunch
    /// brings back); a session without a connected scene is left alone. Runs at the next turn of the
    /// event loop, in order with the other requests.
    public func requestSceneSessionRefresh(_ sceneSession: UISceneSession) {
        runtime.enqueue(.refresh(sceneSession), errorHandler: nil)
    }
}
