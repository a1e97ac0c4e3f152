import Foundation

/// A search field with its magnifier and placeholder, an optional Cancel button at the trailing end and
/// an optional scope bar (a segmented control) below, as UIKit's `UISearchBar`. It tells its
/// `delegate` of editing, typing, Return ("Search"), Cancel and scope changes in UIKit's order (see
/// `UISearchBarDelegate`). The field's text follows the reader's text size (see `UISearchTextField`),
/// and the bar's row grows with it from 52 points. Escape while the field is being edited acts as the Cancel button when one is
/// shown (or a search controller owns the bar), else ends editing.
///
/// A `UISearchController` makes its own bar and drives it: Cancel shows while the search is active,
/// and the scope bar while it is active and has titles.
///
/// Differs from UIKit: no bookmark or results-list buttons, no `inputAccessoryView`, no appearance
/// images (`setImage(_:for:state:)` and the rest); `searchBarStyle` changes only the background (the
/// field is always the iOS 13 grey rounded one); animated show/hide of Cancel happens at once.
@MainActor
open class UISearchBar: UIView {
    /// The bar's look, with UIKit's raw values.
    public enum Style: UInt, Sendable { case `default` = 0, prominent = 1, minimal = 2 }

    /// Told of editing, typing, Return, Cancel and scope changes.
    open weak var delegate: UISearchBarDelegate?
    /// The field the text is typed into.
    public let searchTextField = UISearchTextField()
    /// The bar's background: `.minimal` none, else the bar colour.
    open var searchBarStyle: Style = .default { didSet { updateBackground() } }
    /// The background colour; nil: the system bar colour (for `.default` and `.prominent`).
    open var barTintColor: UIColor? { didSet { updateBackground() } }

