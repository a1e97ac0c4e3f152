import Cairo
import Foundation

/// The running app: its scenes and sessions, and requests to open and close scenes.
@MainActor
open class UIApplication: UIResponder {
    /// Keys of the launch options dictionary (always empty on SceneHost).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    nonisolated(unsafe) private(set) static var current: UIApplication?

    /// The app launched by `UIApplicationMain` (or by SceneHostTesting). Using it before launch is a
    /// programming error, as in UIKit.
    public static var shared: UIApplication {
        guard let current else { fatalError("UIApplication.shared used before the app launched (UIApplicationMain)") }
        return current
    }

    public internal(set) var delegate: (any UIApplicationDelegate)?
    unowned let runtime: SceneRuntime

    init(runtime: SceneRuntime) {
        self.runtime = runtime
        super.init()
        UIApplication.current = self
    }

    /// The runtime `application` stands for has ended (tests and benchmarks run several in one
    /// process): it is `shared` no longer, so nothing reaches the runtime it held through it.
    static func runtimeDidEnd(_ application: UIApplication?) {
        if let application, current === application { current = nil }
    }

    /// Scenes connected now.
    public var connectedScenes: Set<UIScene> { Set(runtime.windows.map { $0.scene as UIScene }) }
    /// Sessions the app knows, connected or not.
    public var openSessions: Set<UISceneSession> { Set(runtime.sessions) }
    /// Whether the app may show more than one scene: `UIApplicationSupportsMultipleScenes` of its
    /// manifest; true for an app without one (its configurations come from code).
    public var supportsMultipleScenes: Bool { runtime.manifest?.supportsMultipleScenes ?? true }

    /// Quits the app as SIGINT or SIGTERM does: scenes disconnect, their sessions are saved and come
    /// back at the next launch, `applicationWillTerminate(_:)` is called, the process exits. (SceneHost
    /// only: UIKit apps do not quit themselves.)
    public func terminate() { runtime.terminate() }

    /// Shows a scene: a new one for a request by role, or the request's existing session (its window is
    /// raised and its delegate continues the request's `userActivity` in `scene(_:continue:)`, or the
    /// session reconnects with the activity if it had disconnected). Runs at the next turn of the event
    /// loop, as UIKit's requests are asynchronous; `errorHandler` receives failures.
    public func activateSceneSession(for request: UISceneSessionActivationRequest, errorHandler: ((any Error) -> Void)? = nil) {
        runtime.enqueue(.activate(request), errorHandler: errorHandler)
    }

    /// The older form of `activateSceneSession(for:)`: a nil session asks for a new scene.
    public func requestSceneSessionActivation(_ sceneSession: UISceneSession?, userActivity: NSUserActivity?,
                                              options: UIScene.ActivationRequestOptions?, errorHandler: ((any Error) -> Void)? = nil) {
        let request = sceneSession.map { UISceneSessionActivationRequest(session: $0, userActivity: userActivity, options: options) }
            ?? UISceneSessionActivationRequest(role: .windowApplication, userActivity: userActivity, options: options)
        activateSceneSession(for: request, errorHandler: errorHandler)
    }

    /// Closes the session's scene and discards the session, as the user closing its window does. Runs
    /// at the next turn of the event loop, as UIKit's request is asynchronous (with the activation
    /// requests, in the order they were made). A session that is not open by then (closed or discarded
    /// already) fails with `UISceneError.Code.requestDenied`, given to `errorHandler` (else warned about).
    /// `options` may be `UIWindowSceneDestructionRequestOptions`: its `windowDismissalAnimation` is
    /// recorded in the trace (`sessionDestructionRequested`) but the window manager closes the window
    /// without an animation on X11.
    public func requestSceneSessionDestruction(_ sceneSession: UISceneSession, options: UISceneDestructionRequestOptions?,
                                               errorHandler: ((any Error) -> Void)? = nil) {
        runtime.enqueue(.destroy(sceneSession, options), errorHandler: errorHandler)
    }
}

extension UIApplication {
    /// SceneHost only: what the app offers instead of a display, ending the one line `UIApplicationMain`
    /// prints when `$DISPLAY` cannot be opened (the Gallery names its `--tour DIR`). Set before
    /// `UIApplicationMain`; nil adds nothing.
    public static var noDisplaySuggestion: String?
}

/// Options for `requestSceneSessionDestruction(_:options:errorHandler:)`; for a window scene, UIKit's
/// `UIWindowSceneDestructionRequestOptions` says how its windows leave.
@MainActor
open class UISceneDestructionRequestOptions {
    public init() {}
}

/// Options for closing a window scene with `requestSceneSessionDestruction(_:options:errorHandler:)`.
/// The window manager closes the window on X11, so the dismissal animation has no visible effect.
@MainActor
open class UIWindowSceneDestructionRequestOptions: UISceneDestructionRequestOptions {
    /// How the scene's windows leave the screen; `.standard` unless set.
    open var windowDismissalAnimation: UIWindowScene.DismissalAnimation = .standard
    public override init() { super.init() }
}

