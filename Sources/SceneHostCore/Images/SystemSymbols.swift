import Cairo
import Foundation

/// The system symbols SceneHost draws: SF Symbols names mapped to the Adwaita symbolic icons that
/// Debian ships in `adwaita-icon-theme` (GNOME Project, CC-BY-SA 3.0 or LGPL 3), read from
/// `/usr/share/icons/Adwaita/scalable`. The table of names is `docs/SYMBOLS.md`; it is generated from
/// `table` below. Names not in it give nil, as UIKit does for unknown names.
enum SystemSymbols {
    /// Where the icon theme is installed; `SCENEHOST_SYMBOLS_DIR` replaces it.
    static let directory: String = ProcessEnvironment.value("SCENEHOST_SYMBOLS_DIR")
        ?? "/usr/share/icons/Adwaita/scalable"

    /// SF Symbols name → Adwaita icon (folder/name, without `-symbolic.svg`). Adwaita draws one weight
    /// and seldom a filled form: a `.fill` name shares its outline's icon unless listed apart.
    static let table: KeyValuePairs<String, String> = [
        "magnifyingglass": "actions/system-search",
        "plus": "actions/list-add",
        "minus": "actions/list-remove",
        "xmark": "ui/window-close",
        "checkmark": "actions/object-select",
        "checkmark.circle": "emblems/emblem-ok",
        "checkmark.square": "ui/checkbox-checked",
        "square": "ui/checkbox",
        "circle": "ui/radio",
        "record.circle": "ui/radio-checked",
        "chevron.left": "ui/pan-start",
        "chevron.right": "ui/pan-end",
        "chevron.up": "ui/pan-up",
        "chevron.down": "ui/pan-down",
        "arrow.left": "actions/go-previous",
        "arrow.right": "actions/go-next",
        "arrow.up": "actions/go-up",
        "arrow.down": "actions/go-down",
        "arrow.clockwise": "actions/view-refresh",
        "arrow.uturn.backward": "actions/edit-undo",
        "arrow.uturn.forward": "actions/edit-redo",
        "arrow.up.left.and.arrow.down.right": "actions/view-fullscreen",
        "arrow.down.right.and.arrow.up.left": "actions/view-restore",
        "rotate.left": "actions/object-rotate-left",
        "rotate.right": "actions/object-rotate-right",
        "ellipsis": "actions/view-more-horizontal",
        "line.3.horizontal": "actions/open-menu",
        "list.bullet": "actions/view-list-bullet",
        "list.number": "actions/view-list-ordered",
        "square.grid.2x2": "actions/view-grid",
        "sidebar.left": "actions/sidebar-show",
        "sidebar.right": "actions/sidebar-show-right",
        "house": "actions/go-home",
        "trash": "places/user-trash",
        "folder": "places/folder",
        "folder.badge.plus": "actions/folder-new",
        "doc": "mimetypes/text-x-generic",
        "doc.text": "mimetypes/x-office-document",
        "doc.on.doc": "actions/edit-copy",
        "doc.on.clipboard": "actions/edit-paste",
        "scissors": "actions/edit-cut",
        "pencil": "actions/document-edit",
        "square.and.pencil": "actions/mail-message-new",
        "square.and.arrow.up": "actions/document-send",
        "square.and.arrow.down": "actions/document-save",
        "printer": "devices/printer",
        "envelope": "status/mail-unread",
        "envelope.open": "status/mail-read",
        "paperplane": "actions/mail-send",
        "arrowshape.turn.up.left": "actions/mail-reply-sender",
        "arrowshape.turn.up.left.2": "actions/mail-reply-all",
        "arrowshape.turn.up.right": "actions/mail-forward",
        "paperclip": "status/mail-attachment",
        "flag": "actions/mail-mark-important",
        "xmark.bin": "actions/mail-mark-junk",
        "archivebox": "mimetypes/package-x-generic",
        "link": "actions/insert-link",
        "photo": "mimetypes/image-x-generic",
        "camera": "devices/camera-photo",
        "video": "devices/camera-video",
        "music.note": "mimetypes/audio-x-generic",
        "mic": "devices/audio-input-microphone",
        "mic.slash": "status/microphone-disabled",
        "speaker.wave.2": "status/audio-volume-medium",
        "speaker.slash": "status/audio-volume-muted",
        "play": "actions/media-playback-start",
        "play.fill": "actions/media-playback-start",
        "pause": "actions/media-playback-pause",
        "pause.fill": "actions/media-playback-pause",
        "stop": "actions/media-playback-stop",
        "stop.fill": "actions/media-playback-stop",
        "forward": "actions/media-seek-forward",
        "backward": "actions/media-seek-backward",
        "person": "status/avatar-default",
        "person.fill": "status/avatar-default",
        "person.circle": "status/avatar-default",
        "person.crop.circle": "status/avatar-default",
        "person.2": "legacy/system-users",
        "person.badge.plus": "actions/contact-new",
        "star": "status/non-starred",
        "star.fill": "status/starred",
        "star.leadinghalf.filled": "status/semi-starred",
        "heart": "emblems/emblem-favorite",
        "heart.fill": "emblems/emblem-favorite",
        "bookmark": "actions/bookmark-new",
        "bell.slash": "status/notifications-disabled",
        "lock": "status/changes-prevent",
        "lock.open": "status/changes-allow",
        "eye": "actions/view-reveal",
        "eye.slash": "actions/view-conceal",
        "pin": "actions/view-pin",
        "location": "status/location-services-active",
        "info.circle": "status/dialog-information",
        "exclamationmark.triangle": "status/dialog-warning",
        "xmark.octagon": "status/dialog-error",
        "questionmark.circle": "status/dialog-question",
        "gearshape": "emblems/emblem-system",
        "gear": "categories/applications-system",
        "slider.horizontal.3": "categories/preferences-system",
        "calendar": "mimetypes/x-office-calendar",
        "alarm": "status/alarm",
        "moon": "status/weather-clear-night",
        "sun.max": "status/weather-clear",
        "cloud": "status/weather-overcast",
        "wifi": "devices/network-wireless",
        "battery.100": "status/battery-level-100",
        "desktopcomputer": "devices/computer",
        "keyboard": "devices/input-keyboard",
        "phone": "devices/phone",
        "globe": "legacy/web-browser",
        "bold": "actions/format-text-bold",
        "italic": "actions/format-text-italic",
        "underline": "actions/format-text-underline",
        "strikethrough": "actions/format-text-strikethrough",
        "text.alignleft": "actions/format-justify-left",
        "text.aligncenter": "actions/format-justify-center",
        "text.alignright": "actions/format-justify-right",
        "text.justify": "actions/format-justify-fill",
        "textformat": "actions/font-select",
        "paintpalette": "actions/color-select",
        "plus.magnifyingglass": "actions/zoom-in",
        "minus.magnifyingglass": "actions/zoom-out",
        "power": "actions/system-shutdown",
        "rectangle.portrait.and.arrow.right": "actions/system-log-out",
        "delete.left": "actions/edit-clear",
        "face.smiling": "emotes/face-smile",
        "macwindow": "ui/window-new",
    ]

