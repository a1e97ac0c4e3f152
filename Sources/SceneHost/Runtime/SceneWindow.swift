import Cairo
import Foundation
@_spi(Runtime) import SceneHostCore
import X11

/// One connected scene and the top-level X11 window that shows it: the scene's host. Hints from the
/// scene's restrictions, geometry from `ConfigureNotify` (its position kept by `WindowPosition`), lifecycle
/// from mapping and focus, one method per kind of X event, and frames (the model's frame pass, then
/// `WindowPresenter`, which puts them on screen).
@MainActor
final class SceneWindow: UIWindowSceneHost {
    let scene: UIWindowScene
    unowned let runtime: SceneRuntime
    let xWindow: TopLevelWindow
    private var display: Display { runtime.display }
    private var scale: CGFloat { runtime.displayScale }

    /// Size of a scene whose app sets none, in points.
    static let defaultSize = CGSize(width: 1024, height: 768)

    /// X11 keeps window sizes and positions in 16 bits, and cairo's images are as limited: a window is
    /// at most 32,767 pixels wide or tall and lies within ±32,767.
    static let pixelLimit = Int(Int16.max)

    /// `points` in device pixels at `scale`, rounded and brought within X11's range: a size is at least 1
    /// (NaN counts as 0).
    private static func pixels(_ points: CGFloat, scale: CGFloat, size: Bool) -> Int {
        let value = (points * scale).rounded()
        guard value.isFinite else { return value > 0 ? pixelLimit : (size ? 1 : 0) }
        return Int(min(max(value, size ? 1 : -CGFloat(pixelLimit)), CGFloat(pixelLimit)))
    }
    private func pixels(_ points: CGFloat, size: Bool) -> Int { Self.pixels(points, scale: scale, size: size) }

    private(set) var needsFrame = true
    /// Newest size (pixels) from the events drained this turn.
    private var pixelSize: (width: Int, height: Int)
    /// Where the window is on the root.
    private var position = WindowPosition()
    /// The frame whose events this window takes.
    var followedFrame: Window? { position.followedFrame }
    private var geometryChanged = true
    private var isMapped = false
    /// Whether the window manager says (WM_STATE) that the window is iconified or hidden.
    private var isHidden = false
    /// Whether the window has keyboard focus (the scene's `activeAppearance`).
    private var hasFocus = false
    private var hasRecordedGeometry = false
    /// The scene's interface orientation (the simulated device's, unless the lock or the supported
    /// orientations keep another) and whether the window fills the screen: given to the model with the
    /// frame's geometry.
    private var orientation = UIInterfaceOrientation.unknown
    private var fillsScreen = false
    /// Whether the window was said to have been made larger than X11's limit (said once).
    private var warnedOversize = false

    // Interactive resizing. With the window manager's sync protocol: a drag is a size change while the
    // window manager holds its grab (FocusOut NotifyGrab … FocusIn NotifyUngrab on whichever of the app's
    // windows has the focus), or a burst of resizes it asks to acknowledge when the focus is another
    // app's; each step's `_NET_WM_SYNC_REQUEST` serial is acknowledged once the frame at the new size is
    // presented. Without the protocol: a burst of size changes with no pause longer than 200 ms, the
    // app's own requests left out.
    private let presenter: WindowPresenter
    private(set) var isInteractive = false
    /// A resize the app asked for (a geometry request, limits, X11's limit) whose configure has not come.
    private var ownResizePending = false
    private var lastResize = -Double.infinity
    static let burstPause = 0.2

    /// Where a restored window asks to be placed (pixels, root coordinates), until it is mapped.
    private var requestedPosition: (x: Int, y: Int)?

    /// Whether the window was placed where a drag was dropped (its position is not a saved one).
    private let dropped: Bool

    /// `frame` (points, root coordinates): where a restored scene's window was, or where a drop places
    /// a new one (`dropped`); nil for a new one the window manager places.
    init(scene: UIWindowScene, runtime: SceneRuntime, frame: CGRect? = nil, dropped: Bool = false) {
        self.dropped = dropped
        self.scene = scene
        self.runtime = runtime
        let size = frame?.size ?? Self.defaultSize, scale = runtime.displayScale
        pixelSize = (Self.pixels(size.width, scale: scale, size: true), Self.pixels(size.height, scale: scale, size: true))
        if let frame {
            requestedPosition = (Self.pixels(frame.minX, scale: scale, size: false), Self.pixels(frame.minY, scale: scale, size: false))
        }
        let program = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? "scenehost"
        xWindow = TopLevelWindow(display: runtime.display, width: pixelSize.width, height: pixelSize.height, title: scene.title ?? "",
                                 className: program.prefix(1).uppercased() + program.dropFirst(), instanceName: program)
        presenter = WindowPresenter(window: xWindow, display: runtime.display)
        scene.host = self
        // The pointer through XInput 2 where the server has it (smooth scrolling, touchpad pinches);
        // the core events otherwise.
        runtime.display.selectXInput2PointerEvents(xWindow.id)
        // Every scene takes drags from other programs (XDND); its drop interactions decide what they accept.
        runtime.display.setXdndAware(xWindow.id)
        scene.pointerCursorDidChange = { [weak self] cursor in self?.showCursor(cursor) }
    }

    // MARK: Connection

    /// Calls `scene(_:willConnectTo:options:)`, applies what the delegate set (title, restrictions) and
    /// maps the window.
    func connect(options: UIScene.ConnectionOptions) {
        scene.environmentTraits = runtime.desktop.environmentTraits(active: hasFocus)
        orientation = UIInterfaceOrientation(UIDevice.current.simulatedOrientation)
        scene.setInitialGeometry(frameGeometry)
        scene.delegate?.scene(scene, willConnectTo: scene.session, options: options)
        NotificationCenter.default.post(name: UIScene.willConnectNotification, object: scene)
        // The scene starts the way up the device is, if its controllers support that.
        if !allowedOrientations.contains(orientation) {
            orientation = preferredOrientation(in: allowedOrientations) ?? .unknown
        }
        // The configuration and activity let a replay open the same kind of scene.
        let activityType = options.userActivities.first?.activityType ?? scene.session.stateRestorationActivity?.activityType
        runtime.record("sceneWillConnect", scene: scene, [
            ("title", .string(scene.title ?? "")), ("window", .number(Double(xWindow.id))),
            ("configuration", scene.session.configuration.name.map { .string($0) } ?? .null),
            ("role", .string(scene.session.role.rawValue)), ("activityType", activityType.map { .string($0) } ?? .null),
        ])
        sceneTitleDidChange()
        // Start inside the limits, so the first frame is already at a size the window manager accepts,
        // and where its title bar can be reached.
        pixelSize = clampedPixelSize(pixelSize)
        // A window opened by a drop has its top edge centred on the drop point, at the size it now has.
        if dropped, let point = requestedPosition { requestedPosition = (point.x - pixelSize.width / 2, point.y) }
        if let position = requestedPosition {
            // A restored window: on a screen of today's, at most as large as one (unless its minimum is larger).
            let monitors = display.monitors()
            let saved = pixelSize
            pixelSize = clampedPixelSize(WindowPlacement.fittedSize(pixelSize, monitors: monitors))
            let placed = WindowPlacement.reachableOrigin(position, size: pixelSize, monitors: monitors)
            if dropped {
                requestedPosition = placed
            } else if placed != position || pixelSize != saved {
                SceneHostLog.warning("the saved window of the scene \"\(scene.title ?? "")\" (\(saved.width)×\(saved.height) px at (\(position.x), \(position.y))) does not fit the screens there are now; it comes back as \(pixelSize.width)×\(pixelSize.height) px at (\(placed.x), \(placed.y)), where its title bar can be reached")
                requestedPosition = placed
            }
        }
        writeSizeHints()
        writeMotifHints()
        if let requestedPosition {
            display.moveResize(xWindow.id, x: requestedPosition.x, y: requestedPosition.y, width: pixelSize.width, height: pixelSize.height)
        } else {
            display.resize(xWindow.id, width: pixelSize.width, height: pixelSize.height)
        }
        geometryChanged = true
        xWindow.map()
        // Sent now: the window manager takes the window while its first frame is drawn.
        display.flush()
        connectedAt = monotonicSeconds()
        needsFrame = true
    }

