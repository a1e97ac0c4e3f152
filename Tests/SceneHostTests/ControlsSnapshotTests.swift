import Foundation
@_spi(Runtime) @testable import SceneHostCore
import SceneHostTesting
import Testing

/// Every control and a menu as they draw, in light and dark, against reference pictures: buttons in
/// the four styles (normal, disabled, highlighted; the first focused), a segmented control, slider,
/// stepper, activity indicators, progress view and switch, then a menu over them with a checkmark,
/// subtitle, destructive row and submenu.
@MainActor
struct ControlsSnapshotTests {
    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func controlsAndAMenuDrawAsIPadOSs(_ style: UIUserInterfaceStyle) throws {
        var views: [UIView] = []
        var y: CGFloat = 20
        for (index, configuration) in [UIButton.Configuration.plain(), .gray(), .tinted(), .filled()].enumerated() {
            var base = configuration
            base.title = "Button"
            if index == 2 {
                base.subtitle = "Subtitle"
                base.titlePadding = 2
            }
            for column in 0..<3 {
                // Normal, disabled, highlighted.
                let button = UIButton(configuration: base)
                button.isEnabled = column != 1
                button.isHighlighted = column == 2
                button.frame = CGRect(origin: CGPoint(x: 20 + CGFloat(column) * 140, y: y), size: button.intrinsicContentSize)
                views.append(button)
            }
            y += views.last!.frame.height + 12
        }
        let segments = UISegmentedControl(items: ["Mail", "Calendar", "Notes"])
        segments.selectedSegmentIndex = 1
        segments.frame.origin = CGPoint(x: 20, y: y)
        y += 44
        let slider = UISlider(frame: CGRect(x: 20, y: y, width: 240, height: 31))
        slider.value = 0.4
        let stepper = UIStepper(frame: CGRect(x: 280, y: y, width: 0, height: 0))
        y += 44
        let large = UIActivityIndicatorView(style: .large), medium = UIActivityIndicatorView(style: .medium)
        large.hidesWhenStopped = false
        medium.hidesWhenStopped = false
        large.frame.origin = CGPoint(x: 20, y: y)
        medium.frame.origin = CGPoint(x: 80, y: y + 8)
        let progress = UIProgressView(progressViewStyle: .default)
        progress.frame = CGRect(x: 120, y: y + 16, width: 200, height: 4)
        progress.progress = 0.6
        let toggle = UISwitch(frame: CGRect(x: 340, y: y, width: 0, height: 0))
        views += [segments, slider, stepper, large, medium, progress, toggle]

        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 480, height: 420), rootViewController: root)
        scene.traitOverrides.userInterfaceStyle = style
        root.view.backgroundColor = .systemBackground
        for view in views { root.view.addSubview(view) }
        scene.handleKeyPress("\t", modifierFlags: [])
        assertSnapshot(scene.renderImage(scale: 1), named: "controls-\(style == .dark ? "dark" : "light")")

        let menu = UIMenu(title: "Sort", children: [
            UIAction(title: "Date", state: .on) { _ in }, UIAction(title: "Sender", subtitle: "A to Z") { _ in },
            UIMenu(options: .displayInline, children: [UIAction(title: "Delete", attributes: .destructive) { _ in }]),
            UIMenu(title: "More", children: [UIAction(title: "Size") { _ in }]),
        ])
        MenuOverlayView.present(menu, in: try #require(scene.keyWindow), anchor: CGRect(x: 200, y: 250, width: 0, height: 0), perform: { _ in })
        scene.handleKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: [])
        assertSnapshot(scene.renderImage(scale: 1), named: "menu-\(style == .dark ? "dark" : "light")")
    }
}
