import Foundation
import SceneHost

struct MailMessage {
    let sender: String
    let subject: String
    let preview: String
    let time: String
    let body: [String]
}

enum Mailbox {
    static let messages: [MailMessage] = [
        MailMessage(sender: "Ada Lovelace", subject: "Notes on the Analytical Engine", preview: "I have attached the translation with my notes, which turned out longer than the paper itself.", time: "09:41",
                    body: ["Dear Charles,", "I have attached the translation with my notes, which turned out longer than the paper itself. Note G walks through computing the Bernoulli numbers step by step; I believe it is the clearest account of what the engine can do.", "The engine might act upon other things besides number, were objects found whose mutual relations could be expressed by those of the abstract science of operations.", "Yours, Ada"]),
        MailMessage(sender: "Grace Hopper", subject: "Re: compiler schedule", preview: "The A-0 system runs. It is easier to ask forgiveness than it is to get permission.", time: "08:15",
                    body: ["The A-0 system runs on the UNIVAC now.", "It is easier to ask forgiveness than it is to get permission, so I went ahead and wired the subroutine library in.", "Grace"]),
        MailMessage(sender: "Alan Turing", subject: "Morphogenesis draft", preview: "Spots and stripes fall out of two diffusing chemicals; the maths is below.", time: "Yesterday",
                    body: ["Spots and stripes fall out of two diffusing chemicals reacting with each other.", "I ran the numbers on the Manchester machine; the patterns look remarkably like a dappled coat.", "Alan"]),
        MailMessage(sender: "Edsger Dijkstra", subject: "On the cruelty of really teaching computing science", preview: "A short note for the faculty meeting on Thursday.", time: "Yesterday",
                    body: ["A short note for the faculty meeting on Thursday.", "Program testing can be used to show the presence of bugs, but never to show their absence.", "EWD"]),
        MailMessage(sender: "Margaret Hamilton", subject: "Priority displays", preview: "The 1202 alarms were the executive shedding low-priority work, as designed.", time: "Tuesday",
                    body: ["The 1202 alarms were the executive shedding low-priority work, exactly as designed.", "We should keep the restart protection in every build.", "Margaret"]),
        MailMessage(sender: "Dennis Ritchie", subject: "Portable assembler", preview: "Ken and I have rewritten most of the kernel in the new language.", time: "Monday",
                    body: ["Ken and I have rewritten most of the kernel in the new language.", "It is only a little slower and far easier to move between machines.", "dmr"]),
        MailMessage(sender: "Barbara Liskov", subject: "Data abstraction", preview: "Subtypes should be substitutable for their base types; a sketch of the rule.", time: "Monday",
                    body: ["Subtypes should be substitutable for their base types.", "A sketch of the rule is attached; comments welcome before the conference.", "Barbara"]),
    ]
}

/// The Mail settings the Settings scene changes: how many preview lines the list shows and what a
/// swipe (and the top of a message's menu) does. Kept in the user defaults; a change is announced to
/// every Mail scene of the process.
@MainActor
enum MailPreferences {
    static let previewLinesKey = "previewLines", swipeActionKey = "swipeAction"
    static let previewChoices = ["None", "1 line", "2 lines", "3 lines", "4 lines"]
    static let swipeChoices = ["Archive", "Trash", "Flag", "None"]
    static let didChange = Notification.Name("GalleryMailPreferencesDidChange")

    /// The preview's line count (0: no preview), two by default.
    static var previewLines: Int {
        let choice = AppDelegate.userDefaults.string(forKey: previewLinesKey) ?? "2 lines"
        return previewChoices.firstIndex(of: choice) ?? 2
    }

    static var swipeAction: String { AppDelegate.userDefaults.string(forKey: swipeActionKey) ?? "Archive" }

    static func previewLinesDidChange() { NotificationCenter.default.post(name: didChange, object: nil) }
}

