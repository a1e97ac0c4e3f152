import Cairo
import Foundation

/// The geometry a host gives one frame of a scene: where its window is and how large (points, screen
/// coordinates), at how many device pixels per point, whether a person is dragging its edge, the
/// scene's interface orientation (the device's, unless the lock or the supported orientations kept
/// another; `.unknown`: the device's) and whether the window fills the screen (maximized to the work
/// area or full screen: only then is the orientation lock honoured, as in UIKit).
@_spi(Runtime) public struct SceneFrameGeometry: Equatable, Sendable {
    public var systemFrame: CGRect
    public var displayScale: CGFloat
    public var isInteractivelyResizing: Bool
    public var interfaceOrientation: UIInterfaceOrientation
    public var fillsScreen: Bool

    public init(systemFrame: CGRect, displayScale: CGFloat, isInteractivelyResizing: Bool = false,
                interfaceOrientation: UIInterfaceOrientation = .unknown, fillsScreen: Bool = false) {
        self.systemFrame = systemFrame
        self.displayScale = displayScale
        self.isInteractivelyResizing = isInteractivelyResizing
        self.interfaceOrientation = interfaceOrientation
        self.fillsScreen = fillsScreen
    }
}

/// What one frame of a scene changed, for its host to present and trace.
@_spi(Runtime) public struct SceneFrame {
    /// The geometry before this frame, when the frame changed it.
    public var previousGeometry: UIWindowScene.Geometry?
    /// The scene's traits before this frame, when the frame changed them.
    public var previousTraits: UITraitCollection?
    /// What changed on screen (points), with the opaque views that only moved (see `Damage.moves`).
    public var damage: Damage
    /// How long geometry, traits and layout took, and drawing the views that needed it (seconds).
    public var layoutSeconds: Double
    public var drawSeconds: Double
}

extension UIWindowScene {
    /// The geometry the scene connects with, in place before `scene(_:willConnectTo:options:)` so its
    /// windows and views start with its traits; no delegate hears of it, as in UIKit.
    @_spi(Runtime) public func setInitialGeometry(_ geometry: SceneFrameGeometry) {
        _ = apply(geometry)
    }

    /// One frame of the scene, in the order UIKit gives it and every host shares:
    ///
    /// geometry (`geometry`, when the host has a new one) → traits (will-transition calls, trait-change
    /// handlers and tracked invalidations, top-down) → `windowScene(_:didUpdateEffectiveGeometry:)` (before
    /// layout, so what the delegate changes is drawn in this frame) → animations advanced to `time`
    /// (`CACurrentMediaTime()` seconds) → layout where invalidated → `draw(_:)` of the views that need
    /// it, at `scale` device pixels per point → `viewDidAppear(_:)` of the controllers whose views
    /// entered a window since the last frame.
    ///
    /// The host then composites the returned damage with `render(into:damage:scale:)`.
    @_spi(Runtime) public func prepareFrame(_ geometry: SceneFrameGeometry?, drawingAt scale: CGFloat,
                                            at time: CFTimeInterval = CACurrentMediaTime()) -> SceneFrame {
        let start = DispatchTime.now().uptimeNanoseconds
        let changed = update(to: geometry)
        animations.advance(to: time)
        layoutIfNeeded()
        let laidOut = DispatchTime.now().uptimeNanoseconds
        let damage = takeDamage(drawingAt: scale)
        let drawn = DispatchTime.now().uptimeNanoseconds
        // The views that entered a window are drawn: their controllers have appeared.
        endPendingAppearances()
        runAfterFrameActions()
        return SceneFrame(previousGeometry: changed.geometry, previousTraits: changed.traits, damage: damage,
                          layoutSeconds: Double(laidOut - start) / 1e9, drawSeconds: Double(drawn - laidOut) / 1e9)
    }
}

/// The host of an offscreen scene (`UIWindowScene.offscreen`): a window manager that grants every
/// request at once and frames drawn when asked (`renderImage`, tests, benchmarks), through the same
/// frame pass as a window's.
@_spi(Runtime) @MainActor
public final class OffscreenSceneHost: UIWindowSceneHost {
    /// The scene owns its offscreen host.
    public unowned let scene: UIWindowScene
    /// Where the scene's "window" is, and at how many device pixels per point.
    public private(set) var geometry: SceneFrameGeometry

    init(scene: UIWindowScene, geometry: SceneFrameGeometry) {
        self.scene = scene
        self.geometry = geometry
    }

    /// Moves and resizes the scene as a window manager would (and turns it to `orientation`, when
    /// given), and tells it at once: geometry, traits and the delegate's callback (layout and drawing
    /// wait for the next frame).
    public func place(_ frame: CGRect, displayScale: CGFloat? = nil, interactive: Bool = false,
                      orientation: UIInterfaceOrientation? = nil) {
        geometry.systemFrame = frame
        geometry.displayScale = displayScale ?? geometry.displayScale
        geometry.isInteractivelyResizing = interactive
        geometry.interfaceOrientation = orientation ?? geometry.interfaceOrientation
        _ = scene.update(to: geometry)
    }

    /// One frame at the current geometry, its animations shown as at `time` (see `UIWindowScene.prepareFrame`).
    public func prepareFrame(at time: CFTimeInterval = CACurrentMediaTime()) -> SceneFrame {
        scene.prepareFrame(nil, drawingAt: geometry.displayScale, at: time)
    }

    public func sceneNeedsFrame() {}
    public func sceneTitleDidChange() {}
    public func sceneDidRunLifecycleCallback(_ name: String) {}
    /// Turns the scene to the first of the orientations (portrait, landscape right, landscape left,
    /// upside down), as the simulated device turns a window: a quarter turn swaps width and height.
    public func sceneRequestsOrientation(_ orientations: UIInterfaceOrientationMask) -> Bool {
        guard let target = [UIInterfaceOrientation.portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown]
            .first(where: orientations.contains) else { return false }
        var frame = geometry.systemFrame
        if target.isPortrait != (frame.height > frame.width) { frame.size = CGSize(width: frame.height, height: frame.width) }
        place(frame, orientation: target)
        return true
    }
    public func sceneRequestsFrame(_ frame: CGRect) { place(frame) }

    /// The limits are part of the geometry; a window outside new ones is brought into them.
    public func sceneSizeRestrictionsDidChange() {
        var frame = geometry.systemFrame
        frame.size = scene.clampedSize(frame.size)
        place(frame)
    }

    public func sceneOrientationPreferencesDidChange() { place(geometry.systemFrame) }
}
