import Foundation

/// What a view editing text through a `TextEditingCore` is asked and told.
@MainActor
protocol TextEditingHost: AnyObject {
    /// Whether a person's edit may replace `range` (UTF-16 offsets) with `string`: the delegate's say.
    func editingCore(shouldReplace range: Range<Int>, with string: String) -> Bool
    /// The text changed: what was `range` is now `string` (every change: edits, undo, marked text, code).
    func editingCoreDidReplace(_ range: Range<Int>, with string: String)
    /// A person's edit (or its undo or redo) is done: the view sends its actions and notifications.
    func editingCoreDidEdit()
    /// The selection was set; `changed` when to another range.
    func editingCoreDidSelect(changed: Bool)
    /// Where edits are registered for undo (the responder chain's).
    var undoManager: UndoManager? { get }
    /// Whether the selection may go to the pasteboard (not for secure entry).
    var editingAllowsCopy: Bool { get }
}

/// The editing shared by `UITextField` and `UITextView`: the text and the selection in UTF-16 offsets
/// (as UIKit's `NSRange`s count), marked text, edits asked of the host and registered for undo (typing
/// coalesces into one step), steps by grapheme cluster and by word, and the keys both views read the
/// same way (Backspace/Delete, Ctrl+A/Z/Y/C/X/V). Where the views differ — lines, geometry, what a
/// key moves by on screen — they do it themselves.
@MainActor
final class TextEditingCore {
    weak var host: (any TextEditingHost)?

    private(set) var text = ""
    /// The selection; `anchor` is its fixed end when Shift extends it.
    private(set) var selection = 0..<0
    private(set) var anchor = 0
    /// The provisional text of an input method's composition.
    var marked: Range<Int>?
    /// Pasted line breaks become spaces (a text field holds one line).
    var singleLine = false
    /// The undo step typing is being coalesced into, while the caret stays at its end.
    private var typingRun: UndoStep?

    /// One undo step: what `range` held before (`replaced`), and the selection then.
    private final class UndoStep {
        var range: Range<Int>
        let replaced: String
        let selection: Range<Int>
        init(range: Range<Int>, replaced: String, selection: Range<Int>) {
            self.range = range
            self.replaced = replaced
            self.selection = selection
        }
    }

    var length: Int { text.utf16.count }

    /// The selection's free end (the caret when empty).
    var head: Int { selection.lowerBound == anchor ? selection.upperBound : selection.lowerBound }

    func index(_ offset: Int) -> String.Index { String.Index(utf16Offset: min(max(0, offset), length), in: text) }

    func substring(_ range: Range<Int>) -> String { String(text[index(range.lowerBound)..<index(range.upperBound)]) }

    var selectedText: String { substring(selection) }

    // MARK: Changing the text

    /// Sets the text as code does: nothing asked, no undo, the caret at the end.
    func setText(_ string: String) {
        typingRun = nil
        marked = nil
        isSettingText = true
        defer { isSettingText = false }
        replaceText(0..<length, with: string)
        select(length..<length)
    }

    /// Code is setting the text (`setText`): delegates hear nothing of it.
    private(set) var isSettingText = false

    /// Replaces `range` with `string` and tells the host; the selection is left to the caller.
    func replaceText(_ range: Range<Int>, with string: String) {
        text.replaceSubrange(index(range.lowerBound)..<index(range.upperBound), with: string)
        host?.editingCoreDidReplace(range, with: string)
    }

    /// Replaces `range` with `string` as a person's edit: asks the host, registers the undo step (typing
    /// coalesces), puts the caret after the new text, then tells the host the edit is done. Returns
    /// whether the change was made.
    @discardableResult
    func edit(_ range: Range<Int>, with string: String, typing: Bool = false) -> Bool {
        guard host?.editingCore(shouldReplace: range, with: string) ?? true else { return false }
        let end = range.lowerBound + string.utf16.count
        if typing, range.isEmpty, let run = typingRun, run.range.upperBound == range.lowerBound {
            run.range = run.range.lowerBound..<end
        } else {
            let step = UndoStep(range: range.lowerBound..<end, replaced: substring(range), selection: selection)
            register(step)
            typingRun = typing ? step : nil
        }
        replaceText(range, with: string)
        select(end..<end)
        host?.editingCoreDidEdit()
        return true
    }

    private func register(_ step: UndoStep) {
        host?.undoManager?.registerUndo(withTarget: self) { core in core.revert(step) }
    }

    /// Undoes (or redoes) a step, registering its inverse.
    private func revert(_ step: UndoStep) {
        typingRun = nil
        marked = nil
        let inverse = UndoStep(range: step.range.lowerBound..<step.range.lowerBound + step.replaced.utf16.count,
                               replaced: substring(step.range), selection: selection)
        register(inverse)
        replaceText(step.range, with: step.replaced)
        select(step.selection)
        host?.editingCoreDidEdit()
    }

    /// Ends the coalescing of typing: the next character typed is a new undo step.
    func endTypingRun() { typingRun = nil }

    // MARK: Selection

    /// Sets the selection (clamped), with `anchor` at its start unless given.
    func select(_ range: Range<Int>, anchor newAnchor: Int? = nil) {
        let count = length
        let range = min(range.lowerBound, count)..<min(range.upperBound, count)
        let changed = range != selection
        selection = range
        anchor = min(newAnchor ?? range.lowerBound, count)
        host?.editingCoreDidSelect(changed: changed)
    }

    /// Moves the caret, or with `extending` the selection's free end, to `offset`.
    func move(to offset: Int, extending: Bool) {
        typingRun = nil
        if extending {
            select(min(anchor, offset)..<max(anchor, offset), anchor: anchor)
        } else {
            select(offset..<offset)
        }
    }