/// One message in the list: avatar, sender, time, subject and a two-line preview, placed by constraints
/// (leading and trailing, so the row mirrors in a right-to-left layout). Its text follows the reader's
/// text size, and the row grows with it (92 points at the default size).
final class MessageRowView: UIView {
    let message: MailMessage
    /// The selection fades in and out, as a list's on iPadOS (at once while the window is being resized).
    var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            let duration = window == nil || isWindowResizing ? 0 : 0.2
            UIView.animate(withDuration: duration, delay: 0, options: .allowUserInteraction) { [self] in
                backgroundColor = isSelected ? Self.selectionColor : .systemBackground
            }
        }
    }
    static let selectionColor = UIColor(light: UIColor(rgb: 0xDCEBFF), dark: UIColor(rgb: 0x1D3B5C))
    private let sender = UILabel(), subject = UILabel(), preview = UILabel(), time = UILabel()
    private let avatar: AvatarView
    /// A view rather than a line drawn by the row: a row that draws would draw again at every step of a
    /// drag, while a separator view just grows.
    private let separator = UIView()

    init(message: MailMessage) {
        self.message = message
        avatar = AvatarView(name: message.sender)
        super.init(frame: .zero)
        backgroundColor = .systemBackground
        sender.text = message.sender
        sender.font = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 15, weight: .semibold))
        subject.text = message.subject
        subject.font = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 14))
        preview.text = message.preview
        preview.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13))
        preview.textColor = .secondaryLabel
        // Two lines at most by default (Settings changes it), the last ending in an ellipsis when the
        // preview is longer.
        preview.numberOfLines = 2
        time.text = message.time
        time.font = UIFontMetrics(forTextStyle: .caption1).scaledFont(for: .systemFont(ofSize: 12))
        time.textColor = .secondaryLabel
        for label in [sender, subject, preview, time] { label.adjustsFontForContentSizeCategory = true }
        separator.backgroundColor = .separator
        for view in [avatar, sender, subject, preview, time, separator] as [UIView] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        // The time keeps its width; the sender's name gives way (and truncates) first.
        time.setContentHuggingPriority(.required, for: .horizontal)
        time.setContentCompressionResistancePriority(.required, for: .horizontal)
        // As tall as the text needs below its 10-point top inset and above a 10-point bottom one, and at
        // least 92 points (the avatar and its insets, and the default size's two-line preview).
        let compact = heightAnchor.constraint(equalToConstant: 92)
        compact.priority = .defaultLow
        NSLayoutConstraint.activate([
            compact, heightAnchor.constraint(greaterThanOrEqualToConstant: 92),
            bottomAnchor.constraint(greaterThanOrEqualTo: preview.bottomAnchor, constant: 10),
            avatar.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            avatar.topAnchor.constraint(equalTo: topAnchor, constant: 16),
            avatar.widthAnchor.constraint(equalToConstant: 32), avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            sender.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 14),
            sender.topAnchor.constraint(equalTo: topAnchor, constant: 10),
            time.leadingAnchor.constraint(greaterThanOrEqualTo: sender.trailingAnchor, constant: 8),
            time.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -14),
            time.firstBaselineAnchor.constraint(equalTo: sender.firstBaselineAnchor),
            subject.leadingAnchor.constraint(equalTo: sender.leadingAnchor),
            subject.trailingAnchor.constraint(equalTo: time.trailingAnchor),
            subject.topAnchor.constraint(equalTo: sender.bottomAnchor, constant: 1),
            preview.leadingAnchor.constraint(equalTo: sender.leadingAnchor),
            preview.trailingAnchor.constraint(equalTo: time.trailingAnchor),
            preview.topAnchor.constraint(equalTo: subject.bottomAnchor, constant: 2),
            // The separator starts under the text: at 62 points from the leading edge.
            separator.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 62),
            separator.trailingAnchor.constraint(equalTo: trailingAnchor),
            separator.bottomAnchor.constraint(equalTo: bottomAnchor), separator.heightAnchor.constraint(equalToConstant: 1),
        ])
    }

    /// How many lines of the preview show (0 hides it); the row grows or shrinks with it.
    var previewLines = 2 {
        didSet {
            preview.numberOfLines = max(previewLines, 1)
            preview.isHidden = previewLines == 0
        }
    }

    /// Whether the message is flagged: a small orange disc beside the time.
    var isFlagged = false { didSet { flag.isHidden = !isFlagged } }
    private lazy var flag: FlagView = {
        let flag = FlagView()
        flag.isHidden = true
        flag.translatesAutoresizingMaskIntoConstraints = false
        addSubview(flag)
        NSLayoutConstraint.activate([
            flag.widthAnchor.constraint(equalToConstant: 8), flag.heightAnchor.constraint(equalToConstant: 8),
            flag.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -4),
            flag.centerYAnchor.constraint(equalTo: time.centerYAnchor),
        ])
        return flag
    }()
}

