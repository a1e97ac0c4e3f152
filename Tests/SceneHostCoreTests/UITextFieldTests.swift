import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A key as the runtime makes it from X11 (US layout): what it types and which key it is.
@MainActor
func press(_ scene: UIWindowScene, _ characters: String, _ code: UIKeyboardHIDUsage, _ flags: UIKeyModifierFlags = []) {
    let key = UIKey(characters: characters, charactersIgnoringModifiers: characters, modifierFlags: flags, keyCode: code)
    scene.keyDown(key, code: code.rawValue, responders: scene.keyWindow?.keyCommandResponders ?? [])
    scene.keyUp(code: code.rawValue, modifierFlags: flags)
}

/// Types `string` letter by letter (keyCode of "a" for every letter: fields read the characters).
@MainActor
func type(_ scene: UIWindowScene, _ string: String) {
    for character in string { press(scene, String(character), character == " " ? .keyboardSpacebar : .keyboardA) }
}

@MainActor
private final class FieldDelegate: UITextFieldDelegate {
    var log: [String] = []
    var allowsChange = true
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { log.append("shouldBegin"); return true }
    func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { log.append("shouldEnd"); return true }
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { log.append("didEnd \(reason.rawValue)") }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        log.append("change \(range.location),\(range.length) \(string)")
        return allowsChange
    }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool { log.append("return"); return true }
    func textFieldShouldClear(_ textField: UITextField) -> Bool { log.append("clear"); return true }
}

