import CX11
import Foundation
@_spi(Runtime) import SceneHostCore
import X11

/// The runtime: one X connection, one event loop, one `SceneWindow` per connected scene. It turns X
/// events into scene geometry and lifecycle, runs frames, and keeps the trace.
@_spi(Testing)
@MainActor
public final class SceneRuntime {
    public let display: Display
    let loop: EventLoop
    let trace: Trace?
    let launchTime = monotonicSeconds()
    /// The desktop's scale, style, direction and text size, kept current.
    private(set) var desktop: DesktopSettings!
    /// Device pixels per point for every scene.
    var displayScale: CGFloat { desktop.displayScale }
    public private(set) var application: UIApplication!
    private(set) var windows: [SceneWindow] = []
    private(set) var sessions: Set<UISceneSession> = []
    private var pendingRequests: [(UISceneSessionActivationRequest, ((any Error) -> Void)?)] = []
    /// Set once the app terminates; the loop stops.
    public private(set) var isTerminated = false
    /// What happens when the last scene closes: `exit(0)` in apps; tests replace it.
    public var onTerminate: () -> Void = { exit(0) }

    /// Connects to `displayName` (nil: `$DISPLAY`). `tracePath` nil reads `SCENEHOST_TRACE`.
    public init(displayName: String?, tracePath: String? = nil) throws(X11Error) {
        display = try Display(name: displayName)
        loop = EventLoop(xConnection: display.fileDescriptor)
        let path = tracePath ?? ProcessInfo.processInfo.environment["SCENEHOST_TRACE"]
        trace = path.flatMap { Trace(path: $0, start: monotonicSeconds()) }
        desktop = DesktopSettings(display: display)
        desktop.onChange = { [unowned self] in for window in windows { window.desktopDidChange() } }
    }

    /// Observes trace events in-process (tests), whether or not a trace file is written.
    public func observeTrace(_ observer: @escaping (_ event: String, _ fields: [String: Any]) -> Void) {
        traceObservers.append(observer)
    }
    private var traceObservers: [(String, [String: Any]) -> Void] = []

    func record(_ event: String, scene: UIScene?, _ fields: [(String, Trace.Value)] = []) {
        trace?.record(event, scene: scene?.session.persistentIdentifier, fields)
        guard !traceObservers.isEmpty else { return }
        var dictionary: [String: Any] = ["event": event]
        if let scene { dictionary["scene"] = scene.session.persistentIdentifier }
        for (key, value) in fields {
            switch value {
            case .string(let text): dictionary[key] = text
            case .number(let number): dictionary[key] = number
            case .bool(let flag): dictionary[key] = flag
            case .null: dictionary[key] = NSNull()
            }
        }
        for observer in traceObservers { observer(event, dictionary) }
    }

    // MARK: Launch and loop

    /// Creates `UIApplication.shared`, runs the delegate's launch methods and connects the first scene.
    public func launch(delegate: any UIApplicationDelegate) {
        application = UIApplication(runtime: self)
        application.delegate = delegate
        _ = delegate.application(application, willFinishLaunchingWithOptions: nil)
        // UIKit connects the first scene right after launch; requests made during launch follow it.
        pendingRequests.insert((UISceneSessionActivationRequest(role: .windowApplication), nil), at: 0)
        _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
    }

    /// Runs the loop for the life of the process, also serving `DispatchQueue.main` and main-actor tasks.
    public func runForever() -> Never {
        loop.driveMainQueue()
        while !isTerminated { turn(maximumWait: nil) }
        exit(0)
    }

    /// Runs turns until `condition` holds or `timeout` seconds pass; returns whether it held. Between
    /// turns it yields, so the caller's main-actor tasks (a test's) keep running.
    public func run(until condition: () -> Bool, timeout: Double = 10) async -> Bool {
        let deadline = monotonicSeconds() + timeout
        while !condition() {
            if isTerminated || monotonicSeconds() > deadline { return condition() }
            turn(maximumWait: 0.005)
            await Task.yield()
        }
        return true
    }

    /// Runs turns for `seconds` (tests: let the window manager and X server settle).
    public func run(for seconds: Double) async {
        let deadline = monotonicSeconds() + seconds
        _ = await run(until: { monotonicSeconds() >= deadline }, timeout: seconds + 1)
    }

    /// One turn: events, requests, frames, then sleep until something happens.
    func turn(maximumWait: Double?) {
        drainEvents()
        processRequests()
        for window in windows where window.needsFrame { window.renderFrame() }
        display.flush()
        let busy = display.pendingEventCount > 0 || !pendingRequests.isEmpty || windows.contains { $0.needsFrame }
        loop.wait(busy: busy, maximumWait: maximumWait)
    }

    /// Reads every queued event before anything is laid out, so only the newest size per window counts.
    private func drainEvents() {
        while XEventsQueued(display.pointer, QueuedAfterReading) > 0 {
            var event = display.nextEvent()
            if desktop.handle(event) { continue }
            let target = event.xany.window
            guard let window = windows.first(where: { $0.xWindow.id == target }) else { continue }
            window.handle(&event)
        }
        for warning in display.takeErrors() { SceneHostLog.warning(warning.message) }
    }

    // MARK: Scenes

    func enqueue(_ request: UISceneSessionActivationRequest, errorHandler: ((any Error) -> Void)?) {
        pendingRequests.append((request, errorHandler))
    }

    private func processRequests() {
        while !pendingRequests.isEmpty {
            let (request, errorHandler) = pendingRequests.removeFirst()
            if let session = request.session, let window = windows.first(where: { $0.scene.session === session }) {
                window.raise()
                continue
            }
            do {
                try connect(request)
            } catch {
                if let errorHandler { errorHandler(error) } else { SceneHostLog.warning("scene activation failed: \(error)") }
            }
        }
    }

    private func connect(_ request: UISceneSessionActivationRequest) throws {
        let options = UIScene.ConnectionOptions(userActivities: request.userActivity.map { [$0] } ?? [])
        let session: UISceneSession
        if let existing = request.session {
            session = existing
        } else {
            let initial = UISceneConfiguration(name: "Default Configuration", sessionRole: request.role)
            session = UISceneSession(role: request.role, configuration: initial)
            if let delegate = application.delegate {
                session.adopt(delegate.application(application, configurationForConnecting: session, options: options))
            }
        }
        let scene = try UIWindowScene.make(for: session, options: options)
        sessions.insert(session)
        let window = SceneWindow(scene: scene, runtime: self)
        windows.append(window)
        window.connect(options: options)
    }

    /// The user closed the window (or the app asked): the scene disconnects and its session is discarded.
    func destroy(_ session: UISceneSession) {
        if let window = windows.first(where: { $0.scene.session === session }) {
            disconnect(window)
        }
        guard sessions.remove(session) != nil else { return }
        application.delegate?.application(application, didDiscardSceneSessions: [session])
        if windows.isEmpty { terminate() }
    }

    private func disconnect(_ window: SceneWindow) {
        window.disconnect()
        windows.removeAll { $0 === window }
    }

    /// Ends the app: scenes disconnect (their sessions are kept), the delegate hears
    /// `applicationWillTerminate`, and the loop stops.
    public func terminate() {
        guard !isTerminated else { return }
        for window in windows { disconnect(window) }
        application.delegate?.applicationWillTerminate(application)
        isTerminated = true
        display.flush()
        onTerminate()
    }

    /// The X window showing `scene` (tests and tools).
    public func xWindow(for scene: UIScene) -> Window? {
        windows.first { $0.scene === scene }?.xWindow.id
    }
}
