import Cairo
import Foundation

/// One level of an open menu, drawn as iPadOS draws it: a rounded panel with a soft shadow; a row per
/// element with its title, subtitle, image at the trailing edge, a checkmark at the leading edge for
/// `.on` (a dash for `.mixed`), a chevron for a submenu; destructive rows in red, disabled ones dimmed;
/// the menu's title as a small header; a thick separator between inline groups and thin ones between
/// rows. Text follows the Dynamic Type size; the layout mirrors in right-to-left.
@MainActor
final class MenuPanelView: UIView {
    /// A row of the panel.
    @MainActor struct Row {
        enum Kind {
            case action(UIAction)
            case submenu(UIMenu)
            case header(String)
            /// A deferred element waiting for its provider.
            case loading
            /// The band between inline groups.
            case separator
        }
        var kind: Kind
        /// In the menu's coordinates (`menuRect`'s origin is its top-left).
        var frame: CGRect = .zero
        /// The nearest menu above the row with `.singleSelection`, which choosing it updates.
        weak var singleSelectionMenu: UIMenu?

        var isEnabled: Bool {
            switch kind {
            case .action(let action): !action.attributes.contains(.disabled)
            case .submenu: true
            case .header, .separator, .loading: false
            }
        }
        var element: UIMenuElement? {
            switch kind {
            case .action(let action): action
            case .submenu(let menu): menu
            default: nil
            }
        }
        var isDestructive: Bool {
            switch kind {
            case .action(let action): action.attributes.contains(.destructive)
            case .submenu(let menu): menu.options.contains(.destructive)
            default: false
            }
        }
    }

    let menu: UIMenu
    private unowned let overlay: MenuOverlayView
    private(set) var rows: [Row] = []
    private(set) var highlightedIndex: Int?
    /// Elements that uncached deferred elements gave for this opening.
    private var provided: [ObjectIdentifier: [UIMenuElement]] = [:]
    /// Where the menu itself lies in the panel (the rest is room for its shadow).
    private(set) var menuRect: CGRect = .zero
    private var anchor: CGRect = .zero, gap: CGFloat = 0, beside = false

    // Metrics, in points, after iPadOS's menus.
    static let shadowMargin: CGFloat = 24
    static let cornerRadius: CGFloat = 13
    static let minimumWidth: CGFloat = 250, maximumWidth: CGFloat = 320
    static let edgeInset: CGFloat = 16, checkmarkColumn: CGFloat = 26, imageSide: CGFloat = 20
    static let separatorHeight: CGFloat = 8

    private let titleText = ControlText(), subtitleText = ControlText()

    init(menu: UIMenu, overlay: MenuOverlayView) {
        self.menu = menu
        self.overlay = overlay
        super.init(frame: .zero)
        contentMode = .redraw
    }

    // MARK: Rows

    /// Makes the rows from the menu's elements (asking deferred elements for theirs) and sizes them.
    func build() {
        rows = []
        if !menu.title.isEmpty { rows.append(Row(kind: .header(menu.title))) }
        append(menu.children, selection: menu.options.contains(.singleSelection) ? menu : nil)
        // No band at either end.
        while case .separator = rows.last?.kind { rows.removeLast() }
        if case .separator = rows.first?.kind { rows.removeFirst() }
        measure()
    }

    private func append(_ elements: [UIMenuElement], selection: UIMenu?) {
        for element in elements {
            switch element {
            case let action as UIAction:
                guard !action.attributes.contains(.hidden) else { continue }
                rows.append(Row(kind: .action(action), singleSelectionMenu: selection))
            case let submenu as UIMenu where submenu.options.contains(.displayInline) || submenu.options.contains(.displayAsPalette):
                let group = submenu.options.contains(.singleSelection) ? submenu : selection
                let start = rows.count
                if !rows.isEmpty, !isSeparator(rows.last) { rows.append(Row(kind: .separator)) }
                if !submenu.title.isEmpty { rows.append(Row(kind: .header(submenu.title))) }
                append(submenu.children, selection: group)
                if rows.count == start + 1, isSeparator(rows.last) { rows.removeLast() }
                if rows.count > start { rows.append(Row(kind: .separator)) }
            case let submenu as UIMenu:
                rows.append(Row(kind: .submenu(submenu), singleSelectionMenu: selection))
            case let deferred as UIDeferredMenuElement:
                if let elements = deferred.providedElements ?? provided[ObjectIdentifier(deferred)] {
                    append(elements, selection: selection)
                } else {
                    rows.append(Row(kind: .loading))
                    load(deferred, selection: selection)
                }
            default:
                continue
            }
        }
    }