/// UITextField's editing as UIKit's, offscreen: keys through the scene as the runtime delivers them.
@MainActor
struct UITextFieldTests {
    private func fieldScene(_ text: String = "") -> (UIWindowScene, UITextField) {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 300, height: 34))
        field.borderStyle = .roundedRect
        field.text = text
        root.view.addSubview(field)
        return (scene, field)
    }

    @Test func typingEditsAndTheDelegateIsAskedInUIKitsOrder() {
        let (scene, field) = fieldScene()
        let delegate = FieldDelegate()
        field.delegate = delegate
        var changes = 0
        field.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
        #expect(field.becomeFirstResponder() && field.isEditing)
        type(scene, "Hi yo")
        #expect(field.text == "Hi yo" && changes == 5)
        press(scene, "\u{8}", .keyboardDeleteOrBackspace)
        #expect(field.text == "Hi y")
        delegate.allowsChange = false
        type(scene, "x")
        #expect(field.text == "Hi y", "the delegate refused")
        press(scene, "\r", .keyboardReturnOrEnter)
        #expect(field.resignFirstResponder() && !field.isEditing)
        #expect(delegate.log == ["shouldBegin", "didBegin", "change 0,0 H", "change 1,0 i", "change 2,0  ", "change 3,0 y", "change 4,0 o",
                                 "change 4,1 ", "change 4,0 x", "return", "shouldEnd", "didEnd 0"])
        field.text = "set in code"
        #expect(delegate.log.count == 12, "setting text asks nothing")
    }

    @Test func arrowsShiftWordsHomeEndAndSelectAll() {
        let (scene, field) = fieldScene("one two three")
        field.becomeFirstResponder()
        press(scene, UIKeyCommand.inputHome, .keyboardHome)
        press(scene, UIKeyCommand.inputRightArrow, .keyboardRightArrow, [.control])
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 3..<3, "after the word")
        press(scene, UIKeyCommand.inputRightArrow, .keyboardRightArrow, [.control, .shift])
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 3..<7)
        press(scene, UIKeyCommand.inputLeftArrow, .keyboardLeftArrow, [.shift])
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 3..<6)
        type(scene, "X")
        #expect(field.text == "oneXo three")
        press(scene, UIKeyCommand.inputEnd, .keyboardEnd, [.shift])
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 4..<11)
        press(scene, "a", .keyboardA, [.control])
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 0..<11)
        press(scene, UIKeyCommand.inputLeftArrow, .keyboardLeftArrow)
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 0..<0, "a selection collapses to its left edge")
        press(scene, "\u{8}", .keyboardDeleteOrBackspace)
        #expect(field.text == "oneXo three", "nothing before the caret")
        press(scene, UIKeyCommand.inputDelete, .keyboardDeleteForward, [.control])
        #expect(field.text == " three", "Ctrl+Delete removes the word (\"oneXo\")")
    }

    @Test func rightToLeftTextMovesInVisualOrder() {
        // Hebrew "shalom": the first character stands at the right; → moves toward the start.
        let (scene, field) = fieldScene("שלום")
        field.becomeFirstResponder()
        press(scene, UIKeyCommand.inputHome, .keyboardHome)
        press(scene, UIKeyCommand.inputLeftArrow, .keyboardLeftArrow)
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 1..<1, "← goes forward in a right-to-left paragraph")
        press(scene, UIKeyCommand.inputRightArrow, .keyboardRightArrow)
        press(scene, UIKeyCommand.inputRightArrow, .keyboardRightArrow)
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 0..<0, "→ goes back, and stops at the start")
    }

    @Test func undoAndRedoGoThroughTheWindowsUndoManager() async {
        let (scene, field) = fieldScene()
        field.becomeFirstResponder()
        type(scene, "abc")
        await runMainQueue(for: 0.01)
        press(scene, UIKeyCommand.inputLeftArrow, .keyboardLeftArrow, [.shift])
        type(scene, "Z")
        await runMainQueue(for: 0.01)
        #expect(field.text == "abZ")
        press(scene, "z", .keyboardZ, [.control])
        #expect(field.text == "abc")
        press(scene, "z", .keyboardZ, [.control])
        #expect(field.text == "", "typing was one step")
        press(scene, "Z", .keyboardZ, [.control, .shift])
        #expect(field.text == "abc")
        press(scene, "y", .keyboardY, [.control])
        #expect(field.text == "abZ")
    }

    @Test func copyCutAndPasteUseTheGeneralPasteboard() {
        let (scene, field) = fieldScene("hello world")
        field.becomeFirstResponder()
        press(scene, UIKeyCommand.inputLeftArrow, .keyboardLeftArrow, [.control, .shift])
        press(scene, "x", .keyboardX, [.control])
        #expect(field.text == "hello " && UIPasteboard.general.string == "world")
        press(scene, UIKeyCommand.inputHome, .keyboardHome)
        press(scene, "v", .keyboardV, [.control])
        #expect(field.text == "worldhello ")
        field.isSecureTextEntry = true
        UIPasteboard.general.string = "kept"
        press(scene, "a", .keyboardA, [.control])
        press(scene, "c", .keyboardC, [.control])
        #expect(UIPasteboard.general.string == "kept", "secure text is never copied")
    }

    @Test func clickDragAndDoubleClickSelect() {
        let (scene, field) = fieldScene("alpha beta")
        let delegate = FieldDelegate()
        field.delegate = delegate
        let y: CGFloat = 37
        // A click at the far right puts the caret at the end and begins editing.
        scene.pointerPressed(at: CGPoint(x: 300, y: y))
        scene.pointerReleased(at: CGPoint(x: 300, y: y))
        #expect(field.isEditing && (field.selectedTextRange as? UITextFieldRange)?.range == 10..<10)
        #expect(delegate.log.prefix(2) == ["shouldBegin", "didBegin"])
        // A drag from the start to the far right selects everything.
        let start = CGPoint(x: 20 + 7 + 1, y: y), time = ProcessInfo.processInfo.systemUptime + 1
        scene.pointerPressed(at: start, timestamp: time)
        scene.pointerMoved(to: CGPoint(x: 300, y: y), timestamp: time + 0.05)
        scene.pointerReleased(at: CGPoint(x: 300, y: y), timestamp: time + 0.1)
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 0..<10)
        #expect(UIPasteboard.primarySelection.string == "alpha beta", "a selection becomes PRIMARY")
        // A double click in "alpha" selects the word.
        let inAlpha = CGPoint(x: 20 + 7 + 10, y: y), later = time + 2
        scene.pointerPressed(at: inAlpha, timestamp: later)
        scene.pointerReleased(at: inAlpha, timestamp: later + 0.05)
        scene.pointerPressed(at: inAlpha, timestamp: later + 0.1)
        scene.pointerReleased(at: inAlpha, timestamp: later + 0.15)
        #expect((field.selectedTextRange as? UITextFieldRange)?.range == 0..<5)
    }

    @Test func theMiddleButtonPastesThePrimarySelection() {
        let (scene, field) = fieldScene("ab")
        UIPasteboard.primarySelection.string = "XY"
        scene.pointerPressed(button: 3, at: CGPoint(x: 300, y: 37))
        scene.pointerReleased(button: 3, at: CGPoint(x: 300, y: 37))
        #expect(field.text == "abXY" && field.isEditing)
    }

    @Test func clearButtonAsksTheDelegateAndEmpties() {
        let (scene, field) = fieldScene("text")
        let delegate = FieldDelegate()
        field.delegate = delegate
        field.clearButtonMode = .always
        let button = field.clearButtonRect(forBounds: field.bounds)
        let point = CGPoint(x: 20 + button.midX, y: 20 + button.midY)
        scene.pointerPressed(at: point)
        scene.pointerReleased(at: point)
        #expect(field.text == "" && delegate.log.contains("clear"))
    }

    @Test func markedTextIsReplacedByTheCommittedText() {
        let (_, field) = fieldScene("ab")
        field.becomeFirstResponder()
        field.setMarkedText("ka", selectedRange: NSRange(location: 2, length: 0))
        #expect(field.text == "abka" && (field.markedTextRange as? UITextFieldRange)?.range == 2..<4)
        field.insertText("か")
        #expect(field.text == "abか" && field.markedTextRange == nil)
    }

    @Test func aPlainKeyInputViewGetsTypedText() {
        final class Sink: UIView, UIKeyInput {
            var typed = ""
            override var canBecomeFirstResponder: Bool { true }
            var hasText: Bool { !typed.isEmpty }
            func insertText(_ text: String) { typed += text }
            func deleteBackward() { typed = String(typed.dropLast()) }
        }
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), rootViewController: root)
        let sink = Sink()
        root.view.addSubview(sink)
        sink.becomeFirstResponder()
        type(scene, "é!")
        press(scene, "\u{8}", .keyboardDeleteOrBackspace)
        press(scene, "\r", .keyboardReturnOrEnter)
        #expect(sink.typed == "é\n")
    }

    @Test func caretShowsWhileEditingWithNoSelection() {
        let (scene, field) = fieldScene("abc")
        #expect(!field.isCaretVisible)
        field.becomeFirstResponder()
        #expect(field.isCaretVisible)
        press(scene, "a", .keyboardA, [.control])
        #expect(!field.isCaretVisible, "a selection hides the caret")
    }
}

