import Foundation
@_spi(Testing) import SceneHost
import SceneHostTesting
import Testing

/// The state file on its own: round trips, crashes mid-write, damaged files. No display needed.
@MainActor
struct SessionStoreTests {
    private let scratch = ScratchFolder("store")
    /// A folder not made yet, inside the test's scratch folder.
    func temporaryFolder() -> URL { scratch.appending(UUID().uuidString) }

    @Test func sessionsRoundTrip() {
        let store = SessionStore(directory: temporaryFolder())
        let saved = [SavedSession(identifier: "a", role: "UIWindowSceneSessionRoleApplication", configurationName: "Mail",
                                  title: "Mail", userInfo: ["n": 1, "list": ["x", "y"]],
                                  activity: ["activityType": "t", "userInfo": ["selected": 3]],
                                  frame: CGRect(x: 10, y: 20, width: 300, height: 200), maximized: true),
                     SavedSession(identifier: "b", role: "UIWindowSceneSessionRoleApplication",
                                  delegateClassName: "GalleryApp.MailSceneDelegate")]
        store.save(saved)
        store.flush()
        #expect(store.load() == saved)
        let mode = (try? FileManager.default.attributesOfItem(atPath: store.file.path))?[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func valuesThatAreNotPropertyListsAreLeftOutWithAWarning() {
        let warnings = Warnings()
        let store = SessionStore(directory: temporaryFolder(), warn: warnings.add)
        store.save([SavedSession(identifier: "a", role: "r", userInfo: ["view": NSObject()])])
        store.flush()
        #expect(store.load().first?.identifier == "a")
        #expect(store.load().first?.userInfo == nil)
        #expect(warnings.lines.count == 1 && warnings.lines[0].contains("not property-list values"))
    }

    /// Saving hands the list to the writer and returns: a writer held up writes nothing until it
    /// runs, then writes the newest list, and `flush()` waits for it.
    @Test func savesAreWrittenOffTheCallersThreadNewestFirstAndFlushedOnDemand() {
        let writer = DispatchQueue(label: "held up")
        let store = SessionStore(directory: temporaryFolder(), queue: writer)
        writer.suspend()
        for count in 1...50 { store.save([SavedSession(identifier: "s", role: "r", userInfo: ["count": count])]) }
        #expect(!FileManager.default.fileExists(atPath: store.file.path), "nothing is written by the caller")
        writer.resume()
        store.flush()
        #expect(store.load().first?.userInfo?["count"] as? Int == 50, "the newest list")
    }

    /// A restoration payload above 1 MB is not saved (the scene comes back without it), with one
    /// warning naming the scene however often it is saved; the other sessions keep theirs.
    @Test func aPayloadOverOneMegabyteIsRefusedWithOneWarningNamingTheScene() {
        let warnings = Warnings()
        let store = SessionStore(directory: temporaryFolder(), warn: warnings.add)
        let large = Data(count: SessionStore.payloadLimit + 1)
        for _ in 0..<3 {
            store.save([SavedSession(identifier: "big", role: "r", title: "Photos", userInfo: ["image": large]),
                        SavedSession(identifier: "small", role: "r", title: "Notes", userInfo: ["note": "kept"])])
        }
        store.flush()
        let loaded = store.load()
        #expect(loaded.map(\.identifier) == ["big", "small"])
        #expect(loaded[0].userInfo == nil && loaded[1].userInfo?["note"] as? String == "kept")
        #expect(warnings.lines.count == 1 && warnings.lines[0].contains("\"Photos\" (session big)") && warnings.lines[0].contains("1 MB"))
    }

    /// What the writer warns about, from its own thread.
    final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var lines: [String] { lock.withLock { stored } }
        var add: @Sendable (String) -> Void { { [self] line in lock.withLock { stored.append(line) } } }
    }

    @Test(arguments: ["", "garbage \u{0}\u{1}", "<?xml version=\"1.0\"?><plist><array/></plist>",
                      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>version</key><integer>9</integer><key>sessions</key><array/></dict></plist>"])
    func damagedFilesAreMovedAside(contents: String) throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: folder.appendingPathComponent("sessions.plist"))
        var warnings: [String] = []
        let previous = SceneHostLog.sink
        SceneHostLog.sink = { warnings.append($0) }
        defer { SceneHostLog.sink = previous }
        #expect(SessionStore(directory: folder).load().isEmpty)
        #expect(warnings.count == 1 && warnings[0].contains(folder.appendingPathComponent("sessions.plist").path))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.contains { $0.hasPrefix("sessions.plist.corrupt-") } && !names.contains("sessions.plist"))
    }

    /// SIGKILL at random moments while a process saves over and over: the file always reads back whole.
    @Test func killingAWriterAtRandomMomentsNeverLeavesAHalfWrittenFile() throws {
        let folder = temporaryFolder()
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
            .deletingLastPathComponent().appendingPathComponent("SessionStoreStress").path
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var lastCount = 0
        while kills < 100 {
            var pipe: [Int32] = [0, 0]
            #expect(makePipe(&pipe) == 0)
            let writer = try ChildProcess(executable, [folder.path], standardOutput: pipe[1])
            close(pipe[1])
            // Once it has saved (started up), kill it at a random moment of its saving loop.
            var first = [UInt8](repeating: 0, count: 1)
            _ = read(pipe[0], &first, 1)
            usleep(UInt32.random(in: 0...20_000, using: &generator))
            writer.signal(SIGKILL)
            _ = writer.wait()
            let output = String(decoding: first + readAll(pipe[0]), as: UTF8.self)
            close(pipe[0])
            lastCount = output.split(separator: "\n").last.flatMap { Int($0) } ?? lastCount
            kills += 1
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("sessions.plist").path) else { continue }
            let data = try Data(contentsOf: folder.appendingPathComponent("sessions.plist"))
            let parsed = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            #expect(parsed?["sessions"] is [[String: Any]], "after kill \(kills) the state file does not parse")
            if parsed == nil { break }
        }
        #expect(lastCount > 0, "the writer saved before being killed")
        var warnings: [String] = []
        let previous = SceneHostLog.sink
        SceneHostLog.sink = { warnings.append($0) }
        defer { SceneHostLog.sink = previous }
        #expect(!SessionStore(directory: folder).load().isEmpty)
        #expect(warnings.isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "sessions.plist" }
        #expect(leftovers.isEmpty, "temporary files of killed writers are cleaned up: \(leftovers)")
    }

    private func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { return bytes }
            bytes += buffer.prefix(count)
        }
    }
}

private func makePipe(_ fds: inout [Int32]) -> Int32 { pipe(&fds) }
