import Foundation

/// A button of an alert or action sheet: its title, style and handler (a closure, as UIKit's).
@MainActor
public final class UIAlertAction {
    /// How an action looks and behaves, with UIKit's raw values.
    public enum Style: Int, Sendable { case `default` = 0, cancel = 1, destructive = 2 }

    /// The button's text.
    public let title: String?
    /// How it looks: bold for `.cancel`, red for `.destructive`.
    public let style: Style
    /// A disabled action is drawn dimmed and does nothing.
    public var isEnabled = true { didSet { onChange?() } }
    let handler: ((UIAlertAction) -> Void)?
    var onChange: (() -> Void)?

    /// An action running `handler` (after the alert is dismissed) when chosen.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// An alert (`.alert`: centred over a dimmed window, as UIKit's) or an action sheet (`.actionSheet`: a
/// popover pointing at its anchor in a regular environment, where the cancel action is not shown and
/// a click outside runs it; a bottom sheet as tall as its buttons in a compact one, cancel last).
/// Its text follows the reader's text size (Dynamic Type): rows grow and titles wrap, and at the
/// accessibility sizes two alert buttons stack instead of sitting side by side, as UIKit's.
/// Choosing an action dismisses the controller, then runs the action's handler. Return runs the
/// `preferredAction`; Escape runs the cancel action (an alert without one ignores Escape).
///
/// An action sheet must have an anchor, as on iPad: set `popoverPresentationController?.sourceItem`
/// (or `sourceView`) before presenting.
///
/// An alert may hold text fields (`addTextField(configurationHandler:)`), stacked under the message:
/// the first becomes first responder when the alert appears, Return in a field runs the
/// `preferredAction` (when enabled), Tab and Shift+Tab move between the fields, Escape runs the cancel
/// action. Read what was typed from `textFields` in an action's handler.
///
/// Differs from UIKit: two actions of an alert sit side by side, more are stacked.
@MainActor
open class UIAlertController: UIViewController {
    /// The two kinds, with UIKit's raw values.
    public enum Style: Int, Sendable { case actionSheet = 0, alert = 1 }

    /// `.alert` or `.actionSheet`, fixed at creation.
    public let preferredStyle: Style
    /// The text under the title.
    open var message: String? { didSet { contentView?.rebuild() } }
    /// The actions, in the order they were added.
    public private(set) var actions: [UIAlertAction] = []
    /// The action Return runs, drawn bold; one of `actions`.
    open var preferredAction: UIAlertAction? { didSet { contentView?.rebuild() } }
    /// Whether an action was chosen (a dismissal without one is a cancel).
    private var chosen = false
    private let transitioning = AlertTransitioning()

    /// An alert or action sheet with a title and a message (either may be nil).
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init(nibName: nil, bundle: nil)
        self.title = title
        if preferredStyle == .alert {
            modalPresentationStyle = .custom
            transitioningDelegate = transitioning
            modalTransitionStyle = .crossDissolve
        } else {
            modalPresentationStyle = .popover
        }
    }

    /// The bold text at the top.
    open override var title: String? { didSet { contentView?.rebuild() } }

