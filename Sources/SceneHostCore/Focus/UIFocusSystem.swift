import Foundation

/// Which way focus moved, with UIKit's raw values.
public struct UIFocusHeading: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Upward, downward, leftward, rightward (SceneHost moves focus only with Tab and Shift+Tab).
    public static let up = UIFocusHeading(rawValue: 1 << 0)
    public static let down = UIFocusHeading(rawValue: 1 << 1)
    public static let left = UIFocusHeading(rawValue: 1 << 2)
    public static let right = UIFocusHeading(rawValue: 1 << 3)
    /// Tab.
    public static let next = UIFocusHeading(rawValue: 1 << 4)
    /// Shift+Tab.
    public static let previous = UIFocusHeading(rawValue: 1 << 5)
}

/// A change of focus, as `didUpdateFocus(in:with:)` receives it.
@MainActor
open class UIFocusUpdateContext {
    /// The view that had focus, if any.
    public let previouslyFocusedView: UIView?
    /// The view that has focus now, if any.
    public let nextFocusedView: UIView?
    /// Which way focus moved (`.next` for Tab, `.previous` for Shift+Tab, none when asked for).
    public let focusHeading: UIFocusHeading

    init(previouslyFocusedView: UIView?, nextFocusedView: UIView?, focusHeading: UIFocusHeading) {
        self.previouslyFocusedView = previouslyFocusedView
        self.nextFocusedView = nextFocusedView
        self.focusHeading = focusHeading
    }
}

/// Runs changes that go with a focus change: SceneHost moves focus at once, so they run at once.
@MainActor
open class UIFocusAnimationCoordinator {
    init() {}
    /// Runs `animations`, then `completion`.
    open func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        animations?()
        completion?()
    }
}

/// A scene's keyboard focus, as UIKit's `UIFocusSystem` on iPad with a keyboard: Tab moves focus to the
/// next view of the key window that can take it (`canBecomeFocused`: SceneHost's enabled controls),
/// Shift+Tab to the previous one, in reading order: rows from top to bottom, each from the leading
/// edge (right to left in a right-to-left layout); Space and Return activate the focused control. The
/// focused control shows a ring in its tint colour, inside its bounds. Focus is looked after before key
/// commands see Tab, Space and Return (as with UIKit's iOS 15 SDK); with nothing focused, Space and
/// Return go to the key commands.
///
/// Differs from UIKit: no focus groups (arrow keys stay with key commands), no focus guides, and no
/// `preferredFocusEnvironments`; a click does not move focus.
@MainActor
public final class UIFocusSystem {
    private unowned let scene: UIWindowScene
    /// The focused view. Weak: a view that goes away takes its focus with it.
    private weak var focused: UIView?

    init(scene: UIWindowScene) { self.scene = scene }

    /// The focus system of the scene `environment` is in (a view's or view controller's), as in UIKit.
    public static func focusSystem(for environment: UIResponder) -> UIFocusSystem? {
        let window = (environment as? UIView)?.window ?? (environment as? UIViewController)?.viewIfLoaded?.window
        let scene = window?.windowScene ?? (environment as? UIWindowScene)
        return scene?.focusSystem
    }

    /// The focused view: in a window of the scene, shown and still able to take focus; else nil.
    public var focusedItem: UIView? {
        guard let focused, focused.window?.windowScene === scene, focused.canBecomeFocused, isShown(focused) else { return nil }
        return focused
    }

    /// Focuses `view` when it can take focus and is shown in the scene; nil removes focus. UIKit asks
    /// for an update with `requestFocusUpdate(to:)`; here the change is made at once.
    public func requestFocusUpdate(to view: UIView?) {
        if let view { guard view.window?.windowScene === scene, view.canBecomeFocused, isShown(view) else { return } }
        setFocus(view, heading: [])
    }

    /// Nothing to do: focus changes are made when asked for.
    public func updateFocusIfNeeded() {}

