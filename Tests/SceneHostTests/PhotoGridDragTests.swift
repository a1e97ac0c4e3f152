import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing
import X11

/// A window of photos dragged by its corner on the virtual display: what the window shows mid-drag,
/// drawn step by step from each step's damage into the back buffer and sent, is the frame drawn
/// whole. Part of the serialized window suite.
extension SceneWindowTests {
    /// Twelve opaque photos (stripes one pixel apart: any shift shows) in a 4×3 grid of stack views.
    final class PhotoGridController: UIViewController {
        private let columns = UIStackView()

        // The grid fills the view less four points; the stack views lay the cells out, and each
        // photo follows its cell by autoresizing.
        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            columns.frame = view.bounds.insetBy(dx: 4, dy: 4)
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            format.opaque = true
            columns.axis = .vertical
            columns.distribution = .fillEqually
            columns.spacing = 4
            for row in 0..<3 {
                let line = UIStackView()
                line.distribution = .fillEqually
                line.spacing = 4
                for column in 0..<4 {
                    let seed = CGFloat(row * 4 + column)
                    let photo = UIGraphicsImageRenderer(size: CGSize(width: 400, height: 300), format: format).image { context in
                        for x in stride(from: 0, to: 400, by: 3) {
                            UIColor(red: CGFloat(x % 256) / 255, green: seed / 12, blue: CGFloat(x / 3 % 2), alpha: 1).setFill()
                            context.fill(CGRect(x: CGFloat(x), y: 0, width: 3, height: 300))
                        }
                        for y in stride(from: 0, to: 300, by: 5) {
                            UIColor(red: 0, green: 0, blue: CGFloat(y % 256) / 255, alpha: 0.5).setFill()
                            context.fill(CGRect(x: 0, y: CGFloat(y), width: 400, height: 2))
                        }
                    }
                    let cell = UIView()
                    let imageView = UIImageView(image: photo)
                    imageView.contentMode = .scaleAspectFill
                    imageView.clipsToBounds = true
                    imageView.frame = cell.bounds
                    imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                    cell.addSubview(imageView)
                    line.addArrangedSubview(cell)
                }
                columns.addArrangedSubview(line)
            }
            view.addSubview(columns)
        }
    }

    @Test func aWindowOfPhotosDraggedShowsTheFrameDrawnWhole() async throws {
        let (app, scene, window, other) = try await oneSceneApp()
        let input = try SyntheticInput(display: other)
        let root = try #require(scene.windows.first)
        root.rootViewController = PhotoGridController()
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 40, y: 60, width: 400, height: 300)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 400, height: 300) }))
        await app.run(for: 0.3)
        let corner = try #require(input.frameCorner(of: window))
        // A person's hand: pressed at the corner, moved three pixels right and one down at a time, held.
        input.move(to: corner)
        other.fakeButton(1, pressed: true)
        other.sync()
        await app.run(for: 0.05)
        for step in 1...24 {
            input.move(to: (corner.x + 3 * step, corner.y + step))
            await app.run(for: 0.03)
        }
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 472, height: 324) }))
        await app.run(for: 0.2)
        #expect(scene.effectiveGeometry.isInteractivelyResizing)
        // What the window shows, against the frame drawn whole at the same state.
        let shown = try other.capture(window, width: 472, height: 324)
        let whole = scene.renderImage(scale: 1)
        var differing = 0
        for y in 0..<324 {
            let row = whole.data.advanced(by: y * whole.stride).assumingMemoryBound(to: UInt32.self)
            if (0..<472).contains(where: { row[$0] & 0xFF_FFFF != shown.pixels[y * 472 + $0] & 0xFF_FFFF }) { differing += 1 }
        }
        other.fakeButton(1, pressed: false)
        other.sync()
        await app.run(for: 0.2)
        #expect(differing == 0, "\(differing) rows differ mid-drag")
        // The photos show: the first cell's middle is the photo's, not the white background.
        #expect(whole.pixel(x: 60, y: 55) != 0xFFFF_FFFF && shown.pixels[55 * 472 + 60] & 0xFF_FFFF != 0xFF_FFFF)
    }
}