    /// Adds an action (at most one `.cancel`, as UIKit requires: a second is ignored with a warning).
    public func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            SceneHostLog.warning("UIAlertController can only have one action with a style of .cancel; \(action.title ?? "the action") is ignored")
            return
        }
        actions.append(action)
        action.onChange = { [weak self] in self?.contentView?.rebuild() }
        contentView?.rebuild()
    }

    private var contentView: AlertContentView? { viewIfLoaded as? AlertContentView }

    /// The alert's text fields, in the order they were added; nil when there are none, as UIKit's.
    public private(set) var textFields: [UITextField]?

    /// Adds a text field under the message, after the ones added before; `configurationHandler` runs
    /// at once with it, to set its placeholder, text, secure entry, delegate or actions. Only alerts take
    /// text fields (UIKit raises for an action sheet; here the call is ignored with a warning).
    public func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            SceneHostLog.warning("UIAlertController: text fields can only be added to an alert controller of style .alert; the text field is ignored")
            return
        }
        let field = UITextField()
        field.borderStyle = .roundedRect
        // Follows the reader's text size, as the alert's other text does.
        field.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13))
        field.adjustsFontForContentSizeCategory = true
        // Return runs the preferred action, as in UIKit.
        field.addAction(UIAction { [weak self] _ in self?.returnInTextField() }, for: .editingDidEndOnExit)
        textFields = (textFields ?? []) + [field]
        configurationHandler?(field)
        contentView?.rebuild()
    }

    /// Return in one of the text fields: the preferred action, when there is one and it is enabled.
    private func returnInTextField() {
        guard let preferred = preferredAction, preferred.isEnabled else { return }
        choose(preferred)
    }

    /// The first text field takes the keyboard once the alert shows.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if let first = textFields?.first, !(textFields ?? []).contains(where: \.isFirstResponder) { first.becomeFirstResponder() }
    }

    /// Tab and Shift+Tab from one text field to the next (wrapping around); whether it moved.
    private func moveBetweenTextFields(backward: Bool) -> Bool {
        guard let fields = textFields, !fields.isEmpty else { return false }
        let current = fields.firstIndex(where: \.isFirstResponder)
        let next = current.map { (($0 + (backward ? -1 : 1)) % fields.count + fields.count) % fields.count } ?? 0
        return fields[next].becomeFirstResponder()
    }

    open override func loadView() { view = AlertContentView(controller: self) }

    open override func viewDidLoad() {
        super.viewDidLoad()
        contentView?.rebuild()
    }

    /// Whether the cancel action is shown (not in a popover, where a click outside cancels).
    var showsCancel: Bool {
        preferredStyle == .alert || storedPresentationController?.effectiveStyle != .popover
    }

    /// The action sheet became a popover or a sheet: the cancel button comes or goes.
    func presentationStyleDidChange() { contentView?.rebuild() }

    /// The size the content needs at the width it is shown at; the popover and sheet follow it.
    func contentSizeDidChange(_ size: CGSize) {
        if preferredContentSize != size { preferredContentSize = size }
        if preferredStyle == .actionSheet, let popover = popoverPresentationController {
            let height = size.height
            let sheet = popover.adaptiveSheetPresentationController
            if sheet.detents.count != 1 || sheet.detents[0].identifier.rawValue != "SceneHost.alert" || lastSheetHeight != height {
                lastSheetHeight = height
                sheet.detents = [.custom(identifier: .init("SceneHost.alert")) { _ in height }]
            }
        }
    }
    private var lastSheetHeight: CGFloat = 0

    /// Runs `action`: dismisses, then its handler.
    func choose(_ action: UIAlertAction) {
        guard action.isEnabled, !chosen, presentingViewController != nil else { return }
        chosen = true
        dismiss(animated: true) { action.handler?(action) }
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        chosen = false
    }

    /// The person dismissed the alert (a click outside an action sheet's popover, Escape): the cancel
    /// action's handler runs, as UIKit's, once the alert is unlinked and the delegate has heard.
    func personDidDismiss() {
        guard let cancel = actions.first(where: { $0.style == .cancel }) else { return }
        cancel.handler?(cancel)
    }

    /// Return runs the preferred action; Escape the cancel action. Returns whether the key was used.
    func handleKey(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        if input == "\t", modifierFlags.isEmpty || modifierFlags == .shift, textFields != nil {
            return moveBetweenTextFields(backward: modifierFlags == .shift)
        }
        guard modifierFlags.isEmpty else { return false }
        switch input {
        case "\r":
            guard let preferred = preferredAction else { return false }
            choose(preferred)
            return true
        case UIKeyCommand.inputEscape:
            if let cancel = actions.first(where: { $0.style == .cancel }) {
                choose(cancel)
            } else if preferredStyle == .actionSheet, let presentation = storedPresentationController {
                presentation.dismissByUser()
            }
            return true
        default:
            return false
        }
    }
}

/// Gives an alert its presentation controller.
@MainActor
private final class AlertTransitioning: UIViewControllerTransitioningDelegate {
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        AlertPresentationController(presentedViewController: presented, presenting: presenting)
    }
}

/// Centres an alert over a dimmed window; a click outside does nothing.
@MainActor
final class AlertPresentationController: UIPresentationController {
    override var chrome: Chrome { .alert }
    override var shouldRemovePresentersView: Bool { false }
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        let size = presentedViewController.preferredContentSize
        // The content's width: 270 points, wider at the accessibility text sizes (see `AlertContentView`).
        let width = min(max(size.width, 270), AlertContentView.widest(in: bounds.width))
        return UISheetPresentationController.centredFrame(in: bounds, size: CGSize(width: width, height: max(size.height, 44)))
    }
    override func makeBackdrop(for chrome: Chrome) -> UIView {
        let view = SheetBackdropView()
        view.isUserInteractionEnabled = false
        return view
    }
    override func layoutChrome(around frame: CGRect, in bounds: CGRect) {
        dimmingView?.frame = bounds
        guard let backdrop = backdropView else { return }
        place(backdrop, at: frame)
        backdrop.layer.cornerRadius = 14
        backdrop.layer.shadowPath = UIBezierPath(roundedRect: CGRect(origin: .zero, size: frame.size), cornerRadius: 14).cgPath
        presentedView?.layer.cornerRadius = 14
        presentedView?.clipsToBounds = true
    }
}

