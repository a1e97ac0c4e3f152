import Foundation

/// A row of segments of which one is selected, as UIKit's `UISegmentedControl` (the iOS 13 look: a
/// grey rounded track with the selected segment raised on it). A click on an enabled segment selects it
/// and sends `.valueChanged` (performing the segment's action first, for segments made from actions);
/// setting `selectedSegmentIndex` sends nothing, as in UIKit. Focused (Tab), ← and → move the selection
/// (mirrored in right-to-left), and Space selects the next segment. Segments run right to left in a
/// right-to-left layout.
///
/// Titles are 13-point text (semibold when selected) unless `setTitleTextAttributes(_:for:)` gives a
/// font; the control grows taller for a taller font. As UIKit's, it does not follow Dynamic Type by
/// itself: set a text style's font again when the content size category changes.
///
/// Differs from UIKit: the selection cannot be dragged from segment to segment; of the title
/// attributes only `.font` and `.foregroundColor` are used, for the normal and selected states.
@MainActor
open class UISegmentedControl: UIControl, KeyboardActivatable {
    /// A click on the control acts even inside a view with a tap recognizer, as UIKit's UISegmentedControl.
    override var winsAncestorSingleTaps: Bool { true }

    /// The index that means no segment is selected.
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var action: UIAction?
        var isEnabled = true
        /// 0: automatic.
        var width: CGFloat = 0
    }
    private var segments: [Segment] = []

    /// The selected segment, or `noSegment`. Setting it sends no event.
    open var selectedSegmentIndex: Int = UISegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex < 0 || selectedSegmentIndex >= segments.count { selectedSegmentIndex = Self.noSegment }
            guard selectedSegmentIndex != oldValue else { return }
            // A person's choice slides the raised segment over from the one selected before.
            let slides = choosing && oldValue != Self.noSegment && selectedSegmentIndex != Self.noSegment
            shownSelection.set(CGFloat(selectedSegmentIndex), animated: slides)
            setNeedsDisplay()
        }
    }
    /// Where the raised segment is drawn, as a segment index (between two while it slides).
    private(set) lazy var shownSelection = ShownValue(CGFloat(selectedSegmentIndex), in: self)
    /// Set while a person's choice is applied.
    private var choosing = false
    /// A momentary control keeps no selection: a chosen segment is selected while its actions run,
    /// then `selectedSegmentIndex` goes back to `noSegment`.
    open var isMomentary = false
    /// Whether segments are as wide as their content (else all as wide as the widest).
    open var apportionsSegmentWidthsByContent = false { didSet { contentDidChange() } }
    /// The selected segment's colour; nil: white (dark grey in dark mode), as UIKit's.
    open var selectedSegmentTintColor: UIColor? { didSet { setNeedsDisplay() } }

    /// The segment pressed now, shown dimmed.
    private var pressedSegment: Int?
    private let text = ControlText()

    static let height: CGFloat = 32, cornerRadius: CGFloat = 9, inset: CGFloat = 2, padding: CGFloat = 12
    static let font = UIFont.systemFont(ofSize: 13), selectedFont = UIFont.systemFont(ofSize: 13, weight: .semibold)

    private var titleAttributes: [UIControl.State.RawValue: [NSAttributedString.Key: Any]] = [:]

    /// Sets the attributes of the titles in `state` (`.normal` applies to every state that has none of
    /// its own); `.font` and `.foregroundColor` are used.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        contentDidChange()
    }

    /// The attributes set for `state`'s titles, if any.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }

    private func attribute<T>(_ key: NSAttributedString.Key, selected: Bool) -> T? {
        (selected ? titleAttributes[UIControl.State.selected.rawValue]?[key] as? T : nil) ?? titleAttributes[UIControl.State.normal.rawValue]?[key] as? T
    }

    /// A title's font: the state's attribute, else the normal state's, else 13 points (semibold selected).
    private func titleFont(selected: Bool) -> UIFont {
        attribute(.font, selected: selected) ?? (selected ? Self.selectedFont : Self.font)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
    }

    /// Segments with `items`' titles (`String`) or images (`UIImage`).
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            if let title = item as? String { segments.append(Segment(title: title)) }
            else if let image = item as? UIImage { segments.append(Segment(image: image)) }
        }
        frame.size = intrinsicContentSize
    }

    /// Segments made from `actions`: each shows its action's title (or image) and performs it when
    /// selected (iOS 14).
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        segments = actions.map { Segment(title: $0.title, image: $0.image, action: $0) }
    }

    private func contentDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Segments

    /// How many segments there are.
    open var numberOfSegments: Int { segments.count }

    /// Inserts a segment with `title` at `segment` (clamped); the selection stays on its segment. No animation.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }
    /// Inserts a segment with `image` at `segment` (clamped). No animation.
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }
    /// Inserts a segment made from `action` (iOS 14).
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Segment(title: action.title, image: action.image, action: action), at: segment)
    }

    private func insert(_ segment: Segment, at index: Int) {
        let index = min(max(0, index), segments.count)
        segments.insert(segment, at: index)
        // The selection stays on the segment it was on.
        if selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
        contentDidChange()
    }

    /// Removes a segment; removing the selected one leaves none selected.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selectedSegmentIndex == segment { selectedSegmentIndex = Self.noSegment }
        else if selectedSegmentIndex > segment { selectedSegmentIndex -= 1 }
        contentDidChange()
    }

    /// Removes every segment; none is selected.
    open func removeAllSegments() {
        segments = []
        selectedSegmentIndex = Self.noSegment
        contentDidChange()
    }

    /// Shows `title` in the segment (instead of its image).
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        contentDidChange()
    }
    /// The segment's title, if it shows one.
    open func titleForSegment(at segment: Int) -> String? { segments.indices.contains(segment) ? segments[segment].title : nil }
    /// Shows `image` in the segment (instead of its title).
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        contentDidChange()
    }
    /// The segment's image, if it shows one.
    open func imageForSegment(at segment: Int) -> UIImage? { segments.indices.contains(segment) ? segments[segment].image : nil }
    /// Makes the segment perform `action` and show its title (iOS 14).
    open func setAction(_ action: UIAction, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment] = Segment(title: action.title, image: action.image, action: action,
                                    isEnabled: segments[segment].isEnabled, width: segments[segment].width)
        contentDidChange()
    }
    /// The action the segment was made from, if any.
    open func actionForSegment(at segment: Int) -> UIAction? { segments.indices.contains(segment) ? segments[segment].action : nil }
    /// The index of the segment whose action has `identifier`, or `noSegment`.
    open func segmentIndex(identifiedBy identifier: UIAction.Identifier) -> Int {
        segments.firstIndex { $0.action?.identifier == identifier } ?? Self.noSegment
    }
    /// Enables or disables one segment: a disabled one is dimmed and cannot be selected by a person.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        setNeedsDisplay()
    }
    /// Whether the segment is enabled.
    open func isEnabledForSegment(at segment: Int) -> Bool { segments.indices.contains(segment) ? segments[segment].isEnabled : false }
    /// Sets the segment's width; 0 (the default) sizes it automatically.
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = max(0, width)
        contentDidChange()
    }
    /// The width set for the segment; 0 when automatic.
    open func widthForSegment(at segment: Int) -> CGFloat { segments.indices.contains(segment) ? segments[segment].width : 0 }

    // MARK: Layout

    private func contentWidth(of segment: Segment) -> CGFloat {
        if let image = segment.image { return image.size.width }
        guard let title = segment.title, !title.isEmpty else { return 0 }
        // Measured in the selected (wider) weight, so selecting does not change the size.
        text.configure(title, font: titleFont(selected: true))
        return text.size.width
    }

    /// The natural width of each segment: its own, or the automatic one.
    private var naturalWidths: [CGFloat] {
        let widths = segments.map { ceil(contentWidth(of: $0)) + 2 * Self.padding }
        let widest = widths.max() ?? 0
        return segments.indices.map { index in
            segments[index].width > 0 ? segments[index].width : (apportionsSegmentWidthsByContent ? widths[index] : widest)
        }
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: naturalWidths.reduce(0, +), height: max(Self.height, titleHeight + 16))
    }

    /// The tallest title's height, measured in the selected font.
    private var titleHeight: CGFloat {
        segments.compactMap(\.title).map { title in
            text.configure(title, font: titleFont(selected: true))
            return text.size.height
        }.max() ?? 0
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The segments' rectangles in the bounds, left to right in reading order (mirrored in
    /// right-to-left): the fixed widths kept, the others sharing what is left in proportion.
    func segmentFrames() -> [CGRect] {
        let natural = naturalWidths
        let fixed = segments.indices.filter { segments[$0].width > 0 }.reduce(0) { $0 + natural[$1] }
        let flexible = natural.reduce(0, +) - fixed
        let room = max(0, bounds.width - fixed)
        var x: CGFloat = 0
        var frames: [CGRect] = []
        for index in segments.indices {
            let width = segments[index].width > 0 ? natural[index] : (flexible > 0 ? natural[index] / flexible * room : 0)
            frames.append(CGRect(x: x, y: 0, width: width, height: bounds.height))
            x += width
        }
        if isRightToLeftLayout { frames = frames.map { CGRect(x: bounds.width - $0.maxX, y: 0, width: $0.width, height: $0.height) } }
        return frames
    }

    /// The segment at `point` (bounds coordinates), if any.
    func segment(at point: CGPoint) -> Int? {
        segmentFrames().firstIndex { $0.minX <= point.x && point.x < $0.maxX }
    }

    // MARK: Selection

    /// A person chose `index`: it becomes the selection, its action is performed and `.valueChanged`
    /// sent, when it changed or the control is momentary. A momentary control's handlers read the
    /// chosen index, as UIKit's; the selection goes back to `noSegment` after them.
    private func choose(_ index: Int) {
        guard segments.indices.contains(index), segments[index].isEnabled else { return }
        guard index != selectedSegmentIndex || isMomentary else { return }
        choosing = true
        selectedSegmentIndex = index
        choosing = false
        if let action = segments[index].action { sendAction(action) }
        sendActions(for: [.valueChanged, .primaryActionTriggered])
        if isMomentary { selectedSegmentIndex = Self.noSegment }
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressedSegment = segment(at: touch.location(in: self))
        setNeedsDisplay()
        return super.beginTracking(touch, with: event)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let over = isTouchInside ? segment(at: touch.location(in: self)) : nil
        if over != pressedSegment {
            pressedSegment = over
            setNeedsDisplay()
        }
        return super.continueTracking(touch, with: event)
    }

    /// The release selects the segment under it.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        pressedSegment = nil
        setNeedsDisplay()
        if let touch, bounds.contains(touch.location(in: self)), let index = segment(at: touch.location(in: self)) { choose(index) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        pressedSegment = nil
        setNeedsDisplay()
    }

    // MARK: Keyboard

    open override var canBecomeFocused: Bool { isEnabled && !segments.isEmpty }

    /// Space selects the next enabled segment (the first after the last).
    func activateFromKeyboard() { step(by: 1, wrapping: true) }

    func handleFocusedKey(_ input: String, modifierFlags: UIKeyModifierFlags) -> Bool {
        guard modifierFlags.isEmpty else { return false }
        guard let direction = trailingStep(forArrow: input) else { return false }
        step(by: direction, wrapping: false)
        return true
    }

    private func step(by direction: Int, wrapping: Bool) {
        guard !segments.isEmpty else { return }
        var index = selectedSegmentIndex == Self.noSegment ? (direction > 0 ? -1 : segments.count) : selectedSegmentIndex
        for _ in segments.indices {
            index += direction
            if wrapping { index = (index + segments.count) % segments.count }
            guard segments.indices.contains(index) else { return }
            if segments[index].isEnabled { return choose(index) }
        }
    }

    // MARK: Drawing

    static let track = UIColor(light: UIColor(rgb: 0x767680, alpha: 0.12), dark: UIColor(rgb: 0x767680, alpha: 0.24))
    static let thumb = UIColor(light: .white, dark: UIColor(rgb: 0x636366))

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let radius = min(Self.cornerRadius, bounds.height / 2)
        context.setFillColor(Self.track)
        context.addRoundedRect(bounds, cornerRadius: radius)
        context.fillPath()
        let frames = segmentFrames()
        let selected = selectedSegmentIndex
        // Separators between segments neither of which is selected.
        let hairline = 1 / max(1, traitCollection.displayScale)
        for index in frames.indices.dropFirst() where index != selected && index - 1 != selected {
            let x = isRightToLeftLayout ? frames[index].maxX : frames[index].minX
            context.setFillColor(UIColor.systemGray.withAlphaComponent(0.3))
            context.fill(CGRect(x: x - hairline / 2, y: 8, width: hairline, height: max(0, bounds.height - 16)))
        }
        if frames.indices.contains(selected) {
            // Between the two segments it slides across, while it slides.
            let shown = min(max(shownSelection.current, 0), CGFloat(frames.count - 1))
            let low = frames[Int(shown.rounded(.down))], high = frames[Int(shown.rounded(.up))], f = shown - shown.rounded(.down)
            let between = CGRect(x: low.minX + (high.minX - low.minX) * f, y: low.minY,
                                 width: low.width + (high.width - low.width) * f, height: low.height)
            let thumb = between.insetBy(dx: Self.inset, dy: Self.inset)
            context.setFillColor(UIColor(white: 0, alpha: 0.06))
            context.addRoundedRect(thumb.offsetBy(dx: 0, dy: 1).insetBy(dx: -0.5, dy: -0.5), cornerRadius: radius - Self.inset + 0.5)
            context.fillPath()
            context.setFillColor(selectedSegmentTintColor ?? Self.thumb)
            context.addRoundedRect(thumb, cornerRadius: radius - Self.inset)
            context.fillPath()
        }
        for (index, frame) in frames.enumerated() {
            let segment = segments[index]
            let enabled = isEnabled && segment.isEnabled
            var color: UIColor = enabled ? attribute(.foregroundColor, selected: index == selected) ?? .label : .tertiaryLabel
            if index == pressedSegment, index != selected { color = color.withAlphaComponent(0.4) }
            if let image = segment.image {
                let size = image.size
                // Segment images are templates in the text's colour unless they ask to be drawn as they are.
                image.draw(in: CGRect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2, width: size.width, height: size.height),
                           tint: color, templateWhenAutomatic: true)
            } else if let title = segment.title {
                let available = max(0, frame.width - 2 * 6)
                let font = titleFont(selected: index == selected)
                text.configure(title, font: font)
                if text.size.width > available { text.configure(title, font: font, width: available) }
                let size = text.size
                text.draw(in: context, at: CGPoint(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2), color: color)
            }
        }
        if isFocused { drawFocusRing(in: context, cornerRadius: radius) }
    }
}
