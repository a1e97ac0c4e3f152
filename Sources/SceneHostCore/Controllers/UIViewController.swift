import Foundation

/// Manages a view hierarchy: loads its view on first access, takes part in layout and trait changes,
/// and contains child controllers.
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    /// The nib arguments exist for source compatibility; SceneHost has no nibs, so they are ignored.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    /// The root view, loaded (`loadView()` then `viewDidLoad()`) on first access.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    public var viewIfLoaded: UIView? { loadedView }
    public var isViewLoaded: Bool { loadedView != nil }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView() }
        viewDidLoad()
    }

    /// Creates the view; the default makes a plain `UIView`. Overrides assign `view` without calling super.
    open func loadView() { view = UIView() }
    open func viewDidLoad() {}
    /// Called before the view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}
    /// Called after the view's `layoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    open var title: String?

    open override var next: UIResponder? { loadedView?.superview }

    /// The traits of the view's environment.
    open var traitCollection: UITraitCollection {
        loadedView?.traitCollection ?? parent?.traitCollection ?? UITraitCollection()
    }

    /// Called before the controller's view when the scene's traits change.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Containment

    public private(set) weak var parent: UIViewController?
    public private(set) var children: [UIViewController] = []

    /// Adds a child; calls `willMove(toParent:)`. Add its view and call `didMove(toParent:)` yourself.
    open func addChild(_ child: UIViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent; call `willMove(toParent: nil)` first, as in UIKit.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
}
