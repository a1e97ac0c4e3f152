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

/// One message in the list: avatar, sender, time, subject and a two-line preview.
final class MessageRowView: UIView {
    let message: MailMessage
    var isSelected = false { didSet { backgroundColor = isSelected ? Self.selectionColor : .systemBackground } }
    static let selectionColor = UIColor(light: UIColor(rgb: 0xDCEBFF), dark: UIColor(rgb: 0x1D3B5C))
    private let sender = UILabel(), subject = UILabel(), preview = UILabel(), time = UILabel()
    private let avatar: AvatarView

    init(message: MailMessage) {
        self.message = message
        avatar = AvatarView(name: message.sender)
        super.init(frame: .zero)
        backgroundColor = .systemBackground
        sender.text = message.sender
        sender.font = .systemFont(ofSize: 15, weight: .semibold)
        subject.text = message.subject
        subject.font = .systemFont(ofSize: 14)
        preview.text = message.preview
        preview.font = .systemFont(ofSize: 13)
        preview.textColor = .secondaryLabel
        preview.numberOfLines = 2
        time.text = message.time
        time.font = .systemFont(ofSize: 12)
        time.textColor = .secondaryLabel
        time.textAlignment = .right
        for view in [avatar, sender, subject, preview, time] as [UIView] { addSubview(view) }
    }

    static let height: CGFloat = 92

    override func layoutSubviews() {
        let inset: CGFloat = 14
        avatar.frame = CGRect(x: inset, y: 14, width: 36, height: 36)
        let textX = avatar.frame.maxX + 12
        let width = bounds.width - textX - inset
        time.frame = CGRect(x: bounds.width - inset - 80, y: 10, width: 80, height: 20)
        sender.frame = CGRect(x: textX, y: 10, width: width - 84, height: 20)
        subject.frame = CGRect(x: textX, y: 30, width: width, height: 19)
        preview.frame = CGRect(x: textX, y: 50, width: width, height: 34)
    }

    override func draw(_ rect: CGRect) {
        UIColor.separator.setFill()
        UIRectFill(CGRect(x: 62, y: bounds.height - 1, width: bounds.width - 62, height: 1))
    }
}

/// A coloured circle with initials.
final class AvatarView: UIView {
    private let initials: String
    private let color: UIColor

    init(name: String) {
        initials = name.split(separator: " ").compactMap(\.first).prefix(2).map(String.init).joined()
        let palette: [UInt32] = [0x5E5CE6, 0xFF9F0A, 0x30B0C7, 0xFF375F, 0x34C759, 0xAF52DE, 0x0A84FF]
        color = UIColor(rgb: palette[Int(name.unicodeScalars.reduce(0) { $0 + $1.value }) % palette.count])
        super.init(frame: .zero)
        let label = UILabel()
        label.text = initials
        label.font = .systemFont(ofSize: 13, weight: .bold)
        label.textColor = .white
        label.textAlignment = .center
        label.tag = 1
        addSubview(label)
    }

    override func layoutSubviews() { viewWithTag(1)?.frame = bounds }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(color)
        context.fillEllipse(in: bounds)
    }
}

/// The open message: subject, sender and wrapped paragraphs.
final class MessageDetailView: UIView {
    private let subject = UILabel(), sender = UILabel()
    private var paragraphs: [UILabel] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        // Text in the reading pane grows with the reader's text size (Ctrl+= / Ctrl+-).
        subject.font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: .systemFont(ofSize: 24, weight: .bold))
        subject.adjustsFontForContentSizeCategory = true
        subject.numberOfLines = 0
        sender.font = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 14))
        sender.adjustsFontForContentSizeCategory = true
        sender.textColor = .secondaryLabel
        addSubview(subject)
        addSubview(sender)
    }

    func show(_ message: MailMessage) {
        subject.text = message.subject
        sender.text = "From \(message.sender) · \(message.time)"
        for label in paragraphs { label.removeFromSuperview() }
        paragraphs = message.body.map { text in
            let label = UILabel()
            label.text = text
            label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 16))
            label.adjustsFontForContentSizeCategory = true
            label.numberOfLines = 0
            addSubview(label)
            return label
        }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        let inset: CGFloat = 28
        let width = max(0, min(bounds.width - 2 * inset, 640))
        var y: CGFloat = 28
        let subjectHeight = subject.sizeThatFits(CGSize(width: width, height: 0)).height
        subject.frame = CGRect(x: inset, y: y, width: width, height: subjectHeight)
        y += subjectHeight + 6
        let senderHeight = sender.sizeThatFits(CGSize(width: width, height: 0)).height
        sender.frame = CGRect(x: inset, y: y, width: width, height: senderHeight)
        y += senderHeight + 16
        for label in paragraphs {
            let height = label.sizeThatFits(CGSize(width: width, height: 0)).height
            label.frame = CGRect(x: inset, y: y, width: width, height: height)
            y += height + 14
        }
    }
}

/// The Mail scene's root: list and detail side by side when horizontally regular, list alone when compact.
final class MailViewController: UIViewController {
    private let list = UIView()
    private let header = UILabel()
    private var rows: [MessageRowView] = []
    private let detail = MessageDetailView()
    private let divider = UIView()
    let overlay = OverlayView()

    override func viewDidLoad() {
        view.backgroundColor = .systemBackground
        list.backgroundColor = .systemBackground
        list.clipsToBounds = true
        header.text = "Inbox"
        header.font = .systemFont(ofSize: 28, weight: .bold)
        list.addSubview(header)
        rows = Mailbox.messages.map(MessageRowView.init)
        for row in rows { list.addSubview(row) }
        rows.first?.isSelected = true
        detail.show(Mailbox.messages[0])
        divider.backgroundColor = .separator
        view.addSubview(list)
        view.addSubview(divider)
        view.addSubview(detail)
        view.addSubview(overlay)
    }

    override func viewWillLayoutSubviews() {
        let bounds = view.bounds
        let regular = traitCollection.horizontalSizeClass == .regular
        let listWidth = regular ? min(380, floor(bounds.width * 0.4)) : bounds.width
        list.frame = CGRect(x: 0, y: 0, width: listWidth, height: bounds.height)
        divider.isHidden = !regular
        detail.isHidden = !regular
        divider.frame = CGRect(x: listWidth, y: 0, width: 1, height: bounds.height)
        detail.frame = CGRect(x: listWidth + 1, y: 0, width: max(0, bounds.width - listWidth - 1), height: bounds.height)

        header.frame = CGRect(x: 16, y: 16, width: listWidth - 32, height: 40)
        var y: CGFloat = 64
        for row in rows {
            row.frame = CGRect(x: 0, y: y, width: listWidth, height: MessageRowView.height)
            y += MessageRowView.height
        }
        overlay.update(for: view.window?.windowScene)
        let badge = overlay.sizeThatFits(bounds.size)
        overlay.frame = CGRect(x: bounds.width - badge.width - 10, y: bounds.height - badge.height - 10, width: badge.width, height: badge.height)
    }
}
