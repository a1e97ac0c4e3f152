import Foundation

extension UIView {
    /// The recognizers attached to the view, in the order they were added; setting the list detaches
    /// the old ones and attaches the new, as UIKit.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer`: it sees the touches that hit this view or its subviews (before the
    /// views do). A recognizer attached to another view moves here; the view holds it strongly.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if gestureRecognizer.view === self { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        attachedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer`; one recognizing now is cancelled (or fails, if it had not begun).
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let index = attachedGestureRecognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        attachedGestureRecognizers.remove(at: index)
        gestureRecognizer.detached()
        gestureRecognizer.view = nil
    }
}

extension UIView {
    /// The recognizers of class `type` on this view and its ancestors, innermost view first (each
    /// view's in the order they were added): the ones a touch or the pointer over this view reaches.
    func recognizersUpward<Recognizer: UIGestureRecognizer>(_ type: Recognizer.Type) -> [Recognizer] {
        var found: [Recognizer] = []
        var view: UIView? = self
        while let current = view {
            for case let recognizer as Recognizer in current.attachedGestureRecognizers { found.append(recognizer) }
            view = current.superview
        }
        return found
    }

    /// The interactions of type `type` on this view and its ancestors, innermost view first, each with
    /// its view.
    func interactionsUpward<Interaction: UIInteraction>(_ type: Interaction.Type) -> [(view: UIView, interaction: Interaction)] {
        var found: [(view: UIView, interaction: Interaction)] = []
        var view: UIView? = self
        while let current = view {
            for case let interaction as Interaction in current.interactionList { found.append((current, interaction)) }
            view = current.superview
        }
        return found
    }
}
