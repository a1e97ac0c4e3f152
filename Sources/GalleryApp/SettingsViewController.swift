import SceneHost

/// One row of the settings form: a title and a detail, with a control beside them (regular width) or
/// below them (compact). A stack view does the arranging; switching its axis when the size class
/// changes is the whole adaptive layout.
final class SettingsRowView: UIView {
    let title = UILabel()
    let detail = UILabel()
    let control: UIView
    private let texts: UIStackView
    private let row: UIStackView
    /// A view rather than a line drawn by the row, as in the Mail list: the row never draws, so a drag
    /// only grows the separator.
    private let separator = UIView()

    init(title text: String, detail detailText: String, control: UIView) {
        self.control = control
        texts = UIStackView(arrangedSubviews: [title, detail])
        row = UIStackView(arrangedSubviews: [texts, control])
        super.init(frame: .zero)
        // A grouped form's rows stand out from its background, in dark mode too (black behind
        // dark grey), with UIKit's grouped colours.
        backgroundColor = .secondarySystemGroupedBackground
        // Both grow with the reader's text size (Ctrl+= / Ctrl+-); the labels' intrinsic sizes follow,
        // so the rows grow too.
        title.text = text
        title.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 16, weight: .medium))
        title.adjustsFontForContentSizeCategory = true
        detail.text = detailText
        detail.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13))
        detail.adjustsFontForContentSizeCategory = true
        detail.textColor = .secondaryLabel
        detail.numberOfLines = 0
        texts.axis = .vertical
        texts.spacing = 2
        // The control keeps its size; the texts take the rest of the row.
        control.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        control.setContentCompressionResistancePriority(.required, for: .horizontal)
        row.isLayoutMarginsRelativeArrangement = true
        row.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16)
        separator.backgroundColor = .separator
        for view in [row, separator] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        NSLayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: leadingAnchor), row.trailingAnchor.constraint(equalTo: trailingAnchor),
            row.topAnchor.constraint(equalTo: topAnchor), row.bottomAnchor.constraint(equalTo: bottomAnchor),
            // The separator starts at the leading inset (the right side in a right-to-left layout).
            separator.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            separator.trailingAnchor.constraint(equalTo: trailingAnchor),
            separator.bottomAnchor.constraint(equalTo: bottomAnchor), separator.heightAnchor.constraint(equalToConstant: 1),
            title.heightAnchor.constraint(greaterThanOrEqualToConstant: 22),
        ])
        registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (self: SettingsRowView, _) in self.arrange() }
        arrange()
    }

    /// Beside in a regular width, stacked in a compact one.
    private func arrange() {
        let stacked = traitCollection.horizontalSizeClass == .compact
        row.axis = stacked ? .vertical : .horizontal
        row.alignment = stacked ? .leading : .center
        row.spacing = stacked ? 8 : 16
    }
}

/// A scene's large title, 16 points in from the leading edge, with 12 points below it.
final class TitleRow: UIView {
    init(_ text: String) {
        super.init(frame: .zero)
        let label = UILabel()
        label.text = text
        label.font = .systemFont(ofSize: 28, weight: .bold)
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: topAnchor), label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -12),
        ])
    }
}

/// A pop-up button showing one of a setting's values as a rounded pill: a click (or Space when it has
/// focus) opens the menu of values, and the chosen one is kept in the user defaults and shown.
final class ValuePopUpButton: UIButton {
    /// `values` in menu order; the stored one (else `initial`) is selected. `changed` runs with the
    /// chosen value after it is stored.
    convenience init(values: [String], key: String, default initial: String, changed: @escaping (String) -> Void = { _ in }) {
        var configuration = UIButton.Configuration.gray()
        // The grouped colour one level above the row's, so it shows on the row in both styles.
        configuration.baseBackgroundColor = .tertiarySystemGroupedBackground
        configuration.cornerStyle = .capsule
        configuration.buttonSize = .small
        configuration.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 14, bottom: 6, trailing: 14)
        self.init(configuration: configuration)
        let defaults = AppDelegate.userDefaults
        let stored = defaults.string(forKey: key) ?? initial
        let actions = values.map { value in
            UIAction(title: value, state: value == stored ? .on : .off) { _ in
                defaults.set(value, forKey: key)
                // swift-corelibs-foundation writes defaults to disk only here: no run loop saves them later.
                defaults.synchronize()
                changed(value)
            }
        }
        menu = UIMenu(options: .singleSelection, children: actions)
        showsMenuAsPrimaryAction = true
        changesSelectionAsPrimaryAction = true
        // At least as wide as the pill it replaces.
        widthAnchor.constraint(greaterThanOrEqualToConstant: 110).isActive = true
    }
}

