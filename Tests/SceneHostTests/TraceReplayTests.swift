import Foundation
@testable import GalleryApp
@testable import SceneHostTesting
import Testing

extension SceneWindowTests {
    /// Records a session of the Gallery as a person would make it (keys, a resize by the window
    /// manager into compact width, a content size step, a new Mail window with Ctrl+N) into a trace
    /// file, plays it back on a fresh Gallery on another private display, and finds every scene in the
    /// recorded geometry and traits. A trace that leaves out the resize ends elsewhere, and the result
    /// says where.
    @Test func aReplayEndsInTheRecordedGeometryAndTraits() async throws {
        let path = scratch.appending("session.trace").path
        do {
            let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest, tracePath: path)
            #expect(await app.waitForScenes(2))
            let other = try app.virtualDisplay.connect()
            let input = try SyntheticInput(display: other)
            let mail = try #require(app.scene(titled: "Mail"))
            let window = try #require(app.window(of: mail))
            other.activate(window, source: 2)
            other.flush()
            #expect(await app.run(until: { mail.activationState == .foregroundActive }))
            input.press(keysym: .down)
            input.press(keysym: .equal, modifiers: [.controlLeft])
            #expect(await app.run(until: { mail.traitCollection.preferredContentSizeCategory == .extraLarge }))
            let scale = mail.traitCollection.displayScale
            let frame = mail.effectiveGeometry.systemFrame
            #expect(mail.traitCollection.horizontalSizeClass == .regular)
            other.moveResize(window, x: Int(frame.minX * scale), y: Int(frame.minY * scale), width: Int(560 * scale), height: Int(700 * scale))
            other.flush()
            #expect(await app.run(until: { mail.traitCollection.horizontalSizeClass == .compact }))
            input.press(keysym: KeySym("n"), modifiers: [.controlLeft])
            #expect(await app.waitForScenes(3))
            await app.run(for: 0.3)
        }

        let trace = try TraceRecording(contentsOf: URL(fileURLWithPath: path))
        let recorded = Set(trace.events.map(\.name))
        #expect(recorded.isSuperset(of: ["trace", "key", "configure", "focus", "map", "sceneWillConnect", "geometry", "traits"]), "\(recorded.sorted())")
        #expect(trace.startScenes.map(\.configuration) == ["Mail", "Settings"])
        #expect(trace.scenes.count == 3)
        let mailIdentifier = try #require(trace.startScenes.first?.identifier)
        #expect(trace.lastState(of: mailIdentifier)?.traits["horizontalSizeClass"] as? String == "compact")

        do {
            let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
            let result = try await app.replay(trace, pace: .asFastAsAcknowledged)
            #expect(result.matches, "\(result.differences.map(\.description).joined(separator: "\n"))")
            #expect(result.eventsPlayed >= 10, "keys, the resize, focus changes: \(result.eventsPlayed)")
            #expect(app.scenes.count == 3)
            let mail = try #require(app.scenes.first { $0.title == "Mail" && $0.traitCollection.horizontalSizeClass == .compact })
            #expect(mail.effectiveGeometry.systemFrame.size == CGSize(width: 560, height: 700))
            #expect(mail.traitCollection.preferredContentSizeCategory == .extraLarge)
        }

        // Without the window manager's resize the Mail window stays regular: the replay says so.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let withoutResize = text.split(separator: "\n").filter {
            !($0.contains(#""event":"configure""#) && $0.contains(mailIdentifier) && $0.contains(#""width":560"#))
        }.joined(separator: "\n")
        let cut = try TraceRecording(text: withoutResize, source: "cut.trace")
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        // Played by a player of its own, to see it go with the replay (its connection with it).
        weak var released: TracePlayer?
        let result: ReplayResult
        do {
            let player = try TracePlayer(app: app, trace: cut, pace: .asFastAsAcknowledged)
            released = player
            result = await player.play()
        }
        #expect(released == nil, "nothing keeps the player once the replay is over")
        let fields = Set(result.differences.filter { $0.scene == "Mail (scene 1)" }.map(\.field))
        #expect(fields.isSuperset(of: ["width", "horizontalSizeClass"]), "\(result.differences)")
        let width = try #require(result.differences.first { $0.scene == "Mail (scene 1)" && $0.field == "width" })
        #expect(width.recorded == "560")
        #expect(width.description == "Mail (scene 1): width is \(width.replayed) in the replay, 560 in the recording")
    }
}
