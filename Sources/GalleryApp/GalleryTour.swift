import Foundation
import SceneHostTesting

extension AppDelegate {
    /// `Gallery` opens its scenes on `$DISPLAY`. `Gallery --tour [DIR]` needs no display: it runs the
    /// Gallery on a private virtual display, resizes each scene through compact and regular sizes as a
    /// person would, and writes screenshots to DIR (default `out/gallery`).
    public static func main() {
        let arguments = CommandLine.arguments
        if let index = arguments.firstIndex(of: "--tour") {
            let directory = index + 1 < arguments.count ? arguments[index + 1] : "out/gallery"
            Task { @MainActor in
                do {
                    try await GalleryTour.run(writingTo: directory)
                    exit(0)
                } catch {
                    FileHandle.standardError.write(Data("Gallery tour failed: \(error)\n".utf8))
                    exit(1)
                }
            }
            dispatchMain()
        }
        UIApplicationMain(AppDelegate.self)
    }
}

/// The screenshot tour behind `make run` on a machine without a display.
@MainActor
enum GalleryTour {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Sizes each scene is shown at, compact width first.
    static let sizes: [String: [(label: String, size: CGSize)]] = [
        "Mail": [("compact", CGSize(width: 560, height: 700)), ("regular", CGSize(width: 1000, height: 700))],
        "Settings": [("compact", CGSize(width: 420, height: 640)), ("regular", CGSize(width: 800, height: 640))],
    ]

    static func run(writingTo directory: String) async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        guard await app.waitForScenes(2) else { throw Failure(description: "the Gallery's two scenes did not appear") }
        let other = try app.virtualDisplay.connect()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        func write(_ image: ImageSurface, _ name: String) throws {
            let path = (directory as NSString).appendingPathComponent(name)
            try image.writePNG(to: path)
            print(path)
        }

        for title in ["Mail", "Settings"] {
            guard let scene = app.scene(titled: title), let window = app.window(of: scene) else {
                throw Failure(description: "no \(title) scene")
            }
            XRaiseWindow(other.pointer, window)
            for (label, size) in sizes[title] ?? [] {
                other.resize(window, width: Int(size.width), height: Int(size.height))
                other.flush()
                guard await app.run(until: { scene.effectiveGeometry.systemFrame.size == size }) else {
                    throw Failure(description: "\(title) did not reach \(size)")
                }
                await app.run(for: 0.2)
                try write(try app.screenshot(scene), "\(title.lowercased())-\(label)-\(Int(size.width))x\(Int(size.height)).png")
            }
        }

        // Both scenes side by side, regular width, as on a desktop.
        var x = 40
        for title in ["Mail", "Settings"] {
            guard let scene = app.scene(titled: title), let window = app.window(of: scene),
                  let size = sizes[title]?.last?.size else { continue }
            other.moveResize(window, x: x, y: 60, width: Int(size.width), height: Int(size.height))
            x += Int(size.width) + 30
        }
        other.flush()
        await app.run(for: 0.5)
        try write(try Screenshot.captureScreen(of: other), "desktop.png")
    }
}
