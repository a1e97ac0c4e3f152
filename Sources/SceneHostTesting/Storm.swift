import Foundation
@_spi(Testing) import SceneHost
import X11

/// A seeded random storm of what people and window managers do to an app's windows, driven through
/// XTEST and the window manager against an app running in an `AppHarness`: windows opened and closed
/// (and destroyed by another client), resized (to 1×1 and beyond X11's 32,767 pixels too), moved (off
/// screen too), dragged and resized with Alt held, iconified and restored, maximized and restored,
/// focused, the simulated device turned, and controls clicked. The same seed gives the same actions.
///
/// After `run(_:)`, `geometryMismatches()` compares each window's last traced geometry with the X
/// server's, and `closeOpenedWindows()` brings the app back to the windows it had at the start.
@MainActor
public final class Storm {
    /// How the storm opens a window in the app, and which views it may click.
    public struct App {
        /// Keys that open a new window when a window titled `title` has the keyboard (Ctrl+N in a Mail
        /// window, say).
        public var openKeys: (keysym: KeySym, modifiers: [KeySym], title: String)
        /// Views worth a click (switches, buttons).
        public var clickable: (UIView) -> Bool

        public init(openKeys: (keysym: KeySym, modifiers: [KeySym], title: String), clickable: @escaping (UIView) -> Bool) {
            self.openKeys = openKeys
            self.clickable = clickable
        }
    }

    public let harness: AppHarness
    private let app: App
    private let input: SyntheticInput
    /// The storm's own connection: its requests come from another client, as a window manager's or a
    /// tool's would.
    private var other: Display { input.display }
    private var random: SplitMix64
    /// Windows the app had when the storm began (it never closes those).
    private let initial: Set<ObjectIdentifier>
    /// Scenes the storm may have at most at once.
    private let maximumScenes: Int
    private var tracked: Set<ObjectIdentifier> = []

    /// How many times each action ran.
    public private(set) var counts: [String: Int] = [:]
    /// Scenes opened during the storm, and how many of them closed.
    public private(set) var opened = 0
    public private(set) var closed = 0
    /// Everything the scenes the storm opened were made of when they opened: once they are closed,
    /// `tracker.survivors` should be empty.
    public let tracker = LeakTracker()
    /// The newest `geometry` trace event of each scene (by session identifier).
    /// `x`, `y`, `width`, `height` in points. Scenes that closed are forgotten: the storm's own memory
    /// stays small beside the app's, which a benchmark measures.
    private var lastGeometry: [String: [Double]] = [:]

    /// `tracksObjects`: whether `tracker` follows the scenes the storm opens (a test's check; a
    /// benchmark that measures memory leaves it off, as the tracker's own entries would count).
    public init(harness: AppHarness, app: App, seed: UInt64, maximumScenes: Int = 8, tracksObjects: Bool = true) throws {
        self.harness = harness
        self.app = app
        let input = try SyntheticInput(display: try harness.virtualDisplay.connect())
        self.input = input
        random = SplitMix64(seed: seed)
        initial = Set(harness.scenes.map(ObjectIdentifier.init))
        initialFrames = harness.scenes.compactMap { scene in
            guard let window = harness.window(of: scene), let origin = input.display.rootPosition(window),
                  let size = input.display.geometry(window) else { return nil }
            return (window, Display.Geometry(x: origin.x, y: origin.y, width: size.width, height: size.height))
        }
        self.maximumScenes = maximumScenes
        self.tracksObjects = tracksObjects
        readTrace()
    }
    private let tracksObjects: Bool
    /// Where the initial windows were, and how large (pixels).
    private let initialFrames: [(Window, Display.Geometry)]

    // MARK: Running

    /// Opens a window and closes it again, so what the app and its connection make once (fonts, caches,
    /// the keyboard's description) is made before anything is measured.
    public func warmUp() async {
        await open()
        await closeOpenedWindows()
        counts = [:]
        opened = 0
        closed = 0
    }

    /// Runs `actions` random actions, letting the app's loop turn between them.
    public func run(_ actions: Int) async {
        for _ in 0..<actions {
            let action = chooseAction()
            counts[action, default: 0] += 1
            await perform(action)
            await pump(random.next(0...3) == 0 ? 0.03 : 0.004)
        }
        await settle()
    }

