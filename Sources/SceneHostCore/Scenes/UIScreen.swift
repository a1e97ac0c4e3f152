import Foundation

/// The display scenes are shown on, as UIKit's `UIScreen`: its size in points, its scale and its
/// refresh rate. SceneHost has one screen, `main`: the first monitor RandR lists (the whole X screen
/// where it lists none), in points at the desktop's scale; every scene's `screen` is it. Offscreen
/// (no display) it is 1366 × 1024 points at 1×, the size of a 12.9-inch iPad in landscape.
@MainActor
public final class UIScreen: UICoordinateSpace {
    /// The screen; kept up to date by the runtime as monitors and the desktop's scale change.
    public static let main = UIScreen()

    private init() {}

    /// `main.scale`, readable from any thread: image assets resolve for it off the main thread.
    nonisolated static var mainScale: CGFloat { mainScaleLock.withLock { storedMainScale } }
    nonisolated private static let mainScaleLock = NSLock()
    nonisolated(unsafe) private static var storedMainScale: CGFloat = 1

    /// The screen's rectangle in points, its origin at zero.
    public private(set) var bounds = CGRect(x: 0, y: 0, width: 1366, height: 1024)
    /// Device pixels per point.
    public private(set) var scale: CGFloat = 1
    /// The screen's rectangle in device pixels.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }
    public var nativeScale: CGFloat { scale }
    /// The refresh rate (RandR's, 60 when the server does not say): what display links fire at.
    public private(set) var maximumFramesPerSecond = 60
    /// The screen's traits: its scale.
    public var traitCollection: UITraitCollection { UITraitCollection(displayScale: scale) }
    /// The screen's coordinate space: its bounds.
    public var coordinateSpace: any UICoordinateSpace { self }

    /// The runtime tells the screen what the monitor is: its size in device pixels, the desktop's scale
    /// and the refresh rate.
    @_spi(Runtime) public func update(pixelSize: CGSize, scale: CGFloat, framesPerSecond: Double?) {
        self.scale = scale > 0 ? scale : 1
        Self.mainScaleLock.withLock { Self.storedMainScale = self.scale }
        bounds = CGRect(x: 0, y: 0, width: pixelSize.width / self.scale, height: pixelSize.height / self.scale)
        maximumFramesPerSecond = Int((framesPerSecond ?? 60).rounded())
    }
}

extension UIWindowScene {
    /// The screen the scene is shown on.
    public var screen: UIScreen { UIScreen.main }
}

extension UIWindow {
    /// The screen the window is shown on.
    public var screen: UIScreen { UIScreen.main }
}
