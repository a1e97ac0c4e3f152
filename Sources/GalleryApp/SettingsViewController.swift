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
        backgroundColor = FormColors.row
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
    private var key = "", initial = ""

    /// Shows the stored value again (a choices page may have changed it).
    func refresh() {
        let stored = AppDelegate.userDefaults.string(forKey: key) ?? initial
        guard let menu else { return }
        for case let action as UIAction in menu.children { action.state = action.title == stored ? .on : .off }
        self.menu = menu
    }

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
        self.key = key
        self.initial = initial
        showsMenuAsPrimaryAction = true
        changesSelectionAsPrimaryAction = true
    }

    /// At least as wide as the pill it replaces: part of its own size, so that hugging it exactly (in a
    /// row with a chevron) never contradicts the minimum.
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: max(size.width, 110), height: size.height)
    }
}

/// The Settings scene's root: a titled form of rows, full width when compact, centred and at most
/// 720 points wide when regular.
final class SettingsViewController: UIViewController {
    /// The form scrolls: at the largest text sizes, or in a short window, every row can be reached.
    let scroller = UIScrollView()
    private let form = UIStackView()
    private var formInset: NSLayoutConstraint?
    let overlay = OverlayView()

    override func viewDidLoad() {
        view.backgroundColor = FormColors.form
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
            SettingsRowView(title: "Show previews", detail: "How many lines of each message the list shows.", control: withPage(.previews, previewsButton)),
            SettingsRowView(title: "Swipe actions", detail: "What a swipe to the left does to a message.", control: withPage(.swipe, swipeButton)),
            SettingsRowView(title: "Load remote images", detail: "Images from the web are loaded when a message opens.", control: toggle(key: "loadRemoteImages", default: false)),
            SettingsRowView(title: "Organise by thread", detail: "Replies are grouped under the message they answer.", control: toggle(key: "organiseByThread", default: true)),
        ]
        form.axis = .vertical
        for row in rows { form.addArrangedSubview(row) }
        form.translatesAutoresizingMaskIntoConstraints = false
        scroller.translatesAutoresizingMaskIntoConstraints = false
        scroller.alwaysBounceVertical = true
        view.addSubview(scroller)
        scroller.addSubview(form)
        // At most 720 wide, as wide as the inset allows below that, centred.
        let fill = form.widthAnchor.constraint(equalTo: view.widthAnchor)
        fill.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            scroller.leadingAnchor.constraint(equalTo: view.leadingAnchor), scroller.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            scroller.topAnchor.constraint(equalTo: view.topAnchor), scroller.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            form.topAnchor.constraint(equalTo: scroller.topAnchor, constant: 16),
            form.centerXAnchor.constraint(equalTo: scroller.centerXAnchor),
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

    /// The content is the form and its margin: as tall as the rows at the reader's text size.
    override func viewDidLayoutSubviews() {
        scroller.contentSize = CGSize(width: scroller.bounds.width, height: form.frame.maxY + 16)
    }

    /// Back from a choices page: the pop-up buttons show what was chosen there, and the form takes the
    /// keyboard again (its key commands are the scene's).
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        previewsButton.refresh()
        swipeButton.refresh()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }

    /// The pop-up buttons of the two settings that also have a page.
    let previewsButton = ValuePopUpButton(values: MailPreferences.previewChoices, key: MailPreferences.previewLinesKey,
                                          default: "2 lines") { _ in MailPreferences.previewLinesDidChange() }
    let swipeButton = ValuePopUpButton(values: MailPreferences.swipeChoices, key: MailPreferences.swipeActionKey, default: "Archive")

    /// `button` with a chevron after it that opens `page`, as a row that leads somewhere on iPadOS.
    private func withPage(_ page: SettingsPage, _ button: UIButton) -> UIView {
        var configuration = UIButton.Configuration.plain()
        configuration.image = SettingsPage.chevron
        configuration.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 8, bottom: 6, trailing: 0)
        let chevron = UIButton(configuration: configuration, primaryAction: UIAction { [weak self] _ in
            self?.show(page.makeController(), sender: self)
        })
        // It points the way pages slide in from: to the left in a right-to-left layout.
        func point(_ chevron: UIButton) {
            chevron.configuration?.image = chevron.traitCollection.layoutDirection == .rightToLeft ? SettingsPage.leftChevron : SettingsPage.chevron
        }
        chevron.registerForTraitChanges([UITraitLayoutDirection.self]) { (chevron: UIButton, _) in point(chevron) }
        point(chevron)
        for view in [button, chevron] {
            view.setContentHuggingPriority(.required, for: .horizontal)
            view.setContentCompressionResistancePriority(.required, for: .horizontal)
        }
        let stack = UIStackView(arrangedSubviews: [button, chevron])
        stack.spacing = 4
        stack.alignment = .center
        return stack
    }

    override var keyCommands: [UIKeyCommand]? { sceneCommands(for: self) }

    /// The form handles the scene's keys, so it may be the window's first responder.
    override var canBecomeFirstResponder: Bool { true }

    /// The "Lock orientation" switch.
    let lockSwitch = UISwitch()

    override var prefersInterfaceOrientationLocked: Bool { lockSwitch.isOn }
}

