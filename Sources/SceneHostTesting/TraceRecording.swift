import Foundation

/// A trace file read for a replay (`AppHarness.replay(_:pace:)`, `Gallery --replay TRACE`): the events
/// of its last run (the app appends one run per launch, each starting with a `trace` line naming the
/// format's version), checked line by line.
///
/// What a replay needs of it: the scenes connected before the first key or pointer event (its start),
/// the input and window manager requests in order, and each scene's last geometry and traits.
public struct TraceRecording: Sendable {
    /// The trace format this SceneHost writes and replays.
    public static let supportedVersion = 2

    /// One line of the trace: `t` (seconds since launch), `event`, `scene` (the session's persistent
    /// identifier) and the other fields as JSON gave them.
    public struct Event: @unchecked Sendable {
        public let time: Double
        public let name: String
        public let scene: String?
        /// The line's fields besides `t`, `event` and `scene` (strings, numbers, Booleans, arrays, `NSNull`).
        public let fields: [String: Any]
        /// The line's number in the file (from 1).
        public let line: Int

        public func number(_ key: String) -> Double? { fields[key] as? Double ?? (fields[key] as? NSNumber)?.doubleValue }
        public func string(_ key: String) -> String? { fields[key] as? String }
        public func bool(_ key: String) -> Bool? { fields[key] as? Bool ?? (fields[key] as? NSNumber)?.boolValue }
    }

    /// A trace that cannot be replayed, and why: the message names the cause and what to do.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The events of the run replayed (the file's last), its `trace` line first.
    public let events: [Event]
    /// Where the trace was read from (for messages).
    public let source: String
    /// How many runs the file holds (each launch of a traced app appends one); the last is replayed.
    public let runCount: Int

    /// Reads the trace at `url`.
    public init(contentsOf url: URL) throws(Problem) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "it cannot be read (\(Self.reason(error)))" : "there is no such file"
            throw Problem(description: "cannot replay \(url.path): \(reason); record a trace by running the app with SCENEHOST_TRACE=\(url.path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Problem(description: "cannot replay \(url.path): it is not UTF-8 text, so not a SceneHost trace; record one by running the app with SCENEHOST_TRACE=FILE")
        }
        try self.init(text: text, source: url.path)
    }

    /// Reads a trace from `text` (the contents of a trace file); `source` names it in messages.
    public init(text: String, source: String) throws(Problem) {
        self.source = source
        var runs: [[Event]] = []
        var current: [Event]?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let event = try Self.parse(line, number: number, source: source)
            if event.name == "trace" {
                guard let version = event.number("version") else {
                    throw Problem(description: "line \(number) of \(source) starts a run without a `version`; record the trace again with SCENEHOST_TRACE")
                }
                guard Int(version) == Self.supportedVersion else {
                    throw Problem(description: "\(source) is trace version \(Self.formatVersion(version)) (line \(number)); this SceneHost replays version \(Self.supportedVersion): replay it with the SceneHost that recorded it, or record it again")
                }
                if let current { runs.append(current) }
                current = [event]
            } else {
                // Lines before the first run's start come from a SceneHost before version 2 and are left out.
                current?.append(event)
            }
        }
        if let current { runs.append(current) }
        guard let last = runs.last else {
            throw Problem(description: text.isEmpty
                ? "\(source) is empty: nothing was recorded; run the app with SCENEHOST_TRACE=\(source) and use it before replaying"
                : "\(source) has no `trace` line: it was written by a SceneHost older than trace version \(Self.supportedVersion), which recorded no input, or it is not a trace; record it again with SCENEHOST_TRACE")
        }
        guard last.contains(where: { $0.name == "sceneWillConnect" }) else {
            throw Problem(description: "the last run in \(source) (from line \(last[0].line)) connected no scene, so there is nothing to replay; record a run in which the app shows a window")
        }
        events = last
        runCount = runs.count
    }

    private static func parse(_ line: String, number: Int, source: String) throws(Problem) -> Event {
        let shown = line.count > 60 ? String(line.prefix(60)) + "…" : line
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw Problem(description: "line \(number) of \(source) is not a complete JSON object (cut short?): \(shown); delete that line or record the trace again")
        }
        guard let time = (object["t"] as? NSNumber)?.doubleValue, let name = object["event"] as? String else {
            throw Problem(description: "line \(number) of \(source) has no `t` and `event`, so it is not a SceneHost trace event: \(shown); delete that line or record the trace again")
        }
        var fields = object
        for key in ["t", "event", "scene"] { fields[key] = nil }
        return Event(time: time, name: name, scene: object["scene"] as? String, fields: fields, line: number)
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }

    /// The run's `trace` line.
    public var header: Event { events[0] }

    /// The scenes in the order they connected: identifier, title, configuration name and activity type.
    public struct Scene: Sendable, Equatable {
        public let identifier: String
        public let title: String
        public let configuration: String?
        public let role: String?
        public let activityType: String?
        /// When it connected (seconds since launch).
        public let time: Double
    }

    public var scenes: [Scene] {
        events.filter { $0.name == "sceneWillConnect" }.compactMap { event in
            event.scene.map { Scene(identifier: $0, title: event.string("title") ?? "", configuration: event.string("configuration"),
                                    role: event.string("role"), activityType: event.string("activityType"), time: event.time) }
        }
    }

    /// The events that are input (`key`, `pointerMotion`, `pointerButton`, `pointerScroll`).
    public static let inputEvents: Set<String> = ["key", "pointerMotion", "pointerButton", "pointerScroll"]

    /// The scenes connected before the first key or pointer event: those a replay opens before it plays
    /// anything back (the others the input opens).
    public var startScenes: [Scene] {
        let firstInput = events.first { Self.inputEvents.contains($0.name) }?.time ?? .infinity
        return scenes.filter { $0.time < firstInput }
    }

    /// Sessions closed in the run (their window closed, or the app destroyed them): discarded. The
    /// scenes an app's quitting disconnects stay open for the comparison, as they come back at the
    /// next launch.
    public var closedScenes: Set<String> {
        Set(events.filter { $0.name == "sessionDiscarded" }.compactMap(\.scene))
    }

    /// `scene`'s last `geometry` event's fields, and its traits as they last were (each `traits` event
    /// names only the traits that changed).
    public func lastState(of scene: String) -> (geometry: [String: Any], traits: [String: Any])? {
        var geometry: [String: Any]?
        var traits: [String: Any] = [:]
        for event in events where event.scene == scene {
            if event.name == "geometry" { geometry = event.fields }
            if event.name == "traits" { traits.merge(event.fields) { $1 } }
        }
        return geometry.map { ($0, traits) }
    }

    /// A version number as the trace wrote it (2, not 2.0).
    private static func formatVersion(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
