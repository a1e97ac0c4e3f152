import Foundation
@_spi(Runtime) import SceneHostCore
import X11
import Cairo

/// The runtime: one X connection, one event loop, one `SceneWindow` per connected scene. It turns X
/// events into scene geometry and lifecycle, runs frames, and keeps the trace.
@_spi(Testing)
@MainActor
public final class SceneRuntime {
    public let display: Display
    let loop: EventLoop
    let trace: Trace?
    let launchTime = monotonicSeconds()
    /// Drags from and to the app's windows (DragAndDropRuntime.swift).
    private(set) var dragAndDrop: DragAndDropRuntime!
    /// The desktop's scale, style, direction and text size, kept current.
    private(set) var desktop: DesktopSettings!
    /// Device pixels per point for every scene.
    var displayScale: CGFloat { desktop.displayScale }
    public private(set) var application: UIApplication!

    // The application holds its runtime unowned: once the runtime is gone, so is `UIApplication.shared`.
    isolated deinit { UIApplication.runtimeDidEnd(application) }
    private(set) var windows: [SceneWindow] = []
    /// Open sessions, in the order they were made (or restored).
    private(set) var sessions: [UISceneSession] = []
    /// The app's scene manifest, when it has one.
    public private(set) var manifest: UIApplicationSceneManifest?
    /// Where open sessions are kept between launches.
    private(set) var store: SessionStore?
    /// The last known window frame (points) of each open session: saved, and used when a restored
    /// session connects.
    private var frames: [String: CGRect] = [:]
    /// Open sessions whose window is maximized: saved, and maximized again when restored.
    private var maximized: Set<String> = []
    /// The saved titles of restored sessions: saved again for a session that has not connected yet
    /// (a launch connects its windows one after another).
    private var savedTitles: [String: String] = [:]
    /// Sessions restored at launch that have not connected yet.
    private var restoring: Set<String> = []
    /// Set while quitting: the state was saved first; the disconnections that follow change nothing.
    private var isTerminating = false
    private var savePending = false
    /// The app's scene requests since the last turn, in the order they were made, with their error handlers.
    var pendingRequests: [(SceneRequest, ((any Error) -> Void)?)] = []
    enum SceneRequest {
        case activate(UISceneSessionActivationRequest)
        case destroy(UISceneSession, UISceneDestructionRequestOptions?)
        case refresh(UISceneSession)
        /// URLs and activities from outside the app: its launch, or a second launch handing them over.
        case external(Handover)
    }
    /// Where a second launch of the app hands over what it was launched with.
    private(set) var instanceChannel: InstanceChannel?
    /// Session identifiers of connected scenes, the most recently active first (routing picks among
    /// several scenes the one the person used last).
    var recentlyActive: [String] = []
    /// Set once the app terminates; the loop stops.
    public private(set) var isTerminated = false
    /// What happens when the last scene closes: `exit(0)` in apps; tests replace it.
    public var onTerminate: () -> Void = { exit(0) }

    /// Connects to `displayName` (nil: `$DISPLAY`). `tracePath` nil reads `SCENEHOST_TRACE`.
    public init(displayName: String?, tracePath: String? = nil) throws(X11Error) {
        display = try Display(name: displayName)
        display.internAtoms(Self.launchAtoms(screen: display.screen))
        loop = EventLoop(xConnection: display.fileDescriptor)
        let path = tracePath ?? EnvironmentVariables()["SCENEHOST_TRACE"]
        trace = path.flatMap { Trace(path: $0, start: monotonicSeconds()) }
        desktop = DesktopSettings(display: display)
        display.selectScreenChangeEvents()
        UIPasteboard.general.backend = SelectionPasteboard(display.selection("CLIPBOARD"))
        UIPasteboard.primarySelection.backend = SelectionPasteboard(display.selection("PRIMARY"))
        dragAndDrop = DragAndDropRuntime(runtime: self)
        desktop.onChange = { [unowned self] in
            updateScreen()
            for window in windows { window.desktopDidChange() }
        }
        updateScreen()
        loop.onMemoryPressure = { [unowned self] in deliverMemoryWarning() }
        // Xlib calls this on the thread that used the connection: the main one.
        Display.connectionLost = { [weak self] in MainActor.assumeIsolated { self?.saveBeforeExit() } }
    }

    /// The atoms a launch uses before its first frame (the desktop's settings, the selections, drag and
    /// drop, the instance channel, a window's properties and sync protocol), interned together: one
    /// round trip to the server instead of one each, some twenty before the first frame. A name left
    /// out costs its own round trip at first use, nothing more.
    static func launchAtoms(screen: Int32) -> [String] {
        ["_XSETTINGS_S\(screen)", "RESOURCE_MANAGER", "CLIPBOARD", "PRIMARY", "XdndSelection", "XdndAware",
         "_SCENEHOST_HANDOVER", "_NET_WM_PID", "CARDINAL", "ATOM", "STRING", "UTF8_STRING", "WM_NAME", "_NET_WM_NAME",
         "WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_SUPPORTED", "_NET_WM_SYNC_REQUEST", "_NET_WM_SYNC_REQUEST_COUNTER",
         "_MOTIF_WM_HINTS"]
    }

