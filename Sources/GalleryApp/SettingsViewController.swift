import SceneHost

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

/// The Settings scene's root: the settings as an inset-grouped list (a collection view with a list
/// layout and a diffable data source), at most 720 points wide and centred in a wide window. A row
/// shows the setting's title and explanation; its control is a cell accessory: a switch, or a pop-up
/// button with a chevron for a setting that also has a page (a click on the row opens the page).
final class SettingsViewController: UIViewController, UICollectionViewDelegate {
    /// The settings, in order.
    enum Setting: String, CaseIterable {
        case lockOrientation, fetchNewMail, showPreviews, swipeActions, loadRemoteImages, organiseByThread

        var title: String {
            switch self {
            case .lockOrientation: "Lock orientation"
            case .fetchNewMail: "Fetch new mail"
            case .showPreviews: "Show previews"
            case .swipeActions: "Swipe actions"
            case .loadRemoteImages: "Load remote images"
            case .organiseByThread: "Organise by thread"
            }
        }

        var detail: String {
            switch self {
            case .lockOrientation: "Keep this window's orientation when the device turns (Ctrl+→ / Ctrl+←); honoured while the window is maximized."
            case .fetchNewMail: "Check the server for new messages every few minutes."
            case .showPreviews: "How many lines of each message the list shows."
            case .swipeActions: "What a swipe to the left does to a message."
            case .loadRemoteImages: "Images from the web are loaded when a message opens."
            case .organiseByThread: "Replies are grouped under the message they answer."
            }
        }

        /// The page the row opens, if any.
        var page: SettingsPage? {
            switch self {
            case .showPreviews: .previews
            case .swipeActions: .swipe
            default: nil
            }
        }
    }

    /// The list; it scrolls, so at the largest text sizes, or in a short window, every row can be reached.
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Setting>!
    let overlay = OverlayView()
    /// The switch of each setting that has one.
    private(set) var switches: [Setting: UISwitch] = [:]

    /// The widest the rows get; a wider window centres them.
    static let maximumWidth: CGFloat = 720

    /// The form's list, and its pages': an inset-grouped collection view filling `view`, on the form's
    /// named colour (UIKit's grouped background, light and dark), its rows at most `maximumWidth` points
    /// wide and centred. `footerMode` is the list's footers (the pages explain themselves in one).
    static func formList(in view: UIView, delegate: any UICollectionViewDelegate,
                         footerMode: UICollectionLayoutListConfiguration.FooterMode = .none) -> UICollectionView {
        let layout = UICollectionViewCompositionalLayout { _, environment in
            var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            list.backgroundColor = FormColors.form
            list.footerMode = footerMode
            let section = NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)
            let side = max(section.contentInsets.leading, (environment.container.effectiveContentSize.width - maximumWidth) / 2)
            section.contentInsets.leading = side
            section.contentInsets.trailing = side
            return section
        }
        let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.delegate = delegate
        view.addSubview(collectionView)
        return collectionView
    }

    override func viewDidLoad() {
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
        switches = [
            .lockOrientation: toggle(lockSwitch, key: "lockOrientation", default: false),
            .fetchNewMail: toggle(key: "fetchNewMail", default: true),
            .loadRemoteImages: toggle(key: "loadRemoteImages", default: false),
            .organiseByThread: toggle(key: "organiseByThread", default: true),
        ]
        let collectionView = Self.formList(in: view, delegate: self)
        self.collectionView = collectionView
        let rows = UICollectionView.CellRegistration<UICollectionViewListCell, Setting> { [weak self] cell, _, setting in
            guard let self else { return }
            var content = UIListContentConfiguration.subtitleCell()
            content.text = setting.title
            content.secondaryText = setting.detail
            content.secondaryTextProperties.color = .secondaryLabel
            cell.contentConfiguration = content
            var background = UIBackgroundConfiguration.listGroupedCell()
            background.backgroundColor = FormColors.row
            cell.backgroundConfiguration = background
            if let control = switches[setting] {
                cell.accessories = [.customView(configuration: .init(customView: control, placement: .trailing()))]
            } else if let button = button(for: setting) {
                // The chevron outermost, the pop-up button before it.
                cell.accessories = [.disclosureIndicator(), .customView(configuration: .init(customView: button, placement: .trailing()))]
            }
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, path, setting in
            collectionView.dequeueConfiguredReusableCell(using: rows, for: path, item: setting)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Setting>()
        snapshot.appendSections([0])
        snapshot.appendItems(Setting.allCases)
        dataSource.apply(snapshot, animatingDifferences: false)
        view.addSubview(overlay)
    }

    private func button(for setting: Setting) -> ValuePopUpButton? {
        switch setting {
        case .showPreviews: previewsButton
        case .swipeActions: swipeButton
        default: nil
        }
    }

    override func viewWillLayoutSubviews() { overlay.place(in: view) }

    /// Back from a choices page: the pop-up buttons show what was chosen there, and no row stays selected.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        previewsButton.refresh()
        swipeButton.refresh()
        for path in collectionView?.indexPathsForSelectedItems ?? [] { collectionView.deselectItem(at: path, animated: animated) }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }

    // MARK: Rows

    /// Only the rows that lead to a page highlight and select; a switch's row is its switch.
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        dataSource.itemIdentifier(for: indexPath)?.page != nil
    }

    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        dataSource.itemIdentifier(for: indexPath)?.page != nil
    }

    /// A click (or Return) on a row with a page opens the page.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let page = dataSource.itemIdentifier(for: indexPath)?.page else { return }
        open(page)
    }

    /// Shows `page` above the form.
    func open(_ page: SettingsPage) {
        show(page.makeController(), sender: self)
    }

    /// The cell showing `setting`, when it is on screen.
    func cell(for setting: Setting) -> UICollectionViewListCell? {
        dataSource.indexPath(for: setting).flatMap { collectionView.cellForItem(at: $0) as? UICollectionViewListCell }
    }

    /// The pop-up buttons of the two settings that also have a page.
    let previewsButton = ValuePopUpButton(values: MailPreferences.previewChoices, key: MailPreferences.previewLinesKey,
                                          default: "2 lines") { _ in MailPreferences.previewLinesDidChange() }
    let swipeButton = ValuePopUpButton(values: MailPreferences.swipeChoices, key: MailPreferences.swipeActionKey, default: "Archive")

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
}

