import Foundation
import SceneHost

struct MailMessage: Equatable {
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

/// What a message's row shows, as a UIKit app describes a cell's content: a `UIContentConfiguration`
/// whose view (`MessageContentView`) the list cell hosts and reuses from row to row.
struct MessageContentConfiguration: UIContentConfiguration, Equatable {
    var message: MailMessage
    var isFlagged = false
    var isUnread = false
    /// How many lines of the preview show (0 hides it).
    var previewLines = 2

    func makeContentView() -> any UIView & UIContentView { MessageContentView(configuration: self) }
    /// The row looks the same in every state: its cell draws the selection behind it.
    func updated(for state: UICellConfigurationState) -> MessageContentConfiguration { self }
}

/// One message in the list: an unread dot, the avatar, sender, attachment clip, time and flag, the
/// subject and the preview, placed by constraints (leading and trailing, so the row mirrors in a
/// right-to-left layout). Its text follows the reader's text size, and the row grows with it (92
/// points at the default size, never less); at the accessibility sizes the sender's name wraps on a
/// line of its own, the time under it, as Mail's rows do.
final class MessageContentView: UIView, UIContentView {
    private let sender = UILabel(), subject = UILabel(), preview = UILabel(), time = UILabel()
    private let avatar = AvatarView(name: "")
    private let unreadDot = DotView(color: .systemBlue), flag = DotView(color: .systemOrange)
    private let clip = UIImageView(image: UIImage(systemName: "paperclip", withConfiguration: UIImage.SymbolConfiguration(textStyle: .caption2)))
    /// A view rather than a line drawn by the row: a row that draws would draw again at every step of a
    /// drag, while a separator view just grows. It starts under the text (62 points in), as in Mail,
    /// which is why the list's own separators are off.
    private let separator = UIView()
    private var shown: MessageContentConfiguration
    /// The constraints of the time beside the sender, and of the time on a line below it.
    private var besideSender: [NSLayoutConstraint] = [], belowSender: [NSLayoutConstraint] = []
    /// Whether the time is on its own line (the accessibility text sizes); nil before the first arrangement.
    private var arrangedBelow: Bool?
    private var timeBelowSender: Bool { arrangedBelow ?? false }

    /// The time beside the sender, or below it at the accessibility text sizes.
    private func arrangeForTextSize() {
        let below = traitCollection.preferredContentSizeCategory.isAccessibilityCategory
        guard below != arrangedBelow else { return }
        arrangedBelow = below
        NSLayoutConstraint.deactivate(below ? besideSender : belowSender)
        NSLayoutConstraint.activate(below ? belowSender : besideSender)
        sender.numberOfLines = below ? 0 : 1
    }

