import Foundation
@_spi(Testing) import SceneHost
import X11

/// How a replay paces what it plays back.
public enum ReplayPace: Sendable {
    /// At the recorded times (from the first event played), each event also waiting for the app to
    /// have handled the one before.
    case recorded
    /// Each event as soon as the app has handled the one before (its events read, its frames drawn, a
    /// resize's new size reached): fastest, for tests.
    case asFastAsAcknowledged
}

/// A way the replay's end differs from the recording's: a field of a scene's last geometry or traits,
/// or a scene open in one and not the other.
public struct ReplayDifference: CustomStringConvertible, Sendable, Equatable {
    /// The scene, as "Mail (scene 2)": its title and its place in the order scenes connected.
    public let scene: String
    /// The trace's name of the field (`width`, `horizontalSizeClass` …), or `window`.
    public let field: String
    public let recorded: String
    public let replayed: String

    public var description: String { "\(scene): \(field) is \(replayed) in the replay, \(recorded) in the recording" }
}

/// What a replay did and how its end compares with the recording's.
public struct ReplayResult: Sendable {
    /// Empty when every scene ends in the recorded geometry and traits.
    public let differences: [ReplayDifference]
    /// Events played back (input, window manager requests, device turns).
    public let eventsPlayed: Int
    /// What the replay could not do as recorded (an event for a scene that never opened, a touch it
    /// cannot play), one line each.
    public let notes: [String]

    public var matches: Bool { differences.isEmpty }
}

extension AppHarness {
    /// Plays `trace` back on this harness's app (launched, on its private display): opens the scenes
    /// the trace's start names (matched to those the app opened itself by configuration name, others
    /// asked for with the recorded activity type, extra ones closed), plays the input with XTest and
    /// the window manager's requests as the X requests a window manager or pager makes
    /// (ConfigureWindow, WM_DELETE_WINDOW, `_NET_ACTIVE_WINDOW`, iconify, `_NET_WM_STATE`) at `pace`,
    /// then compares each scene's geometry and traits with the trace's last ones.
    ///
    /// The app should be the one that recorded the trace, launched with the same environment
    /// (`SCENEHOST_SCALE`, `SCENEHOST_STYLE` … are not set by the replay; a difference shows in the result).
    public func replay(_ trace: TraceRecording, pace: ReplayPace = .recorded) async throws -> ReplayResult {
        let player = try TracePlayer(app: self, trace: trace, pace: pace)
        return await player.play()
    }

    /// Reads the trace at `url` (`TraceRecording.Problem` says why one cannot be replayed) and plays it
    /// back, as `replay(_:pace:)`.
    public func replay(contentsOf url: URL, pace: ReplayPace = .recorded) async throws -> ReplayResult {
        try await replay(TraceRecording(contentsOf: url), pace: pace)
    }
}

/// Plays one trace back on one harness.
@MainActor
final class TracePlayer {
    private let app: AppHarness
    private let trace: TraceRecording
    private let pace: ReplayPace
    /// A connection of its own, as a person's devices and the window manager's requests come from
    /// outside the app.
    private let input: Display
    /// The replay's scene for each recorded session identifier.
    private var scenes: [String: UIWindowScene] = [:]
    /// Recorded sessions whose scene did not connect in the replay.
    private var missing: Set<String> = []
    private var differences: [ReplayDifference] = []
    private var notes: [String] = []
    private var played = 0
    /// Recorded sessions whose events could not be played (said once each).
    private var unplayable: Set<String> = []
    /// The recorded `windowFill` of each scene so far, to send only what changed.
    private var fills: [String: (maximized: Bool, fullScreen: Bool)] = [:]

    init(app: AppHarness, trace: TraceRecording, pace: ReplayPace) throws {
        self.app = app
        self.trace = trace
        self.pace = pace
        input = try app.virtualDisplay.connect()
        guard input.hasXTest else { throw X11Error("the X server \(input.name) has no XTEST extension, which a replay needs") }
        // The recorded presses include the auto-repeated ones: the server must not add its own while a
        // replayed key is down and the app is busy.
        input.setAutoRepeat(false)
    }