/// The flag beside a flagged message's time.
final class FlagView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
    }

    override func draw(_ rect: CGRect) {
        UIColor.systemOrange.setFill()
        UIBezierPath(ovalIn: bounds).fill()
    }
}

/// A coloured circle with a person symbol: its round and its soft shadow are its layer's.
final class AvatarView: UIView {
    private let person = UIImageView(image: UIImage(systemName: "person.fill"))

    init(name: String) {
        super.init(frame: .zero)
        let palette: [UInt32] = [0x5E5CE6, 0xFF9F0A, 0x30B0C7, 0xFF375F, 0x34C759, 0xAF52DE, 0x0A84FF]
        backgroundColor = UIColor(rgb: palette[Int(name.unicodeScalars.reduce(0) { $0 + $1.value }) % palette.count])
        layer.shadowOpacity = 0.3
        layer.shadowRadius = 2
        layer.shadowOffset = CGSize(width: 0, height: 1.5)
        // A system symbol, tinted white, in the middle at its own size.
        person.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 15, weight: .semibold)
        person.tintColor = .white
        person.contentMode = .center
        addSubview(person)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.width / 2
        person.frame = bounds
        // A path casts the shadow without looking at the pixels, as on iOS.
        layer.shadowPath = UIBezierPath(ovalIn: bounds).cgPath
    }
}

extension UIView {
    /// Whether the window showing the view is being resized by a person right now: the Gallery draws
    /// cheaply then (no shadows, fast image filtering) and in full once the drag ends.
    var isWindowResizing: Bool { window?.windowScene?.effectiveGeometry.isInteractivelyResizing ?? false }
}

/// A picture attached to a message, drawn from an image scaled to the view: smoothly when still,
/// with the fast filter (and without its shadow) while the window is being resized.
final class AttachmentView: UIView {
    /// A made-up photograph (a sky, hills and a sun; a moon and stars in the dark), 640×360 points: a
    /// JPEG in the Gallery's asset catalog with 1x, 2x and dark variants, resolved for the view's traits.
    // The JPEGs are made by scripts/make-gallery-picture.py (the drawing they were rendered from).
    private static let picture = UIImage(named: "Picture", in: .module, compatibleWith: nil)
    /// While the window is being resized: the picture at the size it had when the drag began, made
    /// once, so each step scales a small image rather than the whole JPEG.
    private var resizeThumbnail: (source: UIImage, image: UIImage)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        // Drawn anew at each size: fast and without its shadow while the window is being resized.
        contentMode = .redraw
        translatesAutoresizingMaskIntoConstraints = false
        heightAnchor.constraint(equalTo: widthAnchor, multiplier: 9.0 / 16.0).isActive = true
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let picture = bounds.insetBy(dx: 6, dy: 6)
        let resizing = isWindowResizing
        if !resizing {
            UIColor(white: 0, alpha: 0.04).setFill()
            for ring in 0..<5 {
                let spread = CGFloat(ring)
                UIBezierPath(roundedRect: picture.insetBy(dx: -spread, dy: -spread).offsetBy(dx: 0, dy: 3), cornerRadius: 8 + spread).fill()
            }
        }
        context.saveGState()
        // While resizing, the nearest pixel, and the picture drawn as a plain rectangle (cairo's fast
        // path for a scaled image) with its corners erased after: clipped to the rounded shape, every
        // pixel would go through a mask. When still, the default filtering: `.high` costs some 30 ms a
        // draw at this size, a visible hitch as a drag ends, for a sharpness hardly seen at 1.4×.
        context.interpolationQuality = resizing ? .none : .default
        if !resizing { UIBezierPath(roundedRect: picture, cornerRadius: 8).addClip() }
        // The variant for the view's scale and appearance: a trait change draws it again.
        if let image = Self.picture?.imageAsset?.image(with: traitCollection) ?? Self.picture {
            if resizing, resizeThumbnail?.source !== image, let thumbnail = image.preparingThumbnail(of: picture.size) {
                resizeThumbnail = (image, thumbnail)
            } else if !resizing {
                resizeThumbnail = nil
            }
            (resizing ? resizeThumbnail?.image ?? image : image).draw(in: picture)
        }
        context.restoreGState()
        if resizing {
            let corners = UIBezierPath(rect: picture)
            corners.append(UIBezierPath(roundedRect: picture, cornerRadius: 8))
            corners.usesEvenOddFillRule = true
            corners.fill(with: .clear, alpha: 1)
        }
    }
}

