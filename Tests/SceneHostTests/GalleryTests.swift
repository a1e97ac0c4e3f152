import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
import SceneHostTesting
import Testing

/// The Gallery's screens, rendered offscreen (no display needed).
@MainActor
struct GalleryTests {
    /// Both scenes are laid out by constraints and stack views: each at a compact and a regular width,
    /// left-to-right and right-to-left (leading and trailing flip; the layout mirrors).
    @Test func mailShowsTheListAloneWhenCompactAndTheDetailBesideItWhenRegular() {
        for (name, size) in GallerySnapshotSizes.mail {
            for rightToLeft in [false, true] {
                let controller = MailViewController()
                controller.loadViewIfNeeded()
                controller.overlay.isHidden = true
                let image = OffscreenRenderer.render(controller, size: size) { scene in
                    if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
                }
                assertSnapshot(image, named: "mail-offscreen-\(name)" + (rightToLeft ? "-rtl" : ""))
            }
        }
    }

    /// A click on a message row selects it and shows it, as ↓ does; a click beside the rows does not.
    @Test func clickingAMessageRowSelectsIt() throws {
        let controller = MailViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: controller)
        scene.keyWindow?.layoutIfNeeded()
        let list = controller.list.collectionView!
        let third = try #require(list.cellForItem(at: IndexPath(item: 2, section: 0)))
        let center = third.convert(CGPoint(x: third.bounds.midX, y: third.bounds.midY), to: nil)
        scene.click(at: center)
        #expect(controller.selectedIndex == 2 && third.isSelected && list.cellForItem(at: IndexPath(item: 0, section: 0))?.isSelected == false)
        scene.click(at: CGPoint(x: 900, y: 650))
        #expect(controller.selectedIndex == 2, "the reading pane is no row")
    }

    /// A drag draws only what changed (the strips a view gained or lost, what moved, what was drawn
    /// anew) into a back buffer that keeps the rest: at every step, in both directions, across the size
    /// class change, at 1x and 2x, the buffer must hold exactly what a full render draws.
    @Test(arguments: [1.0, 2.0])
    func framesDrawnFromDamageMatchFullRenders(scale: CGFloat) throws {
        let controller = MailViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 420, height: 360), scale: scale, rootViewController: controller)
        let buffer = ImageSurface(format: .rgb24, width: Int(760 * scale), height: Int(600 * scale))
        let context = Context(surface: buffer)
        context.scale(Double(scale), Double(scale))
        var partial = 0
        let steps = (0...100).map { $0 } + (0...100).reversed()
        for (index, step) in steps.enumerated() {
            let size = CGSize(width: 420 + 3 * CGFloat(step), height: 360 + 2 * CGFloat(step))
            _ = scene.applySystemFrame(CGRect(origin: .zero, size: size), displayScale: scale)
            scene.layoutIfNeeded()
            // In whole pixels, as the runtime composites it (a shadow's extent may end mid-pixel at 1x).
            let pixels = CGRect(x: 0, y: 0, width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
            let damage = scene.takeDamage(drawingAt: scale).pixels(scale: scale, within: pixels).scaled(by: 1 / scale)
            // The first frame has no earlier pixels to keep.
            scene.render(into: context, damage: index == 0 ? Damage(CGRect(origin: .zero, size: size)) : damage, scale: scale)
            buffer.flush()
            if damage.rects.reduce(0, { $0 + $1.width * $1.height }) < size.width * size.height / 2 { partial += 1 }
            guard index % 5 == 0 || index == steps.count - 1 else { continue }
            let full = scene.renderImage(scale: scale)
            var differing = 0
            for y in 0..<full.height where memcmp(buffer.data + y * buffer.stride, full.data + y * full.stride, full.width * 4) != 0 {
                differing += 1
            }
            #expect(differing == 0, "\(differing) rows differ at \(size) @\(scale)x")
        }
        #expect(partial > steps.count / 2, "most steps draw a small part of the window (\(partial) of \(steps.count))")
    }

    /// Fills and copies of whole pixels go straight to pixman; they must give the very pixels cairo gives
    /// (each scene whole, still and mid-drag, at 1x, 2x, and 1.5x where edges fall inside pixels and
    /// cairo draws those), and the frames drawn from damage in the drag above are checked with them on.
    @Test func fillsAndCopiesStraightToPixmanDrawWhatCairoDraws() {
        defer { ViewRenderer.drawsDirectly = true }
        for scale in [1.0, 2.0, 1.5] as [CGFloat] {
            for (controller, size) in [(MailViewController() as UIViewController, CGSize(width: 420, height: 380)),
                                       (MailViewController(), CGSize(width: 760, height: 560)),
                                       (SettingsViewController(), CGSize(width: 800, height: 640))] {
                let scene = UIWindowScene.offscreen(size: size, scale: scale, rootViewController: controller)
                for interactive in [false, true] {
                    _ = scene.applySystemFrame(CGRect(origin: .zero, size: size), displayScale: scale, interactive: interactive)
                    let images = [true, false].map { direct in
                        ViewRenderer.drawsDirectly = direct
                        return scene.renderImage(scale: scale)
                    }
                    var differing = 0
                    for y in 0..<images[0].height
                    where memcmp(images[0].data + y * images[0].stride, images[1].data + y * images[1].stride, images[0].width * 4) != 0 {
                        differing += 1
                    }
                    #expect(differing == 0, "\(differing) rows differ: \(type(of: controller)) at \(size) @\(scale)x, interactive \(interactive)")
                }
            }
        }
    }

    /// Plain labels' drawings are kept as A8 coverage and composited in their colour: every Gallery
    /// scene, light and dark, at 1x, 2x and 1.5x, renders as with them kept in colour, but where two
    /// glyphs' anti-aliased edges share a pixel (cairo joins coverage there before the colour, not after):
    /// at most a dozen such pixels per scene, each within 24 of 255 of its colour (18 seen).
    @Test func labelsKeptAsCoverageDrawWhatColourPixelsDraw() {
        defer { UIView.keepsOneColorDrawingsAsCoverage = true }
        for scale in [1.0, 2.0, 1.5] as [CGFloat] {
            for (make, size, style) in [({ MailViewController() as UIViewController }, CGSize(width: 420, height: 380), UIUserInterfaceStyle.light),
                                        ({ MailViewController() }, CGSize(width: 760, height: 560), .dark),
                                        ({ SettingsViewController() }, CGSize(width: 800, height: 640), .light)] {
                let images = [true, false].map { coverage in
                    UIView.keepsOneColorDrawingsAsCoverage = coverage
                    let scene = UIWindowScene.offscreen(size: size, scale: scale, rootViewController: make())
                    scene.traitOverrides.userInterfaceStyle = style
                    return scene.renderImage(scale: scale)
                }
                var differing = 0, largest: UInt32 = 0
                for y in 0..<images[0].height {
                    for x in 0..<images[0].width {
                        let a = images[0].pixel(x: x, y: y), b = images[1].pixel(x: x, y: y)
                        guard a != b else { continue }
                        differing += 1
                        for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
                            let p = (a >> shift) & 0xFF, q = (b >> shift) & 0xFF
                            largest = max(largest, p > q ? p - q : q - p)
                        }
                    }
                }
                let name = "\(size) @\(scale)x, \(style == .dark ? "dark" : "light")"
                #expect(differing <= 12, "\(differing) pixels differ: \(name)")
                #expect(largest <= 24, "by up to \(largest): \(name)")
            }
        }
    }

    @Test func settingsStacksItsRowsWhenCompact() {
        for (name, width) in [("compact", 420.0), ("regular", 800.0)] {
            for rightToLeft in [false, true] {
                let controller = SettingsContainerController()
                controller.settings.loadViewIfNeeded()
                controller.settings.overlay.isHidden = true
                let image = OffscreenRenderer.render(controller, size: CGSize(width: width, height: 640)) { scene in
                    if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
                }
                assertSnapshot(image, named: "settings-offscreen-\(name)" + (rightToLeft ? "-rtl" : ""))
            }
        }
    }

    /// In dark mode the Settings rows are dark grey on the form's black (UIKit's grouped backgrounds), as
    /// they are white on light grey in light mode: they read as rows in both.
    @Test func settingsRowsStandOutFromTheFormInBothStyles() throws {
        for (style, background, row) in [(UIUserInterfaceStyle.light, 0xF2F2F7 as UInt32, 0xFFFFFF as UInt32),
                                          (.dark, 0x000000, 0x1C1C1E)] {
            let container = SettingsContainerController()
            let controller = container.settings
            controller.loadViewIfNeeded()
            controller.overlay.isHidden = true
            let image = OffscreenRenderer.render(container, size: CGSize(width: 800, height: 640)) { scene in
                scene.traitOverrides.userInterfaceStyle = style
            }
            let first = try #require(controller.cell(for: .lockOrientation))
            let frame = first.convert(first.bounds, to: nil)
            // Beside the form, and inside the first row between its texts and its control.
            #expect(image.pixel(x: 8, y: Int(frame.midY)) & 0xFFFFFF == background, "\(style): the form's background")
            #expect(image.pixel(x: Int(frame.midX), y: Int(frame.minY) + 4) & 0xFFFFFF == row, "\(style): the row's background")
            if style == .dark { assertSnapshot(image, named: "settings-offscreen-dark") }
        }
    }

    /// The scroll view `view` lies in, if any.
    func enclosingScrollView(of view: UIView) -> UIScrollView? {
        var ancestor = view.superview
        while let current = ancestor {
            if let scroller = current as? UIScrollView { return scroller }
            ancestor = current.superview
        }
        return nil
    }

    /// The Mail list grows with the text size as the reading pane does; what does not fit whole is left
    /// out (or ends in an ellipsis), never cut off mid-line, at the largest size and the default one;
    /// the reading pane and the Settings form scroll, so all of them can be reached. The bars keep
    /// their size, so the columns' titles show whole.
    @Test func mailRowsGrowWithTheTextSizeAndNothingIsCutOff() throws {
        func rowHeights(_ category: UIContentSizeCategory, size: CGSize) throws -> [CGFloat] {
            let controller = MailViewController()
            controller.loadViewIfNeeded()
            controller.overlay.isHidden = true
            let scene = UIWindowScene.offscreen(size: size, rootViewController: controller)
            scene.traitOverrides.preferredContentSizeCategory = category
            let image = scene.renderImage()
            if category == .accessibilityExtraExtraExtraLarge, size.width > 678 {
                assertSnapshot(image, named: "mail-offscreen-accessibility")
            }
            func all<T: UIView>(_ type: T.Type, in view: UIView) -> [T] {
                view.subviews.flatMap { ($0 as? T).map { [$0] } ?? [] + all(type, in: $0) }
            }
            // Every label shown lies whole inside the window and inside its pane.
            let labels = all(UILabel.self, in: controller.view)
            #expect(labels.count > 20 && labels.allSatisfy { $0.window != nil })
            for label in labels {
                var shown = !label.isHidden && label.alpha > 0, ancestor = label.superview
                while let view = ancestor, shown { shown = !view.isHidden && view.alpha > 0; ancestor = view.superview }
                guard shown, !(label.superview is OverlayView) else { continue }
                if let scroller = enclosingScrollView(of: label) {
                    // In the reading pane: inside the content, which scrolls.
                    let inContent = label.convert(label.bounds, to: scroller)
                    #expect(inContent.maxY <= scroller.contentSize.height + 0.5, "\(category): \"\(label.text ?? "")\" lies past the content")
                    continue
                }
                let frame = label.convert(label.bounds, to: nil)
                #expect(frame.maxY <= size.height + 0.5, "\(category): \"\(label.text ?? "")\" is cut off at \(frame.maxY)")
            }
            // The bars keep UIKit's size at every text size: 50-point rows (above a search bar, which
            // follows the text size) whose titles show whole.
            let bars = all(UINavigationBar.self, in: controller.view).filter { !$0.isHidden && $0.window != nil }
            let rows = bars.map { bar in bar.frame.height - (bar.shownSearchBar.map { $0.isHidden ? 0 : $0.frame.height } ?? 0) }
            #expect(!bars.isEmpty && rows.allSatisfy { $0 == 50 }, "\(category): \(rows)")
            for bar in bars where !bar.titleLabel.isHidden && !(bar.titleLabel.text ?? "").isEmpty {
                #expect(bar.titleLabel.frame.width >= bar.titleLabel.intrinsicContentSize.width.rounded(.down),
                        "\(category), \(size.width) pt: the title \"\(bar.titleLabel.text ?? "")\" is cut off")
            }
            return all(MessageCell.self, in: controller.view).filter { !$0.isHidden }.sorted { $0.frame.minY < $1.frame.minY }.map(\.frame.height)
        }
        // The Settings form too, at the largest size in a short window.
        let settings = SettingsViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 420, height: 900), rootViewController: settings)
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        scene.layoutIfNeeded()
        let scroller = try #require(settings.collectionView)
        #expect(scroller.numberOfItems(inSection: 0) == 6)
        #expect(scroller.contentSize.height > scroller.bounds.height, "the form is taller than the window at this size: it scrolls")
        // Scrolled to the end, the last row shows whole.
        scroller.setContentOffset(CGPoint(x: 0, y: scroller.offsetRange.max.y), animated: false)
        scene.layoutIfNeeded()
        let last = try #require(settings.cell(for: .organiseByThread))
        #expect(last.convert(last.bounds, to: nil).maxY <= scroller.convert(scroller.bounds, to: nil).maxY + 0.5, "the last row is reachable")
        for size in [CGSize(width: 500, height: 640), CGSize(width: 1000, height: 640)] {
            let regular = try rowHeights(.large, size: size), largest = try rowHeights(.accessibilityExtraExtraExtraLarge, size: size)
            #expect(regular.allSatisfy { $0 == 92 }, "the default size keeps its 92-point rows: \(regular)")
            #expect(zip(regular, largest).allSatisfy { $1 > 1.5 * $0 }, "rows grow with the text: \(largest)")
        }
    }

    /// A Gallery scene in portrait and in landscape: the geometry's orientation is the scene's (as the
    /// runtime sets it from the device), the layout follows the size classes.
    @Test func mailInPortraitAndLandscape() {
        for (name, size, orientation) in [("portrait", CGSize(width: 600, height: 900), UIInterfaceOrientation.portrait),
                                          ("landscape", CGSize(width: 900, height: 600), .landscapeRight)] {
            let controller = MailViewController()
            controller.loadViewIfNeeded()
            controller.overlay.isHidden = true
            let scene = UIWindowScene.offscreen(size: size, rootViewController: controller)
            scene.orientation = orientation
            _ = scene.applySystemFrame(CGRect(origin: .zero, size: size), displayScale: 1)
            #expect(scene.effectiveGeometry.interfaceOrientation == orientation)
            assertSnapshot(scene.renderImage(), named: "mail-\(name)")
        }
    }

    /// A drag of Mail's edge (the list's height changing alone, then its width, across the collapse at
    /// 678 points and back) leaves nothing stale: each step's message rows are where a Mail made at that
    /// size puts them, and at the end the window is drawn exactly as a fresh one, at the default and
    /// the largest text size, left to right and right to left.
    @Test func mailAfterADragOfItsEdgeLooksAsAFreshMail() {
        func make(_ size: CGSize, _ category: UIContentSizeCategory, _ rightToLeft: Bool) -> (MailViewController, UIWindowScene) {
            let controller = MailViewController()
            controller.loadViewIfNeeded()
            controller.overlay.isHidden = true
            let scene = UIWindowScene.offscreen(size: size, rootViewController: controller)
            scene.traitOverrides.preferredContentSizeCategory = category
            if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
            _ = scene.renderImage()
            return (controller, scene)
        }
        func rows(_ controller: MailViewController) -> [CGRect] {
            let list = controller.list.collectionView!
            return list.visibleCells.filter { !$0.isHidden }.map { $0.convert($0.bounds, to: nil) }.sorted { $0.minY < $1.minY }
        }
        let steps: [CGSize] = (0..<12).map { CGSize(width: 1000, height: 640 + CGFloat($0 * 3)) }
            + (0..<14).map { CGSize(width: 1000 - CGFloat($0 * 40), height: 676) }
            + (0..<14).map { CGSize(width: 480 + CGFloat($0 * 40), height: 660) }
        for (category, rightToLeft) in [(UIContentSizeCategory.large, false), (.accessibilityExtraExtraExtraLarge, false), (.large, true)] {
            let (controller, scene) = make(CGSize(width: 1000, height: 640), category, rightToLeft)
            for (index, size) in steps.enumerated() {
                scene.offscreenHost!.place(CGRect(origin: .zero, size: size), interactive: true)
                _ = scene.renderImage()
                if index % 9 == 4 {
                    let (fresh, _) = make(size, category, rightToLeft)
                    #expect(rows(controller) == rows(fresh), "\(category) \(rightToLeft ? "RTL" : "LTR") at \(size): rows as a fresh Mail's")
                }
            }
            let end = steps.last!
            scene.offscreenHost!.place(CGRect(origin: .zero, size: end), interactive: false)
            controller.resizingDidChange()
            let (_, fresh) = make(end, category, rightToLeft)
            let comparison = Snapshot.compare(scene.renderImage(), fresh.renderImage(), tolerance: SnapshotTolerance(perPixel: 0, differingFraction: 0))
            #expect(comparison.differingPixels == 0, "\(category) \(rightToLeft ? "RTL" : "LTR"): \(comparison.differingPixels) pixels differ from a fresh Mail")
        }
    }

    /// While a person drags the window's edge, Mail skips its shadows and samples its picture with the
    /// fast filter; at the release it draws in full again.
    @Test func mailDrawsCheaplyWhileResizing() {
        let controller = MailViewController()
        controller.loadViewIfNeeded()
        controller.overlay.isHidden = true
        let size = CGSize(width: 1000, height: 640)
        let scene = UIWindowScene.offscreen(size: size, rootViewController: controller)
        let still = scene.renderImage()
        _ = scene.applySystemFrame(CGRect(origin: .zero, size: size), displayScale: 1, interactive: true)
        controller.resizingDidChange()
        let resizing = scene.renderImage()
        #expect(Snapshot.compare(still, resizing, tolerance: SnapshotTolerance(perPixel: 0, differingFraction: 0)).differingPixels > 100, "shadows and filtering change")
        _ = scene.applySystemFrame(CGRect(origin: .zero, size: size), displayScale: 1, interactive: false)
        controller.resizingDidChange()
        #expect(Snapshot.compare(still, scene.renderImage(), tolerance: SnapshotTolerance(perPixel: 0, differingFraction: 0)).differingPixels == 0, "full quality again")
    }

    /// During a drag the overlay's size line changes at most 60 times a second, as a display refreshes,
    /// shows the newest size within two refreshes once the steps stop, and at once when the drag ends.
    @Test func theOverlaysSizeLineFollowsADragAtTheDisplaysRate() async throws {
        let controller = MailViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 500, height: 400), rootViewController: controller)
        scene.layoutIfNeeded()
        func sizeLine() -> String { (controller.overlay.subviews.first as? UILabel)?.text ?? "" }
        #expect(sizeLine().hasPrefix("500 × 400 pt"))
        var changes = 0, shown = sizeLine()
        let start = Date()
        for step in 1...40 {
            _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500 + 3 * CGFloat(step), height: 400), displayScale: 1, interactive: true)
            scene.layoutIfNeeded()
            if sizeLine() != shown { changes += 1; shown = sizeLine() }
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(changes <= Int(elapsed * 60) + 2, "\(changes) changes in \(elapsed) s")
        try await Task.sleep(for: .milliseconds(100))
        #expect(sizeLine().hasPrefix("620 × 400 pt"), "the newest size, within two refreshes once the steps stop")
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 623, height: 400), displayScale: 1, interactive: false)
        scene.layoutIfNeeded()
        #expect(sizeLine().hasPrefix("623 × 400 pt"), "at once when the drag ends")
    }

    /// The overlay follows what it shows when nothing is laid out anew: the focus, the text size, the
    /// device's orientation and the activation; and it sizes itself to its longest line, inside the
    /// window, in its trailing corner.
    @Test func theOverlayFollowsTraitsActivationAndOrientation() throws {
        let controller = MailViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 900, height: 600), rootViewController: controller)
        scene.layoutIfNeeded()
        func lines() -> [String] { controller.overlay.subviews.compactMap { ($0 as? UILabel)?.text } }
        func shows(_ text: String) -> Bool { lines().contains { $0.contains(text) } }
        #expect(shows("text: large") && shows(" active"))

        scene.environmentTraits = scene.environmentTraits.modifyingTraits {
            $0.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
            $0.activeAppearance = .inactive
        }
        scene.layoutIfNeeded()
        #expect(shows("text: accessibilityExtraExtraExtraLarge"), "\(lines())")
        #expect(shows(" inactive"), "\(lines())")

        scene.transition(to: .foregroundInactive)
        #expect(shows("state: foregroundInactive"), "\(lines())")
        scene.transition(to: .foregroundActive)
        #expect(shows("state: foregroundActive"), "\(lines())")

        // The overlay follows the device's notifications, which UIKit posts only while generated (the
        // Gallery turns them on at launch).
        UIDevice.current.beginGeneratingDeviceOrientationNotifications()
        let device = UIDevice.current.simulatedOrientation
        defer {
            UIDevice.current.simulatedOrientation = device
            UIDevice.current.endGeneratingDeviceOrientationNotifications()
        }
        UIDevice.current.simulatedOrientation = .portraitUpsideDown
        #expect(shows("device: portraitUpsideDown"), "\(lines())")

        // Sized to its text: every line fits, and the badge stays inside the window.
        scene.layoutIfNeeded()
        let overlay = controller.overlay
        for case let label as UILabel in overlay.subviews {
            #expect(label.frame.width >= label.intrinsicContentSize.width, "\(label.text ?? "") is cut off")
        }
        #expect(controller.view.bounds.contains(overlay.frame))
        #expect(overlay.frame.maxX == controller.view.bounds.maxX - 10)
    }

    /// A Mail scene offscreen without its overlay, and the picture in its reading pane.
    private func mailShowingThePicture(size: CGSize) throws -> (MailViewController, UIWindowScene, AttachmentView) {
        let controller = MailViewController()
        controller.loadViewIfNeeded()
        controller.overlay.isHidden = true
        let scene = UIWindowScene.offscreen(size: size, rootViewController: controller)
        func attachment(in view: UIView) -> AttachmentView? {
            if let found = view as? AttachmentView { return found }
            return view.subviews.lazy.compactMap(attachment(in:)).first
        }
        scene.layoutIfNeeded()
        return (controller, scene, try #require(attachment(in: controller.view)))
    }

    /// While resizing, the picture is painted as a rectangle and its corners are cleared after, outside
    /// the rounded shape: the corners stay round, and what is inside is the picture.
    @Test func thePictureKeepsItsRoundCornersWhileResizing() throws {
        let size = CGSize(width: 1000, height: 640)
        let (controller, scene, view) = try mailShowingThePicture(size: size)
        _ = scene.applySystemFrame(CGRect(origin: .zero, size: size), displayScale: 1, interactive: true)
        controller.resizingDidChange()
        let image = scene.renderImage()
        let picture = view.convert(view.bounds.insetBy(dx: 6, dy: 6), to: nil)
        let background: UInt32 = 0xffffffff
        for (x, y) in [(picture.minX, picture.minY), (picture.maxX - 1, picture.minY), (picture.minX, picture.maxY - 1), (picture.maxX - 1, picture.maxY - 1)] {
            #expect(image.pixel(x: Int(x), y: Int(y)) == background, "the corner at \(x), \(y) is cleared")
        }
        for (x, y) in [(picture.minX + 8, picture.minY), (picture.minX, picture.minY + 8), (picture.midX, picture.midY), (picture.maxX - 9, picture.maxY - 1)] {
            #expect(image.pixel(x: Int(x), y: Int(y)) != background, "the picture shows at \(x), \(y)")
        }
    }

    /// While resizing, the picture is drawn once and that drawing is stretched to each new size with
    /// the nearest pixel; when the drag ends it is drawn again, in full, at the size it has.
    @Test func thePictureIsStretchedWhileResizingAndDrawnInFullAfter() throws {
        var size = CGSize(width: 1000, height: 640)
        let (controller, scene, view) = try mailShowingThePicture(size: size)
        _ = scene.renderImage()

        _ = scene.applySystemFrame(CGRect(origin: .zero, size: size), displayScale: 1, interactive: true)
        controller.resizingDidChange()
        _ = scene.renderImage()
        #expect(view.contentMode == .scaleToFill && view.layer.magnificationFilter == .nearest && view.layer.minificationFilter == .nearest)
        // Held, so that a new drawing cannot take its memory and look the same.
        let drawnForTheDrag = try #require(view.content?.image), width = view.bounds.width
        for step in 1...3 {
            size.width += 30
            _ = scene.applySystemFrame(CGRect(origin: .zero, size: size), displayScale: 1, interactive: true)
            let image = scene.renderImage()
            #expect(view.content?.image === drawnForTheDrag, "step \(step): the drawing is kept")
            #expect(view.content?.size.width == width)
            let centre = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            #expect(image.pixel(x: Int(centre.x), y: Int(centre.y)) != 0xffffffff, "and shows, stretched")
        }
        #expect(view.bounds.width > width, "the picture grew with the pane")

        _ = scene.applySystemFrame(CGRect(origin: .zero, size: size), displayScale: 1, interactive: false)
        controller.resizingDidChange()
        _ = scene.renderImage()
        #expect(view.contentMode == .redraw && view.layer.magnificationFilter == .linear)
        #expect(view.content?.image !== drawnForTheDrag && view.content?.size == view.bounds.size, "drawn again in full")
    }

    @Test func offscreenAndWindowRendersAgree() throws {
        // The window snapshot's reference and the offscreen one come from the same renderer; this keeps
        // them honest with each other.
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        for (name, _) in GallerySnapshotSizes.mail {
            let offscreen = try ImageSurface(pngAt: directory.appendingPathComponent("GalleryTests/mail-offscreen-\(name).png").path)
            let window = try ImageSurface(pngAt: directory.appendingPathComponent("SceneWindowTests/mail-window-\(name).png").path)
            let comparison = Snapshot.compare(window, offscreen, tolerance: .window)
            #expect(!comparison.sizeMismatch)
            #expect(comparison.differingFraction < 0.01, "window and offscreen renders of Mail (\(name)) differ in \(comparison.differingPixels) pixels")
        }
    }
}