    /// `UIScreen.main` is the first monitor, at the desktop's scale.
    private func updateScreen() {
        let monitor = display.monitors()[0]
        UIScreen.main.update(pixelSize: CGSize(width: monitor.width, height: monitor.height), scale: desktop.displayScale,
                             framesPerSecond: display.refreshRate())
    }

    /// The X server went away: what the person did since the last save is saved now (saving reads only
    /// the scenes' state, never the server), then the process exits with status 3.
    private func saveBeforeExit() {
        saveState()
        store?.flush()
    }

    /// Observes trace events in-process (tests), whether or not a trace file is written.
    public func observeTrace(_ observer: @escaping (TraceEvent) -> Void) {
        traceObservers.append(observer)
    }
    private var traceObservers: [(TraceEvent) -> Void] = []
    /// Whether events go anywhere (a trace file or an observer): the busiest ones are not even made
    /// otherwise.
    var isTracing: Bool { trace != nil || !traceObservers.isEmpty }

    func record(_ event: String, scene: UIScene?, _ fields: [(String, Trace.Value)] = []) {
        record(event, session: scene?.session.persistentIdentifier, fields)
    }

    /// A trace event about a session (by its persistent identifier), connected or not.
    func record(_ event: String, session identifier: String?, _ fields: [(String, Trace.Value)] = []) {
        trace?.record(event, scene: identifier, fields)
        guard !traceObservers.isEmpty else { return }
        let traced = TraceEvent(name: event, scene: identifier, fields: fields)
        for observer in traceObservers { observer(traced) }
    }

    // MARK: Launch and loop

    /// Creates `UIApplication.shared`, runs the delegate's launch methods and connects the first scene,
    /// or the sessions saved when the app last quit (from `stateDirectory`, by default
    /// `$XDG_STATE_HOME/<app>`).
    public func launch(delegate: any UIApplicationDelegate, manifest: UIApplicationSceneManifest? = nil,
                       stateDirectory: URL? = nil) {
        Self.useOneAllocatorArena()
        self.manifest = manifest
        for problem in manifest?.problems() ?? [] { SceneHostLog.warning(problem.description) }
        application = UIApplication(runtime: self)
        application.delegate = delegate
        // The main menu is built from UIKit's standard menus by the application, then its delegate.
        UIMenuSystem.main.builders = { [weak application] in
            [application, application?.delegate as? UIResponder].compactMap { $0 }
        }
        UIMenuSystem.main.setNeedsRebuild()
        let program = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? "scenehost"
        store = SessionStore(directory: stateDirectory ?? SessionStore.defaultDirectory(appName: manifest?.applicationName ?? program))
        // The device starts held as a desktop screen stands (landscape), or as SCENEHOST_ORIENTATION says.
        var initial = UIDeviceOrientation.landscapeLeft
        if let name = EnvironmentVariables()["SCENEHOST_ORIENTATION"] {
            if let orientation = [UIDeviceOrientation.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
                .first(where: { $0.description.lowercased() == name.lowercased() }) {
                initial = orientation
            } else {
                SceneHostLog.warning("SCENEHOST_ORIENTATION=\(name) is not an orientation; use portrait, portraitUpsideDown, landscapeLeft or landscapeRight")
            }
        }
        UIDevice.current.simulatedOrientation = initial
        if let name = EnvironmentVariables()["SCENEHOST_IPAD"] {
            if let model = IPadModel(named: name) {
                iPadModel = model
            } else {
                SceneHostLog.warning("SCENEHOST_IPAD=\(name) is not an iPad model; use 12.9, 11, 10.5 or 9.7 (the 12.9-inch is used)")
            }
        }
        // This process is the app's running instance on the display: later launches hand over to it.
        let channel = InstanceChannel(display: display, appName: Self.instanceName(of: type(of: delegate)))
        channel.claim()
        instanceChannel = channel
        // Each run starts with the trace's version and what a replay must set up as it was.
        record("trace", session: nil, [
            ("version", .number(Double(Trace.version))), ("app", .string(program)),
            ("deviceOrientation", .string(initial.description)), ("iPad", .string(iPadModel.name)),
            ("screenWidth", .number(Double(UIScreen.main.bounds.width))), ("screenHeight", .number(Double(UIScreen.main.bounds.height))),
        ])
        _ = delegate.application(application, willFinishLaunchingWithOptions: nil)
        let lost = restoreSessions()
        // UIKit connects the first scene right after launch (unless sessions come back), with the URLs
        // and activities the app was launched with; requests made during launch follow it. Restored
        // scenes take them by their activation conditions, or a new scene opens for them.
        let launched = Handover(urls: UIApplication.launchURLs, activities: UIApplication.launchUserActivities, source: nil)
        if sessions.isEmpty {
            pendingRequests.insert((.external(launched), nil), at: 0)
        } else if !launched.isEmpty {
            pendingRequests.append((.external(launched), nil))
        }
        _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
        // Saved sessions that cannot come back are discarded now, as UIKit reports sessions discarded
        // while the app was not running.
        if !lost.isEmpty {
            delegate.application(application, didDiscardSceneSessions: lost)
            for session in lost { record("sessionDiscarded", session: session.persistentIdentifier) }
        }
    }

    // MARK: The multitasking simulator

    /// The iPad whose multitasking sizes Ctrl+Alt+1 … 6 snap windows to (`SCENEHOST_IPAD`; the 12.9-inch
    /// by default).
    public var iPadModel = IPadModel.pro12_9

    /// Snaps `scene`'s window to `arrangement` on `iPadModel` in the device's orientation (what
    /// Ctrl+Alt+1 … 6 do), or, with nil, gives it back the size it had before (Ctrl+Alt+0).
    public func snap(_ scene: UIScene, to arrangement: IPadModel.Arrangement?) {
        windows.first { $0.scene === scene }?.snap(to: arrangement)
    }

    /// The arrangement `scene`'s window was last snapped to, until it is resized some other way.
    public func arrangement(of scene: UIScene) -> IPadModel.Arrangement? {
        windows.first { $0.scene === scene }?.arrangement
    }

    // MARK: Memory warnings

    /// Tells the app that memory is short, as iOS does: the app delegate's
    /// `applicationDidReceiveMemoryWarning(_:)`, then `UIApplication.didReceiveMemoryWarningNotification`
    /// (decoded images are forgotten), then `didReceiveMemoryWarning()` on every controller in every
    /// scene's windows. The kernel's memory pressure (`MemoryPressure`) calls it, and so do Ctrl+Shift+M
    /// and tests.
    public func deliverMemoryWarning() {
        guard let application else { return }
        record("memoryWarning", session: nil)
        application.delegate?.applicationDidReceiveMemoryWarning(application)
        NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification, object: application)
        for window in windows {
            for uiWindow in window.scene.windows { uiWindow.rootViewController?.forEachControllerInHierarchy { $0.didReceiveMemoryWarning() } }
        }
    }

