import Foundation

/// An object with traits: views, view controllers and window scenes.
@MainActor
public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
    /// Deprecated in UIKit (iOS 17) but still called, after any trait change.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

/// A registration returned by `registerForTraitChanges`; pass it to `unregisterForTraitChanges(_:)`.
/// Registrations end with their object, so unregistering is optional.
@MainActor
public protocol UITraitChangeRegistration: AnyObject {}

/// Objects whose trait changes can be observed. The action forms take a Swift method reference or
/// closure where UIKit takes a selector (`registerForTraitChanges(traits, action: MyView.refresh)`).
@MainActor
public protocol UITraitChangeObservable: UITraitEnvironment {
    @discardableResult
    func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void) -> any UITraitChangeRegistration
    @discardableResult
    func registerForTraitChanges<Target: AnyObject>(
        _ traits: [UITrait], target: Target, action: @escaping (Target) -> () -> Void) -> any UITraitChangeRegistration
    func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration)
}

@MainActor
final class TraitChangeRegistration: UITraitChangeRegistration {
    let traits: TraitSet
    let fire: (any UITraitEnvironment, UITraitCollection) -> Void
    init(traits: TraitSet, fire: @escaping (any UITraitEnvironment, UITraitCollection) -> Void) {
        self.traits = traits
        self.fire = fire
    }
}

/// The trait bookkeeping every trait environment carries: its collection, its overrides, its
/// registrations, what its tracked methods read, and whether it or something below it needs updating.
///
/// It is touched for every view in every trait update, only on the main actor.
@MainActor
final class TraitState {
    var collection = UITraitCollection()
    var overrides = UITraitOverrides() { didSet { hasOverrides = !overrides.isEmpty } }
    /// Read on every update; reading `overrides` itself would copy its dictionary.
    private(set) var hasOverrides = false
    var registrations: [TraitChangeRegistration] = []
    /// Traits read by tracked methods, per invalidation they cause.
    var layoutReads = TraitSet() { didSet { readsDidChange() } }
    var displayReads = TraitSet() { didSet { readsDidChange() } }
    var propertiesReads = TraitSet() { didSet { readsDidChange() } }
    var constraintsReads = TraitSet() { didSet { readsDidChange() } }
    /// All of them: one test for the common case of a change nothing tracked read.
    private(set) var trackedReads = TraitSet()
    /// Its own inputs changed (overrides), or it moved.
    var needsUpdate = true
    var descendantNeedsUpdate = false
    /// What the collection was last computed from, kept only when overrides make it differ from the
    /// collection itself (without overrides the collection *is* what was inherited).
    private var heldInherited: UITraitCollection?

    private func readsDidChange() {
        var all = layoutReads
        all.formUnion(displayReads)
        all.formUnion(propertiesReads)
        all.formUnion(constraintsReads)
        trackedReads = all
    }

    /// Whether `inherited` is not what the collection was computed from.
    func isStale(comparedTo inherited: UITraitCollection) -> Bool {
        hasOverrides ? inherited !== heldInherited : inherited !== collection
    }

    /// Makes `inherited` plus the overrides the collection. Returns the previous collection and what
    /// changed, or nil when no trait's value changed.
    func apply(inherited: UITraitCollection) -> (previous: UITraitCollection, changes: TraitSet)? {
        needsUpdate = false
        let updated: UITraitCollection
        if !hasOverrides {
            if heldInherited != nil { heldInherited = nil }
            updated = inherited
        } else {
            heldInherited = inherited
            let storage = overrides.storage.applied(to: inherited.storage)
            updated = storage == collection.storage ? collection : UITraitCollection(storage: storage)
        }
        guard updated !== collection else { return nil }
        let previous = collection
        collection = updated
        let changes = TraitDifferences.between(previous, updated)
        return changes.isEmpty ? nil : (previous, changes)
    }

    /// A view's update: makes `inherited` plus the overrides the collection, without comparing values.
    /// Returns the previous collection when the collection object changed. Without overrides the view
    /// shares `inherited` itself, so every view below a change shares one new collection.
    @inline(__always)
    func adopt(_ inherited: UITraitCollection) -> UITraitCollection? {
        needsUpdate = false
        if hasOverrides { return adoptWithOverrides(inherited) }
        if heldInherited != nil { heldInherited = nil }
        guard inherited !== collection else { return nil }
        var updated = inherited
        swap(&collection, &updated)
        return updated
    }

