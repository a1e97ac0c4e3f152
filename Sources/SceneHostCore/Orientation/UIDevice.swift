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
    func turned(clockwise: Bool) -> UIDeviceOrientation {
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
@MainActor
public final class UIDevice {
    public static let current = UIDevice()

    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")

    public private(set) var orientation: UIDeviceOrientation = .landscapeLeft
    public private(set) var isGeneratingDeviceOrientationNotifications = false
    public var userInterfaceIdiom: UIUserInterfaceIdiom { .pad }
    public var name: String { "SceneHost" }
    public var systemName: String { "SceneHost" }

    private init() {}

    public func beginGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = true }
    public func endGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = false }

    /// Turns the simulated device (the runtime calls this; scenes follow where they may).
    @_spi(Runtime) public func setSimulatedOrientation(_ orientation: UIDeviceOrientation) {
        guard orientation != self.orientation else { return }
        self.orientation = orientation
        // UIKit posts the notification whether or not anybody asked to generate them.
        NotificationCenter.default.post(name: UIDevice.orientationDidChangeNotification, object: self)
    }

    @_spi(Runtime) public func turned(clockwise: Bool) -> UIDeviceOrientation { orientation.turned(clockwise: clockwise) }
}
