import Foundation

extension UIScrollView {
    /// How far an arrow key scrolls (points): a wheel notch.
    static let keyboardLineStep: CGFloat = 40

    /// The offset a scrolling key asks for, from where the scroll is headed (an animation's target, so
    /// keys pressed in quick succession add up): ↑ ↓ ← → a line, Page Up/Down and Space / Shift+Space a
    /// view's height less a line, Home/End (or Ctrl/Cmd+↑ ↓) the top and bottom. Nil for any other key,
    /// or a key along an axis the content does not scroll.
    func offset(forKey input: String, modifierFlags flags: UIKeyModifierFlags) -> CGPoint? {
        let range = offsetRange
        var offset = motionDestination ?? contentOffset
        let page = max(Self.keyboardLineStep, bounds.height - adjustedContentInset.top - adjustedContentInset.bottom - Self.keyboardLineStep)
        let toEdge = flags.contains(.command) || flags.contains(.control)
        switch (input, flags.subtracting(.numericPad)) {
        case (UIKeyCommand.inputUpArrow, _) where scrollsVertically:
            offset.y = toEdge ? range.min.y : offset.y - Self.keyboardLineStep
        case (UIKeyCommand.inputDownArrow, _) where scrollsVertically:
            offset.y = toEdge ? range.max.y : offset.y + Self.keyboardLineStep
        case (UIKeyCommand.inputLeftArrow, []) where scrollsHorizontally:
            offset.x -= Self.keyboardLineStep
        case (UIKeyCommand.inputRightArrow, []) where scrollsHorizontally:
            offset.x += Self.keyboardLineStep
        case (UIKeyCommand.inputPageUp, []) where scrollsVertically, (" ", .shift) where scrollsVertically:
            offset.y -= page
        case (UIKeyCommand.inputPageDown, []) where scrollsVertically, (" ", []) where scrollsVertically:
            offset.y += page
        case (UIKeyCommand.inputHome, []) where scrollsVertically:
            offset.y = range.min.y
        case (UIKeyCommand.inputEnd, []) where scrollsVertically:
            offset.y = range.max.y
        default:
            return nil
        }
        return clamped(offset)
    }

    /// Scrolls for a key (see `offset(forKey:modifierFlags:)`), animated; returns whether the key was
    /// one that scrolls this view (even at its edge, where nothing moves).
    func scroll(forKey input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        guard allowsKeyboardScrolling, isScrollEnabled, let target = offset(forKey: input, modifierFlags: modifierFlags) else { return false }
        if target != (motionDestination ?? contentOffset) { setContentOffset(target, animated: true) }
        return true
    }

    /// Brings `view` (inside this scroll view, and each scroll view around it) into sight with a margin,
    /// at once: a control that takes focus is scrolled to.
    static func scrollToVisible(_ view: UIView, margin: CGFloat = 8) {
        var ancestor = view.superview
        while let current = ancestor {
            if let scrollView = current as? UIScrollView, scrollView.isScrollEnabled {
                let rect = view.convert(view.bounds, to: scrollView).insetBy(dx: -margin, dy: -margin)
                scrollView.scrollRectToVisible(rect, animated: false)
            }
            ancestor = current.superview
        }
    }
}

extension UIWindowScene {
    /// A key that no key command took: the scroll view it belongs to scrolls (arrows, Page Up/Down,
    /// Home/End, Space / Shift+Space). That is the one around the focused view, else around the key
    /// window's first responder, else the one under the pointer, else the largest shown in the key
    /// window. Returns whether a scroll view took the key. For the runtime (and tests).
    @_spi(Runtime) @discardableResult
    public func scrollForKeyPress(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        let flags = modifierFlags.subtracting([.alphaShift])
        guard let window = keyWindow ?? windows.first else { return false }
        let candidates = keyboardScrollViews(in: window)
        for scrollView in candidates where scrollView.scroll(forKey: input, modifierFlags: flags) { return true }
        return false
    }

    /// The scroll views a key may scroll, in the order they are asked (see `scrollForKeyPress`).
    private func keyboardScrollViews(in window: UIWindow) -> [UIScrollView] {
        func enclosing(_ view: UIView?) -> [UIScrollView] {
            var found: [UIScrollView] = []
            var current = view
            while let candidate = current {
                if let scrollView = candidate as? UIScrollView { found.append(scrollView) }
                current = candidate.superview
            }
            return found
        }
        var result = enclosing(focusSystemStorage.focusedItem)
        result += enclosing(window.firstResponder as? UIView)
        if let location = pointer.location, let target = pointer.target(at: location, in: self, event: nil) {
            result += enclosing(target.view)
        }
        var shown: [(UIScrollView, CGFloat)] = []
        collectShownScrollViews(in: window, window: window, into: &shown)
        result += shown.sorted { $0.1 > $1.1 }.map(\.0)
        return result
    }

    private func collectShownScrollViews(in view: UIView, window: UIWindow, into found: inout [(UIScrollView, CGFloat)]) {
        for subview in view.subviews where !subview.isHidden && subview.alpha > 0 {
            if let scrollView = subview as? UIScrollView {
                let visible = scrollView.convert(scrollView.bounds, to: window).intersection(window.bounds)
                if !visible.isNull { found.append((scrollView, visible.width * visible.height)) }
            }
            collectShownScrollViews(in: subview, window: window, into: &found)
        }
    }
}
