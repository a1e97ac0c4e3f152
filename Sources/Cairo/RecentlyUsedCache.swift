/// A bounded cache that forgets the least recently used entries first. Over `capacity` it forgets the
/// least recently used quarter at once, so a miss costs a scan only once every `capacity / 4` misses.
///
/// Least recently used rather than oldest: a value used at every pass of a cycle (the size readout
/// strings of a window edge dragged out and back) must outlive one made once long ago and never again.
struct RecentlyUsedCache<Key: Hashable, Value> {
    let capacity: Int
    private var entries: [Key: (value: Value, used: Int)] = [:]
    private var clock = 0

    init(capacity: Int) { self.capacity = max(4, capacity) }

    var count: Int { entries.count }

    /// Whether `key` is held (without counting as a use).
    func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// The value for `key`, made by `make` and kept when missing.
    mutating func value(for key: Key, orMake make: () -> Value) -> Value {
        clock += 1
        if let index = entries.index(forKey: key) {
            entries.values[index].used = clock
            return entries.values[index].value
        }
        let value = make()
        entries[key] = (value, clock)
        if entries.count > capacity {
            let cutoff = entries.values.map(\.used).sorted()[capacity / 4]
            entries = entries.filter { $0.value.used >= cutoff }
        }
        return value
    }

    /// Forgets the entries `isUnused` picks (given each value in place, so a class instance can be
    /// checked with `isKnownUniquelyReferenced`).
    mutating func removeAll(where isUnused: (inout Value) -> Bool) {
        var forgotten: [Key] = []
        var index = entries.startIndex
        while index != entries.endIndex {
            if isUnused(&entries.values[index].value) { forgotten.append(entries.keys[index]) }
            index = entries.index(after: index)
        }
        for key in forgotten { entries[key] = nil }
    }
}
