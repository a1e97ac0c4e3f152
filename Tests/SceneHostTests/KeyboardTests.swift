import CX11
import Foundation
import SceneHostTesting
import Testing
@testable import X11

/// The keyboard through libxkbcommon-x11 on a real server, decoded without an app.
@MainActor
struct KeyboardTests {
    /// The locale's compose table (thousands of sequences, some 130 KB of heap and the pages of
    /// libxkbcommon's parser) is compiled at the first key pressed, not when the keyboard is set up at
    /// launch; a dead key then composes as before.
    @Test func composeTableWaitsForTheFirstKeyPressed() throws {
        let server = try VirtualDisplay(width: 640, height: 480)
        let display = try server.connect()
        let keyboard = try #require(display.keyboard)
        #expect(!keyboard.hasComposeTable, "nothing compiled when the keyboard is set up")
        let spare = try #require(display.spareKeycode())
        display.mapKey(code: spare, to: KeySym("dead_acute"))
        display.sync()
        keyboard.keymapChanged()
        _ = keyboard.decode(code: spare, state: 0, pressed: false)
        #expect(!keyboard.hasComposeTable, "a key released composes nothing")
        let dead = keyboard.decode(code: spare, state: 0, pressed: true)
        #expect(keyboard.hasComposeTable, "compiled at the first key pressed")
        #expect(dead.text == nil && dead.composing, "the dead key alone types nothing")
        _ = keyboard.decode(code: spare, state: 0, pressed: false)
        let e = UInt32(XKeysymToKeycode(display.pointer, KeySym("e").rawValue))
        let composed = keyboard.decode(code: e, state: 0, pressed: true)
        #expect(composed.text == "é" && composed.composing)
    }

    /// XKB is set up at the first key event, not at the first event of any kind: a launch, whose
    /// windows get only map, configure and expose events, needs none of it; the first key is decoded
    /// through it as before.
    @Test func keyboardWaitsForTheFirstKeyEvent() throws {
        let (server, display, window) = try DisplayTests.mappedWindow(title: "Keys")
        _ = server
        let deadline = Date().addingTimeInterval(5)
        var mapped = false
        while !mapped, Date() < deadline {
            while display.hasEvents(reading: true) {
                if case .map = display.nextEvent() { mapped = true }
            }
            usleep(10_000)
        }
        #expect(mapped)
        #expect(display.setUpKeyboard == nil, "a window's events set up no keyboard")
        XSetInputFocus(display.pointer, window.id, RevertToParent, UInt(CurrentTime))
        display.fakeKey(keysym: KeySym("a"), pressed: true)
        display.fakeKey(keysym: KeySym("a"), pressed: false)
        display.sync()
        var typed: String?
        while typed == nil, Date() < deadline {
            if display.hasEvents(reading: true), case .key(_, let key) = display.nextEvent(), key.pressed {
                typed = key.text
            } else {
                usleep(10_000)
            }
        }
        #expect(typed == "a")
        #expect(display.setUpKeyboard.flatMap { $0 } != nil, "set up at the first key")
    }
}