    // MARK: Device orientation

    /// Turns the simulated device a quarter turn (Ctrl+Right / Ctrl+Left, or tests).
    public func rotateDevice(clockwise: Bool) { setDeviceOrientation(UIDevice.current.simulatedOrientation.turned(clockwise: clockwise)) }

    /// Puts the simulated device in `orientation`; every scene that may follows.
    public func setDeviceOrientation(_ orientation: UIDeviceOrientation) {
        guard orientation != UIDevice.current.simulatedOrientation else { return }
        UIDevice.current.simulatedOrientation = orientation
        record("deviceOrientation", session: nil, [("orientation", .string(orientation.description))])
        let interface = UIInterfaceOrientation(orientation)
        guard interface != .unknown else { return }
        for window in windows { window.deviceDidRotate(to: interface) }
    }

    /// A real screen turned (RandR): the device turns with it. A desktop screen's natural position is
    /// landscape; RandR counts quarter turns counter-clockwise. (Xvfb cannot rotate, so this is the one
    /// source of rotation the tests cannot drive.)
    private func screenDidRotate(_ rotation: ScreenRotation) {
        // Screen changes that are not rotations (a new size) leave the simulated device alone.
        guard rotation != screenRotation else { return }
        screenRotation = rotation
        let orientation: UIDeviceOrientation = switch rotation {
        case .none: .landscapeLeft
        case .quarter: .portrait
        case .half: .landscapeRight
        case .threeQuarters: .portraitUpsideDown
        }
        setDeviceOrientation(orientation)
    }

    /// The orientations the app allows for a scene: its delegate's answer (by default the manifest's
    /// `UISupportedInterfaceOrientations`, else all).
    func supportedOrientations(for scene: UIWindowScene) -> UIInterfaceOrientationMask {
        application.delegate?.application(application, supportedInterfaceOrientationsFor: scene.windows.first)
            ?? manifest?.supportedInterfaceOrientations ?? .all
    }