/// An alert's content: title, message and one row per action, laid out by hand. When the window is
/// too short for all of it (the largest text sizes), the title, message and text fields scroll above
/// the actions, which stay in view, as UIKit's do.
@MainActor
final class AlertContentView: UIView {
    unowned(unsafe) let controller: UIAlertController
    private let titleLabel = UILabel(), messageLabel = UILabel()
    /// The title, message and text fields: what scrolls when the alert is cut to the window's height.
    let header = UIScrollView()
    private var rows: [AlertActionRow] = []
    private var separators: [UIView] = []

    init(controller: UIAlertController) {
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = .systemBackground
        header.alwaysBounceVertical = false
        addSubview(header)
        for label in [titleLabel, messageLabel] {
            label.numberOfLines = 0
            label.textAlignment = .center
            header.addSubview(label)
        }
        // Text follows the reader's text size (UIKit's alerts do): the sizes at the default size,
        // scaled as the headline and footnote styles.
        titleLabel.font = UIFontMetrics(forTextStyle: .headline).scaledFont(for: .boldSystemFont(ofSize: 17))
        messageLabel.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13))
        for label in [titleLabel, messageLabel] { label.adjustsFontForContentSizeCategory = true }
        // Measured again at the next layout, once every label has the new traits.
        registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (content: AlertContentView, _) in
            content.sizeCategoryChanged = true
            content.setNeedsLayout()
        }
    }

    /// Makes the rows again from the controller's actions.
    func rebuild() {
        titleLabel.text = controller.title
        messageLabel.text = controller.message
        for row in rows { row.removeFromSuperview() }
        for separator in separators { separator.removeFromSuperview() }
        var shown = controller.actions.filter { $0.style != .cancel || controller.showsCancel }
        // The cancel action comes last in a sheet, first of two side-by-side alert buttons, as UIKit's.
        if let index = shown.firstIndex(where: { $0.style == .cancel }) {
            let cancel = shown.remove(at: index)
            if controller.preferredStyle == .alert, shown.count == 1 { shown.insert(cancel, at: 0) } else { shown.append(cancel) }
        }
        // The preferred action's title is bold; without one, the cancel action's (UIKit: "If the alert
        // also contains a cancel button, the preferred action receives the highlighting instead").
        // Action sheets have no preferred action to show.
        let preferred = controller.preferredStyle == .alert ? controller.preferredAction : nil
        rows = shown.map { action in
            let row = AlertActionRow(action: action, emphasised: preferred.map { action === $0 } ?? (action.style == .cancel))
            row.addAction(UIAction { [unowned(unsafe) controller] _ in controller.choose(action) }, for: .touchUpInside)
            return row
        }
        separators = rows.map { _ in
            let line = UIView()
            line.backgroundColor = .separator
            return line
        }
        for separator in separators { addSubview(separator) }
        for row in rows { addSubview(row) }
        for field in controller.textFields ?? [] where field.superview !== header { header.addSubview(field) }
        setNeedsLayout()
        controller.contentSizeDidChange(measure())
    }

    /// Whether two alert buttons sit side by side (not at the accessibility text sizes, where they
    /// stack, as UIKit's do).
    private var sideBySide: Bool {
        controller.preferredStyle == .alert && rows.count == 2 && !traitCollection.preferredContentSizeCategory.isAccessibilityCategory
    }

    /// The text size changed since the content was last measured.
    private var sizeCategoryChanged = false

    /// The width the content was last measured at.
    private var measuredWidth: CGFloat = 0

    override func layoutSubviews() {
        // Measured again when the text size changed, or the window's width changed an alert's width.
        if sizeCategoryChanged || width() != measuredWidth {
            sizeCategoryChanged = false
            controller.contentSizeDidChange(measure())
        }
        _ = arrange(width: bounds.width, placing: true)
        // The field being edited stays in sight when the alert is cut shorter, as UIKit keeps the first
        // responder in view when the room around it shrinks.
        if let field = controller.textFields?.first(where: \.isFirstResponder) { UIScrollView.scrollToVisible(field) }
    }

    /// The content's height at `width`, placing the labels and rows when `placing` (in the view's
    /// height: the header scrolls when the whole is taller).
    private func arrange(width: CGFloat, placing: Bool) -> CGFloat {
        var y: CGFloat = 0
        let hasText = !(controller.title ?? "").isEmpty || !(controller.message ?? "").isEmpty
        if hasText {
            y = 18
            for label in [titleLabel, messageLabel] where !(label.text ?? "").isEmpty {
                label.preferredMaxLayoutWidth = width - 32
                let size = label.sizeThatFits(CGSize(width: width - 32, height: .greatestFiniteMagnitude))
                if placing { label.frame = CGRect(x: 16, y: y, width: width - 32, height: ceil(size.height)) }
                y += ceil(size.height) + 4
            }
            y += 14
        }
        if let fields = controller.textFields, !fields.isEmpty {
            // The fields stack under the text, 30 points high, 6 apart.
            if !hasText { y = 16 }
            for field in fields {
                let height = max(30, ceil(field.intrinsicContentSize.height))
                if placing { field.frame = CGRect(x: 16, y: y, width: width - 32, height: height) }
                y += height + 6
            }
            y += 10
        }
        for label in [titleLabel, messageLabel] { label.isHidden = (label.text ?? "").isEmpty }
        // 44 points, or a title that grew with the text size (wrapped) with 11 above and below.
        let rowHeight = rows.map { $0.height(width: sideBySide ? (width / 2).rounded() : width) }.max() ?? 44
        let rowsHeight = sideBySide ? rowHeight : rows.reduce(0) { $0 + $1.height(width: width) }
        let headerHeight = y
        if placing {
            // Cut to what the actions leave of the view's height (at least 40% of it, should the
            // actions want more): the rest scrolls.
            let shown = bounds.height >= headerHeight + rowsHeight ? headerHeight
                : min(headerHeight, max(bounds.height - rowsHeight, (bounds.height * 0.4).rounded()))
            header.frame = CGRect(x: 0, y: 0, width: width, height: shown)
            header.contentSize = CGSize(width: width, height: headerHeight)
            y = shown
        }
        // Mirrored in a right-to-left layout: the first of two buttons side by side is at the leading edge.
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        if sideBySide {
            let half = (width / 2).rounded()
            if placing {
                separators[0].frame = CGRect(x: 0, y: y, width: width, height: 0.5)
                separators[1].frame = CGRect(x: rightToLeft ? width - half : half, y: y, width: 0.5, height: rowHeight)
                rows[0].frame = CGRect(x: rightToLeft ? width - half : 0, y: y, width: half, height: rowHeight)
                rows[1].frame = CGRect(x: rightToLeft ? 0 : half, y: y, width: width - half, height: rowHeight)
            }
            y += rowHeight
        } else {
            for (index, row) in rows.enumerated() {
                let height = row.height(width: width)
                if placing {
                    separators[index].frame = CGRect(x: 0, y: y, width: width, height: 0.5)
                    separators[index].isHidden = index == 0 && !hasText && (controller.textFields ?? []).isEmpty
                    row.frame = CGRect(x: 0, y: y, width: width, height: height)
                }
                y += height
            }
        }
        return max(placing ? headerHeight + rowsHeight : y, rowHeight)
    }

    /// The size the content asks for: 320 pt wide for an action sheet; 270 for an alert, which grows
    /// as body text does at the accessibility text sizes (so its title keeps whole words), up to the
    /// window's width less 20 points each side.
    func measure() -> CGSize {
        let width = width()
        measuredWidth = width
        return CGSize(width: width, height: arrange(width: width, placing: false))
    }

    private func width() -> CGFloat {
        guard controller.preferredStyle == .alert else { return 320 }
        let category = traitCollection.preferredContentSizeCategory
        guard category.isAccessibilityCategory else { return 270 }
        let wanted = (270 * UIFont.ratio(of: .body, for: category)).rounded()
        return min(wanted, Self.widest(in: window?.bounds.width ?? .greatestFiniteMagnitude))
    }

    /// The widest an alert gets in a window `width` points wide: 20 points clear each side, never
    /// narrower than 270.
    static func widest(in width: CGFloat) -> CGFloat { max(270, width - 40) }
}

/// One action's button: its title centred, tinted (red when destructive), bold when emphasised.
@MainActor
final class AlertActionRow: UIControl {
    let action: UIAlertAction
    private let label = UILabel()

    init(action: UIAlertAction, emphasised: Bool) {
        self.action = action
        super.init(frame: .zero)
        label.text = action.title
        label.textAlignment = .center
        let font: UIFont = emphasised ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
        label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: font)
        label.adjustsFontForContentSizeCategory = true
        label.numberOfLines = 0
        label.textColor = !action.isEnabled ? .secondaryLabel : action.style == .destructive ? .systemRed : .tintColor
        isEnabled = action.isEnabled
        addSubview(label)
    }

    override func layoutSubviews() { label.frame = bounds.insetBy(dx: 8, dy: 0) }

    /// The row's height at `width`: 44 points, or the title wrapped with 11 points above and below.
    func height(width: CGFloat) -> CGFloat {
        max(44, ceil(label.sizeThatFits(CGSize(width: max(0, width - 16), height: 0)).height) + 22)
    }

    override func stateDidChange() {
        super.stateDidChange()
        backgroundColor = isHighlighted ? UIColor(white: 0.5, alpha: 0.15) : nil
    }
}
