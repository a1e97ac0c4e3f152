import Foundation

/// A set of traits: system traits as bits, custom ones by type. The custom set is absent (nil) when
/// empty, so the common system-only set is a plain value that costs no reference counting to copy.
struct TraitSet: Equatable {
    var system: UInt32 = 0
    private var customStorage: Set<ObjectIdentifier>?

    var custom: Set<ObjectIdentifier> {
        get { customStorage ?? [] }
        set { customStorage = newValue.isEmpty ? nil : newValue }
    }

    static let empty = TraitSet()

    init() {}

    init(_ traits: [UITrait]) {
        for trait in traits { insert(trait) }
    }

    mutating func insert(_ trait: UITrait) {
        if let slot = TraitSet.slot(of: trait) { system |= slot.bit } else { insertCustom(ObjectIdentifier(trait)) }
    }

    mutating func insertCustom(_ key: ObjectIdentifier) {
        if customStorage == nil { customStorage = [key] } else { customStorage!.insert(key) }
    }

    var isEmpty: Bool { system == 0 && customStorage == nil }

    func intersects(_ other: TraitSet) -> Bool {
        if system & other.system != 0 { return true }
        guard let mine = customStorage, let theirs = other.customStorage else { return false }
        return !mine.isDisjoint(with: theirs)
    }

    mutating func formUnion(_ other: TraitSet) {
        system |= other.system
        if let theirs = other.customStorage { custom = custom.union(theirs) }
    }

    /// Whether any of these traits re-resolves dynamic colors (custom traits are looked up in `collection`).
    func affectsColorAppearance(in collection: UITraitCollection) -> Bool {
        if system & TraitSet.colorAppearanceSlots != 0 { return true }
        guard let custom = customStorage else { return false }
        return custom.contains { key in collection.storage.custom[key].map { affects($0.trait) } ?? false }
    }

    private func affects<T: UITraitDefinition>(_ trait: T.Type) -> Bool { T.affectsColorAppearance }

    static let colorAppearanceSlots: UInt32 = SystemTraitSlot.allCases
        .filter { slot in (slot.trait as any UITraitDefinition.Type).affectsColorAppearanceValue }
        .reduce(0) { $0 | $1.bit }

    static func slot(of trait: UITrait) -> SystemTraitSlot? {
        (trait as? any SystemTraitDefinition.Type).map { slotOf($0) }
    }

    private static func slotOf<T: SystemTraitDefinition>(_ trait: T.Type) -> SystemTraitSlot { T.slot }
}

/// Records which traits code reads, for automatic trait tracking. Reads are recorded while a scope is
/// open (SceneHost opens one around `layoutSubviews`, `draw(_:)` and the other tracked methods).
/// Tracking assumes the interface is drawn on the main actor, as UIKit's is.
enum TraitReads {
    // Read on every trait access: exempt from dynamic exclusivity checks (main actor only).
    @exclusivity(unchecked) nonisolated(unsafe) private static var stack: [TraitSet] = []
    @exclusivity(unchecked) nonisolated(unsafe) private(set) static var isRecording = false

    static func record(system slot: SystemTraitSlot) {
        guard isRecording else { return }
        stack[stack.count - 1].system |= slot.bit
    }

    static func record(custom trait: ObjectIdentifier) {
        guard isRecording else { return }
        stack[stack.count - 1].insertCustom(trait)
    }

    /// Runs `body` and returns the traits it read. Scopes nest; an inner scope's reads count for the
    /// outer one too.
    static func tracking(_ body: () -> Void) -> TraitSet {
        stack.append(TraitSet())
        isRecording = true
        body()
        let reads = stack.removeLast()
        if stack.isEmpty { isRecording = false } else { stack[stack.count - 1].formUnion(reads) }
        return reads
    }
}

extension UITraitDefinition {
    static var affectsColorAppearanceValue: Bool { affectsColorAppearance }
}