extension GalleryTests {
    /// Mail's rows made at the largest text size (a launch with it) lay out without a constraint
    /// conflict in either direction, from the zero width a cell has before the list sizes it on.
    @Test(arguments: [UITraitEnvironmentLayoutDirection.leftToRight, .rightToLeft])
    func mailRowsMadeAtTheLargestTextSizeLayOutWithoutConflicts(direction: UITraitEnvironmentLayoutDirection) {
        let previous = SceneHostLog.sink
        var lines: [String] = []
        SceneHostLog.sink = { lines.append($0) }
        defer { SceneHostLog.sink = previous }
        let controller = MailViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1024, height: 768), rootViewController: controller)
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        scene.traitOverrides.layoutDirection = direction
        _ = scene.renderImage()
        #expect(!lines.contains { $0.contains("Unable to simultaneously satisfy") }, "\(lines.first ?? "")")
    }
}

extension GalleryTests {
    /// A Mail row in right-to-left is its left-to-right layout mirrored, at the default and the largest
    /// text size: every part keeps its size and height and sits as far from the right edge as it sits
    /// from the left one in left-to-right (the sender's name as wide, the time on the same side of it).
    @Test(arguments: [UIContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func mailRowsInRightToLeftMirrorTheirLeftToRightLayout(textSize: UIContentSizeCategory) throws {
        func row(_ direction: UITraitEnvironmentLayoutDirection) throws -> (width: CGFloat, frames: [CGRect]) {
            let controller = MailViewController()
            let scene = UIWindowScene.offscreen(size: CGSize(width: 1024, height: 768), rootViewController: controller)
            scene.traitOverrides.preferredContentSizeCategory = textSize
            scene.traitOverrides.layoutDirection = direction
            _ = scene.renderImage()
            let cell = try #require(controller.list.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
            func content(in view: UIView) -> MessageContentView? {
                view as? MessageContentView ?? view.subviews.lazy.compactMap(content(in:)).first
            }
            let row = try #require(content(in: cell))
            return (row.bounds.width, row.subviews.map(\.frame))
        }
        let leftToRight = try row(.leftToRight), rightToLeft = try row(.rightToLeft)
        #expect(rightToLeft.width == leftToRight.width)
        for (index, (ltr, rtl)) in zip(leftToRight.frames, rightToLeft.frames).enumerated() {
            let mirrored = CGRect(x: leftToRight.width - ltr.maxX, y: ltr.minY, width: ltr.width, height: ltr.height)
            #expect(rtl == mirrored, "part \(index) of the row: \(rtl) in right-to-left, \(ltr) in left-to-right")
        }
    }
}