/// The settings form's colours, named colours from the Gallery's asset catalog (light and dark, UIKit's
/// grouped-form values): the rows and the background behind them.
@MainActor
enum FormColors {
    static let row = UIColor(named: "RowBackground", in: .module, compatibleWith: nil) ?? .secondarySystemGroupedBackground
    static let form = UIColor(named: "FormBackground", in: .module, compatibleWith: nil) ?? .systemGroupedBackground
}

/// A page listing a setting's choices as an inset-grouped list, the chosen one checked, with a line
/// of explanation as the section's footer, as a page of iPadOS's Settings. A click (or the arrow keys
/// and Return) chooses; the choice is kept in the user defaults.
final class SettingsChoicesViewController: UIViewController, UICollectionViewDelegate {
    let page: SettingsPage
    private let choices: [String], key: String, initial: String, footer: String
    private let changed: () -> Void
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, String>!

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
        let collectionView = SettingsViewController.formList(in: view, delegate: self, footerMode: .supplementary)
        self.collectionView = collectionView
        let rows = UICollectionView.CellRegistration<UICollectionViewListCell, String> { [weak self] cell, _, choice in
            guard let self else { return }
            var content = cell.defaultContentConfiguration()
            content.text = choice
            cell.contentConfiguration = content
            var background = UIBackgroundConfiguration.listGroupedCell()
            background.backgroundColor = FormColors.row
            cell.backgroundConfiguration = background
            cell.accessories = [.checkmark(options: .init(isHidden: choice != chosen))]
        }
        let footer = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(elementKind: UICollectionView.elementKindSectionFooter) {
            [weak self] view, _, _ in
            var content = UIListContentConfiguration.groupedFooter()
            content.text = self?.footer
            view.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, path, choice in
            collectionView.dequeueConfiguredReusableCell(using: rows, for: path, item: choice)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, path in
            collectionView.dequeueConfiguredReusableSupplementary(using: footer, for: path)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(choices)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    /// The choices whose rows show a checkmark, in order (the chosen one).
    var checkedChoices: [String] {
        choices.filter { choice in
            guard let path = dataSource.indexPath(for: choice), let cell = collectionView.cellForItem(at: path) as? UICollectionViewListCell else { return false }
            // The row's one accessory is its checkmark.
            return cell.accessories.contains { !$0.isHidden }
        }
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let choice = dataSource.itemIdentifier(for: indexPath) else { return }
        collectionView.deselectItem(at: indexPath, animated: true)
        choose(choice)
    }

    /// Stores `choice` and checks its row (the rows are configured again).
    func choose(_ choice: String) {
        let defaults = AppDelegate.userDefaults
        defaults.set(choice, forKey: key)
        // swift-corelibs-foundation writes defaults to disk only here: no run loop saves them later.
        defaults.synchronize()
        var snapshot = dataSource.snapshot()
        snapshot.reconfigureItems(choices)
        dataSource.apply(snapshot, animatingDifferences: false)
        changed()
    }

    /// The page offers the scene's keys (and the navigation controller's Escape and Alt+← below them).
    override var keyCommands: [UIKeyCommand]? { sceneCommands(for: self) }
    override var canBecomeFirstResponder: Bool { true }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }
}
