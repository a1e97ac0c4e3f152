import Foundation

extension UIWindowScene {
    /// A key went down in the scene (the runtime calls this; tests may). In UIKit's order for apps of
    /// the iOS 15 SDK: an open menu takes every key; then the press goes to the key window's first
    /// responder (`pressesBegan`, where a text field types and edits); a press that reaches the end of
    /// the chain unhandled goes to the focus system (Tab, Space, Return) and then to the key commands
    /// of `responders` (see `UIKeyCommand`). Returns whether something handled the key; the runtime
    /// runs its own shortcuts when nothing did.
    ///
    /// `code` tells keys apart for their release (an X keycode); `isRepeat` marks an auto-repeat.
    @_spi(Runtime) @discardableResult
    public func keyDown(_ key: UIKey, code: Int, isRepeat: Bool = false, responders: [UIResponder]) -> Bool {
        let flags = key.modifierFlags.subtracting([.alphaShift, .numericPad])
        let input = key.charactersIgnoringModifiers
        let window = keyWindow ?? windows.first
        if window?.presentedMenu != nil { return handleKeyPress(input, modifierFlags: flags) }
        if let target = window?.keyCommandResponders.first {
            let press = isRepeat ? (pressesDown[code] ?? UIPress(key: key)) : UIPress(key: key)
            press.phase = .began
            press.timestamp = ProcessInfo.processInfo.systemUptime
            press.responder = target
            press.window = window
            pressesDown[code] = press
            let event = UIPressesEvent(presses: [press], modifierFlags: key.modifierFlags, timestamp: press.timestamp)
            target.pressesBegan([press], with: event)
            if !event.reachedEndOfChain { return true }
        }
        if !input.isEmpty, handleKeyPress(input, modifierFlags: flags) { return true }
        if !input.isEmpty, let command = UIResponder.keyCommand(forInput: input, modifierFlags: key.modifierFlags, in: responders) {
            command.perform()
            return true
        }
        // The app's main menu (`buildMenu(with:)`) works in every scene, after the scene's own commands.
        if !input.isEmpty, let command = UIMenuSystem.main.keyCommand(forInput: input, modifierFlags: key.modifierFlags) {
            command.perform()
            return true
        }
        return false
    }

    /// A key came up: `pressesEnded` to the responder its press went to.
    @_spi(Runtime) public func keyUp(code: Int, modifierFlags: UIKeyModifierFlags) {
        guard let press = pressesDown.removeValue(forKey: code) else { return }
        press.phase = .ended
        press.timestamp = ProcessInfo.processInfo.systemUptime
        let event = UIPressesEvent(presses: [press], modifierFlags: modifierFlags, timestamp: press.timestamp)
        press.responder?.pressesEnded([press], with: event)
    }

    /// The scene lost the keyboard: keys still down are cancelled (`pressesCancelled`), as their
    /// releases will go to another window.
    @_spi(Runtime) public func cancelPresses() {
        let presses = pressesDown.values
        pressesDown = [:]
        for press in presses {
            press.phase = .cancelled
            let event = UIPressesEvent(presses: [press], timestamp: ProcessInfo.processInfo.systemUptime)
            press.responder?.pressesCancelled([press], with: event)
        }
    }
}
