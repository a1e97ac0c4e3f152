import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A scene whose root view (white) holds `views`, laid out.
@MainActor
func controlScene(_ views: [UIView], width: CGFloat = 400, height: CGFloat = 300, style: UIUserInterfaceStyle = .light,
                  rightToLeft: Bool = false, category: UIContentSizeCategory? = nil) -> UIWindowScene {
    let root = UIViewController()
    let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: height), rootViewController: root)
    scene.traitOverrides.userInterfaceStyle = style
    if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
    if let category { scene.traitOverrides.preferredContentSizeCategory = category }
    root.view.backgroundColor = .systemBackground
    for view in views { root.view.addSubview(view) }
    scene.layoutIfNeeded()
    return scene
}

/// The pixel at (`x`, `y`) points of a 1× image, as 0xRRGGBB.
func rgb(_ image: ImageSurface, _ x: CGFloat, _ y: CGFloat) -> UInt32 { image.pixel(x: Int(x), y: Int(y)) & 0xFF_FFFF }

/// Whether two colours differ by at most `tolerance` in each channel.
func close(_ a: UInt32, _ b: UInt32, tolerance: Int = 3) -> Bool {
    (0..<3).allSatisfy { channel in
        let shift = UInt32(channel * 8)
        let x = Int((a >> shift) & 0xFF), y = Int((b >> shift) & 0xFF)
        return abs(x - y) <= tolerance
    }
}

/// UIButton with UIButton.Configuration, as UIKit's: content, intrinsic size, events, states, menus
/// and selection, and how it draws.
@MainActor
struct UIButtonTests {
    @Test func typesAndConfigurationsKeepUIKitsRawValues() {
        #expect(UIButton.ButtonType.custom.rawValue == 0 && UIButton.ButtonType.system.rawValue == 1 && UIButton.ButtonType.close.rawValue == 7)
        #expect(UIButton.ButtonType.roundedRect == .system)
        #expect(UIButton.Configuration.Size.mini.rawValue == 0 && UIButton.Configuration.Size.large.rawValue == 3)
        #expect(UIButton.Configuration.CornerStyle.fixed.rawValue == -1 && UIButton.Configuration.CornerStyle.capsule.rawValue == 4)
        #expect(UIButton.Configuration.TitleAlignment.trailing.rawValue == 3 && UIButton.Configuration.Indicator.popup.rawValue == 2)
        #expect(NSDirectionalRectEdge.leading.rawValue == 2 && NSDirectionalRectEdge.trailing.rawValue == 8 && NSDirectionalRectEdge.all.rawValue == 15)
        var configuration = UIButton.Configuration.filled()
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
        configuration.buttonSize = .large
        #expect(configuration.contentInsets.leading == 20, "the insets follow the size until set")
        configuration.contentInsets = .zero
        configuration.buttonSize = .small
        #expect(configuration.contentInsets == .zero)
        #expect(UIButton.Configuration.bordered() == .gray() && UIButton.Configuration.borderedProminent() == .filled())
        #expect(UIButton.Configuration.plain() != .tinted())
    }

