import Cairo
import Foundation

/// What a window scene needs from whatever shows it (the X11 runtime); nil for offscreen scenes.
@MainActor
public protocol UIWindowSceneHost: AnyObject {
    /// Something changed that needs layout, drawing or presenting.
    func sceneNeedsFrame()
    func sceneTitleDidChange()
    func sceneSizeRestrictionsDidChange()
    /// Move and resize the window to `frame` (points, root coordinates; already within the limits).
    func sceneRequestsFrame(_ frame: CGRect)
    /// The windowing behaviours, the resizing restrictions (aspect ratio, fixed size) or whether full
    /// screen is allowed changed: rewrite the window's hints and report the geometry.
    func sceneWindowingDidChange()
    /// Enter (true) or leave full screen.
    func sceneRequestsFullScreen(_ fullScreen: Bool)
    /// The supported orientations or the lock preference changed.
    func sceneOrientationPreferencesDidChange()
    /// `.iOS(interfaceOrientations:)`: turn the scene to one of `orientations` (already checked against
    /// what its view controllers support). Returns false, turning nothing, when the app supports none of
    /// them.
    func sceneRequestsOrientation(_ orientations: UIInterfaceOrientationMask) -> Bool
    /// A lifecycle callback (`sceneDidBecomeActive`, …) ran, with its notification posted: `name` is the
    /// delegate method's.
    func sceneDidRunLifecycleCallback(_ name: String)
}

/// A scene that shows windows: its geometry, traits and size restrictions follow the X11 window.
@MainActor
open class UIWindowScene: UIScene, UITraitChangeObservable, TraitStateOwner {
    /// The scene's windows, in the order they were attached (later ones draw on top).
    public internal(set) var windows: [UIWindow] = []
    /// The window receiving keyboard input.
    /// One of `windows`, kept by identity: a weak reference would give the window a side table, and
    /// every retain of it (each walk up a view hierarchy) would take the slow path.
    public internal(set) var keyWindow: UIWindow? {
        get { keyWindowIdentifier.flatMap { key in windows.first { ObjectIdentifier($0) == key } } }
        set { keyWindowIdentifier = newValue.map(ObjectIdentifier.init) }
    }
    private var keyWindowIdentifier: ObjectIdentifier?

    /// The scene's keyboard focus (Focus/UIFocusSystem.swift), made when first asked for.
    lazy var focusSystemStorage = UIFocusSystem(scene: self)
    /// The keys down whose presses went to a responder, by key code (UIWindowScene+Keyboard.swift).
    var pressesDown: [Int: UIPress] = [:]

    /// `window` moved to another scene (or none): it is neither one of the windows nor the key one.
    func remove(_ window: UIWindow) {
        windows.removeAll { $0 === window }
        if keyWindowIdentifier == ObjectIdentifier(window) { keyWindowIdentifier = nil }
    }

    let traitState = TraitState()
    /// The pointer's touches in this scene (Input/PointerInput.swift).
    let pointer = PointerInput()

    /// The scene's traits: size classes from the window size (see `UITraitCollection.sizeClasses(for:)`),
    /// the display scale and what the desktop says (style, direction, text size, focus), then the
    /// scene's `traitOverrides`. Windows inherit them.
    public var traitCollection: UITraitCollection { traitState.collection }

    /// Trait values this scene sets for all its windows.
    public var traitOverrides: UITraitOverrides {
        get { traitState.overrides }
        set {
            traitState.overrides = newValue
            traitState.needsUpdate = true
            host?.sceneNeedsFrame()
        }
    }

    /// Called after the scene's traits change (after the registered handlers).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// What the system provides before overrides: geometry-derived size classes and scale, and the
    /// desktop's traits (`environmentTraits`).
    private var systemTraits = TraitStorage()

    /// Traits the desktop provides (everything but size classes and scale); SceneHost's defaults for an
    /// offscreen scene: iPad idiom, light, left-to-right, large text, active.
    @_spi(Runtime) public var environmentTraits: UITraitCollection = UIWindowScene.defaultEnvironmentTraits {
        didSet {
            traitState.needsUpdate = true
            host?.sceneNeedsFrame()
        }
    }

