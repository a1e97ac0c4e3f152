import Foundation
import GalleryApp
import SceneHostTesting

// The Gallery's screenshot tour, `Gallery --tour DIR [--overlay]` (which runs this executable), and what
// `make run` shows without a display: the Gallery on a private virtual display (Xvfb and openbox), each
// scene resized through compact and regular sizes, a screenshot at each written to DIR, one path a line.
// Kept apart from the Gallery so the app does not link the test kit.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let directory = arguments.first, !directory.hasPrefix("-"), arguments.dropFirst().allSatisfy({ $0 == "--overlay" }) else {
    FileHandle.standardError.write(Data("GalleryTour: usage: GalleryTour DIR [--overlay]\n".utf8))
    exit(2)
}
let tour = ScreenshotTour(sizes: [
    ("Mail", [("compact", CGSize(width: 560, height: 700)), ("regular", CGSize(width: 1000, height: 700))]),
    ("Settings", [("compact", CGSize(width: 420, height: 640)), ("regular", CGSize(width: 800, height: 640))]),
])
Task { @MainActor in
    do {
        AppDelegate.showsOverlay = arguments.contains("--overlay")
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        // The person's settings stay out of the tour (and the tour out of them): defaults of its own, in
        // the harness's state folder, which goes with it.
        AppDelegate.userDefaults = UserDefaults(suiteName: app.stateDirectory.appendingPathComponent("defaults").path) ?? .standard
        guard await app.waitForScenes(2) else { throw ScreenshotTour.Failure(description: "the Gallery's two scenes did not appear") }
        for path in try await tour.run(app, writingTo: directory) { print(path) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("Gallery tour failed: \(error)\n".utf8))
        exit(1)
    }
}
dispatchMain()
