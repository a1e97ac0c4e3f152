import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHost

/// A scene at every size an iPad gives it: each model of Apple's multitasking table (`IPadModel`), in
/// each arrangement (full screen, the split fractions, Slide Over) and orientation, optionally in dark
/// as well as light, at other text sizes and right to left. Renders offscreen (no display needed) into
/// one image per size and a labelled sheet of them all.
///
///     var sheet = ContactSheet()
///     sheet.styles = [.light, .dark]
///     let entries = try sheet.write(sceneNamed: "Mail", to: folder) { MailViewController() }
///     try ContactSheet.writeIndex(entries, to: folder)
///
/// One scene is made per combination of traits and resized from size to size, as a person resizing a
/// window would, so what a scene keeps across a resize is what the sheet shows.
@MainActor
public struct ContactSheet {
    /// The models, largest first by default.
    public var models: [IPadModel] = IPadModel.all
    public var orientations: [IPadModel.Orientation] = IPadModel.Orientation.allCases
    public var styles: [UIUserInterfaceStyle] = [.light]
    public var contentSizeCategories: [UIContentSizeCategory] = [.large]
    public var layoutDirections: [UITraitEnvironmentLayoutDirection] = [.leftToRight]
    /// Device pixels per point of the images of each size.
    public var scale: CGFloat = 1
    /// How large the sheet shows each image, against its own size.
    public var thumbnailScale: CGFloat = 0.2

    public init() {}

    /// The traits a cell is rendered with besides its size.
    public struct Variant: Hashable, Sendable {
        public var style: UIUserInterfaceStyle
        public var contentSizeCategory: UIContentSizeCategory
        public var layoutDirection: UITraitEnvironmentLayoutDirection

        /// "light", or "dark · accessibilityLarge · rtl": what differs from the defaults.
        public var label: String {
            var parts = [style.description]
            if contentSizeCategory != .large { parts.append(contentSizeCategory.description) }
            if layoutDirection == .rightToLeft { parts.append("rtl") }
            return parts.joined(separator: " · ")
        }
    }

    /// One rendered size.
    public struct Cell {
        public let size: IPadModel.Size
        public let variant: Variant
        public let horizontalSizeClass: UIUserInterfaceSizeClass
        public let verticalSizeClass: UIUserInterfaceSizeClass
        public let image: ImageSurface

        /// `12.9-inch-landscape-twoThirds-light.png`, with the text size and direction when not the
        /// defaults.
        public var fileName: String {
            var parts = [size.model.name, size.orientation.rawValue, size.arrangement.rawValue, variant.style.description]
            if variant.contentSizeCategory != .large { parts.append(variant.contentSizeCategory.description) }
            if variant.layoutDirection == .rightToLeft { parts.append("rtl") }
            return parts.joined(separator: "-") + ".png"
        }

        /// "12.9-inch · landscape · 2/3", "981 × 1024 pt · R × R".
        public var label: (String, String) {
            func letter(_ sizeClass: UIUserInterfaceSizeClass) -> String { sizeClass == .regular ? "R" : sizeClass == .compact ? "C" : "?" }
            return ("\(size.model.name) · \(size.orientation.rawValue) · \(size.arrangement.label)",
                    "\(Int(size.size.width)) × \(Int(size.size.height)) pt · \(letter(horizontalSizeClass)) × \(letter(verticalSizeClass))")
        }
    }

    /// Every combination of the chosen traits, in the order the sheet shows them.
    public var variants: [Variant] {
        styles.flatMap { style in
            contentSizeCategories.flatMap { category in
                layoutDirections.map { Variant(style: style, contentSizeCategory: category, layoutDirection: $0) }
            }
        }
    }

    /// Every size of the chosen models and orientations, in the table's order.
    public var sizes: [IPadModel.Size] {
        models.flatMap { model in orientations.flatMap { model.sizes($0) } }
    }

    /// Renders the scene `makeRootViewController` makes at every size, for every variant (one scene per
    /// variant, resized from size to size).
    public func renderCells(_ makeRootViewController: () -> UIViewController) -> [Cell] {
        var cells: [Cell] = []
        for variant in variants {
            let first = sizes.first?.size ?? CGSize(width: 1024, height: 768)
            let scene = UIWindowScene.offscreen(size: first, scale: scale, rootViewController: makeRootViewController())
            scene.traitOverrides.userInterfaceStyle = variant.style
            scene.traitOverrides.preferredContentSizeCategory = variant.contentSizeCategory
            scene.traitOverrides.layoutDirection = variant.layoutDirection
            for size in sizes {
                scene.offscreenHost!.place(CGRect(origin: .zero, size: size.size),
                                           orientation: size.orientation == .portrait ? .portrait : .landscapeRight)
                let image = scene.renderImage(scale: scale)
                let traits = scene.traitCollection
                cells.append(Cell(size: size, variant: variant, horizontalSizeClass: traits.horizontalSizeClass,
                                  verticalSizeClass: traits.verticalSizeClass, image: image))
            }
            // The scene goes with its window's controllers.
            scene.windows.first?.rootViewController = nil
        }
        return cells
    }

