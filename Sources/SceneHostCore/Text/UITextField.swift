import Cairo
import Foundation

/// A position in a text field: a UTF-16 offset, as UIKit's `NSRange`s count.
@MainActor
public final class UITextFieldPosition: UITextPosition {
    public let offset: Int
    init(_ offset: Int) { self.offset = offset }
}

/// A range in a text field, of UTF-16 offsets.
@MainActor
public final class UITextFieldRange: UITextRange {
    public let range: Range<Int>
    init(_ range: Range<Int>) {
        self.range = range
        super.init(start: UITextFieldPosition(range.lowerBound), end: UITextFieldPosition(range.upperBound))
    }
    public override var isEmpty: Bool { range.isEmpty }
}

/// One line of editable text, as UIKit's `UITextField`.
///
/// Editing with a hardware keyboard as on a desktop: typing (dead keys and compose sequences through
/// the keymap), Backspace/Delete (with Ctrl: a word), ←/→ (visual order in right-to-left and mixed
/// text, by Pango), Ctrl+←/→ by words, Home/End (and ↑/↓), Shift extending the selection, Ctrl+A,
/// Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) through the window's `UndoManager` (typing coalesces into one
/// step), Ctrl+C/X/V through `UIPasteboard.general`, Return (`textFieldShouldReturn`, then
/// `.editingDidEndOnExit` and `.primaryActionTriggered`). The pointer places the caret, drags a
/// selection (which becomes X11's PRIMARY), double-clicks a word; the middle button pastes PRIMARY. The caret blinks on the scene's animation clock for 10 seconds
/// after the last change, then stays (as GTK's does).
///
/// Differs from UIKit: no on-screen keyboard, text input traits beyond `isSecureTextEntry`, left and
/// right views, or attributed text; of `UITextInput`'s geometry only `caretRect(for:)` is there. Keys with Control held
/// that the field does not use go up the responder chain to key commands (Apple's own text fields do
/// the same for ⌘ shortcuts).
@MainActor
open class UITextField: UIControl, UITextInput, TextEditingHost {
    /// UIKit's raw values.
    public enum BorderStyle: Int, Sendable { case none = 0, line = 1, bezel = 2, roundedRect = 3 }
    /// When the clear button shows, UIKit's raw values.
    public enum ViewMode: Int, Sendable { case never = 0, whileEditing = 1, unlessEditing = 2, always = 3 }
    /// Why editing ended, UIKit's raw values.
    public enum DidEndEditingReason: Int, Sendable { case committed = 0, cancelled = 1 }

    /// Posted after each change a person makes (the object is the field).
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    open weak var delegate: UITextFieldDelegate?

    /// The text; never nil when read ("" when empty), as UIKit's. Setting it asks the delegate nothing
    /// and puts the caret at the end.
    open var text: String? {
        get { storage }
        set { core.setText(newValue ?? "") }
    }

