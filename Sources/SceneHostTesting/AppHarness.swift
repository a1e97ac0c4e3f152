import Foundation
@_spi(Testing) import SceneHost
import X11

/// Runs an app in the test process on a private virtual display: launch it, drive the shared event
/// loop while the test waits, and read what the runtime traced.
///
/// The app becomes `UIApplication.shared`, so tests using a harness must not run in parallel with each
/// other (put them in a `.serialized` suite).
@MainActor
public final class AppHarness {
    public let virtualDisplay: VirtualDisplay
    /// Released before the virtual display, so the app's connection closes while the server still runs.
    private var runtime: SceneRuntime!
    /// Every trace event so far, in order, as written to the trace file (`event`, `scene` and fields).
    public var events: [[String: Any]] {
        // Made from the recorded events as they are first read: recording stays cheap for the app.
        while readableEvents.count < traceEvents.count { readableEvents.append(traceEvents[readableEvents.count].dictionary) }
        return readableEvents
    }
    private var readableEvents: [[String: Any]] = []
    /// Every trace event so far, in order, as recorded (cheaper to scan than `events`).
    public private(set) var traceEvents: [TraceEvent] = []

    /// Where the app keeps its sessions between launches: a fresh folder for each harness unless given,
    /// so tests never see each other's (or the user's) saved scenes. A fresh one goes with the harness.
    public let stateDirectory: URL
    private let ownsStateDirectory: Bool
    private let delegateClass: any UIApplicationDelegate.Type
    private let manifest: UIApplicationSceneManifest?
    /// Where the app writes its trace file, as `SCENEHOST_TRACE` would have it (nil: that variable's).
    public let tracePath: String?

    /// Whether the app's loop serves `DispatchQueue.main` itself while the harness drives it, as in the
    /// app (see `init`).
    public let drivesMainQueue: Bool

    /// Starts a virtual display managed by `windowManager` (unless given a display) and launches
    /// `delegateClass` on it. `tracePath` appends the trace to that file (as `SCENEHOST_TRACE`
    /// does for an app), for a replay (`replay(_:pace:)`).
    ///
    /// `drivesMainQueue`: the app's loop serves the main queue (and so main-actor tasks) in its turns,
    /// on the main thread as the app's own loop does, and `run(until:)` never yields, so the harness
    /// makes no continuation per turn of its own. Only for work that `MainQueueDriver` started and that
    /// has not suspended (`MainQueueDriver.runsOutsideMainQueue`) and never suspends while the harness
    /// runs: a benchmark measuring memory. Tests leave it off (their main queue is the test runner's).
    public init(_ delegateClass: any UIApplicationDelegate.Type, display: VirtualDisplay? = nil,
                windowManager: VirtualDisplay.WindowManager = .openbox,
                manifest: UIApplicationSceneManifest? = nil, stateDirectory: URL? = nil, tracePath: String? = nil,
                drivesMainQueue: Bool = false) throws {
        precondition(!drivesMainQueue || MainQueueDriver.runsOutsideMainQueue,
                     "AppHarness(drivesMainQueue:) outside work that MainQueueDriver runs outside the main queue")
        self.drivesMainQueue = drivesMainQueue
        virtualDisplay = try display ?? VirtualDisplay(windowManager: windowManager)
        self.delegateClass = delegateClass
        self.manifest = manifest
        self.tracePath = tracePath
        self.stateDirectory = stateDirectory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("scenehost-state-\(getpid())-\(UUID().uuidString)")
        ownsStateDirectory = stateDirectory == nil
        try launch()
    }

    private func launch() throws {
        runtime = try SceneRuntime(displayName: virtualDisplay.name, tracePath: tracePath)
        // The app's connection keeps the server running for as long as anything holds the connection.
        runtime.display.owner = virtualDisplay
        runtime.onTerminate = {}
        runtime.observeTrace { [weak self] event in self?.traceEvents.append(event) }
        if drivesMainQueue { runtime.driveMainQueue() }
        runtime.launch(delegate: delegateClass.init(), manifest: manifest, stateDirectory: stateDirectory)
    }

    /// Turns the app's simulated device a quarter turn, as Ctrl+Right (clockwise) or Ctrl+Left do.
    public func rotateDevice(clockwise: Bool) { runtime.rotateDevice(clockwise: clockwise) }

    /// The iPad model the multitasking simulator snaps to (`SCENEHOST_IPAD` in an app).
    public var iPadModel: IPadModel {
        get { runtime.iPadModel }
        set { runtime.iPadModel = newValue }
    }

