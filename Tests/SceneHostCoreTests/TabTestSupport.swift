import Foundation
@_spi(Runtime) @testable import SceneHostCore

/// A 24-point template icon: a filled circle, a square or a triangle.
@MainActor
func tabIcon(_ shape: Int) -> UIImage {
    UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24)).image { context in
        let cg = context.cgContext
        cg.setFillColor(.black)
        switch shape % 3 {
        case 0: cg.fillEllipse(in: CGRect(x: 2, y: 2, width: 20, height: 20))
        case 1: cg.fill(CGRect(x: 3, y: 3, width: 18, height: 18))
        default:
            cg.beginPath()
            cg.move(to: CGPoint(x: 12, y: 2)); cg.addLine(to: CGPoint(x: 22, y: 22)); cg.addLine(to: CGPoint(x: 2, y: 22))
            cg.closePath()
            cg.fillPath()
        }
    }
}

/// A controller that logs its appearance callbacks as "name.call" into a shared log.
@MainActor
final class AppearanceLogController: UIViewController {
    let name: String
    var log: (String) -> Void
    init(_ name: String, color: UIColor = .systemBackground, log: @escaping (String) -> Void = { _ in }) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
        self.color = color
    }
    private var color: UIColor = .systemBackground
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = color
        let label = UILabel()
        label.text = name
        label.font = .preferredFont(forTextStyle: .largeTitle)
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log("\(name).willAppear") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log("\(name).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log("\(name).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log("\(name).didDisappear") }
}

/// Tabs "Inbox", "Drafts", "Sent" and a group "Folders" (children "Work", "Travel"), each making an
/// `AppearanceLogController` and counting how many it made.
@MainActor
final class TabFixture {
    var made: [String] = []
    var log: [String] = []
    lazy var tabs: [UITab] = [
        tab("Inbox", 0, .systemBlue.withAlphaComponent(0.15)),
        tab("Drafts", 1, .systemOrange.withAlphaComponent(0.15)),
        tab("Sent", 2, .systemGreen.withAlphaComponent(0.15)),
        UITabGroup(title: "Folders", image: tabIcon(1), identifier: "Folders",
                   children: [tab("Work", 0, .systemTeal.withAlphaComponent(0.15)), tab("Travel", 2, .systemRed.withAlphaComponent(0.15))],
                   viewControllerProvider: nil),
    ]

    func tab(_ name: String, _ shape: Int, _ color: UIColor) -> UITab {
        UITab(title: name, image: tabIcon(shape), identifier: name) { [unowned self] _ in
            self.made.append(name)
            return AppearanceLogController(name, color: color) { [unowned self] in self.log.append($0) }
        }
    }
}