/// `adjustsFontForContentSizeCategory`, as UIKit's `UIContentSizeCategoryAdjusting`.
extension UITextFieldTests {
    /// A field showing `text` (or the placeholder, when nil) in `font` in a scene of its own.
    private func sizedField(_ font: UIFont, adjusts: Bool, text: String?, in root: UIViewController) -> UITextField {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 500, height: 80))
        field.font = font
        field.adjustsFontForContentSizeCategory = adjusts
        if let text { field.text = text } else { field.placeholder = "Search mail" }
        root.view.addSubview(field)
        return field
    }

    /// When it adjusts, a preferred or metrics-scaled font follows the text size: the font, the
    /// intrinsic size (of the text, and of the placeholder) and the caret; a field that does not
    /// adjust, or whose font was made by size, stays as it was.
    @Test func aPreferredFontFollowsTheTextSizeOnlyWhenTheFieldAdjusts() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 600, height: 500), rootViewController: root)
        let adjusting = sizedField(.preferredFont(forTextStyle: .body), adjusts: true, text: "Grow", in: root)
        let placeholder = sizedField(.preferredFont(forTextStyle: .body), adjusts: true, text: nil, in: root)
        let scaled = sizedField(UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 15)), adjusts: true, text: "Grow", in: root)
        let still = sizedField(.preferredFont(forTextStyle: .body), adjusts: false, text: "Grow", in: root)
        let bySize = sizedField(.systemFont(ofSize: 17), adjusts: true, text: "Grow", in: root)
        _ = scene.renderImage()
        let fields = [adjusting, placeholder, scaled, still, bySize]
        let before = fields.map(\.intrinsicContentSize)
        #expect(fields.map { $0.font!.pointSize } == [17, 17, 15, 17, 17])
        #expect(adjusting.becomeFirstResponder())
        _ = scene.renderImage()
        let caretBefore = adjusting.caretRect(for: adjusting.endOfDocument)

        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        #expect(fields.map { $0.font!.pointSize } == [53, 53, 47, 17, 17], "UIKit's sizes at the largest accessibility size")
        let after = fields.map(\.intrinsicContentSize)
        for index in 0..<3 {
            #expect(after[index].height > before[index].height * 2.5 && after[index].width > before[index].width * 2.5,
                    "field \(index): \(before[index]) → \(after[index])")
        }
        #expect(after[3] == before[3] && after[4] == before[4], "without adjusting, or by size: unchanged")
        let caret = adjusting.caretRect(for: adjusting.endOfDocument)
        #expect(caret.height > caretBefore.height * 2.5 && caret.minX > caretBefore.minX * 2.5, "\(caretBefore) → \(caret)")

        scene.traitOverrides.preferredContentSizeCategory = .large
        _ = scene.renderImage()
        #expect(fields.map { $0.font!.pointSize } == [17, 17, 15, 17, 17])
        #expect(fields.map(\.intrinsicContentSize) == before)
    }

    /// A preferred font made before the field joined a window of another text size is laid out at the
    /// window's size; turning adjusting off keeps the font it has and stops following.
    @Test func aFieldLaysOutAtItsWindowsTextSizeAndStopsFollowingWhenTurnedOff() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 600, height: 300), rootViewController: root)
        scene.traitOverrides.preferredContentSizeCategory = .extraExtraExtraLarge
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 500, height: 60))
        field.font = .preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection(preferredContentSizeCategory: .large))
        field.adjustsFontForContentSizeCategory = true
        field.text = "Joined"
        let alone = field.intrinsicContentSize
        root.view.addSubview(field)
        _ = scene.renderImage()
        #expect(field.font!.pointSize == 23 && field.intrinsicContentSize.height > alone.height)
        field.adjustsFontForContentSizeCategory = false
        let kept = field.intrinsicContentSize
        scene.traitOverrides.preferredContentSizeCategory = .extraSmall
        _ = scene.renderImage()
        #expect(field.font!.pointSize == 23 && field.intrinsicContentSize == kept)
    }
}

