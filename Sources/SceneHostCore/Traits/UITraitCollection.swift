import Foundation

/// Horizontal or vertical size class, with UIKit's raw values.
public enum UIUserInterfaceSizeClass: Int, Sendable, CustomStringConvertible {
    case unspecified = 0, compact = 1, regular = 2
    public var description: String {
        switch self { case .unspecified: "unspecified"; case .compact: "compact"; case .regular: "regular" }
    }
}

/// The kind of device the interface is laid out for, with UIKit's raw values.
public enum UIUserInterfaceIdiom: Int, Sendable, CustomStringConvertible {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
    public var description: String {
        switch self {
        case .unspecified: "unspecified"; case .phone: "phone"; case .pad: "pad"; case .tv: "tv"
        case .carPlay: "carPlay"; case .mac: "mac"; case .vision: "vision"
        }
    }
}

/// Traits that can be read and written: what `UITraitCollection(mutations:)` and `traitOverrides`
/// hand you. Every system trait has a property; any trait (custom ones too) has the subscript.
public protocol UIMutableTraits {
    subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value { get set }
}

extension UIMutableTraits {
    public var horizontalSizeClass: UIUserInterfaceSizeClass {
        get { self[UITraitHorizontalSizeClass.self] } set { self[UITraitHorizontalSizeClass.self] = newValue }
    }
    public var verticalSizeClass: UIUserInterfaceSizeClass {
        get { self[UITraitVerticalSizeClass.self] } set { self[UITraitVerticalSizeClass.self] = newValue }
    }
    public var displayScale: CGFloat {
        get { self[UITraitDisplayScale.self] } set { self[UITraitDisplayScale.self] = newValue }
    }
    public var userInterfaceIdiom: UIUserInterfaceIdiom {
        get { self[UITraitUserInterfaceIdiom.self] } set { self[UITraitUserInterfaceIdiom.self] = newValue }
    }
    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { self[UITraitUserInterfaceStyle.self] } set { self[UITraitUserInterfaceStyle.self] = newValue }
    }
    public var layoutDirection: UITraitEnvironmentLayoutDirection {
        get { self[UITraitLayoutDirection.self] } set { self[UITraitLayoutDirection.self] = newValue }
    }
    public var preferredContentSizeCategory: UIContentSizeCategory {
        get { self[UITraitPreferredContentSizeCategory.self] } set { self[UITraitPreferredContentSizeCategory.self] = newValue }
    }
    public var displayGamut: UIDisplayGamut {
        get { self[UITraitDisplayGamut.self] } set { self[UITraitDisplayGamut.self] = newValue }
    }
    public var accessibilityContrast: UIAccessibilityContrast {
        get { self[UITraitAccessibilityContrast.self] } set { self[UITraitAccessibilityContrast.self] = newValue }
    }
    public var legibilityWeight: UILegibilityWeight {
        get { self[UITraitLegibilityWeight.self] } set { self[UITraitLegibilityWeight.self] = newValue }
    }
    public var userInterfaceLevel: UIUserInterfaceLevel {
        get { self[UITraitUserInterfaceLevel.self] } set { self[UITraitUserInterfaceLevel.self] = newValue }
    }
    public var activeAppearance: UIUserInterfaceActiveAppearance {
        get { self[UITraitActiveAppearance.self] } set { self[UITraitActiveAppearance.self] = newValue }
    }
    public var sceneCaptureState: UISceneCaptureState {
        get { self[UITraitSceneCaptureState.self] } set { self[UITraitSceneCaptureState.self] = newValue }
    }
}

/// The values of some traits: system ones in fixed slots (with a mask of those that were set) and
/// custom ones by type. Shared by trait collections (where unset means default) and overrides.
struct TraitStorage: UIMutableTraits, Equatable {
    var system = SystemTraitValues()
    /// System slots that were set.
    var systemSet: UInt32 = 0
    var custom: [ObjectIdentifier: CustomTraitValue] = [:]

    struct CustomTraitValue: Equatable {
        let trait: UITrait
        let value: Any
        static func == (a: CustomTraitValue, b: CustomTraitValue) -> Bool { equal(a.trait, a.value, b.value) }
        private static func equal<T: UITraitDefinition>(_ trait: T.Type, _ a: Any, _ b: Any) -> Bool {
            (a as? T.Value) == (b as? T.Value)
        }
    }

    subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value {
        get {
            if let system = T.self as? any SystemTraitDefinition.Type { return read(system) as! T.Value }
            return custom[ObjectIdentifier(T.self)]?.value as? T.Value ?? T.defaultValue
        }
        set {
            if let system = T.self as? any SystemTraitDefinition.Type {
                write(system, newValue)
            } else {
                custom[ObjectIdentifier(T.self)] = CustomTraitValue(trait: T.self, value: newValue)
            }
        }
    }

    private func read<S: SystemTraitDefinition>(_ trait: S.Type) -> Any {
        TraitReads.record(system: S.slot)
        return system[keyPath: S.field]
    }

    private mutating func write<S: SystemTraitDefinition>(_ trait: S.Type, _ value: Any) {
        guard let value = value as? S.Value else { return }
        system[keyPath: S.field] = value
        systemSet |= S.slot.bit
    }

    func contains(_ trait: UITrait) -> Bool {
        if let slot = TraitSet.slot(of: trait) { return systemSet & slot.bit != 0 }
        return custom[ObjectIdentifier(trait)] != nil
    }

    mutating func remove(_ trait: UITrait) {
        if let slot = TraitSet.slot(of: trait) {
            systemSet &= ~slot.bit
            var defaults = SystemTraitValues()
            swap(&defaults, &system)
            system = Self.copying(slot: slot, from: SystemTraitValues(), into: defaults)
        } else {
            custom[ObjectIdentifier(trait)] = nil
        }
    }

    /// `base` with every slot and custom trait set in `self` replacing it.
    func applied(to base: TraitStorage) -> TraitStorage {
        var result = base
        if systemSet != 0 {
            for slot in SystemTraitSlot.allCases where systemSet & slot.bit != 0 {
                result.system = Self.copying(slot: slot, from: system, into: result.system)
            }
            result.systemSet |= systemSet
        }
        for (key, value) in custom { result.custom[key] = value }
        return result
    }

    private static func copying(slot: SystemTraitSlot, from source: SystemTraitValues, into target: SystemTraitValues) -> SystemTraitValues {
        var target = target
        switch slot {
        case .horizontalSizeClass: target.horizontalSizeClass = source.horizontalSizeClass
        case .verticalSizeClass: target.verticalSizeClass = source.verticalSizeClass
        case .displayScale: target.displayScale = source.displayScale
        case .userInterfaceIdiom: target.userInterfaceIdiom = source.userInterfaceIdiom
        case .userInterfaceStyle: target.userInterfaceStyle = source.userInterfaceStyle
        case .layoutDirection: target.layoutDirection = source.layoutDirection
        case .preferredContentSizeCategory: target.preferredContentSizeCategory = source.preferredContentSizeCategory
        case .displayGamut: target.displayGamut = source.displayGamut
        case .accessibilityContrast: target.accessibilityContrast = source.accessibilityContrast
        case .legibilityWeight: target.legibilityWeight = source.legibilityWeight
        case .userInterfaceLevel: target.userInterfaceLevel = source.userInterfaceLevel
        case .activeAppearance: target.activeAppearance = source.activeAppearance
        case .sceneCaptureState: target.sceneCaptureState = source.sceneCaptureState
        }
        return target
    }

    static func == (a: TraitStorage, b: TraitStorage) -> Bool { a.system == b.system && a.custom == b.custom }

    /// Traits whose values differ (custom traits missing on one side compare with their default).
    func changedTraits(from other: TraitStorage) -> TraitSet {
        var changes = TraitSet()
        changes.system = system.differences(from: other.system)
        for key in Set(custom.keys).union(other.custom.keys) {
            let mine = custom[key], theirs = other.custom[key]
            guard let trait = (mine ?? theirs)?.trait else { continue }
            if !Self.valuesEqual(trait, mine?.value, theirs?.value) { changes.insertCustom(key) }
        }
        return changes
    }

    private static func valuesEqual<T: UITraitDefinition>(_ trait: T.Type, _ a: Any?, _ b: Any?) -> Bool {
        (a as? T.Value ?? T.defaultValue) == (b as? T.Value ?? T.defaultValue)
    }
}

/// An immutable collection of traits: size classes, scale, idiom, style, direction, content size and
/// the rest of UIKit's system traits, plus any custom `UITraitDefinition`s. Unset traits read as their
/// defaults ("unspecified").
public final class UITraitCollection: @unchecked Sendable, Equatable, CustomStringConvertible {
    public typealias TraitMutations = (inout any UIMutableTraits) -> Void

    let storage: TraitStorage

    init(storage: TraitStorage) { self.storage = storage }

