import Foundation
import SceneHostTesting

extension AppDelegate {
    /// `Gallery` opens its scenes on `$DISPLAY`. `Gallery --tour DIR` needs no display: it runs the
    /// Gallery on a private virtual display, resizes each scene through compact and regular sizes as a
    /// person would, and writes screenshots to DIR (without the overlay unless `--overlay` is given).
    /// `--help` prints the usage; anything else is refused with one line and exit status 2.
    public static func main() {
        let options: Options
        do {
            options = try Options(CommandLine.arguments.dropFirst())
        } catch {
            FileHandle.standardError.write(Data("Gallery: \(error); `Gallery --help` lists the options\n".utf8))
            exit(2)
        }
        if options.help {
            print(usage, terminator: "")
            exit(0)
        }
        if let directory = options.tour {
            Task { @MainActor in
                do {
                    try await GalleryTour.run(writingTo: directory, showingOverlay: options.overlay)
                    exit(0)
                } catch {
                    FileHandle.standardError.write(Data("Gallery tour failed: \(error)\n".utf8))
                    exit(1)
                }
            }
            dispatchMain()
        }
        UIApplication.noDisplaySuggestion = "or run `Gallery --tour DIR`, which shows it on a private display with a window manager and writes screenshots to DIR"
        UIApplicationMain(AppDelegate.self)
    }

    /// The command line: `--help`, or `--tour DIR` with `--overlay`, or nothing.
    struct Options {
        var help = false
        var tour: String?
        var overlay = false

        struct Refusal: Error, CustomStringConvertible { let description: String }

        init(_ arguments: ArraySlice<String>) throws {
            var arguments = arguments
            while let argument = arguments.popFirst() {
                switch argument {
                case "--help", "-h": help = true
                case "--overlay": overlay = true
                case "--tour":
                    guard let directory = arguments.popFirst(), !directory.hasPrefix("-") else {
                        throw Refusal(description: "--tour needs the folder to write its screenshots to (--tour DIR)")
                    }
                    tour = directory
                default:
                    throw Refusal(description: argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument \(argument)")
                }
            }
            if overlay, tour == nil, !help { throw Refusal(description: "--overlay goes with --tour DIR (the overlay shows in the app's windows anyway)") }
        }
    }

    /// What `Gallery --help` prints.
    static let usage = """
        Usage: Gallery [--tour DIR [--overlay]] [--help]

        The Gallery shows a Mail scene and a Settings scene, each a window on $DISPLAY. Quit with Ctrl+C in its
        terminal: the windows that were open come back at the next launch.

        Options:
          --tour DIR   run on a private virtual display (Xvfb and openbox; no $DISPLAY needed), resize each
                       scene through compact and regular sizes and write screenshots to DIR
          --overlay    with --tour: show the overlay (size, traits, frame time) in the screenshots
          --help       print this help

        Shortcuts:
          Ctrl+N, Ctrl+W             open another Mail window; close the focused one
          ↑, ↓                       choose a message in Mail
          Ctrl+I                     hide or show the overlay, in every window
          Ctrl+= (Ctrl++), Ctrl+-    text size up, down; Ctrl+0 back to the configured one
          Ctrl+→, Ctrl+←             turn the simulated device clockwise, counter-clockwise

        Environment:
          DISPLAY                     the X server to use
          SCENEHOST_STYLE             light or dark
          SCENEHOST_LAYOUT_DIRECTION  ltr or rtl
          SCENEHOST_CONTENT_SIZE      the text size: extraSmall … large (the default) … accessibilityExtraExtraExtraLarge
          SCENEHOST_ORIENTATION       portrait, portraitUpsideDown, landscapeLeft (the default) or landscapeRight
          SCENEHOST_SCALE             device pixels per point, 0.5 to 8
          SCENEHOST_TRACE=FILE        append what the runtime decides to FILE, one JSON object per line
          XDG_STATE_HOME              where the open windows are kept between launches (default ~/.local/state)
          XDG_CONFIG_HOME             where the Settings switches are kept, as UserDefaults (default ~/.config)

        """
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

    /// `showingOverlay`: whether the screenshots show the overlay; by default they show the app alone.
    static func run(writingTo directory: String, showingOverlay: Bool = false) async throws {
        OverlayView.isShown = showingOverlay
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        // The person's settings stay out of the tour (and the tour out of them): defaults of its own,
        // in the harness's state folder, which goes with it.
        AppDelegate.userDefaults = UserDefaults(suiteName: app.stateDirectory.appendingPathComponent("defaults").path) ?? .standard
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
            other.raise(window)
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
