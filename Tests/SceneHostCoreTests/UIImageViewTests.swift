import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Image views: every content mode, tint for templates and symbols, the preferred symbol
/// configuration, highlighted images, catalog images resolved again on a trait change, the cheaper
/// drawing while the window is resized, and that image views are freed.
@MainActor
struct UIImageViewTests {
    static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, white: UInt32 = 0xFFFF_FFFF

    /// A 2×1-point image: left pixel red, right pixel blue (at `scale`, each half is scale² pixels).
    static func halves(scale: CGFloat = 1) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
        }
    }

    /// A white scene 100×100 with `view` at (0, 0), and its render.
    func render(_ view: UIView, scene existing: UIWindowScene? = nil) -> (UIWindowScene, ImageSurface) {
        if let existing { return (existing, existing.renderImage()) }
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        controller.view.addSubview(view)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 100, height: 100), rootViewController: controller)
        return (scene, scene.renderImage())
    }

    @Test func theDefaultsAreUIKits() {
        let view = UIImageView(image: Self.halves())
        #expect(view.frame.size == CGSize(width: 20, height: 10), "init(image:) takes the image's size")
        #expect(view.contentMode == .scaleToFill && !view.isUserInteractionEnabled)
        #expect(view.intrinsicContentSize == CGSize(width: 20, height: 10))
        #expect(UIImageView(frame: .zero).intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    /// Where each mode puts a 20×10 image in a 40×40 view: the red and blue halves' left edges, top and bottom.
    @Test(arguments: [
        (UIView.ContentMode.scaleToFill, CGRect(x: 0, y: 0, width: 40, height: 40)),
        (.scaleAspectFit, CGRect(x: 0, y: 10, width: 40, height: 20)),
        (.scaleAspectFill, CGRect(x: -20, y: 0, width: 80, height: 40)),
        (.redraw, CGRect(x: 0, y: 0, width: 40, height: 40)),
        (.center, CGRect(x: 10, y: 15, width: 20, height: 10)),
        (.top, CGRect(x: 10, y: 0, width: 20, height: 10)),
        (.bottom, CGRect(x: 10, y: 30, width: 20, height: 10)),
        (.left, CGRect(x: 0, y: 15, width: 20, height: 10)),
        (.right, CGRect(x: 20, y: 15, width: 20, height: 10)),
        (.topLeft, CGRect(x: 0, y: 0, width: 20, height: 10)),
        (.topRight, CGRect(x: 20, y: 0, width: 20, height: 10)),
        (.bottomLeft, CGRect(x: 0, y: 30, width: 20, height: 10)),
        (.bottomRight, CGRect(x: 20, y: 30, width: 20, height: 10)),
    ])
    func everyContentModePlacesTheImage(_ mode: UIView.ContentMode, _ expected: CGRect) {
        let view = UIImageView(image: Self.halves())
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        view.contentMode = mode
        view.clipsToBounds = true
        #expect(view.imageRect(for: CGSize(width: 20, height: 10)) == expected, "\(mode)")
        let (_, image) = render(view)
        let shown = expected.intersection(CGRect(x: 0, y: 0, width: 40, height: 40))
        // The image's left (red) and right (blue) parts, and white outside it.
        let leftX = Int(max(expected.minX + 1, shown.minX + 1)), rightX = Int(min(expected.maxX - 2, shown.maxX - 2)), midY = Int(shown.midY)
        #expect(image.pixel(x: leftX, y: midY) == Self.red, "\(mode): red at \(leftX),\(midY)")
        #expect(image.pixel(x: rightX, y: midY) == Self.blue, "\(mode): blue at \(rightX),\(midY)")
        if shown.minY > 1 { #expect(image.pixel(x: 20, y: Int(shown.minY) - 1) == Self.white, "\(mode): white above") }
        #expect(image.pixel(x: 60, y: 20) == Self.white, "nothing outside the view")
    }

    @Test func templatesAndSymbolsTakeTheTintColour() throws {
        let view = UIImageView(image: try #require(UIImage(systemName: "plus")))
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        view.tintColor = .red
        let (scene, first) = render(view)
        #expect(first.pixel(x: 10, y: 10) == Self.red, "a symbol is a template in an image view")
        view.tintColor = .blue
        #expect(scene.renderImage().pixel(x: 10, y: 10) == Self.blue, "a new tint redraws")
        view.image = Self.halves().withRenderingMode(.alwaysTemplate)
        #expect(scene.renderImage().pixel(x: 5, y: 5) == Self.blue && scene.renderImage().pixel(x: 15, y: 5) == Self.blue)
        view.image = Self.halves()
        #expect(scene.renderImage().pixel(x: 5, y: 5) == Self.red, "an automatic bitmap is drawn as it is")
    }

    @Test func thePreferredSymbolConfigurationAppliesOverTheImages() throws {
        let view = UIImageView(image: try #require(UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(weight: .bold))))
        #expect(view.intrinsicContentSize == CGSize(width: 20, height: 20))
        view.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 30)
        #expect(view.intrinsicContentSize == CGSize(width: 36, height: 36))
        #expect(view.shownImage()?.symbolConfiguration?.weight == .bold, "the image's own weight stays")
        #expect(view.shownImage() === view.shownImage(), "made once per image and configuration")
    }

    /// A symbol sized by a text style (the view's preferred configuration or the image's own)
    /// follows the content size category: body is 17 points by default and 53 at the largest size,
    /// so the symbol grows from 20 to 64 points, and Auto Layout sizes the view to it again.
    @Test func aSymbolSizedByATextStyleFollowsTheTextSize() throws {
        let preferred = UIImageView(image: try #require(UIImage(systemName: "plus")))
        preferred.preferredSymbolConfiguration = UIImage.SymbolConfiguration(textStyle: .body)
        let own = UIImageView(image: try #require(UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(textStyle: .body))))
        let fixed = UIImageView(image: try #require(UIImage(systemName: "plus")))
        fixed.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 17)
        let views = [preferred, own, fixed]
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        for view in views {
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
            NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                                         view.topAnchor.constraint(equalTo: container.topAnchor)])
        }
        let (scene, _) = render(container)
        #expect(views.map(\.frame.size) == Array(repeating: CGSize(width: 20, height: 20), count: 3))
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        #expect(preferred.frame.size == CGSize(width: 64, height: 64), "the preferred text style, at the largest size")
        #expect(own.frame.size == CGSize(width: 64, height: 64), "the image's own text style")
        #expect(fixed.frame.size == CGSize(width: 20, height: 20), "a point size stays")
        #expect(preferred.shownImage() === preferred.shownImage(), "made once per image and text size")
        scene.traitOverrides.preferredContentSizeCategory = .large
        _ = scene.renderImage()
        #expect(preferred.frame.size == CGSize(width: 20, height: 20))
    }

    @Test func theHighlightedImageShowsWhileHighlighted() {
        let plain = Self.halves(), highlighted = Self.halves().withTintColor(.blue)
        let view = UIImageView(image: plain, highlightedImage: highlighted)
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        let (scene, first) = render(view)
        #expect(first.pixel(x: 5, y: 5) == Self.red)
        view.isHighlighted = true
        #expect(scene.renderImage().pixel(x: 5, y: 5) == Self.blue)
        view.isHighlighted = false
        #expect(scene.renderImage().pixel(x: 5, y: 5) == Self.red)
    }

    @Test func aCatalogImageFollowsATraitChange() throws {
        let image = try #require(UIImage(named: "Swatch", in: .module, compatibleWith: UITraitCollection(displayScale: 1)))
        let view = UIImageView(image: image)
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let (scene, light) = render(view)
        #expect(light.pixel(x: 5, y: 5) == Self.red)
        scene.traitOverrides.userInterfaceStyle = .dark
        #expect(scene.renderImage().pixel(x: 5, y: 5) == Self.blue, "the dark variant, drawn through automatic trait tracking")
        scene.traitOverrides.userInterfaceStyle = .light
        #expect(scene.renderImage().pixel(x: 5, y: 5) == Self.red)
    }

    @Test func aCatalogImageKeepsItsTintAndModeWhenResolvedAgain() throws {
        let image = try #require(UIImage(named: "Swatch", in: .module, compatibleWith: UITraitCollection(displayScale: 1)))
        let tinted = UIImageView(image: image.withTintColor(.black))
        tinted.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let template = UIImageView(image: image.withRenderingMode(.alwaysTemplate))
        template.frame = CGRect(x: 20, y: 0, width: 10, height: 10)
        template.tintColor = .green
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 10))
        container.addSubview(tinted)
        container.addSubview(template)
        let (scene, light) = render(container)
        #expect(light.pixel(x: 5, y: 5) == 0xFF00_0000 && light.pixel(x: 25, y: 5) == 0xFF00_FF00)
        // The dark variant is chosen, and still drawn tinted: the variations carry over.
        scene.traitOverrides.userInterfaceStyle = .dark
        let dark = scene.renderImage()
        #expect(dark.pixel(x: 5, y: 5) == 0xFF00_0000, "withTintColor kept")
        #expect(dark.pixel(x: 25, y: 5) == 0xFF00_FF00, "template mode kept")
        #expect(tinted.shownImage()?.renderingMode == .alwaysTemplate && template.shownImage()?.renderingMode == .alwaysTemplate)
        // A turned or resizable catalog image stays so.
        let turned = UIImageView(image: image.withOrientation(.left).resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)))
        container.addSubview(turned)
        let shown = try #require(turned.shownImage())
        #expect(shown.imageOrientation == .left && shown.capInsets == UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        #expect(shown.surface?.pixel(x: 0, y: 0) == Self.blue, "the dark variant")
    }

    @Test func whileResizingALargeImageDrawsFromAThumbnailAndInFullAfter() throws {
        // A 2000×1000-pixel image shown at 40×20 points.
        let large = UIGraphicsImageRenderer(size: CGSize(width: 2000, height: 1000), format: UIGraphicsImageRendererFormat()).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1000, height: 1000))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 1000, y: 0, width: 1000, height: 1000))
        }
        let view = UIImageView(image: large)
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let (scene, _) = render(view)
        let host = try #require(scene.offscreenHost)
        host.place(CGRect(x: 0, y: 0, width: 110, height: 100), interactive: true)
        // Two pixels wider: the drawing made before the drag is kept and copied as it is, centred.
        view.frame.size.width = 42
        let nudged = scene.renderImage()
        #expect(scene.viewsDrawnForResizing.contains { $0.view === view } && view.isShowingResizeDrawing,
                "the drawing made before the drag, copied as drawn")
        #expect(!view.needsDisplay && view.content?.size == CGSize(width: 40, height: 20), "not drawn again for two pixels")
        #expect(nudged.pixel(x: 5, y: 10) == Self.red && nudged.pixel(x: 39, y: 10) == Self.blue)
        // Thirteen pixels wider: drawn again at the new size, from the copy made before the drag.
        view.frame.size.width = 53
        #expect(view.needsDisplay, "beyond twelve pixels, drawn again")
        let during = scene.renderImage()
        #expect(view.isShowingResizeDrawing && view.content?.size == CGSize(width: 53, height: 20))
        #expect(during.pixel(x: 5, y: 10) == Self.red && during.pixel(x: 51, y: 10) == Self.blue)
        #expect(scene.viewsDrawnForResizing.count(where: { $0.view === view }) == 1, "recorded once per drag")
        // Release: the same size, the full image in the same frame.
        host.place(CGRect(x: 0, y: 0, width: 110, height: 100), interactive: false)
        #expect(view.needsDisplay, "marked to draw in full as the drag ends")
        let after = scene.renderImage()
        #expect(scene.viewsDrawnForResizing.isEmpty && !view.needsDisplay && !view.isShowingResizeDrawing)
        #expect(view.content?.size == CGSize(width: 53, height: 20), "drawn in full at the new size")
        #expect(after.pixel(x: 5, y: 10) == Self.red && after.pixel(x: 51, y: 10) == Self.blue)
    }

    @Test func anOpaquePhotoThatFillsItsBoundsHidesWhatIsUnderIt() throws {
        func photo(opaque: Bool) -> UIImage {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            format.opaque = opaque
            return UIGraphicsImageRenderer(size: CGSize(width: 400, height: 200), format: format).image { context in
                UIColor.red.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 400, height: 200))
            }
        }
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let filled = UIImageView(image: photo(opaque: true))
        filled.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        filled.contentMode = .scaleAspectFill
        filled.clipsToBounds = true
        let fitted = UIImageView(image: photo(opaque: true))
        fitted.frame = CGRect(x: 50, y: 0, width: 40, height: 40)
        fitted.contentMode = .scaleAspectFit
        let translucent = UIImageView(image: photo(opaque: false))
        translucent.frame = CGRect(x: 0, y: 50, width: 40, height: 40)
        for view in [filled, fitted, translucent] { container.addSubview(view) }
        let (scene, image) = render(container)
        #expect(filled.opaqueDrawingArea == filled.bounds, "drawn from the copy at its size, all of the bounds")
        let content = try #require(filled.content)
        #expect(content.opaque == PixelBox(left: 0, top: 0, right: 40, bottom: 40), "copied, not blended")
        #expect(fitted.content?.y == 10 && fitted.content?.opaque == PixelBox(left: 0, top: 0, right: 40, bottom: 20),
                "the image's own rectangle, in the drawing's pixels (which start where it inks)")
        #expect(translucent.content?.opaque == nil)
        #expect(fitted.opaqueDrawingArea == nil, "aspect fit leaves bands uncovered")
        #expect(translucent.opaqueDrawingArea == nil, "pixels with alpha may let the background show")
        // Under the photo the background is not filled, and the photo paints every pixel anyway.
        #expect(image.pixel(x: 0, y: 0) == Self.red && image.pixel(x: 20, y: 20) == Self.red && image.pixel(x: 39, y: 39) == Self.red)
        #expect(image.pixel(x: 45, y: 20) == Self.white && image.pixel(x: 70, y: 5) == Self.white)
        filled.image = UIImage(systemName: "star.fill")
        #expect(filled.opaqueDrawingArea == nil, "until drawn again, nothing is promised")
        _ = render(container, scene: scene)
        #expect(filled.opaqueDrawingArea == nil, "a symbol is not opaque")
    }

    @Test func duringADragAPhotoIsDrawnBeyondItsBoundsAndCoversThemWhileCopied() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        let photo = UIGraphicsImageRenderer(size: CGSize(width: 400, height: 200), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 400, height: 200))
        }
        let view = UIImageView(image: photo)
        view.contentMode = .scaleAspectFill
        view.clipsToBounds = true
        view.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        let (scene, _) = render(view)
        try #require(scene.offscreenHost).place(CGRect(x: 0, y: 0, width: 110, height: 100), interactive: true)
        // Beyond the slack: drawn again, fourteen pixels beyond each edge.
        view.frame.size = CGSize(width: 54, height: 30)
        _ = scene.renderImage()
        let content = try #require(view.content)
        #expect(view.isShowingResizeDrawing && content.size == CGSize(width: 54, height: 30))
        #expect(content.x == -14 && content.y == -14 && content.width == 82 && content.height == 58, "the bleed")
        // Opaque (copied, not blended) over all of the bounds' pixels (14…68 × 14…44 of the drawing);
        // a row of the bleed the picture fits exactly may be left to blending by rounding.
        let opaque = try #require(content.opaque)
        #expect(opaque.left <= 0 && opaque.top <= 1 && opaque.right >= 82 && opaque.bottom >= 57, "\(opaque)")
        // Copied as drawn, kept at the bounds' origin, while they shrink by up to twelve pixels or
        // grow by up to twelve: the photo covers every pixel of the bounds, and nothing beyond them.
        for size in [CGSize(width: 43, height: 19), CGSize(width: 66, height: 41.5), CGSize(width: 57.5, height: 31)] {
            view.frame.size = size
            let image = scene.renderImage()
            #expect(!view.needsDisplay && view.content?.size == CGSize(width: 54, height: 30), "kept at \(size)")
            #expect(view.opaqueDrawingArea == view.bounds)
            let right = Int((10 + size.width).rounded(.down)), bottom = Int((10 + size.height).rounded(.down))
            for (x, y) in [(10, 10), (right - 1, 10), (10, bottom - 1), (right - 1, bottom - 1), (30, 25)] {
                #expect(image.pixel(x: x, y: y) == Self.red, "(\(x), \(y)) at \(size)")
            }
            for (x, y) in [(9, 20), (right + 1, 20), (25, 9), (25, bottom + 1)] {
                #expect(image.pixel(x: x, y: y) == Self.white, "(\(x), \(y)) outside at \(size)")
            }
        }
        // Thirteen pixels wider than drawn: beyond what the bleed covers, drawn again.
        view.frame.size = CGSize(width: 67, height: 30)
        #expect(view.needsDisplay, "grown beyond the bleed")
        _ = scene.renderImage()
        // Released: drawn in full, without a bleed.
        try #require(scene.offscreenHost).place(CGRect(x: 0, y: 0, width: 110, height: 100), interactive: false)
        _ = scene.renderImage()
        #expect(view.content?.x == 0 && view.content?.y == 0 && view.content?.size == view.bounds.size)
    }

    /// During a drag a photo drawn with a bleed is kept at its bounds' origin: while it is not drawn
    /// again it damages only the strips its bounds gained or lost, and every frame drawn from the
    /// damage into the last one is the frame drawn whole: nothing stale, nothing smeared, and the
    /// full picture in the frame of the release.
    @Test func duringADragAPhotoInPlaceDamagesOnlyItsEdges() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        // Stripes one source pixel apart at every angle: any shift of the copy changes pixels.
        let photo = UIGraphicsImageRenderer(size: CGSize(width: 800, height: 600), format: format).image { context in
            for x in stride(from: 0, to: 800, by: 4) {
                UIColor(red: CGFloat(x % 256) / 255, green: CGFloat(x / 4 % 2), blue: 0.5, alpha: 1).setFill()
                context.fill(CGRect(x: CGFloat(x), y: 0, width: 4, height: 600))
            }
            for y in stride(from: 0, to: 600, by: 6) {
                UIColor(red: 0, green: 0, blue: CGFloat(y % 256) / 255, alpha: 0.5).setFill()
                context.fill(CGRect(x: 0, y: CGFloat(y), width: 800, height: 3))
            }
        }
        let view = UIImageView(image: photo)
        view.contentMode = .scaleAspectFill
        view.clipsToBounds = true
        view.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        let (scene, image) = render(view)
        let host = try #require(scene.offscreenHost)
        var time = CACurrentMediaTime() + 100
        func frame(_ comment: Comment) -> Damage {
            time += 1
            let frame = host.prepareFrame(at: time)
            // In whole pixels, as the window's presenter composites it.
            let pixels = frame.damage.pixels(scale: 1, within: CGRect(x: 0, y: 0, width: image.width, height: image.height))
            scene.render(into: Context(surface: image), damage: pixels, scale: 1)
            image.flush()
            let full = scene.renderImage()
            var differing = 0
            for y in 0..<full.height where memcmp(image.data + y * image.stride, full.data + y * full.stride, full.width * 4) != 0 { differing += 1 }
            #expect(differing == 0, "\(differing) rows differ: \(comment)")
            return frame.damage
        }
        host.place(CGRect(x: 0, y: 0, width: 100, height: 100), interactive: true)
        _ = frame("the drag began")
        var inPlace = 0
        // Out and back, as a person drags.
        for step in 1...80 {
            let reach = CGFloat(step <= 40 ? step : 80 - step)
            let before = view.content.map { ($0.x, $0.y, $0.size) }
            view.frame.size = CGSize(width: 40 + 0.6 * reach, height: 30 + 0.25 * reach)
            let damage = frame("step \(step)")
            // Drawn with a bleed during the drag and kept: the view's edges only.
            guard let content = view.content, content.x < 0, view.keepsUnscaledDrawingAtOrigin,
                  before.map({ $0 == (content.x, content.y, content.size) }) == true else { continue }
            inPlace += 1
            let area = damage.rects.reduce(0) { $0 + $1.width * $1.height }
            #expect(area < view.bounds.width * view.bounds.height / 2, "step \(step): \(area) points damaged")
        }
        #expect(inPlace >= 40, "steps whose drawing stayed in place: \(inPlace)")
        host.place(CGRect(x: 0, y: 0, width: 100, height: 100), interactive: false)
        _ = frame("the release")
        #expect(!view.isShowingResizeDrawing && view.content?.size == view.bounds.size)
    }

    @Test func aLargeImageSetDuringADragDrawsFromAThumbnail() throws {
        let large = UIGraphicsImageRenderer(size: CGSize(width: 400, height: 200), format: UIGraphicsImageRendererFormat()).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 400, height: 200))
        }
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        let (scene, _) = render(view)
        try #require(scene.offscreenHost).place(CGRect(x: 0, y: 0, width: 110, height: 100), interactive: true)
        view.image = large
        let during = scene.renderImage()
        #expect(view.isShowingResizeDrawing && during.pixel(x: 20, y: 10) == Self.red)
    }

    @Test func imageViewsAreFreed() {
        weak var weakView: UIImageView?
        weak var weakImage: UIImage?
        do {
            let image = Self.halves()
            let view = UIImageView(image: image)
            view.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
            view.preferredSymbolConfiguration = .init(pointSize: 20)
            _ = render(view)
            view.removeFromSuperview()
            weakView = view
            weakImage = image
        }
        #expect(weakView == nil && weakImage == nil)
    }
}
