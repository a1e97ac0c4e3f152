import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// Typing on a real display: XTest's key events through the server's XKB keymap, decoded by
/// libxkbcommon-x11 (with the compose table for dead keys), into a text field. Part of the serialized
/// `SceneWindowTests`.
extension SceneWindowTests {
    /// The test app with a text field at (20, 20) in its scene, which has the keyboard focus.
    private func launchTextFieldApp() async throws -> (AppHarness, UIWindowScene, UITextField, SyntheticInput, Window) {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let root = try #require(scene.keyWindow?.rootViewController?.view)
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 260, height: 34))
        field.borderStyle = .roundedRect
        root.addSubview(field)
        let window = try #require(app.window(of: scene))
        let other = try app.virtualDisplay.connect()
        other.focus(window)
        other.sync()
        #expect(await app.run(until: { scene.traitCollection.activeAppearance == .active }))
        return (app, scene, field, try SyntheticInput(display: other), window)
    }

    @Test func typingThroughTheKeymapWithShiftDeadKeysAndShortcuts() async throws {
        let (app, _, field, input, _) = try await launchTextFieldApp()
        #expect(field.becomeFirstResponder())
        for letter in ["h", "i"] { input.press(keysym: KeySym(letter)) }
        input.press(keysym: KeySym("1"), modifiers: [.shiftLeft])
        #expect(await app.run(until: { field.text == "hi!" }), "\(field.text ?? "")")

        // A dead acute then "e" composes "é" (the locale's compose table; en_US.UTF-8's without one).
        let display = input.display
        let spare = try #require(display.spareKeycode())
        display.mapKey(code: spare, to: KeySym("dead_acute"))
        display.sync()
        await app.run(for: 0.1)
        display.fakeKey(code: spare, pressed: true)
        display.fakeKey(code: spare, pressed: false)
        display.sync()
        await app.run(for: 0.05)
        #expect(field.text == "hi!", "the dead key alone types nothing")
        input.press(keysym: KeySym("e"))
        #expect(await app.run(until: { field.text == "hi!é" }), "\(field.text ?? "")")

        // Shift+Home selects, typing replaces, Ctrl+Z undoes.
        await app.run(for: 0.05)
        input.press(keysym: .home, modifiers: [.shiftLeft])
        input.press(keysym: KeySym("x"))
        #expect(await app.run(until: { field.text == "x" }))
        await app.run(for: 0.05)
        input.press(keysym: KeySym("z"), modifiers: [.controlLeft])
        #expect(await app.run(until: { field.text == "hi!é" }), "\(field.text ?? "")")
        // Undo brought the selection back; Backspace at the end deletes the composed character whole.
        input.press(keysym: .end)
        input.press(keysym: KeySym("BackSpace"))
        #expect(await app.run(until: { field.text == "hi!" }))
    }

    @Test func rightToLeftParagraphCaretMovesWithTheArrows() async throws {
        let (app, _, field, input, _) = try await launchTextFieldApp()
        field.text = "שלום abc"
        #expect(field.becomeFirstResponder())
        input.press(keysym: .home)
        input.press(keysym: .left)
        #expect(await app.run(until: { (field.selectedTextRange as? UITextFieldRange)?.range == 1..<1 }),
                "← moves forward from the start of a right-to-left paragraph")
        for _ in 0..<3 { input.press(keysym: .left) }
        #expect(await app.run(until: { (field.selectedTextRange as? UITextFieldRange)?.range == 4..<4 }),
                "through the Hebrew word, leftward")
        input.press(keysym: .right, modifiers: [.shiftLeft])
        #expect(await app.run(until: { (field.selectedTextRange as? UITextFieldRange)?.range == 3..<4 }),
                "Shift+→ selects back toward the start")
    }

    /// Text fields that were edited (undo steps, a blinking caret, the first responder) go with their
    /// scene.
    @Test func textFieldsAreFreedWithTheirScene() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        let tracker = LeakTracker()
        do {
            let scene = try #require(app.scenes.first)
            let root = try #require(scene.keyWindow?.rootViewController?.view)
            let field = UITextField(frame: CGRect(x: 20, y: 20, width: 260, height: 34))
            root.addSubview(field)
            let window = try #require(app.window(of: scene))
            input.display.focus(window)
            input.display.sync()
            #expect(await app.run(until: { scene.traitCollection.activeAppearance == .active }))
            field.becomeFirstResponder()
            input.press(keysym: KeySym("a"))
            #expect(await app.run(until: { field.text == "a" }))
            tracker.track(scene)
            tracker.track(field, as: "UITextField")
            app.application.requestSceneSessionDestruction(scene.session, options: nil)
        }
        await app.run(for: 0.5)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }
}