    /// When the scene connected (`monotonicSeconds`).
    private(set) var connectedAt = -Double.infinity
    /// Whether a frame has been put in the window since the window manager mapped it: what the scene
    /// first shows is on screen. Until then the runtime holds later scenes' activations back
    /// (`SceneRuntime.requestsHeldUntil`).
    private(set) var hasShownFirstFrame = false

    /// False once the scene disconnected (a frame may still be queued in the same turn).
    private(set) var isConnected = true

    func disconnect() {
        runtime.dragAndDrop.windowWillClose(self)
        isConnected = false
        scene.disconnect()
        scene.host = nil
        presenter.close()
        display.removeInputContext(xWindow.id)
        xWindow.destroy()
    }

    /// Brings the window to the front and asks for focus (`_NET_ACTIVE_WINDOW`, as a pager would).
    func raise() { display.activate(xWindow.id) }

    /// The next frame composites and sends the whole window anew (`requestSceneSessionRefresh`).
    func redrawEverything() {
        presenter.dropBuffer()
        needsFrame = true
    }

    // MARK: UIWindowSceneHost

    func sceneNeedsFrame() { needsFrame = true }

    func sceneTitleDidChange() { xWindow.setTitle(scene.windowName) }

    func sceneDidRunLifecycleCallback(_ name: String) {
        runtime.record(name, scene: scene)
        if name == "sceneDidBecomeActive" { runtime.sceneBecameActive(scene) }
        // UIKit asks for the restoration activity when a scene goes to the background.
        if name == "sceneDidEnterBackground" { runtime.saveState() }
    }

    // MARK: Orientation

    /// The orientations the scene may show: its view controllers' intersected with the app's.
    private var allowedOrientations: UIInterfaceOrientationMask {
        scene.supportedInterfaceOrientations.intersection(runtime.supportedOrientations(for: scene))
    }

    /// The simulated device turned: the scene follows unless its orientation is locked (and the lock
    /// honoured) or it does not support the new orientation.
    func deviceDidRotate(to orientation: UIInterfaceOrientation) {
        guard !scene.effectiveGeometry.isInterfaceOrientationLocked, allowedOrientations.contains(orientation) else { return }
        turn(to: orientation)
    }

