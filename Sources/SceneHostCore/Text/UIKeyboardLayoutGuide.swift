import Foundation

/// Where the on-screen keyboard stands, as UIKit's `UIKeyboardLayoutGuide` (iOS 15): constrain
/// content's bottom to `view.keyboardLayoutGuide.topAnchor` to keep it above the keyboard.
///
/// SceneHost has only hardware keyboards, so the guide behaves as UIKit's does with one attached and
/// no keyboard shown: it spans the view's width at its bottom, with zero height (its top at the safe
/// area's bottom while `usesBottomSafeArea`, which a desktop window makes the view's bottom).
/// `followsUndockedKeyboard` is kept but changes nothing: there is no undocked keyboard.
@MainActor
public final class UIKeyboardLayoutGuide: UILayoutGuide {
    /// Whether the guide's top stays at or above the safe area's bottom (true, as UIKit's).
    public var usesBottomSafeArea = true { didSet { if usesBottomSafeArea != oldValue { attach() } } }
    /// Whether the guide follows a floating or undocked keyboard (false, as UIKit's).
    public var followsUndockedKeyboard = false
    private var attached: [NSLayoutConstraint] = []

    /// Pins the guide to its view's bottom edge.
    func attach() {
        guard let view = owningView else { return }
        NSLayoutConstraint.deactivate(attached)
        let top = usesBottomSafeArea ? view.safeAreaLayoutGuide.bottomAnchor : view.bottomAnchor
        attached = [leadingAnchor.constraint(equalTo: view.leadingAnchor), trailingAnchor.constraint(equalTo: view.trailingAnchor),
                    bottomAnchor.constraint(equalTo: view.bottomAnchor), topAnchor.constraint(equalTo: top)]
        NSLayoutConstraint.activate(attached)
    }
}

extension UIView {
    /// The view's keyboard layout guide (iOS 15), made on first use: see `UIKeyboardLayoutGuide`.
    public var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        if let guide = layoutGuides.first(where: { $0 is UIKeyboardLayoutGuide }) as? UIKeyboardLayoutGuide { return guide }
        let guide = UIKeyboardLayoutGuide()
        guide.identifier = "UIViewKeyboardLayoutGuide"
        addLayoutGuide(guide)
        guide.attach()
        return guide
    }
}
