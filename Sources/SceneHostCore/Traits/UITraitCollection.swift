import Foundation

/// Horizontal or vertical size class, with UIKit's raw values.
public enum UIUserInterfaceSizeClass: Int, Sendable, CustomStringConvertible {
    case unspecified = 0, compact = 1, regular = 2
    public var description: String {
        switch self { case .unspecified: "unspecified"; case .compact: "compact"; case .regular: "regular" }
    }
}

/// The kind of device the interface is laid out for, with UIKit's raw values.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}

/// The traits of a scene's environment: size classes, scale and idiom. An immutable value, compared by
/// its traits.
public final class UITraitCollection: Equatable, Sendable, CustomStringConvertible {
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    /// Device pixels per point; 0 when unspecified.
    public let displayScale: CGFloat
    public let userInterfaceIdiom: UIUserInterfaceIdiom

    public init(horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                verticalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                displayScale: CGFloat = 0, userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
        self.userInterfaceIdiom = userInterfaceIdiom
    }

    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(horizontalSizeClass: horizontalSizeClass, verticalSizeClass: .unspecified) }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(horizontalSizeClass: .unspecified, verticalSizeClass: verticalSizeClass) }
    public convenience init(displayScale: CGFloat) { self.init(horizontalSizeClass: .unspecified, displayScale: displayScale) }

    public static func == (a: UITraitCollection, b: UITraitCollection) -> Bool {
        a.horizontalSizeClass == b.horizontalSizeClass && a.verticalSizeClass == b.verticalSizeClass
            && a.displayScale == b.displayScale && a.userInterfaceIdiom == b.userInterfaceIdiom
    }

    public var description: String {
        "<UITraitCollection: horizontalSizeClass = \(horizontalSizeClass), verticalSizeClass = \(verticalSizeClass), displayScale = \(displayScale), userInterfaceIdiom = \(userInterfaceIdiom)>"
    }

    /// Width from which a scene is horizontally regular: 678 pt, the narrowest regular iPad split
    /// (12.9" landscape half); 507 (9.7" half), 639 (12.9" portrait two-thirds) and 375/320 (Slide Over)
    /// are compact, as on iPad.
    public static let regularWidthThreshold: CGFloat = 678
    /// Height below which a scene is vertically compact: 500 pt. Every iPad arrangement is at least
    /// 768 pt tall (regular); a window shorter than a landscape iPhone's 414-pt-wide screen plus room is
    /// treated like an iPhone in landscape (compact).
    public static let compactHeightThreshold: CGFloat = 500

    /// The size classes SceneHost gives a scene of `size` points:
    ///
    /// | dimension | compact | regular |
    /// | --- | --- | --- |
    /// | width | < 678 pt | ≥ 678 pt |
    /// | height | < 500 pt | ≥ 500 pt |
    public static func sizeClasses(for size: CGSize) -> (horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass) {
        (size.width >= regularWidthThreshold ? .regular : .compact,
         size.height < compactHeightThreshold ? .compact : .regular)
    }
}