/// The Settings scene's root: a navigation stack whose root is the settings form (titled large, as
/// iPadOS's Settings) and whose pages list a setting's choices. It hands the orientation-lock question
/// to the form, as UIKit containers do with `childForInterfaceOrientationLock`.
final class SettingsContainerController: UINavigationController {
    let settings = SettingsViewController()

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        settings.title = "Settings"
        navigationBar.prefersLargeTitles = true
        viewControllers = [settings]
    }

    convenience init() { self.init(nibName: nil, bundle: nil) }

    override var childForInterfaceOrientationLock: UIViewController? { settings }

    /// The pages open above the form, by name: what a relaunch restores.
    var navigationPath: [String] {
        viewControllers.compactMap { ($0 as? SettingsChoicesViewController)?.page.rawValue }
    }

    /// Opens the pages of `path` above the form, without animation.
    func restore(path: [String]) {
        viewControllers = [settings] + path.compactMap(SettingsPage.init(rawValue:)).map { $0.makeController() }
    }
}

/// A page a Settings row opens: the list of a setting's choices.
enum SettingsPage: String {
    case previews, swipe

    @MainActor func makeController() -> SettingsChoicesViewController {
        switch self {
        case .previews:
            SettingsChoicesViewController(page: self, title: "Show Previews", footer: "How many lines of each message the list shows.",
                                          choices: MailPreferences.previewChoices, key: MailPreferences.previewLinesKey,
                                          default: "2 lines") { MailPreferences.previewLinesDidChange() }
        case .swipe:
            SettingsChoicesViewController(page: self, title: "Swipe Actions", footer: "What a swipe to the left does to a message.",
                                          choices: MailPreferences.swipeChoices, key: MailPreferences.swipeActionKey, default: "Archive")
        }
    }

    /// The grey chevron of a row that opens a page (the same grey in light and dark), and its mirror:
    /// system symbols drawn in that grey.
    @MainActor static let chevron = chevron(pointingLeft: false), leftChevron = chevron(pointingLeft: true)

    @MainActor private static func chevron(pointingLeft left: Bool) -> UIImage? {
        UIImage(systemName: left ? "chevron.left" : "chevron.right",
                withConfiguration: UIImage.SymbolConfiguration(pointSize: 12, weight: .semibold))?
            .withTintColor(UIColor(rgb: 0xC4C4C7))
    }
}

/// The settings form's colours, named colours from the Gallery's asset catalog (light and dark, UIKit's
/// grouped-form values): the rows and the background behind them.
@MainActor
enum FormColors {
    static let row = UIColor(named: "RowBackground", in: .module, compatibleWith: nil) ?? .secondarySystemGroupedBackground
    static let form = UIColor(named: "FormBackground", in: .module, compatibleWith: nil) ?? .systemGroupedBackground
}

/// One choice on a page: its title, and a checkmark when chosen; a click chooses it.
final class ChoiceRowView: UIControl {
    let title = UILabel()
    let checkmark = UILabel()
    private let separator = UIView()