    private let weights: [(String, Int)] = [
        ("resize", 16), ("move", 9), ("altDrag", 7), ("altResize", 7), ("iconify", 6), ("restore", 8), ("focus", 8),
        ("rotate", 6), ("maximize", 5), ("click", 6), ("open", 10), ("close", 8), ("destroy", 2),
    ]

    private func chooseAction() -> String {
        let total = weights.reduce(0) { $0 + $1.1 }
        var pick = random.next(0...(total - 1))
        for (name, weight) in weights {
            if pick < weight { return name }
            pick -= weight
        }
        return weights[0].0
    }

    private func perform(_ action: String) async {
        let scenes = harness.scenes
        guard let scene = scenes.randomElement(using: &random), let window = harness.window(of: scene) else { return }
        switch action {
        case "resize":
            let size: (Int, Int) = switch random.next(0...19) {
            case 0: (1, 1)
            case 1: (40000, random.next(300...900))
            case 2: (random.next(300...900), 40000)
            default: (random.next(200...1800), random.next(150...1100))
            }
            other.resize(window, width: size.0, height: size.1)
        case "move":
            let far = random.next(0...9) == 0
            let x = far ? random.next(-30000...30000) : random.next(-600...2200)
            let y = far ? random.next(-30000...30000) : random.next(-400...1300)
            other.move(window, x: x, y: y)
        case "altDrag", "altResize":
            await altDrag(window, button: action == "altDrag" ? 1 : 3)
        case "iconify":
            other.iconify(window)
        case "restore", "focus":
            other.activate(window)
        case "rotate":
            await focus(window)
            input.press(keysym: random.next(0...1) == 0 ? .right : .left, modifiers: [.controlLeft])
        case "maximize":
            other.setMaximized(window, random.next(0...1) == 0)
        case "click":
            await click(in: scene)
        case "open":
            await open()
        case "close", "destroy":
            guard let victim = scenes.filter({ !initial.contains(ObjectIdentifier($0)) }).randomElement(using: &random),
                  let victimWindow = harness.window(of: victim) else { return }
            if action == "close" { other.sendDeleteRequest(victimWindow) } else { other.destroyWindow(victimWindow) }
            closed += 1
        default:
            break
        }
        other.flush()
    }

    /// Opens a window the way the app does, unless the storm has as many as it may.
    private func open() async {
        guard harness.scenes.count < maximumScenes,
              let host = harness.scenes.filter({ $0.title == app.openKeys.title }).randomElement(using: &random),
              let window = harness.window(of: host) else { return }
        await focus(window)
        let before = harness.scenes.count
        input.press(keysym: app.openKeys.keysym, modifiers: app.openKeys.modifiers)
        guard await harness.run(until: { self.harness.scenes.count > before }, timeout: 2) else { return }
        opened += 1
        for scene in harness.scenes where scene.title != nil && !tracked.contains(ObjectIdentifier(scene)) {
            tracked.insert(ObjectIdentifier(scene))
            if tracksObjects, !initial.contains(ObjectIdentifier(scene)) { tracker.track(scene) }
        }
    }

    /// Asks for the keyboard and lets the window manager give it.
    private func focus(_ window: Window) async {
        other.activate(window)
        other.flush()
        await pump(0.03)
    }

    /// Alt+drag with `button` from the middle of the window's visible part: openbox moves the window with
    /// the first button and resizes it with the third.
    private func altDrag(_ window: Window, button: UInt32) async {
        guard let start = visiblePoint(of: window) else { return }
        let dx = random.next(-300...300), dy = random.next(-200...200)
        await input.drag(from: start, to: (start.x + dx, start.y + dy), steps: 6, button: button, modifiers: [.altLeft]) {
            await self.pump(0.004)
        }
    }

