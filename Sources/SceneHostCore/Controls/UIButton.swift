import Foundation

/// A button, as UIKit's `UIButton`: drawn from its `configuration` (iOS 15) or, without one, from the
/// titles, title colours and images set per state (`setTitle(_:for:)`). A click (press and release
/// inside) sends `.primaryActionTriggered` then `.touchUpInside`; a button whose `menu` is its primary
/// action (`showsMenuAsPrimaryAction`) shows the menu on the press instead, after sending
/// `.menuActionTriggered`. With `changesSelectionAsPrimaryAction` a click toggles `isSelected`, or, with
/// a menu, the button is a pop-up button: one of the menu's actions is on and its title is the
/// button's. Enabled buttons take keyboard focus (Tab); Space and Return then act as a click (sending
/// `.primaryActionTriggered` and `.touchUpInside`) or open the menu with its first row highlighted.
///
/// Differs from UIKit: actions are closures (`UIAction`), never selectors; there is no `titleLabel` or
/// `imageView` (the button draws its title and image itself); the `ButtonType`s other than `.custom`,
/// `.system` and `.plain` draw like `.system` with no glyph of their own; menus are drawn inside the
/// scene's window.
@MainActor
open class UIButton: UIControl, KeyboardActivatable {
    /// A click on the control acts even inside a view with a tap recognizer, as UIKit's UIButton.
    override var winsAncestorSingleTaps: Bool { true }

    /// What a button made with `init(type:)` looks like (UIKit's raw values).
    public enum ButtonType: Int, Sendable {
        case custom = 0, system = 1, detailDisclosure = 2, infoLight = 3, infoDark = 4, contactAdd = 5, plain = 6, close = 7
        /// The same as `.system`, as in UIKit.
        public static let roundedRect = ButtonType.system
    }

    /// The type the button was made with (`.custom` for `init(frame:)`, `.system` for a configuration).
    public private(set) var buttonType: ButtonType = .custom

    /// How the button looks; nil: the per-state titles, colours and images. Setting it redraws the
    /// button and updates its intrinsic size.
    open var configuration: Configuration? {
        didSet { if configuration != oldValue { contentDidChange() } }
    }

    /// Called with the button when its configuration needs updating (a change of state, or
    /// `setNeedsUpdateConfiguration()`), before it is next laid out or drawn; it usually sets
    /// `configuration` from `state`.
    public typealias ConfigurationUpdateHandler = @MainActor (UIButton) -> Void
    /// The handler `updateConfiguration()` runs; setting it asks for an update.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }
    /// Whether a change of state asks for a configuration update; default true.
    open var automaticallyUpdatesConfiguration = true

