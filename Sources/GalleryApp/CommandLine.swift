import Foundation
import SceneHost

extension AppDelegate {
    /// `Gallery` opens its scenes on `$DISPLAY`. `Gallery --tour DIR` needs no display: it runs the
    /// Gallery on a private virtual display, resizes each scene through compact and regular sizes as a
    /// person would, and writes screenshots to DIR (without the overlay unless `--overlay` is given).
    /// `Gallery --contact-sheet DIR` renders each scene offscreen at every iPad size into DIR.
    /// `Gallery --replay TRACE [--fast]` plays a trace back on a private display and says how its end
    /// differs from the recording's (exit status 1 when it does).
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
        if let directory = options.tour { runTour(["--tour", directory] + (options.overlay ? ["--overlay"] : [])) }
        if let trace = options.replay { runTour(["--replay", trace] + (options.fast ? ["--fast"] : [])) }
        if let directory = options.contactSheet {
            runTour(["--contact-sheet", directory] + (options.dark ? ["--dark"] : []) + (options.iPad.map { ["--ipad", $0] } ?? []))
        }
        UIApplication.launchURLs = options.open
        UIApplication.noDisplaySuggestion = "or run `Gallery --tour DIR`, which shows it on a private display with a window manager and writes screenshots to DIR"
        UIApplicationMain(AppDelegate.self)
    }

    /// Runs the `GalleryTour` executable beside this one in this process's place with `options` (the
    /// tour and the contact sheets link the test kit, which the app does not).
    private static func runTour(_ options: [String]) -> Never {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let tour = executable.deletingLastPathComponent().appendingPathComponent("GalleryTour").path
        let arguments = [tour] + options
        let argv = arguments.map { strdup($0) } + [nil]
        execv(tour, argv)
        FileHandle.standardError.write(Data("Gallery: cannot run the tour, \(tour): \(String(cString: strerror(errno))); build it with `swift build --product GalleryTour`\n".utf8))
        exit(2)
    }

    /// The command line: `--help`, or `--tour DIR` with `--overlay`, or `--contact-sheet DIR` with
    /// `--dark`, or `--replay TRACE` with `--fast`, or nothing.
    struct Options {
        var help = false
        var tour: String?
        var overlay = false
        var contactSheet: String?
        var dark = false
        var iPad: String?
        /// `--open URL`: URLs of the Gallery's scheme (see `GalleryURL`) to show.
        var open: [URL] = []
        var replay: String?
        var fast = false

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
                case "--contact-sheet":
                    guard let directory = arguments.popFirst(), !directory.hasPrefix("-") else {
                        throw Refusal(description: "--contact-sheet needs the folder to write the sheets to (--contact-sheet DIR)")
                    }
                    contactSheet = directory
                case "--dark": dark = true
                case "--open":
                    guard let text = arguments.popFirst(), let url = URL(string: text), GalleryURL(url) != nil else {
                        throw Refusal(description: "--open needs a Gallery URL: scenehost-gallery://mail/<message>, scenehost-gallery://photos/<photo> or scenehost-gallery://settings")
                    }
                    open.append(url)
                case "--replay":
                    guard let trace = arguments.popFirst(), !trace.hasPrefix("-") else {
                        throw Refusal(description: "--replay needs the trace file to play back (--replay TRACE), one recorded with SCENEHOST_TRACE=TRACE")
                    }
                    replay = trace
                case "--fast": fast = true
                case "--ipad":
                    guard let name = arguments.popFirst(), IPadModel(named: name) != nil else {
                        throw Refusal(description: "--ipad needs a model: 12.9, 11, 10.5 or 9.7")
                    }
                    iPad = name
                default:
                    throw Refusal(description: argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument \(argument)")
                }
            }
            if overlay, tour == nil, !help { throw Refusal(description: "--overlay goes with --tour DIR (the overlay shows in the app's windows anyway)") }
            if dark, contactSheet == nil, !help { throw Refusal(description: "--dark goes with --contact-sheet DIR (set SCENEHOST_STYLE=dark for the app's windows)") }
            if iPad != nil, contactSheet == nil, !help { throw Refusal(description: "--ipad goes with --contact-sheet DIR (set SCENEHOST_IPAD for the app's windows)") }
            if !open.isEmpty, tour != nil || contactSheet != nil || replay != nil { throw Refusal(description: "--open goes to the app on $DISPLAY, not with --tour, --contact-sheet or --replay") }
            if tour != nil, contactSheet != nil { throw Refusal(description: "--tour and --contact-sheet are separate runs: give one of them") }
            if fast, replay == nil, !help { throw Refusal(description: "--fast goes with --replay TRACE") }
            if replay != nil, tour != nil || contactSheet != nil { throw Refusal(description: "--replay is a run of its own: give it without --tour or --contact-sheet") }
        }
    }

    /// What `Gallery --help` prints.
    static let usage = """
        Usage: Gallery [--open URL]… [--tour DIR [--overlay] | --contact-sheet DIR [--dark] [--ipad MODEL] | --replay TRACE [--fast]] [--help]

        The Gallery shows a Mail scene and a Settings scene, each a window on $DISPLAY. Quit with Ctrl+C in its
        terminal: the windows that were open come back at the next launch.

        Options:
          --open URL   show URL: scenehost-gallery://mail/<message> (0 is the first), …/photos/<photo>
                       (0 … 1999) or …/settings. When the Gallery already runs on $DISPLAY it gets the URL
                       (the window that shows such URLs comes forward, else a new one opens) and this
                       launch exits; a plain second `Gallery` brings the last used window forward
          --tour DIR   run on a private virtual display (Xvfb and openbox; no $DISPLAY needed), resize each
                       scene through compact and regular sizes and write screenshots to DIR
          --overlay    with --tour: show the overlay (size, traits, frame time) in the screenshots
          --contact-sheet DIR
                       render each scene offscreen at every iPad size (each model, arrangement and
                       orientation): DIR/<scene>.png, DIR/<scene>/<size>.png and DIR/index.json
          --dark       with --contact-sheet: dark as well as light
          --ipad MODEL with --contact-sheet: one iPad only (12.9, 11, 10.5 or 9.7) instead of all four
          --replay TRACE
                       play a trace recorded with SCENEHOST_TRACE=TRACE back on a private virtual display
                       (keys, pointer, window manager requests, at the recorded pace) and print how each
                       scene's end (geometry, traits) differs from the recording's; exit status 1 if it does
          --fast       with --replay: each event as soon as the app has handled the one before
          --help       print this help

        Shortcuts:
          Ctrl+N, Ctrl+W             open another Mail window; close the focused one
          Ctrl+P, Ctrl+,             open a Photos window; bring Settings forward (or open it)
          ↑, ↓                       choose a message in Mail
          right click on a message   its menu (open, archive, flag, delete); arrows and Return choose, Escape closes
          Tab, Shift+Tab             move the keyboard focus between buttons and switches; Space or Return acts
          Ctrl+I                     hide or show the overlay, in every window
          F11, Ctrl+Super+F          full screen on and off
          hold Ctrl (1 s)            show the window's commands and their shortcuts
          Ctrl+= (Ctrl++), Ctrl+-    text size up, down; Ctrl+0 back to the configured one
          Ctrl+→, Ctrl+←             turn the simulated device clockwise, counter-clockwise
          Ctrl+Alt+1 … 6             snap the window to the iPad's full screen, 2/3, 1/2, 1/3, Slide Over,
                                     Stage Manager size; Ctrl+Alt+0 gives it back its free size

        Environment:
          DISPLAY                     the X server to use
          SCENEHOST_STYLE             light or dark
          SCENEHOST_LAYOUT_DIRECTION  ltr or rtl
          SCENEHOST_CONTENT_SIZE      the text size: extraSmall … large (the default) … accessibilityExtraExtraExtraLarge
          SCENEHOST_IPAD              the iPad Ctrl+Alt+1 … 6 snap to: 12.9 (the default), 11, 10.5, 9.7
          SCENEHOST_ORIENTATION       portrait, portraitUpsideDown, landscapeLeft (the default) or landscapeRight
          SCENEHOST_SCALE             device pixels per point, 0.5 to 8
          SCENEHOST_TRACE=FILE        append what the runtime decides, and the input it got, to FILE, one JSON
                                      object per line (play it back with --replay FILE)
          XDG_STATE_HOME              where the open windows are kept between launches (default ~/.local/state)
          XDG_CONFIG_HOME             where the Settings switches are kept, as UserDefaults (default ~/.config)
          XDG_CACHE_HOME              where drawn symbols are kept, so later launches need no librsvg
                                      (scenehost/symbols, default ~/.cache)

        """
}

