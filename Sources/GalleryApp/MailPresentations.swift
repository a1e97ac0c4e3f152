import Foundation
import SceneHost

// The Mail window's presentations, kept apart from the list and the reader: compose opens as a form
// sheet, the filter as a popover from its bar button, and deleting a message asks with an action sheet.

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

/// A new message. SceneHost has no text input yet, so the draft's content is modelled by a switch,
/// "Draft has text": while it is on, the sheet refuses to be swiped away, clicked away or closed with
/// Escape (`isModalInPresentation`), and such an attempt asks whether to discard the draft, as Mail
/// does.
final class ComposeViewController: UIViewController, UIAdaptivePresentationControllerDelegate {
    private let heading = UILabel(), recipient = UILabel(), draftLabel = UILabel()
    private let draftSwitch = UISwitch()
    private let cancelButton = UIButton(type: .system), sendButton = UIButton(type: .system)

    /// Whether the draft holds something the person would lose.
    var hasDraft = false {
        didSet {
            isModalInPresentation = hasDraft
            if draftSwitch.isOn != hasDraft { draftSwitch.isOn = hasDraft }
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        presentationController?.delegate = self
        heading.text = "New Message"
        heading.font = .boldSystemFont(ofSize: 17)
        heading.textAlignment = .center
        recipient.text = "To: Design Team"
        recipient.textColor = .secondaryLabel
        draftLabel.text = "Draft has text"
        cancelButton.setTitle("Cancel", for: .normal)
        sendButton.setTitle("Send", for: .normal)
        cancelButton.addAction(UIAction { [weak self] _ in self?.cancel() }, for: .primaryActionTriggered)
        sendButton.addAction(UIAction { [weak self] _ in self?.dismiss(animated: true) }, for: .primaryActionTriggered)
        draftSwitch.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            hasDraft = draftSwitch.isOn
        }, for: .valueChanged)
        for subview in [heading, recipient, draftLabel, draftSwitch, cancelButton, sendButton] as [UIView] { view.addSubview(subview) }
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        cancelButton.frame = CGRect(x: 12, y: 12, width: 80, height: 32)
        sendButton.frame = CGRect(x: width - 92, y: 12, width: 80, height: 32)
        heading.frame = CGRect(x: 100, y: 12, width: max(width - 200, 0), height: 32)
        recipient.frame = CGRect(x: 20, y: 64, width: width - 40, height: 24)
        draftLabel.frame = CGRect(x: 20, y: 108, width: width - 100, height: 31)
        draftSwitch.frame.origin = CGPoint(x: width - 71, y: 108)
    }

    /// Cancel closes an empty draft at once and asks about one with text.
    private func cancel() {
        if hasDraft { confirmDiscard() } else { dismiss(animated: true) }
    }

    /// The person tried to swipe or click the draft away: ask, as Mail does.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        confirmDiscard()
    }

    private func confirmDiscard() {
        let ask = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        ask.addAction(UIAlertAction(title: "Delete Draft", style: .destructive) { [weak self] _ in
            self?.hasDraft = false
            self?.dismiss(animated: true)
        })
        ask.addAction(UIAlertAction(title: "Keep Editing", style: .cancel))
        ask.popoverPresentationController?.sourceView = cancelButton
        present(ask, animated: true)
    }
}

/// The list's filter: all messages or the flagged ones; "Show counts" makes the popover taller, which
/// it follows live (`preferredContentSize`).
final class MailFilterViewController: UIViewController {
    private let choice = UISegmentedControl(items: ["All", "Flagged"])
    private let countsLabel = UILabel(), countsSwitch = UISwitch(), counts = UILabel()
    var chosen: (Bool) -> Void = { _ in }

    init(showsFlaggedOnly: Bool) {
        super.init(nibName: nil, bundle: nil)
        choice.selectedSegmentIndex = showsFlaggedOnly ? 1 : 0
        preferredContentSize = CGSize(width: 320, height: 120)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        countsLabel.text = "Show counts"
        counts.text = "\(Mailbox.messages.count) messages in all mailboxes"
        counts.textColor = .secondaryLabel
        counts.isHidden = true
        choice.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            chosen(choice.selectedSegmentIndex == 1)
        }, for: .valueChanged)
        countsSwitch.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            counts.isHidden = !countsSwitch.isOn
            preferredContentSize = CGSize(width: 320, height: countsSwitch.isOn ? 170 : 120)
        }, for: .valueChanged)
        for subview in [choice, countsLabel, countsSwitch, counts] as [UIView] { view.addSubview(subview) }
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        choice.frame = CGRect(x: 20, y: 20, width: width - 40, height: 32)
        countsLabel.frame = CGRect(x: 20, y: 70, width: width - 100, height: 31)
        countsSwitch.frame.origin = CGPoint(x: width - 71, y: 70)
        counts.frame = CGRect(x: 20, y: 120, width: width - 40, height: 30)
    }
}