    private static let paths: [String: String] = Dictionary(table.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })

    /// The SVG file of a symbol name, or nil for names outside the table.
    static func path(for name: String) -> String? {
        guard let icon = paths[name] else { return nil }
        // An icon given without its folder is looked for in `status`.
        let relative = icon.contains("/") ? icon : "status/" + icon
        return directory + "/" + relative + "-symbolic.svg"
    }

    nonisolated(unsafe) private static var files: [String: Data] = [:]
    private static let lock = NSLock()
    /// Symbols' contents by file and side in pixels: each window's icons share one, so its SVG is
    /// parsed once (librsvg keeps some 10 KB per parsed document) however many images show it.
    nonisolated(unsafe) private static var contents: [String: ImageContent] = [:]

    /// The content of the symbol `name` drawn `side` pixels square, made once per icon and side (as
    /// UIKit keeps the symbol images it made); nil as `data(for:)`, or when the file is not an image.
    static func content(for name: String, side: Int) -> ImageContent? {
        guard let path = path(for: name), let data = data(for: name) else { return nil }
        let key = "\(side) \(path)"
        if let made = lock.withLock({ contents[key] }) { return made }
        // Not parsed here: drawn from the raster cache, a symbol needs librsvg only on a cache miss.
        let made = ImageContent(symbolData: data, origin: "symbol \(name)", side: side)
        // Another thread may have made it meanwhile: theirs is kept, so all share one.
        return lock.withLock {
            if let other = contents[key] { return other }
            contents[key] = made
            return made
        }
    }

    /// The SVG bytes of a symbol, read once; nil for unknown names or when the theme is not installed
    /// (one warning naming the package).
    static func data(for name: String) -> Data? {
        guard let path = path(for: name) else { return nil }
        return lock.withLock {
            if let data = files[path] { return data }
            guard let data = FileManager.default.contents(atPath: path) else {
                if files.isEmpty || files["\u{0}warned"] == nil {
                    ImageContent.warn("system symbol \"\(name)\" needs \(path): install the adwaita-icon-theme package")
                    files["\u{0}warned"] = Data()
                }
                return nil
            }
            files[path] = data
            return data
        }
    }
}

