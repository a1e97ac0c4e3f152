import Foundation

/// A trait: a type naming one value of a trait collection, with its default. Define your own by
/// adopting this protocol; only `defaultValue` is required.
///
/// ```swift
/// struct ContainedInSettingsTrait: UITraitDefinition {
///     static let defaultValue = false
///     static let affectsColorAppearance = true
/// }
/// ```
/// Differs from UIKit in one way: values must be `Equatable`, so SceneHost can tell a real change from
/// a repeated value (UIKit compares object traits with `isEqual:`).
public protocol UITraitDefinition {
    associatedtype Value: Equatable
    static var defaultValue: Value { get }
    /// Defaults to the type's name.
    static var name: String { get }
    /// Defaults to the type's name; reverse-DNS is recommended.
    static var identifier: String { get }
    /// Whether a change should re-resolve dynamic colors (and redraw what drew them). Default false.
    static var affectsColorAppearance: Bool { get }
}

extension UITraitDefinition {
    public static var name: String { String(describing: Self.self) }
    public static var identifier: String { String(reflecting: Self.self) }
    public static var affectsColorAppearance: Bool { false }
}

/// A trait type, as UIKit's APIs take them: `[UITraitHorizontalSizeClass.self, MyTrait.self]`.
public typealias UITrait = any UITraitDefinition.Type

/// System traits live in fixed slots of a trait collection; custom ones in a dictionary.
protocol SystemTraitDefinition: UITraitDefinition {
    static var slot: SystemTraitSlot { get }
    static var field: WritableKeyPath<SystemTraitValues, Value> { get }
}

enum SystemTraitSlot: Int, CaseIterable {
    case horizontalSizeClass, verticalSizeClass, displayScale, userInterfaceIdiom, userInterfaceStyle, layoutDirection,
         preferredContentSizeCategory, displayGamut, accessibilityContrast, legibilityWeight, userInterfaceLevel,
         activeAppearance, sceneCaptureState

    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The trait collection's property for the trait, as UIKit names it (`horizontalSizeClass`).
    var propertyName: String { String(describing: self) }

    /// The slot's value in `values`.
    func value(in values: SystemTraitValues) -> Any {
        func read<T: SystemTraitDefinition>(_ trait: T.Type) -> Any { values[keyPath: trait.field] }
        let system = trait as! any SystemTraitDefinition.Type   // every slot's trait is a system one
        return read(system)
    }

    var trait: UITrait {
        switch self {
        case .horizontalSizeClass: UITraitHorizontalSizeClass.self
        case .verticalSizeClass: UITraitVerticalSizeClass.self
        case .displayScale: UITraitDisplayScale.self
        case .userInterfaceIdiom: UITraitUserInterfaceIdiom.self
        case .userInterfaceStyle: UITraitUserInterfaceStyle.self
        case .layoutDirection: UITraitLayoutDirection.self
        case .preferredContentSizeCategory: UITraitPreferredContentSizeCategory.self
        case .displayGamut: UITraitDisplayGamut.self
        case .accessibilityContrast: UITraitAccessibilityContrast.self
        case .legibilityWeight: UITraitLegibilityWeight.self
        case .userInterfaceLevel: UITraitUserInterfaceLevel.self
        case .activeAppearance: UITraitActiveAppearance.self
        case .sceneCaptureState: UITraitSceneCaptureState.self
        }
    }
}

/// Every system trait's value; the defaults are UIKit's "unspecified".
struct SystemTraitValues: Equatable {
    var horizontalSizeClass = UIUserInterfaceSizeClass.unspecified
    var verticalSizeClass = UIUserInterfaceSizeClass.unspecified
    var displayScale: CGFloat = 0
    var userInterfaceIdiom = UIUserInterfaceIdiom.unspecified
    var userInterfaceStyle = UIUserInterfaceStyle.unspecified
    var layoutDirection = UITraitEnvironmentLayoutDirection.unspecified
    var preferredContentSizeCategory = UIContentSizeCategory.unspecified
    var displayGamut = UIDisplayGamut.unspecified
    var accessibilityContrast = UIAccessibilityContrast.unspecified
    var legibilityWeight = UILegibilityWeight.unspecified
    var userInterfaceLevel = UIUserInterfaceLevel.unspecified
    var activeAppearance = UIUserInterfaceActiveAppearance.unspecified
    var sceneCaptureState = UISceneCaptureState.unspecified

    /// The slots whose values differ.
    func differences(from other: SystemTraitValues) -> UInt32 {
        var bits: UInt32 = 0
        func check<V: Equatable>(_ field: KeyPath<SystemTraitValues, V>, _ slot: SystemTraitSlot) {
            if self[keyPath: field] != other[keyPath: field] { bits |= slot.bit }
        }
        check(\.horizontalSizeClass, .horizontalSizeClass)
        check(\.verticalSizeClass, .verticalSizeClass)
        check(\.displayScale, .displayScale)
        check(\.userInterfaceIdiom, .userInterfaceIdiom)
        check(\.userInterfaceStyle, .userInterfaceStyle)
        check(\.layoutDirection, .layoutDirection)
        check(\.preferredContentSizeCategory, .preferredContentSizeCategory)
        check(\.displayGamut, .displayGamut)
        check(\.accessibilityContrast, .accessibilityContrast)
        check(\.legibilityWeight, .legibilityWeight)
        check(\.userInterfaceLevel, .userInterfaceLevel)
        check(\.activeAppearance, .activeAppearance)
        check(\.sceneCaptureState, .sceneCaptureState)
        return bits
    }
}

