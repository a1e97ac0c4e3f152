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
}