    /// Clicks a view the app says is worth it, in `scene`'s window, where it is on screen.
    private func click(in scene: UIWindowScene) async {
        guard let window = harness.window(of: scene), let root = scene.windows.first else { return }
        var candidates: [UIView] = []
        func collect(_ view: UIView) {
            if !view.isHidden, app.clickable(view) { candidates.append(view) }
            view.subviews.forEach(collect)
        }
        collect(root)
        guard let target = candidates.randomElement(using: &random) else { return }
        await focus(window)
        guard let origin = other.rootPosition(window) else { return }
        let scale = scene.traitCollection.displayScale
        let centre = target.convert(CGPoint(x: target.bounds.midX, y: target.bounds.midY), to: nil)
        let point = (origin.x + Int(centre.x * scale), origin.y + Int(centre.y * scale))
        guard point.0 >= 0, point.1 >= 0, point.0 < other.screenWidth, point.1 < other.screenHeight else { return }
        input.move(to: point)
        other.fakeButton(1, pressed: true)
        other.fakeButton(1, pressed: false)
    }

    /// The middle of the part of `window` that lies on the screen; nil when none does.
    private func visiblePoint(of window: Window) -> (x: Int, y: Int)? {
        guard let origin = other.rootPosition(window), let size = other.geometry(window) else { return nil }
        let left = max(origin.x, 0), top = max(origin.y, 0)
        let right = min(origin.x + size.width, other.screenWidth), bottom = min(origin.y + size.height, other.screenHeight)
        guard right - left > 4, bottom - top > 4 else { return nil }
        return ((left + right) / 2, (top + bottom) / 2)
    }

    // MARK: Checking

    /// Lets the app, the window manager and the server finish what the actions started.
    public func settle() async {
        await pump(0.4)
    }

    /// Turns the app's loop for `seconds`, keeping only what the storm needs of the trace (each scene's
    /// newest geometry), so a long storm does not pile up trace events.
    private func pump(_ seconds: Double) async {
        await harness.run(for: seconds)
        readTrace()
    }

    private func readTrace() {
        for event in harness.traceEvents {
            guard let scene = event.scene else { continue }
            if event.name == "geometry" {
                lastGeometry[scene] = ["x", "y", "width", "height"].map { event.number($0) ?? .nan }
            } else if event.name == "sceneDidDisconnect" {
                lastGeometry[scene] = nil
            }
        }
        harness.clearEvents()
    }

    /// The windows whose last traced geometry differs from where and how large the X server has them,
    /// each as one line; empty when all agree.
    public func geometryMismatches() -> [String] {
        readTrace()
        var found: [String] = []
        for scene in harness.scenes {
            guard let window = harness.window(of: scene) else { continue }
            let identifier = scene.session.persistentIdentifier
            guard let traced = lastGeometry[identifier], let origin = other.rootPosition(window), let size = other.geometry(window) else {
                found.append("\(scene.title ?? identifier): no traced geometry")
                continue
            }
            let scale = Double(scene.traitCollection.displayScale)
            let tracedPixels = traced.map { $0 * scale }
            let server = [origin.x, origin.y, size.width, size.height].map(Double.init)
            if tracedPixels != server {
                found.append("\(scene.title ?? identifier) \(identifier): traced \(tracedPixels), server \(server)")
            }
        }
        return found
    }

    /// Brings the app back to how the storm found it: closes every window the storm opened (as a
    /// person closing them) and waits until they are gone, and puts the others back where they were,
    /// shown, at their size.
    public func restoreInitialState() async {
        await closeOpenedWindows()
        // Shown and unmaximized first: a window manager restoring a maximized window puts back the
        // size it had before, which would undo a move made meanwhile.
        for (window, _) in initialFrames {
            other.setMaximized(window, false)
            other.activate(window)
        }
        other.flush()
        await settle()
        for (window, frame) in initialFrames {
            other.moveResize(window, x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        }
        other.flush()
        _ = await harness.run(until: {
            self.initialFrames.allSatisfy { window, frame in
                self.other.geometry(window).map { $0.width == frame.width && $0.height == frame.height } ?? true
            }
        }, timeout: 5)
        await settle()
    }

    /// Closes every window the storm opened (as a person closing them), and waits until they are gone.
    public func closeOpenedWindows() async {
        for scene in harness.scenes where !initial.contains(ObjectIdentifier(scene)) {
            if let window = harness.window(of: scene) { other.sendDeleteRequest(window) }
            closed += 1
        }
        other.flush()
        _ = await harness.run(until: { self.harness.scenes.allSatisfy { self.initial.contains(ObjectIdentifier($0)) } }, timeout: 10)
        await settle()
    }
}

/// A small, fast, seedable random number generator (SplitMix64): the same seed, the same storm.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    public mutating func next(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