/// The open message: subject, sender and wrapped paragraphs in a vertical stack, at most 640 points
/// wide, in a scroll view (the wheel, a touchpad, a drag or the keyboard scroll a long message, and
/// every text size shows all of it).
final class MessageDetailView: UIScrollView {
    private let subject = UILabel(), sender = UILabel()
    private let column = UIStackView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        alwaysBounceVertical = true
        // Text in the reading pane grows with the reader's text size (Ctrl+= / Ctrl+-).
        subject.font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: .systemFont(ofSize: 24, weight: .bold))
        subject.adjustsFontForContentSizeCategory = true
        subject.numberOfLines = 0
        sender.font = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 14))
        sender.adjustsFontForContentSizeCategory = true
        sender.textColor = .secondaryLabel
        column.axis = .vertical
        column.spacing = 14
        column.addArrangedSubview(subject)
        column.addArrangedSubview(sender)
        column.setCustomSpacing(6, after: subject)
        column.setCustomSpacing(16, after: sender)
        column.translatesAutoresizingMaskIntoConstraints = false
        addSubview(column)
        let fill = column.widthAnchor.constraint(equalTo: widthAnchor, constant: -56)
        fill.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            column.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 28),
            column.topAnchor.constraint(equalTo: topAnchor, constant: 28),
            column.widthAnchor.constraint(lessThanOrEqualToConstant: 640),
            column.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -56), fill,
        ])
    }

    /// The content is the column and its margin: as tall as the message at the reader's text size.
    override func layoutSubviews() {
        super.layoutSubviews()
        contentSize = CGSize(width: bounds.width, height: column.frame.maxY + 28)
    }

    /// The picture every message carries (the Gallery shows how to draw cheaply during a drag).
    let attachment = AttachmentView()

    func show(_ message: MailMessage) {
        subject.text = message.subject
        sender.text = "From \(message.sender) · \(message.time)"
        for label in column.arrangedSubviews.dropFirst(2) { label.removeFromSuperview() }
        column.addArrangedSubview(attachment)
        for text in message.body {
            let label = UILabel()
            label.text = text
            label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 16))
            label.adjustsFontForContentSizeCategory = true
            label.numberOfLines = 0
            column.addArrangedSubview(label)
        }
    }
}

extension AppDelegate {
    /// The Mail scene's root view controller, for benchmarks that measure it outside the app.
    public static func makeMailViewController() -> UIViewController { MailViewController() }
}

/// The mailboxes a person can pick in Mail's sidebar.
enum MailboxName: String, CaseIterable {
    case inbox = "Inbox", flagged = "Flagged", archive = "Archive", trash = "Trash"
}

/// The Mail scene's root: a three-column split view — the mailboxes, the messages of the chosen one and
/// the open message. Horizontally regular, the list and the message tile (and the sidebar too when the
/// window is wide enough; else it comes with the button and pushes the others aside); compact, it
/// collapses to one navigation stack: the list on top of the mailboxes, and the message on top of the
/// list once a person opened it.
final class MailViewController: UISplitViewController, UISplitViewControllerDelegate, UINavigationControllerDelegate {
    let mailboxes = MailboxesViewController()
    let list = MessageListViewController()
    let reader = MessageViewController()
    let overlay = OverlayView()