    public static let defaultEnvironmentTraits = UITraitCollection {
        $0.userInterfaceIdiom = .pad
        $0.userInterfaceStyle = .light
        $0.layoutDirection = .leftToRight
        $0.preferredContentSizeCategory = .large
        $0.displayGamut = .SRGB
        $0.accessibilityContrast = .normal
        $0.legibilityWeight = .regular
        $0.userInterfaceLevel = .base
        $0.activeAppearance = .active
        $0.sceneCaptureState = .inactive
    }

    /// Geometry now in force; updated before `windowScene(_:didUpdateEffectiveGeometry:)` is called.
    // Read at every frame: no exclusivity checks (see UIView: 2.5% of a drag with the window's and labels').
    @exclusivity(unchecked) public private(set) var effectiveGeometry: Geometry

    /// Live size limits, enforced by the window manager. Never nil on SceneHost.
    public let sizeRestrictions: UISceneSizeRestrictions?

    /// Whether a person may close or minimize the window (see `UISceneWindowingBehaviors`). Never nil
    /// on SceneHost (UIKit gives nil where windows have no such controls).
    public let windowingBehaviors: UISceneWindowingBehaviors?

    /// Whether the window is full screen now (`_NET_WM_STATE_FULLSCREEN`), as the window manager says.
    /// Toggled by F11 or Ctrl+Super+F (Ctrl+⌘+F on iPad), or `requestFullScreen(_:errorHandler:)`,
    /// when `sizeRestrictions.allowsFullScreen` is true.
    public internal(set) var isFullScreen = false

    /// The resizing the app asked for with `GeometryPreferences.Vision` (`.unspecified`: none).
    var requestedResizingRestrictions = ResizingRestrictions.unspecified
    /// `.uniform`: the width-to-height ratio kept (the window manager's `PAspect`).
    @_spi(Runtime) public internal(set) var preferredAspectRatio: CGSize?
    /// `.none`: the one size the window has.
    @_spi(Runtime) public internal(set) var fixedSize: CGSize?

    /// The minimum size in force: a fixed size's, else the size restrictions'.
    @_spi(Runtime) public var effectiveMinimumSize: CGSize {
        fixedSize ?? (sizeRestrictions ?? UISceneSizeRestrictions()).effectiveMinimumSize
    }
    /// The maximum size in force: a fixed size's, else the size restrictions'.
    @_spi(Runtime) public var effectiveMaximumSize: CGSize {
        fixedSize ?? (sizeRestrictions ?? UISceneSizeRestrictions()).effectiveMaximumSize
    }

    /// How the window may be resized now: `.none` for a fixed size (or equal limits), `.uniform` while an
    /// aspect ratio is kept, `.freeform` otherwise.
    @_spi(Runtime) public var effectiveResizingRestrictions: ResizingRestrictions {
        if fixedSize != nil || effectiveMinimumSize == effectiveMaximumSize { return .none }
        return preferredAspectRatio != nil ? .uniform : .freeform
    }

    /// Deprecated in UIKit in favour of `effectiveGeometry.coordinateSpace`.
    public var coordinateSpace: any UICoordinateSpace { effectiveGeometry.coordinateSpace }
    /// Deprecated in UIKit in favour of `effectiveGeometry.interfaceOrientation`.
    public var interfaceOrientation: UIInterfaceOrientation { effectiveGeometry.interfaceOrientation }

    @exclusivity(unchecked) @_spi(Runtime) public weak var host: (any UIWindowSceneHost)?

    /// The layers of this scene with animations running.
    let animations = SceneAnimations()

    /// Controllers whose views entered a window since the last frame: they have appeared once it is drawn.
    var appearanceEnds: [UIViewController] = []
    /// What waits for the next frame to be drawn (a presentation's completion without animation).
    var afterFrameActions: [() -> Void] = []

    /// Whether animations are running: the host draws a frame at every refresh of the display until
    /// they end.
    @_spi(Runtime) public var hasRunningAnimations: Bool { animations.isRunning }

    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        let restrictions = UISceneSizeRestrictions()
        sizeRestrictions = restrictions
        let behaviors = UISceneWindowingBehaviors()
        windowingBehaviors = behaviors
        effectiveGeometry = Geometry(systemFrame: .zero, minimumSize: .zero,
                                     maximumSize: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        super.init(session: session, connectionOptions: connectionOptions)
        restrictions.onChange = { [weak self] in self?.sizeRestrictionsDidChange() }
        behaviors.onChange = { [weak self] in self?.host?.sceneWindowingDidChange() }
    }