    init(configuration: MessageContentConfiguration) {
        shown = configuration
        super.init(frame: .zero)
        sender.font = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 15, weight: .semibold))
        subject.font = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 14))
        preview.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13))
        preview.textColor = .secondaryLabel
        time.font = UIFontMetrics(forTextStyle: .caption1).scaledFont(for: .systemFont(ofSize: 12))
        time.textColor = .secondaryLabel
        clip.tintColor = .secondaryLabel
        clip.contentMode = .center
        for label in [sender, subject, preview, time] { label.adjustsFontForContentSizeCategory = true }
        separator.backgroundColor = .separator
        for view in [unreadDot, avatar, sender, clip, time, flag, subject, preview, separator] as [UIView] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        // The time and the clip keep their width; the sender's name gives way (and truncates) first.
        // Just below required, so that a window narrower than a row's fixed parts (a person can make one
        // 1 point wide) squeezes them too instead of leaving required constraints that cannot hold.
        for view in [time, clip] as [UIView] {
            view.setContentHuggingPriority(.required - 1, for: .horizontal)
            view.setContentCompressionResistancePriority(.required - 1, for: .horizontal)
        }
        NSLayoutConstraint.activate([
            // As tall as the text needs below its 10-point top inset and above a 10-point bottom one.
            bottomAnchor.constraint(greaterThanOrEqualTo: preview.bottomAnchor, constant: 10),
            bottomAnchor.constraint(greaterThanOrEqualTo: subject.bottomAnchor, constant: 10),
            unreadDot.widthAnchor.constraint(equalToConstant: 10), unreadDot.heightAnchor.constraint(equalToConstant: 10),
            unreadDot.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 3),
            unreadDot.centerYAnchor.constraint(equalTo: avatar.centerYAnchor),
            avatar.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            avatar.topAnchor.constraint(equalTo: topAnchor, constant: 16),
            avatar.widthAnchor.constraint(equalToConstant: 32), avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            sender.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 14),
            sender.topAnchor.constraint(equalTo: topAnchor, constant: 10),
            clip.trailingAnchor.constraint(equalTo: time.leadingAnchor, constant: -4),
            clip.centerYAnchor.constraint(equalTo: time.centerYAnchor),
            flag.widthAnchor.constraint(equalToConstant: 8), flag.heightAnchor.constraint(equalToConstant: 8),
            flag.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -4),
            flag.centerYAnchor.constraint(equalTo: time.centerYAnchor),
            subject.leadingAnchor.constraint(equalTo: sender.leadingAnchor),
            subject.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -14),
            preview.leadingAnchor.constraint(equalTo: sender.leadingAnchor),
            preview.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -14),
            preview.topAnchor.constraint(equalTo: subject.bottomAnchor, constant: 2),
            separator.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 62),
            separator.trailingAnchor.constraint(equalTo: trailingAnchor),
            separator.bottomAnchor.constraint(equalTo: bottomAnchor), separator.heightAnchor.constraint(equalToConstant: 1),
        ])
        // One line: sender, clip and time side by side. At the accessibility text sizes (as Mail does)
        // the sender takes the whole width and wraps, and the clip and the time go on a line below it.
        besideSender = [
            clip.leadingAnchor.constraint(greaterThanOrEqualTo: sender.trailingAnchor, constant: 8),
            time.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -14),
            time.firstBaselineAnchor.constraint(equalTo: sender.firstBaselineAnchor),
            subject.topAnchor.constraint(equalTo: sender.bottomAnchor, constant: 1),
        ]
        belowSender = [
            // The whole width, not its own: a wrapping label's own width follows the width it last had.
            sender.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -14),
            clip.leadingAnchor.constraint(equalTo: sender.leadingAnchor),
            time.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -14),
            time.topAnchor.constraint(equalTo: sender.bottomAnchor, constant: 1),
            subject.topAnchor.constraint(equalTo: time.bottomAnchor, constant: 1),
        ]
        arrangeForTextSize()
        apply()
    }

    var configuration: any UIContentConfiguration {
        get { shown }
        set {
            guard let new = newValue as? MessageContentConfiguration, new != shown else { return }
            shown = new
            apply()
        }
    }

    private func apply() {
        let message = shown.message
        sender.text = message.sender
        subject.text = message.subject
        preview.text = message.preview
        time.text = message.time
        avatar.name = message.sender
        // The last preview line ends in an ellipsis when the preview is longer.
        preview.numberOfLines = max(shown.previewLines, 1)
        preview.isHidden = shown.previewLines == 0
        flag.isHidden = !shown.isFlagged
        unreadDot.isHidden = !shown.isUnread
        measured = nil
        superview?.setNeedsLayout()
    }

    /// The height the constraints need at `size.width`, and at least the 92 points of the avatar, its
    /// insets and the default size's two-line preview. Worked out from the constraints' arithmetic
    /// rather than by a solver, and kept while the width and content stay: the list measures every row
    /// in view at every step of a window drag.
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let measured, measured.width == size.width { return CGSize(width: size.width, height: measured.height) }
        // The texts run from 62 points in (avatar and its spacing) to 14 before the trailing edge.
        let textWidth = max(0, size.width - 62 - 14)
        func height(_ label: UILabel) -> CGFloat { label.sizeThatFits(CGSize(width: textWidth, height: 0)).height }
        let time = timeBelowSender ? height(self.time) + 1 : 0
        let text = 10 + height(sender) + 1 + time + height(subject) + 2 + height(preview) + 10
        let result = max(92, text.rounded(.up))
        measured = (size.width, result)
        return CGSize(width: size.width, height: result)
    }

    /// The last measurement, by width.
    private var measured: (width: CGFloat, height: CGFloat)?

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        // The text size changes the fonts, and may move the time below the sender.
        measured = nil
        arrangeForTextSize()
    }
}

/// A message's row in the list: its content (`MessageContentConfiguration`) on the plain background,
/// or on Mail's light blue one when selected.
final class MessageCell: UICollectionViewListCell {
    static let selectionColor = UIColor(light: UIColor(rgb: 0xDCEBFF), dark: UIColor(rgb: 0x1D3B5C))

