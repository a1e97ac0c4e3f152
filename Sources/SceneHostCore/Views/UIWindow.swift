import Foundation

/// The root of a scene's view hierarchy. A window fills its scene; its root view controller's view fills
/// the window. Hidden until `makeKeyAndVisible()` (or `isHidden = false`), as in UIKit.
@MainActor
open class UIWindow: UIView {
    /// The scene showing the window. Setting it moves the window to that scene and sizes it to the scene.
    open weak var windowScene: UIWindowScene? {
        didSet {
            guard windowScene !== oldValue else { return }
            oldValue?.windows.removeAll { $0 === self }
            if let windowScene {
                windowScene.windows.append(self)
                frame = windowScene.effectiveGeometry.coordinateSpace.bounds
                updateTraits(inherited: windowScene.traitCollection, force: true)
            }
            setNeedsFrame()
        }
    }

    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.effectiveGeometry.coordinateSpace.bounds)
        isHidden = true
        self.windowScene = windowScene
        windowScene.windows.append(self)
        setWindow(self)
        updateTraits(inherited: windowScene.traitCollection, force: true)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
        setWindow(self)
    }

    open override var window: UIWindow? { self }

    /// The controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            // What the old root presented goes with it.
            if let old = oldValue, old.presentedViewController != nil { old.dismiss(animated: false) }
            if let old = oldValue, old.viewIfLoaded?.superview === self { old.view.removeFromSuperview() }
            if let root = rootViewController {
                root.view.frame = bounds
                addSubview(root.view)
            }
            setNeedsLayout()
        }
    }

    /// Whether this is its scene's key window (the one receiving keyboard input).
    public var isKeyWindow: Bool { windowScene?.keyWindow === self }

    /// Shows the window and makes it the scene's key window.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    open func makeKey() { windowScene?.keyWindow = self }

    open override var isHidden: Bool {
        didSet { if isHidden != oldValue { addDamage(bounds) } }
    }

    open override func layoutSubviews() {
        rootViewController?.viewIfLoaded?.frame = bounds
        for case let container as PresentationContainerView in subviews { container.frame = bounds }
    }

    // MARK: Frames

    /// Region (window points) that must be recomposited in the next frame.
    private(set) var damage = Damage()

    func addDamage(_ rect: CGRect) {
        // What lies outside the scene (a list running past its bottom edge) is never shown.
        let rect = windowScene.map { rect.intersection($0.effectiveGeometry.coordinateSpace.bounds) } ?? rect
        guard !rect.isNull, !rect.isEmpty else { return }
        damage.add(rect)
        setNeedsFrame()
    }

    /// Returns and clears the damaged region.
    func takeDamage() -> Damage {
        defer { damage = Damage() }
        return damage
    }

    /// Asks the scene's host for a frame (layout, draw, present) at the next turn of the loop.
    func setNeedsFrame() { windowScene?.host?.sceneNeedsFrame() }
}
