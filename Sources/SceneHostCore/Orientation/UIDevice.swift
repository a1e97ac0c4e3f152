import Foundation

/// The physical orientation of the device, with UIKit's raw values.
public enum UIDeviceOrientation: Int, Sendable, CustomStringConvertible {
    case unknown = 0, portrait = 1, portraitUpsideDown = 2, landscapeLeft = 3, landscapeRight = 4, faceUp = 5, faceDown = 6

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }

    public var description: String {
        ["unknown", "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight", "faceUp", "faceDown"][rawValue]
    }

    /// A quarter turn clockwise (as the screen is looked at): portrait → landscapeRight →
    /// portraitUpsideDown → landscapeLeft → portrait.
    @_spi(Runtime) public func turned(clockwise: Bool) -> UIDeviceOrientation {
        let cycle: [UIDeviceOrientation] = [.portrait, .landscapeRight, .portraitUpsideDown, .landscapeLeft]
        guard let index = cycle.firstIndex(of: self) else { return clockwise ? .landscapeRight : .landscapeLeft }
        return cycle[(index + (clockwise ? 1 : 3)) % 4]
    }
}

extension UIInterfaceOrientation {
    /// The interface orientation that keeps the interface upright on a device held in `device`
    /// orientation: the landscape cases swap (UIKit names interface orientations after the home button).
    public init(_ device: UIDeviceOrientation) {
        switch device {
        case .portrait: self = .portrait
        case .portraitUpsideDown: self = .portraitUpsideDown
        case .landscapeLeft: self = .landscapeRight
        case .landscapeRight: self = .landscapeLeft
        case .unknown, .faceUp, .faceDown: self = .unknown
        }
    }
}

/// The simulated device: a desktop screen does not turn, so SceneHost keeps an orientation per app
/// that rotates with Ctrl+Right / Ctrl+Left in any scene (as Cmd+arrows in the iOS Simulator), with
/// SceneHostTesting's `AppHarness.rotateDevice`, or starts from `SCENEHOST_ORIENTATION` (`portrait`,
/// `portraitUpsideDown`, `landscapeLeft`, `landscapeRight`). It starts in `landscapeLeft`: a desktop
/// screen is wide.
///
/// As in UIKit, an app that wants the device's orientation asks for it:
/// `beginGeneratingDeviceOrientationNotifications()`. Until then `orientation` reads `.unknown` and
/// `orientationDidChangeNotification` is not posted; scenes turn with the device either way.
@MainActor
public final class UIDevice {
    public static let current = UIDevice()

    /// Posted (object: the device) when the device turns, while orientation notifications are generated.
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")

    /// The physical orientation of the simulated device, which may differ from a scene's interface
    /// orientation. `.unknown` unless orientation notifications are generated, as in UIKit; from the
    /// first `beginGeneratingDeviceOrientationNotifications()` it is the device's at once (UIKit's
    /// accelerometer takes a moment).
    public var orientation: UIDeviceOrientation { isGeneratingDeviceOrientationNotifications ? simulatedOrientation : .unknown }
    /// Whether `orientationDidChangeNotification` is posted: between a
    /// `beginGeneratingDeviceOrientationNotifications()` and its matching end.
    public var isGeneratingDeviceOrientationNotifications: Bool { generationRequests > 0 }
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .pad }
    public var name: String { "SceneHost" }
    public var systemName: String { "SceneHost" }

    /// Begins and ends not matched yet: calls nest, as in UIKit.
    private var generationRequests = 0
    /// How the simulated device is held, whether or not anyone asked for notifications: what scenes turn
    /// to. The runtime turns it (scenes follow where they may); a change posts
    /// `orientationDidChangeNotification` while notifications are being generated.
    @_spi(Runtime) public var simulatedOrientation: UIDeviceOrientation = .landscapeLeft {
        didSet {
            guard simulatedOrientation != oldValue, isGeneratingDeviceOrientationNotifications else { return }
            NotificationCenter.default.post(name: UIDevice.orientationDidChangeNotification, object: self)
        }
    }

    private init() {}

    /// Starts posting `orientationDidChangeNotification` and reporting `orientation`. Calls nest: match
    /// each with `endGeneratingDeviceOrientationNotifications()`.
    public func beginGeneratingDeviceOrientationNotifications() { generationRequests += 1 }
    /// Ends one `beginGeneratingDeviceOrientationNotifications()`; the last one stops the notifications.
    /// An end without a begin does nothing.
    public func endGeneratingDeviceOrientationNotifications() { generationRequests = max(0, generationRequests - 1) }

}
