import Foundation
import SceneHostTesting
import Testing

/// The README's example app is `Sources/NotesExample`, built with the package: what the README shows
/// compiles, and runs.
@MainActor
struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theReadmeShowsTheCompiledExample() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/NotesExample/NotesApp.swift"), encoding: .utf8)
        let shown = try #require(readme.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let compiled = try #require(source.components(separatedBy: "// README example begins\n").last?
            .components(separatedBy: "// README example ends").first)
        #expect(shown == compiled, "the README's first Swift block and Sources/NotesExample/NotesApp.swift differ")
    }

    @Test func theExampleOpensItsWindowWithItsMinimumSize() async throws {
        let display = try VirtualDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("trace.jsonl").path
        let executable = URL(fileURLWithPath: UIApplicationMainTests.galleryPath).deletingLastPathComponent()
            .appendingPathComponent("NotesExample").path
        let app = try ChildProcess(executable, [], environment: UIApplicationMainTests.galleryEnvironment(
            state: folder.appendingPathComponent("state"), display: display, trace: trace))
        defer { if app.isRunning { app.signal(SIGKILL); _ = app.wait() } }
        let deadline = Date().addingTimeInterval(20)
        func events(_ name: String) -> [[String: Any]] { UIApplicationMainTests.traceEvents(at: trace).filter { $0["event"] as? String == name } }
        while events("frame").isEmpty, Date() < deadline { usleep(20_000) }
        #expect(events("sceneWillConnect").first?["title"] as? String == "Notes")
        let other = try display.connect()
        let window = try #require(other.clientWindows().first)
        #expect(other.sizeHints(window)?.minimum.map { [$0.width, $0.height] } == [420, 360])
        app.signal(SIGTERM)
        #expect(await app.wait(timeout: 10) == 0)
    }
}
