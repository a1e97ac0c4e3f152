import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// `xclip` (Debian's) on the test's private display, never the caller's; its output when it exits.
@MainActor
private final class Xclip {
    let process = Process()
    private let output = Pipe()
    private(set) var data = Data()

    init(display: String, _ arguments: [String], input: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        // `-i` leaves a child serving the selection, which would hold an output pipe open for good.
        process.standardOutput = arguments.contains("-o") ? output : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
        }
        try inputPipe.fileHandleForWriting.close()
    }

    /// Runs the app until xclip exits, reading its output meanwhile (a large one fills the pipe).
    func finish(pumping app: AppHarness) async -> String {
        let reader = output.fileHandleForReading
        let collected = Task.detached { reader.readDataToEndOfFile() }
        _ = await app.run(until: { !self.process.isRunning }, timeout: 10)
        if process.isRunning { process.terminate() }
        data = await collected.value
        return String(decoding: data, as: UTF8.self)
    }
}

/// The clipboard with another X client: `UIPasteboard.general` is the CLIPBOARD selection, a text
/// field's selection becomes PRIMARY, and text larger than the server's maximum request travels in
/// INCR chunks both ways. Part of the serialized `SceneWindowTests`.
extension SceneWindowTests {
    @Test func clipboardRoundTripsWithXclip() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let name = app.virtualDisplay.name
        let scene = try #require(app.scenes.first)
        let root = try #require(scene.keyWindow?.rootViewController?.view)
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 260, height: 34))
        root.addSubview(field)
        let other = try app.virtualDisplay.connect()
        other.focus(try #require(app.window(of: scene)))
        other.sync()
        #expect(await app.run(until: { scene.traitCollection.activeAppearance == .active }))
        let input = try SyntheticInput(display: other)

        // Ctrl+A, Ctrl+C in the field: xclip reads it.
        field.text = "Grüße from SceneHost"
        field.becomeFirstResponder()
        input.press(keysym: KeySym("a"), modifiers: [.controlLeft])
        input.press(keysym: KeySym("c"), modifiers: [.controlLeft])
        #expect(await app.run(until: { UIPasteboard.general.changeCount > 0 && field.text == "Grüße from SceneHost" }))
        await app.run(for: 0.05)
        let copied = try Xclip(display: name, ["-selection", "clipboard", "-o"])
        #expect(await copied.finish(pumping: app) == "Grüße from SceneHost")
        let primary = try Xclip(display: name, ["-selection", "primary", "-o"])
        _ = await primary.finish(pumping: app)

        // Larger than the server's maximum request: INCR out.
        let chunk = app.display.selection("CLIPBOARD").chunkSize
        // About 2 MB: beyond the core maximum request (INCR from SceneHost) and beyond xclip's own
        // chunk, a quarter of the BIG-REQUESTS maximum (INCR from xclip).
        let large = String(repeating: "0123456789abcdé\n", count: chunk / 2)
        #expect(large.utf8.count > chunk * 8)
        UIPasteboard.general.string = large
        let big = try Xclip(display: name, ["-selection", "clipboard", "-o"])
        let received = await big.finish(pumping: app)
        #expect(received.utf8.count == large.utf8.count && received == large)

        // xclip owns the clipboard: Ctrl+V pastes its text; a large text comes in INCR chunks.
        let clipboard = app.display.selection("CLIPBOARD")
        let small = try Xclip(display: name, ["-selection", "clipboard", "-i"], input: "from xclip")
        #expect(await app.run(until: { !clipboard.isOwned }), "xclip took the clipboard")
        field.text = ""
        input.press(keysym: KeySym("v"), modifiers: [.controlLeft])
        #expect(await app.run(until: { field.text == "from xclip" }), "\(field.text ?? "")")
        UIPasteboard.general.string = "ours again"
        let owner = try Xclip(display: name, ["-selection", "clipboard", "-i"], input: large)
        #expect(await app.run(until: { !clipboard.isOwned }), "xclip took the clipboard")
        let pasted = UIPasteboard.general.string
        #expect(pasted?.utf8.count == large.utf8.count && pasted == large)
        for xclip in [small, owner] where xclip.process.isRunning { xclip.process.terminate() }
    }
}