    init() {
        super.init(style: .tripleColumn)
        delegate = self
        setViewController(mailboxes, for: .primary)
        setViewController(list, for: .supplementary)
        setViewController(reader, for: .secondary)
        // The primary's navigation controller is the one stack when collapsed.
        mailboxes.navigationController?.delegate = self
        list.selectionChanged = { [weak self] index, opening in self?.show(index, opening: opening) }
        mailboxes.chosen = { [weak self] mailbox in
            guard let self else { return }
            list.mailbox = mailbox
            // Compact: the list comes on top of the mailboxes, as in Mail.
            if isCollapsed { show(.supplementary) }
        }
        reader.show(Mailbox.messages[0])
        installPresentationButtons()
        installSearch()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(overlay)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        // Above the columns (which the split view adds as they show); moved only when it is not on top, as
        // a moved view draws again.
        if view.subviews.last !== overlay { view.bringSubviewToFront(overlay) }
        overlay.place(in: view)
    }

    /// A drag of the window's edge began or ended: what draws differently while resizing draws again.
    func resizingDidChange() {
        reader.detail.attachment.setNeedsDisplay()
        overlay.update(for: view.window?.windowScene)
    }

    /// The message shown in the reading pane.
    var selectedIndex: Int { list.selectedIndex }

    /// Whether a person opened the message (a click, the menu's Open, restoration) and has not gone back
    /// to the list since: collapsing then keeps the message on top of the list; else the list tops the
    /// stack, as it did before the split view (and a drag across 678 points redraws only the list).
    private(set) var messageIsOpen = false
    /// Set while the split view expands: the stack it takes apart shows the list, which is no going back.
    private var isExpanding = false

    /// Selects message `index` (see `MessageListViewController.select`) and shows it; when compact and
    /// `opening`, the message comes on top of the list.
    func select(_ index: Int, opening: Bool = true) {
        loadViewIfNeeded()
        list.select(index, opening: opening)
    }

    private func show(_ index: Int, opening: Bool) {
        reader.show(Mailbox.messages[index])
        if opening {
            messageIsOpen = true
            if isCollapsed { show(.secondary) }
        }
        // The message is drawn in the next frame, whose time the overlay then shows.
        overlay.refresh()
    }

    // MARK: Split view delegate

    func splitViewController(_ svc: UISplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
        messageIsOpen ? .secondary : .supplementary
    }

    func splitViewController(_ svc: UISplitViewController, displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode) -> UISplitViewController.DisplayMode {
        isExpanding = true
        return proposedDisplayMode
    }

    /// Expanded, the list takes the keyboard (see `MailColumnViewController`).
    func splitViewControllerDidExpand(_ svc: UISplitViewController) {
        isExpanding = false
        list.becomeFirstResponder()
    }

    /// Collapsed, the top of the one stack takes the keyboard: it did not appear anew (it was on screen
    /// already) and the list may have left the window.
    func splitViewControllerDidCollapse(_ svc: UISplitViewController) {
        mailboxes.navigationController?.topViewController?.becomeFirstResponder()
    }

    /// Compact, going back from the message to the list closes it.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        if isCollapsed, !isExpanding, viewController !== reader { messageIsOpen = false }
    }

    // MARK: Keys

    /// ↑ and ↓ move the selection; Ctrl+F searches; Ctrl+N and Ctrl+W open and close scenes.
    override var keyCommands: [UIKeyCommand]? {
        [
            UIKeyCommand(title: "Previous Message", input: UIKeyCommand.inputUpArrow) { [weak self] _ in
                guard let self else { return }
                select(selectedIndex - 1, opening: false)
            },
            UIKeyCommand(title: "Next Message", input: UIKeyCommand.inputDownArrow) { [weak self] _ in
                guard let self else { return }
                select(selectedIndex + 1, opening: false)
            },
            UIKeyCommand(title: "Find", input: "f", modifierFlags: .control) { [weak self] _ in self?.focusSearch() },
        ] + sceneCommands(for: self)
    }
}

/// One of Mail's columns. The column a person reads takes the keyboard as it appears — the top of the one
/// stack when Mail is collapsed, the message list when it is expanded — as a UIKit controller does in
/// `viewDidAppear(_:)`: key commands are looked for from it up, through its navigation controller
/// (Escape and Alt+← go back) to Mail (↑, ↓ and the scene's keys).
class MailColumnViewController: UIViewController {
    override var canBecomeFirstResponder: Bool { true }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard let split = splitViewController else { return }
        if split.isCollapsed ? navigationController?.topViewController === self : self is MessageListViewController {
            becomeFirstResponder()
        }
    }
}

