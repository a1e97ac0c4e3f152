import Foundation
import SceneHost

// The Mail window's presentations, kept apart from the list and the reader: compose opens as a form
// sheet, the filter as a popover from its bar button, deleting a message asks with an action sheet, and
// flagging a sender's messages asks for the sender in an alert with a text field.

extension MailViewController {
    /// Adds the bar buttons that present: compose and filter over the list, delete over the reader.
    func installPresentationButtons() {
        let compose = UIBarButtonItem(systemItem: .compose, primaryAction: UIAction(title: "New Message") { [weak self] _ in
            self?.presentCompose()
        })
        let filter = UIBarButtonItem(title: "Filter", style: .plain) { _ in }
        filter.primaryAction = UIAction(title: "Filter") { [weak self, weak filter] _ in
            guard let self, let filter else { return }
            presentFilter(from: filter)
        }
        list.navigationItem.rightBarButtonItems = [compose, filter]
        let trash = UIBarButtonItem(systemItem: .trash)
        trash.primaryAction = UIAction(title: "Delete") { [weak self, weak trash] _ in
            guard let self, let trash else { return }
            confirmDelete(from: trash)
        }
        reader.navigationItem.rightBarButtonItem = trash
        mailboxes.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Flag…", style: .plain) { [weak self] _ in
            self?.presentFlagSender()
        }
    }

    /// Asks for a sender in an alert with a text field; Flag (or Return) flags every message of the
    /// mailbox from a sender whose name contains it, and is enabled only once the field holds something.
    func presentFlagSender() {
        let alert = UIAlertController(title: "Flag Messages", message: "Flags the messages in this mailbox from a sender.", preferredStyle: .alert)
        let flag = UIAlertAction(title: "Flag", style: .default) { [weak self, unowned alert] _ in
            guard let self, let sender = alert.textFields?.first?.text?.trimmingCharacters(in: .whitespaces), !sender.isEmpty else { return }
            for index in list.shownMessages where !list.flagged.contains(index)
                && Mailbox.messages[index].sender.range(of: sender, options: [.caseInsensitive, .diacriticInsensitive]) != nil {
                list.toggleFlag(index)
            }
        }
        flag.isEnabled = false
        alert.addTextField { field in
            field.placeholder = "Sender"
            field.addAction(UIAction { [weak field] _ in
                flag.isEnabled = !(field?.text ?? "").trimmingCharacters(in: .whitespaces).isEmpty
            }, for: .editingChanged)
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(flag)
        alert.preferredAction = flag
        present(alert, animated: true)
    }

    /// A new message, as a form sheet (the whole window when compact).
    func presentCompose() {
        let compose = ComposeViewController()
        compose.modalPresentationStyle = .formSheet
        present(compose, animated: true)
    }

    /// The filter popover, pointing at its bar button; in a compact window, a sheet.
    func presentFilter(from item: UIBarButtonItem) {
        let filter = MailFilterViewController(showsFlaggedOnly: list.mailbox == .flagged)
        filter.chosen = { [weak self] flaggedOnly in self?.list.mailbox = flaggedOnly ? .flagged : .inbox }
        filter.modalPresentationStyle = .popover
        filter.popoverPresentationController?.sourceItem = item
        filter.popoverPresentationController?.adaptiveSheetPresentationController.detents = [.medium()]
        present(filter, animated: true)
    }

    /// Asks before the message on screen goes to the trash.
    func confirmDelete(from item: UIBarButtonItem) {
        let sheet = UIAlertController(title: nil, message: "The message moves to the Trash.", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Delete Message", style: .destructive) { [weak self] _ in
            guard let self else { return }
            list.file(list.selectedIndex, in: .trash)
        })
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        sheet.popoverPresentationController?.sourceItem = item
        present(sheet, animated: true)
    }
}

