import Foundation

/// Insets from each edge of a rectangle, as in UIKit.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    /// The rectangle shrunk by `insets` (grown where they are negative), as UIKit's `inset(by:)`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

/// A coordinate space that can convert points and rectangles to another, as UIKit's `UICoordinateSpace`.
@MainActor
public protocol UICoordinateSpace: AnyObject {
    var bounds: CGRect { get }
}

/// Insets whose horizontal sides follow the layout direction: `leading` is the left inset in a
/// left-to-right layout and the right inset in a right-to-left one.
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// The absolute insets for a layout direction.
    func absolute(rightToLeft: Bool) -> UIEdgeInsets {
        UIEdgeInsets(top: top, left: rightToLeft ? trailing : leading, bottom: bottom, right: rightToLeft ? leading : trailing)
    }
}

extension UIEdgeInsets {
    func directional(rightToLeft: Bool) -> NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: top, leading: rightToLeft ? right : left, bottom: bottom, trailing: rightToLeft ? left : right)
    }
}