    private func isSeparator(_ row: Row?) -> Bool {
        if case .separator = row?.kind { return true }
        return false
    }

    /// Asks a deferred element for its elements; when they come (now or later) the rows are made again.
    /// Elements that come at once join the rows in place, in the single-selection menu (`selection`)
    /// the deferred element is part of.
    private func load(_ deferred: UIDeferredMenuElement, selection: UIMenu?) {
        var synchronous = true
        var arrived: [UIMenuElement]?
        deferred.provider { [weak self, weak deferred] elements in
            guard let deferred else { return }
            if deferred.isCached { deferred.providedElements = elements }
            if synchronous { arrived = elements; return }
            guard let self, !self.overlay.isDismissed else { return }
            self.provided[ObjectIdentifier(deferred)] = elements
            self.build()
            self.place(anchor: self.anchor, gap: self.gap, beside: self.beside, in: self.overlay.bounds)
        }
        synchronous = false
        if let arrived {
            provided[ObjectIdentifier(deferred)] = arrived
            rows.removeLast()
            append(arrived, selection: selection)
        }
    }

    // MARK: Layout

    private var bodyFont: UIFont { .preferredFont(forTextStyle: .body, compatibleWith: traitCollection) }
    private var smallFont: UIFont { .preferredFont(forTextStyle: .footnote, compatibleWith: traitCollection) }

    /// Whether rows leave room for a checkmark at the leading edge (some action is on or mixed).
    private var hasCheckmarks: Bool {
        rows.contains { if case .action(let action) = $0.kind { action.state != .off } else { false } }
    }
    /// Whether rows leave room for an image or chevron at the trailing edge.
    private var hasTrailingAccessory: Bool {
        rows.contains { if case .submenu = $0.kind { true } else { $0.element?.image != nil } }
    }

    private var textLeading: CGFloat { Self.edgeInset + (hasCheckmarks ? Self.checkmarkColumn : 0) }
    private var textTrailing: CGFloat { Self.edgeInset + (hasTrailingAccessory ? Self.imageSide + 12 : 0) }

    /// The menu's width (from its widest row, within UIKit's bounds) and each row's frame.
    private func measure() {
        var widest: CGFloat = 0
        for row in rows {
            guard let (title, subtitle) = texts(of: row) else { continue }
            titleText.configure(title, font: row.isHeader ? smallFont : bodyFont)
            var width = titleText.size.width
            if let subtitle {
                subtitleText.configure(subtitle, font: smallFont)
                width = max(width, subtitleText.size.width)
            }
            widest = max(widest, width)
        }
        let width = min(max(Self.minimumWidth, ceil(widest) + textLeading + textTrailing), Self.maximumWidth)
        var y: CGFloat = 0
        for index in rows.indices {
            let height = self.height(of: rows[index], width: width)
            rows[index].frame = CGRect(x: 0, y: y, width: width, height: height)
            y += height
        }
        menuRect.size = CGSize(width: width, height: y)
    }

    private func texts(of row: Row) -> (String, String?)? {
        switch row.kind {
        case .action(let action): (action.title, action.subtitle)
        case .submenu(let menu): (menu.title, menu.subtitle)
        case .header(let title): (title, nil)
        case .loading: ("Loading…", nil)
        case .separator: nil
        }
    }

    private func height(of row: Row, width: CGFloat) -> CGFloat {
        if case .separator = row.kind { return Self.separatorHeight }
        guard let (title, subtitle) = texts(of: row) else { return 0 }
        let textWidth = width - textLeading - textTrailing
        if row.isHeader {
            titleText.configure(title, font: smallFont, width: textWidth)
            return titleText.size.height + 16
        }
        titleText.configure(title, font: bodyFont, width: textWidth)
        var height = titleText.size.height
        if let subtitle {
            subtitleText.configure(subtitle, font: smallFont, width: textWidth, lines: 2)
            height += 1 + subtitleText.size.height
        }
        return max(44, height + 22)
    }

