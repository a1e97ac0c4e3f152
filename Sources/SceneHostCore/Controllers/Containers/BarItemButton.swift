import Foundation

/// The simple line glyphs bars draw for system items and the back button, in a 22-point box.
enum BarGlyph: Equatable {
    case back, add, compose, action, search, refresh, stop, trash, play, pause, rewind, fastForward, close

    init?(_ item: UIBarButtonItem.SystemItem) {
        switch item {
        case .add: self = .add
        case .compose: self = .compose
        case .action: self = .action
        case .search: self = .search
        case .refresh: self = .refresh
        case .stop: self = .stop
        case .trash: self = .trash
        case .play: self = .play
        case .pause: self = .pause
        case .rewind: self = .rewind
        case .fastForward: self = .fastForward
        case .close: self = .close
        default: return nil
        }
    }

    /// The glyph's outline in the 22 × 22 `box`, mirrored for right-to-left where it points.
    @MainActor func path(in box: CGRect, rightToLeft: Bool) -> (path: UIBezierPath, filled: Bool) {
        let path = UIBezierPath()
        var filled = false
        let x = box.minX, y = box.minY
        func p(_ px: CGFloat, _ py: CGFloat) -> CGPoint {
            let mirrored = rightToLeft && (self == .back) ? 22 - px : px
            return CGPoint(x: x + mirrored, y: y + py)
        }
        switch self {
        case .back:
            path.move(to: p(13, 3)); path.addLine(to: p(5, 11)); path.addLine(to: p(13, 19))
        case .add:
            path.move(to: p(11, 3)); path.addLine(to: p(11, 19)); path.move(to: p(3, 11)); path.addLine(to: p(19, 11))
        case .compose:
            path.move(to: p(12, 4)); path.addLine(to: p(4, 4)); path.addLine(to: p(4, 19)); path.addLine(to: p(18, 19)); path.addLine(to: p(18, 10))
            path.move(to: p(19, 2)); path.addLine(to: p(10, 11)); path.addLine(to: p(9, 14)); path.addLine(to: p(12, 13)); path.addLine(to: p(21, 4)); path.close()
        case .action:
            path.move(to: p(8, 8)); path.addLine(to: p(5, 8)); path.addLine(to: p(5, 20)); path.addLine(to: p(17, 20)); path.addLine(to: p(17, 8)); path.addLine(to: p(14, 8))
            path.move(to: p(11, 14)); path.addLine(to: p(11, 2)); path.move(to: p(7, 6)); path.addLine(to: p(11, 2)); path.addLine(to: p(15, 6))
        case .search:
            path.append(UIBezierPath(ovalIn: CGRect(x: x + 3, y: y + 3, width: 12, height: 12)))
            path.move(to: p(13.5, 13.5)); path.addLine(to: p(19, 19))
        case .refresh:
            path.addArc(withCenter: p(11, 12), radius: 7, startAngle: -.pi / 3, endAngle: -.pi / 2 + 2 * .pi * 0.92, clockwise: true)
            path.move(to: p(12, 1.5)); path.addLine(to: p(15.5, 5.5)); path.addLine(to: p(11, 7.5))
        case .stop, .close:
            if self == .close { path.append(UIBezierPath(ovalIn: CGRect(x: x + 1, y: y + 1, width: 20, height: 20))) }
            let inset: CGFloat = self == .close ? 7 : 5
            path.move(to: p(inset, inset)); path.addLine(to: p(22 - inset, 22 - inset))
            path.move(to: p(22 - inset, inset)); path.addLine(to: p(inset, 22 - inset))
        case .trash:
            path.move(to: p(3, 5)); path.addLine(to: p(19, 5)); path.move(to: p(8, 5)); path.addLine(to: p(8, 2)); path.addLine(to: p(14, 2)); path.addLine(to: p(14, 5))
            path.move(to: p(5, 5)); path.addLine(to: p(6, 20)); path.addLine(to: p(16, 20)); path.addLine(to: p(17, 5))
        case .play:
            filled = true
            path.move(to: p(6, 3)); path.addLine(to: p(18, 11)); path.addLine(to: p(6, 19)); path.close()
        case .pause:
            filled = true
            path.append(UIBezierPath(rect: CGRect(x: x + 5, y: y + 3, width: 4, height: 16)))
            path.append(UIBezierPath(rect: CGRect(x: x + 13, y: y + 3, width: 4, height: 16)))
        case .rewind, .fastForward:
            filled = true
            let forward = self == .fastForward
            for start in [CGFloat(1), 11] {
                let a = forward ? start : 21 - start, b = forward ? start + 10 : 11 - start
                path.move(to: p(a, 5)); path.addLine(to: p(b, 11)); path.addLine(to: p(a, 17)); path.close()
            }
        }
        return (path, filled)
    }
}

