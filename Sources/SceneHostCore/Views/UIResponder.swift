import Foundation

/// The base of objects that take part in event handling: views, view controllers, scenes and the
/// application. Hashable by identity (as `NSObject`), so scenes fit in sets.
@MainActor
open class UIResponder: Hashable {
    public init() {}

    /// The next responder in the chain: a view's controller or superview, a controller's presenting
    /// controller or its view's superview, a window's scene.
    open var next: UIResponder? { nil }

    /// Keyboard shortcuts this responder handles (see `UIKeyCommand`).
    open var keyCommands: [UIKeyCommand]? { nil }

    /// Adds this responder's commands to the app's main menu (`UIMenuSystem`): override it in the
    /// application delegate (UIKit also calls it on `UIApplication`). Call `super` to keep what others added.
    open func buildMenu(with builder: any UIMenuBuilder) {}

    // MARK: Touches

    /// A touch began on this responder's view (or on a view below it that passed it on). The default
    /// passes the touches to `next`, as UIKit; a view that handles touches overrides all four methods
    /// without calling super.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }

    /// Touches moved; the default passes them to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }

    /// Touches ended (the button was released); the default passes them to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }

    /// Touches were cancelled (a gesture recognizer took them, the window went away or lost the
    /// pointer); the default passes them to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    // MARK: Presses

    /// A key went down, delivered to the first responder. The default types into a first responder
    /// that implements `UIKeyInput` (see there), else passes the press to `next`, as UIKit;
    /// override and call super for keys you don't handle. A press nobody handles goes on to the focus
    /// system and the key commands. Auto-repeat delivers `pressesBegan` again for the same key
    /// (UIKit repeats only within its text system).
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if typeIntoKeyInput(presses) { return }
        if let next { next.pressesBegan(presses, with: event) } else { event?.reachedEndOfChain = true }
    }

    /// A press changed (SceneHost sends none for keys); the default passes it to `next`.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let next { next.pressesChanged(presses, with: event) } else { event?.reachedEndOfChain = true }
    }

    /// A key came up; the default passes it to `next`.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let next { next.pressesEnded(presses, with: event) } else { event?.reachedEndOfChain = true }
    }

    /// A press was cancelled (the window lost the keyboard while the key was down); the default passes
    /// it to `next`.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let next { next.pressesCancelled(presses, with: event) } else { event?.reachedEndOfChain = true }
    }

    /// The undo manager of the responder chain: the default asks `next`; a window has one of its own.
    open var undoManager: UndoManager? { next?.undoManager }

    // MARK: First responder

    /// Whether the responder may become its window's first responder; false by default, as in UIKit.
    /// A view or view controller that handles keys returns true and calls `becomeFirstResponder()`.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder gives up first responder status when asked; true by default.
    open var canResignFirstResponder: Bool { true }

    /// Makes the responder the first responder of its window: key commands are looked for from it up
    /// the chain (`next`). Fails (returns false) when `canBecomeFirstResponder` is false, when the
    /// responder is in no window (a view outside one, a controller whose view is outside one; other
    /// responders have none), or when the window's current first responder will not resign. A text input (a view adopting
    /// `UIKeyInput`) that becomes first responder is scrolled into sight (8 points clear) in each scroll
    /// view around it; other responders are not moved.
    /// Overrides call super, as in UIKit.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = responderWindow else { return false }
        if window.firstResponder === self { return true }
        guard canBecomeFirstResponder else { return false }
        if let current = window.firstResponder {
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
            // An override may have made another responder first while resigning: it stays so.
            guard window.firstResponder == nil else { return false }
        }
        window.setFirstResponder(self)
        // As UIKit's text fields and views: one that takes the keyboard is scrolled into sight in the
        // scroll views around it.
        if let view = self as? UIView, self is any UIKeyInput { UIScrollView.scrollToVisible(view) }
        return true
    }

    /// Gives up first responder status; returns true (the default) when the responder is no longer the
    /// first responder. Overrides that refuse return false without calling super.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        if let window = responderWindow, window.firstResponder === self { window.setFirstResponder(nil) }
        return true
    }

    /// Whether the responder is its window's first responder.
    open var isFirstResponder: Bool { responderWindow?.firstResponder === self }

    /// The window whose first responder this responder can be: a view's window, a controller's view's
    /// window; nil for other responders.
    var responderWindow: UIWindow? { nil }

    nonisolated public static func == (a: UIResponder, b: UIResponder) -> Bool { a === b }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