    /// The menu the button shows: as its primary action when `showsMenuAsPrimaryAction`. SceneHost
    /// shows it on a click or Space/Return (UIKit also on a long press, which SceneHost does not have).
    open var menu: UIMenu? { didSet { menuDidChange() } }
    /// Whether a click shows the menu rather than sending the primary action.
    open var showsMenuAsPrimaryAction = false
    /// Whether a click selects: toggles `isSelected`, or (with a menu) makes the chosen action the
    /// selected one, whose title the button shows (a pop-up button, iOS 15).
    open var changesSelectionAsPrimaryAction = false { didSet { menuDidChange() } }

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var needsConfigurationUpdate = true
    private let titleText = ControlText(), subtitleText = ControlText()
    /// The menu the button shows now, if it is open.
    private(set) weak var presentedMenu: MenuOverlayView?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        // Drawn at its size: a title is laid out again, never stretched.
        contentMode = .redraw
        registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (button: UIButton, _) in
            button.invalidateIntrinsicContentSize()
        }
    }

    /// A button of `buttonType`; `primaryAction` runs on `.primaryActionTriggered` and gives its title
    /// and image to the button.
    public convenience init(type buttonType: ButtonType, primaryAction: UIAction? = nil) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        if let primaryAction { adopt(primaryAction) }
    }

    /// A button drawn from `configuration` (a `.system` button, as in UIKit).
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(frame: .zero)
        buttonType = .system
        self.configuration = configuration
        if let primaryAction { adopt(primaryAction) }
    }

    /// A custom button with `primaryAction` (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { adopt(primaryAction) }
    }

    private func adopt(_ action: UIAction) {
        addAction(action, for: .primaryActionTriggered)
        if configuration != nil {
            if configuration?.title == nil { configuration?.title = action.title }
            if configuration?.image == nil { configuration?.image = action.image }
        } else {
            if titles[0] == nil { setTitle(action.title, for: .normal) }
            if images[0] == nil, let image = action.image { setImage(image, for: .normal) }
        }
    }

    // MARK: Per-state content

    /// Sets the title shown in `state` (nil removes it); states without one show the `.normal` title.
    /// On a configured button it replaces the configuration's title in that state.
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        contentDidChange()
    }
    /// The title set for `state`, else the `.normal` one.
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[0] }
    /// Sets the title colour of a button without configuration in `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        setNeedsDisplay()
    }
    /// The title colour set for `state`, else the `.normal` one.
    open func titleColor(for state: State) -> UIColor? { titleColors[state.rawValue] ?? titleColors[0] }
    /// Sets the image shown in `state`; states without one show the `.normal` image.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        contentDidChange()
    }
    /// The image set for `state`, else the `.normal` one.
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[0] }

    /// The title shown now: the selected menu action's for a pop-up button, else the one for the
    /// current state, else the configuration's.
    public var currentTitle: String? {
        if let selected = selectedMenuAction { return selected.title }
        return title(for: state) ?? configuration?.title
    }
    /// The colour the title is drawn in now (the state's look).
    public var currentTitleColor: UIColor { look(for: configuration).foreground }
    /// The image shown now: the state's, else the configuration's.
    public var currentImage: UIImage? { image(for: state) ?? configuration?.image }

    // MARK: Configuration updates

    /// Asks for `updateConfiguration()` before the button is next laid out or drawn.
    public func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Runs the configuration update handler; overrides call super, as in UIKit.
    open func updateConfiguration() {
        configurationUpdateHandler?(self)
    }

    private func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        updateConfiguration()
    }

    override func stateDidChange() {
        super.stateDidChange()
        if automaticallyUpdatesConfiguration { setNeedsUpdateConfiguration() }
    }

    open override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        super.didUpdateFocus(in: context, with: coordinator)
        if automaticallyUpdatesConfiguration { setNeedsUpdateConfiguration() }
    }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
    }

    private func contentDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Menu and selection

    /// The action whose title a pop-up button shows: the first of its menu's actions that is on.
    var selectedMenuAction: UIAction? {
        guard changesSelectionAsPrimaryAction, let menu else { return nil }
        return Self.actions(in: menu).first { $0.state == .on }
    }

    private static func actions(in menu: UIMenu) -> [UIAction] {
        menu.children.flatMap { child -> [UIAction] in
            if let action = child as? UIAction { return [action] }
            if let submenu = child as? UIMenu { return actions(in: submenu) }
            return []
        }
    }

    private func menuDidChange() {
        // A pop-up button always has a selection: the first action, when none is on (as UIKit does).
        if changesSelectionAsPrimaryAction, let menu, selectedMenuAction == nil {
            Self.actions(in: menu).first?.state = .on
        }
        contentDidChange()
    }

    /// Makes `action` the pop-up button's selection: the only action of the menu that is on.
    private func select(_ action: UIAction) {
        guard let menu else { return }
        for other in Self.actions(in: menu) { other.state = other === action ? .on : .off }
        contentDidChange()
    }

    /// Shows the menu below the button (above when there is no room), after `.menuActionTriggered`.
    private func showMenu() {
        guard let menu, let window, presentedMenu == nil else { return }
        sendActions(for: .menuActionTriggered)
        presentedMenu = MenuOverlayView.present(menu, in: window, anchor: convert(bounds, to: window),
                                                perform: { [weak self] action in
            guard let self else { return action.perform(sender: nil) }
            if self.changesSelectionAsPrimaryAction { self.select(action) }
            action.perform(sender: self)
        })
    }

    // MARK: Tracking and keys

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if showsMenuAsPrimaryAction, menu != nil {
            // The menu opens on the press, as iPadOS's do; the release leaves it open.
            showMenu()
            return false
        }
        return super.beginTracking(touch, with: event)
    }

    /// A click (released inside, with the touch slop): a selecting button toggles, then
    /// `.primaryActionTriggered` is sent, then `.touchUpInside`, as Space sends them: an action
    /// registered for both runs once.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard isTouchInside else { return }
        if changesSelectionAsPrimaryAction, menu == nil { isSelected.toggle() }
        clickEvents.append(.primaryActionTriggered)
    }

    /// An enabled button takes keyboard focus.
    open override var canBecomeFocused: Bool { isEnabled }

    func activateFromKeyboard() {
        guard isEnabled else { return }
        if showsMenuAsPrimaryAction, menu != nil {
            showMenu()
            presentedMenu?.panels.first?.highlightFirst()
            return
        }
        if changesSelectionAsPrimaryAction, menu == nil { isSelected.toggle() }
        sendActions(inOrder: [.primaryActionTriggered, .touchUpInside])
    }

    // MARK: Look

    /// The colours for `configuration` in the button's state (the per-state colours without one).
    func look(for configuration: Configuration?) -> (foreground: UIColor, background: UIColor?) {
        let tint: UIColor = tintColor
        guard let configuration else {
            let fallback: UIColor = buttonType == .custom ? .white : (isEnabled ? tint : .tertiaryLabel)
            var foreground = titleColor(for: state) ?? fallback
            // A system button fades while pressed, as UIKit's.
            if isHighlighted, buttonType != .custom, titleColors[State.highlighted.rawValue] == nil {
                let base = foreground
                foreground = UIColor { traits in
                    let color = base.resolvedColor(with: traits)
                    return color.withAlphaComponent(color.alpha * 0.2)
                }
            }
            return (foreground, nil)
        }
        var foreground: UIColor, background: UIColor?
        var style = configuration.style
        if isSelected, configuration.automaticallyUpdateForSelection {
            // Selected: a step up in prominence, as UIKit's toggle buttons.
            style = style == .tinted || style == .filled ? .filled : .tinted
        }
        switch style {
        case .plain: (foreground, background) = (configuration.baseForegroundColor ?? tint, configuration.baseBackgroundColor)
        case .gray: (foreground, background) = (configuration.baseForegroundColor ?? tint, configuration.baseBackgroundColor ?? .secondarySystemFill)
        case .tinted:
            let base = configuration.baseBackgroundColor ?? tint
            foreground = configuration.baseForegroundColor ?? tint
            background = UIColor { traits in base.resolvedColor(with: traits).withAlphaComponent(traits.userInterfaceStyle == .dark ? 0.25 : 0.15) }
        case .filled: (foreground, background) = (configuration.baseForegroundColor ?? .white, configuration.baseBackgroundColor ?? tint)
        }
        if !isEnabled {
            foreground = .tertiaryLabel
            if background != nil { background = .tertiarySystemFill }
        } else if isHighlighted {
            if let pressed = background, style != .plain {
                // A strong background lightens; a pale one deepens.
                background = UIColor { traits in
                    let color = pressed.resolvedColor(with: traits)
                    return color.withAlphaComponent(color.alpha > 0.5 ? color.alpha * 0.75 : min(1, color.alpha * 1.8))
                }
            } else {
                // Faded to a third of its own opacity (a colour may have an alpha of its own).
                let base = foreground
                foreground = UIColor { traits in
                    let color = base.resolvedColor(with: traits)
                    return color.withAlphaComponent(color.alpha * 0.35)
                }
            }
        }
        return (foreground, background)
    }

    /// What is drawn: text, fonts, image, insets and whether the pop-up indicator shows.
    private struct DrawnContent {
        var title: String?, subtitle: String?, image: UIImage?
        var titleFont: UIFont, subtitleFont: UIFont
        var insets: NSDirectionalEdgeInsets
        var imagePlacement: NSDirectionalRectEdge, imagePadding: CGFloat, titlePadding: CGFloat
        var titleAlignment: Configuration.TitleAlignment
        var showsIndicator: Bool
        /// The indicator's size and its space from the text: UIKit's at the body size, scaled with the title.
        var indicatorSize: CGSize { CGSize(width: 8 * indicatorScale, height: 12 * indicatorScale) }
        var indicatorSpacing: CGFloat { 6 * indicatorScale }
        var indicatorScale: CGFloat { max(0.8, titleFont.pointSize / 17) }
    }

    private var drawnContent: DrawnContent {
        let traits = traitCollection
        let title = currentTitle.flatMap { $0.isEmpty ? nil : $0 }
        guard let configuration else {
            return DrawnContent(title: title, subtitle: nil, image: currentImage,
                           titleFont: UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 15), compatibleWith: traits),
                           subtitleFont: .systemFont(ofSize: 12),
                           insets: NSDirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 0),
                           imagePlacement: .leading, imagePadding: 0, titlePadding: 0, titleAlignment: .automatic, showsIndicator: false)
        }
        let styles = configuration.textStyles
        var titleFont = UIFont.preferredFont(forTextStyle: styles.title, compatibleWith: traits)
        if configuration.style == .filled { titleFont = .systemFont(ofSize: titleFont.pointSize, weight: .semibold) }
        let indicator = configuration.indicator == .popup
            || (configuration.indicator == .automatic && changesSelectionAsPrimaryAction && menu != nil)
        return DrawnContent(title: title, subtitle: configuration.subtitle, image: currentImage, titleFont: titleFont,
                       subtitleFont: .preferredFont(forTextStyle: styles.subtitle, compatibleWith: traits),
                       insets: configuration.contentInsets, imagePlacement: configuration.imagePlacement,
                       imagePadding: configuration.imagePadding, titlePadding: configuration.titlePadding,
                       titleAlignment: configuration.titleAlignment, showsIndicator: indicator)
    }

    /// The sizes of the text block (title over subtitle), with the text laid out within `width`.
    private func measureText(_ content: DrawnContent, width: CGFloat?) -> (block: CGSize, title: CGSize, subtitle: CGSize) {
        var title = CGSize.zero, subtitle = CGSize.zero
        if let text = content.title {
            titleText.configure(text, font: content.titleFont, width: width)
            title = titleText.size
        }
        if let text = content.subtitle {
            subtitleText.configure(text, font: content.subtitleFont, width: width)
            subtitle = subtitleText.size
        }
        let padding = title.height > 0 && subtitle.height > 0 ? content.titlePadding : 0
        return (CGSize(width: max(title.width, subtitle.width), height: title.height + padding + subtitle.height), title, subtitle)
    }

    /// The content's size (image, text and indicator, without the insets) with text of `text` size.
    private func contentSize(_ content: DrawnContent, text: CGSize) -> CGSize {
        let image = content.image?.size ?? .zero
        let hasBoth = image.width > 0 && text.width > 0
        let padding = hasBoth ? content.imagePadding : 0
        var size: CGSize
        if content.imagePlacement.contains(.top) || content.imagePlacement.contains(.bottom) {
            size = CGSize(width: max(image.width, text.width), height: image.height + padding + text.height)
        } else {
            size = CGSize(width: image.width + padding + text.width, height: max(image.height, text.height))
        }
        if content.showsIndicator {
            size.width += content.indicatorSpacing + content.indicatorSize.width
            size.height = max(size.height, content.indicatorSize.height)
        }
        return size
    }

    /// The content's size plus the insets, in whole points.
    open override var intrinsicContentSize: CGSize {
        updateConfigurationIfNeeded()
        let content = self.drawnContent
        let size = contentSize(content, text: measureText(content, width: nil).block)
        return CGSize(width: ceil(size.width + content.insets.leading + content.insets.trailing),
                      height: ceil(size.height + content.insets.top + content.insets.bottom))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        updateConfigurationIfNeeded()
        let content = self.drawnContent
        let look = self.look(for: configuration)
        let bodyScale = UIFont.preferredFont(forTextStyle: .body, compatibleWith: traitCollection).pointSize / 17
        let radius = configuration?.cornerRadius(height: bounds.height, scale: bodyScale) ?? 0
        if let background = look.background {
            context.setFillColor(background)
            context.addRoundedRect(bounds, cornerRadius: min(radius, bounds.height / 2, bounds.width / 2))
            context.fillPath()
        }
        let rightToLeft = isRightToLeftLayout
        let insets = content.insets.absolute(rightToLeft: rightToLeft)
        let area = CGRect(x: insets.left, y: insets.top, width: bounds.width - insets.left - insets.right,
                          height: bounds.height - insets.top - insets.bottom)
        // The text gets what the image and indicator leave of the width, and truncates beyond it.
        let image = content.image?.size ?? .zero
        let vertical = content.imagePlacement.contains(.top) || content.imagePlacement.contains(.bottom)
        var others = content.showsIndicator ? content.indicatorSpacing + content.indicatorSize.width : 0
        if !vertical, image.width > 0 { others += image.width + content.imagePadding }
        var text = measureText(content, width: nil)
        if text.block.width > area.width - others {
            text = measureText(content, width: max(0, area.width - others))
        }
        let size = contentSize(content, text: text.block)
        // The content is centred in the area, as UIKit's default content alignment.
        var box = CGRect(x: area.midX - size.width / 2, y: area.midY - size.height / 2, width: size.width, height: size.height)
        if content.showsIndicator {
            let x = rightToLeft ? box.minX : box.maxX - content.indicatorSize.width
            drawIndicator(in: context, rect: CGRect(x: x, y: box.midY - content.indicatorSize.height / 2, width: content.indicatorSize.width,
                                                    height: content.indicatorSize.height), color: look.foreground)
            box.size.width -= content.indicatorSpacing + content.indicatorSize.width
            if rightToLeft { box.origin.x += content.indicatorSpacing + content.indicatorSize.width }
        }
        var textBox = CGRect(origin: .zero, size: text.block)
        if image.width > 0 {
            let padding = text.block.width > 0 ? content.imagePadding : 0
            var imageOrigin: CGPoint
            if vertical {
                let top = content.imagePlacement.contains(.top)
                imageOrigin = CGPoint(x: box.midX - image.width / 2, y: top ? box.minY : box.maxY - image.height)
                textBox.origin = CGPoint(x: box.midX - text.block.width / 2, y: top ? box.minY + image.height + padding : box.minY)
            } else {
                let leadingImage = !content.imagePlacement.contains(.trailing)
                let imageOnLeft = leadingImage != rightToLeft
                imageOrigin = CGPoint(x: imageOnLeft ? box.minX : box.maxX - image.width, y: box.midY - image.height / 2)
                textBox.origin = CGPoint(x: imageOnLeft ? box.minX + image.width + padding : box.minX, y: box.midY - text.block.height / 2)
            }
            // Symbols and templates take the title's colour, as UIKit tints them.
            content.image?.draw(in: CGRect(origin: imageOrigin, size: image), tint: look.foreground,
                                templateWhenAutomatic: content.image?.isSymbolImage ?? false)
        } else {
            textBox.origin = CGPoint(x: box.minX, y: box.midY - text.block.height / 2)
        }
        // Title and subtitle aligned with each other: centred under a top or bottom image, else leading.
        let alignment: Configuration.TitleAlignment = content.titleAlignment == .automatic ? (vertical ? .center : .leading) : content.titleAlignment
        func x(for width: CGFloat) -> CGFloat {
            switch alignment {
            case .center, .automatic: textBox.midX - width / 2
            case .leading: rightToLeft ? textBox.maxX - width : textBox.minX
            case .trailing: rightToLeft ? textBox.minX : textBox.maxX - width
            }
        }
        if content.title != nil {
            titleText.draw(in: context, at: CGPoint(x: x(for: text.title.width), y: textBox.minY), color: look.foreground)
        }
        if content.subtitle != nil {
            let y = textBox.minY + text.title.height + (text.title.height > 0 ? content.titlePadding : 0)
            subtitleText.draw(in: context, at: CGPoint(x: x(for: text.subtitle.width), y: y), color: look.foreground)
        }
        if isFocused { drawFocusRing(in: context, cornerRadius: max(radius, 4)) }
    }

    /// The pop-up indicator: a chevron up over a chevron down.
    private func drawIndicator(in context: CGContext, rect: CGRect, color: UIColor) {
        context.saveGState()
        context.setStrokeColor(color)
        context.setLineWidth(rect.width / 5)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.beginPath()
        let rise = rect.height / 3
        context.move(to: CGPoint(x: rect.minX, y: rect.minY + rise))
        context.addLine(to: CGPoint(x: rect.midX, y: rect.minY))
        context.addLine(to: CGPoint(x: rect.maxX, y: rect.minY + rise))
        context.move(to: CGPoint(x: rect.minX, y: rect.maxY - rise))
        context.addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
        context.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - rise))
        context.strokePath()
        context.restoreGState()
    }
}
