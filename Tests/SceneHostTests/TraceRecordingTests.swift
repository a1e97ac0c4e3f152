import Foundation
import SceneHostTesting
import Testing

/// Reading a trace for a replay: a trace that cannot be replayed is refused with one message naming
/// the cause and the fix, never a crash.
@Suite struct TraceRecordingTests {
    private func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "trace", subdirectory: "Fixtures"))
    }

    private func problem(_ read: () throws -> TraceRecording) -> String? {
        do {
            _ = try read()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aLineCutShortIsNamedWithItsNumber() throws {
        let url = try fixture("truncated")
        let message = try #require(problem { try TraceRecording(contentsOf: url) })
        #expect(message.hasPrefix("line 4 of \(url.path) is not a complete JSON object (cut short?): "), "\(message)")
        #expect(message.hasSuffix("; delete that line or record the trace again"), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test func anotherVersionIsRefused() throws {
        let url = try fixture("future-version")
        let message = try #require(problem { try TraceRecording(contentsOf: url) })
        #expect(message == "\(url.path) is trace version 3 (line 1); this SceneHost replays version 2: replay it with the SceneHost that recorded it, or record it again")
    }

    @Test func aTraceFromBeforeVersionTwoIsRefused() throws {
        let url = try fixture("before-version-2")
        let message = try #require(problem { try TraceRecording(contentsOf: url) })
        #expect(message == "\(url.path) has no `trace` line: it was written by a SceneHost older than trace version 2, which recorded no input, or it is not a trace; record it again with SCENEHOST_TRACE")
    }

    @Test func aMissingFileSaysHowToRecordOne() {
        let path = "/nonexistent-\(UUID().uuidString)/app.trace"
        let message = problem { try TraceRecording(contentsOf: URL(fileURLWithPath: path)) }
        #expect(message == "cannot replay \(path): there is no such file; record a trace by running the app with SCENEHOST_TRACE=\(path)")
    }

    @Test func anEmptyTraceAndOneWithoutScenesAreRefused() {
        #expect(problem { try TraceRecording(text: "", source: "empty.trace") }
            == "empty.trace is empty: nothing was recorded; run the app with SCENEHOST_TRACE=empty.trace and use it before replaying")
        let header = #"{"t":0,"event":"trace","scene":null,"version":2,"app":"Gallery"}"#
        #expect(problem { try TraceRecording(text: header + "\n", source: "bare.trace") }
            == "the last run in bare.trace (from line 1) connected no scene, so there is nothing to replay; record a run in which the app shows a window")
        #expect(problem { try TraceRecording(text: header + "\n" + #"{"event":"key"}"#, source: "odd.trace") }?
            .hasPrefix("line 2 of odd.trace has no `t` and `event`") == true)
    }

    /// The app appends a run per launch: the last is replayed, and its start, scenes and last state read.
    @Test func theLastRunIsReadWithItsScenesAndEnd() throws {
        let lines = [
            #"{"t":0,"event":"sceneWillConnect","scene":"OLD","title":"Mail","window":1}"#,
            #"{"t":0,"event":"trace","scene":null,"version":2,"app":"Gallery"}"#,
            #"{"t":0.01,"event":"sceneWillConnect","scene":"A","title":"Mail","window":1,"configuration":"Mail","role":"UIWindowSceneSessionRoleApplication","activityType":null}"#,
            #"{"t":0,"event":"trace","scene":null,"version":2,"app":"Gallery","iPad":"11-inch"}"#,
            #"{"t":0.01,"event":"sceneWillConnect","scene":"B","title":"Mail","window":1,"configuration":"Mail","role":"UIWindowSceneSessionRoleApplication","activityType":null}"#,
            #"{"t":0.02,"event":"geometry","scene":"B","x":0,"y":0,"width":1024,"height":768,"interactive":false}"#,
            #"{"t":0.02,"event":"traits","scene":"B","horizontalSizeClass":"regular","verticalSizeClass":"regular"}"#,
            #"{"t":0.5,"event":"key","scene":"B","keysym":110,"name":"n","code":57,"pressed":true,"repeat":false,"modifiers":"control"}"#,
            #"{"t":0.6,"event":"sceneWillConnect","scene":"C","title":"Mail","window":2,"configuration":"Mail","role":"UIWindowSceneSessionRoleApplication","activityType":null}"#,
            #"{"t":0.8,"event":"geometry","scene":"B","x":0,"y":0,"width":560,"height":768,"interactive":false}"#,
            #"{"t":0.8,"event":"traits","scene":"B","horizontalSizeClass":"compact"}"#,
            #"{"t":0.9,"event":"sceneDidDisconnect","scene":"C"}"#,
            #"{"t":0.9,"event":"sessionDiscarded","scene":"C"}"#,
            #"{"t":1.0,"event":"sceneDidDisconnect","scene":"B"}"#,
        ]
        let trace = try TraceRecording(text: lines.joined(separator: "\n") + "\n", source: "runs.trace")
        #expect(trace.runCount == 2)
        #expect(trace.header.string("iPad") == "11-inch")
        #expect(trace.scenes.map(\.identifier) == ["B", "C"])
        #expect(trace.startScenes.map(\.identifier) == ["B"], "C connected after the first key")
        #expect(trace.closedScenes == ["C"], "B disconnected as the app quit: it stays open")
        let end = try #require(trace.lastState(of: "B"))
        #expect(end.geometry["width"] as? Double == 560 || (end.geometry["width"] as? NSNumber)?.doubleValue == 560)
        #expect(end.traits["horizontalSizeClass"] as? String == "compact")
        #expect(end.traits["verticalSizeClass"] as? String == "regular", "traits accumulate: each event names only changes")
    }
}
