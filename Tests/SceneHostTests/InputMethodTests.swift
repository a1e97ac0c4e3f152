import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// Typing through an input method over XIM on a real display: fcitx5 (Debian's `fcitx5`, run headless
/// with only its XIM frontend, keyboard engine and XCB addons, no D-Bus) on the test's private Xvfb.
/// Its preedit comes on the spot (`UseOnTheSpot` in its XIM settings) and shows as the field's marked
/// text; what it commits is typed. Part of the serialized `SceneWindowTests`.
extension SceneWindowTests {
    /// fcitx5 on `display`, with on-the-spot preedit; nil when it is not installed.
    private func startFcitx(on display: VirtualDisplay, folder: URL) throws -> ChildProcess? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        guard path.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/fcitx5") }) else { return nil }
        let configuration = folder.appendingPathComponent("fcitx5/conf", isDirectory: true)
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        try "UseOnTheSpot=True\n".write(to: configuration.appendingPathComponent("xim.conf"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        environment["LC_ALL"] = "C.UTF-8"
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        environment["XDG_CONFIG_HOME"] = folder.path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        let log = open(folder.appendingPathComponent("fcitx5.log").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(log) }
        return try ChildProcess("fcitx5", ["--disable=all", "--enable=xim,keyboard,xcb"], environment: environment,
                                standardOutput: log, standardError: log)
    }

    @Test func typingThroughFcitx5OverXIMShowsThePreeditAsMarkedText() async throws {
        let display = try VirtualDisplay(width: 1024, height: 768)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-xim-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let fcitx = try startFcitx(on: display, folder: folder) else {
            Issue.record("fcitx5 is not installed (apt-get install fcitx5): the input method test cannot run")
            return
        }
        defer {
            if fcitx.isRunning {
                fcitx.signal()
                fcitx.wait()
            }
        }
        let probe = try display.connect()
        var waited = 0.0
        while probe.selectionOwner("@server=fcitx") == 0, waited < 10 {
            usleep(20_000)
            waited += 0.02
        }
        #expect(probe.selectionOwner("@server=fcitx") != 0, "fcitx5 started its XIM server")

        let saved = getenv("XMODIFIERS").map { String(cString: $0) }
        setenv("XMODIFIERS", "@im=fcitx", 1)
        defer { if let saved { setenv("XMODIFIERS", saved, 1) } else { unsetenv("XMODIFIERS") } }

        let app = try AppHarness(TestAppDelegate.self, display: display)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let root = try #require(scene.keyWindow?.rootViewController?.view)
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 260, height: 34))
        field.borderStyle = .roundedRect
        root.addSubview(field)
        let window = try #require(app.window(of: scene))
        let other = try display.connect()
        other.focus(window)
        other.sync()
        #expect(await app.run(until: { scene.traitCollection.activeAppearance == .active }))
        #expect(app.display.inputMethodName == "fcitx", "XMODIFIERS names a running server: SceneHost talks XIM")
        let input = try SyntheticInput(display: other)
        #expect(field.becomeFirstResponder())
        await app.run(for: 0.2)

        // Plain keys go to the server and come back as text.
        for letter in ["h", "i"] { input.press(keysym: KeySym(letter)) }
        #expect(await app.run(until: { field.text == "hi" }), "\(field.text ?? "")")

        // A dead acute then "e": the server composes "é" (libxkbcommon's compose is not used).
        let spare = try #require(other.spareKeycode())
        other.mapKey(code: spare, to: KeySym("dead_acute"))
        other.sync()
        await app.run(for: 0.2)
        other.fakeKey(code: spare, pressed: true)
        other.fakeKey(code: spare, pressed: false)
        other.sync()
        // The server shows the dead key as its preedit, on the spot: the field's marked text.
        #expect(await app.run(until: { field.markedTextRange != nil }), "the preedit shows as marked text")
        #expect(field.text == "hi´" && (field.markedTextRange as? UITextFieldRange)?.range == 2..<3)
        input.press(keysym: KeySym("e"))
        #expect(await app.run(until: { field.text == "hié" }), "\(field.text ?? "")")
        #expect(field.markedTextRange == nil, "nothing is left marked after the commit")
        // Shortcuts still reach the field through the server.
        input.press(keysym: KeySym("a"), modifiers: [.controlLeft])
        #expect(await app.run(until: { (field.selectedTextRange as? UITextFieldRange)?.range == 0..<3 }), "Ctrl+A selects all")

        app.application.requestSceneSessionDestruction(scene.session, options: nil)
        await app.run(for: 0.3)

        // The server exits: XIM_SERVERS still names it, but its selection has no owner, so the next
        // app composes with libxkbcommon instead of waiting on a dead server.
        fcitx.signal()
        fcitx.wait()
        #expect(await app.run(until: { probe.selectionOwner("@server=fcitx") == 0 }))
        let next = try AppHarness(TestAppDelegate.self, display: display)
        #expect(await next.waitForScenes(1))
        let nextScene = try #require(next.scenes.first)
        let nextField = UITextField(frame: CGRect(x: 20, y: 20, width: 260, height: 34))
        try #require(nextScene.keyWindow?.rootViewController?.view).addSubview(nextField)
        other.focus(try #require(next.window(of: nextScene)))
        other.sync()
        #expect(await next.run(until: { nextScene.traitCollection.activeAppearance == .active }))
        #expect(next.display.inputMethodName == nil, "a stale server name is not used")
        #expect(nextField.becomeFirstResponder())
        other.fakeKey(code: spare, pressed: true)
        other.fakeKey(code: spare, pressed: false)
        other.sync()
        input.press(keysym: KeySym("e"))
        #expect(await next.run(until: { nextField.text == "é" }), "libxkbcommon's compose: \(nextField.text ?? "")")
        next.application.requestSceneSessionDestruction(nextScene.session, options: nil)
        await next.run(for: 0.3)
    }
}