    /// Saved sessions become open sessions again, each queued to reconnect with its restoration activity.
    /// Returns those that cannot (their configuration is gone), each named in one warning.
    private func restoreSessions() -> Set<UISceneSession> {
        guard let store else { return [] }
        var lost: Set<UISceneSession> = []
        for saved in store.load() {
            let role = UISceneSession.Role(rawValue: saved.role)
            guard let configuration = savedConfiguration(saved, role: role) else {
                lost.insert(UISceneSession(persistentIdentifier: saved.identifier, role: role,
                                           configuration: UISceneConfiguration(name: saved.configurationName, sessionRole: role)))
                continue
            }
            let session = UISceneSession(persistentIdentifier: saved.identifier, role: role, configuration: configuration)
            session.userInfo = saved.userInfo
            session.stateRestorationActivity = saved.activity.flatMap(NSUserActivity.from(propertyList:))
            sessions.append(session)
            frames[saved.identifier] = saved.frame
            if saved.maximized { maximized.insert(saved.identifier) }
            savedTitles[saved.identifier] = saved.title
            restoring.insert(saved.identifier)
            pendingRequests.append((.activate(UISceneSessionActivationRequest(session: session)), nil))
        }
        return lost
    }

    /// The configuration a saved session was made with: from the manifest by name, else from the class
    /// names it was saved with. nil, with a warning, when neither exists any more: the session is
    /// discarded rather than shown as an empty window.
    private func savedConfiguration(_ saved: SavedSession, role: UISceneSession.Role) -> UISceneConfiguration? {
        let shown = saved.title.map { "\"\($0)\" (session \(saved.identifier))" } ?? "session \(saved.identifier)"
        do {
            if let name = saved.configurationName, let manifest, let found = try manifest.configuration(named: name, role: role) {
                return found
            }
        } catch {
            SceneHostLog.warning("the saved scene \(shown) is discarded: \(error)")
            return nil
        }
        let configuration = UISceneConfiguration(name: saved.configurationName, sessionRole: role)
        if let name = saved.delegateClassName {
            guard let delegateClass = _typeByName(name) as? any UISceneDelegate.Type else {
                SceneHostLog.warning("the saved scene \(shown) is discarded: its delegate class \(name) no longer exists")
                return nil
            }
            configuration.delegateClass = delegateClass
        } else if let name = saved.configurationName {
            SceneHostLog.warning("the saved scene \(shown) is discarded: the app has no scene configuration named \"\(name)\" any more")
            return nil
        }
        if let name = saved.sceneClassName { configuration.sceneClass = _typeByName(name) as? UIScene.Type }
        return configuration
    }

    // MARK: Saving

    /// Saves the open sessions now: identity, configuration, title, userInfo, each connected scene's
    /// restoration activity (asked of its delegate) and window frame.
    func saveState() {
        savePending = false
        guard let store, !isTerminating else { return }
        let saved = sessions.map { session -> SavedSession in
            var frame: CGRect?
            let identifier = session.persistentIdentifier
            if let window = windows.first(where: { $0.scene.session === session }) {
                session.stateRestorationActivity = window.scene.delegate?.stateRestorationActivity(for: window.scene)
                // A maximized window keeps the frame it had before: the one it returns to when restored.
                if window.isMaximized { maximized.insert(identifier) } else { maximized.remove(identifier) }
                if !window.isMaximized || frames[identifier] == nil { frames[identifier] = window.systemFrame }
            }
            frame = frames[identifier]
            let configuration = session.configuration
            return SavedSession(identifier: session.persistentIdentifier, role: session.role.rawValue,
                                configurationName: configuration.name, sceneClassName: configuration.sceneClassName,
                                delegateClassName: configuration.delegateClassName, title: session.scene?.title ?? savedTitles[identifier],
                                userInfo: session.userInfo, activity: session.stateRestorationActivity?.propertyList, frame: frame,
                                maximized: maximized.contains(identifier))
        }
        store.save(saved)
    }

    /// Saves once things settle: many changes in a row (a window drag) make one write.
    func scheduleSave() {
        guard store != nil else { return }
        // The frame a maximized window returns to is its last one before: kept at every change, as the
        // save itself may come only once the window is maximized.
        for window in windows where !window.isMaximized { frames[window.scene.session.persistentIdentifier] = window.systemFrame }
        lastChange = monotonicSeconds()
        guard !savePending else { return }
        savePending = true
        saveWhenSettled(after: Self.settleTime)
    }