/// A new message: To and Subject fields and the body, a `UITextView`. Send is enabled once To holds
/// something. While the draft holds text (in
/// a field or the body), the sheet refuses to be swiped away, clicked away or closed with Escape
/// (`isModalInPresentation`), and such an attempt asks whether to discard the draft, as Mail does.
final class ComposeViewController: UIViewController, UIAdaptivePresentationControllerDelegate, UITextViewDelegate {
    private let heading = UILabel(), toLabel = UILabel(), subjectLabel = UILabel()
    let toField = UITextField(), subjectField = UITextField()
    let body = UITextView()
    private let separators = [UIView(), UIView()]
    private let cancelButton = UIButton(type: .system)
    let sendButton = UIButton(type: .system)

    /// Whether the body holds something the person would lose.
    var hasDraft: Bool { !body.text.isEmpty }

    /// Whether anything would be lost: a field's text or the body.
    var holdsText: Bool { hasDraft || !(toField.text ?? "").isEmpty || !(subjectField.text ?? "").isEmpty }

    private func draftDidChange() {
        isModalInPresentation = holdsText
        sendButton.isEnabled = !(toField.text ?? "").trimmingCharacters(in: .whitespaces).isEmpty
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        presentationController?.delegate = self
        heading.text = "New Message"
        heading.font = .preferredFont(forTextStyle: .headline)
        heading.textAlignment = .center
        toLabel.text = "To:"
        subjectLabel.text = "Subject:"
        // Every text follows the reader's text size, as Mail's compose sheet does.
        for label in [heading, toLabel, subjectLabel] { label.adjustsFontForContentSizeCategory = true }
        for label in [toLabel, subjectLabel] {
            label.textColor = .secondaryLabel
            label.font = .preferredFont(forTextStyle: .body)
        }
        toField.placeholder = "Design Team"
        for field in [toField, subjectField] {
            field.font = .preferredFont(forTextStyle: .body)
            field.adjustsFontForContentSizeCategory = true
            field.clearButtonMode = .whileEditing
            field.addAction(UIAction { [weak self] _ in self?.draftDidChange() }, for: .editingChanged)
        }
        // Return in To goes on to Subject, as Mail's fields do.
        toField.addAction(UIAction { [weak self] _ in self?.subjectField.becomeFirstResponder() }, for: .editingDidEndOnExit)
        for separator in separators { separator.backgroundColor = .separator }
        body.font = .preferredFont(forTextStyle: .body)
        body.adjustsFontForContentSizeCategory = true
        body.delegate = self
        // Return in Subject goes on to the body.
        subjectField.addAction(UIAction { [weak self] _ in _ = self?.body.becomeFirstResponder() }, for: .editingDidEndOnExit)
        cancelButton.setTitle("Cancel", for: .normal)
        sendButton.setTitle("Send", for: .normal)
        cancelButton.addAction(UIAction { [weak self] _ in self?.cancel() }, for: .primaryActionTriggered)
        sendButton.addAction(UIAction { [weak self] _ in self?.dismiss(animated: true) }, for: .primaryActionTriggered)
        for subview in [heading, toLabel, toField, subjectLabel, subjectField, body, cancelButton, sendButton] + separators as [UIView] {
            view.addSubview(subview)
        }
        draftDidChange()
        // The rows follow the text size, and mirror with the layout direction.
        registerForTraitChanges([UITraitPreferredContentSizeCategory.self, UITraitLayoutDirection.self]) { (compose: ComposeViewController, _) in
            compose.view.setNeedsLayout()
        }
    }

    /// What the person types in the body.
    func textViewDidChange(_ textView: UITextView) { draftDidChange() }

