import Foundation

/// What a menu shows: an action (`UIAction`), a menu of its own (`UIMenu`), or elements provided when
/// the menu opens (`UIDeferredMenuElement`), as UIKit's `UIMenuElement`. Its title, subtitle and image
/// are shown in the menu's row.
///
/// Differs from UIKit: not an `NSObject` (no `NSCoding`, no copying); elements are reference types and
/// may be shared between menus, as in UIKit.
@MainActor
open class UIMenuElement {
    /// The row's title.
    open var title: String
    /// A second, smaller line under the title (iOS 15); nil shows none.
    open var subtitle: String?
    /// The picture at the row's trailing edge, drawn as it is (SceneHost has no SF Symbols).
    open var image: UIImage?

    init(title: String, subtitle: String?, image: UIImage?) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    /// Whether an element shows a checkmark, with UIKit's raw values.
    public enum State: Int, Sendable {
        case off = 0, on = 1, mixed = 2
    }

    /// How an element looks and behaves, with UIKit's raw values.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Shown dimmed; choosing it does nothing.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown in red: it destroys something.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Choosing it leaves the menu open (iOS 16).
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// The preferred size of a menu's elements (iOS 16), with UIKit's raw values. SceneHost lays every
    /// element out as a full-width row (`.large`).
    public enum Size: Int, Sendable {
        case small = 0, medium = 1, large = 2
        /// The system's choice (`.large` here). UIKit's raw value is -1.
        case automatic = -1
    }
}
