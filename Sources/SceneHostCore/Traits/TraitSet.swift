import Foundation

/// A set of traits: system traits as bits, custom ones by type.
struct TraitSet: Equatable {
    var system: UInt32 = 0
    var custom: Set<ObjectIdentifier> = []

    static let empty = TraitSet()

    init() {}

    init(_ traits: [UITrait]) {
        for trait in traits { insert(trait) }
    }

    mutating func insert(_ trait: UITrait) {
        if let slot = TraitSet.slot(of: trait) { system |= slot.bit } else { custom.insert(ObjectIdentifier(trait)) }
    }

    var isEmpty: Bool { system == 0 && custom.isEmpty }

    func intersects(_ other: TraitSet) -> Bool {
        system & other.system != 0 || (!custom.isEmpty && !other.custom.isEmpty && !custom.isDisjoint(with: other.custom))
    }

    mutating func formUnion(_ other: TraitSet) {
        system |= other.system
        custom.formUnion(other.custom)
    }

    /// Whether any of these traits re-resolves dynamic colors (custom traits are looked up in `collection`).
    func affectsColorAppearance(in collection: UITraitCollection) -> Bool {
        if system & TraitSet.colorAppearanceSlots != 0 { return true }
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
        stack[stack.count - 1].custom.insert(trait)
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