extension UIImage {
    /// A system symbol by its SF Symbols name, drawn from the Adwaita symbolic icons (see
    /// `docs/SYMBOLS.md` for the names covered); nil for names outside the table, as UIKit returns nil
    /// for unknown names. At the default configuration (17 points, medium scale, regular weight).
    /// Symbols draw as templates in image views, buttons and bars (filled with the tint colour); drawn
    /// with `draw(in:)` they are black, as in UIKit. Adwaita draws one weight: SceneHost thickens or
    /// thins the outline for the other weights, and has no multicolour or hierarchical layers.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// A system symbol with `configuration` (point size, weight, scale).
    public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
        let symbolConfiguration = (configuration as? SymbolConfiguration) ?? SymbolConfiguration.unspecified
        // An infinite or NaN point size would trap converting to Int: no symbol then.
        // Once librsvg is known to be missing (a symbol not in the raster cache could not be drawn,
        // with a warning), no more symbols, as when the icon theme is missing.
        guard SVGLibrary.failure == nil, let side = ImageCodec.pixelSide(Double(symbolConfiguration.symbolSide)),
              let content = SystemSymbols.content(for: name, side: max(1, side)) else { return nil }
        self.init(content: content, scale: 1, symbolConfiguration: symbolConfiguration, symbolName: name)
    }

    /// A system symbol for `traitCollection` (its scale does not matter: symbols are drawn as shapes).
    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// The same symbol with `configuration` applied over its own (later attributes win). Images that
    /// are not symbols are returned as they are.
    public func withConfiguration(_ configuration: Configuration) -> UIImage {
        guard let symbolName, let symbolConfiguration = configuration as? SymbolConfiguration else { return self }
        let merged = (self.symbolConfiguration ?? .unspecified).applying(symbolConfiguration)
        return UIImage(systemName: symbolName, withConfiguration: merged)?
            .copy(renderingMode: renderingMode, tint: .some(fixedTint)) ?? self
    }

    /// `withConfiguration(_:)` for a symbol configuration; nil for other images, as UIKit.
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        guard isSymbolImage else { return nil }
        return withConfiguration(configuration)
    }

    /// Draws the symbol into `width`×`height` of `context`'s user space: from the raster cache
    /// (`SymbolRasterCache`) when the pixel grid it lands on is known and square to it, else as shapes.
    /// Nothing, with one warning, when librsvg is missing and the raster is not cached.
    @MainActor func drawSymbolShapes(in context: CGContext, width: Double, height: Double) {
        let cairo = context.cairo
        let steps = (symbolConfiguration?.weight ?? .unspecified).strokeSteps
        let content = self.content
        let drawShapes: (Context) -> Bool = { target in
            guard let vector = content.vector else { return false }
            Self.drawSymbol(vector, weightSteps: steps, in: target, width: width, height: height)
            return true
        }
        guard SymbolRasterCache.drawsFromRasters, let path = symbolName.flatMap(SystemSymbols.path(for:)),
              let place = SymbolPlacement(context, width: width, height: height) else {
            if !drawShapes(cairo) { SymbolRasterCache.shared.warnLibraryMissing() }
            return
        }
        let key = SymbolRasterCache.Key(path: path, weightSteps: steps, width: width, height: height, scaleX: place.scaleX,
                                        scaleY: place.scaleY, phaseX: place.phaseX, phaseY: place.phaseY)
        guard let raster = SymbolRasterCache.shared.raster(for: key, draw: drawShapes) else {
            return SymbolRasterCache.shared.warnLibraryMissing()
        }
        // Raster pixel (i, j) lands on device pixel (wholeX + left + i, wholeY + top + j): user space is
        // made that pixel grid, so cairo copies the pixels as they are (a pixel-exact matrix).
        let m = place.matrix
        let tx = Double(place.wholeX + raster.left), ty = Double(place.wholeY + raster.top)
        cairo.save()
        cairo.transform(xx: 1 / m.xx, yx: 0, xy: 0, yy: 1 / m.yy, x0: (tx - m.x0) / m.xx, y0: (ty - m.y0) / m.yy)
        cairo.setSource(raster.surface)
        cairo.paint()
        cairo.restore()
    }

    /// Draws a symbol's shapes into `width`×`height` of `cairo`, its outline grown or shrunk for its
    /// weight: Adwaita's icons have one (regular) weight, so heavier weights are the shape drawn again
    /// at small offsets around itself, and lighter ones what all of those offsets still cover.
    static func drawSymbol(_ vector: SVGDocument, weightSteps steps: Int, in cairo: Context, width: Double, height: Double) {
        guard steps != 0 else { return vector.render(in: cairo, x: 0, y: 0, width: width, height: height) }
        // A 16-unit icon's strokes are about 2 units wide: a step moves the edge by 1/40 of the icon.
        let radius = Double(abs(steps)) * width / 40
        let offsets = (0..<8).map { index -> (Double, Double) in
            let angle = Double(index) * .pi / 4
            return (radius * cos(angle), radius * sin(angle))
        }
        cairo.pushGroup()
        vector.render(in: cairo, x: 0, y: 0, width: width, height: height)
        for (dx, dy) in offsets {
            cairo.pushGroup()
            vector.render(in: cairo, x: dx, y: dy, width: width, height: height)
            let shifted = cairo.popGroup()
            cairo.save()
            // Growing: the union of the shifted shapes; thinning: their intersection.
            cairo.setOperator(steps > 0 ? .over : .destinationIn)
            cairo.setSource(shifted)
            cairo.paint()
            cairo.restore()
        }
        cairo.popGroupAndPaint(alpha: 1)
    }
}