    override func titleDidChange() { host?.sceneTitleDidChange() }
    override func lifecycleCallbackDidRun(_ callback: String) {
        // A scene leaving the screen takes its touches and gestures with it (Input/PointerInput.swift).
        if callback == "sceneDidEnterBackground" || callback == "sceneDidDisconnect" { pointer.end() }
        // A disconnected scene draws no more frames: what waited for one runs now (a presentation's
        // end, its completion), then lets its controllers go.
        if callback == "sceneDidDisconnect" {
            appearanceEnds = []
            // What those actions start may wait for a frame in turn; a few rounds, then the rest goes.
            for _ in 0..<4 where !afterFrameActions.isEmpty { runAfterFrameActions() }
            afterFrameActions = []
        }
        host?.sceneDidRunLifecycleCallback(callback)
    }

    /// The limits are part of the geometry: the host reports them, like a resize.
    private func sizeRestrictionsDidChange() { host?.sceneSizeRestrictionsDidChange() }

    /// An offscreen scene's own host, which it owns (a window's host, the runtime, owns its scene instead).
    @_spi(Runtime) public private(set) var offscreenHost: OffscreenSceneHost?

    // MARK: Driven by the runtime

    /// A host's geometry: its orientation and whether it fills the screen, then its frame.
    func apply(_ geometry: SceneFrameGeometry) -> Geometry? {
        orientation = geometry.interfaceOrientation
        fillsScreen = geometry.fillsScreen
        return applySystemFrame(geometry.systemFrame, displayScale: geometry.displayScale, interactive: geometry.isInteractivelyResizing)
    }

    /// Makes `frame` (points, root-window coordinates) the scene's frame. Updates the geometry, the traits
    /// (calling `traitCollectionDidChange` top-down when they change) and the windows' frames. Returns the
    /// previous geometry when anything changed, for `reportGeometryChange(from:)`. (Hosts go through
    /// `prepareFrame(_:drawingAt:)`, which keeps the frame's order.)
    func applySystemFrame(_ frame: CGRect, displayScale: CGFloat, interactive: Bool = false) -> Geometry? {
        let geometry = Geometry(systemFrame: frame, minimumSize: effectiveMinimumSize,
                                maximumSize: effectiveMaximumSize, isInteractivelyResizing: interactive,
                                orientation: orientation, isOrientationLocked: fillsScreen && prefersOrientationLock,
                                resizingRestrictions: effectiveResizingRestrictions)
        let previous = effectiveGeometry
        guard !geometry.hasSameValues(as: previous) else { return nil }
        effectiveGeometry = geometry
        // The drag is over: what drew cheaply for it draws in full in this same frame.
        if previous.isInteractivelyResizing, !interactive { redrawViewsDrawnForResizing() }

        // Root view controllers hear of a new size before anything is laid out at it.
        if previous.systemFrame.size != frame.size, windows.contains(where: { $0.rootViewController != nil }) {
            pendingTransitionSize = frame.size
        }
        let sizeClasses = UITraitCollection.sizeClasses(for: frame.size)
        systemTraits.horizontalSizeClass = sizeClasses.horizontal
        systemTraits.verticalSizeClass = sizeClasses.vertical
        systemTraits.displayScale = displayScale
        traitState.needsUpdate = true
        updateTraitsIfNeeded()
        for window in windows { window.frame = CGRect(origin: .zero, size: frame.size) }
        runPendingAlongside()
        return previous
    }

    // MARK: Orientation

    /// The scene's interface orientation, which `effectiveGeometry` reports, and whether its window
    /// fills the screen, as the host's last geometry said (see `SceneFrameGeometry`).
    var orientation: UIInterfaceOrientation = .unknown
    var fillsScreen = false

