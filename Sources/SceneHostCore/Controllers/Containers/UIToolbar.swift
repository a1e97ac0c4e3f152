import Foundation

/// A bar of buttons, at the bottom of a navigation controller (its `toolbar`, showing the top
/// controller's `toolbarItems`) or anywhere else. Drawn as iPadOS draws it: 50 points high, a hairline
/// above, items from the leading edge with flexible spaces sharing what is left, in the layout
/// direction. As in UIKit the bar and its items (titles and glyphs) keep their default size at every
/// text size (Dynamic Type); custom views follow it themselves.
///
/// Differs from UIKit: no appearance objects; always opaque; no Large Content Viewer (UIKit shows a
/// long-pressed item enlarged at the accessibility text sizes).
@MainActor
open class UIToolbar: UIView {
    /// The items shown, leading first.
    open var items: [UIBarButtonItem]? { didSet { itemsDidChange() } }
    /// The bar's background colour; nil: the system bar colour.
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? UINavigationBar.barBackground } }
    /// Kept for code that sets it; the bar is always opaque.
    open var isTranslucent = true

    /// Replaces the items (animation is not supported: they change at once).
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }

    private(set) var itemViews: [UIView] = []
    private let separator = UIView()

    /// An empty toolbar.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UINavigationBar.barBackground
        separator.backgroundColor = .separator
        addSubview(separator)
    }

    private func itemsDidChange() {
        for view in itemViews {
            (view as? BarItemButton)?.detach()
            if view.superview === self { view.removeFromSuperview() }
        }
        itemViews = (items ?? []).filter { !$0.isHidden }.map(UINavigationBar.view(for:))
        for view in itemViews { addSubview(view) }
        setNeedsLayout()
    }

    /// 50 points at every text size.
    var preferredHeight: CGFloat { UINavigationBar.rowHeight }

    /// The given width at the bar's height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: preferredHeight) }
    /// No width of its own; the bar's height.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: preferredHeight) }

    /// Places the items, flexible spaces sharing what is left (mirrored in right-to-left).
    open override func layoutSubviews() {
        let rightToLeft = isRightToLeftLayout
        let width = bounds.width, height = bounds.height
        let visible = (items ?? []).filter { !$0.isHidden }
        var sizes: [CGSize] = zip(visible, itemViews).map { item, view in
            if item.isSpace { return CGSize(width: item.systemItem == .fixedSpace ? item.width : 0, height: height) }
            let size = view.intrinsicContentSize
            if size.width >= 0, size.height >= 0 { return size }
            return CGSize(width: view.frame.width, height: min(height, view.frame.height > 0 ? view.frame.height : height))
        }
        let flexible = visible.indices.filter { visible[$0].systemItem == .flexibleSpace }
        let used = sizes.reduce(0) { $0 + $1.width }
        let spare = max(0, width - 16 - used)
        for index in flexible { sizes[index].width = (spare / CGFloat(flexible.count)).rounded(.down) }
        var x: CGFloat = 8
        for (view, size) in zip(itemViews, sizes) {
            let frame = CGRect(x: x, y: ((height - size.height) / 2).rounded(), width: size.width, height: size.height)
            view.frame = rightToLeft ? CGRect(x: width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height) : frame
            x += size.width
        }
        let scale = max(1, traitCollection.displayScale)
        separator.frame = CGRect(x: 0, y: 0, width: width, height: 1 / scale)
    }
}
