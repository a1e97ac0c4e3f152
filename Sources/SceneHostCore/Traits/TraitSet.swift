import Foundation
import Synchronization

/// A set of traits: system traits as bits, custom ones as the number of an interned set of trait types
/// (0 when there are none). A plain value without references, so copying one costs no reference counting.
struct TraitSet: Equatable {
    var system: UInt32 = 0
    /// The custom traits' set in `CustomTraitSets` (equal sets have equal numbers).
    private var customID: UInt32 = 0

    var custom: Set<ObjectIdentifier> {
        get { customID == 0 ? [] : CustomTraitSets.set(customID) }
        set { customID = CustomTraitSets.id(of: newValue) }
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
        var set = custom
        if set.insert(key).inserted { custom = set }
    }

    var isEmpty: Bool { system == 0 && customID == 0 }

    func intersects(_ other: TraitSet) -> Bool {
        if system & other.system != 0 { return true }
        if customID == 0 || other.customID == 0 { return false }
        return customID == other.customID || !custom.isDisjoint(with: other.custom)
    }

    mutating func formUnion(_ other: TraitSet) {
        system |= other.system
        if other.customID != 0, other.customID != customID { custom = custom.union(other.custom) }
    }

    /// Whether any of these traits re-resolves dynamic colors (custom traits are looked up in `collection`).
    func affectsColorAppearance(in collection: UITraitCollection) -> Bool {
        if system & TraitSet.colorAppearanceSlots != 0 { return true }
        guard customID != 0 else { return false }
        return custom.contains { key in collection.storage.custom[key].map { affects($0.trait) } ?? false }
    }

    private func affects<T: UITraitDefinition>(_ trait: T.Type) -> Bool { T.affectsColorAppearance }

    static let colorAppearanceSlots: UInt32 = SystemTraitSlot.allCases
        .filter { slot in (slot.trait as any UITraitDefinition.Type).affectsColorAppearanceValue }
        .reduce(0) { $0 | $1.bit }

    /// The slot of a system trait, nil for a custom one. Found by the type's identity among the system
    /// traits': a cast to `any SystemTraitDefinition.Type` had the runtime look the conformance up, at
    /// each trait type's first cast a scan of every conformance record in the executable.
    static func slot(of trait: UITrait) -> SystemTraitSlot? {
        let identity = ObjectIdentifier(trait)
        for (index, system) in systemTraits.enumerated() where system == identity { return SystemTraitSlot(rawValue: index) }
        return nil
    }

    /// The system traits' types, by slot.
    private static let systemTraits = SystemTraitSlot.allCases.map { ObjectIdentifier($0.trait) }
}

/// Every distinct set of custom trait types some `TraitSet` has held, numbered from 1. A program has few
/// (they are combinations of its custom traits that are registered for, read together or changed
/// together), so they are kept for the life of the process. Trait collections are `Sendable`, so their
/// differences may be computed on any thread: the table is locked.
enum CustomTraitSets {
    private struct Table {
        var sets: [Set<ObjectIdentifier>] = [[]]
        var ids: [Set<ObjectIdentifier>: UInt32] = [[]: 0]
    }

    private static let table = Mutex(Table())

    static func id(of set: Set<ObjectIdentifier>) -> UInt32 {
        if set.isEmpty { return 0 }
        return table.withLock { table in
            if let id = table.ids[set] { return id }
            let id = UInt32(table.sets.count)
            table.sets.append(set)
            table.ids[set] = id
            return id
        }
    }

    static func set(_ id: UInt32) -> Set<ObjectIdentifier> {
        table.withLock { $0.sets[Int(id)] }
    }
}

/// Records which traits code reads, for automatic trait tracking. Reads are recorded while a scope is
/// open (SceneHost opens one around `layoutSubviews`, `draw(_:)` and the other tracked methods).
/// Tracking assumes the interface is drawn on the main actor, as UIKit's is.
enum TraitReads {
    // Read on every trait access (main actor only).
    nonisolated(unsafe) private static var stack: [TraitSet] = []
    nonisolated(unsafe) private(set) static var isRecording = false

    /// The thread that opened the scopes. Another thread reading traits meanwhile (an image resolved in
    /// the background) is outside every scope: its reads are not the tracked method's, and the stack is
    /// not its to touch.
    nonisolated(unsafe) private static var recordingThread = pthread_self()

    static func record(system slot: SystemTraitSlot) {
        guard isRecording, pthread_equal(pthread_self(), recordingThread) != 0 else { return }
        stack[stack.count - 1].system |= slot.bit
    }

    static func record(custom trait: ObjectIdentifier) {
        guard isRecording, pthread_equal(pthread_self(), recordingThread) != 0 else { return }
        stack[stack.count - 1].insertCustom(trait)
    }

    /// Runs `body` and returns the traits it read. Scopes nest; an inner scope's reads count for the
    /// outer one too.
    static func tracking(_ body: () -> Void) -> TraitSet {
        if stack.isEmpty { recordingThread = pthread_self() }
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