    /// The orientations the scene's interface supports: those of its topmost full-window view
    /// controller (a presented one, else the root).
    public var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        guard var controller = keyWindow?.rootViewController ?? windows.first?.rootViewController else { return .all }
        while let presented = controller.presentedViewController, presented.isFullWindowPresentation { controller = presented }
        return controller.supportedInterfaceOrientations
    }

    /// Whether the scene's view controllers ask for the orientation lock: the preference of the topmost
    /// full-window controller (a presented one, else the root), or of the controller its
    /// `childForInterfaceOrientationLock` chain ends at.
    public var prefersOrientationLock: Bool {
        guard var controller = keyWindow?.rootViewController ?? windows.first?.rootViewController else { return false }
        // The topmost full-window presented controller decides, as for the supported orientations.
        while let presented = controller.presentedViewController, presented.isFullWindowPresentation { controller = presented }
        var seen = 0
        while let child = controller.childForInterfaceOrientationLock, seen < 64 {
            controller = child
            seen += 1
        }
        return controller.prefersInterfaceOrientationLocked
    }

    /// Something the orientation depends on changed (supported orientations, the lock preference): the
    /// host re-evaluates and reports a new geometry when it differs.
    func orientationPreferencesDidChange() { host?.sceneOrientationPreferencesDidChange() }

    /// A rotation that keeps the size (a half turn) is still announced with `viewWillTransition(to:with:)`,
    /// as in UIKit.
    @_spi(Runtime) public func setNeedsSizeTransition() {
        if windows.contains(where: { $0.rootViewController != nil }) { pendingTransitionSize = effectiveGeometry.systemFrame.size }
    }

    /// The size `viewWillTransition(to:with:)` announces at the next trait update.
    private var pendingTransitionSize: CGSize?
    /// The coordinator of a size or trait transition, completed (alongside blocks, then completions)
    /// once the new size and traits are laid out.
    private var pendingCoordinator: TransitionCoordinator?

    /// Recomputes the scene's traits where something changed (geometry, desktop, overrides) and passes
    /// them down every window, top-down: handlers run before anything is laid out.
    ///
    /// A change of the scene's traits is announced first: `willTransition(to:with:)` on each window's root
    /// view controller (which forwards to its children) and on each presentation controller on screen
    /// (which forwards to its presented controller), each with the collection it is about to have (the
    /// window's `traitOverrides` and every owner's along the way applied). A new size follows with
    /// `viewWillTransition(to:with:)` to the same receivers. Then the update; the coordinator's alongside
    /// blocks run once the new traits (and size) are applied, its completions after the layout that
    /// follows (`layoutIfNeeded()`), for a trait-only transition as for a resize.
    func updateTraitsIfNeeded() {
        let before = traitState.collection
        var coordinator: TransitionCoordinator?
        // A transition whose blocks already ran is over but for its completions: they run before a new
        // one begins.
        if let old = pendingCoordinator, old.hasRunAlongside, traitState.needsUpdate || pendingTransitionSize != nil {
            pendingCoordinator = nil
            old.complete()
        }
        if traitState.needsUpdate {
            let base = systemTraits.applied(to: environmentTraits.storage)
            if lastBase == base, !traitState.hasOverrides {
                traitState.needsUpdate = false   // a move or resize that changes no trait: nothing to pass down
            }
            lastBase = base
        }
        if traitState.needsUpdate, let base = lastBase {
            let inherited = UITraitCollection(storage: base)
            let upcoming = !traitState.hasOverrides ? inherited
                : UITraitCollection(storage: traitState.overrides.storage.applied(to: inherited.storage))
            if upcoming != before {
                let transition = pendingCoordinator ?? TransitionCoordinator(container: keyWindow ?? windows.first)
                for window in windows {
                    let windowCollection = window.traitState.hasOverrides ? upcoming.applying(window.traitOverrides) : upcoming
                    guard let root = window.rootViewController else { continue }
                    root.willTransition(to: root.traitState.hasOverrides ? windowCollection.applying(root.traitOverrides) : windowCollection,
                                        with: transition)
                    for presentation in window.presentationControllers {
                        presentation.willTransition(to: presentation.traitState.hasOverrides
                                                        ? windowCollection.applying(presentation.traitOverrides) : windowCollection,
                                                    with: transition)
                    }
                }
                coordinator = transition
            }
        }
        // A new size: `viewWillTransition(to:with:)` after `willTransition(to:with:)`, as in UIKit, with the
        // same coordinator, whose alongside blocks run once the windows have the new size.
        var sizeTransition = false
        if let size = pendingTransitionSize {
            pendingTransitionSize = nil
            let transition = coordinator ?? pendingCoordinator ?? TransitionCoordinator(container: keyWindow ?? windows.first)
            for window in windows {
                guard let root = window.rootViewController else { continue }
                root.viewWillTransition(to: size, with: transition)
                for presentation in window.presentationControllers { presentation.viewWillTransition(to: size, with: transition) }
            }
            coordinator = transition
            sizeTransition = true
        }
        if let coordinator { pendingCoordinator = coordinator }
        if traitState.needsUpdate, let base = lastBase {
            let inherited = UITraitCollection(storage: base)
            if let (previous, changes) = traitState.apply(inherited: inherited) {
                traitState.notify(self, previous: previous, changes: changes)
            }
        }
        let changed = traitState.collection !== before
        for window in windows { window.updateTraits(inherited: traitState.collection, force: changed) }
        // A resize runs them in `applySystemFrame`, once the windows have their new size.
        if !sizeTransition { coordinator?.runAlongside() }
    }

    /// Runs the alongside blocks of the pending transition (the windows have their new size).
    func runPendingAlongside() { pendingCoordinator?.runAlongside() }

    /// Views that drew a cheaper form of themselves while the window was being resized (image views
    /// drawing thumbnails), to draw again in full when the drag ends.
    var viewsDrawnForResizing: [WeakView] = []

    /// The system and desktop traits the scene's collection was last computed from.
    private var lastBase: TraitStorage?

    /// Whether some trait update is still waiting (the scene's, or somewhere in a window).
    var traitsNeedUpdate: Bool {
        traitState.needsUpdate || windows.contains { $0.traitState.needsUpdate || $0.traitState.descendantNeedsUpdate }
    }

    /// Tells the delegate about a geometry change returned by `applySystemFrame`.
    /// Tells the delegate what changed: `windowScene(_:didUpdateEffectiveGeometry:)` for any change of
    /// the geometry (`previous`), and the deprecated `windowScene(_:didUpdate:interfaceOrientation:
    /// traitCollection:)` when the coordinate space (a move or a resize), the interface orientation or
    /// the scene's traits changed (`previousTraits`), as in UIKit: not for a change of the size limits or
    /// of `isInteractivelyResizing` alone, and also for a trait change without a new geometry (a dark
    /// desktop, a larger text size).
    func reportChanges(geometry previous: Geometry?, traits previousTraits: UITraitCollection?) {
        guard let delegate = delegate as? any UIWindowSceneDelegate else { return }
        if let previous { delegate.windowScene(self, didUpdateEffectiveGeometry: previous) }
        let before = previous ?? effectiveGeometry
        guard before.systemFrame != effectiveGeometry.systemFrame || before.interfaceOrientation != effectiveGeometry.interfaceOrientation
                || previousTraits != nil else { return }
        delegate.windowScene(self, didUpdate: before.coordinateSpace, interfaceOrientation: before.interfaceOrientation,
                             traitCollection: previousTraits ?? traitCollection)
    }

    /// Brings the geometry (when given) and the traits up to date and tells the delegate; returns the
    /// previous geometry and traits where they changed.
    func update(to geometry: SceneFrameGeometry?) -> (geometry: Geometry?, traits: UITraitCollection?) {
        let previousTraits = traitCollection
        let previousGeometry = geometry.flatMap(apply)
        updateTraitsIfNeeded()
        let changedTraits = traitCollection != previousTraits ? previousTraits : nil
        reportChanges(geometry: previousGeometry, traits: changedTraits)
        return (previousGeometry, changedTraits)
    }

    // MARK: Geometry requests

    /// Asks for a new geometry. `.Mac(systemFrame:)` moves and resizes the window (a size outside the
    /// size restrictions is brought within them). `.iOS(interfaceOrientations:)` turns the scene to one of
    /// the orientations that its view controllers and the app support. An empty set of orientations or a
    /// null frame states no preference: nothing happens. Errors, with UIKit's codes:
    /// `.geometryRequestUnsupported` (100) for an invalid request (a frame without a finite, positive
    /// size) or another kind of preferences; `.geometryRequestDenied` (101) for a valid one refused (no
    /// requested orientation supported, or the orientation locked).
    ///
    /// UIKit's error handler may run asynchronously; here it runs before the method returns, and the
    /// new geometry arrives with a later frame (at once for an offscreen scene).
    public func requestGeometryUpdate(_ preferences: GeometryPreferences, errorHandler: ((any Error) -> Void)? = nil) {
        if let iOS = preferences as? GeometryPreferences.iOS {
            // UIKit's default, the empty set, means no preference.
            guard !iOS.interfaceOrientations.isEmpty else { return }
            let possible = iOS.interfaceOrientations.intersection(supportedInterfaceOrientations)
            guard !possible.isEmpty else {
                errorHandler?(UISceneError(.geometryRequestDenied, "none of the requested interface orientations is supported by the scene's view controller (supportedInterfaceOrientations)"))
                return
            }
            guard !effectiveGeometry.isInterfaceOrientationLocked else {
                errorHandler?(UISceneError(.geometryRequestDenied, "the scene's interface orientation is locked (prefersInterfaceOrientationLocked)"))
                return
            }
            if let host, !host.sceneRequestsOrientation(possible) {
                errorHandler?(UISceneError(.geometryRequestDenied, "none of the requested interface orientations is supported by the app (application(_:supportedInterfaceOrientationsFor:), else UISupportedInterfaceOrientations in Info.plist)"))
            }
            return
        }
        if let vision = preferences as? GeometryPreferences.Vision {
            applyVision(vision, errorHandler: errorHandler)
            return
        }
        guard let mac = preferences as? GeometryPreferences.Mac else {
            errorHandler?(UISceneError(.geometryRequestUnsupported, "use UIWindowScene.GeometryPreferences.Mac(systemFrame:), .iOS(interfaceOrientations:) or .Vision(size:minimumSize:maximumSize:resizingRestrictions:)"))
            return
        }
        let frame = mac.systemFrame
        // UIKit's default frame, the null rectangle, means no preference.
        if frame.isNull { return }
        guard frame.width.isFinite, frame.height.isFinite, frame.minX.isFinite, frame.minY.isFinite,
              frame.width > 0, frame.height > 0 else {
            errorHandler?(UISceneError(.geometryRequestUnsupported, "the requested frame \(frame) has no usable size; give a finite, positive width and height"))
            return
        }
        host?.sceneRequestsFrame(CGRect(origin: frame.origin, size: clampedSize(frame.size)))
    }

    /// What a scene would like its geometry to be, for `requestGeometryUpdate(_:errorHandler:)`.
    @MainActor
    open class GeometryPreferences {
        init() {}
    }

    /// Lays out every window where layout is pending. Layout that asks for more layout (a subview
    /// invalidating its superview) is run again, a few passes at most, so a frame never shows a
    /// half-finished layout.
    /// Each pass brings traits up to date first, so overrides set during layout (or by a handler) apply
    /// in the same frame.
    func layoutIfNeeded() {
        defer {
            // A size or trait transition's completions run with the new size and traits laid out.
            if let coordinator = pendingCoordinator {
                pendingCoordinator = nil
                coordinator.complete()
            }
        }
        for _ in 0..<4 {
            updateTraitsIfNeeded()
            // A popover follows its anchor wherever the anchor's layout moved it (a walk of the
            // window's own subviews: nothing is allocated in a frame without presentations).
            for window in windows {
                for case let container as PresentationContainerView in window.subviews {
                    if let popover = container.controller as? UIPopoverPresentationController, popover.sourceMoved() {
                        container.setNeedsLayout()
                    }
                }
            }
            let pending = windows.filter { !$0.isHidden && $0.subtreeNeedsLayout }
            if pending.isEmpty && !traitsNeedUpdate { return }
            for window in pending {
                window.updateConstraintsIfNeeded()
                window.layoutIfNeeded()
            }
        }
    }

    /// Runs `draw(_:)` for the views that need it, at `scale` device pixels per point (their pixels
    /// join the damage), then returns and clears the region (points) that changed since the last frame,
    /// with the opaque views that only moved, whose pixels are copied within the last frame's.
    func takeDamage(drawingAt scale: CGFloat) -> Damage {
        ViewRenderer.display(windows: windows, scale: scale)
        var damage = Damage()
        for (index, window) in windows.enumerated() {
            damage.formUnion(window.takeDamage(scale: scale, above: windows[(index + 1)...]))
        }
        return damage
    }

    /// Draws `damage` (points) of every visible window into `context`, whose user space is in points
    /// at `scale` device pixels per point, after making its moves in the context's image (which must
    /// hold the last frame when there are moves). Areas no window covers are black, as in UIKit.
    @_spi(Runtime) public func render(into context: Context, damage: Damage, scale: CGFloat) {
        ViewRenderer.render(windows: windows, in: context, damage: damage, scale: scale)
    }

    /// Lets go of the pixels of the views' kept drawings (each one's last `draw(_:)` output), keeping
    /// where each inks: a view is drawn again, to the same pixels, only when a later frame composites
    /// it (something over it or under it changed). The runtime calls it once a window has drawn no
    /// frame for a while: its pixels are in the window's back buffer, and a window at rest seldom
    /// composites again what did not change. Returns the bytes let go. Not in UIKit, whose system
    /// purges the backing stores of layers it does not show.
    @_spi(Runtime) @discardableResult public func releaseKeptDrawings() -> Int {
        windows.reduce(0) { $0 + $1.releaseKeptDrawings() }
    }

    /// Lays out and draws the whole scene into a new image at `scale` pixels per point (offscreen:
    /// needs no display). The scene's size is its `effectiveGeometry`.
    public func renderImage(scale: CGFloat? = nil) -> ImageSurface {
        let scale = scale ?? max(1, traitCollection.displayScale)
        _ = prepareFrame(nil, drawingAt: scale)
        let bounds = effectiveGeometry.coordinateSpace.bounds
        // An image holds at most 32,767 pixels a side: a larger scene renders its top-left part.
        func pixels(_ points: CGFloat) -> Int {
            let value = (points * scale).rounded()
            return value.isFinite ? Int(min(max(value, 1), CGFloat(ImageSurface.maximumSide))) : 1
        }
        let image = ImageSurface(format: .rgb24, width: pixels(bounds.width), height: pixels(bounds.height))
        let context = Context(surface: image)
        context.scale(Double(scale), Double(scale))
        render(into: context, damage: Damage(bounds), scale: scale)
        image.flush()
        return image
    }

    /// Connects an offscreen scene of `size` points showing `rootViewController`, for renders and tests
    /// that need no display.
    public static func offscreen(size: CGSize, scale: CGFloat = 1, rootViewController: UIViewController,
                                 title: String = "Offscreen") -> UIWindowScene {
        let configuration = UISceneConfiguration(name: title, sessionRole: .windowApplication)
        let session = UISceneSession(role: .windowApplication, configuration: configuration)
        let scene = UIWindowScene(session: session, connectionOptions: .init())
        session.scene = scene
        scene.title = title
        let host = OffscreenSceneHost(scene: scene, geometry: SceneFrameGeometry(systemFrame: .zero, displayScale: scale))
        scene.offscreenHost = host
        scene.host = host
        // Sized before its window exists, as the runtime does: views start with the scene's traits.
        host.place(CGRect(origin: .zero, size: size))
        let window = UIWindow(windowScene: scene)
        window.rootViewController = rootViewController
        window.makeKeyAndVisible()
        return scene
    }
}

extension UIWindowScene {
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        registerHandler(traits, handler)
    }

    @discardableResult
    public func registerForTraitChanges<Target: AnyObject>(
        _ traits: [UITrait], target: Target, action: @escaping (Target) -> () -> Void) -> any UITraitChangeRegistration {
        registerAction(traits, target: target, action: action)
    }

    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) { traitState.unregister(registration) }
}

extension UIWindowScene.GeometryPreferences {
    /// A window frame: position and size in points, in screen (root window) coordinates. `CGRect.null`,
    /// UIKit's default, states no preference.
    public final class Mac: UIWindowScene.GeometryPreferences {
        public var systemFrame: CGRect
        public init(systemFrame: CGRect) {
            self.systemFrame = systemFrame
            super.init()
        }
    }

    /// Interface orientations, for a scene on a rotating device. The empty set, UIKit's default, states
    /// no preference.
    public final class iOS: UIWindowScene.GeometryPreferences {
        public var interfaceOrientations: UIInterfaceOrientationMask
        public init(interfaceOrientations: UIInterfaceOrientationMask) {
            self.interfaceOrientations = interfaceOrientations
            super.init()
        }
    }
}