public struct UITraitHorizontalSizeClass: SystemTraitDefinition {
    public static let defaultValue = UIUserInterfaceSizeClass.unspecified
    public static let name = "HorizontalSizeClass", identifier = "UITraitHorizontalSizeClass"
    static let slot = SystemTraitSlot.horizontalSizeClass
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.horizontalSizeClass }
}
public struct UITraitVerticalSizeClass: SystemTraitDefinition {
    public static let defaultValue = UIUserInterfaceSizeClass.unspecified
    public static let name = "VerticalSizeClass", identifier = "UITraitVerticalSizeClass"
    static let slot = SystemTraitSlot.verticalSizeClass
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.verticalSizeClass }
}
public struct UITraitDisplayScale: SystemTraitDefinition {
    public static let defaultValue: CGFloat = 0
    public static let name = "DisplayScale", identifier = "UITraitDisplayScale"
    public static let affectsColorAppearance = true
    static let slot = SystemTraitSlot.displayScale
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.displayScale }
}
public struct UITraitUserInterfaceIdiom: SystemTraitDefinition {
    public static let defaultValue = UIUserInterfaceIdiom.unspecified
    public static let name = "UserInterfaceIdiom", identifier = "UITraitUserInterfaceIdiom"
    public static let affectsColorAppearance = true
    static let slot = SystemTraitSlot.userInterfaceIdiom
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.userInterfaceIdiom }
}
public struct UITraitUserInterfaceStyle: SystemTraitDefinition {
    public static let defaultValue = UIUserInterfaceStyle.unspecified
    public static let name = "UserInterfaceStyle", identifier = "UITraitUserInterfaceStyle"
    public static let affectsColorAppearance = true
    static let slot = SystemTraitSlot.userInterfaceStyle
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.userInterfaceStyle }
}
public struct UITraitLayoutDirection: SystemTraitDefinition {
    public static let defaultValue = UITraitEnvironmentLayoutDirection.unspecified
    public static let name = "LayoutDirection", identifier = "UITraitLayoutDirection"
    static let slot = SystemTraitSlot.layoutDirection
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.layoutDirection }
}
public struct UITraitPreferredContentSizeCategory: SystemTraitDefinition {
    public static let defaultValue = UIContentSizeCategory.unspecified
    public static let name = "PreferredContentSizeCategory", identifier = "UITraitPreferredContentSizeCategory"
    static let slot = SystemTraitSlot.preferredContentSizeCategory
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.preferredContentSizeCategory }
}
public struct UITraitDisplayGamut: SystemTraitDefinition {
    public static let defaultValue = UIDisplayGamut.unspecified
    public static let name = "DisplayGamut", identifier = "UITraitDisplayGamut"
    public static let affectsColorAppearance = true
    static let slot = SystemTraitSlot.displayGamut
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.displayGamut }
}
public struct UITraitAccessibilityContrast: SystemTraitDefinition {
    public static let defaultValue = UIAccessibilityContrast.unspecified
    public static let name = "AccessibilityContrast", identifier = "UITraitAccessibilityContrast"
    public static let affectsColorAppearance = true
    static let slot = SystemTraitSlot.accessibilityContrast
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.accessibilityContrast }
}
public struct UITraitLegibilityWeight: SystemTraitDefinition {
    public static let defaultValue = UILegibilityWeight.unspecified
    public static let name = "LegibilityWeight", identifier = "UITraitLegibilityWeight"
    static let slot = SystemTraitSlot.legibilityWeight
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.legibilityWeight }
}
public struct UITraitUserInterfaceLevel: SystemTraitDefinition {
    public static let defaultValue = UIUserInterfaceLevel.unspecified
    public static let name = "UserInterfaceLevel", identifier = "UITraitUserInterfaceLevel"
    public static let affectsColorAppearance = true
    static let slot = SystemTraitSlot.userInterfaceLevel
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.userInterfaceLevel }
}
public struct UITraitActiveAppearance: SystemTraitDefinition {
    public static let defaultValue = UIUserInterfaceActiveAppearance.unspecified
    public static let name = "ActiveAppearance", identifier = "UITraitActiveAppearance"
    public static let affectsColorAppearance = true
    static let slot = SystemTraitSlot.activeAppearance
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.activeAppearance }
}
public struct UITraitSceneCaptureState: SystemTraitDefinition {
    public static let defaultValue = UISceneCaptureState.unspecified
    public static let name = "SceneCaptureState", identifier = "UITraitSceneCaptureState"
    static let slot = SystemTraitSlot.sceneCaptureState
    static var field: WritableKeyPath<SystemTraitValues, Value> { \.sceneCaptureState }
}