    /// Renders the scene `app` shows through its real window, as `renderCells` does offscreen: for each
    /// variant (set as the scene's `traitOverrides`) and each size that fits on the private display and
    /// within the scene's size restrictions, the device is turned to the size's orientation, the window
    /// manager resizes the window as a person would, and the window is captured once it has drawn.
    /// Compare the result with `renderCells` (they agree within `SnapshotTolerance.window`).
    public func renderCellsInWindow(of scene: UIWindowScene, in app: AppHarness) async throws -> [Cell] {
        let other = try app.virtualDisplay.connect()
        guard let window = app.window(of: scene) else { throw WriteFailure(description: "the scene \(scene.title ?? "") has no window") }
        let restrictions = scene.sizeRestrictions
        func fits(_ size: CGSize) -> Bool {
            // Room for the window manager's frame (openbox's title bar and borders) on the screen.
            let pixels = CGSize(width: size.width * scale + 10, height: size.height * scale + 40)
            guard pixels.width <= CGFloat(app.virtualDisplay.width), pixels.height <= CGFloat(app.virtualDisplay.height) else { return false }
            guard let restrictions else { return true }
            let minimum = restrictions.minimumSize, maximum = restrictions.maximumSize
            return size.width >= minimum.width && size.height >= minimum.height
                && (maximum.width <= 0 || size.width <= maximum.width) && (maximum.height <= 0 || size.height <= maximum.height)
        }
        var cells: [Cell] = []
        for variant in variants {
            scene.traitOverrides.userInterfaceStyle = variant.style
            scene.traitOverrides.preferredContentSizeCategory = variant.contentSizeCategory
            scene.traitOverrides.layoutDirection = variant.layoutDirection
            for size in sizes where fits(size.size) {
                app.setDeviceOrientation(size.orientation == .portrait ? .portrait : .landscapeLeft)
                other.moveResize(window, x: 0, y: 0, width: Int(size.size.width * scale), height: Int(size.size.height * scale))
                other.flush()
                guard await app.run(until: { scene.effectiveGeometry.systemFrame.size == size.size }) else {
                    throw WriteFailure(description: "the window did not reach \(Int(size.size.width)) × \(Int(size.size.height)) points")
                }
                // The frame at the new size is drawn and presented before the capture.
                await app.run(for: 0.15)
                let traits = scene.traitCollection
                cells.append(Cell(size: size, variant: variant, horizontalSizeClass: traits.horizontalSizeClass,
                                  verticalSizeClass: traits.verticalSizeClass, image: try app.screenshot(scene)))
            }
        }
        return cells
    }