/// Mail's sidebar: the mailboxes, one of them chosen.
final class MailboxesViewController: MailColumnViewController {
    /// Called with the mailbox a click chose.
    var chosen: (MailboxName) -> Void = { _ in }
    private var rows: [MailboxRowView] = []
    /// The mailboxes, one row each (new ones are added at the end: MailPresentations.swift).
    let stack = UIStackView()

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        title = "Mailboxes"
    }

    override func viewDidLoad() {
        view.backgroundColor = .secondarySystemBackground
        stack.axis = .vertical
        stack.spacing = 2
        stack.translatesAutoresizingMaskIntoConstraints = false
        for mailbox in MailboxName.allCases {
            let row = MailboxRowView(mailbox)
            row.isSelected = mailbox == .inbox
            row.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.choose(mailbox) })
            rows.append(row)
            stack.addArrangedSubview(row)
        }
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -10),
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 10),
        ])
    }

    func choose(_ mailbox: MailboxName) {
        for row in rows { row.isSelected = row.mailbox == mailbox }
        chosen(mailbox)
    }
}

/// One mailbox in the sidebar: its name on a rounded highlight when chosen.
final class MailboxRowView: UIView {
    let mailbox: MailboxName
    private let label = UILabel()
    var isSelected = false {
        didSet {
            backgroundColor = isSelected ? MessageRowView.selectionColor : .clear
            label.font = .systemFont(ofSize: 16, weight: isSelected ? .semibold : .regular)
        }
    }

    init(_ mailbox: MailboxName) {
        self.mailbox = mailbox
        super.init(frame: .zero)
        layer.cornerRadius = 8
        label.text = mailbox.rawValue
        label.font = .systemFont(ofSize: 16)
        label.adjustsFontForContentSizeCategory = true
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        NSLayoutConstraint.activate([
            heightAnchor.constraint(greaterThanOrEqualToConstant: 40),
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -12),
            label.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])
    }
}

/// The open message, in the secondary column.
final class MessageViewController: MailColumnViewController {
    let detail = MessageDetailView()

    override func loadView() { view = detail }

    func show(_ message: MailMessage) {
        loadViewIfNeeded()
        detail.show(message)
    }
}

/// The messages of one mailbox: a click selects one (with the fade) and opens it; a right click opens
/// its menu.
final class MessageListViewController: MailColumnViewController {
    private let list = WholeItemsStackView()
    private var rows: [MessageRowView] = []
    private var preferencesObserver: (any NSObjectProtocol)?
    /// Called when the selection moves to a message, and whether to open it.
    var selectionChanged: (Int, Bool) -> Void = { _, _ in }

    /// Which messages are filed where (the menu's Archive and Delete move them).
    private var filed = Array(repeating: MailboxName.inbox, count: Mailbox.messages.count)

    /// The mailbox shown; its messages only.
    var mailbox = MailboxName.inbox {
        didSet {
            title = mailbox.rawValue
            filter()
        }
    }