    @Test func thePrimaryActionGivesItsTitleAndRunsOnAClickBeforeTouchUpInside() {
        var log: [String] = []
        let button = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Send") { action in
            log.append("primary from \((action.sender as? UIButton)?.currentTitle ?? "-")")
        })
        button.addAction(UIAction { _ in log.append("upInside") }, for: .touchUpInside)
        button.frame = CGRect(x: 20, y: 20, width: 100, height: 40)
        let scene = controlScene([button])
        #expect(button.configuration?.title == "Send" && button.currentTitle == "Send" && button.buttonType == .system)
        scene.click(at: CGPoint(x: 50, y: 40))
        #expect(log == ["primary from Send", "upInside"])
        scene.click(at: CGPoint(x: 300, y: 200))
        #expect(log.count == 2, "a click elsewhere does nothing")
        button.isEnabled = false
        scene.click(at: CGPoint(x: 50, y: 40))
        #expect(log.count == 2, "a disabled button does nothing")
    }

    @Test func theIntrinsicSizeIsTheContentWithItsInsetsAndFollowsTheTextSize() {
        let button = UIButton(configuration: .filled())
        button.configuration?.title = "Archive"
        let small = button.intrinsicContentSize
        let text = ControlText()
        text.configure("Archive", font: .systemFont(ofSize: 17, weight: .semibold))
        #expect(small.width == ceil(text.size.width + 24) && small.height == ceil(text.size.height + 14))
        button.configuration?.subtitle = "to the Archive mailbox"
        button.configuration?.titlePadding = 2
        #expect(button.intrinsicContentSize.height > small.height + 14, "the subtitle goes under the title")
        // Auto Layout sizes the button by it, and a larger text size makes it larger.
        let large = UIButton(configuration: .gray())
        large.configuration?.title = "Archive"
        large.translatesAutoresizingMaskIntoConstraints = false
        let scene = controlScene([large], category: .accessibilityExtraLarge)
        large.leadingAnchor.constraint(equalTo: large.superview!.leadingAnchor, constant: 10).isActive = true
        large.topAnchor.constraint(equalTo: large.superview!.topAnchor, constant: 10).isActive = true
        scene.layoutIfNeeded()
        #expect(large.frame.size == large.intrinsicContentSize)
        #expect(large.frame.height > small.height * 1.5, "Dynamic Type: \(large.frame.size)")
    }

    @Test func perStateTitlesFallBackToTheNormalOne() {
        let button = UIButton(type: .system)
        button.setTitle("Normal", for: .normal)
        button.setTitle("Chosen", for: .selected)
        #expect(button.title(for: .highlighted) == "Normal" && button.currentTitle == "Normal")
        button.isSelected = true
        #expect(button.currentTitle == "Chosen")
        button.setTitleColor(.systemRed, for: .normal)
        #expect(button.titleColor(for: .disabled) == .systemRed)
        #expect(button.intrinsicContentSize.height == ceil(button.intrinsicContentSize.height) && button.intrinsicContentSize.height >= 30)
    }

    @Test func theUpdateHandlerRunsAfterAChangeOfStateBeforeTheButtonIsDrawn() {
        var states: [UIControl.State] = []
        let button = UIButton(configuration: .tinted())
        button.frame = CGRect(x: 20, y: 20, width: 120, height: 40)
        button.configurationUpdateHandler = { button in
            states.append(button.state)
            button.configuration?.title = button.isSelected ? "Following" : "Follow"
        }
        let scene = controlScene([button])
        #expect(states == [[]] && button.currentTitle == "Follow")
        button.isSelected = true
        #expect(states.count == 1, "not at once: before the next layout or drawing")
        _ = scene.renderImage(scale: 1)
        #expect(states == [[], .selected] && button.currentTitle == "Following")
        button.setNeedsUpdateConfiguration()
        scene.layoutIfNeeded()
        #expect(states.count == 3)
    }

    @Test func aSelectingButtonTogglesOnEachClick() {
        let button = UIButton(configuration: .plain())
        button.configuration?.title = "Flag"
        button.changesSelectionAsPrimaryAction = true
        button.frame = CGRect(x: 20, y: 20, width: 120, height: 40)
        var selections: [Bool] = []
        button.addAction(UIAction { [unowned button] _ in selections.append(button.isSelected) }, for: .primaryActionTriggered)
        let scene = controlScene([button])
        scene.click(at: CGPoint(x: 60, y: 40))
        scene.click(at: CGPoint(x: 60, y: 40))
        #expect(selections == [true, false])
    }

    @Test func aMenuButtonOpensItsMenuOnThePressAndRunsTheChosenAction() throws {
        var log: [String] = []
        let button = UIButton(configuration: .gray())
        button.configuration?.title = "Sort"
        button.menu = UIMenu(children: [UIAction(title: "Date") { log.append("date from \(($0.sender as? UIButton)?.currentTitle ?? "-")") },
                                        UIAction(title: "Sender") { _ in log.append("sender") }])
        button.showsMenuAsPrimaryAction = true
        button.addAction(UIAction { _ in log.append("menu") }, for: .menuActionTriggered)
        button.addAction(UIAction { _ in log.append("primary") }, for: .primaryActionTriggered)
        button.frame = CGRect(x: 20, y: 20, width: 120, height: 40)
        let scene = controlScene([button])
        let window = try #require(scene.keyWindow)
        scene.pointerPressed(at: CGPoint(x: 60, y: 40))
        #expect(log == ["menu"] && window.presentedMenu != nil, "open on the press")
        scene.pointerReleased(at: CGPoint(x: 60, y: 40))
        let overlay = try #require(window.presentedMenu, "the release leaves it open")
        let panel = try #require(overlay.panels.first)
        scene.layoutIfNeeded()
        #expect(panel.convert(panel.menuRect, to: window).minY == 66 && panel.convert(panel.menuRect, to: window).minX == 20,
                "below the button, at its leading edge, after layout too")
        let row = panel.rows[0].frame.offsetBy(dx: panel.menuRect.minX, dy: panel.menuRect.minY)
        scene.click(at: panel.convert(CGPoint(x: row.midX, y: row.midY), to: window))
        #expect(log == ["menu", "date from Sort"] && window.presentedMenu == nil)
    }

    @Test func aPopUpButtonShowsItsSelectedActionAndChangesItWithTheMenu() throws {
        let button = UIButton(configuration: .gray())
        button.changesSelectionAsPrimaryAction = true
        button.showsMenuAsPrimaryAction = true
        button.menu = UIMenu(children: [UIAction(title: "None") { _ in }, UIAction(title: "2 lines") { _ in }])
        button.frame = CGRect(x: 20, y: 20, width: 160, height: 40)
        let scene = controlScene([button])
        #expect(button.currentTitle == "None", "the first action is selected when none is on")
        let narrow = button.intrinsicContentSize.width
        let plain = UIButton(configuration: .gray())
        plain.configuration?.title = "None"
        #expect(narrow > plain.intrinsicContentSize.width, "room for the pop-up indicator")
        // With the keyboard: Tab to the button, Space opens its menu on the first row, ↓ Return chooses.
        scene.handleKeyPress("\t", modifierFlags: [])
        #expect(button.isFocused && button.state.contains(.focused))
        scene.handleKeyPress(" ", modifierFlags: [])
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        scene.handleKeyPress("\r", modifierFlags: [])
        #expect(button.currentTitle == "2 lines" && button.intrinsicContentSize.width > narrow)
        #expect(button.menu?.children.compactMap { ($0 as? UIAction)?.state } == [.off, .on])
    }

    @Test func aFilledButtonDrawsItsTintAndDimsWhenDisabled() {
        let button = UIButton(configuration: .filled())
        button.configuration?.title = "Go"
        button.frame = CGRect(x: 20, y: 20, width: 120, height: 40)
        let scene = controlScene([button])
        var image = scene.renderImage(scale: 1)
        #expect(rgb(image, 30, 40) == 0x007AFF, "the tint, systemBlue")
        #expect(rgb(image, 20, 20) != 0x007AFF, "rounded corners")
        button.isHighlighted = true
        image = scene.renderImage(scale: 1)
        #expect(!close(rgb(image, 30, 40), 0x007AFF) && rgb(image, 30, 40) & 0xFF > 0xF0, "pressed: lighter")
        button.isHighlighted = false
        button.isEnabled = false
        image = scene.renderImage(scale: 1)
        #expect(close(rgb(image, 30, 40), 0xF0F0F1, tolerance: 4), "disabled: tertiarySystemFill on white, \(String(rgb(image, 30, 40), radix: 16))")
        button.isEnabled = true
        scene.traitOverrides.userInterfaceStyle = .dark
        image = scene.renderImage(scale: 1)
        #expect(rgb(image, 30, 40) == 0x0A84FF, "the dark tint")
        #expect(rgb(image, 300, 200) == 0x000000)
    }

    @Test func anImageGoesOnTheLeadingSideWhichIsTheRightInRightToLeft() {
        func imageX(rightToLeft: Bool) -> CGFloat? {
            let red = UIGraphicsImageRenderer(size: CGSize(width: 16, height: 16)).image { context in
                UIColor.red.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
            }
            let button = UIButton(configuration: .plain())
            button.configuration?.title = "Reply"
            button.configuration?.image = red
            button.configuration?.imagePadding = 6
            button.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
            let scene = controlScene([button], rightToLeft: rightToLeft)
            let image = scene.renderImage(scale: 1)
            return (0..<200).first { rgb(image, CGFloat($0), 20) == 0xFF0000 }.map { CGFloat($0) }
        }
        let left = imageX(rightToLeft: false), right = imageX(rightToLeft: true)
        #expect(left != nil && right != nil)
        #expect((left ?? 0) < 100 && (right ?? 0) > 100, "\(String(describing: left)) \(String(describing: right))")
    }

    @Test func buttonsAndTheirMenusAreFreed() {
        weak var weakButton: UIButton?
        weak var weakMenu: UIMenu?
        do {
            let button = UIButton(configuration: .gray(), primaryAction: UIAction(title: "Go") { _ in })
            button.menu = UIMenu(children: [UIAction(title: "One") { _ in }])
            button.showsMenuAsPrimaryAction = true
            button.configurationUpdateHandler = { $0.configuration?.subtitle = "\($0.state.rawValue)" }
            button.frame = CGRect(x: 20, y: 20, width: 100, height: 40)
            let scene = controlScene([button])
            scene.click(at: CGPoint(x: 50, y: 40))
            scene.handleKeyPress("\r", modifierFlags: [])
            scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: [])
            _ = scene.renderImage(scale: 1)
            button.removeFromSuperview()
            weakButton = button
            weakMenu = button.menu
        }
        #expect(weakButton == nil && weakMenu == nil)
    }

    @Test func anActionForPrimaryAndTouchUpInsideRunsOnceOnAClickAsOnSpace() {
        let button = UIButton(configuration: .filled())
        button.frame = CGRect(x: 10, y: 10, width: 80, height: 30)
        var runs = 0, order: [String] = []
        button.addAction(UIAction { _ in order.append("upInside") }, for: .touchUpInside)
        button.addAction(UIAction { _ in runs += 1 }, for: [.primaryActionTriggered, .touchUpInside])
        button.addAction(UIAction { _ in order.append("primary") }, for: .primaryActionTriggered)
        let scene = controlScene([button])
        scene.click(at: CGPoint(x: 50, y: 25))
        #expect(runs == 1)
        #expect(order == ["primary", "upInside"], "primary actions first, whatever the order they were added in")
        scene.handleKeyPress("\t", modifierFlags: [])   // the only focusable view
        scene.handleKeyPress(" ", modifierFlags: [])
        #expect(runs == 2)
        #expect(order == ["primary", "upInside", "primary", "upInside"])
    }
}