    /// Clears the selection to its end, forgetting marked text: editing ended.
    func endEditing() {
        marked = nil
        typingRun = nil
        selection = selection.upperBound..<selection.upperBound
        anchor = selection.lowerBound
    }

    // MARK: Steps

    /// The offset one grapheme cluster before or after `offset`.
    func step(from offset: Int, forward: Bool) -> Int {
        let index = self.index(offset)
        if forward { return index == text.endIndex ? offset : text.index(after: index).utf16Offset(in: text) }
        return index == text.startIndex ? offset : text.index(before: index).utf16Offset(in: text)
    }

    /// The offset of the next word's end (forward) or the previous word's start; walks the characters
    /// from `offset` only (a long document costs no more than a short one).
    func wordStep(from offset: Int, forward: Bool) -> Int {
        func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber }
        var index = self.index(offset)
        if forward {
            while index < text.endIndex, !isWord(text[index]) { index = text.index(after: index) }
            while index < text.endIndex, isWord(text[index]) { index = text.index(after: index) }
        } else {
            while index > text.startIndex, !isWord(text[text.index(before: index)]) { index = text.index(before: index) }
            while index > text.startIndex, isWord(text[text.index(before: index)]) { index = text.index(before: index) }
        }
        return index.utf16Offset(in: text)
    }

    /// The word around `offset`, for a double click.
    func wordRange(at offset: Int) -> Range<Int> {
        let start = wordStep(from: step(from: offset, forward: true), forward: false)
        let end = wordStep(from: start, forward: true)
        return start < end ? start..<end : offset..<offset
    }

    // MARK: Keys both views read alike

    /// Backspace and Delete (with Ctrl: a word), Ctrl+A, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y, Ctrl+C/X/V.
    /// `editable` false leaves only selecting all and copying. Whether the key was one of these.
    func handleCommonKey(_ key: UIKey, editable: Bool) -> Bool {
        let flags = key.modifierFlags.subtracting([.alphaShift, .numericPad])
        let shift = flags.contains(.shift), control = flags.contains(.control)
        switch key.keyCode {
        case .keyboardDeleteOrBackspace, .keyboardDeleteForward:
            guard editable else { return false }
            let forward = key.keyCode == .keyboardDeleteForward
            if !selection.isEmpty {
                edit(selection, with: "")
            } else {
                let other = control ? wordStep(from: head, forward: forward) : step(from: head, forward: forward)
                if other != head { edit(min(other, head)..<max(other, head), with: "") }
            }
            return true
        default:
            break
        }
        guard control, !flags.contains(.alternate), !flags.contains(.command) else { return false }
        switch key.charactersIgnoringModifiers.lowercased() {
        case "a": select(0..<length, anchor: 0)
        case "c": copySelection()
        case "z" where editable && shift: host?.undoManager?.redo()
        case "z" where editable: typingRun = nil; host?.undoManager?.undo()
        case "y" where editable: host?.undoManager?.redo()
        case "x" where editable:
            guard copySelection() else { return true }
            edit(selection, with: "")
        case "v" where editable: paste(UIPasteboard.general.string)
        default: return false
        }
        return true
    }

    /// Puts the selection on the general pasteboard (unless the host refuses); whether it did.
    @discardableResult
    func copySelection() -> Bool {
        guard host?.editingAllowsCopy ?? true, !selection.isEmpty else { return false }
        UIPasteboard.general.string = selectedText
        return true
    }

    /// Pastes `string` over the selection (one line for a single-line host).
    func paste(_ string: String?) {
        guard let string, !string.isEmpty else { return }
        typingRun = nil
        let pasted = singleLine ? string.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ") : string
        edit(selection, with: pasted)
    }

    // MARK: UIKeyInput / UITextInput

    /// Types `text` over the marked text or the selection.
    func insertText(_ string: String) {
        if let marked {
            self.marked = nil
            edit(marked, with: string)
        } else {
            edit(selection, with: string, typing: true)
        }
    }

    func deleteBackward() {
        if !selection.isEmpty {
            edit(selection, with: "")
        } else {
            let previous = step(from: head, forward: false)
            if previous != head { edit(previous..<head, with: "") }
        }
    }

    func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        let target = marked ?? selection
        let string = markedText ?? ""
        let start = target.lowerBound
        marked = string.isEmpty ? nil : start..<start + string.utf16.count
        replaceText(target, with: string)
        let location = start + min(selectedRange.location, string.utf16.count)
        select(location..<min(location + selectedRange.length, start + string.utf16.count))
    }

    /// Commits the marked text; whether there was any.
    func unmarkText() -> Bool {
        guard marked != nil else { return false }
        marked = nil
        return true
    }

    func text(in range: Range<Int>) -> String? {
        range.upperBound <= length ? substring(range) : nil
    }

    // MARK: The caret

    /// Shows `caret` solid, then blinking on the scene's animation clock for 10 seconds (as GTK's):
    /// `restart` after a change, so the caret shows solid while a person types.
    static func showCaret(_ caret: UIView, restart: Bool) {
        let wasHidden = caret.isHidden
        caret.isHidden = false
        guard restart || wasHidden else { return }
        caret.layer.removeAnimation(forKey: "blink")
        let blink = CABasicAnimation(keyPath: "opacity")
        blink.fromValue = Float(1)
        blink.toValue = Float(0)
        blink.duration = 0.5
        blink.autoreverses = true
        blink.repeatCount = 10
        blink.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        caret.layer.add(blink, forKey: "blink")
    }

    static func hideCaret(_ caret: UIView) {
        caret.isHidden = true
        caret.layer.removeAnimation(forKey: "blink")
    }
}