    private func setFocus(_ view: UIView?, heading: UIFocusHeading) {
        let previous = focusedItem
        guard previous !== view else { return }
        focused = view
        previous?.setNeedsDisplay()
        view?.setNeedsDisplay()
        let context = UIFocusUpdateContext(previouslyFocusedView: previous, nextFocusedView: view, focusHeading: heading)
        let coordinator = UIFocusAnimationCoordinator()
        previous?.didUpdateFocus(in: context, with: coordinator)
        view?.didUpdateFocus(in: context, with: coordinator)
        // A control that takes focus inside a scroll view is scrolled into sight.
        if let view { UIScrollView.scrollToVisible(view) }
    }

    /// Moves focus one step through the key window's focusable views (wrapping around); returns
    /// whether there was any to move to.
    @discardableResult
    func moveFocus(_ heading: UIFocusHeading) -> Bool {
        guard let window = scene.keyWindow ?? scene.windows.first else { return false }
        let order = focusOrder(in: window)
        guard !order.isEmpty else { return false }
        let forward = !heading.contains(.previous)
        let next: UIView
        if let current = focusedItem, let index = order.firstIndex(where: { $0 === current }) {
            next = order[(index + (forward ? 1 : -1) + order.count) % order.count]
        } else {
            next = forward ? order[0] : order[order.count - 1]
        }
        setFocus(next, heading: heading)
        return true
    }

    /// The part of `window` the keyboard may reach: the open menu, else the topmost presentation's
    /// container (what is under a presented sheet is out of reach, as in UIKit), else the window.
    func focusScope(in window: UIWindow) -> UIView {
        window.subviews.last { !$0.isHidden && ($0 is MenuOverlayView || $0 is PresentationContainerView) } ?? window
    }

    /// Whether `view` lies in the part of its window the keyboard may reach now.
    func isInFocusScope(_ view: UIView) -> Bool {
        guard let window = view.window else { return false }
        let scope = focusScope(in: window)
        var current: UIView? = view
        while let candidate = current {
            if candidate === scope { return true }
            current = candidate.superview
        }
        return false
    }

    /// The views of `window`'s focus scope (`focusScope(in:)`) that can take focus, in reading order:
    /// grouped into rows (a view whose vertical middle lies above the bottom of a row's first view
    /// joins that row), rows from the top, each row from its leading edge.
    func focusOrder(in window: UIWindow) -> [UIView] {
        var found: [(view: UIView, frame: CGRect)] = []
        collectFocusable(in: focusScope(in: window), window: window, into: &found)
        found.sort { $0.frame.minY < $1.frame.minY || ($0.frame.minY == $1.frame.minY && $0.frame.minX < $1.frame.minX) }
        let rightToLeft = window.traitCollection.layoutDirection == .rightToLeft
        var ordered: [UIView] = []
        var index = 0
        while index < found.count {
            let bottom = found[index].frame.maxY
            var row = [found[index]]
            index += 1
            while index < found.count, found[index].frame.midY < bottom {
                row.append(found[index])
                index += 1
            }
            row.sort { rightToLeft ? $0.frame.maxX > $1.frame.maxX : $0.frame.minX < $1.frame.minX }
            ordered += row.map(\.view)
        }
        return ordered
    }

    private func collectFocusable(in view: UIView, window: UIWindow, into found: inout [(view: UIView, frame: CGRect)]) {
        for subview in view.subviews where !subview.isHidden && subview.alpha >= 0.01 && subview.isUserInteractionEnabled {
            if subview.canBecomeFocused {
                let frame = subview.convert(subview.bounds, to: window)
                if frame.intersects(window.bounds) { found.append((subview, frame)) }
            }
            collectFocusable(in: subview, window: window, into: &found)
        }
    }

    /// Whether `view` and its ancestors are shown and take input.
    private func isShown(_ view: UIView) -> Bool {
        var current: UIView? = view
        while let candidate = current {
            if candidate.isHidden || candidate.alpha < 0.01 || !candidate.isUserInteractionEnabled { return false }
            current = candidate.superview
        }
        return true
    }