/// Where a symbol drawn into `width`×`height` of a context's user space lands on the device's pixel
/// grid: the map from user space to device pixels, when it is known (an image, or a view's recording
/// replayed at its placement) and keeps the axes (no rotation or skew); its scale in 1/65,536 and the
/// origin's whole pixel and fraction (in 1/256), the raster cache's key.
struct SymbolPlacement {
    let matrix: (xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double)
    let scaleX: Int64, scaleY: Int64
    let wholeX: Int, wholeY: Int
    let phaseX: Int, phaseY: Int

    @MainActor init?(_ context: CGContext, width: Double, height: Double) {
        guard let m = context.userToPixels else { return nil }
        guard abs(m.yx) < 1e-9, abs(m.xy) < 1e-9, m.x0.isFinite, m.y0.isFinite, abs(m.x0) < 1e9, abs(m.y0) < 1e9,
              width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
        let scaleX = Int64((m.xx * 65536).rounded()), scaleY = Int64((m.yy * 65536).rounded())
        guard scaleX != 0, scaleY != 0, abs(scaleX) < 1 << 32, abs(scaleY) < 1 << 32 else { return nil }
        matrix = m
        self.scaleX = scaleX
        self.scaleY = scaleY
        func split(_ value: Double) -> (Int, Int) {
            var whole = Int(value.rounded(.down)), phase = Int(((value - Double(whole)) * 256).rounded())
            if phase == 256 { whole += 1; phase = 0 }
            return (whole, phase)
        }
        (wholeX, phaseX) = split(m.x0)
        (wholeY, phaseY) = split(m.y0)
    }
}