    func play() async -> ReplayResult {
        if trace.runCount > 1 { notes.append("\(trace.source) holds \(trace.runCount) runs; the last one is replayed") }
        setUpDevice()
        await openStartScenes()
        let start = Set(trace.startScenes.map(\.identifier))
        let playable = trace.events.dropFirst().filter { event in
            event.name != "sceneWillConnect" || !start.contains(event.scene ?? "")
        }.filter { Self.played.contains($0.name) }
        let clockStart = monotonicNow()
        let firstTime = playable.first?.time ?? 0
        for event in playable {
            if pace == .recorded {
                let due = clockStart + (event.time - firstTime)
                let wait = due - monotonicNow()
                if wait > 0 { await app.run(for: wait) }
            }
            await playEvent(event)
        }
        await settle()
        input.setAutoRepeat(true)
        input.sync()
        return ReplayResult(differences: differences + compareEnd(), eventsPlayed: played, notes: notes)
    }

    /// The events a replay acts on; the others (frames, geometry, traits, lifecycle) are what the app
    /// makes of them.
    private static let played: Set<String> = TraceRecording.inputEvents.union([
        "configure", "focus", "windowState", "windowFill", "closeRequest", "deviceOrientation", "sceneWillConnect",
    ])

    // MARK: Start

    /// The iPad model and the device's orientation the recording started with.
    private func setUpDevice() {
        let header = trace.header
        if let name = header.string("iPad"), let model = IPadModel(named: name) { app.iPadModel = model }
        if let name = header.string("deviceOrientation"), let orientation = Self.deviceOrientation(named: name) {
            app.setDeviceOrientation(orientation)
        }
    }

    private static func deviceOrientation(named name: String) -> UIDeviceOrientation? {
        (0...6).compactMap(UIDeviceOrientation.init(rawValue:)).first { $0.description == name }
    }