    override init(frame: CGRect) {
        super.init(frame: frame)
        // The cell chooses its colours itself, below.
        automaticallyUpdatesBackgroundConfiguration = false
    }

    override func updateConfiguration(using state: UICellConfigurationState) {
        super.updateConfiguration(using: state)
        var background = UIBackgroundConfiguration.listPlainCell()
        background.backgroundColor = state.isSelected || state.isHighlighted ? Self.selectionColor : .systemBackground
        backgroundConfiguration = background
    }
}

/// A small filled circle: the unread dot before the avatar, the flag beside the time.
final class DotView: UIView {
    private let color: UIColor

    init(color: UIColor) {
        self.color = color
        super.init(frame: .zero)
        contentMode = .redraw
    }

    override func draw(_ rect: CGRect) {
        color.setFill()
        UIBezierPath(ovalIn: bounds).fill()
    }
}

/// A coloured circle with a person symbol: its round and its soft shadow are its layer's.
final class AvatarView: UIView {
    private let person = UIImageView(image: UIImage(systemName: "person.fill"))
    /// The person's name, which picks the colour (a reused row shows another person).
    var name: String { didSet { if name != oldValue { paint() } } }

    private func paint() {
        let palette: [UInt32] = [0x5E5CE6, 0xFF9F0A, 0x30B0C7, 0xFF375F, 0x34C759, 0xAF52DE, 0x0A84FF]
        backgroundColor = UIColor(rgb: palette[Int(name.unicodeScalars.reduce(0) { $0 + $1.value }) % palette.count])
    }