    /// Shows `orientation`: a turn between portrait and landscape swaps the window's width and height
    /// through the window manager (within the size restrictions); a half turn changes which side is up.
    private func turn(to orientation: UIInterfaceOrientation) {
        self.orientation = orientation
        let frame = systemFrame
        // A window snapped to an arrangement takes that arrangement's size in the new orientation; one
        // the new orientation lacks (a half, in portrait) turns as a free window.
        if arrangement != nil, runtime.iPadModel.size(of: arrangement!, orientation.isPortrait ? .portrait : .landscape) == nil {
            unsnapWithoutResizing()
        }
        if let arrangement, let size = runtime.iPadModel.size(of: arrangement, orientation.isPortrait ? .portrait : .landscape) {
            if size != frame.size { scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(origin: frame.origin, size: size))) }
            else if orientation != scene.effectiveGeometry.interfaceOrientation { scene.setNeedsSizeTransition() }
        } else if orientation.isPortrait != (frame.height > frame.width) {
            scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(
                systemFrame: CGRect(x: frame.minX, y: frame.minY, width: frame.height, height: frame.width)))
        } else if orientation != scene.effectiveGeometry.interfaceOrientation {
            scene.setNeedsSizeTransition()
        }
        geometryChanged = true
        needsFrame = true
    }

    /// The orientation to turn to among `mask`: the device's when it is one of them, else the first of
    /// portrait, landscape right, landscape left, upside down.
    private func preferredOrientation(in mask: UIInterfaceOrientationMask) -> UIInterfaceOrientation? {
        let device = UIInterfaceOrientation(UIDevice.current.simulatedOrientation)
        if mask.contains(device) { return device }
        return [UIInterfaceOrientation.portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown].first { mask.contains($0) }
    }

    func sceneOrientationPreferencesDidChange() {
        let allowed = allowedOrientations
        if !allowed.contains(scene.effectiveGeometry.interfaceOrientation), let target = preferredOrientation(in: allowed) {
            turn(to: target)
        }
        geometryChanged = true
        needsFrame = true
    }

    func sceneRequestsOrientation(_ orientations: UIInterfaceOrientationMask) -> Bool {
        guard let target = preferredOrientation(in: orientations.intersection(allowedOrientations)) else { return false }
        turn(to: target)
        return true
    }

    /// `_NET_WM_STATE`: full screen, or maximized both ways.
    private func readWindowState() {
        let states = Set(display.cardinalProperty(xWindow.id, "_NET_WM_STATE") ?? [])
        isFullScreen = states.contains(UInt(display.atom("_NET_WM_STATE_FULLSCREEN")))
        if scene.isFullScreen != isFullScreen {
            scene.setFullScreenState(isFullScreen)
            runtime.record("fullScreen", scene: scene, [("fullScreen", .bool(isFullScreen))])
            geometryChanged = true
            needsFrame = true
        }
        isMaximized = states.contains(UInt(display.atom("_NET_WM_STATE_MAXIMIZED_VERT")))
            && states.contains(UInt(display.atom("_NET_WM_STATE_MAXIMIZED_HORZ")))
        let fillChanged = recordedFill.map { $0.maximized != isMaximized || $0.fullScreen != isFullScreen } ?? (isMaximized || isFullScreen)
        if runtime.isTracing, fillChanged {
            recordedFill = (isMaximized, isFullScreen)
            runtime.record("windowFill", scene: scene, [("maximized", .bool(isMaximized)), ("fullScreen", .bool(isFullScreen))])
        }
        updateFillsScreen()
    }
    private var isFullScreen = false

    /// The scene fills the screen (and its orientation lock is honoured, as UIKit honours it for a
    /// screen-sized scene only) when the window is full screen, or maximized and as large as the screen's
    /// work area: a window maximized within a smaller maximum size does not fill it.
    private func updateFillsScreen() {
        var fills = isFullScreen
        if !fills, isMaximized {
            let extents = display.frameExtents(xWindow.id) ?? (0, 0, 0, 0)
            let outer = (width: pixelSize.width + extents.left + extents.right, height: pixelSize.height + extents.top + extents.bottom)
            let area = display.workArea()
            fills = outer.width >= area.width - 1 && outer.height >= area.height - 1
        }
        guard fills != fillsScreen else { return }
        fillsScreen = fills
        geometryChanged = true
        needsFrame = true
    }

    /// Whether the window manager keeps the window maximized both ways (`_NET_WM_STATE`): saved with
    /// the session.
    private(set) var isMaximized = false

    /// A geometry request: the window manager moves and resizes the window (static gravity: the
    /// position is the client area's); the scene hears of it when the configure arrives. Requests made
    /// in one turn of the loop are coalesced: only the last reaches the window manager.
    func sceneRequestsFrame(_ frame: CGRect) {
        requestedFrame = frame
        runtime.setNeedsTurn()
    }
    private var requestedFrame: CGRect?

    /// Sends the turn's last geometry request, if any.
    func sendRequestedFrame() {
        guard let frame = requestedFrame else { return }
        requestedFrame = nil
        let placed = (x: pixels(frame.minX, size: false), y: pixels(frame.minY, size: false),
                      width: pixels(frame.width, size: true), height: pixels(frame.height, size: true))
        let wanted = [frame.minX, frame.minY, frame.width, frame.height].map { ($0 * scale).rounded() }
        if wanted != [placed.x, placed.y, placed.width, placed.height].map({ CGFloat($0) }) {
            SceneHostLog.warning("the scene \"\(scene.title ?? "")\" asked for the frame \(frame), beyond what an X11 window can be (32,767 pixels a side, positions within ±32,767); it gets \(placed.width)×\(placed.height) px at (\(placed.x), \(placed.y))")
        }
        ownResizePending = true
        display.moveResize(xWindow.id, x: placed.x, y: placed.y, width: placed.width, height: placed.height)
    }

    func sceneSizeRestrictionsDidChange() {
        if isFullScreen, scene.sizeRestrictions?.allowsFullScreen == false { display.setFullScreen(xWindow.id, false) }
        applyWindowLimits()
    }

    func sceneWindowingDidChange() { applyWindowLimits() }

    /// Writes the hints the restrictions and behaviours make. Hints bind future resizes; a window
    /// already outside the new limits is brought inside them.
    private func applyWindowLimits() {
        writeMotifHints()
        writeSizeHints()
        let clamped = clampedPixelSize(pixelSize)
        if clamped != pixelSize {
            ownResizePending = true
            display.resize(xWindow.id, width: clamped.width, height: clamped.height)
        }
        display.flush()
        geometryChanged = true
        needsFrame = true
    }

    /// The restrictions in force, in pixels; an unlimited dimension is nil.
    private var pixelLimits: (minimum: (width: Int, height: Int), maximum: (width: Int?, height: Int?)) {
        let minimum = scene.effectiveMinimumSize, maximum = scene.effectiveMaximumSize
        let limit = CGFloat(Self.pixelLimit)
        func low(_ value: CGFloat) -> Int { Int(min((value * scale).rounded(.up), limit)) }
        func high(_ value: CGFloat) -> Int? { value * scale >= limit ? nil : Int((value * scale).rounded(.down)) }
        return ((low(minimum.width), low(minimum.height)), (high(maximum.width), high(maximum.height)))
    }

    /// WM_NORMAL_HINTS from the scene's size restrictions: PMinSize when there is a minimum, and always
    /// PMaxSize, at most X11's 32,767 pixels (an unlimited dimension gets that), so a window manager that
    /// honours hints never makes a window X11 and cairo cannot draw.
    private func writeSizeHints() {
        let limits = pixelLimits
        var hints = Display.SizeHints()
        // A restored window's position is the client area's own (static gravity), as the user placed it.
        hints.position = requestedPosition
        if limits.minimum.width > 0 || limits.minimum.height > 0 {
            hints.minimum = (max(1, limits.minimum.width), max(1, limits.minimum.height))
        }
        hints.maximum = (limits.maximum.width ?? Self.pixelLimit, limits.maximum.height ?? Self.pixelLimit)
        // `.uniform`: the ratio in whole pixels, reduced (openbox keeps the width and derives the height).
        if let ratio = scene.preferredAspectRatio {
            var a = pixels(ratio.width, size: true), b = pixels(ratio.height, size: true)
            var x = a, y = b
            while y != 0 { (x, y) = (y, x % y) }
            a /= x; b /= x
            hints.aspect = (a, b)
        }
        display.setSizeHints(xWindow.id, hints)
    }

    /// `_MOTIF_WM_HINTS` functions from the windowing behaviours and the resizing restrictions: move
    /// always; resize and maximize unless the size is fixed; minimize and close as the behaviours say.
    /// openbox honours the resize and move bits only (x11-facts-2 §8); SceneHost enforces the rest.
    private func writeMotifHints() {
        let behaviors = scene.windowingBehaviors
        var functions: Display.MotifFunctions = [.move]
        if scene.effectiveResizingRestrictions != .none { functions.formUnion([.resize, .maximize]) }
        if behaviors?.isMiniaturizable != false { functions.insert(.minimize) }
        if behaviors?.isClosable != false { functions.insert(.close) }
        display.setMotifFunctions(xWindow.id, functions)
    }


    func sceneRequestsFullScreen(_ fullScreen: Bool) {
        guard fullScreen != isFullScreen else { return }
        runtime.record("fullScreenRequested", scene: scene, [("fullScreen", .bool(fullScreen))])
        display.setFullScreen(xWindow.id, fullScreen)
        display.flush()
    }

    private func clampedPixelSize(_ size: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let limits = pixelLimits
        func clamp(_ value: Int, _ low: Int, _ high: Int?) -> Int { min(max(value, low), high ?? Int.max) }
        return (clamp(size.width, limits.minimum.width, limits.maximum.width),
                clamp(size.height, limits.minimum.height, limits.maximum.height))
    }

    // MARK: Events

    /// One X event for this window (or its followed frame).
    func handle(_ event: Event) {
        if presenter.handle(event) { return }
        if let frame = followedFrame, event.window == frame {
            frameEvent(event)
            return
        }
        if runtime.isTracing { recordInput(event) }
        switch event {
        case let .configure(_, x, y, width, height, border, synthetic):
            configured(x: x, y: y, width: width, height: height, border: border, synthetic: synthetic)
        case let .expose(_, x, y, width, height, serial):
            if presenter.expose(CGRect(x: x, y: y, width: width, height: height), serial: serial) { needsFrame = true }
        case .map, .unmap:
            // Iconified (openbox unmaps the client) or withdrawn: the scene goes to the background.
            if case .map = event { isMapped = true } else { isMapped = false }
            if runtime.isTracing { runtime.record(isMapped ? "map" : "unmap", scene: scene) }
            updateActivationState()
        case .propertyChanged(_, let atom): propertyChanged(atom)
        case let .reparent(_, parent, x, y):
            // A new frame window: the position inside it changed even if no ConfigureNotify follows.
            if position.reparented(to: parent, x: x, y: y, display: display) { positionDidChange() }
            needsFrame = true
        case .destroy(_, let destroyed) where destroyed == xWindow.id:
            // Another client destroyed the window (`xdotool windowclose`): the scene closes as if its
            // window had been closed.
            xWindow.wasDestroyed()
            runtime.destroy(scene.session)
        case let .key(_, key): handleKey(key)
        case let .preedit(_, text, caret): preeditChanged(text, caret: caret)
        case let .button(_, button, x, y, pressed, modifiers): self.button(button, x: x, y: y, pressed: pressed, modifiers: modifiers)
        case let .motion(_, x, y, modifiers): scene.pointerMoved(to: point(x, y), modifierFlags: Self.flags(modifiers))
        case let .scroll(_, dx, dy, discrete, x, y, modifiers):
            // Whole notches are a wheel's (discrete, Shift turns them sideways); fractions are smooth.
            scrolled(steps: CGPoint(x: -dx, y: -dy), continuous: !discrete, at: point(x, y), modifiers: modifiers)
        case let .pinch(_, phase, pinchScale, x, y): pinched(phase, scale: pinchScale, at: point(x, y))
        case let .touch(_, id, phase, x, y, modifiers):
            switch phase {
            case .began: scene.touchscreenBegan(id: id, at: point(x, y), modifierFlags: Self.flags(modifiers))
            case .moved: scene.touchscreenMoved(id: id, to: point(x, y), modifierFlags: Self.flags(modifiers))
            case .ended: scene.touchscreenEnded(id: id, at: point(x, y), modifierFlags: Self.flags(modifiers))
            }
        case let .crossing(_, entered, x, y, grab): crossed(entered: entered, at: point(x, y), grab: grab)
        case let .focus(_, focused, mode): focusChanged(in: focused, mode: mode)
        case let .clientMessage(_, type, data): clientMessage(type, data)
        default: break
        }
    }

    /// The window manager's frame moved or was resized; put in another parent (rare), it is no longer followed.
    private func frameEvent(_ event: Event) {
        switch event {
        case .reparent:
            if position.frameReparented() { positionDidChange() }
        case let .configure(_, x, y, _, _, border, _):
            if position.frameConfigured(x: x, y: y, border: border) { positionDidChange() }
        default:
            break
        }
    }

    private func configured(x: Int, y: Int, width: Int, height: Int, border: Int, synthetic: Bool) {
        presenter.windowConfigured()
        var size = (width, height)
        if size.0 > Self.pixelLimit || size.1 > Self.pixelLimit {
            // A window manager that ignores the hints' maximum (or another client) made the window
            // larger than X11 and cairo can draw: the scene keeps the largest size and asks for it.
            if !warnedOversize {
                SceneHostLog.warning("the window of the scene \"\(scene.title ?? "")\" was made \(size.0)×\(size.1) px, beyond X11's 32,767 pixels a side; resizing it to fit")
                warnedOversize = true
            }
            size = (min(size.0, Self.pixelLimit), min(size.1, Self.pixelLimit))
            ownResizePending = true
            display.resize(xWindow.id, width: size.0, height: size.1)
        }
        if size != pixelSize {
            pixelSize = size
            geometryChanged = true
            noteResize()
            // A maximized window grown to the work area (or kept below it) fills the screen (or not).
            if isMaximized { updateFillsScreen() }
        }
        // Synthetic events (from the window manager) carry root coordinates; real ones are relative to
        // the parent: the followed frame (or the root) places them, else the root position is asked for
        // after the drain.
        let moved = synthetic ? position.configured(root: (x, y)) : position.configured(inParent: x, y, border: border)
        if moved { positionDidChange() }
        needsFrame = needsFrame || geometryChanged || position.isStale
    }

    private func propertyChanged(_ atom: Atom) {
        // Window managers that iconify without unmapping still set WM_STATE to Iconic. i3 hides a
        // window it keeps mapped (in its scratchpad, on a workspace not shown) by unmapping its
        // frame and setting WM_STATE to Withdrawn: hidden too, though no UnmapNotify comes.
        if atom == display.atom("WM_STATE") {
            let state = display.windowManagerState(xWindow.id)
            if runtime.isTracing, state != recordedWindowState {
                recordedWindowState = state
                runtime.record("windowState", scene: scene, [("state", .string(state.map { "\($0)" } ?? "withdrawn"))])
            }
            isHidden = state == .iconic || state == .withdrawn
            // A scene that may not be minimized comes back at once (openbox iconifies it anyway).
            if state == .iconic, scene.windowingBehaviors?.isMiniaturizable == false {
                runtime.record("minimizeRefused", scene: scene)
                display.activate(xWindow.id)
            }
            updateActivationState()
        } else if atom == display.atom("_NET_WM_STATE") {
            readWindowState()
        }
    }

    // MARK: Pointer

    /// A window point (pixels) in the scene's points.
    private func point(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x / scale, y: y / scale) }

    /// A button of the pointer went down or up: the scene's touches (see `UIWindowScene.pointerPressed`).
    /// X11 numbers the middle button 2 and the secondary 3, UIKit the other way round; 8 and 9 (back,
    /// forward) are UIKit's fourth and fifth. Buttons 4–7 are wheel steps: scrolls (up, down, left,
    /// right), zooms with Ctrl held.
    private func button(_ button: Int, x: Double, y: Double, pressed: Bool, modifiers: KeyModifiers) {
        let location = point(x, y), flags = Self.flags(modifiers)
        let number: Int
        switch button {
        case 1: number = 1
        case 2: number = 3
        case 3: number = 2
        case 4, 5, 6, 7:
            guard pressed else { return }
            let steps = [4: CGPoint(x: 0, y: 1), 5: CGPoint(x: 0, y: -1), 6: CGPoint(x: 1, y: 0), 7: CGPoint(x: -1, y: 0)][button]!
            scrolled(steps: steps, continuous: false, at: location, modifiers: modifiers)
            return
        case 8, 9: number = button - 4
        default: return
        }
        if pressed {
            scene.pointerPressed(button: number, at: location, modifierFlags: flags)
        } else {
            scene.pointerReleased(button: number, at: location, modifierFlags: flags)
        }
    }

    /// Wheel or touchpad scrolling by `steps` notches (positive: the content follows a wheel turned up
    /// or left). With Ctrl held a vertical scroll zooms (a pinch, ×1.1 a notch up); with Shift a wheel's
    /// vertical notches scroll sideways, as on other desktops.
    private func scrolled(steps: CGPoint, continuous: Bool, at location: CGPoint, modifiers: KeyModifiers) {
        let flags = Self.flags(modifiers)
        if modifiers.contains(.control) {
            guard steps.y != 0 else { return }
            scene.pointerZoomed(by: pow(1.1, steps.y), at: location)
            return
        }
        var steps = steps
        if !continuous, modifiers.contains(.shift) { steps = CGPoint(x: steps.y, y: steps.x) }
        let step = UIPanGestureRecognizer.pointsPerScrollStep
        scene.pointerScrolled(by: CGPoint(x: steps.x * step, y: steps.y * step), continuous: continuous, at: location,
                              modifierFlags: flags)
    }

    /// A touchpad pinch (XInput 2.4).
    private func pinched(_ phase: PinchPhase, scale pinchScale: Double, at location: CGPoint) {
        switch phase {
        case .began: scene.pointerPinchBegan(at: location)
        case .changed: scene.pointerPinchChanged(scale: pinchScale)
        case .ended, .cancelled: scene.pointerPinchEnded()
        }
    }

    /// The pointer entered or left the window: hover gestures begin or end. Leaving because another
    /// client grabbed the pointer (the window manager, for a drag of the frame) takes the touch going
    /// on: it is cancelled. The crossings of a grab's start and end (openbox grabs each click for a
    /// moment) leave hovering alone.
    private func crossed(entered: Bool, at location: CGPoint, grab: Bool) {
        switch (entered, grab) {
        case (true, false): scene.pointerEntered(at: location)
        case (false, false): scene.pointerExited()
        case (false, true): scene.pointerCancelled()
        case (true, true): break
        }
    }

    /// Shows `cursor` over the window (called only when it changes): the freedesktop cursor name,
    /// then X11's core one for a desktop without a cursor theme.
    private func showCursor(_ cursor: UIPointerStyle.Cursor) {
        let names: [String] = switch cursor {
        case .arrow: ["default", "left_ptr"]
        case .iBeam: ["text", "xterm"]
        case .verticalIBeam: ["vertical-text", "xterm"]
        case .pointingHand: ["pointer", "hand2"]
        case .resizeLeftRight: ["ew-resize", "col-resize", "sb_h_double_arrow"]
        case .resizeUpDown: ["ns-resize", "row-resize", "sb_v_double_arrow"]
        case .move: ["move", "all-scroll", "fleur"]
        case .hidden: []
        }
        display.setCursor(names, on: xWindow.id)
    }

    private func focusChanged(in focused: Bool, mode: FocusMode) {
        // The window manager grabs the keyboard while a person drags a frame, the focused one's or
        // another's of the app: the release ends the drag.
        if !focused, mode == .grab { runtime.windowManagerGrabDidChange(true) }
        if focused, mode == .ungrab { runtime.windowManagerGrabDidChange(false) }
        // Grabs (a window-manager drag, a menu) move focus only for a moment: they do not count.
        guard mode == .normal || mode == .whileGrabbed, focused != hasFocus else { return }
        if runtime.isTracing { runtime.record("focus", scene: scene, [("focused", .bool(focused))]) }
        hasFocus = focused
        if !focused {
            scene.cancelPresses()
            isHoldingControl = false
            showKeyboardShortcuts(false)
        }
        updateInputMethod()
        scene.environmentTraits = runtime.desktop.environmentTraits(active: focused)
        updateActivationState()
        needsFrame = true
    }

    /// `WM_PROTOCOLS`: the window manager's close button, and its sync requests.
    private func clientMessage(_ type: Atom, _ data: [Int]) {
        if runtime.dragAndDrop.handleTargetMessage(self, type: type, data: data) { return }
        guard type == display.atom("WM_PROTOCOLS"), let name = data.first else { return }
        let protocolAtom = Atom(UInt(bitPattern: name))
        if protocolAtom == display.atom("WM_DELETE_WINDOW") {
            if runtime.isTracing { runtime.record("closeRequest", scene: scene) }
            // A scene that may not be closed stays (openbox shows its close button anyway).
            guard scene.windowingBehaviors?.isClosable != false else {
                runtime.record("closeRefused", scene: scene)
                return
            }
            runtime.destroy(scene.session)
        } else if protocolAtom == display.atom("_NET_WM_SYNC_REQUEST"), data.count >= 4 {
            // The serial is a 64-bit value: low 32 bits in l[2], high in l[3].
            let low = Int64(UInt32(truncatingIfNeeded: data[2]))
            let high = Int64(Int32(truncatingIfNeeded: data[3]))
            presenter.syncRequested(high << 32 | low)
        }
    }

    /// The window moved on the root (or its position must be asked for): a frame updates the geometry.
    private func positionDidChange() {
        geometryChanged = true
        needsFrame = true
    }

    /// A size change: part of a drag while the window manager holds its grab (sync protocol); else part
    /// of a burst (one within 200 ms of the previous): with the protocol, of resizes the window manager
    /// asks to acknowledge; without it, of any but those the app asked for. Whatever it is, the window
    /// gives back what it freed once its size has settled.
    private func noteResize() {
        let own = ownResizePending
        ownResizePending = false
        lastSizeChange = monotonicSeconds()
        if presenter.syncCounter != nil {
            if runtime.windowManagerGrab {
                setInteractive(true)
            } else if presenter.syncConfigured {
                noteBurstStep()
            }
        } else if !own {
            noteBurstStep()
        }
        guard !settleCheckPending else { return }
        settleCheckPending = true
        checkSizeSettled(after: Self.burstPause + 0.01)
    }
    private var lastSizeChange = -Double.infinity
    private var settleCheckPending = false

    /// One step of a burst of resizes: the second within 200 ms makes a drag, which ends 200 ms after
    /// the last step (or at the window manager's release of its grab).
    private func noteBurstStep() {
        let now = monotonicSeconds()
        if now - lastResize < Self.burstPause { setInteractive(true) }
        lastResize = now
    }

    /// Runs `action` once `pause` has passed since `last` (read again when the delay ends: if it moved,
    /// the check waits the rest of the pause) or once the window is closed. One block is pending per
    /// check however often `last` moves: a block queued at each step (hundreds in a drag) went, once
    /// run, to libdispatch's cache of continuations (up to a thousand kept), and those, scattered over
    /// the heap, kept the pages of closed scenes from going back to the system (`Benchmarks storm`).
    private func whenQuiet(for pause: Double, since last: @escaping @MainActor (SceneWindow) -> Double, after delay: Double,
                           _ action: @escaping @MainActor (SceneWindow) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                let quiet = monotonicSeconds() - last(self)
                if quiet < pause, self.isConnected {
                    self.whenQuiet(for: pause, since: last, after: pause - quiet + 0.01, action)
                    return
                }
                action(self)
            }
        }
    }

    /// Once 200 ms passed without a size change: a burst is over, and what the scene laid out and drew
    /// at the sizes it went through (freed by now, its frame at the last size drawn) goes back to the
    /// system, and a back buffer with a drag's headroom is made again at the window's size.
    private func checkSizeSettled(after delay: Double) {
        whenQuiet(for: Self.burstPause, since: { $0.lastSizeChange }, after: delay) { window in
            window.settleCheckPending = false
            guard window.isConnected else { return }
            if !window.runtime.windowManagerGrab { window.presenter.fitBufferToWindow() }
            window.runtime.releaseFreedMemorySoon()
            if !window.runtime.windowManagerGrab, monotonicSeconds() - window.lastResize >= Self.burstPause { window.setInteractive(false) }
        }
    }

    /// How long a window draws no frame before it counts as at rest and lets go of its views' kept
    /// drawings: longer than the pauses within typing or a drag, shorter than a person's look at it.
    static let restPause = 0.5

    /// A frame drew: the window is checked for rest `restPause` after its last frame, one check
    /// pending however many frames it draws.
    private func noteDrawn(at time: Double) {
        lastDrawn = time
        guard !restCheckPending else { return }
        restCheckPending = true
        checkAtRest(after: Self.restPause)
    }
    private var lastDrawn = -Double.infinity
    private var restCheckPending = false

    /// Once the window has drawn nothing for `restPause`: what its frames show is in its back buffer,
    /// so the views' kept drawings (a Mail window's: 0.57 MB at 1024×768, the picture 320 KB of it)
    /// are let go, and the freed pages given back; a view is drawn again, to the same pixels, only
    /// when a later frame composites it without having redrawn it (`UIWindowScene.releaseKeptDrawings`).
    /// Not during a drag, whose image views keep their drawings to copy them (`unscaledDrawingSlack`).
    private func checkAtRest(after delay: Double) {
        whenQuiet(for: Self.restPause, since: { $0.lastDrawn }, after: delay) { window in
            window.restCheckPending = false
            guard window.isConnected, !window.isInteractive else { return }
            let released = window.scene.releaseKeptDrawings()
            if released > 0 {
                window.releasedDrawingBytes += released
                window.runtime.releaseFreedMemorySoon()
            }
            // The last window to rest: nothing draws now, so decoded images go too (they decode again,
            // the same pixels, when a view next draws one).
            let now = monotonicSeconds()
            if window.runtime.windows.allSatisfy({ !$0.isInteractive && now - $0.lastDrawn >= Self.restPause }),
               UIImage.releaseDecodedImages() > 0 {
                window.runtime.releaseFreedMemorySoon()
            }
        }
    }
    /// The bytes of kept drawings the window let go at rest so far (tests).
    private(set) var releasedDrawingBytes = 0

    // MARK: The multitasking simulator

    /// The keys 0 … 6, whose index is the digit.
    private static let snapDigits = (0...6).map { KeySym(String($0)) }

    /// The arrangement the window was last snapped to; a drag of its edge ends it.
    private(set) var arrangement: IPadModel.Arrangement?
    /// The window's frame before its first snap, given back by `snap(to: nil)`.
    private var freeFrame: CGRect?

    /// Resizes the window to `arrangement`'s size on the runtime's iPad model in the device's
    /// orientation (keeping its top-left corner), or back to its free size with nil. A half in
    /// portrait, which iPads do not have, is refused with a warning.
    func snap(to arrangement: IPadModel.Arrangement?) {
        let model = runtime.iPadModel
        let portrait = UIDevice.current.simulatedOrientation.isPortrait
        let frame = systemFrame
        var target: CGRect
        if let arrangement {
            guard let size = model.size(of: arrangement, portrait ? .portrait : .landscape) else {
                SceneHostLog.warning("the \(model.name) iPad has no \(arrangement.label) arrangement in portrait")
                return
            }
            if self.arrangement == nil { freeFrame = frame }
            target = CGRect(origin: frame.origin, size: size)
        } else {
            guard self.arrangement != nil, let free = freeFrame else { return }
            target = CGRect(origin: frame.origin, size: free.size)
            freeFrame = nil
        }
        self.arrangement = arrangement
        runtime.record("arrangement", scene: scene, [
            ("device", .string(model.name)), ("arrangement", .string(arrangement?.rawValue ?? "free")),
            ("orientation", .string(portrait ? "portrait" : "landscape")),
            ("width", .number(Double(target.width))), ("height", .number(Double(target.height))),
        ])
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: target))
        // The overlay and anything else showing the arrangement hear of it with the geometry.
        geometryChanged = true
        needsFrame = true
    }

    /// The window is free-form again at the size it has.
    private func unsnapWithoutResizing() {
        guard arrangement != nil else { return }
        arrangement = nil
        freeFrame = nil
        runtime.record("arrangement", scene: scene, [("arrangement", .string("free"))])
    }

    /// The window manager let go of its grab: a drag of this window, if one was going on, is over.
    func windowManagerGrabEnded() {
        let dragged = isInteractive
        setInteractive(false)
        // A person who holds still before letting go outlasts the settle check, which leaves a
        // dragged window's buffer alone while the grab lasts: it is fitted once the grab ends.
        guard dragged, !settleCheckPending else { return }
        settleCheckPending = true
        checkSizeSettled(after: 0)
    }

    /// A change of `isInteractivelyResizing` is a geometry change of its own (the last one of a drag
    /// carries `false`).
    private func setInteractive(_ interactive: Bool) {
        guard interactive != isInteractive else { return }
        isInteractive = interactive
        // A person dragging the edge leaves the snapped arrangement: the window is free-form again.
        if interactive { unsnapWithoutResizing() }
        geometryChanged = true
        needsFrame = true
    }

    /// The state the window's X state asks for: shown → foreground, with keyboard focus → active,
    /// iconified, hidden or unmapped → background. `transition(to:)` walks UIKit's steps, so the callbacks come in
    /// UIKit's order whatever order X delivered the events in (focus before map, say). A window not yet
    /// mapped stays unattached.
    private func updateActivationState() {
        guard isConnected else { return }
        let target: UIScene.ActivationState
        if !isMapped || isHidden {
            guard scene.activationState != .unattached else { return }
            target = .background
        } else {
            target = hasFocus ? .foregroundActive : .foregroundInactive
        }
        scene.transition(to: target)
    }

    /// The window's frame in points, root coordinates (the scene's `systemFrame`).
    var systemFrame: CGRect {
        CGRect(x: CGFloat(position.root.x) / scale, y: CGFloat(position.root.y) / scale,
               width: CGFloat(pixelSize.width) / scale, height: CGFloat(pixelSize.height) / scale)
    }

    /// A key press or release: the scene delivers it (menus, the first responder's `pressesBegan`, the
    /// focus system, key commands: `UIWindowScene.keyDown`); a press nothing handled runs SceneHost's
    /// own shortcuts, in every scene: Ctrl+= (or Ctrl++) and Ctrl+- step the preferred content size
    /// category of all scenes up and down, Ctrl+0 goes back to the configured one; Ctrl+Right and
    /// Ctrl+Left turn the simulated device a quarter turn clockwise and back; Ctrl+Shift+M simulates a
    /// memory warning (as Simulator's Shift+Cmd+M).
    private func handleKey(_ input: KeyInput) {
        noteControlKey(input)
        let flags = Self.flags(input.modifiers)
        guard input.pressed else {
            scene.keyUp(code: Int(input.code), modifierFlags: flags)
            return
        }
        // The first key of a compose sequence types nothing yet, and goes nowhere.
        if input.composing, input.text == nil { return }
        let named = Self.input(for: input.keysym)
        let key = UIKey(characters: named ?? input.text ?? "", charactersIgnoringModifiers: named ?? input.shiftedText ?? "",
                        modifierFlags: flags.union(Self.isKeypad(input.keysym) ? .numericPad : []),
                        keyCode: UIKeyboardHIDUsage(linuxKeyCode: Int(input.code) - 8))
        if scene.keyDown(key, code: Int(input.code), isRepeat: input.isRepeat, responders: responders) { return }
        // A key no command took scrolls the scroll view it belongs to (arrows, pages, Home/End, Space).
        if !key.charactersIgnoringModifiers.isEmpty, scene.scrollForKeyPress(key.charactersIgnoringModifiers, modifierFlags: flags) { return }
        // Full screen: F11, as Linux desktops have it, or Ctrl+Super+F, iPad's Ctrl+⌘+F.
        let relevant = flags.intersection([.control, .command, .alternate, .shift])
        if (input.keysym == Self.f11 && relevant.isEmpty)
            || (relevant == [.control, .command] && (input.keysym == Self.letterF || input.keysym == Self.capitalF)) {
            if isFullScreen || scene.sizeRestrictions?.allowsFullScreen != false { sceneRequestsFullScreen(!isFullScreen) }
            return
        }
        guard flags.contains(.control) else { return }
        if flags.contains(.alternate) {
            // The multitasking simulator: Ctrl+Alt+1 … 6 snap to the iPad's arrangements, 0 unsnaps.
            if let digit = Self.snapDigits.firstIndex(of: input.keysym) {
                snap(to: digit == 0 ? nil : IPadModel.Arrangement.allCases[digit - 1])
            }
            return
        }
        switch input.keysym {
        case .m where flags.contains(.shift), .capitalM: runtime.deliverMemoryWarning()
        case .right: runtime.rotateDevice(clockwise: true)
        case .left: runtime.rotateDevice(clockwise: false)
        case .equal, .plus, .keypadAdd: runtime.desktop.stepContentSize(by: 1)
        case .minus, .keypadSubtract: runtime.desktop.stepContentSize(by: -1)
        case .zero, .keypadZero: runtime.desktop.resetContentSize()
        default: break
        }
    }

    /// Keys looked up once (Xlib's name lookup is not free): Control_R, F11, f and F.
    private static let controlRight = KeySym("Control_R"), f11 = KeySym("F11"), letterF = KeySym("f"), capitalF = KeySym("F")

    /// How long Ctrl is held alone before the keyboard-shortcut overlay shows (iPadOS shows its overlay
    /// after about a second of ⌘).
    static let shortcutsDelay = 1.0
    /// Counts Ctrl presses: a timer shows the overlay only for the press that started it.
    private var controlHold = 0
    private var isHoldingControl = false

    /// Ctrl held alone for `shortcutsDelay` shows the app's keyboard shortcuts over the window; its
    /// release (or any other key, which makes it a shortcut) hides them.
    private func noteControlKey(_ input: KeyInput) {
        let isControl = input.keysym == .controlLeft || input.keysym == Self.controlRight
        if isControl, input.pressed {
            guard !input.isRepeat, !isHoldingControl else { return }
            isHoldingControl = true
            controlHold += 1
            let hold = controlHold
            DispatchQueue.main.asyncAfter(deadline: .now() + Self.shortcutsDelay) { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, self.isConnected, self.isHoldingControl, self.controlHold == hold, self.hasFocus else { return }
                    self.showKeyboardShortcuts(true)
                }
            }
            return
        }
        // A release, or another key: no overlay (the press was part of a shortcut).
        guard isControl || input.pressed else { return }
        isHoldingControl = false
        controlHold += 1
        showKeyboardShortcuts(false)
    }

    private func showKeyboardShortcuts(_ shown: Bool) {
        guard shown != scene.isShowingKeyboardShortcuts else { return }
        scene.setKeyboardShortcutsShown(shown, responders: responders)
        runtime.record(shown ? "keyboardShortcutsShown" : "keyboardShortcutsHidden", scene: scene,
                       [("count", .number(Double(scene.shownKeyboardShortcutLines.count)))])
        needsFrame = true
    }

    /// Keypad keysyms (XK_KP_*), for UIKit's `numericPad` flag.
    private static func isKeypad(_ keysym: KeySym) -> Bool { (0xFF80...0xFFBD).contains(keysym.rawValue) }

    /// X11's modifier keys as UIKit's flags.
    private static func flags(_ modifiers: KeyModifiers) -> UIKeyModifierFlags {
        var flags: UIKeyModifierFlags = []
        if modifiers.contains(.shift) { flags.insert(.shift) }
        if modifiers.contains(.control) { flags.insert(.control) }
        if modifiers.contains(.alternate) { flags.insert(.alternate) }
        if modifiers.contains(.command) { flags.insert(.command) }
        if modifiers.contains(.capsLock) { flags.insert(.alphaShift) }
        return flags
    }

    /// Where key commands are looked for: the key window's chain from its first responder (else from
    /// its root view controller, see `UIWindow.keyCommandResponders`), then the scene, the scene's
    /// delegate, the application and the application's delegate.
    private var responders: [UIResponder] {
        let window = scene.keyWindow ?? scene.windows.first
        var chain = window?.keyCommandResponders ?? []
        var rest: [UIResponder?] = [scene, scene.delegate as? UIResponder]
        if let application = runtime.application { rest += [application, application.delegate as? UIResponder] }
        for case let responder? in rest where !chain.contains(responder) { chain.append(responder) }
        return chain
    }

    /// The `UIKeyCommand` input name of a key that types no character (arrows, Escape, Home…).
    private static func input(for keysym: KeySym) -> String? {
        switch keysym {
        case .up: UIKeyCommand.inputUpArrow
        case .down: UIKeyCommand.inputDownArrow
        case .left: UIKeyCommand.inputLeftArrow
        case .right: UIKeyCommand.inputRightArrow
        case .escape: UIKeyCommand.inputEscape
        case .home: UIKeyCommand.inputHome
        case .end: UIKeyCommand.inputEnd
        case .pageUp: UIKeyCommand.inputPageUp
        case .pageDown: UIKeyCommand.inputPageDown
        case KeySym(rawValue: 0xFFFF), KeySym(rawValue: 0xFF9F): UIKeyCommand.inputDelete
        case KeySym(rawValue: 0xFF08): "\u{8}"
        // Tab with Shift has no text (ISO_Left_Tab); Return and Enter are "\r" as in UIKit.
        case KeySym(rawValue: 0xFF09): "\t"
        case KeySym(rawValue: 0xFF0D), KeySym(rawValue: 0xFF8D): "\r"
        default: nil
        }
    }

    /// The desktop's settings changed: new environment traits, and a new scale changes the size in points.
    func desktopDidChange() {
        scene.environmentTraits = runtime.desktop.environmentTraits(active: hasFocus)
        if scene.traitCollection.displayScale != scale {
            presenter.dropBuffer()
            // The hints are in pixels: rewrite them, and bring the window inside the limits again.
            sceneSizeRestrictionsDidChange()
        }
        needsFrame = true
    }

    // MARK: Frames

    /// The geometry the model gets with a frame.
    private var frameGeometry: SceneFrameGeometry {
        SceneFrameGeometry(systemFrame: systemFrame, displayScale: scale, isInteractivelyResizing: isInteractive,
                           interfaceOrientation: orientation, fillsScreen: fillsScreen)
    }

    /// The model's frame (geometry → traits → the delegate's geometry callback → layout → draw, see
    /// `UIWindowScene.prepareFrame`), then the presenter's part: composite the damaged pixels into the
    /// back buffer → send them → acknowledge the window manager's sync request; then the trace.
    func renderFrame() {
        guard isConnected else { return }
        let start = monotonicSeconds()
        // A step of a drag waits for its acknowledgement: the root position is asked for after it.
        if !presenter.syncConfigured { updateRootPosition() }
        let geometry = geometryChanged ? frameGeometry : nil
        geometryChanged = false
        let frame = scene.prepareFrame(geometry, drawingAt: scale)
        if frame.previousGeometry != nil { runtime.scheduleSave() }
        // The first frame records the geometry and traits the scene connected with.
        if frame.previousGeometry != nil || !hasRecordedGeometry { recordGeometry() }
        if !hasRecordedGeometry || frame.previousTraits != nil {
            recordTraits(changed: hasRecordedGeometry ? frame.previousTraits.map(scene.traitCollection.changedTraits(from:)) : nil)
        }
        hasRecordedGeometry = true
        let laidOut = monotonicSeconds()
        // Invalidations made by layout and drawing are in this frame; later ones ask for the next.
        needsFrame = false

        // Damage in whole pixels: the strips a resize gained or lost and what was drawn anew, apart.
        let whole = CGRect(x: 0, y: 0, width: pixelSize.width, height: pixelSize.height)
        let presented = presenter.present(frame.damage.pixels(scale: scale, within: whole), size: pixelSize, scale: scale,
                                          interactive: isInteractive, name: scene.title ?? "") { context, damage in
            scene.render(into: context, damage: damage, scale: scale)
        }
        let damage = presented.damage, acknowledged = presented.acknowledged
        // A frame put before the window was mapped is lost: the Expose that follows the map has it put again.
        if isMapped, presented.put { hasShownFirstFrame = true }
        if !damage.isEmpty {
            lastFrameMilliseconds = (presented.sent - start) * 1000
            noteDrawn(at: start)
        }
        if !damage.isEmpty || acknowledged != nil, runtime.isTracing {
            runtime.record("frame", scene: scene, [
                ("width", .number(Double(pixelSize.width) / scale)), ("height", .number(Double(pixelSize.height) / scale)),
                ("scale", .number(Double(scale))), ("interactive", .bool(isInteractive)),
                ("syncSerial", acknowledged.map { .number(Double($0.serial)) } ?? .null),
                ("syncMs", acknowledged.map { .number((presented.sent - $0.received) * 1000) } ?? .null),
                ("layoutMs", .number(frame.layoutSeconds * 1000)),
                ("drawMs", .number((frame.drawSeconds + presented.composited - laidOut) * 1000)),
                ("presentMs", .number((presented.sent - presented.composited) * 1000)),
                ("damagedPixels", .number(Double(damage.rects.reduce(0) { $0 + $1.width * $1.height }))),
                ("bufferWidth", .number(Double(presenter.bufferCapacity?.width ?? 0))),
                ("bufferHeight", .number(Double(presenter.bufferCapacity?.height ?? 0))),
            ])
        }
        // A new position (the window was dragged by its top or left edge) makes a frame of its own,
        // which only updates the geometry: nothing is drawn.
        if updateRootPosition() { needsFrame = true }
        if runtime.isTracing { recordConfigure() }
        updateInputMethod()
    }

    // MARK: Input method

    /// Whether the window's keys go through the input method now.
    private var inputMethodFocused = false
    /// The caret's place last told to the input method (pixels).
    private var inputMethodSpot: (x: Int, y: Int)?

    /// The text input that has the keyboard: the key window's first responder when it takes text.
    private var focusedTextInput: UIResponder? {
        guard hasFocus, let responder = (scene.keyWindow ?? scene.windows.first)?.keyCommandResponders.first,
              responder.isFirstResponder, responder is UIKeyInput else { return nil }
        return responder
    }

    /// After each frame and focus change: keys go through the input method (when one runs) while a
    /// text input has the keyboard, and its candidate window follows the caret.
    private func updateInputMethod() {
        guard display.inputMethodName != nil else { return }
        let input = focusedTextInput
        if (input != nil) != inputMethodFocused {
            inputMethodFocused = input != nil
            display.setInputMethodFocus(xWindow.id, focused: inputMethodFocused)
            inputMethodSpot = nil
        }
        guard let textInput = input as? UITextInput, let view = input as? UIView, let range = textInput.selectedTextRange else { return }
        let caret = textInput.caretRect(for: range.end)
        guard !caret.isNull, !caret.isInfinite else { return }
        let inWindow = view.convert(caret, to: nil)
        let spot = (x: Int((inWindow.minX * scale).rounded()), y: Int((inWindow.maxY * scale).rounded()))
        guard inputMethodSpot.map({ $0 != spot }) ?? true else { return }
        inputMethodSpot = spot
        display.setInputMethodSpot(xWindow.id, x: spot.x, y: spot.y)
    }

    /// The input method's provisional text changed: it shows as marked text at the caret of the text
    /// input that has the keyboard (`setMarkedText`; "" ends it).
    private func preeditChanged(_ text: String, caret: Int) {
        guard let input = focusedTextInput as? UITextInput else { return }
        if text.isEmpty, input.markedTextRange == nil { return }
        let scalars = text.unicodeScalars
        let index = scalars.index(scalars.startIndex, offsetBy: min(caret, scalars.count))
        let location = text.utf16.distance(from: text.utf16.startIndex, to: index.samePosition(in: text.utf16) ?? text.utf16.endIndex)
        input.setMarkedText(text, selectedRange: NSRange(location: location, length: 0))
    }

    /// Asks the server where the window is when a real `ConfigureNotify` left the root position
    /// unknown (a round trip); returns whether it moved.
    @discardableResult
    private func updateRootPosition() -> Bool {
        guard position.updateIfStale(of: xWindow.id, display: display) else { return false }
        geometryChanged = true
        return true
    }

    /// Duration of the last frame that drew, for overlays.
    private(set) var lastFrameMilliseconds: Double?

    // MARK: Trace

    /// What the window manager (or the app, or another client) made of the window: its client area's
    /// place on the root and size, in points, when either changed. Recorded at the frame that follows
    /// the ConfigureNotify, when the root position is known (a real configure gives only the place in
    /// the parent).
    private func recordConfigure() {
        // An iconified window's moves are the window manager's animation, nothing a replay should make.
        let frame = systemFrame
        guard frame != recordedConfigure, !position.isStale, isMapped, !isHidden else { return }
        recordedConfigure = frame
        runtime.record("configure", scene: scene, [
            ("x", .number(Double(frame.minX))), ("y", .number(Double(frame.minY))),
            ("width", .number(Double(frame.width))), ("height", .number(Double(frame.height))),
        ])
    }
    private var recordedConfigure: CGRect?
    private var recordedWindowState: Display.WindowManagerState?
    private var recordedFill: (maximized: Bool, fullScreen: Bool)?

    /// The input that reached the window, for a replay: keys (the keysym of the key's first level, as
    /// XTest presses it, and its name), and the pointer in the window's points. Touchscreen and
    /// touchpad pinch events are not recorded: XTest cannot play them back.
    private func recordInput(_ event: Event) {
        switch event {
        case let .key(_, key):
            runtime.record("key", scene: scene, [
                ("keysym", .number(Double(key.keysym.rawValue))), ("name", key.keysym.name.map { .string($0) } ?? .null),
                ("code", .number(Double(key.code))), ("pressed", .bool(key.pressed)), ("repeat", .bool(key.isRepeat)),
                ("modifiers", .string(Self.modifierNames(key.modifiers))),
            ])
        case let .button(_, button, x, y, pressed, modifiers):
            let location = point(x, y)
            runtime.record("pointerButton", scene: scene, [
                ("x", .number(Double(location.x))), ("y", .number(Double(location.y))), ("button", .number(Double(button))),
                ("pressed", .bool(pressed)), ("modifiers", .string(Self.modifierNames(modifiers))),
            ])
        case let .motion(_, x, y, modifiers):
            let location = point(x, y)
            runtime.record("pointerMotion", scene: scene, [
                ("x", .number(Double(location.x))), ("y", .number(Double(location.y))),
                ("modifiers", .string(Self.modifierNames(modifiers))),
            ])
        case let .scroll(_, dx, dy, discrete, x, y, modifiers):
            let location = point(x, y)
            runtime.record("pointerScroll", scene: scene, [
                ("x", .number(Double(location.x))), ("y", .number(Double(location.y))),
                ("dx", .number(dx)), ("dy", .number(dy)), ("discrete", .bool(discrete)),
                ("modifiers", .string(Self.modifierNames(modifiers))),
            ])
        default:
            break
        }
    }

    /// Modifier keys as the trace names them: `shift`, `control`, `alt`, `super`, `capsLock`, joined by `+`.
    private static func modifierNames(_ modifiers: KeyModifiers) -> String {
        let names: [(KeyModifiers, String)] = [(.shift, "shift"), (.control, "control"), (.alternate, "alt"), (.command, "super"), (.capsLock, "capsLock")]
        return names.filter { modifiers.contains($0.0) }.map(\.1).joined(separator: "+")
    }

    /// The effective geometry as the trace's `geometry` event gives it.
    var geometryFields: [(String, Trace.Value)] {
        let geometry = scene.effectiveGeometry
        let frame = geometry.systemFrame
        func limit(_ value: CGFloat) -> Trace.Value { value >= .greatestFiniteMagnitude ? .null : .number(Double(value)) }
        return [
            ("x", .number(Double(frame.minX))), ("y", .number(Double(frame.minY))),
            ("width", .number(Double(frame.width))), ("height", .number(Double(frame.height))),
            ("systemFrame", .numbers([frame.minX, frame.minY, frame.width, frame.height].map(Double.init))),
            ("interactive", .bool(geometry.isInteractivelyResizing)),
            ("orientation", .string(geometry.interfaceOrientation.description)),
            ("orientationLocked", .bool(geometry.isInterfaceOrientationLocked)),
            ("minWidth", .number(Double(geometry.minimumSize.width))), ("minHeight", .number(Double(geometry.minimumSize.height))),
            ("maxWidth", limit(geometry.maximumSize.width)), ("maxHeight", limit(geometry.maximumSize.height)),
        ]
    }

    private func recordGeometry() {
        guard runtime.isTracing else { return }
        runtime.record("geometry", scene: scene, geometryFields)
    }

    /// A `traits` event with the values of `changed` (every system trait when nil), named as UIKit names them.
    private func recordTraits(changed: [UITrait]?) {
        guard runtime.isTracing else { return }
        let fields = traitFields(changed: changed)
        guard !fields.isEmpty else { return }
        runtime.record("traits", scene: scene, fields)
    }

    /// The scene's system traits as the trace's `traits` event gives them: those of `changed`, or all.
    func traitFields(changed: [UITrait]? = nil) -> [(String, Trace.Value)] {
        let wanted = changed.map { list in Set(list.map { ObjectIdentifier($0) }) }
        return scene.traitCollection.systemTraitValues
            .filter { wanted?.contains(ObjectIdentifier($0.trait)) ?? true }
            .map { ($0.name, ($0.value as? CGFloat).map { .number(Double($0)) } ?? .string("\($0.value)")) }
    }
}

extension UIWindowScene {
    /// SceneHost only: how long the scene's last frame that drew took (layout, draw and present), in
    /// milliseconds; nil before the first frame or offscreen.
    public var lastFrameMilliseconds: Double? { (host as? SceneWindow)?.lastFrameMilliseconds }
}