    /// Places the panel for `anchor` (window coordinates) inside `area`: below the anchor (above when
    /// it does not fit below), or beside it for a submenu, aligned with its leading edge.
    func place(anchor: CGRect, gap: CGFloat, beside: Bool, in area: CGRect) {
        self.anchor = anchor
        self.gap = gap
        self.beside = beside
        let size = menuRect.size, margin: CGFloat = 8
        let rightToLeft = isRightToLeftLayout
        var origin: CGPoint
        if beside {
            // A submenu: next to its row, on the trailing side when there is room, else the leading side.
            let trailing = rightToLeft ? anchor.minX - size.width - gap : anchor.maxX + gap
            let leading = rightToLeft ? anchor.maxX + gap : anchor.minX - size.width - gap
            let fits = trailing >= area.minX + margin && trailing + size.width <= area.maxX - margin
            origin = CGPoint(x: fits ? trailing : leading, y: anchor.minY)
        } else {
            origin = CGPoint(x: rightToLeft ? anchor.maxX - size.width : anchor.minX, y: anchor.maxY + gap)
            if origin.y + size.height > area.maxY - margin, anchor.minY - gap - size.height >= area.minY + margin {
                origin.y = anchor.minY - gap - size.height
            }
        }
        placedOrigin = origin
        keepInside(area)
    }

    /// Where the menu's top-left corner was placed, in the overlay's coordinates.
    private var placedOrigin: CGPoint = .zero

    /// Moves the menu inside `area` (8 points from its edges where it fits): when placed, and when the
    /// window's size changes.
    func keepInside(_ area: CGRect) {
        let margin: CGFloat = 8
        var origin = placedOrigin
        origin.x = min(max(origin.x, area.minX + margin), max(area.minX + margin, area.maxX - margin - menuRect.width))
        origin.y = min(max(origin.y, area.minY + margin), max(area.minY + margin, area.maxY - margin - menuRect.height))
        let margins = Self.shadowMargin
        frame = CGRect(x: origin.x - margins, y: origin.y - margins, width: menuRect.width + 2 * margins,
                       height: menuRect.height + 2 * margins)
        menuRect.origin = CGPoint(x: margins, y: margins)
        setNeedsDisplay()
    }

    // MARK: Highlight

    var highlightedRow: Row? { highlightedIndex.map { rows[$0] } }

    /// The index of the enabled row at `point` (this view's coordinates), if any.
    func rowIndex(at point: CGPoint) -> Int? {
        let local = CGPoint(x: point.x - menuRect.minX, y: point.y - menuRect.minY)
        return rows.indices.first { rows[$0].frame.contains(local) && rows[$0].isEnabled }
    }

    /// Highlights row number `index`.
    func highlight(rowAt index: Int) {
        guard index != highlightedIndex else { return }
        highlightedIndex = index
        setNeedsDisplay()
    }

    /// Moves the highlight to the next (or previous) enabled row, wrapping around.
    func moveHighlight(by step: Int) {
        let enabled = rows.indices.filter { rows[$0].isEnabled }
        guard !enabled.isEmpty else { return }
        if let current = highlightedIndex, let position = enabled.firstIndex(of: current) {
            highlightedIndex = enabled[(position + step + enabled.count) % enabled.count]
        } else {
            highlightedIndex = step > 0 ? enabled.first : enabled.last
        }
        setNeedsDisplay()
    }

    func highlightFirst() {
        highlightedIndex = rows.indices.first { rows[$0].isEnabled }
        setNeedsDisplay()
    }

    func highlightLast() {
        highlightedIndex = rows.indices.last { rows[$0].isEnabled }
        setNeedsDisplay()
    }

    // MARK: Drawing

