import Foundation

/// What a context menu shows: a menu from its action provider (and a preview, which SceneHost does not
/// show), as UIKit's `UIContextMenuConfiguration`.
@MainActor
open class UIContextMenuConfiguration {
    /// The delegate's own identifier for the configuration.
    public let identifier: (any NSCopying)?
    /// Kept for code that sets it; SceneHost shows no preview.
    public let previewProvider: (() -> UIViewController?)?
    /// Makes the menu when it opens, from the suggested elements (SceneHost suggests none).
    public let actionProvider: (([UIMenuElement]) -> UIMenu?)?

    /// A configuration whose `actionProvider` makes the menu when it opens.
    public init(identifier: (any NSCopying)? = nil, previewProvider: (() -> UIViewController?)? = nil,
                actionProvider: (([UIMenuElement]) -> UIMenu?)? = nil) {
        self.identifier = identifier
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }
}

/// Lets a menu's appearance and dismissal be accompanied by the app's own changes, as UIKit's
/// animator: SceneHost shows and hides menus at once, so animations run straight away, then the
/// completions.
@MainActor
public protocol UIContextMenuInteractionAnimating: AnyObject {
    /// Kept nil: SceneHost shows no preview.
    var previewViewController: UIViewController? { get }
    /// Runs `animations` as the menu appears or goes (at once in SceneHost).
    func addAnimations(_ animations: @escaping () -> Void)
    /// Runs `completion` once the menu has appeared or gone.
    func addCompletion(_ completion: @escaping () -> Void)
}

/// The animator SceneHost passes to the delegate: what is added runs when the menu has appeared (or
/// gone), in order: animations, then completions.
@MainActor
final class ContextMenuAnimator: UIContextMenuInteractionAnimating {
    var previewViewController: UIViewController? { nil }
    private var animations: [() -> Void] = []
    private var completions: [() -> Void] = []
    func addAnimations(_ animations: @escaping () -> Void) { self.animations.append(animations) }
    func addCompletion(_ completion: @escaping () -> Void) { completions.append(completion) }
    func run() {
        for animation in animations { animation() }
        for completion in completions { completion() }
        animations = []
        completions = []
    }
}

/// Answers a context-menu interaction: which menu to show at a location, and hears when it shows and
/// ends, as UIKit's `UIContextMenuInteractionDelegate`. Only the first method is required.
@MainActor
public protocol UIContextMenuInteractionDelegate: AnyObject {
    /// The configuration for a menu at `location` (the interaction's view's coordinates); nil shows none.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration?
    /// The menu is about to show.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?)
    /// The menu is going away (after an action was chosen, a click outside, or Escape).
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?)
}

extension UIContextMenuInteractionDelegate {
    /// Does nothing by default.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                       animator: (any UIContextMenuInteractionAnimating)?) {}
    /// Does nothing by default.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                       animator: (any UIContextMenuInteractionAnimating)?) {}
}

/// Shows a context menu for its view on a right click (the secondary button), as UIKit's
/// `UIContextMenuInteraction` does on iPad with a pointer: the delegate gives the configuration for
/// the click's location, its action provider the menu, shown with its leading top corner at the click.
///
/// Differs from UIKit: no long press opens it (only the secondary button), no preview is shown and
/// nothing is lifted or blurred; the menu is drawn inside the scene's window.
@MainActor
open class UIContextMenuInteraction: UIInteraction {
    /// The delegate, held weakly as in UIKit.
    public private(set) weak var delegate: (any UIContextMenuInteractionDelegate)?
    /// The view the interaction was added to.
    public private(set) weak var view: UIView?
    /// The menu this interaction shows, while it is open.
    private(set) weak var overlay: MenuOverlayView?
    /// Where the last menu was asked for, in the view's coordinates.
    private var requestedLocation: CGPoint = .zero

    /// An interaction asking `delegate` (held weakly) for its menus.
    public init(delegate: any UIContextMenuInteractionDelegate) { self.delegate = delegate }

    /// Nothing to prepare before moving.
    public func willMove(to view: UIView?) {}
    /// Remembers the view it was added to.
    public func didMove(to view: UIView?) { self.view = view }

    /// Where the menu was asked for, in `view`'s coordinates (the interaction's view's when nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let own = self.view else { return requestedLocation }
        return view.map { own.convert(requestedLocation, to: $0) } ?? requestedLocation
    }

    /// Closes the menu, if it is open (iOS 14).
    public func dismissMenu() { overlay?.dismiss() }

    /// A right click at `location` (the view's coordinates): asks the delegate and shows the menu.
    /// Returns whether a menu opened.
    @discardableResult
    func presentMenu(at location: CGPoint) -> Bool {
        guard let view, let window = view.window, let delegate else { return false }
        requestedLocation = location
        guard let configuration = delegate.contextMenuInteraction(self, configurationForMenuAtLocation: location),
              let menu = configuration.actionProvider?([]), !menu.children.isEmpty else { return false }
        let shown = ContextMenuAnimator()
        delegate.contextMenuInteraction(self, willDisplayMenuFor: configuration, animator: shown)
        let point = view.convert(location, to: window)
        overlay = MenuOverlayView.present(menu, in: window, anchor: CGRect(origin: point, size: .zero),
                                          perform: { [weak view] action in action.perform(sender: view) },
                                          didDismiss: { [weak self] in
                                              guard let self, let delegate = self.delegate else { return }
                                              let ending = ContextMenuAnimator()
                                              delegate.contextMenuInteraction(self, willEndFor: configuration, animator: ending)
                                              ending.run()
                                          })
        shown.run()
        return true
    }
}

extension UIWindowScene {
    /// A press of the secondary button at `point` (scene coordinates): the nearest view under it, or
    /// above that view, with a context-menu interaction shows its menu; an open menu closes. Called by
    /// the pointer (Input/PointerInput.swift) before it begins a touch; returns whether the press was
    /// used (no touch begins then).
    @_spi(Runtime) @discardableResult
    public func contextClick(at point: CGPoint) -> Bool {
        for window in windows.reversed() where !window.isHidden {
            // A secondary click while a menu is open closes it (and does nothing else), as in UIKit.
            if let menu = window.presentedMenu {
                menu.dismiss()
                return true
            }
            guard let hit = window.hitTest(window.convert(point, from: nil), with: nil) else { continue }
            return hit.interactionsUpward(UIContextMenuInteraction.self).contains { view, interaction in
                interaction.presentMenu(at: view.convert(point, from: window))
            }
        }
        return false
    }
}
