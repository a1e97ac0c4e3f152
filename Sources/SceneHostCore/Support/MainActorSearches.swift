/// Searches for the frame path's main-actor code. A main-actor closure handed to the standard library's
/// `first(where:)`, `contains(where:)` and their kin checks at every call that it runs on the main actor
/// (the library predates strict concurrency checking; the check costs more than most of the tests it
/// guards). Handed to these, compiled with this module, it is checked at compile time only. The runtime's
/// event loop uses them too.
extension Collection {
    /// The first element that satisfies `predicate`.
    @_spi(Runtime) public func first(matching predicate: (Element) -> Bool) -> Element? {
        for element in self where predicate(element) { return element }
        return nil
    }

    /// The index of the first element that satisfies `predicate`.
    @_spi(Runtime) public func firstIndex(matching predicate: (Element) -> Bool) -> Index? {
        var index = startIndex
        while index != endIndex {
            if predicate(self[index]) { return index }
            formIndex(after: &index)
        }
        return nil
    }

    /// Whether some element satisfies `predicate`.
    @_spi(Runtime) public func contains(matching predicate: (Element) -> Bool) -> Bool { first(matching: predicate) != nil }
}
