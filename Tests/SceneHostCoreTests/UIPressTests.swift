import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
private final class PressLog: UIView {
    var log: [String] = []
    var handles = true
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let key = presses.first?.key
        log.append("began \(key?.characters ?? "") \(key?.keyCode.rawValue ?? 0) \(presses.first?.type.rawValue ?? 9)")
        if !handles { super.pressesBegan(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { log.append("ended") }
    override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) { log.append("cancelled") }
}

@MainActor
private final class CommandController: UIViewController {
    var ran = 0
    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .control) { [unowned self] _ in ran += 1 }] }
}

/// Presses go to the first responder before the focus system and key commands (UIKit, iOS 15 SDK).
@MainActor
struct UIPressTests {
    @Test func pressesGoToTheFirstResponderThenKeyCommands() {
        let root = CommandController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), rootViewController: root)
        let view = PressLog()
        root.view.addSubview(view)
        view.becomeFirstResponder()
        press(scene, "n", .keyboardN, [.control])
        #expect(view.log == ["began n 17 -1", "ended"] && root.ran == 0, "handled: no key command")
        view.handles = false
        press(scene, "n", .keyboardN, [.control])
        #expect(root.ran == 1, "passed up the chain unhandled: the key command runs")
        press(scene, UIKeyCommand.inputLeftArrow, .keyboardLeftArrow)
        #expect(view.log.last == "ended" && view.log.dropLast().last == "began UIKeyInputLeftArrow 80 2")
    }

    @Test func keysDownWhenTheSceneLosesTheKeyboardAreCancelled() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), rootViewController: root)
        let view = PressLog()
        root.view.addSubview(view)
        view.becomeFirstResponder()
        let key = UIKey(characters: "q", charactersIgnoringModifiers: "q", keyCode: .keyboardQ)
        scene.keyDown(key, code: 24, responders: [])
        scene.cancelPresses()
        scene.keyUp(code: 24, modifierFlags: [])
        #expect(view.log == ["began q 20 -1", "cancelled"])
    }

    @Test func linuxKeyCodesBecomeHIDUsages() {
        #expect(UIKeyboardHIDUsage(linuxKeyCode: 30) == .keyboardA)
        #expect(UIKeyboardHIDUsage(linuxKeyCode: 28) == .keyboardReturnOrEnter)
        #expect(UIKeyboardHIDUsage(linuxKeyCode: 105) == .keyboardLeftArrow)
        #expect(UIKeyboardHIDUsage(linuxKeyCode: 125) == .keyboardLeftGUI)
        #expect(UIKeyboardHIDUsage(linuxKeyCode: 2) == .keyboard1)
    }
}
