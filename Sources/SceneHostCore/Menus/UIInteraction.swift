import Foundation

/// Something a view does with input on its behalf, added with `UIView.addInteraction(_:)`, as UIKit's
/// `UIInteraction`. SceneHost's kinds are `UIContextMenuInteraction` and `UIPointerInteraction`; apps
/// may add their own. The view keeps its interactions; an interaction's `view` is weak.
@MainActor
public protocol UIInteraction: AnyObject {
    /// The view the interaction is added to; nil when it is in none.
    var view: UIView? { get }
    /// Called before the interaction is added to `view` (nil: before it is removed).
    func willMove(to view: UIView?)
    /// Called after the interaction was added to `view` (nil: after it was removed).
    func didMove(to view: UIView?)
}

extension UIView {
    /// The interactions added to the view, in the order they were added.
    public var interactions: [any UIInteraction] {
        get { interactionList }
        set {
            for interaction in interactionList { removeInteraction(interaction) }
            for interaction in newValue { addInteraction(interaction) }
        }
    }

    /// Adds `interaction` to the view (moving it from the view it was in), as in UIKit.
    public func addInteraction(_ interaction: any UIInteraction) {
        if let previous = interaction.view {
            guard previous !== self else { return }
            previous.removeInteraction(interaction)
        }
        interaction.willMove(to: self)
        interactionList.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction` from the view; does nothing when it is not the view's.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard let index = interactionList.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        interactionList.remove(at: index)
        interaction.didMove(to: nil)
    }
}