    /// Saves once nothing has changed for `settleTime` seconds: a window being dragged is saved when
    /// the drag ends, not every half second along the way.
    private func saveWhenSettled(after delay: Double) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.savePending, !self.isTerminated else { return }
                let quiet = monotonicSeconds() - self.lastChange
                if quiet < Self.settleTime { self.saveWhenSettled(after: Self.settleTime - quiet) } else { self.saveState() }
            }
        }
    }
    private static let settleTime = 0.5
    private var lastChange = 0.0

    /// Runs the loop for the life of the process, also serving `DispatchQueue.main` and main-actor tasks.
    public func runForever() -> Never {
        loop.driveMainQueue()
        // Interrupt and terminate quit the app: scenes disconnect, their sessions are saved for the next launch.
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { self.terminate() } }
            source.resume()
            signalSources.append(source)
        }
        while !isTerminated { turn(maximumWait: nil) }
        exit(0)
    }

    private var signalSources: [any DispatchSourceSignal] = []
    private var screenRotation = ScreenRotation.none

    /// From now on `run(until:)` serves `DispatchQueue.main` (and so main-actor tasks) in its turns, as
    /// `runForever()` does, and never yields: the app's loop then runs as in the app, with no
    /// continuation made per turn by the caller. Call only on the main thread, outside any main-queue
    /// block and with nothing else serving the main queue (a task started with `Task.immediate` at the
    /// top of a program, which must not suspend while it drives the runtime: a benchmark's storm).
    public func driveMainQueue() { loop.driveMainQueue() }

    /// Runs turns until `condition` holds or `timeout` seconds pass; returns whether it held. Unless the
    /// loop serves the main queue itself (`driveMainQueue()`), every few milliseconds it yields between
    /// turns, so the caller's other main-actor tasks (a test's) keep running: yielding at every turn
    /// would hand the main actor to another thread and back several times per frame, which a
    /// benchmark would bill to the app.
    public func run(until condition: () -> Bool, timeout: Double = 10) async -> Bool {
        // Turns asked for from a main-queue block that the loop runs would drain the queue within it.
        precondition(!loop.isServingMainQueue, "run(until:) called from main-queue work the runtime's loop runs")
        let yields = !loop.drivesMainQueue
        var deadline = monotonicSeconds() + timeout, lastTurn = monotonicSeconds(), lastYield = lastTurn
        while !condition() {
            // Time the main actor spent on other work between turns (another test's) was not the app's
            // to use: it does not count against the timeout.
            let now = monotonicSeconds()
            if now - lastTurn > 0.1 { deadline += now - lastTurn }
            if isTerminated || now > deadline { return condition() }
            // What the turn did may be what the caller waits for: look before sleeping.
            let busy = work()
            if !condition() { loop.wait(busy: busy, maximumWait: 0.005) }
            lastTurn = monotonicSeconds()
            if yields, lastTurn - lastYield >= 0.004 {
                await Task.yield()
                lastYield = monotonicSeconds()
            }
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
        let busy = work()
        let untilAnimationFrame = nextAnimationFrame.map { max(0, $0 - CACurrentMediaTime()) }
        let untilHeldEnds = requestsHeldUntil.map { max(0, $0 - monotonicSeconds()) }
        loop.wait(busy: busy, maximumWait: [maximumWait, untilAnimationFrame, untilHeldEnds].compactMap { $0 }.min())
    }

    /// How long scene activations wait, at most, for the newest window to show its first frame.
    static let firstShowWait = 0.2

    /// Until when scene activations wait (`monotonicSeconds`), nil when they need not: a window that
    /// connected has not shown its first frame yet (the window manager has not mapped it, or the frame
    /// was not put since), for at most `firstShowWait`. At a launch that opens several windows (the
    /// Gallery's Mail and Settings), the first is drawn, mapped and put on screen before the next scene
    /// is made, instead of every window appearing once all are drawn: the first frame comes sooner by
    /// the later scenes' connection and first frame (a third of the Gallery's CPU to its first frame).
    private var requestsHeldUntil: Double? {
        guard let waiting = windows.last(where: { !$0.hasShownFirstFrame }) else { return nil }
        let deadline = waiting.connectedAt + Self.firstShowWait
        return monotonicSeconds() < deadline ? deadline : nil
    }

    /// Whether the oldest pending request may connect a scene (an activation, or a handover routed to
    /// one), so that it waits while `requestsHeldUntil` says so.
    private var nextRequestMayConnect: Bool {
        switch pendingRequests.first?.0 {
        case .activate?, .external?: true
        default: false
        }
    }

    /// Whether a pending request can be processed now.
    private var hasReadyRequest: Bool {
        !pendingRequests.isEmpty && !(nextRequestMayConnect && requestsHeldUntil != nil)
    }

    /// The display's frame period: RandR's refresh rate, 60 Hz when the server does not say.
    private var framePeriod: Double { 1 / Double(UIScreen.main.maximumFramesPerSecond) }
    /// When the next animation frame is due; nil while nothing animates (the loop then sleeps until
    /// something happens).
    private var nextAnimationFrame: CFTimeInterval?

    /// While animations run or display links are added, makes a frame at each refresh of the display:
    /// fires the links and has every animating scene draw.
    private func paceAnimations() {
        let animating = windows.filter(\.scene.hasRunningAnimations)
        guard !animating.isEmpty || CADisplayLink.isRunning else {
            nextAnimationFrame = nil
            return
        }
        let now = CACurrentMediaTime()
        let due = nextAnimationFrame ?? now
        // Within half a millisecond counts as due: poll's timeout is in whole milliseconds.
        guard now >= due - 0.0005 else { return }
        CADisplayLink.fire(at: now, period: framePeriod)
        for window in animating { window.sceneNeedsFrame() }
        // Keep the display's phase; a frame missed (a long turn) is skipped, not caught up.
        var next = due + framePeriod
        if next <= now { next = now + framePeriod - (now - due).truncatingRemainder(dividingBy: framePeriod) }
        nextAnimationFrame = next
    }

    /// A turn's work; returns whether more is already waiting (the loop must not sleep).
    private func work() -> Bool {
        drainEvents()
        processRequests()
        paceAnimations()
        for window in windows where window.needsFrame { window.renderFrame() }
        for window in windows { window.sendRequestedFrame() }
        // Sends what the turn asked for (a frame's puts and its sync counter among it). Events Xlib has
        // read (in the flush, or in a round trip) wait in its queue, which the loop must not sleep on;
        // anything later waits in the socket, where the loop's poll sees it.
        display.flush()
        return display.hasEvents(reading: false) || hasReadyRequest || windows.contains(where: { $0.needsFrame })
    }

    /// Reads every queued event before anything is laid out, so only the newest size per window counts.
    /// The socket is read (a system call) only when the events read from it so far are used up.
    private func drainEvents() {
        while display.hasEvents(reading: false) || display.hasEvents(reading: true) {
            let event = display.nextEvent()
            if case .screenChanged(let rotation) = event {
                updateScreen()
                screenDidRotate(rotation)
                continue
            }
            if desktop.handle(event) { continue }
            if let payload = instanceChannel?.receive(event) {
                receiveHandover(payload)
                continue
            }
            if dragAndDrop.handleSourceEvent(event) { continue }
            let target = event.window
            guard let window = windows.first(where: { $0.xWindow.id == target || $0.followedFrame == target }) else { continue }
            window.handle(event)
        }
        // Requests made on a window before its destruction by another client was known fail; they
        // are the expected end of that window, not errors to report.
        for error in display.takeErrors() where !closedWindows.contains(Window(error.resourceID)) {
            SceneHostLog.warning(error.message)
        }
    }
    /// Windows of scenes that have closed (X ids are not reused within a connection).
    private var closedWindows: Set<Window> = []

    // MARK: Scenes

    /// Something (a geometry request) waits for the end of the turn; a sleeping loop wakes for it.
    func setNeedsTurn() {
        guard !turnScheduled else { return }
        turnScheduled = true
        DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.turnScheduled = false } }
    }
    private var turnScheduled = false

    /// Opens the new scene `configuration` describes: the one path of `UIWindowSceneActivationInteraction`
    /// (a pinch out), of a drag dropped outside the app's windows carrying an activity, and of a
    /// collection view item whose delegate gave a configuration. The request goes through the usual
    /// activation path (the app delegate chooses the scene's configuration); its options are the
    /// configuration's (defaults when nil) with `requestingScene` set to `scene` when unset. With
    /// `screenPoint` (points, the screen's coordinates: a drop) the window's top edge is centred there.
    func activateScene(with configuration: UIWindowSceneActivationConfiguration, at screenPoint: CGPoint?,
                       requestedBy scene: UIScene?, errorHandler: ((any Error) -> Void)?) {
        let options = configuration.options ?? UIWindowScene.ActivationRequestOptions()
        if options.requestingScene == nil { options.requestingScene = scene }
        let request = UISceneSessionActivationRequest(role: .windowApplication, userActivity: configuration.userActivity, options: options)
        if let screenPoint {
            placements[ObjectIdentifier(request)] = screenPoint
            record("sceneRequestedByDrop", session: nil, [("activityType", .string(configuration.userActivity.activityType)),
                                                         ("x", .number(Double(screenPoint.x))), ("y", .number(Double(screenPoint.y)))])
        }
        enqueue(.activate(request), errorHandler: errorHandler)
    }
    /// Where requests made by drops place their window, by request.
    private var placements: [ObjectIdentifier: CGPoint] = [:]

    /// Queues an activation or destruction request for the next turn, as UIKit's are asynchronous.
    func enqueue(_ request: SceneRequest, errorHandler: ((any Error) -> Void)?) {
        pendingRequests.append((request, errorHandler))
    }

    private func processRequests() {
        while hasReadyRequest {
            let (pending, errorHandler) = pendingRequests.removeFirst()
            // Taken now, so a refused request leaves none behind.
            var placement: CGPoint?
            if case .activate(let activation) = pending { placement = placements.removeValue(forKey: ObjectIdentifier(activation)) }
            let request: UISceneSessionActivationRequest
            switch pending {
            case .activate(let activation):
                request = activation
            case let .destroy(session, options):
                guard sessions.contains(session) else {
                    let error = UISceneError(.requestDenied, "the scene session \(session.persistentIdentifier) is not open (closed or discarded already); ask to destroy a session of UIApplication.shared.openSessions")
                    if let errorHandler { errorHandler(error) } else { SceneHostLog.warning(error.description) }
                    continue
                }
                let animation = (options as? UIWindowSceneDestructionRequestOptions)?.windowDismissalAnimation ?? .standard
                record("sessionDestructionRequested", session: session.persistentIdentifier, [("windowDismissalAnimation", .number(Double(animation.rawValue)))])
                destroy(session)
                continue
            case .refresh(let session):
                refresh(session)
                continue
            case .external(let handover):
                route(handover)
                continue
            }
            if let session = request.session, !sessions.contains(session) {
                let error = UISceneError(.requestDenied, "the scene session \(session.persistentIdentifier) was discarded (its scene was closed); ask for a new scene with UISceneSessionActivationRequest(role:userActivity:options:)")
                if let errorHandler { errorHandler(error) } else { SceneHostLog.warning(error.description) }
                continue
            }
            if let session = request.session, let window = windows.first(where: { $0.scene.session === session }) {
                window.raise()
                // The scene is connected already: its delegate continues the activity, as in UIKit.
                if let activity = request.userActivity { window.scene.delegate?.scene(window.scene, continue: activity) }
                continue
            }
            // A request without a session goes to a connected scene of its role that prefers what it is
            // aimed at (its activation conditions), which continues the activity.
            if request.session == nil,
               let scene = SceneActivationRouting.preferredScene(for: request.targetContentIdentifier, role: request.role, among: scenesByRecency) {
                deliver(activities: request.userActivity.map { [$0] } ?? [], urls: [], to: scene, identifier: request.targetContentIdentifier)
                continue
            }
            if request.session == nil, manifest?.supportsMultipleScenes == false, !windows.isEmpty {
                let error = UISceneError(.multipleScenesNotSupported, "the app supports one scene: UIApplicationSupportsMultipleScenes is false in \(manifest?.source ?? "its manifest"); set it to true to open more")
                if let errorHandler { errorHandler(error) } else { SceneHostLog.warning(error.description) }
                continue
            }
            do {
                try connect(request, placement: placement)
            } catch {
                if let errorHandler { errorHandler(error) } else { SceneHostLog.warning("scene activation failed: \(error)") }
            }
        }
    }

    /// Connects a new session (its configuration from the manifest's default for the role, then the app
    /// delegate's choice: a configuration it names without classes takes them from the manifest) or an
    /// existing one (restored, or disconnected).
    func connect(_ request: UISceneSessionActivationRequest, urlContexts: Set<UIOpenURLContext> = [], placement: CGPoint? = nil) throws {
        let options = UIScene.ConnectionOptions(userActivities: request.userActivity.map { [$0] } ?? [], urlContexts: urlContexts)
        let session: UISceneSession
        var isRestoring = false
        var chosen: UISceneConfiguration?
        if let existing = request.session {
            session = existing
            isRestoring = restoring.remove(existing.persistentIdentifier) != nil
        } else {
            let initial = try manifest?.defaultConfiguration(for: request.role)
                ?? UISceneConfiguration(name: "Default Configuration", sessionRole: request.role)
            session = UISceneSession(role: request.role, configuration: initial)
            if let delegate = application.delegate {
                chosen = delegate.application(application, configurationForConnecting: session, options: options)
                // A configuration that only names one: the manifest's of that name.
                if let only = chosen, only.delegateClass == nil, only.sceneClass == nil, let name = only.name, let manifest,
                   let named = try manifest.configuration(named: name, role: request.role) {
                    chosen = named
                }
            }
        }
        let scene = try UIWindowScene.make(for: session, adopting: chosen, options: options)
        if !sessions.contains(session) { sessions.append(session) }
        var frame = isRestoring ? frames[session.persistentIdentifier] : nil
        var dropped = false
        if let point = placement {
            // The window centres itself on the point once its size is known (SceneWindow.connect).
            frame = CGRect(origin: point, size: SceneWindow.defaultSize)
            dropped = true
        }
        let window = SceneWindow(scene: scene, runtime: self, frame: frame, dropped: dropped)
        windows.append(window)
        if isRestoring, maximized.contains(session.persistentIdentifier) {
            // Set before the window is mapped, as EWMH asks of a withdrawn window: the window manager
            // maximizes it as it takes it, and restores it to the saved frame when asked.
            display.setCardinalProperty(window.xWindow.id, "_NET_WM_STATE",
                                        ["_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ"].map { UInt(display.atom($0)) }, type: "ATOM")
        }
        window.connect(options: options)
        if isRestoring, let activity = session.stateRestorationActivity {
            scene.delegate?.scene(scene, restoreInteractionStateWith: activity)
            record("sessionRestored", scene: scene, [("activityType", .string(activity.activityType))])
        } else if isRestoring {
            record("sessionRestored", scene: scene)
        }
        // Saved once things settle, not now: at a launch the scenes connect before their first frames,
        // and encoding and writing the sessions (some 3 ms of CPU) can wait until after them.
        scheduleSave()
    }

    /// The user closed the window (or the app asked): the scene disconnects and its session is discarded.
    func destroy(_ session: UISceneSession) {
        if let window = windows.first(where: { $0.scene.session === session }) {
            disconnect(window)
        }
        guard sessions.contains(session) else { return }
        sessions.removeAll { $0 === session }
        recentlyActive.removeAll { $0 == session.persistentIdentifier }
        frames[session.persistentIdentifier] = nil
        maximized.remove(session.persistentIdentifier)
        savedTitles[session.persistentIdentifier] = nil
        application.delegate?.application(application, didDiscardSceneSessions: [session])
        record("sessionDiscarded", session: session.persistentIdentifier)
        saveState()
        if windows.isEmpty { terminate() }
    }

    private func disconnect(_ window: SceneWindow) {
        closedWindows.insert(window.xWindow.id)
        window.disconnect()
        windows.removeAll { $0 === window }
        releaseFreedMemorySoon()
    }

    /// A closed scene frees a few megabytes in pieces (its views, drawings and text), and so does a
    /// window whose size settled (what it laid out and drew at the sizes it went through), which glibc's
    /// allocator keeps for reuse rather than giving back: asked once the turn's frames are done, it
    /// returns the free pages to the system (about half of what a stream of opened and closed windows
    /// would otherwise keep; see `Benchmarks storm`). Shaped lines only the cache holds go first, as
    /// they would keep pages otherwise free.
    func releaseFreedMemorySoon() {
        guard !trimScheduled, let trim = Self.mallocTrim else { return }
        trimScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                self?.trimScheduled = false
                let start = monotonicSeconds()
                TextLayout.forgetUnusedShapedLines()
                _ = trim(0)
                Self.trims += 1
                Self.trimSeconds += monotonicSeconds() - start
            }
        }
    }
    /// How many times the runtime gave freed memory back to the system (`Benchmarks storm`, tests).
    public private(set) static var trims = 0
    /// The time those trims took, in seconds (`Benchmarks storm`).
    public private(set) static var trimSeconds = 0.0
    private var trimScheduled = false

    /// glibc gives each thread that allocates while another does an arena of its own (up to eight per
    /// core), and memory freed in one is trimmed less well: the app allocates on the main thread almost
    /// only, and after thousands of window actions one arena keeps about 6 MB (a third) less resident
    /// (`Benchmarks storm`, `MALLOC_ARENA_MAX=1` against the default). A value the person set wins.
    private static func useOneAllocatorArena() {
        guard getenv("MALLOC_ARENA_MAX") == nil,
              let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let arenaMaximum: Int32 = -8 // glibc's M_ARENA_MAX
        _ = mallopt(arenaMaximum, 1)
    }
    /// glibc's `malloc_trim`, where the C library has it.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
        .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }

    /// Ends the app: scenes disconnect (their sessions are kept), the delegate hears
    /// `applicationWillTerminate`, and the loop stops.
    public func terminate() {
        guard !isTerminated else { return }
        saveState()
        store?.flush()
        isTerminating = true
        for window in windows { disconnect(window) }
        application.delegate?.applicationWillTerminate(application)
        isTerminated = true
        display.flush()
        onTerminate()
    }

    /// Whether the window manager holds its keyboard grab (a person dragging a window's frame), as the
    /// app's focused window saw it (FocusOut NotifyGrab … FocusIn NotifyUngrab).
    private(set) var windowManagerGrab = false

    func windowManagerGrabDidChange(_ grabbed: Bool) {
        guard grabbed != windowManagerGrab else { return }
        windowManagerGrab = grabbed
        if !grabbed { for window in windows { window.windowManagerGrabEnded() } }
    }

    /// Whether the app has nothing left to do for what it was sent: no event waiting (in Xlib's queue or
    /// the socket), no scene request, no frame to draw. A replay waits for it after each event it plays.
    public var isIdle: Bool {
        !display.hasEvents(reading: true) && pendingRequests.isEmpty && !windows.contains(where: \.needsFrame)
    }

    /// `scene`'s effective geometry and system traits now, with the fields of the trace's `geometry`
    /// and `traits` events (a replay compares them with a trace's last ones); nil for a scene that is
    /// not connected.
    public func traceState(of scene: UIScene) -> (geometry: TraceEvent, traits: TraceEvent)? {
        guard let window = windows.first(where: { $0.scene === scene }) else { return nil }
        let identifier = scene.session.persistentIdentifier
        return (TraceEvent(name: "geometry", scene: identifier, fields: window.geometryFields),
                TraceEvent(name: "traits", scene: identifier, fields: window.traitFields()))
    }

    /// The X window showing `scene` (tests and tools).
    public func xWindow(for scene: UIScene) -> Window? {
        windows.first { $0.scene === scene }?.xWindow.id
    }
}