    /// Pairs the trace's start scenes with the app's own (by configuration name, in order), asks for
    /// those it lacks and closes those the recording did not start with.
    private func openStartScenes() async {
        let start = trace.startScenes
        // The app opens its first scenes by itself right after launch.
        await app.run(until: { self.app.scenes.count >= start.count }, timeout: 5)
        await app.run(for: 0.2)
        var unpaired = app.scenes
        for recorded in start {
            if let index = unpaired.firstIndex(where: { $0.session.configuration.name == recorded.configuration }) {
                scenes[recorded.identifier] = unpaired.remove(at: index)
                continue
            }
            let activity = recorded.activityType.map { NSUserActivity(activityType: $0) }
            let role = recorded.role.map(UISceneSession.Role.init(rawValue:)) ?? .windowApplication
            app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: role, userActivity: activity))
            await pairNextScene(with: recorded)
        }
        for extra in unpaired { app.application.requestSceneSessionDestruction(extra.session, options: nil) }
        let wanted = Array(scenes.values)
        await app.run(until: {
            wanted.allSatisfy { self.app.events(of: "frame", scene: $0).count > 0 } && unpaired.allSatisfy { $0.activationState == .unattached || !self.app.scenes.contains($0) }
        }, timeout: 10)
    }

    /// Waits for a scene the replay has not paired yet to connect, and pairs it with `recorded`.
    private func pairNextScene(with recorded: TraceRecording.Scene) async {
        let paired = Set(scenes.values.map(ObjectIdentifier.init))
        let opened = await app.run(until: { self.app.scenes.contains { !paired.contains(ObjectIdentifier($0)) } }, timeout: 5)
        guard opened, let scene = app.scenes.first(where: { !paired.contains(ObjectIdentifier($0)) }) else {
            missing.insert(recorded.identifier)
            differences.append(ReplayDifference(scene: label(recorded.identifier), field: "window", recorded: "opened at \(Self.seconds(recorded.time))",
                                                replayed: "never opened"))
            return
        }
        scenes[recorded.identifier] = scene
    }

    // MARK: Playing

    private func playEvent(_ event: TraceRecording.Event) async {
        if event.name == "deviceOrientation" {
            if let name = event.string("orientation"), let orientation = Self.deviceOrientation(named: name) {
                app.setDeviceOrientation(orientation)
                played += 1
            }
            await acknowledge()
            return
        }
        guard let identifier = event.scene else { return }
        if event.name == "sceneWillConnect" {
            if let recorded = trace.scenes.first(where: { $0.identifier == identifier }) { await pairNextScene(with: recorded) }
            return
        }
        guard let scene = scenes[identifier], let window = app.window(of: scene) else {
            if unplayable.insert(identifier).inserted {
                notes.append("the events for \(label(identifier)) from line \(event.line) on are left out: it is not open in the replay")
            }
            return
        }
        let scale = scene.traitCollection.displayScale
        func pixels(_ key: String) -> Int { Int(((event.number(key) ?? 0) * scale).rounded()) }
        switch event.name {
        case "configure":
            let target = CGRect(x: event.number("x") ?? 0, y: event.number("y") ?? 0, width: event.number("width") ?? 0, height: event.number("height") ?? 0)
            guard scene.effectiveGeometry.systemFrame != target else { return }
            input.moveResize(window, x: pixels("x"), y: pixels("y"), width: pixels("width"), height: pixels("height"))
            input.flush()
            played += 1
            // The acknowledgement of a resize is the scene at the new size (a window manager may refuse it).
            await app.run(until: { scene.effectiveGeometry.systemFrame == target || !self.app.scenes.contains(scene) }, timeout: 1)
        case "key":
            let pressed = event.bool("pressed") ?? true
            if pressed { await focus(scene, window) }
            let keysym = KeySym(rawValue: UInt(event.number("keysym") ?? 0))
            if keysym.rawValue != 0 { input.fakeKey(keysym: keysym, pressed: pressed) }
            else if let code = event.number("code") { input.fakeKey(code: UInt32(code), pressed: pressed) }
            played += 1
        case "pointerMotion", "pointerButton", "pointerScroll":
            guard let origin = input.rootPosition(window) else { return }
            input.fakeMotion(x: origin.x + pixels("x"), y: origin.y + pixels("y"))
            if event.name == "pointerButton", let button = event.number("button") {
                input.fakeButton(UInt32(button), pressed: event.bool("pressed") ?? true)
            } else if event.name == "pointerScroll" {
                // XTest has no smooth scrolling: whole wheel steps (buttons 4–7), a fraction rounded.
                let dx = Int((event.number("dx") ?? 0).rounded()), dy = Int((event.number("dy") ?? 0).rounded())
                if (dx, dy) == (0, 0) { notes.append("line \(event.line): a smooth scroll of less than half a wheel step is left out") }
                for _ in 0..<abs(dy) { click(dy > 0 ? 5 : 4) }
                for _ in 0..<abs(dx) { click(dx > 0 ? 7 : 6) }
            }
            played += 1
        case "focus":
            guard event.bool("focused") == true else { return }
            await focus(scene, window)
            played += 1
        case "windowState":
            switch event.string("state") {
            case "iconic": input.iconify(window)
            case "normal" where scene.activationState == .background: input.activate(window, source: 2)
            default: return
            }
            played += 1
        case "windowFill":
            let fill = (maximized: event.bool("maximized") ?? false, fullScreen: event.bool("fullScreen") ?? false)
            let before = fills[identifier] ?? (false, false)
            fills[identifier] = fill
            if fill.maximized != before.maximized { input.setMaximized(window, fill.maximized) }
            if fill.fullScreen != before.fullScreen { input.setFullScreen(window, fill.fullScreen) }
            played += 1
        case "closeRequest":
            input.sendDeleteRequest(window)
            input.flush()
            played += 1
            await app.run(until: { !self.app.scenes.contains(scene) }, timeout: 2)
        default:
            return
        }
        await acknowledge()
    }

    private func click(_ button: UInt32) {
        input.fakeButton(button, pressed: true)
        input.fakeButton(button, pressed: false)
    }

    /// Gives `scene`'s window the keyboard focus, as a pager does, unless it has it.
    private func focus(_ scene: UIWindowScene, _ window: Window) async {
        guard scene.activationState != .foregroundActive else { return }
        input.activate(window, source: 2)
        input.flush()
        await app.run(until: { scene.activationState == .foregroundActive }, timeout: 1)
    }

    /// Waits until the server has handled what was sent, and the app everything it got since.
    private func acknowledge() async {
        input.sync()
        await app.run(until: { self.app.isIdle }, timeout: 1)
    }

    /// After the last event: lets the window manager and the app finish (a burst of resizes ends
    /// 200 ms after its last step), until every scene is as recorded or 3 seconds have passed.
    private func settle() async {
        await app.run(for: 0.3)
        _ = await app.run(until: { self.compareEnd().isEmpty && self.app.isIdle }, timeout: 3)
    }

    // MARK: The end

    private func label(_ identifier: String) -> String {
        let all = trace.scenes
        guard let index = all.firstIndex(where: { $0.identifier == identifier }) else { return "scene \(identifier)" }
        return "\(all[index].title.isEmpty ? "untitled" : all[index].title) (scene \(index + 1))"
    }

    /// Each recorded scene's end against the replay's: open or closed, then the last geometry (but
    /// `systemFrame`, which repeats `x` … `height`) and traits.
    private func compareEnd() -> [ReplayDifference] {
        var found: [ReplayDifference] = []
        let closed = trace.closedScenes
        let open = app.scenes
        for recorded in trace.scenes where !missing.contains(recorded.identifier) {
            let name = label(recorded.identifier)
            let replayed = scenes[recorded.identifier]
            let isOpen = replayed.map { scene in open.contains { $0 === scene } } ?? false
            if closed.contains(recorded.identifier) {
                if isOpen { found.append(ReplayDifference(scene: name, field: "window", recorded: "closed", replayed: "open")) }
                continue
            }
            guard isOpen, let scene = replayed, let now = app.traceState(of: scene) else {
                found.append(ReplayDifference(scene: name, field: "window", recorded: "open", replayed: "closed"))
                continue
            }
            guard let last = trace.lastState(of: recorded.identifier) else { continue }
            let geometry = now.geometry.dictionary, traits = now.traits.dictionary
            for key in last.geometry.keys.sorted() where key != "systemFrame" {
                if let difference = Self.compare(key, last.geometry[key], geometry[key]) {
                    found.append(ReplayDifference(scene: name, field: key, recorded: difference.recorded, replayed: difference.replayed))
                }
            }
            for key in last.traits.keys.sorted() {
                if let difference = Self.compare(key, last.traits[key], traits[key]) {
                    found.append(ReplayDifference(scene: name, field: key, recorded: difference.recorded, replayed: difference.replayed))
                }
            }
        }
        let paired = Set(scenes.values.map(ObjectIdentifier.init))
        for (index, extra) in open.enumerated() where !paired.contains(ObjectIdentifier(extra)) {
            found.append(ReplayDifference(scene: "\(extra.title ?? "untitled") (replay only, window \(index + 1))", field: "window",
                                          recorded: "not open", replayed: "open"))
        }
        return found
    }

    /// nil when the recorded value (from JSON) and the replayed one (from the runtime: `Double`,
    /// `Bool`, `String`, `[Double]`, `NSNull`) agree, numbers within 0.01; else both as the trace
    /// writes them.
    private static func compare(_ key: String, _ recorded: Any?, _ replayed: Any?) -> (recorded: String, replayed: String)? {
        switch replayed {
        case let number as Double:
            let other = recorded.flatMap(Self.number)
            if let other, abs(other - number) < 0.01 { return nil }
            return (other.map(format) ?? show(recorded), format(number))
        case let numbers as [Double]:
            let others = (recorded as? [Any])?.compactMap(Self.number) ?? []
            if others.count == numbers.count, zip(others, numbers).allSatisfy({ abs($0 - $1) < 0.01 }) { return nil }
            return (show(recorded), show(numbers))
        case let flag as Bool:
            let other = recorded as? Bool ?? (recorded as? NSNumber)?.boolValue
            return other == flag ? nil : (other.map { "\($0)" } ?? show(recorded), "\(flag)")
        default:
            let shownRecorded = show(recorded), shownReplayed = show(replayed)
            return shownRecorded == shownReplayed ? nil : (shownRecorded, shownReplayed)
        }
    }

    private static func number(_ value: Any) -> Double? { value as? Double ?? (value as? NSNumber)?.doubleValue }

    private static func show(_ value: Any?) -> String {
        switch value {
        case nil: "absent"
        case is NSNull: "null"
        case let text as String: text
        case let number as Double: format(number)
        case let number as NSNumber: format(number.doubleValue)
        case let list as [Any]: "[" + list.map { show($0) }.joined(separator: ", ") + "]"
        default: "\(value!)"
        }
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(format: "%.2f", number)
    }

    private static func seconds(_ time: Double) -> String { String(format: "%.2f s", time) }

    private func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
