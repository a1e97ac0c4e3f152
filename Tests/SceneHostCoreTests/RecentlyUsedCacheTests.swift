@testable import Cairo
import Testing

/// The cache of shaped text forgets what was least recently used, not what was made first.
@Suite struct RecentlyUsedCacheTests {
    @Test func keepsWhatIsUsedAgainAndForgetsTheLeastRecentlyUsedQuarter() {
        var cache = RecentlyUsedCache<Int, String>(capacity: 8)
        var made = 0
        func value(_ key: Int) -> String { cache.value(for: key) { made += 1; return "\(key)" } }
        for key in 0..<8 { #expect(value(key) == "\(key)") }
        // 0 and 1, the oldest made, are used again: 2 and 3 are now the least recently used.
        #expect(value(0) == "0" && value(1) == "1")
        #expect(made == 8)
        _ = value(8)
        #expect(made == 9)
        // Past the capacity, the quarter least recently used (2 and 3) went; the rest stayed.
        #expect(cache.count == 7)
        #expect(!cache.contains(2) && !cache.contains(3))
        #expect([0, 1, 4, 5, 6, 7, 8].allSatisfy(cache.contains))
        #expect(value(0) == "0" && made == 9)
    }

    /// A cycle of values used at every turn, with new values made once between the turns (a drag's
    /// readout strings, and other texts): the cycle is made once, however many new values come, where
    /// a first-in-first-out cache would soon drop the cycle's oldest and make them again.
    @Test func aRepeatedCycleIsMadeOnceWhileNewValuesComeAndGo() {
        var cache = RecentlyUsedCache<Int, Int>(capacity: 16)
        var madeCycle = 0
        for turn in 0..<10 {
            for key in 0..<12 { _ = cache.value(for: key) { madeCycle += 1; return key } }
            for key in 0..<4 { _ = cache.value(for: 100 + 4 * turn + key) { key } }
        }
        #expect(madeCycle == 12)
        #expect(cache.count <= 16)
    }

    /// Entries can be forgotten by what their values say (a shaped line no layout holds any more),
    /// whatever their last use; the others stay and are not made again.
    @Test func removesTheEntriesPickedAndKeepsTheRest() {
        var cache = RecentlyUsedCache<Int, Int>(capacity: 16)
        var made = 0
        for key in 0..<10 { _ = cache.value(for: key) { made += 1; return key * 10 } }
        cache.removeAll { $0 % 20 == 0 }
        #expect(cache.count == 5)
        #expect([1, 3, 5, 7, 9].allSatisfy(cache.contains) && ![0, 2, 4, 6, 8].contains(where: cache.contains))
        #expect(cache.value(for: 3) { made += 1; return -1 } == 30 && made == 10)
    }
}

