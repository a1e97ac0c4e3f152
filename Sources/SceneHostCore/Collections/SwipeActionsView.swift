import Foundation

/// The buttons a swiped list row reveals at its edge: one per contextual action, in the action's
/// colour; a click runs the action's handler, whose completion closes the row.
@MainActor
final class SwipeActionsView: UIView {
    let configuration: UISwipeActionsConfiguration
    let leading: Bool
    private var buttons: [UIButton] = []
    /// Closes the row (the collection view sets it).
    var close: () -> Void = {}

    init(configuration: UISwipeActionsConfiguration, leading: Bool) {
        self.configuration = configuration
        self.leading = leading
        super.init(frame: .zero)
        clipsToBounds = true
        for action in configuration.actions {
            let button = UIButton(type: .custom, primaryAction: UIAction(title: action.title ?? "") { [unowned self] _ in self.perform(action) })
            button.backgroundColor = action.backgroundColor
            button.setTitleColor(.white, for: .normal)
            addSubview(button)
            buttons.append(button)
        }
    }

    /// The width the buttons need: each its title plus margins, at least 74 points (UIKit's).
    var fullWidth: CGFloat {
        buttons.reduce(0) { $0 + max(74, $1.intrinsicContentSize.width + 24) }
    }

    func perform(_ action: UIContextualAction) {
        action.handler(action, self) { [weak self] _ in self?.close() }
    }

    /// The first action, for a full swipe.
    func performFirst() { if let first = configuration.actions.first { perform(first) } }

    override func layoutSubviews() {
        super.layoutSubviews()
        // The buttons share the revealed width in proportion to what they need; the first action sits
        // nearest the row's edge.
        let total = max(1, fullWidth)
        var x: CGFloat = 0
        let ordered = leading ? buttons : buttons.reversed()
        for button in ordered {
            let width = max(74, button.intrinsicContentSize.width + 24) / total * bounds.width
            button.frame = CGRect(x: x, y: 0, width: width, height: bounds.height)
            x += width
        }
    }
}
