import Foundation

/// The overlay of the app's keyboard shortcuts, as iPadOS shows while ⌘ is held: a rounded panel in the
/// middle of the focused window listing, in columns, each menu of the main menu (`UIMenuSystem`) with
/// its key commands and then the focused window's own ("This Window": the responder chain's
/// `keyCommands`), each as its title and its shortcut. It takes no touches: the window under it stays
/// usable. SceneHost shows it after Ctrl is held for about a second and hides it when Ctrl comes up.
@MainActor
final class KeyboardShortcutsView: UIView {
    /// A titled group of shortcuts.
    struct Section {
        let title: String
        let commands: [UIKeyCommand]
    }

    private(set) var sections: [Section] = []
    private let panel = UIView()
    private var labels: [(title: UILabel, rows: [(name: UILabel, shortcut: UILabel)])] = []

    static let padding: CGFloat = 18, columnGap: CGFloat = 28, rowGap: CGFloat = 4, sectionGap: CGFloat = 12

    init(sections: [Section]) {
        super.init(frame: .zero)
        self.sections = sections
        isUserInteractionEnabled = false
        panel.backgroundColor = UIColor.secondarySystemBackground.withAlphaComponent(0.96)
        panel.layer.cornerRadius = 14
        panel.layer.borderWidth = 1
        panel.layer.borderColor = UIColor.separator.cgColor
        addSubview(panel)
        for section in sections {
            let title = UILabel()
            title.text = section.title
            title.font = .boldSystemFont(ofSize: 13)
            title.textColor = .secondaryLabel
            panel.addSubview(title)
            var rows: [(UILabel, UILabel)] = []
            for command in section.commands {
                let name = UILabel(), shortcut = UILabel()
                name.text = command.discoverabilityTitle ?? command.title
                name.font = .systemFont(ofSize: 13)
                name.textColor = command.attributes.contains(.disabled) ? .tertiaryLabel : .label
                shortcut.text = command.shortcutDescription
                shortcut.font = .systemFont(ofSize: 13)
                shortcut.textColor = .secondaryLabel
                shortcut.textAlignment = .right
                panel.addSubview(name)
                panel.addSubview(shortcut)
                rows.append((name, shortcut))
            }
            labels.append((title, rows))
        }
    }

    required init?(coder: NSCoder) { nil }

    /// The sections of `menu` (each top-level menu with key commands in it) and of `responders` (the
    /// focused window's chain), without commands listed twice or hidden ones.
    static func sections(mainMenu menu: UIMenu, responders: [UIResponder]) -> [Section] {
        var seen = Set<ObjectIdentifier>()
        func fresh(_ commands: [UIKeyCommand]) -> [UIKeyCommand] {
            commands.filter { !$0.attributes.contains(.hidden) && !($0.title.isEmpty && $0.discoverabilityTitle == nil)
                && seen.insert(ObjectIdentifier($0)).inserted }
        }
        var sections: [Section] = []
        for case let submenu as UIMenu in menu.children {
            let commands = fresh(UIMenuSystem.keyCommands(in: submenu))
            if !commands.isEmpty { sections.append(Section(title: submenu.title, commands: commands)) }
        }
        let own = fresh(responders.flatMap { $0.keyCommands ?? [] })
        if !own.isEmpty { sections.append(Section(title: "This Window", commands: own)) }
        return sections
    }

    /// Lays the sections out in columns that fit the window's height, and centres the panel.
    override func layoutSubviews() {
        super.layoutSubviews()
        let padding = Self.padding
        let available = max(120, bounds.height - 2 * padding - 40)
        var columns: [[Int]] = [[]]
        var height: CGFloat = 0
        func sectionHeight(_ index: Int) -> CGFloat {
            let line = labels[index].title.intrinsicContentSize.height
            return line + CGFloat(labels[index].rows.count) * (line + Self.rowGap) + Self.sectionGap
        }
        for index in labels.indices {
            let needed = sectionHeight(index)
            if height + needed > available, !columns[columns.count - 1].isEmpty {
                columns.append([])
                height = 0
            }
            columns[columns.count - 1].append(index)
            height += needed
        }
        var x = padding, panelHeight: CGFloat = 0
        for column in columns {
            let nameWidth = column.flatMap { labels[$0].rows.map { $0.name.intrinsicContentSize.width } + [labels[$0].title.intrinsicContentSize.width] }.max() ?? 0
            let shortcutWidth = column.flatMap { labels[$0].rows.map { $0.shortcut.intrinsicContentSize.width } }.max() ?? 0
            var y = padding
            for index in column {
                let title = labels[index].title
                let line = title.intrinsicContentSize.height
                title.frame = CGRect(x: x, y: y, width: nameWidth + 16 + shortcutWidth, height: line)
                y += line + Self.rowGap
                for row in labels[index].rows {
                    row.name.frame = CGRect(x: x, y: y, width: nameWidth, height: line)
                    row.shortcut.frame = CGRect(x: x + nameWidth + 16, y: y, width: shortcutWidth, height: line)
                    y += line + Self.rowGap
                }
                y += Self.sectionGap
            }
            panelHeight = max(panelHeight, y - Self.sectionGap + padding)
            x += nameWidth + 16 + shortcutWidth + Self.columnGap
        }
        let size = CGSize(width: x - Self.columnGap + padding, height: panelHeight)
        panel.frame = CGRect(x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                             width: size.width, height: size.height)
    }
}

extension UIWindowScene {
    /// The keyboard-shortcut overlay shown in the key window, if any.
    var shownKeyboardShortcuts: KeyboardShortcutsView? {
        (keyWindow ?? windows.first)?.subviews.lazy.compactMap { $0 as? KeyboardShortcutsView }.first
    }

    /// Whether the keyboard-shortcut overlay shows over the scene's key window.
    @_spi(Runtime) public var isShowingKeyboardShortcuts: Bool { shownKeyboardShortcuts != nil }

    /// The titles in the keyboard-shortcut overlay, by section ("File: New Window ⌃N"), for tests.
    @_spi(Runtime) public var shownKeyboardShortcutLines: [String] {
        shownKeyboardShortcuts?.sections.flatMap { section in
            section.commands.map { "\(section.title): \($0.discoverabilityTitle ?? $0.title) \($0.shortcutDescription)" }
        } ?? []
    }

    /// Shows the keyboard-shortcut overlay over the key window (the main menu's commands and those of
    /// `responders`, the focused chain), or hides it. Showing it with nothing to list shows nothing.
    @_spi(Runtime) public func setKeyboardShortcutsShown(_ shown: Bool, responders: [UIResponder], menuSystem: UIMenuSystem = .main) {
        shownKeyboardShortcuts?.removeFromSuperview()
        guard shown, let window = keyWindow ?? windows.first else { return }
        let sections = KeyboardShortcutsView.sections(mainMenu: menuSystem.mainMenu, responders: responders)
        guard !sections.isEmpty else { return }
        let overlay = KeyboardShortcutsView(sections: sections)
        overlay.frame = window.bounds
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(overlay)
    }
}
