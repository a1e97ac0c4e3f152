import Foundation

/// A fixed sRGB colour with alpha, as Core Graphics' `CGColor`: what layers take (`backgroundColor`,
/// `borderColor`, `shadowColor`…). Unlike a `UIColor` it never follows the traits: a dynamic colour's
/// `cgColor` is its value for `UITraitCollection.current` when it is read, so a layer's colour must be
/// set again when the appearance changes, as in UIKit.
public final class CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let components: [CGFloat]
    public var numberOfComponents: Int { components.count }
    public var alpha: CGFloat { components[3] }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
    }

    public convenience init(gray: CGFloat, alpha: CGFloat) { self.init(red: gray, green: gray, blue: gray, alpha: alpha) }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: components[0], green: components[1], blue: components[2], alpha: alpha) }

    var rgba: UIColor.Components { (components[0], components[1], components[2], components[3]) }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.components == b.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
    public var description: String { "CGColor(\(components.map { String(format: "%.3f", Double($0)) }.joined(separator: ", ")))" }
}

extension UIColor {
    /// The colour resolved for `UITraitCollection.current`, fixed.
    public var cgColor: CGColor {
        let c = components
        return CGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    public convenience init(cgColor: CGColor) {
        self.init(red: cgColor.components[0], green: cgColor.components[1], blue: cgColor.components[2], alpha: cgColor.components[3])
    }
}