    /// A collection with every trait unspecified.
    public convenience init() { self.init(storage: TraitStorage()) }

    /// A collection built by `mutations`: `UITraitCollection { $0.horizontalSizeClass = .regular }`.
    public convenience init(mutations: TraitMutations) {
        var traits: any UIMutableTraits = TraitStorage()
        mutations(&traits)
        self.init(storage: traits as! TraitStorage)
    }

    /// A copy with `mutations` applied.
    public func modifyingTraits(_ mutations: TraitMutations) -> UITraitCollection {
        var traits: any UIMutableTraits = storage
        mutations(&traits)
        return UITraitCollection(storage: traits as! TraitStorage)
    }

    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init { $0.horizontalSizeClass = horizontalSizeClass } }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init { $0.verticalSizeClass = verticalSizeClass } }
    public convenience init(displayScale: CGFloat) { self.init { $0.displayScale = displayScale } }
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) { self.init { $0.userInterfaceIdiom = userInterfaceIdiom } }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init { $0.userInterfaceStyle = userInterfaceStyle } }
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) { self.init { $0.layoutDirection = layoutDirection } }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init { $0.preferredContentSizeCategory = preferredContentSizeCategory }
    }

    /// Deprecated in UIKit: later collections' specified traits win.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        self.init(storage: collections.reduce(TraitStorage()) { $1.storage.applied(to: $0) })
    }

    /// Any trait's value, custom ones included: `traits[MyTrait.self]`.
    public subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value {
        if T.self as? any SystemTraitDefinition.Type == nil { TraitReads.record(custom: ObjectIdentifier(T.self)) }
        return storage[T.self]
    }

    public var horizontalSizeClass: UIUserInterfaceSizeClass { read(.horizontalSizeClass, storage.system.horizontalSizeClass) }
    public var verticalSizeClass: UIUserInterfaceSizeClass { read(.verticalSizeClass, storage.system.verticalSizeClass) }
    /// Device pixels per point; 0 when unspecified.
    public var displayScale: CGFloat { read(.displayScale, storage.system.displayScale) }
    public var userInterfaceIdiom: UIUserInterfaceIdiom { read(.userInterfaceIdiom, storage.system.userInterfaceIdiom) }
    public var userInterfaceStyle: UIUserInterfaceStyle { read(.userInterfaceStyle, storage.system.userInterfaceStyle) }
    public var layoutDirection: UITraitEnvironmentLayoutDirection { read(.layoutDirection, storage.system.layoutDirection) }
    public var preferredContentSizeCategory: UIContentSizeCategory {
        read(.preferredContentSizeCategory, storage.system.preferredContentSizeCategory)
    }
    public var displayGamut: UIDisplayGamut { read(.displayGamut, storage.system.displayGamut) }
    public var accessibilityContrast: UIAccessibilityContrast { read(.accessibilityContrast, storage.system.accessibilityContrast) }
    public var legibilityWeight: UILegibilityWeight { read(.legibilityWeight, storage.system.legibilityWeight) }
    public var userInterfaceLevel: UIUserInterfaceLevel { read(.userInterfaceLevel, storage.system.userInterfaceLevel) }
    public var activeAppearance: UIUserInterfaceActiveAppearance { read(.activeAppearance, storage.system.activeAppearance) }
    public var sceneCaptureState: UISceneCaptureState { read(.sceneCaptureState, storage.system.sceneCaptureState) }

    @inline(__always) private func read<V>(_ slot: SystemTraitSlot, _ value: V) -> V {
        if TraitReads.isRecording { TraitReads.record(system: slot) }
        return value
    }

    /// The traits whose values differ from `traitCollection`'s (all specified ones when it is nil).
    public func changedTraits(from traitCollection: UITraitCollection?) -> [UITrait] {
        let changes = storage.changedTraits(from: traitCollection?.storage ?? TraitStorage())
        return Self.traits(in: changes, from: [storage, traitCollection?.storage ?? TraitStorage()])
    }

    func changedTraitSet(from other: UITraitCollection) -> TraitSet {
        other === self ? .empty : storage.changedTraits(from: other.storage)
    }

    static func traits(in set: TraitSet, from storages: [TraitStorage]) -> [UITrait] {
        var traits = SystemTraitSlot.allCases.filter { set.system & $0.bit != 0 }.map(\.trait)
        for key in set.custom {
            if let trait = storages.lazy.compactMap({ $0.custom[key]?.trait }).first { traits.append(trait) }
        }
        return traits
    }

    /// Traits whose changes alter how dynamic colors resolve.
    public static var systemTraitsAffectingColorAppearance: [UITrait] {
        [UITraitUserInterfaceStyle.self, UITraitAccessibilityContrast.self, UITraitUserInterfaceLevel.self,
         UITraitDisplayGamut.self, UITraitActiveAppearance.self, UITraitUserInterfaceIdiom.self, UITraitDisplayScale.self]
    }

    /// Traits that select between image variants.
    public static var systemTraitsAffectingImageLookup: [UITrait] {
        [UITraitUserInterfaceStyle.self, UITraitDisplayScale.self, UITraitDisplayGamut.self, UITraitUserInterfaceIdiom.self,
         UITraitLayoutDirection.self, UITraitAccessibilityContrast.self, UITraitLegibilityWeight.self,
         UITraitUserInterfaceLevel.self, UITraitHorizontalSizeClass.self, UITraitVerticalSizeClass.self]
    }

    // MARK: The current collection

    // Set around every handler, layout and draw, so setting it costs no reference counting:
    // `currentReference` is the current collection, unretained. `performAsCurrent` does not need to retain
    // it (its caller keeps the receiver alive for the call); one assigned to `current` is owned by
    // `currentOwner`, which `performAsCurrent` sets aside and puts back with the previous reference.
    // Both start nil (no lazy initialisation); main actor only.
    nonisolated(unsafe) private static var currentReference: Unmanaged<UITraitCollection>? = nil
    nonisolated(unsafe) private static var currentOwner: UITraitCollection? = nil
    /// `current` before anything set it: every trait unspecified.
    private static let initialCurrent = UITraitCollection()

    /// The traits dynamic colors resolve against: the drawing view's during `draw(_:)`,
    /// `layoutSubviews` and trait-change handlers; settable, as in UIKit.
    public static var current: UITraitCollection {
        get { currentReference?.takeUnretainedValue() ?? initialCurrent }
        set {
            currentOwner = newValue
            currentReference = Unmanaged.passUnretained(newValue)
        }
    }

    /// Runs `actions` with this collection as `current`, then restores the previous one.
    public func performAsCurrent<R>(_ actions: () throws -> R) rethrows -> R {
        let savedReference = Self.currentReference
        let savedOwner = Self.currentOwner.take()
        Self.currentReference = Unmanaged.passUnretained(self)
        defer {
            // Usually both are nil: no release to make.
            if savedOwner != nil || Self.currentOwner != nil { Self.currentOwner = savedOwner }
            Self.currentReference = savedReference
        }
        return try actions()
    }

    public static func == (a: UITraitCollection, b: UITraitCollection) -> Bool { a === b || a.storage == b.storage }

    public var description: String {
        var parts = systemTraitValues.map { "\($0.name) = \($0.value)" }
        for value in storage.custom.values { parts.append("\(value.trait.name) = \(value.value)") }
        return "<UITraitCollection: " + parts.joined(separator: ", ") + ">"
    }

    /// Every system trait in UIKit's order, named as the collection's property (`horizontalSizeClass`),
    /// with its value (a `CGFloat` for the display scale, an enumeration for the others).
    @_spi(Runtime) public var systemTraitValues: [(name: String, trait: UITrait, value: Any)] {
        SystemTraitSlot.allCases.map { ($0.propertyName, $0.trait, $0.value(in: storage.system)) }
    }

    // MARK: Size classes from the window

    /// Width from which a scene is horizontally regular: 678 pt, the narrowest regular iPad split
    /// (12.9" landscape half); 507 (9.7" half), 639 (12.9" portrait two-thirds) and 375/320 (Slide Over)
    /// are compact, as on iPad.
    public static let regularWidthThreshold: CGFloat = 678
    /// Height below which a scene is vertically compact: 500 pt. Every iPad arrangement is at least
    /// 768 pt tall (regular); a shorter window is treated like an iPhone in landscape (compact).
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

/// A trait owner's own trait values, applied before its children inherit: `view.traitOverrides`.
public struct UITraitOverrides: UIMutableTraits {
    var storage = TraitStorage()

    init() {}

    public subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value {
        get { storage[T.self] }
        set { storage[T.self] = newValue }
    }

    /// Whether `trait` is overridden.
    public func contains(_ trait: UITrait) -> Bool { storage.contains(trait) }

    /// Stops overriding `trait`.
    public mutating func remove(_ trait: UITrait) {
        storage.remove(trait)
    }

    var isEmpty: Bool { storage.systemSet == 0 && storage.custom.isEmpty }
}