    init(name: String) {
        self.name = name
        super.init(frame: .zero)
        paint()
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

/// A picture attached to a message, drawn from an image scaled to the view: smoothly and with a soft
/// shadow when still. While the window is being resized it is drawn once, cheaply (the nearest pixel,
/// no shadow), and that drawing is stretched to each new size, as Core Animation stretches a layer's
/// contents (`.scaleToFill`), with the nearest pixel (`magnificationFilter`); drawn in full once the
/// drag ends.
final class AttachmentView: UIView {
    /// A made-up photograph (a sky, hills and a sun; a moon and stars in the dark), 640×360 points: a
    /// JPEG in the Gallery's asset catalog with 1x, 2x and dark variants, resolved for the view's traits.
    // The JPEGs are made by scripts/make-gallery-picture.py (the drawing they were rendered from).
    private static let picture = UIImage(named: "Picture", in: .module, compatibleWith: nil)

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
        translatesAutoresizingMaskIntoConstraints = false
        heightAnchor.constraint(equalTo: widthAnchor, multiplier: 9.0 / 16.0).isActive = true
    }

    /// A drag of the window's edge began or ended: the picture is drawn again, for the drag or in full.
    func resizingDidChange() {
        let resizing = isWindowResizing
        contentMode = resizing ? .scaleToFill : .redraw
        layer.magnificationFilter = resizing ? .nearest : .linear
        layer.minificationFilter = resizing ? .nearest : .linear
        setNeedsDisplay()
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
        (Self.picture?.imageAsset?.image(with: traitCollection) ?? Self.picture)?.draw(in: picture)
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
        // A long name wraps rather than losing the time at large text sizes.
        sender.numberOfLines = 0
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

    /// The system symbol beside its name in the sidebar.
    var symbolName: String {
        switch self {
        case .inbox: "envelope"
        case .flagged: "flag"
        case .archive: "archivebox"
        case .trash: "trash"
        }
    }
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
        reader.detail.attachment.resizingDidChange()
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

/// Mail's sidebar: the mailboxes, one of them chosen, as a list. Beside the other columns it is a
/// `.sidebar` list whose chosen mailbox stays highlighted; when Mail collapses to one stack it becomes an
/// inset-grouped list whose rows lead on (a disclosure chevron), as Mail's on iPad.
final class MailboxesViewController: MailColumnViewController, UICollectionViewDelegate {
    /// Called with the mailbox a click chose.
    var chosen: (MailboxName) -> Void = { _ in }
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, MailboxName>!
    /// The mailbox whose messages the list shows.
    private(set) var mailbox = MailboxName.inbox

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        title = "Mailboxes"
    }

    /// Whether the mailboxes are the root of the one stack (compact) rather than a column.
    private var isStacked: Bool { traitCollection.horizontalSizeClass == .compact || splitViewController?.isCollapsed == true }

    override func viewDidLoad() {
        // The section provider runs again when the size class changes (the collection view's traits).
        let layout = UICollectionViewCompositionalLayout { [weak self] _, environment in
            let stacked = environment.traitCollection.horizontalSizeClass == .compact || self?.splitViewController?.isCollapsed == true
            return .list(using: UICollectionLayoutListConfiguration(appearance: stacked ? .insetGrouped : .sidebar), layoutEnvironment: environment)
        }
        let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.delegate = self
        self.collectionView = collectionView
        view.addSubview(collectionView)
        let rows = UICollectionView.CellRegistration<UICollectionViewListCell, MailboxName> { [weak self] cell, _, mailbox in
            // The cell knows its list by now: a sidebar row's content, or a plain row's.
            var content = cell.defaultContentConfiguration()
            content.text = mailbox.rawValue
            content.image = UIImage(systemName: mailbox.symbolName)
            cell.contentConfiguration = content
            cell.accessories = self?.isStacked == true ? [.disclosureIndicator()] : []
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, path, mailbox in
            collectionView.dequeueConfiguredReusableCell(using: rows, for: path, item: mailbox)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, MailboxName>()
        snapshot.appendSections([0])
        snapshot.appendItems(MailboxName.allCases)
        dataSource.apply(snapshot, animatingDifferences: false)
        // Collapsing and expanding change the rows' look and whether the choice stays highlighted.
        registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (self: MailboxesViewController, _) in self.listStyleDidChange() }
        showChoice()
    }

    /// The rows are configured again for the new list, and the choice shown as the list shows it.
    func listStyleDidChange() {
        guard isViewLoaded else { return }
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems(snapshot.itemIdentifiers)
        dataSource.apply(snapshot, animatingDifferences: false)
        showChoice()
    }

    /// A sidebar keeps the chosen mailbox selected; a stacked list clears it when it shows again, as a
    /// UIKit list controller does (`clearsSelectionOnViewWillAppear`).
    private func showChoice() {
        guard let collectionView, let dataSource else { return }
        if isStacked {
            for path in collectionView.indexPathsForSelectedItems ?? [] { collectionView.deselectItem(at: path, animated: false) }
        } else if let path = dataSource.indexPath(for: mailbox) {
            collectionView.selectItem(at: path, animated: false, scrollPosition: [])
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        showChoice()
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let mailbox = dataSource.itemIdentifier(for: indexPath) else { return }
        choose(mailbox)
    }

    /// Shows `mailbox`'s messages (the sidebar highlights it).
    func choose(_ mailbox: MailboxName) {
        loadViewIfNeeded()
        self.mailbox = mailbox
        if !isStacked, let path = dataSource.indexPath(for: mailbox) { collectionView.selectItem(at: path, animated: true, scrollPosition: []) }
        chosen(mailbox)
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

/// The list of messages. Mail's ↑ and ↓ move its selection without opening the message (its
/// controller has the keys), so the list never takes the keyboard itself: a click selects and opens.
final class MessageListView: UICollectionView {
    override var canBecomeFirstResponder: Bool { false }
}

/// The messages of one mailbox, as a list (a collection view with a plain list layout and a diffable
/// data source): a click selects one and opens it; ↑ and ↓ move the selection, keeping it in view; a
/// right click opens a message's menu; a sideways swipe (touchpad) reveals Settings' swipe action on the
/// trailing edge and Read/Unread on the leading one. Filing a message elsewhere removes its row with
/// an animation (the snapshot changes).
final class MessageListViewController: MailColumnViewController, UICollectionViewDelegate {
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
    private var preferencesObserver: (any NSObjectProtocol)?
    /// Called when the selection moves to a message, and whether to open it.
    var selectionChanged: (Int, Bool) -> Void = { _, _ in }

    /// Which messages are filed where (the menu's Archive and Delete move them), which are flagged and
    /// which are unread, until the next launch.
    private var filed = Array(repeating: MailboxName.inbox, count: Mailbox.messages.count)
    private(set) var flagged: Set<Int> = []
    private(set) var unread: Set<Int> = [1, 2, 4]

    /// The mailbox shown; its messages only.
    var mailbox = MailboxName.inbox {
        didSet {
            title = mailbox.rawValue
            showMessages(animated: false)
        }
    }

    /// The text the list is narrowed to (see `filter(_:)`).
    private(set) var query = ""

    /// Shows only the messages of the mailbox whose sender, subject or preview contain `query` (case
    /// and diacritics aside); an empty query shows them all. The entry point for a search field.
    func filter(_ query: String) {
        self.query = query
        showMessages(animated: true)
    }

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        title = MailboxName.inbox.rawValue
    }

    /// The messages the list shows, in order (indexes into `Mailbox.messages`).
    var shownMessages: [Int] {
        Mailbox.messages.indices.filter { index in
            let inMailbox = mailbox == .flagged ? flagged.contains(index) && filed[index] == .inbox : filed[index] == mailbox
            guard inMailbox, !query.isEmpty else { return inMailbox }
            let message = Mailbox.messages[index]
            return [message.sender, message.subject, message.preview].contains {
                $0.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
    }

    override func viewDidLoad() {
        view.backgroundColor = .systemBackground
        var list = UICollectionLayoutListConfiguration(appearance: .plain)
        // The rows draw their own separators, inset to the text as in Mail.
        list.showsSeparators = false
        list.trailingSwipeActionsConfigurationProvider = { [weak self] path in self?.trailingSwipeActions(at: path) }
        list.leadingSwipeActionsConfigurationProvider = { [weak self] path in self?.leadingSwipeActions(at: path) }
        let collectionView = MessageListView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.delegate = self
        // A right click on a message opens its menu.
        collectionView.addInteraction(UIContextMenuInteraction(delegate: self))
        self.collectionView = collectionView
        view.addSubview(collectionView)
        let rows = UICollectionView.CellRegistration<MessageCell, Int> { [weak self] cell, _, index in
            guard let self else { return }
            cell.contentConfiguration = MessageContentConfiguration(message: Mailbox.messages[index], isFlagged: flagged.contains(index),
                                                                    isUnread: unread.contains(index), previewLines: MailPreferences.previewLines)
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, path, index in
            collectionView.dequeueConfiguredReusableCell(using: rows, for: path, item: index)
        }
        // Settings (another scene) changes how many preview lines the list shows.
        preferencesObserver = NotificationCenter.default.addObserver(forName: MailPreferences.didChange, object: nil, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.reconfigure(Mailbox.messages.indices.map { $0 }) }
        }
        unread.remove(selectedIndex)
        showMessages(animated: false)
    }

    isolated deinit {
        if let preferencesObserver { NotificationCenter.default.removeObserver(preferencesObserver) }
    }

    /// Applies the snapshot of the messages shown (animated: rows that leave fade out, the rest close
    /// up) and selects the selected one if it is among them.
    private func showMessages(animated: Bool) {
        guard isViewLoaded else { return }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(shownMessages)
        dataSource.apply(snapshot, animatingDifferences: animated)
        if let path = dataSource.indexPath(for: selectedIndex) {
            collectionView.selectItem(at: path, animated: false, scrollPosition: [])
        } else {
            for path in collectionView.indexPathsForSelectedItems ?? [] { collectionView.deselectItem(at: path, animated: false) }
        }
    }

    /// Configures the rows of `messages` again (flag, unread, preview lines), keeping their cells.
    private func reconfigure(_ messages: [Int]) {
        guard isViewLoaded else { return }
        var snapshot = dataSource.snapshot()
        let shown = messages.filter { snapshot.indexOfItem($0) != nil }
        guard !shown.isEmpty else { return }
        snapshot.reconfigureItems(shown)
        dataSource.apply(snapshot, animatingDifferences: true)
    }

    /// The selected message.
    private(set) var selectedIndex = 0

    /// Selects message `index` (a message of another mailbox: its neighbour in the direction of the
    /// move, else the other way), scrolls it into view, marks it read and reports it, to open it when
    /// `opening`.
    func select(_ index: Int, opening: Bool = true) {
        loadViewIfNeeded()
        let shown = shownMessages
        guard let first = shown.first, let last = shown.last else { return }
        let target: Int
        if shown.contains(index) {
            target = index
        } else if index < selectedIndex {
            target = shown.last { $0 < index } ?? first
        } else {
            target = shown.first { $0 > index } ?? last
        }
        let path = dataSource.indexPath(for: target)
        let wasSelected = target == selectedIndex && path.map { collectionView.indexPathsForSelectedItems?.contains($0) ?? false } == true
        guard !wasSelected else {
            if opening { selectionChanged(target, true) }
            return
        }
        selectedIndex = target
        if let path {
            collectionView.selectItem(at: path, animated: true, scrollPosition: [])
            collectionView.scrollToItem(at: path, at: [], animated: true)
        }
        if unread.remove(target) != nil { reconfigure([target]) }
        selectionChanged(target, opening)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let index = dataSource.itemIdentifier(for: indexPath) else { return }
        select(index)
    }

    /// Files message `index` in `destination` (until the next launch): its row goes, animated, and the
    /// selection moves on from it.
    func file(_ index: Int, in destination: MailboxName) {
        guard Mailbox.messages.indices.contains(index), shownMessages.count > 1 else { return }
        filed[index] = destination
        showMessages(animated: true)
        if index == selectedIndex { select(index + 1, opening: false) }
    }

    /// Flags or unflags message `index`.
    func toggleFlag(_ index: Int) {
        if flagged.remove(index) == nil { flagged.insert(index) }
        if mailbox == .flagged { showMessages(animated: true) } else { reconfigure([index]) }
    }

    /// Marks message `index` unread, or read.
    func toggleUnread(_ index: Int) {
        if unread.remove(index) == nil { unread.insert(index) }
        reconfigure([index])
    }

    // MARK: Swipe actions

    /// The trailing edge: the action chosen in Settings (none for "None").
    private func trailingSwipeActions(at path: IndexPath) -> UISwipeActionsConfiguration? {
        guard let index = dataSource.itemIdentifier(for: path) else { return nil }
        let action: UIContextualAction
        switch MailPreferences.swipeAction {
        case "Archive":
            action = UIContextualAction(style: .normal, title: "Archive") { [weak self] _, _, done in
                self?.file(index, in: .archive)
                done(true)
            }
            action.backgroundColor = .systemTeal
        case "Trash":
            action = UIContextualAction(style: .destructive, title: "Trash") { [weak self] _, _, done in
                self?.file(index, in: .trash)
                done(true)
            }
        case "Flag":
            action = UIContextualAction(style: .normal, title: flagged.contains(index) ? "Unflag" : "Flag") { [weak self] _, _, done in
                self?.toggleFlag(index)
                done(true)
            }
            action.backgroundColor = .systemOrange
        default: return nil
        }
        return UISwipeActionsConfiguration(actions: [action])
    }

    /// The leading edge: Read or Unread.
    private func leadingSwipeActions(at path: IndexPath) -> UISwipeActionsConfiguration? {
        guard let index = dataSource.itemIdentifier(for: path) else { return nil }
        let action = UIContextualAction(style: .normal, title: unread.contains(index) ? "Read" : "Unread") { [weak self] _, _, done in
            self?.toggleUnread(index)
            done(true)
        }
        action.backgroundColor = .systemBlue
        return UISwipeActionsConfiguration(actions: [action])
    }
}

extension MessageListViewController: UIContextMenuInteractionDelegate {
    /// A message's menu: open it, the swipe action chosen in Settings, flag it, mark it unread, delete it.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
        guard let path = collectionView.indexPathForItem(at: location), let index = dataSource.itemIdentifier(for: path) else { return nil }
        let message = Mailbox.messages[index]
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { [weak self] _ in
            guard let self else { return nil }
            let open = UIAction(title: "Open", subtitle: message.subject) { [weak self] _ in self?.select(index) }
            let flag = UIAction(title: "Flag", state: flagged.contains(index) ? .on : .off) { [weak self] _ in self?.toggleFlag(index) }
            let unread = UIAction(title: "Unread", state: self.unread.contains(index) ? .on : .off) { [weak self] _ in self?.toggleUnread(index) }
            var swipe: [UIMenuElement] = []
            switch MailPreferences.swipeAction {
            case "Archive": swipe = [UIAction(title: "Archive", subtitle: "Swipe left") { [weak self] _ in self?.file(index, in: .archive) }]
            case "Trash": swipe = [UIAction(title: "Move to Trash", subtitle: "Swipe left", attributes: .destructive) { [weak self] _ in self?.file(index, in: .trash) }]
            default: break
            }
            let delete = UIAction(title: "Delete", attributes: .destructive) { [weak self] _ in self?.file(index, in: .trash) }
            return UIMenu(title: message.sender, children: [
                UIMenu(options: .displayInline, children: [open] + swipe),
                UIMenu(options: .displayInline, children: [flag, unread]),
                UIMenu(options: .displayInline, children: [delete]),
            ])
        }
    }
}