extension UITextFieldTests {
    /// Text longer than the field scrolls to keep the caret in view while editing, and shows from its
    /// start again once editing ends, as UIKit's.
    @Test func aScrolledFieldShowsItsStartWhenEditingEnds() {
        let (scene, field) = fieldScene()
        field.frame.size.width = 120
        #expect(field.becomeFirstResponder())
        type(scene, "a long address typed past the end")
        _ = scene.renderImage()
        let textLeft = field.textRect(forBounds: field.bounds).minX
        #expect(field.caretRect(for: field.beginningOfDocument).minX < textLeft - 50, "scrolled while editing")
        #expect(field.resignFirstResponder())
        #expect(abs(field.caretRect(for: field.beginningOfDocument).midX - textLeft) <= 1, "from the start after")
    }
}

extension UITextFieldTests {
    /// The clear button stands at the trailing end, and the text keeps clear of it in either direction.
    @Test(arguments: [UITraitEnvironmentLayoutDirection.leftToRight, .rightToLeft])
    func theTextKeepsClearOfTheClearButton(direction: UITraitEnvironmentLayoutDirection) {
        let (scene, field) = fieldScene("ada@example.org")
        scene.traitOverrides.layoutDirection = direction
        field.clearButtonMode = .always
        _ = scene.renderImage()
        let button = field.clearButtonRect(forBounds: field.bounds), text = field.textRect(forBounds: field.bounds)
        #expect(!button.intersects(text), "\(button) and \(text)")
        #expect(direction == .rightToLeft ? button.maxX < field.bounds.midX : button.minX > field.bounds.midX)
    }
}