    /// The cells on one sheet: a row per model, orientation and variant, a column per arrangement, each
    /// image shown at `thumbnailScale` with its two label lines under it, on a white page.
    public func sheet(of cells: [Cell], title: String) -> ImageSurface {
        let margin = 24.0, gap = 20.0, labelHeight = 34.0, titleHeight = 44.0
        func layout(_ string: String, size: Double, weight: Int = 400) -> TextLayout {
            let layout = TextLayout()
            layout.setFont(family: "DejaVu Sans", pixelSize: size, weight: weight)
            layout.text = string
            return layout
        }
        // Each cell: its thumbnail's size, its two label lines, and the width it takes (the wider of the
        // thumbnail and its labels).
        struct Placed {
            let cell: Cell, width: Double, height: Double, labels: (TextLayout, TextLayout), column: Double
        }
        var rows: [(key: RowKey, cells: [Placed])] = []
        for cell in cells {
            let key = RowKey(model: cell.size.model, orientation: cell.size.orientation, variant: cell.variant)
            let (first, second) = cell.label
            let variant = variants.count > 1 ? " · \(cell.variant.label)" : ""
            let labels = (layout(first, size: 11, weight: 700), layout(second + variant, size: 11))
            let width = Double(cell.size.size.width) * thumbnailScale, height = Double(cell.size.size.height) * thumbnailScale
            let column = max(width, labels.0.size.width, labels.1.size.width)
            let placed = Placed(cell: cell, width: width, height: height, labels: labels, column: column)
            if rows.last?.key == key { rows[rows.count - 1].cells.append(placed) } else { rows.append((key, [placed])) }
        }
        let rowWidths = rows.map { row in row.cells.reduce(0.0) { $0 + $1.column + gap } - gap }
        let rowHeights = rows.map { row in (row.cells.map(\.height).max() ?? 0) + labelHeight }
        let width = Int((rowWidths.max() ?? 0) + 2 * margin)
        let height = Int(titleHeight + rowHeights.reduce(0) { $0 + $1 + gap } + 2 * margin)
        let page = ImageSurface(format: .rgb24, width: max(width, 1), height: max(height, 1))
        let context = Context(surface: page)
        context.setSource(red: 1, green: 1, blue: 1)
        context.paint()
        func draw(_ text: TextLayout, x: Double, y: Double, gray: Double = 0) {
            context.save()
            context.translate(x, y)
            context.setSource(red: gray, green: gray, blue: gray)
            text.draw(in: context)
            context.restore()
        }
        draw(layout(title, size: 24, weight: 700), x: margin, y: margin)
        var y = margin + titleHeight
        for (row, rowHeight) in zip(rows, rowHeights) {
            var x = margin
            let labelTop = y + rowHeight - labelHeight + 4
            for placed in row.cells {
                let image = placed.cell.image
                context.save()
                context.translate(x, y)
                context.scale(placed.width / Double(image.width), placed.height / Double(image.height))
                context.setSource(image)
                context.setSourceFilter(.good)
                context.paint()
                context.restore()
                context.setSource(red: 0.75, green: 0.75, blue: 0.75)
                context.lineWidth = 1
                context.rectangle(x - 0.5, y - 0.5, placed.width + 1, placed.height + 1)
                context.stroke()
                draw(placed.labels.0, x: x, y: labelTop)
                draw(placed.labels.1, x: x, y: labelTop + 14, gray: 0.35)
                x += placed.column + gap
            }
            y += rowHeight + gap
        }
        page.flush()
        return page
    }

    private struct RowKey: Hashable {
        let model: IPadModel, orientation: IPadModel.Orientation, variant: Variant
    }

    /// One size of one scene, as `index.json` lists it.
    public struct IndexEntry: Codable, Equatable, Sendable {
        public var scene, device, arrangement, orientation: String
        public var width, height, scale: Double
        public var horizontalSizeClass, verticalSizeClass, style, contentSizeCategory, layoutDirection: String
        /// The image, relative to the folder `index.json` is in.
        public var file: String
    }

    /// Renders the scene and writes `DIR/<name>.png` (the sheet) and `DIR/<name>/<cell>.png`; returns
    /// the cells' entries for `writeIndex(_:to:)`. Files are written whole or not at all (a temporary
    /// file renamed into place), so an interrupted run leaves no half-written image.
    public func write(sceneNamed name: String, to directory: URL, _ makeRootViewController: () -> UIViewController) throws -> [IndexEntry] {
        let cells = renderCells(makeRootViewController)
        let cellDirectory = directory.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: cellDirectory, withIntermediateDirectories: true)
        } catch {
            throw WriteFailure(description: "cannot make the folder \(cellDirectory.path): \((error as NSError).localizedFailureReason ?? "\(error)")")
        }
        var entries: [IndexEntry] = []
        for cell in cells {
            try Self.writePNG(cell.image, to: cellDirectory.appendingPathComponent(cell.fileName))
            entries.append(IndexEntry(scene: name, device: cell.size.model.name, arrangement: cell.size.arrangement.rawValue,
                                      orientation: cell.size.orientation.rawValue,
                                      width: cell.size.size.width, height: cell.size.size.height, scale: scale,
                                      horizontalSizeClass: "\(cell.horizontalSizeClass)", verticalSizeClass: "\(cell.verticalSizeClass)",
                                      style: cell.variant.style.description, contentSizeCategory: cell.variant.contentSizeCategory.description,
                                      layoutDirection: cell.variant.layoutDirection.description, file: "\(name)/\(cell.fileName)"))
        }
        try Self.writePNG(sheet(of: cells, title: name), to: directory.appendingPathComponent("\(name).png"))
        return entries
    }

    /// Writes `DIR/index.json`: the entries in order, as a JSON array.
    public static func writeIndex(_ entries: [IndexEntry], to directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(entries).write(to: directory.appendingPathComponent("index.json"), options: .atomic)
    }

    /// A file the sheet could not write, and why, in one sentence.
    public struct WriteFailure: Error, CustomStringConvertible {
        public let description: String
    }

    private static func writePNG(_ image: ImageSurface, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial")
        do {
            try image.writePNG(to: temporary.path)
        } catch {
            unlink(temporary.path)
            throw WriteFailure(description: "cannot write \(url.path): \(error)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let cause = String(cString: strerror(errno))
            unlink(temporary.path)
            throw WriteFailure(description: "cannot write \(url.path): \(cause)")
        }
    }
}