    /// The text; "" when empty, as UIKit's. Setting it tells the delegate nothing.
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// The grey text shown while the field is empty.
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }

    /// Whether the Cancel button shows. Default false. A search controller shows it while active
    /// (`automaticallyShowsCancelButton`).
    open var showsCancelButton = false {
        didSet { if showsCancelButton != oldValue { cancelButton.isHidden = !showsCancelButton; sizeDidChange() } }
    }
    /// Shows or hides Cancel (at once: there is no animation).
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) { self.showsCancelButton = showsCancelButton }

    /// The titles of the scope bar's segments; nil or empty: no scope bar.
    open var scopeButtonTitles: [String]? {
        didSet {
            scopeBar.removeAllSegments()
            for (index, title) in (scopeButtonTitles ?? []).enumerated() { scopeBar.insertSegment(withTitle: title, at: index, animated: false) }
            scopeBar.selectedSegmentIndex = scopeBar.numberOfSegments > 0 ? min(selectedScopeButtonIndex, scopeBar.numberOfSegments - 1) : UISegmentedControl.noSegment
            sizeDidChange()
        }
    }
    /// The selected scope; setting it tells the delegate nothing, as UIKit's.
    open var selectedScopeButtonIndex: Int = 0 {
        didSet { if scopeBar.numberOfSegments > selectedScopeButtonIndex { scopeBar.selectedSegmentIndex = selectedScopeButtonIndex } }
    }
    /// Whether the scope bar shows (when there are titles). Default false.
    open var showsScopeBar = false { didSet { if showsScopeBar != oldValue { sizeDidChange() } } }
    /// Shows or hides the scope bar (at once).
    open func setShowsScopeBar(_ show: Bool, animated: Bool) { showsScopeBar = show }

    /// Whether the field can be edited.
    open var isEnabled: Bool {
        get { searchTextField.isEnabled }
        set { searchTextField.isEnabled = newValue; cancelButton.isEnabled = newValue; scopeBar.isEnabled = newValue }
    }

    let cancelButton = UIButton(type: .system)
    let scopeBar = UISegmentedControl(items: nil)
    /// The field's delegate, which turns its calls into the bar's.
    private lazy var fieldDelegate = SearchFieldDelegate(bar: self)
    /// The search controller that owns the bar, if any.
    weak var searchController: UISearchController?
    /// Runs when the bar's height changes (the navigation bar lays out again).
    var onSizeChange: (() -> Void)?

    /// The row's height at the default text size: a 36-point field with 8 points above and below.
    static let minimumRowHeight: CGFloat = 52
    /// The row's height: the field's (which grows with the text size) with 8 points above and below.
    var rowHeight: CGFloat { max(Self.minimumRowHeight, searchTextField.intrinsicContentSize.height + 16) }
    /// The scope bar's room under the row.
    static let scopeHeight: CGFloat = 40

    public override init(frame: CGRect) {
        super.init(frame: frame)
        searchTextField.delegate = fieldDelegate
        searchTextField.placeholder = "Search"
        searchTextField.addAction(UIAction { [weak self] _ in self?.textDidChange() }, for: .editingChanged)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.isHidden = true
        cancelButton.addAction(UIAction { [weak self] _ in self?.cancel() }, for: .primaryActionTriggered)
        scopeBar.addAction(UIAction { [weak self] _ in self?.scopeDidChange() }, for: .valueChanged)
        for view in [searchTextField, cancelButton, scopeBar] as [UIView] { addSubview(view) }
        updateBackground()
        // The field's font follows the text size, and the row its height.
        registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (bar: UISearchBar, _) in bar.sizeDidChange() }
        if frame.size == .zero { self.frame.size = CGSize(width: 320, height: preferredHeight) }
    }

    /// A bar of the default size.
    public convenience init() { self.init(frame: .zero) }

    private func updateBackground() {
        backgroundColor = searchBarStyle == .minimal ? nil : (barTintColor ?? UINavigationBar.barBackground)
    }

    // MARK: Layout

    /// Whether the scope bar is shown now.
    var showsScope: Bool { showsScopeBar && !(scopeButtonTitles ?? []).isEmpty }

    /// The bar's height: the row, and the scope bar when shown.
    var preferredHeight: CGFloat { rowHeight + (showsScope ? Self.scopeHeight : 0) }

    private func sizeDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        onSizeChange?()
    }

    /// The given width at the bar's height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: preferredHeight) }
    /// No width of its own; the bar's height.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: preferredHeight) }

    /// The field fills the row between the margins and Cancel (mirrored in right-to-left); the scope
    /// bar runs under it.
    open override func layoutSubviews() {
        let width = bounds.width
        let margin: CGFloat = traitCollection.horizontalSizeClass == .regular ? 20 : 16
        let rightToLeft = isRightToLeftLayout
        func place(_ view: UIView, x: CGFloat, y: CGFloat, width w: CGFloat, height h: CGFloat) {
            view.frame = CGRect(x: rightToLeft ? width - x - w : x, y: y, width: max(0, w), height: h)
        }
        var trailing = width - margin
        scopeBar.isHidden = !showsScope
        cancelButton.isHidden = !showsCancelButton
        if showsCancelButton {
            let size = cancelButton.intrinsicContentSize
            trailing -= size.width
            place(cancelButton, x: trailing, y: ((rowHeight - size.height) / 2).rounded(), width: size.width, height: size.height)
            trailing -= 8
        }
        place(searchTextField, x: margin, y: 8, width: trailing - margin, height: rowHeight - 16)
        if showsScope {
            place(scopeBar, x: margin, y: rowHeight - 2, width: width - 2 * margin, height: UISegmentedControl.height)
        }
    }

    // MARK: Responding

    open override var canBecomeFirstResponder: Bool { searchTextField.canBecomeFirstResponder }
    /// Makes the field first responder (the bar itself never is).
    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }
    /// Ends editing in the field.
    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }
    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }

    /// Escape while editing: Cancel when shown (or in a search controller), else end editing.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let key = presses.first?.key, key.charactersIgnoringModifiers == UIKeyCommand.inputEscape,
           key.modifierFlags.subtracting([.alphaShift, .numericPad]).isEmpty, searchTextField.isEditing {
            if showsCancelButton || searchController != nil { cancel() } else { searchTextField.resignFirstResponder() }
            return
        }
        super.pressesBegan(presses, with: event)
    }

    /// The Cancel button (or Escape): the delegate hears, then a search controller ends the search
    /// (emptying the field, as UIKit's).
    func cancel() {
        delegate?.searchBarCancelButtonClicked(self)
        if let searchController {
            searchController.cancelSearch()
        }
    }

    fileprivate func textDidChange() {
        delegate?.searchBar(self, textDidChange: text ?? "")
        searchController?.searchTextDidChange()
    }

    private func scopeDidChange() {
        selectedScopeButtonIndex = scopeBar.selectedSegmentIndex
        delegate?.searchBar(self, selectedScopeButtonIndexDidChange: selectedScopeButtonIndex)
        searchController?.searchScopeDidChange()
    }

    fileprivate func didBeginEditing() {
        delegate?.searchBarTextDidBeginEditing(self)
        searchController?.searchBarDidBeginEditing()
    }
}

/// Turns the field's delegate calls into the search bar's.
@MainActor
private final class SearchFieldDelegate: UITextFieldDelegate {
    unowned(unsafe) let bar: UISearchBar
    init(bar: UISearchBar) { self.bar = bar }

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { bar.delegate?.searchBarShouldBeginEditing(bar) ?? true }
    func textFieldDidBeginEditing(_ textField: UITextField) { bar.didBeginEditing() }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { bar.delegate?.searchBarShouldEndEditing(bar) ?? true }
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { bar.delegate?.searchBarTextDidEndEditing(bar) }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        bar.delegate?.searchBar(bar, shouldChangeTextIn: range, replacementText: string) ?? true
    }
    /// Return is the keyboard's Search button: the delegate hears; the field keeps editing.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        bar.delegate?.searchBarSearchButtonClicked(bar)
        return false
    }
}
