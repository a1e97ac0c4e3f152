import Foundation
@_spi(Runtime) @testable import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// Image views in a real window: the cheaper drawing while a person drags the window's corner, full
/// quality in the frame the drag ends, and nothing left behind when the scene goes.
extension SceneWindowTests {
    /// A 2000×1000-pixel image, red on the left and blue on the right.
    static func largeHalves() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 2000, height: 1000), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1000, height: 1000))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 1000, y: 0, width: 1000, height: 1000))
        }
    }

    @Test func anImageViewDrawsAThumbnailWhileDraggedAndInFullInTheFrameTheDragEnds() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        let root = try #require(scene.windows.first?.rootViewController)
        let imageView = UIImageView(image: Self.largeHalves())
        // A quarter of the pixels or fewer: drawn from a thumbnail while resizing. It grows with the window.
        imageView.frame = CGRect(x: 0, y: 0, width: 400, height: 200)
        imageView.autoresizingMask = [.flexibleWidth]
        root.view.addSubview(imageView)
        await app.run(for: 0.3)
        let still = try app.screenshot(scene)
        #expect(still.pixel(x: 10, y: 100) & 0xFF_FFFF == 0xFF0000 && still.pixel(x: 390, y: 100) & 0xFF_FFFF == 0x0000FF)
        #expect(!imageView.isShowingResizeDrawing)

        let (input, corner) = try await pressFrameCorner(of: window, with: other, in: app)
        var drawnCheaply = 0
        for step in 1...6 {
            let before = app.events(of: "frame", scene: scene).count
            input.move(to: (corner.x + 10 * step, corner.y + 6 * step))
            guard await app.run(until: { app.events(of: "frame", scene: scene).count > before }, timeout: 1) else { continue }
            if scene.effectiveGeometry.isInteractivelyResizing, imageView.isShowingResizeDrawing,
               scene.viewsDrawnForResizing.contains(where: { $0.view === imageView }) { drawnCheaply += 1 }
        }
        await app.run(for: 0.05)
        let during = try app.screenshot(scene)
        #expect(drawnCheaply >= 4, "drawn from the thumbnail at the drag's steps (\(drawnCheaply) of 6)")
        #expect(during.pixel(x: 10, y: 100) & 0xFF_FFFF == 0xFF0000, "the thumbnail shows the same picture")

        let framesBefore = app.events(of: "frame", scene: scene).count
        other.fakeButton(1, pressed: false)
        other.sync()
        #expect(await app.run(until: { !scene.effectiveGeometry.isInteractivelyResizing }, timeout: 2))
        // The first frame after the release is drawn in full: the thumbnail is gone by then.
        #expect(await app.run(until: { app.events(of: "frame", scene: scene).dropFirst(framesBefore).contains { ($0["interactive"] as? Bool) == false } }, timeout: 2))
        #expect(!imageView.isShowingResizeDrawing && !imageView.needsDisplay)
        #expect(scene.viewsDrawnForResizing.isEmpty)
        let after = try app.screenshot(scene)
        #expect(after.pixel(x: 10, y: 100) & 0xFF_FFFF == 0xFF0000 && after.pixel(x: Int(imageView.frame.maxX) - 10, y: 100) & 0xFF_FFFF == 0x0000FF)
    }

    @Test func aGridOfPhotosStaysWholeWhileDraggedAndSharpAfter() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        let root = try #require(scene.windows.first?.rootViewController)
        root.view.backgroundColor = .white
        // An opaque 1200×900 photo: blue sky over green hills.
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        let photo = UIGraphicsImageRenderer(size: CGSize(width: 1200, height: 900), format: format).image { context in
            UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1200, height: 450))
            UIColor(red: 0.2, green: 0.6, blue: 0.2, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 450, width: 1200, height: 450))
        }
        // 4×3 cells of stack views, 6 points apart, which grow by fractions of a pixel as the window does.
        let rows = UIStackView()
        rows.axis = .vertical
        rows.distribution = .fillEqually
        rows.spacing = 6
        var cells: [UIImageView] = []
        for _ in 0..<3 {
            let line = UIStackView()
            line.distribution = .fillEqually
            line.spacing = 6
            for _ in 0..<4 {
                let cell = UIImageView(image: photo)
                cell.contentMode = .scaleAspectFill
                cell.clipsToBounds = true
                cells.append(cell)
                line.addArrangedSubview(cell)
            }
            rows.addArrangedSubview(line)
        }
        rows.frame = root.view.bounds.insetBy(dx: 6, dy: 6)
        rows.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.view.addSubview(rows)
        await app.run(for: 0.3)

        /// Each cell shows sky above its middle and hills below, and the gaps between cells are white.
        func check(_ image: ImageSurface, _ when: String) {
            for cell in cells {
                let frame = cell.convert(cell.bounds, to: nil)
                let top = image.pixel(x: Int(frame.midX), y: Int(frame.minY + frame.height / 4)) & 0xFF_FFFF
                let bottom = image.pixel(x: Int(frame.midX), y: Int(frame.maxY - frame.height / 4)) & 0xFF_FFFF
                #expect(top == 0x3366CC && bottom == 0x339933, "\(when): the photo in \(frame) (\(String(top, radix: 16)), \(String(bottom, radix: 16)))")
                let gap = image.pixel(x: Int(frame.maxX) + 3, y: Int(frame.midY)) & 0xFF_FFFF
                if frame.maxX + 6 < rows.frame.maxX { #expect(gap == 0xFFFFFF, "\(when): the gap right of \(frame) is \(String(gap, radix: 16))") }
                // The whole pixels at the cell's edges show the photo where it was drawn beyond its bounds
                // during the drag (the drawing made before it may stop two pixels short, over the background).
                guard when != "during the drag" || (cell.content?.x ?? 0) < 0 else { continue }
                let y = Int(frame.minY + frame.height / 4)
                let left = image.pixel(x: Int(frame.minX.rounded(.up)), y: y) & 0xFF_FFFF
                let right = image.pixel(x: Int(frame.maxX.rounded(.down)) - 1, y: y) & 0xFF_FFFF
                #expect(left == 0x3366CC && right == 0x3366CC, "\(when): the edges of \(frame) (\(String(left, radix: 16)), \(String(right, radix: 16)))")
            }
        }
        check(try app.screenshot(scene), "before")

        let (input, corner) = try await pressFrameCorner(of: window, with: other, in: app)
        // Steps of a pixel or two: most keep the drawing and copy it, some draw again from the thumbnail.
        for step in 1...12 {
            let before = app.events(of: "frame", scene: scene).count
            input.move(to: (corner.x + 3 * step, corner.y + 2 * step))
            _ = await app.run(until: { app.events(of: "frame", scene: scene).count > before }, timeout: 1)
        }
        await app.run(for: 0.05)
        #expect(scene.effectiveGeometry.isInteractivelyResizing)
        #expect(cells.allSatisfy { $0.isShowingResizeDrawing }, "the cells drew cheaply during the drag")
        #expect(cells.contains { ($0.content?.x ?? 0) < 0 }, "cells drawn again during the drag reach beyond their bounds")
        check(try app.screenshot(scene), "during the drag")

        other.fakeButton(1, pressed: false)
        other.sync()
        #expect(await app.run(until: { !scene.effectiveGeometry.isInteractivelyResizing }, timeout: 2))
        await app.run(for: 0.1)
        #expect(cells.allSatisfy { !$0.isShowingResizeDrawing && !$0.needsDisplay }, "drawn in full after the release")
        check(try app.screenshot(scene), "after the release")
    }

    @Test func imageViewsGoAwayWithTheirScene() async throws {
        let tracker = LeakTracker()
        let app = try AppHarness(TestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        do {
            let scene = try #require(app.scenes.first)
            let root = try #require(scene.windows.first?.rootViewController)
            let photo = UIImageView(image: Self.largeHalves())
            photo.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            photo.contentMode = .scaleAspectFit
            let symbol = UIImageView(image: UIImage(systemName: "star.fill"))
            symbol.preferredSymbolConfiguration = .init(pointSize: 24)
            symbol.frame = CGRect(x: 0, y: 120, width: 40, height: 40)
            root.view.addSubview(photo)
            root.view.addSubview(symbol)
            await app.run(for: 0.2)
            tracker.track(scene)
            tracker.track(try #require(photo.image), as: "UIImage")
            tracker.track(try #require(symbol.image), as: "UIImage")
            app.application.requestSceneSessionDestruction(scene.session, options: nil)
        }
        await app.run(for: 0.3)
        #expect(tracker.count > 4)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }

    /// Presses the primary button on `window`'s frame corner, as a person starting to drag it.
    private func pressFrameCorner(of window: Window, with other: Display, in app: AppHarness) async throws
        -> (SyntheticInput, (x: Int, y: Int)) {
        let input = try SyntheticInput(display: other)
        let corner = try #require(input.frameCorner(of: window))
        input.move(to: corner)
        other.fakeButton(1, pressed: true)
        other.sync()
        await app.run(for: 0.05)
        return (input, corner)
    }
}