    /// Space or Return: the focused control acts as if clicked. Returns whether something was focused.
    /// A focused view now covered by a presentation (focused before it) does nothing.
    func activateFocusedItem() -> Bool {
        guard let view = focusedItem, isInFocusScope(view) else { return false }
        if let activatable = view as? KeyboardActivatable {
            activatable.activateFromKeyboard()
        } else if let control = view as? UIControl {
            control.sendActions(for: .primaryActionTriggered)
        }
        return true
    }
}

/// A control that acts on Space and Return when focused as it does on a click, and may use other keys
/// while focused (a slider's arrows).
@MainActor
protocol KeyboardActivatable: UIView {
    func activateFromKeyboard()
    /// A key other than Tab, Space and Return while the control is focused; returns whether it used it.
    func handleFocusedKey(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool
}

extension KeyboardActivatable {
    func handleFocusedKey(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool { false }
}

extension UIView {
    /// A horizontal arrow key as a step along the view's reading direction: +1 for the arrow toward the
    /// trailing edge (→, or ← in a right-to-left layout), −1 for the other; nil for any other key.
    func trailingStep(forArrow input: String) -> Int? {
        switch input {
        case UIKeyCommand.inputRightArrow: isRightToLeftLayout ? -1 : 1
        case UIKeyCommand.inputLeftArrow: isRightToLeftLayout ? 1 : -1
        default: nil
        }
    }

    /// Strokes the focus ring, in the tint colour, just inside `rect` (the bounds, by default) with the
    /// corners of a rounded rectangle of `cornerRadius`: what a view draws stays in its bounds. Controls
    /// call it at the end of `draw(_:)` while focused.
    func drawFocusRing(in context: CGContext, rect: CGRect? = nil, cornerRadius: CGFloat) {
        let width: CGFloat = 3
        let ring = (rect ?? bounds).insetBy(dx: width / 2, dy: width / 2)
        context.saveGState()
        context.setStrokeColor(tintColor)
        context.setLineWidth(width)
        context.beginPath()
        context.addRoundedRect(ring, cornerRadius: max(0, cornerRadius - width / 2))
        context.strokePath()
        context.restoreGState()
    }
}

extension UIWindowScene {
    /// The scene's focus system (iOS 15).
    public var focusSystem: UIFocusSystem? { focusSystemStorage }

    /// A key pressed in the scene, before its key commands: an open menu takes every key; Tab and
    /// Shift+Tab move focus; Space and Return activate the focused control. Returns whether the key
    /// was used. `input` is a `UIKeyCommand` input ("\t", "\r", " ", `UIKeyCommand.inputEscape` …).
    /// For the runtime (and tests, which press keys without a display).
    @_spi(Runtime) @discardableResult
    public func handleKeyPress(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        let flags = modifierFlags.subtracting([.alphaShift, .numericPad])
        if let window = keyWindow ?? windows.first, let menu = window.presentedMenu {
            return menu.handleKey(input, modifierFlags: flags)
        }
        // The presentation on top: an alert takes Return and Escape; Escape dismisses a sheet or a
        // popover (the person's dismissal), unless a key command of the presented content takes it.
        if let window = keyWindow ?? windows.first, let top = window.presentationControllers.last {
            if let alert = top.presentedViewController as? UIAlertController, alert.handleKey(input, modifierFlags: flags) { return true }
            if input == UIKeyCommand.inputEscape, !window.presentedContentHandlesKey(input, modifierFlags: flags, above: top),
               top.handleKey(input, modifierFlags: flags) {
                return true
            }
        }
        if let focused = focusSystemStorage.focusedItem as? KeyboardActivatable, focused.canBecomeFocused,
           focusSystemStorage.isInFocusScope(focused), focused.handleFocusedKey(input, modifierFlags: flags) {
            return true
        }
        switch input {
        case "\t" where flags.isEmpty: return focusSystemStorage.moveFocus(.next)
        case "\t" where flags == .shift: return focusSystemStorage.moveFocus(.previous)
        case "\r" where flags.isEmpty, " " where flags.isEmpty: return focusSystemStorage.activateFocusedItem()
        default: return false
        }
    }
}
