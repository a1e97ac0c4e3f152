import SceneHost

/// One row of the settings form: a title and a control beside it (regular width) or below it (compact).
final class SettingsRowView: UIView {
    let title = UILabel()
    let detail = UILabel()
    let control: UIView
    var stacked = false { didSet { if stacked != oldValue { setNeedsLayout() } } }

    init(title text: String, detail detailText: String, control: UIView) {
        self.control = control
        super.init(frame: .zero)
        backgroundColor = .systemBackground
        // Both grow with the reader's text size (Ctrl+= / Ctrl+-); rows measure them, so they grow too.
        title.text = text
        title.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 16, weight: .medium))
        title.adjustsFontForContentSizeCategory = true
        detail.text = detailText
        detail.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13))
        detail.adjustsFontForContentSizeCategory = true
        detail.textColor = .secondaryLabel
        detail.numberOfLines = 0
        addSubview(title)
        addSubview(detail)
        addSubview(control)
    }

    static let inset: CGFloat = 16

    /// Height of the row at `width`, for the layout of the form.
    func height(forWidth width: CGFloat, stacked: Bool) -> CGFloat {
        let textWidth = stacked ? width - 2 * Self.inset : width - 2 * Self.inset - controlWidth - 16
        let detailHeight = detail.sizeThatFits(CGSize(width: textWidth, height: 0)).height
        let text = titleHeight + 2 + detailHeight
        return stacked ? 12 + text + 8 + control.intrinsicContentSize.height + 12 : max(12 + text + 12, control.intrinsicContentSize.height + 24)
    }

    /// At least the 22 pt the form was designed with, more when the text size grows.
    private var titleHeight: CGFloat { max(22, title.sizeThatFits(CGSize(width: 0, height: 0)).height) }

    private var controlWidth: CGFloat { control.intrinsicContentSize.width > 0 ? control.intrinsicContentSize.width : 160 }

    override func layoutSubviews() {
        let inset = Self.inset
        let controlSize = CGSize(width: controlWidth, height: control.intrinsicContentSize.height)
        let textWidth = stacked ? bounds.width - 2 * inset : bounds.width - 2 * inset - controlSize.width - 16
        title.frame = CGRect(x: inset, y: 12, width: textWidth, height: titleHeight)
        let detailHeight = detail.sizeThatFits(CGSize(width: textWidth, height: 0)).height
        detail.frame = CGRect(x: inset, y: title.frame.maxY + 2, width: textWidth, height: detailHeight)
        if stacked {
            control.frame = CGRect(x: inset, y: detail.frame.maxY + 8, width: controlSize.width, height: controlSize.height)
        } else {
            control.frame = CGRect(x: bounds.width - inset - controlSize.width, y: (bounds.height - controlSize.height) / 2,
                                   width: controlSize.width, height: controlSize.height)
        }
    }

    override func draw(_ rect: CGRect) {
        UIColor.separator.setFill()
        UIRectFill(CGRect(x: Self.inset, y: bounds.height - 1, width: bounds.width - Self.inset, height: 1))
    }
}

/// A value shown as a rounded pill (a stand-in for a pop-up button).
final class ValuePill: UILabel {
    override init(frame: CGRect) {
        super.init(frame: frame)
        font = .systemFont(ofSize: 14, weight: .medium)
        textColor = .systemBlue
        textAlignment = .center
    }
    override var intrinsicContentSize: CGSize {
        let text = super.intrinsicContentSize
        return CGSize(width: max(110, text.width + 28), height: 30)
    }
    override func draw(_ rect: CGRect) {
        if let context = UIGraphicsGetCurrentContext() {
            context.addRoundedRect(bounds, cornerRadius: bounds.height / 2)
            context.setFillColor(.systemGray6)
            context.fillPath()
        }
        super.draw(rect)
    }
}

/// The Settings scene's root: a titled form of rows.
final class SettingsViewController: UIViewController {
    private let header = UILabel()
    private var rows: [SettingsRowView] = []
    let overlay = OverlayView()

    override func viewDidLoad() {
        view.backgroundColor = .systemGroupedBackground
        header.text = "Settings"
        header.font = .systemFont(ofSize: 28, weight: .bold)
        view.addSubview(header)
        func toggle(_ on: Bool) -> UISwitch { let control = UISwitch(); control.isOn = on; return control }
        func pill(_ text: String) -> ValuePill { let pill = ValuePill(); pill.text = text; return pill }
        rows = [
            SettingsRowView(title: "Fetch new mail", detail: "Check the server for new messages every few minutes.", control: toggle(true)),
            SettingsRowView(title: "Show previews", detail: "Two lines of each message in the list.", control: pill("2 lines")),
            SettingsRowView(title: "Swipe actions", detail: "What a swipe to the left does to a message.", control: pill("Archive")),
            SettingsRowView(title: "Load remote images", detail: "Images from the web are loaded when a message opens.", control: toggle(false)),
            SettingsRowView(title: "Organise by thread", detail: "Replies are grouped under the message they answer.", control: toggle(true)),
        ]
        for row in rows { view.addSubview(row) }
        view.addSubview(overlay)
    }

    override func viewWillLayoutSubviews() {
        let bounds = view.bounds
        let stacked = traitCollection.horizontalSizeClass == .compact
        let margin: CGFloat = stacked ? 0 : 24
        let width = min(bounds.width - 2 * margin, 720)
        let x = (bounds.width - width) / 2
        header.frame = CGRect(x: x + 16, y: 16, width: width - 32, height: 40)
        var y: CGFloat = 68
        for row in rows {
            row.stacked = stacked
            let height = row.height(forWidth: width, stacked: stacked)
            row.frame = CGRect(x: x, y: y, width: width, height: height)
            y += height
        }
        overlay.update(for: view.window?.windowScene)
        let badge = overlay.sizeThatFits(bounds.size)
        overlay.frame = CGRect(x: bounds.width - badge.width - 10, y: bounds.height - badge.height - 10, width: badge.width, height: badge.height)
    }
}