    /// To takes the keyboard as the sheet shows.
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        toField.becomeFirstResponder()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        // Frames are worked out left to right, then mirrored in a right-to-left layout (Cancel and the
        // labels at the leading end, the right one there).
        func place(_ subview: UIView, _ frame: CGRect) { view.place(subview, leftToRight: frame) }
        // The rows grow with the text size (at the default size: 32-point buttons, 44-point rows).
        let buttonWidth = max(80, ceil(max(cancelButton.intrinsicContentSize.width, sendButton.intrinsicContentSize.width)))
        let headerHeight = max(32, ceil(max(heading.intrinsicContentSize.height, sendButton.intrinsicContentSize.height)))
        place(cancelButton, CGRect(x: 12, y: 12, width: buttonWidth, height: headerHeight))
        place(sendButton, CGRect(x: width - 12 - buttonWidth, y: 12, width: buttonWidth, height: headerHeight))
        var y = 24 + headerHeight
        let headingWidth = width - 40 - 2 * buttonWidth
        if ceil(heading.intrinsicContentSize.width) <= headingWidth {
            place(heading, CGRect(x: 20 + buttonWidth, y: 12, width: max(headingWidth, 0), height: headerHeight))
        } else {
            // At the largest text sizes the title has a row of its own under the buttons, whole.
            let height = ceil(heading.intrinsicContentSize.height)
            place(heading, CGRect(x: 20, y: y - 8, width: max(width - 40, 0), height: height))
            y += height
        }
        for (index, (label, field)) in [(toLabel, toField), (subjectLabel, subjectField)].enumerated() {
            let rowHeight = max(44, ceil(max(field.intrinsicContentSize.height, label.intrinsicContentSize.height)) + 16)
            let labelWidth = ceil(label.intrinsicContentSize.width)
            place(label, CGRect(x: 20, y: y, width: labelWidth, height: rowHeight))
            place(field, CGRect(x: 28 + labelWidth, y: y, width: max(0, width - 48 - labelWidth), height: rowHeight))
            place(separators[index], CGRect(x: 20, y: y + rowHeight - 0.5, width: width - 20, height: 0.5))
            y += rowHeight
        }
        place(body, CGRect(x: 15, y: y + 4, width: max(0, width - 30), height: max(0, view.bounds.height - y - 12)))
    }

    /// Cancel closes an empty draft at once and asks about one with text.
    private func cancel() {
        if holdsText { confirmDiscard() } else { dismiss(animated: true) }
    }

    /// The person tried to swipe or click the draft away: ask, as Mail does.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        confirmDiscard()
    }

    private func confirmDiscard() {
        let ask = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        ask.addAction(UIAlertAction(title: "Delete Draft", style: .destructive) { [weak self] _ in
            guard let self else { return }
            toField.text = ""
            subjectField.text = ""
            body.text = ""
            draftDidChange()
            dismiss(animated: true)
        })
        ask.addAction(UIAlertAction(title: "Keep Editing", style: .cancel))
        ask.popoverPresentationController?.sourceView = cancelButton
        present(ask, animated: true)
    }
}

/// The list's filter: all messages or the flagged ones; "Show counts" makes the popover taller, which
/// it follows live (`preferredContentSize`). Its text follows the reader's text size, and the popover
/// grows with it (wider for the segments, taller for the rows); when the window is too short for all of
/// it, it scrolls, so nothing is cut off.
final class MailFilterViewController: UIViewController {
    let choice = UISegmentedControl(items: ["All", "Flagged"])
    let countsLabel = UILabel(), countsSwitch = UISwitch()
    let counts = UILabel()
    var chosen: (Bool) -> Void = { _ in }

    init(showsFlaggedOnly: Bool) {
        super.init(nibName: nil, bundle: nil)
        choice.selectedSegmentIndex = showsFlaggedOnly ? 1 : 0
        preferredContentSize = CGSize(width: 320, height: 120)
    }