    /// What the search field holds: only the messages that match it show (MailSearch.swift).
    var searchText = "" { didSet { if searchText != oldValue { filter() } } }

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        title = MailboxName.inbox.rawValue
    }

    override func viewDidLoad() {
        view.backgroundColor = .systemBackground
        view.clipsToBounds = true
        rows = Mailbox.messages.map(MessageRowView.init)
        rows[selectedIndex].isSelected = true
        for (index, row) in rows.enumerated() {
            // A right click on a message opens its menu.
            row.addInteraction(UIContextMenuInteraction(delegate: self))
            row.previewLines = MailPreferences.previewLines
            list.addArrangedSubview(row)
            // A click on a row selects it, as a tap does in Mail.
            row.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.select(index) })
        }
        // Settings (another scene) changes how many preview lines the list shows.
        preferencesObserver = NotificationCenter.default.addObserver(forName: MailPreferences.didChange, object: nil, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                for row in self.rows { row.previewLines = MailPreferences.previewLines }
            }
        }
        list.axis = .vertical
        list.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(list)
        NSLayoutConstraint.activate([
            list.leadingAnchor.constraint(equalTo: view.leadingAnchor), list.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            list.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
        ])
        filter()
    }

    isolated deinit {
        if let preferencesObserver { NotificationCenter.default.removeObserver(preferencesObserver) }
    }

    /// The window's size changed: what fits in the list changed.
    override func viewDidLayoutSubviews() { list.leaveOutWhatDoesNotFit() }

    private func filter() {
        guard isViewLoaded else { return }
        for (index, row) in rows.enumerated() {
            row.isHidden = (mailbox == .flagged ? !(row.isFlagged && filed[index] == .inbox) : filed[index] != mailbox)
                || !row.message.matches(searchText)
        }
    }

    /// The selected message.
    private(set) var selectedIndex = 0

    /// Selects message `index` (clamped to the mailbox; a removed message's neighbour in the direction
    /// of the move) and reports it, to open it when `opening`.
    func select(_ index: Int, opening: Bool = true) {
        loadViewIfNeeded()
        var clamped = min(max(0, index), rows.count - 1)
        let direction = index < selectedIndex ? -1 : 1
        // Messages of other mailboxes are passed over, in the direction of the move, else back.
        while rows.indices.contains(clamped), rows[clamped].isHidden { clamped += direction }
        if !rows.indices.contains(clamped) {
            clamped = min(max(0, index), rows.count - 1)
            while rows.indices.contains(clamped), rows[clamped].isHidden { clamped -= direction }
        }
        guard rows.indices.contains(clamped) else { return }
        guard clamped != selectedIndex || !rows[clamped].isSelected else {
            if opening { selectionChanged(clamped, true) }
            return
        }
        rows[selectedIndex].isSelected = false
        selectedIndex = clamped
        rows[clamped].isSelected = true
        selectionChanged(clamped, opening)
    }

    /// Files message `index` in `destination` (until the next launch); the selection moves on from it.
    func file(_ index: Int, in destination: MailboxName) {
        guard rows.indices.contains(index), rows.filter({ !$0.isHidden }).count > 1 else { return }
        filed[index] = destination
        filter()
        if index == selectedIndex {
            rows[index].isSelected = false
            select(index + 1, opening: false)
        }
    }
}

extension MessageListViewController: UIContextMenuInteractionDelegate {
    /// A message's menu: open it, the swipe action chosen in Settings, flag it, delete it.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
        guard let row = interaction.view as? MessageRowView, let index = rows.firstIndex(where: { $0 === row }) else { return nil }
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { [weak self] _ in
            guard let self else { return nil }
            let open = UIAction(title: "Open", subtitle: row.message.subject) { [weak self] _ in self?.select(index) }
            let flag = UIAction(title: "Flag", state: row.isFlagged ? .on : .off) { [weak row] _ in row?.isFlagged.toggle() }
            var swipe: [UIMenuElement] = []
            switch MailPreferences.swipeAction {
            case "Archive": swipe = [UIAction(title: "Archive", subtitle: "Swipe left") { [weak self] _ in self?.file(index, in: .archive) }]
            case "Trash": swipe = [UIAction(title: "Move to Trash", subtitle: "Swipe left", attributes: .destructive) { [weak self] _ in self?.file(index, in: .trash) }]
            default: break
            }
            let delete = UIAction(title: "Delete", attributes: .destructive) { [weak self] _ in self?.file(index, in: .trash) }
            return UIMenu(title: row.message.sender, children: [
                UIMenu(options: .displayInline, children: [open] + swipe),
                UIMenu(options: .displayInline, children: [flag]),
                UIMenu(options: .displayInline, children: [delete]),
            ])
        }
    }
}

/// A vertical stack whose arranged views show only while they fit whole above its superview's bottom
/// edge. Until the Gallery scrolls, a row or paragraph that would be cut off there is left out
/// (transparent, keeping its place) rather than clipped mid-line. Checked whenever the stack's size
/// changes (a row grew with the text size) and, by its owner, when the superview's does.
final class WholeItemsStackView: UIStackView {
    override func layoutSubviews() {
        super.layoutSubviews()
        leaveOutWhatDoesNotFit()
    }

    func leaveOutWhatDoesNotFit() {
        guard let superview else { return }
        // The superview's bottom edge in the stack's coordinates; a fraction of a point is rounding.
        let limit = superview.bounds.maxY - frame.minY + 0.5
        for view in arrangedSubviews { view.alpha = view.frame.maxY <= limit ? 1 : 0 }
    }
}