/// A bar's button for one `UIBarButtonItem` (or the back button): a plain button whose text is the
/// item's title or system word, or whose glyph is drawn in the button's foreground colour, so it
/// follows the tint, light and dark, highlighting and the enabled state. Its title, glyph and image
/// keep their default size at every text size, as UIKit's bar buttons do (UIKit offers the Large
/// Content Viewer instead, which SceneHost does not have).
@MainActor
final class BarItemButton: UIButton {
    /// The item shown; nil for the back button.
    private(set) var item: UIBarButtonItem?
    /// The button's entry in the item's observers, removed when the bar lets the button go.
    var observation: UUID?

    /// A menu a long press opens: an item's menu when it also has a primary action, the back button's
    /// list of the pages below the top.
    var longPressMenu: UIMenu? {
        didSet {
            guard longPressMenu != nil, longPress == nil else { return }
            let recognizer = UILongPressGestureRecognizer { [weak self] recognizer in
                if recognizer.state == .began { self?.openLongPressMenu() }
            }
            addGestureRecognizer(recognizer)
            longPress = recognizer
        }
    }
    private var longPress: UILongPressGestureRecognizer?

    /// Opens `longPressMenu` below the button.
    func openLongPressMenu() {
        guard let menu = longPressMenu, let window else { return }
        _ = MenuOverlayView.present(menu, in: window, anchor: convert(bounds, to: window), perform: { [weak self] action in
            action.perform(sender: self)
        })
    }

    /// Stops following the item (the bar no longer shows this button).
    func detach() {
        if let observation { item?.observers[observation] = nil }
        observation = nil
    }
    var glyph: BarGlyph?

    /// A button for `item`, running `action` (the item's primary action) on a click.
    convenience init(item: UIBarButtonItem?) {
        var configuration = UIButton.Configuration.plain()
        configuration.buttonSize = .medium
        configuration.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 8, bottom: 6, trailing: 8)
        self.init(configuration: configuration)
        // The button and what it draws see the default text size whatever the window's: UIButton sizes
        // its title (and a symbol image its glyph) from the traits.
        traitOverrides.preferredContentSizeCategory = .large
        self.item = item
        if let item { update(from: item) }
        addAction(UIAction { [weak self] _ in
            guard let self, let action = self.item?.primaryAction else { return }
            action.perform(sender: self.item.map { $0 as AnyObject } ?? self)
        }, for: .primaryActionTriggered)
    }

    /// Takes the item's title, image, glyph, menu, tint and enabled state.
    func update(from item: UIBarButtonItem) {
        // `.done` (iOS 26's `.prominent`) is a filled capsule in the tint, as iOS 26 draws it.
        var configuration: UIButton.Configuration = item.style == .done ? .filled() : .plain()
        configuration.cornerStyle = .capsule
        glyph = item.systemItem.flatMap(BarGlyph.init)
        let word = item.systemItem?.word
        configuration.title = glyph == nil ? (word ?? (item.image == nil ? item.title : nil)) : nil
        configuration.image = glyph == nil ? item.image : nil
        configuration.baseForegroundColor = item.tintColor
        self.configuration = configuration
        isEnabled = item.isEnabled
        // A menu opens on a click when there is no primary action, else on a long press, as in UIKit.
        showsMenuAsPrimaryAction = item.menu != nil && item.primaryAction == nil
        menu = showsMenuAsPrimaryAction ? item.menu : nil
        longPressMenu = showsMenuAsPrimaryAction ? nil : item.menu
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    /// Extra room for a glyph (beside the title, for the back button's chevron).
    private var glyphWidth: CGFloat { glyph == nil ? 0 : (configuration?.title == nil ? 22 : 18) }

    override var intrinsicContentSize: CGSize {
        var size = super.intrinsicContentSize
        if glyph != nil {
            size.width += glyphWidth
            size.height = max(size.height, 22 + 12)
        }
        if let width = item?.width, width > 0 { size.width = max(size.width, width) }
        return size
    }

    override func draw(_ rect: CGRect) {
        guard let glyph, let context = UIGraphicsGetCurrentContext() else { return super.draw(rect) }
        let rightToLeft = isRightToLeftLayout
        let onlyGlyph = configuration?.title == nil
        // The title moves over to make room for the glyph at the leading side.
        context.saveGState()
        if !onlyGlyph { context.translateBy(x: (rightToLeft ? -glyphWidth : glyphWidth) / 2, y: 0) }
        super.draw(rect)
        context.restoreGState()
        let side: CGFloat = 22
        let x: CGFloat = onlyGlyph ? (bounds.width - side) / 2 : (rightToLeft ? bounds.width - 8 - side + 4 : 8 - 4)
        let (path, filled) = glyph.path(in: CGRect(x: 0, y: 0, width: side, height: side), rightToLeft: rightToLeft)
        let color = look(for: configuration).foreground
        context.saveGState()
        context.translateBy(x: x.rounded(), y: ((bounds.height - side) / 2).rounded())
        if filled {
            context.setFillColor(color)
            path.fill()
        } else {
            context.setStrokeColor(color)
            path.lineWidth = glyph == .back ? 2.5 : 1.8
            path.lineCapStyle = .round
            path.lineJoinStyle = .round
            path.stroke()
        }
        context.restoreGState()
    }
}
