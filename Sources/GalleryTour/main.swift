import Foundation
import GalleryApp
import SceneHostTesting

// The Gallery's screenshot tour, `Gallery --tour DIR [--overlay]` (which runs this executable), and what
// `make run` shows without a display: the Gallery on a private virtual display (Xvfb and openbox), each
// scene resized through compact and regular sizes, a screenshot at each written to DIR, one path a line.
// And `Gallery --contact-sheet DIR [--dark]`: each scene rendered offscreen at every iPad size.
// And `Gallery --replay TRACE [--fast]`: a trace played back on a private display, its end compared.
// Kept apart from the Gallery so the app does not link the test kit.

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "GalleryTour: usage: GalleryTour --tour DIR [--overlay] | --contact-sheet DIR [--dark] [--ipad MODEL] | --replay TRACE [--fast]\n"
guard arguments.count >= 2, !arguments[1].hasPrefix("-") else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
let directory = arguments[1]
if arguments[0] == "--replay" {
    // A trace that cannot be replayed is refused before a display starts.
    let trace: TraceRecording
    do {
        trace = try TraceRecording(contentsOf: URL(fileURLWithPath: arguments[1]))
    } catch {
        FileHandle.standardError.write(Data("Gallery: \(error)\n".utf8))
        exit(2)
    }
    let pace: ReplayPace = arguments.contains("--fast") ? .asFastAsAcknowledged : .recorded
    Task { @MainActor in
        do {
            let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
            AppDelegate.userDefaults = UserDefaults(suiteName: app.stateDirectory.appendingPathComponent("defaults").path) ?? .standard
            let result = try await app.replay(trace, pace: pace)
            for note in result.notes { FileHandle.standardError.write(Data("Gallery replay: \(note)\n".utf8)) }
            for difference in result.differences { print("differs: \(difference)") }
            let scenes = trace.scenes.count
            if result.matches {
                print("replay matches: \(scenes) scene\(scenes == 1 ? "" : "s") end in the recorded geometry and traits (\(result.eventsPlayed) events played)")
                exit(0)
            }
            print("replay differs from the recording in \(result.differences.count) way\(result.differences.count == 1 ? "" : "s") (\(result.eventsPlayed) events played)")
            exit(1)
        } catch {
            FileHandle.standardError.write(Data("Gallery replay failed: \(error)\n".utf8))
            exit(2)
        }
    }
    dispatchMain()
}
if arguments[0] == "--contact-sheet" {
    MainActor.assumeIsolated {
        AppDelegate.showsOverlay = false
        var sheet = ContactSheet()
        if arguments.contains("--dark") { sheet.styles = [.light, .dark] }
        if let index = arguments.firstIndex(of: "--ipad"), index + 1 < arguments.count, let model = IPadModel(named: arguments[index + 1]) {
            sheet.models = [model]
        }
        do {
            let folder = URL(fileURLWithPath: directory)
            var entries: [ContactSheet.IndexEntry] = []
            for (name, make) in AppDelegate.scenesForContactSheets {
                entries += try sheet.write(sceneNamed: name, to: folder, make)
                print(folder.appendingPathComponent("\(name).png").path)
            }
            try ContactSheet.writeIndex(entries, to: folder)
            print(folder.appendingPathComponent("index.json").path)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("Gallery contact sheet failed: \(error)\n".utf8))
            exit(1)
        }
    }
}
guard arguments[0] == "--tour", arguments.dropFirst(2).allSatisfy({ $0 == "--overlay" }) else {
    FileHandle.standardError.write(Data(usage.utf8))
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
