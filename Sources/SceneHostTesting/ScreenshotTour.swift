import Foundation
import SceneHost
import X11

/// A screenshot tour of an app running in an `AppHarness`: each scene (found by its title) is resized, as
/// a person would resize its window, through the sizes given, and a screenshot of the window is written
/// at each; then the scenes are put side by side at their last sizes and the whole screen is written.
/// What `make run` shows on a machine without a display, and a quick look at every size of an app.
@MainActor
public struct ScreenshotTour {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// For each scene title, the sizes it is shown at, with a label for the file names.
    public var sizes: [(title: String, sizes: [(label: String, size: CGSize)])]

    public init(sizes: [(title: String, sizes: [(label: String, size: CGSize)])]) { self.sizes = sizes }

    /// Tours `app` (its scenes already shown), writing `<title>-<label>-<width>x<height>.png` for each
    /// size and `desktop.png` to `directory`; returns the paths written, in order.
    public func run(_ app: AppHarness, writingTo directory: String) async throws -> [String] {
        let other = try app.virtualDisplay.connect()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        func write(_ image: ImageSurface, _ name: String) throws {
            let path = (directory as NSString).appendingPathComponent(name)
            try image.writePNG(to: path)
            written.append(path)
        }
        for (title, sizes) in sizes {
            guard let scene = app.scene(titled: title), let window = app.window(of: scene) else {
                throw Failure(description: "the app shows no scene titled \(title)")
            }
            other.raise(window)
            for (label, size) in sizes {
                other.resize(window, width: Int(size.width), height: Int(size.height))
                other.flush()
                guard await app.run(until: { scene.effectiveGeometry.systemFrame.size == size }) else {
                    throw Failure(description: "\(title) did not reach \(Int(size.width))×\(Int(size.height)) points")
                }
                await app.run(for: 0.2)
                try write(try app.screenshot(scene), "\(title.lowercased())-\(label)-\(Int(size.width))x\(Int(size.height)).png")
            }
        }
        // The scenes side by side at their last sizes, as on a desktop.
        var x = 40
        for (title, sizes) in sizes {
            guard let scene = app.scene(titled: title), let window = app.window(of: scene), let size = sizes.last?.size else { continue }
            other.moveResize(window, x: x, y: 60, width: Int(size.width), height: Int(size.height))
            x += Int(size.width) + 30
        }
        other.flush()
        await app.run(for: 0.5)
        try write(try Screenshot.captureScreen(of: other), "desktop.png")
        return written
    }
}
