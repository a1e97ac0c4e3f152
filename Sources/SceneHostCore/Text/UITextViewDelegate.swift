import Foundation

/// How a text view's link was acted on, UIKit's raw values.
public enum UITextItemInteraction: Int, Sendable {
    case invokeDefaultAction = 0, presentActions = 1, preview = 2
}

/// What a text view asks and tells its delegate, as UIKit's `UITextViewDelegate` (a scroll view
/// delegate too: set it as the text view's `delegate`); every method is optional (the defaults allow
/// everything and do nothing). Order, as in UIKit: `textViewShouldBeginEditing` → first responder →
/// `textViewDidBeginEditing`; per edit a person makes, `textView(_:shouldChangeTextIn:replacementText:)`
/// → the change → `textViewDidChangeSelection` → `textViewDidChange` (and
/// `UITextView.textDidChangeNotification`); the end: `textViewShouldEndEditing` → resign →
/// `textViewDidEndEditing`. A click on a link of a view that is not editable asks
/// `textView(_:shouldInteractWith:in:interaction:)`; true opens it. Setting `text` in code asks nothing.
///
/// Differs from UIKit: the iOS 17 text item and menu calls are absent.
@MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    /// Whether the characters in `range` (UTF-16, as `NSRange`) may become `text`.
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
    /// Whether the link `URL` over `characterRange` opens (with `xdg-open`, the desktop's way).
    func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
                  interaction: UITextItemInteraction) -> Bool
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
                         interaction: UITextItemInteraction) -> Bool { true }
}