    /// Snaps `scene`'s window to `arrangement` of `iPadModel` in the device's orientation, as Ctrl+Alt+1
    /// … 6 do; nil gives it back its free size, as Ctrl+Alt+0.
    public func snap(_ scene: UIScene, to arrangement: IPadModel.Arrangement?) { runtime.snap(scene, to: arrangement) }

    /// Puts the app's simulated device in `orientation`.
    public func setDeviceOrientation(_ orientation: UIDeviceOrientation) { runtime.setDeviceOrientation(orientation) }

    /// Quits the app as SIGTERM does (scenes disconnect; their sessions are saved).
    public func quit() { runtime.terminate() }

    /// Quits and launches the app again in the same process, on the same display and state folder:
    /// saved sessions come back. Events start afresh.
    public func relaunch() throws {
        runtime.terminate()
        runtime = nil
        clearEvents()
        try launch()
    }

    isolated deinit {
        runtime.terminate()
        runtime = nil
        // Quitting saved the sessions there: nothing of a fresh folder outlives the harness.
        if ownsStateDirectory { try? FileManager.default.removeItem(at: stateDirectory) }
    }

    public var application: UIApplication { runtime.application }
    /// The app's connection to the display (to inspect its windows as the app sees them).
    public var display: Display { runtime.display }
    public var isTerminated: Bool { runtime.isTerminated }

    /// Connected window scenes, in the order they connected.
    public var scenes: [UIWindowScene] {
        application.connectedScenes.compactMap { $0 as? UIWindowScene }
            .sorted { (runtime.xWindow(for: $0) ?? 0) < (runtime.xWindow(for: $1) ?? 0) }
    }

    public func scene(titled title: String) -> UIWindowScene? { scenes.first { $0.title == title } }

    /// `scene`'s effective geometry and system traits now, as the trace's `geometry` and `traits`
    /// events give them.
    func traceState(of scene: UIScene) -> (geometry: TraceEvent, traits: TraceEvent)? { runtime.traceState(of: scene) }

    /// Whether the app has handled everything sent to it so far and has no frame to draw.
    var isIdle: Bool { runtime.isIdle }

    /// The X window showing `scene`.
    public func window(of scene: UIScene) -> Window? { runtime.xWindow(for: scene) }

    /// Drives the loop until `condition` holds; false if `timeout` seconds passed first.
    @discardableResult
    public func run(until condition: () -> Bool, timeout: Double = 10) async -> Bool {
        // A suspension since the harness began put the caller inside a main-queue block: the app's loop
        // would then drain the queue within it.
        precondition(!drivesMainQueue || !MainQueueDriver.isServingMainQueue,
                     "an AppHarness that drives the main queue was driven from a main-queue block (the work suspended)")
        return await runtime.run(until: condition, timeout: timeout)
    }

    /// Drives the loop for `seconds`.
    public func run(for seconds: Double) async { await runtime.run(for: seconds) }

    /// Waits until `count` scenes are connected, in the foreground (one of them active: the one with
    /// keyboard focus) and each has presented a frame. On a
    /// timeout it prints what it saw, to tell a slow machine from a stuck scene.
    @discardableResult
    public func waitForScenes(_ count: Int, timeout: Double = 20) async -> Bool {
        let ready = await run(until: {
            let scenes = self.scenes
            return scenes.count >= count && scenes.allSatisfy { scene in
                (scene.activationState == .foregroundActive || scene.activationState == .foregroundInactive)
                    && self.events(of: "frame", scene: scene).count > 0
            }
        }, timeout: timeout)
        if !ready {
            let states = scenes.map { "\($0.title ?? "?"): \($0.activationState), \(events(of: "frame", scene: $0).count) frames, window \(window(of: $0).map { String($0, radix: 16) } ?? "none") viewable \(window(of: $0).map(display.isViewable) ?? false)" }
            print("AppHarness: \(scenes.count) of \(count) scenes ready after \(timeout) s: \(states.joined(separator: "; "))")
        }
        return ready
    }

    /// Trace events named `name`, for `scene` if given.
    public func events(of name: String, scene: UIScene? = nil) -> [[String: Any]] {
        events.filter { $0["event"] as? String == name && (scene == nil || $0["scene"] as? String == scene?.session.persistentIdentifier) }
    }

    /// Forgets the events so far (to look only at what an action causes).
    public func clearEvents() {
        traceEvents.removeAll()
        readableEvents.removeAll()
    }

    /// The client area of `scene`'s window as the X server shows it.
    public func screenshot(_ scene: UIScene) throws -> ImageSurface {
        guard let window = window(of: scene) else { throw X11Error("the scene \(scene.title ?? "") has no window") }
        return try Screenshot.capture(window: window, on: display)
    }
}
