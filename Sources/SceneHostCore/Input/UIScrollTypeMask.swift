import Foundation

/// The kinds of scroll a pan recognizer takes, as UIKit's `UIScrollTypeMask` (raw values: discrete
/// 1 << 0, continuous 1 << 1).
public struct UIScrollTypeMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A mouse wheel's notches.
    public static let discrete = UIScrollTypeMask(rawValue: 1 << 0)
    /// A touchpad's smooth scrolling (XInput 2 scroll valuators).
    public static let continuous = UIScrollTypeMask(rawValue: 1 << 1)
    public static let all: UIScrollTypeMask = [.discrete, .continuous]
}
