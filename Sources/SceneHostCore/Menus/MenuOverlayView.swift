import Cairo
import Foundation

/// A menu shown in a window: a transparent view over the whole window (so a click anywhere outside the
/// menu reaches it and closes the menu, as in UIKit) holding one panel per open level, the menu and
/// the submenus opened from it. Presented by buttons (`UIButton.menu`) and context-menu interactions;
/// while it is open it takes the keyboard: ↑ ↓ Home End move the highlight, Return and Space choose,
/// → opens a submenu (← in a right-to-left layout), ← or Escape closes one, Escape closes the menu.
@MainActor
final class MenuOverlayView: UIView {
    /// The panels, from the menu to the deepest open submenu.
    private(set) var panels: [MenuPanelView] = []
    /// Runs a chosen action; the presenter decides the sender and what else happens.
    private let perform: (UIAction) -> Void
    /// Runs once the menu closed, whatever closed it.
    private let didDismiss: () -> Void
    private(set) var isDismissed = false

    private init(perform: @escaping (UIAction) -> Void, didDismiss: @escaping () -> Void) {
        self.perform = perform
        self.didDismiss = didDismiss
        super.init(frame: .zero)
        // The row under the pointer is highlighted as the pointer moves over the menu.
        addGestureRecognizer(UIHoverGestureRecognizer { [unowned self] hover in
            if hover.state == .began || hover.state == .changed { self.pointerMoved(to: hover.location(in: self)) }
        })
    }

    /// Shows `menu` in `window`, anchored at `anchor` (window coordinates): below it (above when it
    /// does not fit), aligned with its leading edge; an empty anchor is a point, where the menu's
    /// leading top corner goes. An open menu in the window closes first.
    @discardableResult
    static func present(_ menu: UIMenu, in window: UIWindow, anchor: CGRect,
                        perform: @escaping (UIAction) -> Void, didDismiss: @escaping () -> Void = {}) -> MenuOverlayView {
        window.presentedMenu?.dismiss()
        let overlay = MenuOverlayView(perform: perform, didDismiss: didDismiss)
        overlay.frame = window.bounds
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(overlay)
        overlay.open(menu, anchor: anchor, gap: anchor.height > 0 ? 6 : 0)
        return overlay
    }

    /// Closes the menu and its submenus.
    func dismiss() {
        guard !isDismissed else { return }
        isDismissed = true
        removeFromSuperview()
        didDismiss()
    }

    private func open(_ menu: UIMenu, anchor: CGRect, gap: CGFloat, beside: Bool = false) {
        let panel = MenuPanelView(menu: menu, overlay: self)
        panel.isUserInteractionEnabled = false
        addSubview(panel)
        panel.build()
        panel.place(anchor: anchor, gap: gap, beside: beside, in: bounds)
        panels.append(panel)
    }

    /// Opens the submenu of `panel`'s highlighted row beside it, closing deeper ones.
    func openSubmenu(of panel: MenuPanelView) {
        guard let index = panels.firstIndex(where: { $0 === panel }),
              let row = panel.highlightedRow, case .submenu(let submenu) = row.kind else { return }
        closePanels(after: index)
        let rowRect = panel.convert(row.frame.offsetBy(dx: panel.menuRect.minX, dy: panel.menuRect.minY), to: self)
        open(submenu, anchor: rowRect, gap: -8, beside: true)
        panels.last?.highlightFirst()
    }

    private func closePanels(after index: Int) {
        while panels.count > index + 1 { panels.removeLast().removeFromSuperview() }
    }

    /// Chooses row number `index` of `panel`: an action runs (after the menu closes, unless it keeps
    /// the menu presented), a submenu opens; a disabled row does nothing.
    func choose(rowAt index: Int, in panel: MenuPanelView) {
        let row = panel.rows[index]
        guard row.isEnabled else { return }
        switch row.kind {
        case .action(let action):
            row.singleSelectionMenu?.select(action)
            if action.attributes.contains(.keepsMenuPresented) {
                for panel in panels { panel.setNeedsDisplay() }
            } else {
                dismiss()
            }
            perform(action)
        case .submenu:
            panel.highlight(rowAt: index)
            openSubmenu(of: panel)
        case .header, .separator, .loading:
            break
        }
    }

    // The pointer's touches: the panels leave them to the overlay, which knows every panel.
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let touch = touches.first { pointerDown(at: touch.location(in: self)) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let touch = touches.first { pointerMoved(to: touch.location(in: self)) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let touch = touches.first { pointerUp(at: touch.location(in: self)) }
    }

    override func layoutSubviews() {
        // The window changed size: the menu stays inside it.
        for panel in panels { panel.keepInside(bounds) }
    }

    // MARK: Pointer

    /// A press at `point` (this view's coordinates): the row under it shows pressed.
    func pointerDown(at point: CGPoint) {
        guard let (panel, index) = row(at: point) else { return }
        panel.highlight(rowAt: index)
    }

    /// A release at `point`: on a row, it is chosen; outside every panel, the menu closes.
    func pointerUp(at point: CGPoint) {
        guard let (panel, index) = row(at: point) else {
            if !panels.contains(where: { $0.menuRect.contains($0.convert(point, from: self)) }) { dismiss() }
            return
        }
        choose(rowAt: index, in: panel)
    }

    /// The pointer moved to `point` (hovering, or with the button held): the row under it is
    /// highlighted, as UIKit's menus follow the pointer.
    func pointerMoved(to point: CGPoint) {
        guard let (panel, index) = row(at: point) else { return }
        panel.highlight(rowAt: index)
    }

    /// The panel and the index of its enabled row at `point` (this view's coordinates), if any.
    private func row(at point: CGPoint) -> (MenuPanelView, Int)? {
        for panel in panels.reversed() {
            let local = panel.convert(point, from: self)
            guard panel.menuRect.contains(local) else { continue }
            if let index = panel.rowIndex(at: local) { return (panel, index) }
            return nil
        }
        return nil
    }

    // MARK: Keyboard

    /// A key pressed while the menu is open; the menu takes every key (it is modal, as in UIKit).
    func handleKey(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        guard let panel = panels.last else { return true }
        let rightToLeft = isRightToLeftLayout
        let opens = rightToLeft ? UIKeyCommand.inputLeftArrow : UIKeyCommand.inputRightArrow
        let closes = rightToLeft ? UIKeyCommand.inputRightArrow : UIKeyCommand.inputLeftArrow
        switch input {
        case UIKeyCommand.inputDownArrow: panel.moveHighlight(by: 1)
        case UIKeyCommand.inputUpArrow: panel.moveHighlight(by: -1)
        case UIKeyCommand.inputHome: panel.highlightFirst()
        case UIKeyCommand.inputEnd: panel.highlightLast()
        case opens:
            if case .submenu = panel.highlightedRow?.kind { openSubmenu(of: panel) }
        case closes:
            if panels.count > 1 { closePanels(after: panels.count - 2) }
        case UIKeyCommand.inputEscape:
            if panels.count > 1 { closePanels(after: panels.count - 2) } else { dismiss() }
        case "\r", " ":
            if let index = panel.highlightedIndex { choose(rowAt: index, in: panel) }
        default: break
        }
        return true
    }
}

extension UIWindow {
    /// The menu open in this window, if any.
    var presentedMenu: MenuOverlayView? {
        subviews.last(where: { $0 is MenuOverlayView }) as? MenuOverlayView
    }
}