/// The Settings scene's root: a titled form of rows, full width when compact, centred and at most
/// 720 points wide when regular.
final class SettingsViewController: UIViewController {
    /// Rows that do not fit whole in the window are left out, not cut off mid-line (the form does not
    /// scroll yet).
    private let form = WholeItemsStackView()
    private var formInset: NSLayoutConstraint?
    let overlay = OverlayView()

    override func viewDidLoad() {
        view.backgroundColor = .systemGroupedBackground
        let defaults = AppDelegate.userDefaults
        // Each switch is a setting the person expects kept: read from the user defaults, written back
        // at every change.
        func toggle(_ control: UISwitch = UISwitch(), key: String, default on: Bool) -> UISwitch {
            control.isOn = defaults.object(forKey: key) as? Bool ?? on
            control.addAction(UIAction { [weak control] _ in
                guard let control else { return }
                defaults.set(control.isOn, forKey: key)
                // swift-corelibs-foundation writes defaults to disk only here: no run loop saves them later.
                defaults.synchronize()
            }, for: .valueChanged)
            return control
        }
        lockSwitch.addAction(UIAction { [weak self] _ in
            // The scene asks its root container, which hands the question to this controller.
            self?.setNeedsUpdateOfPrefersInterfaceOrientationLocked()
        }, for: .valueChanged)
        let rows = [
            SettingsRowView(title: "Lock orientation", detail: "Keep this window's orientation when the device turns (Ctrl+→ / Ctrl+←); honoured while the window is maximized.",
                            control: toggle(lockSwitch, key: "lockOrientation", default: false)),
            SettingsRowView(title: "Fetch new mail", detail: "Check the server for new messages every few minutes.", control: toggle(key: "fetchNewMail", default: true)),
            SettingsRowView(title: "Show previews", detail: "How many lines of each message the list shows.", control: ValuePopUpButton(values: MailPreferences.previewChoices, key: MailPreferences.previewLinesKey, default: "2 lines") { _ in
                                MailPreferences.previewLinesDidChange()
                            }),
            SettingsRowView(title: "Swipe actions", detail: "What a swipe to the left does to a message.", control: ValuePopUpButton(values: MailPreferences.swipeChoices, key: MailPreferences.swipeActionKey, default: "Archive")),
            SettingsRowView(title: "Load remote images", detail: "Images from the web are loaded when a message opens.", control: toggle(key: "loadRemoteImages", default: false)),
            SettingsRowView(title: "Organise by thread", detail: "Replies are grouped under the message they answer.", control: toggle(key: "organiseByThread", default: true)),
        ]
        form.axis = .vertical
        form.addArrangedSubview(TitleRow("Settings"))
        for row in rows { form.addArrangedSubview(row) }
        form.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(form)
        // At most 720 wide, as wide as the inset allows below that, centred.
        let fill = form.widthAnchor.constraint(equalTo: view.widthAnchor)
        fill.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            form.topAnchor.constraint(equalTo: view.topAnchor, constant: 16),
            form.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            form.widthAnchor.constraint(lessThanOrEqualToConstant: 720), fill,
        ])
        view.addSubview(overlay)
    }

    /// The inset around the form depends on the size class; reading it here is tracked, so this runs
    /// again when the size class changes.
    override func updateViewConstraints() {
        let inset: CGFloat = traitCollection.horizontalSizeClass == .compact ? 0 : 24
        if formInset == nil {
            formInset = form.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor, constant: -2 * inset)
            formInset?.isActive = true
        }
        formInset?.constant = -2 * inset
        super.updateViewConstraints()
    }

    override func viewWillLayoutSubviews() { overlay.place(in: view) }

    /// The window's size changed: what fits in it changed.
    override func viewDidLayoutSubviews() { form.leaveOutWhatDoesNotFit() }

    override var keyCommands: [UIKeyCommand]? { sceneCommands(for: self) }

    /// The form handles the scene's keys, so it may be the window's first responder.
    override var canBecomeFirstResponder: Bool { true }

    /// The "Lock orientation" switch.
    let lockSwitch = UISwitch()

    override var prefersInterfaceOrientationLocked: Bool { lockSwitch.isOn }
}

/// The Settings scene's root: a container showing the settings form as its child, and handing the
/// orientation-lock question to it, as UIKit containers do with `childForInterfaceOrientationLock`.
final class SettingsContainerController: UIViewController {
    let settings = SettingsViewController()

    override func viewDidLoad() {
        addChild(settings)
        settings.view.frame = view.bounds
        settings.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(settings.view)
        settings.didMove(toParent: self)
    }

    override var childForInterfaceOrientationLock: UIViewController? { settings }
}