extension UIWindowScene {
    /// How a closed scene's windows leave the screen, with UIKit's raw values.
    public enum DismissalAnimation: Int, Sendable {
        /// The usual animation, for a scene whose work is simply done (a web page).
        case standard = 1
        /// For a scene whose changes are kept (a sent message).
        case commit = 2
        /// For a scene whose changes are dropped (a discarded draft).
        case decline = 3
    }
}

/// Starts the app with `delegateClass` on `$DISPLAY`, and runs its event loop until the last scene
/// closes. When the app already runs on that display, this launch hands its `UIApplication.launchURLs`
/// and `launchUserActivities` to it (through an X selection, see docs/ARCHITECTURE.md) and exits with
/// status 0. The scene manifest is the `Info.plist` among the executable's SwiftPM resources, if any (a
/// manifest that cannot be read ends the app with one line naming the file and the key). Without a
/// usable display it prints one line naming `$DISPLAY` and what to do (with the app's
/// `noDisplaySuggestion`), and exits with status 2.
@MainActor
public func UIApplicationMain(_ delegateClass: any UIApplicationDelegate.Type) -> Never {
    let runtime = openRuntime()
    if runtime.handOverToRunningInstance(delegate: delegateClass) { exit(0) }
    var manifest: UIApplicationSceneManifest?
    if let url = UIApplicationSceneManifest.discover(appDelegate: delegateClass) {
        do {
            manifest = try UIApplicationSceneManifest.load(from: url)
        } catch {
            FileHandle.standardError.write(Data("SceneHost: \(error)\n".utf8))
            exit(2)
        }
    }
    runtime.launch(delegate: delegateClass.init(), manifest: manifest)
    runtime.runForever()
}

/// Starts the app with a scene manifest made in code (instead of an `Info.plist` among the
/// executable's resources).
@MainActor
public func UIApplicationMain(_ delegateClass: any UIApplicationDelegate.Type, manifest: UIApplicationSceneManifest) -> Never {
    let runtime = openRuntime()
    if runtime.handOverToRunningInstance(delegate: delegateClass) { exit(0) }
    runtime.launch(delegate: delegateClass.init(), manifest: manifest)
    runtime.runForever()
}

/// The runtime on `$DISPLAY`, or one line and exit status 2 when there is no usable display.
@MainActor
private func openRuntime() -> SceneRuntime {
    // Fontconfig loads on Pango's thread while the display opens and the first scenes connect.
    TextLayout.startLoadingFonts()
    do {
        return try SceneRuntime(displayName: nil)
    } catch {
        let shown = ProcessInfo.processInfo.environment["DISPLAY"].map { "DISPLAY=\($0)" } ?? "DISPLAY is not set"
        // A bare virtual server (xvfb-run) has no window manager: nothing would enforce the scenes'
        // size restrictions or give them focus, so it is not suggested.
        let suggestion = UIApplication.noDisplaySuggestion.map { ", \($0)" } ?? ""
        FileHandle.standardError.write(Data(
            "SceneHost: cannot open the X display (\(shown)): run inside an X session, or set DISPLAY to a running X server with a window manager\(suggestion)\n".utf8))
        exit(2)
    }
}

/// UIKit's C-style entry point. `delegateClassName` names the delegate class as `Module.Class`.
@MainActor
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    guard let name = delegateClassName, let type = _typeByName(name) as? any UIApplicationDelegate.Type else {
        FileHandle.standardError.write(Data("SceneHost: no UIApplicationDelegate class named \(delegateClassName ?? "nil"); pass `Module.ClassName` of a class adopting UIApplicationDelegate\n".utf8))
        exit(2)
    }
    UIApplicationMain(type)
}

extension UIWindowScene {
    /// The iPad arrangement the multitasking simulator last snapped this scene's window to (Ctrl+Alt+1 …
    /// 6, or `SceneRuntime.snap(_:to:)`), until a person resizes it by hand or Ctrl+Alt+0 frees it; nil
    /// for a free-form window. A SceneHost addition (UIKit has no such property): an overlay or a test
    /// may show which iPad size the window stands for, with `UIApplication.shared.iPadModel`.
    public var simulatedArrangement: IPadModel.Arrangement? { UIApplication.current?.runtime.arrangement(of: self) }
}

extension UIApplication {
    /// Posted when the system is short of memory, after the delegate's
    /// `applicationDidReceiveMemoryWarning(_:)`: see `SceneRuntime.deliverMemoryWarning()`.
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")

    /// The iPad model the multitasking simulator snaps windows to (`SCENEHOST_IPAD`, the 12.9-inch by
    /// default). A SceneHost addition.
    public var iPadModel: IPadModel { runtime.iPadModel }
}
