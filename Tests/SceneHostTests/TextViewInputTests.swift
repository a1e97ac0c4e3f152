import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// Typing into a text view on a real display: XTest's key events through the server's keymap, decoded by
/// libxkbcommon (a dead key composing "é"), undo, and a right-to-left paragraph's caret. Part of the
/// serialized `SceneWindowTests`.
extension SceneWindowTests {
    /// The test app with a 360×200 text view at (20, 20), which has the keyboard focus.
    private func launchTextViewApp() async throws -> (AppHarness, UIWindowScene, UITextView, SyntheticInput) {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let root = try #require(scene.keyWindow?.rootViewController?.view)
        let textView = UITextView(frame: CGRect(x: 20, y: 20, width: 360, height: 200))
        root.addSubview(textView)
        let window = try #require(app.window(of: scene))
        let other = try app.virtualDisplay.connect()
        other.focus(window)
        other.sync()
        #expect(await app.run(until: { scene.traitCollection.activeAppearance == .active }))
        return (app, scene, textView, try SyntheticInput(display: other))
    }

    private func offset(_ textView: UITextView) -> Range<Int>? { (textView.selectedTextRange as? UITextFieldRange)?.range }

    @Test func typingIntoATextViewWithReturnADeadKeyAndUndo() async throws {
        let (app, _, textView, input) = try await launchTextViewApp()
        #expect(textView.becomeFirstResponder())
        for letter in ["h", "i"] { input.press(keysym: KeySym(letter)) }
        input.press(keysym: KeySym("Return"))
        input.press(keysym: KeySym("a"), modifiers: [.shiftLeft])
        #expect(await app.run(until: { textView.text == "hi\nA" }), "\(textView.text ?? "")")

        // A dead acute then "e" composes "é".
        let display = input.display
        let spare = try #require(display.spareKeycode())
        display.mapKey(code: spare, to: KeySym("dead_acute"))
        display.sync()
        await app.run(for: 0.1)
        display.fakeKey(code: spare, pressed: true)
        display.fakeKey(code: spare, pressed: false)
        display.sync()
        await app.run(for: 0.05)
        input.press(keysym: KeySym("e"))
        #expect(await app.run(until: { textView.text == "hi\nAé" }), "\(textView.text ?? "")")

        // ↑ goes to the first line; Ctrl+Z undoes the typing, Ctrl+Shift+Z redoes it.
        input.press(keysym: .up)
        #expect(await app.run(until: { offset(textView)?.upperBound ?? 9 <= 2 }))
        await app.run(for: 0.05)
        input.press(keysym: KeySym("z"), modifiers: [.controlLeft])
        #expect(await app.run(until: { textView.text == "" }), "\(textView.text ?? "")")
        input.press(keysym: KeySym("z"), modifiers: [.controlLeft, .shiftLeft])
        #expect(await app.run(until: { textView.text == "hi\nAé" }), "\(textView.text ?? "")")
    }

    @Test func aRightToLeftParagraphInATextViewMovesVisually() async throws {
        let (app, _, textView, input) = try await launchTextViewApp()
        textView.text = "שלום abc\nxyz"
        #expect(textView.becomeFirstResponder())
        input.press(keysym: .home, modifiers: [.controlLeft])
        input.press(keysym: .left)
        #expect(await app.run(until: { offset(textView) == 1..<1 }), "← moves forward from the start of a right-to-left paragraph")
        for _ in 0..<3 { input.press(keysym: .left) }
        #expect(await app.run(until: { offset(textView) == 4..<4 }), "through the Hebrew word, leftward")
        input.press(keysym: .down)
        #expect(await app.run(until: { (offset(textView)?.lowerBound ?? 0) >= 9 }), "↓ to the next paragraph")
        // Typing Hebrew-free text into the Latin paragraph still works after the moves.
        input.press(keysym: KeySym("q"))
        #expect(await app.run(until: { textView.text.contains("q") }))
    }

    /// Text views that were edited (undo steps, tiles, a blinking caret, the first responder) go with
    /// their scene.
    @Test func textViewsAreFreedWithTheirScene() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        let tracker = LeakTracker()
        do {
            let scene = try #require(app.scenes.first)
            let root = try #require(scene.keyWindow?.rootViewController?.view)
            let textView = UITextView(frame: CGRect(x: 20, y: 20, width: 300, height: 120))
            textView.text = (0..<50).map { "Line \($0)" }.joined(separator: "\n")
            root.addSubview(textView)
            let window = try #require(app.window(of: scene))
            input.display.focus(window)
            input.display.sync()
            #expect(await app.run(until: { scene.traitCollection.activeAppearance == .active }))
            textView.becomeFirstResponder()
            input.press(keysym: KeySym("a"))
            #expect(await app.run(until: { textView.text.hasSuffix("a") }))
            tracker.track(scene)
            tracker.track(textView, as: "UITextView")
            app.application.requestSceneSessionDestruction(scene.session, options: nil)
        }
        await app.run(for: 0.5)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }
}
