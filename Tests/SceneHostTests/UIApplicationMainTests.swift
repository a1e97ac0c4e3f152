import Foundation
import SceneHostTesting
import Testing
import X11

/// The Gallery as a user runs it: a separate process, started the way `make run` starts it.
@MainActor
struct UIApplicationMainTests {
    /// The Gallery executable, built beside this test bundle.
    static var galleryPath: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("Gallery").path
    }

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// This process's environment for a Gallery run, with a state folder of its own (`state`, inside a
    /// folder the test removes): the user's saved scenes (or another test's) must not come back, and the
    /// run must not save over them. `display` and `trace` set `DISPLAY` and `SCENEHOST_TRACE`.
    static func galleryEnvironment(state: URL, display: VirtualDisplay? = nil, trace: String? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        // UserDefaults.standard (the Gallery's switches) lives in $XDG_CONFIG_HOME: the run's own too.
        environment["XDG_CONFIG_HOME"] = state.appendingPathComponent("config").path
        if let display { environment["DISPLAY"] = display.name }
        if let trace { environment["SCENEHOST_TRACE"] = trace }
        return environment
    }

    /// Runs the Gallery with `arguments` and `environment` changes (nil removes a variable).
    /// Waits without blocking the main actor: the window tests run their apps' loops on it meanwhile.
    static func runGallery(_ arguments: [String] = [], environment changes: [String: String?], timeout: Double = 60) async throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = Self.galleryEnvironment(state: directory.appendingPathComponent("state"))
        for (key, value) in changes { environment[key] = value }
        let outPath = directory.appendingPathComponent("out").path, errPath = directory.appendingPathComponent("err").path
        let out = open(outPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644), err = open(errPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        let process = try ChildProcess(galleryPath, arguments, environment: environment, standardOutput: out, standardError: err)
        close(out)
        close(err)
        var status = await process.wait(timeout: timeout)
        if status == nil {
            process.signal(SIGKILL)
            status = process.wait()
        }
        return Run(status: status!, output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                   errors: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// The events of the trace file at `path`, one JSON object per line (lines that do not parse are left out).
    static func traceEvents(at path: String) -> [[String: Any]] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// How many frames each scene of a trace has drawn, by scene identifier. A launch connects its scenes
    /// one after another, so a count of frames alone may all be the first window's.
    static func framesByScene(at path: String) -> [String: Int] {
        traceEvents(at: path).reduce(into: [:]) { counts, event in
            if event["event"] as? String == "frame", let scene = event["scene"] as? String { counts[scene, default: 0] += 1 }
        }
    }

    @Test func withoutADisplayItSaysSoAndExitsWithStatus2() async throws {
        let run = try await Self.runGallery(environment: ["DISPLAY": nil])
        #expect(run.status == 2)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.errors)")
        #expect(run.errors.contains("DISPLAY is not set"))
        // A private display with a window manager, which enforces the scenes' size restrictions;
        // xvfb-run starts none.
        #expect(run.errors.contains("Gallery --tour DIR"), "\(run.errors)")
        #expect(!run.errors.contains("xvfb-run"))
    }

    /// `--help` prints the usage: the options, the shortcuts and the environment variables.
    @Test func helpPrintsTheOptionsShortcutsAndVariables() async throws {
        let run = try await Self.runGallery(["--help"], environment: ["DISPLAY": nil])
        #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
        for text in ["--tour DIR", "--overlay", "--help", "Ctrl+N", "Ctrl+W", "Ctrl+I", "Ctrl+=", "Ctrl+→",
                     "DISPLAY", "SCENEHOST_STYLE", "SCENEHOST_CONTENT_SIZE", "SCENEHOST_LAYOUT_DIRECTION", "XDG_STATE_HOME"] {
            #expect(run.output.contains(text), "the help mentions \(text)")
        }
    }

    /// An option the Gallery does not know is refused with one line naming it and `--help`, status 2,
    /// before anything opens.
    @Test func unknownOptionsAreRefusedWithOneLine() async throws {
        for arguments in [["--frobnicate"], ["--tour", "out", "--frobnicate"], ["stray"]] {
            let run = try await Self.runGallery(arguments, environment: ["DISPLAY": nil])
            #expect(run.status == 2, "\(arguments)")
            let lines = run.errors.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(arguments.last!) && lines[0].contains("--help"), "\(run.errors)")
            #expect(run.output.isEmpty)
        }
    }

    /// `Gallery --replay TRACE` refuses a trace it cannot replay with one line naming the cause and
    /// the fix, status 2, before a display starts; `--fast` without `--replay` is refused too.
    @Test func aTraceThatCannotBeReplayedIsRefusedWithOneLine() async throws {
        let truncated = try #require(Bundle.module.url(forResource: "truncated", withExtension: "trace", subdirectory: "Fixtures"))
        let run = try await Self.runGallery(["--replay", truncated.path], environment: ["DISPLAY": nil])
        #expect(run.status == 2)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Gallery: line 4 of \(truncated.path) is not a complete JSON object"), "\(run.errors)")
        #expect(run.output.isEmpty)
        let fast = try await Self.runGallery(["--fast"], environment: ["DISPLAY": nil])
        #expect(fast.status == 2 && fast.errors.contains("--fast goes with --replay TRACE"), "\(fast.errors)")
    }

    @Test func withAnUnreachableDisplayItNamesIt() async throws {
        let run = try await Self.runGallery(environment: ["DISPLAY": ":987"])
        #expect(run.status == 2)
        #expect(run.errors.contains("DISPLAY=:987"))
    }

    @Test func theTraceRecordsWhatTheRuntimeDecided() async throws {
        let display = try VirtualDisplay()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tracePath = directory.appendingPathComponent("trace.jsonl").path
        let environment = Self.galleryEnvironment(state: directory.appendingPathComponent("state"), display: display, trace: tracePath)
        let app = try ChildProcess(Self.galleryPath, [], environment: environment)
        defer { if app.isRunning { app.signal(SIGKILL); app.wait() } }

        func events() -> [[String: Any]] { Self.traceEvents(at: tracePath) }
        // Each scene draws its first frame, then its overlay refreshes from `DispatchQueue.main.asyncAfter`:
        // a second frame shows that the app's own loop runs main-queue work.
        let deadline = Date().addingTimeInterval(20)
        while Self.framesByScene(at: tracePath).filter({ $0.value >= 2 }).count < 2, Date() < deadline { usleep(20_000) }

        // Close both windows as a person would; the app ends when its last scene is gone.
        let other = try display.connect()
        let windows = other.clientWindows()
        #expect(windows.count == 2)
        for window in windows { other.sendDeleteRequest(window) }
        other.flush()
        #expect(await app.wait(timeout: 10) == 0)

        let lines = try String(contentsOfFile: tracePath, encoding: .utf8).split(separator: "\n")
        let trace = events()
        #expect(trace.count == lines.count, "every line is one JSON object")
        let times = trace.compactMap { $0["t"] as? Double }
        #expect(times.count == trace.count && times == times.sorted())

        let connects = trace.filter { $0["event"] as? String == "sceneWillConnect" }
        #expect(Set(connects.compactMap { $0["title"] as? String }) == ["Mail", "Settings"])
        #expect(Set(connects.compactMap { ($0["window"] as? NSNumber)?.uintValue }) == Set(windows.map { UInt($0) }))
        for connect in connects {
            let scene = try #require(connect["scene"] as? String)
            let of = { (name: String) in trace.filter { $0["event"] as? String == name && $0["scene"] as? String == scene } }
            let geometry = try #require(of("geometry").first)
            for key in ["x", "y", "width", "height", "minWidth", "minHeight"] { #expect(geometry[key] is NSNumber, "geometry.\(key)") }
            #expect(geometry["interactive"] as? Bool == false)
            if connect["title"] as? String == "Mail" {
                #expect(geometry["maxWidth"] is NSNull, "no maximum: null")
                #expect(geometry["minWidth"] as? Double == 420)
            } else {
                #expect(geometry["maxWidth"] as? Double == 900)
            }
            let traits = try #require(of("traits").first)
            #expect(["compact", "regular"].contains(traits["horizontalSizeClass"] as? String))
            #expect(["compact", "regular"].contains(traits["verticalSizeClass"] as? String))
            let frame = try #require(of("frame").first)
            for key in ["width", "height", "layoutMs", "drawMs", "presentMs"] { #expect(frame[key] is NSNumber, "frame.\(key)") }
            #expect(of("frame").count >= 2, "the overlay's delayed refresh drew")
            #expect(of("sceneDidDisconnect").count == 1)
        }
    }

    /// SIGTERM quits the real Gallery keeping its sessions; the next launch brings both scenes back. The
    /// executable is linked statically with the Swift runtime and Foundation, as `make run` builds it.
    @Test func terminatingKeepsTheSessionsForTheNextLaunch() async throws {
        let display = try VirtualDisplay()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = Self.galleryEnvironment(state: directory.appendingPathComponent("state"), display: display)
        func launch(trace: String) throws -> ChildProcess {
            environment["SCENEHOST_TRACE"] = directory.appendingPathComponent(trace).path
            return try ChildProcess(Self.galleryPath, [], environment: environment)
        }
        func waitFor(_ count: Int, _ event: String, in trace: String) {
            let deadline = Date().addingTimeInterval(20)
            while Self.traceEvents(at: directory.appendingPathComponent(trace).path)
                .filter({ $0["event"] as? String == event }).count < count, Date() < deadline { usleep(20_000) }
        }
        let first = try launch(trace: "first.jsonl")
        defer { if first.isRunning { first.signal(SIGKILL); first.wait() } }
        let drawn = Date().addingTimeInterval(20)
        while Self.framesByScene(at: directory.appendingPathComponent("first.jsonl").path).count < 2, Date() < drawn { usleep(20_000) }
        // The Gallery carries the Swift runtime and Foundation (Package.swift), so this is the test that
        // saving works linked so: a static link once left out the bridging PropertyListSerialization needs.
        // Read to the end: /proc files report no size, and String(contentsOfFile:) stops at the first page.
        let maps = String(decoding: (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(first.pid)/maps")).readToEnd()) ?? Data(), as: UTF8.self)
        #expect(maps.contains("libX11.so") && !maps.contains("libswiftCore.so") && !maps.contains("libFoundation.so"),
                "the Swift runtime and Foundation are linked into the executable")
        #expect(!maps.contains("libwebp"), "libwebp waits for the first WebP read")
        first.signal(SIGTERM)
        #expect(await first.wait(timeout: 10) == 0, "SIGTERM quits cleanly")
        let quit = Self.traceEvents(at: directory.appendingPathComponent("first.jsonl").path)
        #expect(quit.filter { $0["event"] as? String == "sceneDidDisconnect" }.count == 2)
        #expect(quit.filter { $0["event"] as? String == "sessionDiscarded" }.isEmpty, "quitting keeps the sessions")
        let saved = directory.appendingPathComponent("state/org.scenehost.Gallery/sessions.plist")
        #expect(FileManager.default.fileExists(atPath: saved.path))

        let second = try launch(trace: "second.jsonl")
        defer { if second.isRunning { second.signal(SIGKILL); second.wait() } }
        waitFor(2, "sessionRestored", in: "second.jsonl")
        let restored = Self.traceEvents(at: directory.appendingPathComponent("second.jsonl").path)
        #expect(Set(restored.filter { $0["event"] as? String == "sessionRestored" }.compactMap { $0["scene"] as? String })
                == Set(quit.filter { $0["event"] as? String == "sceneWillConnect" }.compactMap { $0["scene"] as? String }))
        #expect(restored.filter { $0["event"] as? String == "sceneWillConnect" }.count == 2, "no new scenes besides them")
        second.signal(SIGINT)
        #expect(await second.wait(timeout: 10) == 0, "SIGINT quits cleanly too")
    }

    /// The Gallery started as a separate process on `display`, with a scratch folder for its saved
    /// state, its trace and its standard error; killed if still running when the value goes.
    @MainActor final class RunningGallery {
        let process: ChildProcess
        let folder = ScratchFolder("gallery")
        var tracePath: String { folder.appending("trace.jsonl").path }
        var savedSessions: URL { folder.appending("state/org.scenehost.Gallery/sessions.plist") }
        /// What it wrote to standard error so far.
        var errors: String { (try? String(contentsOfFile: folder.appending("err").path, encoding: .utf8)) ?? "" }
        var events: [[String: Any]] { UIApplicationMainTests.traceEvents(at: tracePath) }

        /// `launcher`: a command that runs the Gallery (as `prlimit --as=…`), else none.
        init(on display: VirtualDisplay, launcher: [String] = []) throws {
            let environment = UIApplicationMainTests.galleryEnvironment(state: folder.appending("state"), display: display,
                                                                        trace: folder.appending("trace.jsonl").path)
            let err = open(folder.appending("err").path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            defer { close(err) }
            let command = launcher + [UIApplicationMainTests.galleryPath]
            process = try ChildProcess(command[0], Array(command.dropFirst()), environment: environment, standardError: err)
        }

        isolated deinit { if process.isRunning { process.signal(SIGKILL); _ = process.wait() } }

        /// The `frame` events of the scene titled `title`, or of all scenes.
        func frames(of title: String? = nil) -> [[String: Any]] {
            let events = self.events
            let scene = title.flatMap { title in
                events.first { $0["event"] as? String == "sceneWillConnect" && $0["title"] as? String == title }?["scene"] as? String
            }
            return events.filter { $0["event"] as? String == "frame" && (title == nil || $0["scene"] as? String == scene) }
        }

        /// Waits (blocking, at most `timeout` seconds) until `condition` holds.
        func wait(timeout: Double = 20, until condition: () -> Bool) {
            let deadline = Date().addingTimeInterval(timeout)
            while !condition(), Date() < deadline { usleep(20_000) }
        }
    }

    /// Losing the X server (it crashed, or the session ended) saves what the person did since the last
    /// save, then ends with one line and status 3: the message chosen just before is shown again at the
    /// next launch.
    @Test func losingTheXServerSavesFirstAndExitsWithStatus3() async throws {
        let display = try VirtualDisplay()
        let gallery = try RunningGallery(on: display)
        gallery.wait { gallery.frames().count >= 4 }

        // Choose the third message in Mail with the keyboard, and lose the server before anything else
        // would save it (a save follows geometry changes, and quitting).
        do {
            let input = try SyntheticInput(display: try display.connect())
            let mail = try #require(input.display.clientWindows().first { input.display.stringProperty($0, "_NET_WM_NAME") == "Mail" })
            input.display.activate(mail)
            input.display.sync()
            usleep(200_000)
            let before = gallery.frames().count
            input.press(keysym: .down)
            input.press(keysym: .down)
            gallery.wait(timeout: 5) { gallery.frames().count >= before + 2 }
        }
        display.stopServer()
        #expect(await gallery.process.wait(timeout: 10) == 3)
        let lines = gallery.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("lost the connection to the X server"), "\(gallery.errors)")
        let saved = try Data(contentsOf: gallery.savedSessions)
        let root = try #require(try PropertyListSerialization.propertyList(from: saved, format: nil) as? [String: Any])
        let sessions = try #require(root["sessions"] as? [[String: Any]])
        let mail = try #require(sessions.first { $0["configuration"] as? String == "Mail" })
        let activity = try #require(mail["activity"] as? [String: Any])
        #expect((activity["userInfo"] as? [String: Any])?["selectedMessage"] as? Int == 2)
    }

    /// A back buffer the process cannot allocate (here under a 2 GB address-space limit, for a window
    /// of 30,000 × 30,000 pixels) skips those frames with one warning; the app keeps running and draws
    /// again once the window is smaller.
    @Test func aBackBufferThatCannotBeAllocatedSkipsFramesWithOneWarning() async throws {
        let display = try VirtualDisplay()
        let gallery = try RunningGallery(on: display, launcher: ["prlimit", "--as=2147483648"])
        gallery.wait { !gallery.frames(of: "Mail").isEmpty }
        let other = try display.connect()
        let mail = try #require(other.clientWindows().first { other.stringProperty($0, "_NET_WM_NAME") == "Mail" })
        other.resize(mail, width: 30000, height: 30000)
        other.flush()
        gallery.wait(timeout: 10) { gallery.errors.contains("back buffer") }
        #expect(gallery.process.isRunning)
        other.resize(mail, width: 800, height: 600)
        other.flush()
        gallery.wait(timeout: 10) { gallery.frames(of: "Mail").last?["width"] as? Double == 800 }
        #expect(gallery.frames(of: "Mail").last?["width"] as? Double == 800, "draws again at a size it can hold")
        #expect(gallery.process.isRunning)
        let lines = gallery.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("cannot make the 30000×30000 px back buffer"), "\(gallery.errors)")
        gallery.process.signal(SIGTERM)
        #expect(await gallery.process.wait(timeout: 10) == 0)
    }

    @Test func theTourWritesScreenshotsWithoutADisplay() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await Self.runGallery(["--tour", directory], environment: ["DISPLAY": nil])
        #expect(run.status == 0, "\(run.errors)")
        let paths = run.output.split(separator: "\n").map(String.init)
        #expect(paths.count == 5)
        for path in paths {
            let image = try ImageSurface(pngAt: path)
            #expect(image.width > 300 && image.height > 300)
        }
        let mailCompact = try ImageSurface(pngAt: directory + "/mail-compact-560x700.png")
        #expect(mailCompact.width == 560 && mailCompact.height == 700)
        // The app alone: no overlay in the bottom trailing corner, unless asked for. The probe is inside
        // the overlay's badge, where the list shows a row's white background.
        #expect(mailCompact.pixel(x: 548, y: 640) & 0xFFFFFF == 0xFFFFFF)
        let withOverlay = try await Self.runGallery(["--tour", directory, "--overlay"], environment: ["DISPLAY": nil])
        #expect(withOverlay.status == 0, "\(withOverlay.errors)")
        #expect(try ImageSurface(pngAt: directory + "/mail-compact-560x700.png").pixel(x: 548, y: 640) & 0xFFFFFF != 0xFFFFFF)
    }
}
