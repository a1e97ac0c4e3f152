/// The orientation of the interface, with UIKit's raw values (landscapeLeft/Right are named after the
/// side the home button would be on, so they are the device's right/left).
public enum UIInterfaceOrientation: Int, Sendable, CustomStringConvertible {
    case unknown = 0, portrait = 1, portraitUpsideDown = 2, landscapeRight = 3, landscapeLeft = 4

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .portrait: "portrait"
        case .portraitUpsideDown: "portraitUpsideDown"
        case .landscapeRight: "landscapeRight"
        case .landscapeLeft: "landscapeLeft"
        }
    }
}

/// Sets of interface orientations, with UIKit's raw values (`1 << orientation.rawValue`).
public struct UIInterfaceOrientationMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]

    /// Whether the mask holds `orientation`.
    public func contains(_ orientation: UIInterfaceOrientation) -> Bool {
        orientation != .unknown && rawValue & (1 << UInt(orientation.rawValue)) != 0
    }
}
