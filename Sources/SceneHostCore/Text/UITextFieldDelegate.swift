import Foundation

/// What a text field asks and tells its delegate, as UIKit's `UITextFieldDelegate`; every method is
/// optional (the defaults allow everything and do nothing). Order, as in UIKit:
/// `textFieldShouldBeginEditing` → first responder → `textFieldDidBeginEditing`; per edit a person
/// makes, `textField(_:shouldChangeCharactersIn:replacementString:)` → the change → `.editingChanged`
/// and `UITextField.textDidChangeNotification`, then `textFieldDidChangeSelection`; Return:
/// `textFieldShouldReturn`; the clear button: `textFieldShouldClear`; the end:
/// `textFieldShouldEndEditing` → resign → `textFieldDidEndEditing(_:reason:)` (whose default calls
/// `textFieldDidEndEditing(_:)`). Setting `text` in code asks nothing.
@MainActor
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    /// Whether the characters in `range` (UTF-16, as `NSRange`) may become `string`.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        textFieldDidEndEditing(textField)
    }
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}