    /// Shown in the placeholder colour while the text is empty.
    open var placeholder: String? { didSet { setNeedsDisplay() } }
    /// The text's (and the placeholder's) font; the 17-point system font by default. With
    /// `adjustsFontForContentSizeCategory`, a preferred or `UIFontMetrics`-scaled font is replaced by
    /// the same style at the new size when the content size category changes, as UIKit does.
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { if font != oldValue { textDidChange() } } }
    /// Whether a font made with `preferredFont(forTextStyle:)` or `UIFontMetrics` follows the trait
    /// collection's content size category (UIKit's `UIContentSizeCategoryAdjusting`); false by default.
    /// The text, the placeholder, the caret and the intrinsic size follow it; fonts made by size stay.
    /// The field lays its text out at its traits' category even before `font` is replaced (a preferred
    /// font made before the field joined a window of another category).
    open var adjustsFontForContentSizeCategory = false {
        didSet {
            guard adjustsFontForContentSizeCategory != oldValue else { return }
            sizeCategoryRegistration = contentSizeCategoryRegistration(adjustsFontForContentSizeCategory, replacing: sizeCategoryRegistration) {
                (field: UITextField) in field.adjustFontToContentSizeCategory()
            }
            if adjustsFontForContentSizeCategory { adjustFontToContentSizeCategory() }
            textDidChange()
        }
    }
    private var sizeCategoryRegistration: (any UITraitChangeRegistration)?

    /// Replaces a text-style font by the one for the traits' category (the same one changes nothing).
    private func adjustFontToContentSizeCategory() {
        guard let font else { return }
        self.font = font.adjusted(for: traitCollection)
    }

    /// The font the text is laid out in: `font` (or the default), at the traits' content size category
    /// when the field adjusts it.
    private var effectiveFont: UIFont {
        let font = self.font ?? .systemFont(ofSize: 17)
        return adjustsFontForContentSizeCategory ? font.adjusted(for: traitCollection) : font
    }
    open var textColor: UIColor? = .label { didSet { setNeedsDisplay() } }
    /// `.natural` follows the view's layout direction.
    open var textAlignment: NSTextAlignment = .natural { didSet { textDidChange() } }
    open var borderStyle: BorderStyle = .none { didSet { textDidChange() } }
    open var clearButtonMode: ViewMode = .never { didSet { textDidChange() } }
    /// Shows a bullet for each character, and copying is refused, as UIKit's.
    open var isSecureTextEntry = false { didSet { textDidChange() } }
    /// Empties the field when editing begins (asking `textFieldShouldClear`).
    open var clearsOnBeginEditing = false
    /// Whether the field is the first responder.
    public private(set) var isEditing = false

    /// The text, the selection, marked text and undo: shared with `UITextView`.
    private let core = TextEditingCore()
    private var storage: String { core.text }
    private var selection: Range<Int> { core.selection }
    private var marked: Range<Int>? { core.marked }
    private let layout = TextLayout()
    private let caret = UIView()
    /// How far the text is scrolled left to keep the caret in view.
    private var scrollOffset: CGFloat = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        core.host = self
        core.singleLine = true
        caret.isUserInteractionEnabled = false
        caret.isHidden = true
        addSubview(caret)
        contentMode = .redraw
    }

    // MARK: Geometry

    /// The rectangle the text is drawn in, as UIKit's (override to inset differently).
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds.insetBy(dx: borderStyle == .none ? 0 : 7, dy: 0)
        if showsClearButton {
            // The clear button stands at the trailing end: the left one in a right-to-left layout.
            let room = clearButtonRect(forBounds: bounds).width + 4
            if isRightToLeftLayout { rect.origin.x += room }
            rect.size.width -= room
        }
        return rect
    }

    /// The rectangle the text is edited in: the text rectangle.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The placeholder's rectangle: the text rectangle.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The clear button's rectangle: 19 points square at the trailing end, as UIKit's.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let side: CGFloat = 19
        let x = isRightToLeftLayout ? bounds.minX + 5 : bounds.maxX - side - 5
        return CGRect(x: x, y: bounds.midY - side / 2, width: side, height: side)
    }

    private var showsClearButton: Bool {
        guard !storage.isEmpty else { return false }
        switch clearButtonMode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    /// The text as drawn: bullets for secure entry.
    private var displayText: String { isSecureTextEntry ? String(repeating: "•", count: storage.count) : storage }

    private func configuredLayout(_ string: String? = nil) -> TextLayout {
        let font = effectiveFont
        layout.text = string ?? displayText
        layout.setFont(family: font.familyName, pixelSize: Double(font.pointSize), weight: font.weight.pangoWeight)
        layout.setWidth(nil)
        layout.setMaximumLines(0, ellipsis: .none)
        layout.setAlignment(.left)
        return layout
    }

    /// The UTF-8 byte of the drawn text at the UTF-16 `offset` of the text.
    private func displayByte(_ offset: Int) -> Int {
        let index = String.Index(utf16Offset: min(offset, storage.utf16.count), in: storage)
        if isSecureTextEntry { return storage[..<index].count * "•".utf8.count }
        return storage.utf8.distance(from: storage.startIndex, to: index)
    }

    /// The UTF-16 offset of the text at the drawn text's UTF-8 `byte`.
    private func storageOffset(ofDisplayByte byte: Int) -> Int {
        if isSecureTextEntry {
            let characters = byte / "•".utf8.count
            let index = storage.index(storage.startIndex, offsetBy: min(characters, storage.count))
            return index.utf16Offset(in: storage)
        }
        let index = storage.utf8.index(storage.startIndex, offsetBy: min(byte, storage.utf8.count))
        return index.utf16Offset(in: storage)
    }

    /// The left of the text in the view: the alignment within the editing rectangle, less the scroll.
    private func textOriginX(width: CGFloat, in rect: CGRect) -> CGFloat {
        let free = rect.width - width
        let alignment: NSTextAlignment = switch textAlignment {
        case .natural, .justified: layout.isRightToLeft || isRightToLeftLayout ? .right : .left
        default: textAlignment
        }
        return switch alignment {
        case .center where free > 0: rect.minX + free / 2
        case .right where free > 0: rect.maxX - width
        default: rect.minX - scrollOffset
        }
    }

    /// The caret's x in the view for the UTF-16 `offset`.
    private func caretX(_ offset: Int) -> CGFloat {
        let layout = configuredLayout()
        let rect = editingRect(forBounds: bounds)
        return textOriginX(width: CGFloat(layout.size.width), in: rect) + CGFloat(layout.caretX(atByte: displayByte(offset)))
    }

    /// The UTF-16 offset of the caret position nearest `point`.
    private func offset(at point: CGPoint) -> Int {
        let layout = configuredLayout()
        let rect = editingRect(forBounds: bounds)
        let x = point.x - textOriginX(width: CGFloat(layout.size.width), in: rect)
        return storageOffset(ofDisplayByte: layout.byteIndex(atX: Double(x)))
    }

    // MARK: Drawing

    override func drawingDependsOnSize(changedFrom oldSize: CGSize) -> Bool { true }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let traits = traitCollection
        switch borderStyle {
        case .none: break
        case .line, .bezel:
            let color = (borderStyle == .line ? UIColor.label : UIColor.systemGray).resolvedColor(with: traits)
            context.setStrokeColor(color)
            context.setLineWidth(1)
            context.stroke(bounds.insetBy(dx: 0.5, dy: 0.5))
        case .roundedRect:
            let frame = bounds.insetBy(dx: 0.5, dy: 0.5)
            context.setFillColor(UIColor.systemBackground.resolvedColor(with: traits))
            context.addRoundedRect(frame, cornerRadius: 5)
            context.fillPath()
            context.setStrokeColor(UIColor.separator.resolvedColor(with: traits))
            context.setLineWidth(1)
            context.addRoundedRect(frame, cornerRadius: 5)
            context.strokePath()
        }
        let editing = editingRect(forBounds: bounds)
        context.saveGState()
        context.clip(to: editing)
        if storage.isEmpty, let placeholder, !placeholder.isEmpty {
            let layout = configuredLayout(placeholder)
            drawLayout(layout, color: .tertiaryLabel, x: textOriginX(width: CGFloat(layout.size.width), in: placeholderRect(forBounds: bounds)),
                       in: context)
        } else if !storage.isEmpty {
            let layout = configuredLayout()
            let height = CGFloat(layout.size.height), top = (bounds.height - height) / 2
            if isEditing, !selection.isEmpty {
                let a = caretX(selection.lowerBound), b = caretX(selection.upperBound)
                context.setFillColor((tintColor ?? .tintColor).withAlphaComponent(0.3).resolvedColor(with: traits))
                context.fill(CGRect(x: min(a, b), y: top, width: abs(b - a), height: height))
            }
            let origin = textOriginX(width: CGFloat(layout.size.width), in: editing)
            drawLayout(configuredLayout(), color: textColor ?? .label, x: origin, in: context)
            if let marked, !marked.isEmpty {
                // Marked (provisional) text is underlined, as input methods expect.
                let a = caretX(marked.lowerBound), b = caretX(marked.upperBound)
                context.setFillColor((textColor ?? .label).resolvedColor(with: traits))
                context.fill(CGRect(x: min(a, b), y: top + CGFloat(layout.baseline) + 2, width: abs(b - a), height: 1))
            }
        }
        context.restoreGState()
        if showsClearButton {
            let button = clearButtonRect(forBounds: bounds)
            context.setFillColor(UIColor.tertiaryLabel.resolvedColor(with: traits))
            context.fillEllipse(in: button)
            context.setStrokeColor(UIColor.systemBackground.resolvedColor(with: traits))
            context.setLineWidth(1.5)
            let inset = button.insetBy(dx: 6, dy: 6)
            context.move(to: CGPoint(x: inset.minX, y: inset.minY))
            context.addLine(to: CGPoint(x: inset.maxX, y: inset.maxY))
            context.move(to: CGPoint(x: inset.maxX, y: inset.minY))
            context.addLine(to: CGPoint(x: inset.minX, y: inset.maxY))
            context.strokePath()
        }
    }

    private func drawLayout(_ layout: TextLayout, color: UIColor, x: CGFloat, in context: CGContext) {
        let resolved = color.resolvedColor(with: traitCollection)
        let cairo = context.cairo
        cairo.save()
        cairo.translate(Double(x), Double((bounds.height - CGFloat(layout.size.height)) / 2))
        cairo.setSource(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue), alpha: Double(resolved.alpha))
        layout.draw(in: cairo)
        cairo.restore()
    }

    /// The size of one line of the font (and the borders' room), as UIKit's.
    open override var intrinsicContentSize: CGSize {
        let layout = configuredLayout(storage.isEmpty ? (placeholder ?? " ") : displayText)
        let height = ceil(CGFloat(layout.size.height)) + (borderStyle == .none ? 0 : 14)
        let width = ceil(CGFloat(layout.size.width)) + (borderStyle == .none ? 0 : 14)
        return CGSize(width: width, height: max(height, borderStyle == .roundedRect ? 34 : 0))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateCaret(restartBlink: false)
    }

    // MARK: Caret

    /// Places the caret (and scrolls the text to show it); `restartBlink` after a change, so the caret
    /// shows solid while a person types.
    private func updateCaret(restartBlink: Bool) {
        guard isEditing, selection.isEmpty else {
            TextEditingCore.hideCaret(caret)
            return
        }
        let rect = editingRect(forBounds: bounds)
        var x = caretX(selection.lowerBound)
        // Scroll so the caret stays inside the editing rectangle.
        if x > rect.maxX - 1 { scrollOffset += x - (rect.maxX - 1); x = rect.maxX - 1 }
        if x < rect.minX { scrollOffset = max(0, scrollOffset - (rect.minX - x)); x = caretX(selection.lowerBound) }
        let height = CGFloat(configuredLayout(displayText.isEmpty ? " " : displayText).size.height)
        caret.frame = CGRect(x: (x - 1).rounded(), y: ((bounds.height - height) / 2).rounded(), width: 2, height: height.rounded())
        caret.backgroundColor = tintColor
        TextEditingCore.showCaret(caret, restart: restartBlink)
    }

    /// Whether the caret is shown now (a test hook: editing, with an empty selection).
    var isCaretVisible: Bool { !caret.isHidden }

    private func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
        if storage.isEmpty { scrollOffset = 0 }
        updateCaret(restartBlink: true)
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Asks the delegate (`textFieldShouldBeginEditing`), becomes first responder, then
    /// `.editingDidBegin` and `textFieldDidBeginEditing`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true, super.becomeFirstResponder() else { return false }
        isEditing = true
        if clearsOnBeginEditing, !storage.isEmpty, delegate?.textFieldShouldClear(self) ?? true { text = "" }
        sendActions(for: .editingDidBegin)
        delegate?.textFieldDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        textDidChange()
        return true
    }

    /// Asks the delegate (`textFieldShouldEndEditing`, advisory: a field leaving its window resigns
    /// anyway), resigns, then `textFieldDidEndEditing(_:reason:)` and `.editingDidEnd`.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isEditing else { return super.resignFirstResponder() }
        if window != nil, !(delegate?.textFieldShouldEndEditing(self) ?? true) { return false }
        guard super.resignFirstResponder() else { return false }
        isEditing = false
        core.endEditing()
        // As UIKit's: a field not being edited shows its text from the start.
        scrollOffset = 0
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        textDidChange()
        return true
    }

    // MARK: Editing

    // MARK: TextEditingHost

    func editingCore(shouldReplace range: Range<Int>, with string: String) -> Bool {
        delegate?.textField(self, shouldChangeCharactersIn: NSRange(location: range.lowerBound, length: range.count),
                            replacementString: string) ?? true
    }

    func editingCoreDidReplace(_ range: Range<Int>, with string: String) { textDidChange() }

    func editingCoreDidEdit() {
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    func editingCoreDidSelect(changed: Bool) {
        setNeedsDisplay()
        updateCaret(restartBlink: true)
        if changed, !core.isSettingText { delegate?.textFieldDidChangeSelection(self) }
    }

    var editingAllowsCopy: Bool { !isSecureTextEntry }

    private var head: Int { core.head }
    private func move(to offset: Int, extending: Bool) { core.move(to: offset, extending: extending) }
    private func select(_ range: Range<Int>, anchor: Int? = nil) { core.select(range, anchor: anchor) }

    /// The caret position one step to the right or left on screen: Pango's visual order, so the
    /// arrows move as the glyphs stand in right-to-left and mixed text.
    private func visualStep(from offset: Int, rightward: Bool) -> Int {
        let layout = configuredLayout()
        guard let byte = layout.byteIndex(movingVisuallyFrom: displayByte(offset), rightward: rightward) else { return offset }
        return storageOffset(ofDisplayByte: byte)
    }

    /// Handles a key while editing; false for keys the field leaves to the responder chain.
    private func handleEditingKey(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags.subtracting([.alphaShift, .numericPad])
        let shift = flags.contains(.shift), control = flags.contains(.control)
        let rightToLeft = configuredLayout().isRightToLeft
        switch key.keyCode {
        case .keyboardLeftArrow, .keyboardRightArrow:
            guard !flags.contains(.command), !flags.contains(.alternate) else { return false }
            let rightward = key.keyCode == .keyboardRightArrow
            if control {
                move(to: core.wordStep(from: head, forward: rightward != rightToLeft), extending: shift)
            } else if !shift, !selection.isEmpty {
                // A selection collapses to its edge on the arrow's side.
                let edges = (caretX(selection.lowerBound), caretX(selection.upperBound))
                let toLower = rightward ? edges.0 > edges.1 : edges.0 <= edges.1
                move(to: toLower ? selection.lowerBound : selection.upperBound, extending: false)
            } else {
                move(to: visualStep(from: head, rightward: rightward), extending: shift)
            }
            return true
        case .keyboardHome, .keyboardUpArrow:
            move(to: 0, extending: shift)
            return true
        case .keyboardEnd, .keyboardDownArrow:
            move(to: storage.utf16.count, extending: shift)
            return true
        case .keyboardReturnOrEnter, .keypadEnter:
            guard flags.subtracting(.shift).isEmpty else { return false }
            if delegate?.textFieldShouldReturn(self) ?? true {
                sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered])
            }
            return true
        default:
            break
        }
        return core.handleCommonKey(key, editable: true)
    }

    /// Keys while editing: editing keys and typed text; others go up the chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if isEditing, let key = presses.first?.key, handleEditingKey(key) { return }
        super.pressesBegan(presses, with: event)
    }

    // MARK: Pointer

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        if showsClearButton, clearButtonRect(forBounds: bounds).insetBy(dx: -4, dy: -4).contains(point) {
            if delegate?.textFieldShouldClear(self) ?? true {
                if !isEditing { becomeFirstResponder() }
                if isEditing { core.edit(0..<storage.utf16.count, with: "") }
            }
            return false
        }
        if !isEditing { guard becomeFirstResponder() else { return false } }
        let offset = offset(at: point)

        if touch.tapCount == 2 {
            let word = core.wordRange(at: offset)
            select(word, anchor: word.lowerBound)
        } else {
            move(to: offset, extending: event?.modifierFlags.contains(.shift) ?? false)
        }
        return true
    }

    /// The middle button pastes X11's PRIMARY selection where it clicks, as X programs do (UIControl
    /// leaves non-primary buttons to the responder chain, so the field takes them here).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let touch = touches.first, touch.type == .indirectPointer, event?.buttonMask == .button(3), isEnabled {
            if !isEditing { guard becomeFirstResponder() else { return } }
            move(to: offset(at: touch.location(in: self)), extending: false)
            core.paste(UIPasteboard.primarySelection.string)
            return
        }
        super.touchesBegan(touches, with: event)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard isEditing, touch.tapCount < 2 else { return true }
        move(to: offset(at: touch.location(in: self)), extending: true)
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        // The selection becomes X11's PRIMARY, for middle-click paste elsewhere.
        if isEditing, !selection.isEmpty, !isSecureTextEntry { UIPasteboard.primarySelection.string = core.selectedText }
    }

    // MARK: UIKeyInput / UITextInput

    public var hasText: Bool { !storage.isEmpty }

    /// Types `text` over the selection (or the marked text), as the keyboard does.
    public func insertText(_ text: String) { core.insertText(text) }

    public func deleteBackward() { core.deleteBackward() }

    public var selectedTextRange: UITextRange? {
        get { UITextFieldRange(selection) }
        set {
            guard let range = newValue as? UITextFieldRange else { return }
            select(range.range)
        }
    }

    public var markedTextRange: UITextRange? { marked.map(UITextFieldRange.init) }

    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        core.setMarkedText(markedText, selectedRange: selectedRange)
    }

    public func unmarkText() {
        guard core.unmarkText() else { return }
        sendActions(for: .editingChanged)
        setNeedsDisplay()
    }

    public func text(in range: UITextRange) -> String? {
        guard let range = (range as? UITextFieldRange)?.range else { return nil }
        return core.text(in: range)
    }

    public func replace(_ range: UITextRange, withText text: String) {
        guard let range = (range as? UITextFieldRange)?.range, range.upperBound <= storage.utf16.count else { return }
        core.edit(range, with: text)
    }

    public var beginningOfDocument: UITextPosition { UITextFieldPosition(0) }
    public var endOfDocument: UITextPosition { UITextFieldPosition(storage.utf16.count) }

    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        guard let a = (fromPosition as? UITextFieldPosition)?.offset, let b = (toPosition as? UITextFieldPosition)?.offset else { return nil }
        return UITextFieldRange(min(a, b)..<max(a, b))
    }

    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        guard let start = (position as? UITextFieldPosition)?.offset else { return nil }
        let result = start + offset
        return (0...storage.utf16.count).contains(result) ? UITextFieldPosition(result) : nil
    }

    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        let a = (position as? UITextFieldPosition)?.offset ?? 0, b = (other as? UITextFieldPosition)?.offset ?? 0
        return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }

    /// The caret's rectangle at `position`: 2 points wide, a line of the font high.
    public func caretRect(for position: UITextPosition) -> CGRect {
        let offset = min((position as? UITextFieldPosition)?.offset ?? 0, storage.utf16.count)
        let height = CGFloat(configuredLayout(displayText.isEmpty ? " " : displayText).size.height)
        return CGRect(x: (caretX(offset) - 1).rounded(), y: ((bounds.height - height) / 2).rounded(), width: 2, height: height.rounded())
    }

    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        ((toPosition as? UITextFieldPosition)?.offset ?? 0) - ((from as? UITextFieldPosition)?.offset ?? 0)
    }
}