    static let background = UIColor(light: UIColor(rgb: 0xF9F9F9), dark: UIColor(rgb: 0x2C2C2E))
    static let highlight = UIColor(light: UIColor(white: 0, alpha: 0.09), dark: UIColor(white: 1, alpha: 0.13))
    static let band = UIColor(light: UIColor(white: 0, alpha: 0.07), dark: UIColor(white: 0, alpha: 0.35))

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        // A soft shadow, ring upon ring, under the panel.
        for ring in 0..<8 {
            let spread = CGFloat(ring) * 2
            context.setFillColor(UIColor(white: 0, alpha: 0.018))
            context.addRoundedRect(menuRect.insetBy(dx: -spread, dy: -spread).offsetBy(dx: 0, dy: 6), cornerRadius: Self.cornerRadius + spread)
            context.fillPath()
        }
        context.saveGState()
        context.addRoundedRect(menuRect, cornerRadius: Self.cornerRadius)
        context.clip()
        context.setFillColor(Self.background)
        context.fill(menuRect)
        context.translateBy(x: menuRect.minX, y: menuRect.minY)
        let hairline = 1 / max(1, traitCollection.displayScale)
        for (index, row) in rows.enumerated() {
            if case .separator = row.kind {
                context.setFillColor(Self.band)
                context.fill(row.frame)
                continue
            }
            if index == highlightedIndex {
                context.setFillColor(Self.highlight)
                context.fill(row.frame)
            }
            draw(row, in: context)
            // A thin line under a row followed by another row (not by a band).
            if index + 1 < rows.count, !isSeparator(rows[index + 1]), !row.isHeader {
                context.setFillColor(.separator)
                context.fill(CGRect(x: 0, y: row.frame.maxY - hairline, width: row.frame.width, height: hairline))
            }
        }
        context.restoreGState()
    }

    private func draw(_ row: Row, in context: CGContext) {
        guard let (title, subtitle) = texts(of: row) else { return }
        let rightToLeft = isRightToLeftLayout
        let frame = row.frame
        let textWidth = frame.width - textLeading - textTrailing
        let color: UIColor = if !row.isEnabled && !row.isHeader, case .action = row.kind { .tertiaryLabel }
            else if row.isHeader || isLoading(row) { .secondaryLabel }
            else if row.isDestructive { .systemRed }
            else { .label }
        let alignment: TextLayout.Alignment = rightToLeft ? .right : .left
        titleText.configure(title, font: row.isHeader ? smallFont : bodyFont, width: textWidth, alignment: alignment)
        var height = titleText.size.height
        if let subtitle {
            subtitleText.configure(subtitle, font: smallFont, width: textWidth, lines: 2, alignment: alignment)
            height += 1 + subtitleText.size.height
        }
        let textX = rightToLeft ? frame.width - textLeading - textWidth : textLeading
        var y = frame.minY + (frame.height - height) / 2
        titleText.draw(in: context, at: CGPoint(x: textX, y: y), color: color)
        if subtitle != nil {
            y += titleText.size.height + 1
            subtitleText.draw(in: context, at: CGPoint(x: textX, y: y), color: row.isEnabled ? .secondaryLabel : .tertiaryLabel)
        }
        let mid = frame.midY
        // The checkmark (or dash) in the leading column.
        if case .action(let action) = row.kind, action.state != .off {
            let x = rightToLeft ? frame.width - Self.edgeInset - 14 : Self.edgeInset
            context.setStrokeColor(color)
            context.setLineWidth(2)
            context.setLineCap(.round)
            context.setLineJoin(.round)
            context.beginPath()
            if action.state == .on {
                context.move(to: CGPoint(x: x + 1, y: mid))
                context.addLine(to: CGPoint(x: x + 5, y: mid + 4.5))
                context.addLine(to: CGPoint(x: x + 13, y: mid - 5))
            } else {
                context.move(to: CGPoint(x: x + 2, y: mid))
                context.addLine(to: CGPoint(x: x + 12, y: mid))
            }
            context.strokePath()
        }
        // The image, or a submenu's chevron, at the trailing edge.
        let accessory = CGRect(x: rightToLeft ? Self.edgeInset : frame.width - Self.edgeInset - Self.imageSide,
                               y: mid - Self.imageSide / 2, width: Self.imageSide, height: Self.imageSide)
        if case .submenu = row.kind {
            let x = accessory.midX + (rightToLeft ? 2.5 : -2.5)
            let dx: CGFloat = rightToLeft ? -5 : 5
            context.setStrokeColor(.secondaryLabel)
            context.setLineWidth(2)
            context.setLineCap(.round)
            context.setLineJoin(.round)
            context.beginPath()
            context.move(to: CGPoint(x: x, y: mid - 6))
            context.addLine(to: CGPoint(x: x + dx, y: mid))
            context.addLine(to: CGPoint(x: x, y: mid + 6))
            context.strokePath()
        } else if let image = row.element?.image {
            // Fitted in the square, keeping its proportions.
            let scale = min(accessory.width / max(1, image.size.width), accessory.height / max(1, image.size.height), 1)
            let size = CGSize(width: image.size.width * scale, height: image.size.height * scale)
            image.draw(in: CGRect(x: accessory.midX - size.width / 2, y: accessory.midY - size.height / 2, width: size.width, height: size.height))
        }
    }

    private func isLoading(_ row: Row) -> Bool {
        if case .loading = row.kind { return true }
        return false
    }
}

@MainActor extension MenuPanelView.Row {
    var isHeader: Bool {
        if case .header = kind { return true }
        return false
    }
}