    @inline(never)
    private func adoptWithOverrides(_ inherited: UITraitCollection) -> UITraitCollection? {
        heldInherited = inherited
        let storage = overrides.storage.applied(to: inherited.storage)
        guard storage != collection.storage else { return nil }
        var updated = UITraitCollection(storage: storage)
        swap(&collection, &updated)
        return updated
    }

    func register(_ traits: [UITrait], fire: @escaping (any UITraitEnvironment, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        let registration = TraitChangeRegistration(traits: TraitSet(traits), fire: fire)
        registrations.append(registration)
        return registration
    }

    func unregister(_ registration: any UITraitChangeRegistration) {
        registrations.removeAll { $0 === registration }
    }

    /// Runs the handlers registered for any of `changes`, then `traitCollectionDidChange`.
    func notify(_ environment: any UITraitEnvironment, previous: UITraitCollection, changes: TraitSet) {
        collection.performAsCurrent {
            fireHandlers(environment, previous: previous, changes: changes)
            environment.traitCollectionDidChange(previous)
        }
    }

    @inline(never)
    func fireHandlers(_ environment: @autoclosure () -> any UITraitEnvironment, previous: UITraitCollection, changes: TraitSet) {
        guard !registrations.isEmpty else { return }
        let environment = environment()
        for registration in registrations where registration.traits.intersects(changes) {
            registration.fire(environment, previous)
        }
    }
}

/// A view's change of collection, handed to its subviews: a subview going from the same previous
/// collection to the same new one has the same changes, so it need not compare them. Compared by identity
/// only; the view that hands it down keeps both collections alive while its subtree updates, so neither
/// address can be reused meanwhile.
struct TraitTransition {
    var previous: ObjectIdentifier?
    var updated: ObjectIdentifier?
    var changes = TraitSet()

    init() {}

    init(from previous: UITraitCollection, to updated: UITraitCollection, changes: TraitSet) {
        self.previous = ObjectIdentifier(previous)
        self.updated = ObjectIdentifier(updated)
        self.changes = changes
    }

    func isSame(from previous: UITraitCollection, to updated: UITraitCollection) -> Bool {
        self.previous == ObjectIdentifier(previous) && self.updated == ObjectIdentifier(updated)
    }
}

/// Most objects in one propagation share the same previous and new collections: compare each pair once.
@MainActor
enum TraitDifferences {
    // Compared by identity in the hot path (no retains); `held` keeps the pair alive, so a new collection
    // can never reuse a cached one's address.
    private static var lastPrevious: ObjectIdentifier?
    private static var lastUpdated: ObjectIdentifier?
    private static var lastChanges = TraitSet.empty
    private static var held: (UITraitCollection, UITraitCollection)?

    static func between(_ previous: UITraitCollection, _ updated: UITraitCollection) -> TraitSet {
        if lastPrevious == ObjectIdentifier(previous), lastUpdated == ObjectIdentifier(updated) { return lastChanges }
        let changes = updated.changedTraitSet(from: previous)
        held = (previous, updated)
        lastPrevious = ObjectIdentifier(previous)
        lastUpdated = ObjectIdentifier(updated)
        lastChanges = changes
        return changes
    }
}

/// What every trait environment offers, on top of its `TraitState`.
@MainActor
protocol TraitStateOwner: UITraitEnvironment {
    var traitState: TraitState { get }
}

extension TraitStateOwner {
    func registerHandler<Environment: UITraitEnvironment>(_ traits: [UITrait], _ handler: @escaping (Environment, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        traitState.register(traits) { environment, previous in
            if let environment = environment as? Environment { handler(environment, previous) }
        }
    }

    func registerAction<Target: AnyObject>(_ traits: [UITrait], target: Target, action: @escaping (Target) -> () -> Void) -> any UITraitChangeRegistration {
        traitState.register(traits) { [weak target] _, _ in
            if let target { action(target)() }
        }
    }
}

/// A trait environment that sits between a view and its superview in the trait chain: a view
/// controller above its root view, a presentation controller above its container view.
@MainActor
protocol TraitSource: TraitStateOwner {
    func applyTraits(inherited: UITraitCollection)
}

extension Array where Element: AnyObject {
    /// Calls `body` with each object without retaining it: the array, which the caller holds, keeps its
    /// objects alive (a change to the original array during the loop copies it first).
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        for index in indices {
            Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body)
        }
    }
}
