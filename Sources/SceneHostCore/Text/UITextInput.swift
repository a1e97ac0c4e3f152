import Foundation

/// A place in a text input's document, as UIKit's `UITextPosition`: an opaque object that each text
/// input subclasses with what it needs (`UITextField` uses UTF-16 offsets).
@MainActor
open class UITextPosition {
    public init() {}
}

/// A range of a text input's document, as UIKit's `UITextRange`. Differs from UIKit, where the class
/// is abstract: it holds its two positions; subclasses may compute them instead.
@MainActor
open class UITextRange {
    private let storedStart: UITextPosition, storedEnd: UITextPosition
    public init(start: UITextPosition, end: UITextPosition) {
        storedStart = start
        storedEnd = end
    }
    /// Whether the range is empty (a caret): here, when both ends are the same object; subclasses
    /// that can compare positions override.
    open var isEmpty: Bool { storedStart === storedEnd }
    open var start: UITextPosition { storedStart }
    open var end: UITextPosition { storedEnd }
}

/// Directions for position arithmetic, UIKit's raw values.
public enum UITextLayoutDirection: Int, Sendable {
    case right = 2, left = 3, up = 4, down = 5
}

/// Direction of a paragraph or of movement in storage order.
public enum UITextStorageDirection: Int, Sendable {
    case forward = 0, backward = 1
}

/// The document model of a text view that takes typed text and input-method compositions, as UIKit's
/// `UITextInput` (the parts a custom text view needs): the selection, marked (provisional) text, text
/// by range, position arithmetic, and the caret's rectangle (an input method's candidate window follows
/// it). The rest of UIKit's geometry and its tokenizer are absent: nothing of SceneHost asks for them.
@MainActor
public protocol UITextInput: UIKeyInput {
    /// The selection; an empty range is the caret.
    var selectedTextRange: UITextRange? { get set }
    /// The provisional text of a composition, shown underlined; nil when none.
    var markedTextRange: UITextRange? { get }
    /// Replaces the marked text (or the selection) with `markedText`, selecting `selectedRange`
    /// (UTF-16, relative to it) within it.
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Commits the marked text as it is.
    func unmarkText()
    func text(in range: UITextRange) -> String?
    func replace(_ range: UITextRange, withText text: String)
    var beginningOfDocument: UITextPosition { get }
    var endOfDocument: UITextPosition { get }
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    /// The caret's rectangle at `position`, in the view's coordinates; the input method (XIM) places
    /// its candidate window under it. The default is `.null`: the window then stays where it was.
    func caretRect(for position: UITextPosition) -> CGRect
}

extension UITextInput {
    public func caretRect(for position: UITextPosition) -> CGRect { .null }
}