    override func loadView() { view = UIScrollView() }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        countsLabel.text = "Show counts"
        counts.text = "\(Mailbox.messages.count) messages in all mailboxes"
        counts.textColor = .secondaryLabel
        counts.isHidden = true
        for label in [countsLabel, counts] {
            label.font = .preferredFont(forTextStyle: .body)
            label.adjustsFontForContentSizeCategory = true
            label.numberOfLines = 0
        }
        choice.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            chosen(choice.selectedSegmentIndex == 1)
        }, for: .valueChanged)
        countsSwitch.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            counts.isHidden = !countsSwitch.isOn
            updatePreferredContentSize()
            // Placed now even where the size stays (a sheet's detent).
            view.setNeedsLayout()
        }, for: .valueChanged)
        for subview in [choice, countsLabel, countsSwitch, counts] as [UIView] { view.addSubview(subview) }
        // A segmented control does not follow the text size by itself (UIKit's neither): its fonts are
        // set again for the new size; the popover takes the size the content then needs at the next
        // layout, once the labels have their new fonts too.
        registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (filter: MailFilterViewController, _) in
            filter.updateSegmentFonts()
            filter.view.setNeedsLayout()
        }
        updateSegmentFonts()
        updatePreferredContentSize()
    }

    /// The segments' titles in the footnote style (13 points at the default size, as UIKit's segments).
    private func updateSegmentFonts() {
        let metrics = UIFontMetrics(forTextStyle: .footnote)
        choice.setTitleTextAttributes([.font: metrics.scaledFont(for: .systemFont(ofSize: 13), compatibleWith: traitCollection)], for: .normal)
        choice.setTitleTextAttributes([.font: metrics.scaledFont(for: .systemFont(ofSize: 13, weight: .semibold), compatibleWith: traitCollection)],
                                      for: .selected)
    }

    /// 320 points wide, or as wide as the segments need; as tall as the rows shown.
    private func updatePreferredContentSize() {
        let width = max(320, ceil(choice.intrinsicContentSize.width) + 40)
        let size = CGSize(width: width, height: arrange(width: width, placing: false))
        if preferredContentSize != size { preferredContentSize = size }
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        updatePreferredContentSize()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        (view as? UIScrollView)?.contentSize = CGSize(width: width, height: arrange(width: width, placing: true))
    }

    /// Lays the rows out for `width` (placing the views when `placing`) and returns the height they
    /// take: at the default text size the segments 32 points high, the switch's row 31 and the counts 30.
    private func arrange(width: CGFloat, placing: Bool) -> CGFloat {
        // Worked out left to right, then mirrored in a right-to-left layout: the switch at the trailing end.
        func place(_ subview: UIView, _ frame: CGRect) { if placing { view.place(subview, leftToRight: frame) } }
        func height(_ label: UILabel, _ width: CGFloat) -> CGFloat {
            ceil(label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height)
        }
        let choiceHeight = choice.intrinsicContentSize.height
        place(choice, CGRect(x: 20, y: 20, width: width - 40, height: choiceHeight))
        var y = 38 + choiceHeight
        let toggle = countsSwitch.intrinsicContentSize
        let labelHeight = max(31, height(countsLabel, width - 100))
        place(countsLabel, CGRect(x: 20, y: y, width: width - 100, height: labelHeight))
        place(countsSwitch, CGRect(origin: CGPoint(x: width - 71, y: y + ((labelHeight - toggle.height) / 2).rounded()), size: toggle))
        y += labelHeight + 19
        guard !counts.isHidden else { return y }
        let countsHeight = max(30, height(counts, width - 40))
        place(counts, CGRect(x: 20, y: y, width: width - 40, height: countsHeight))
        return y + countsHeight + 20
    }
}

extension UIView {
    /// Sets `subview`'s frame from one worked out left to right, mirrored within this view's width
    /// in a right-to-left layout (the Gallery's sheets lay their rows out by hand).
    func place(_ subview: UIView, leftToRight frame: CGRect) {
        let mirrored = effectiveUserInterfaceLayoutDirection == .rightToLeft
        subview.frame = mirrored ? CGRect(x: bounds.width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height) : frame
    }
}