    init(_ text: String, last: Bool) {
        super.init(frame: .zero)
        backgroundColor = FormColors.row
        title.text = text
        title.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 16))
        title.adjustsFontForContentSizeCategory = true
        checkmark.text = "✓"
        checkmark.font = .systemFont(ofSize: 18, weight: .semibold)
        checkmark.textColor = .systemBlue
        separator.backgroundColor = .separator
        separator.isHidden = last
        for view in [title, checkmark, separator] {
            view.translatesAutoresizingMaskIntoConstraints = false
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            title.topAnchor.constraint(equalTo: topAnchor, constant: 12), title.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -12),
            checkmark.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16), checkmark.centerYAnchor.constraint(equalTo: centerYAnchor),
            title.trailingAnchor.constraint(lessThanOrEqualTo: checkmark.leadingAnchor, constant: -8),
            separator.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16), separator.trailingAnchor.constraint(equalTo: trailingAnchor),
            separator.bottomAnchor.constraint(equalTo: bottomAnchor), separator.heightAnchor.constraint(equalToConstant: 1),
        ])
    }
}

/// A page listing a setting's choices in a rounded group, the chosen one checked, with a line of
/// explanation below, as a page of iPadOS's Settings. A click chooses (kept in the user defaults).
final class SettingsChoicesViewController: UIViewController {
    let page: SettingsPage
    private let choices: [String], key: String, initial: String, footer: String
    private let changed: () -> Void
    private(set) var rows: [ChoiceRowView] = []

    init(page: SettingsPage, title: String, footer: String, choices: [String], key: String, default initial: String,
         changed: @escaping () -> Void = {}) {
        (self.page, self.choices, self.key, self.initial, self.footer, self.changed) = (page, choices, key, initial, footer, changed)
        super.init(nibName: nil, bundle: nil)
        self.title = title
        // A page's title sits in the bar, as on iPadOS's Settings pages.
        navigationItem.largeTitleDisplayMode = .never
    }

    /// The stored choice, else the default.
    var chosen: String { AppDelegate.userDefaults.string(forKey: key) ?? initial }

    override func viewDidLoad() {
        view.backgroundColor = FormColors.form
        let group = UIStackView()
        group.axis = .vertical
        group.layer.cornerRadius = 10
        group.clipsToBounds = true
        for (index, choice) in choices.enumerated() {
            let row = ChoiceRowView(choice, last: index == choices.count - 1)
            row.addAction(UIAction { [weak self] _ in self?.choose(choice) }, for: .touchUpInside)
            rows.append(row)
            group.addArrangedSubview(row)
        }
        let note = UILabel()
        note.text = footer
        note.font = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13))
        note.adjustsFontForContentSizeCategory = true
        note.textColor = .secondaryLabel
        note.numberOfLines = 0
        for subview in [group, note] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        // At most 720 wide and centred, as the form.
        let fill = group.widthAnchor.constraint(equalTo: view.widthAnchor, constant: -48)
        fill.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            group.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
            group.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            group.widthAnchor.constraint(lessThanOrEqualToConstant: 720), fill,
            group.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor, constant: -32),
            note.topAnchor.constraint(equalTo: group.bottomAnchor, constant: 8),
            note.leadingAnchor.constraint(equalTo: group.leadingAnchor, constant: 16),
            note.trailingAnchor.constraint(equalTo: group.trailingAnchor, constant: -16),
        ])
        showChoice()
    }

    /// Stores `choice` and checks its row.
    func choose(_ choice: String) {
        let defaults = AppDelegate.userDefaults
        defaults.set(choice, forKey: key)
        // swift-corelibs-foundation writes defaults to disk only here: no run loop saves them later.
        defaults.synchronize()
        showChoice()
        changed()
    }

    private func showChoice() {
        for (row, choice) in zip(rows, choices) { row.checkmark.isHidden = choice != chosen }
    }

    /// The page offers the scene's keys (and the navigation controller's Escape and Alt+← below them).
    override var keyCommands: [UIKeyCommand]? { sceneCommands(for: self) }
    override var canBecomeFirstResponder: Bool { true }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }
}
