/// A growable array of plain values for the tableau's hot loops: no copy-on-write, no bounds checks
/// in release builds, no exclusivity checks. The tableau owns each pool alone and is not reentrant.
final class Pool<Element: BitwiseCopyable> {
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always) subscript(index: Int32) -> Element {
        get {
            assert(index >= 0 && Int(index) < count)
            return base[Int(index)]
        }
        set {
            assert(index >= 0 && Int(index) < count)
            base[Int(index)] = newValue
        }
    }

    @inline(__always) subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count)
            return base[index]
        }
        set {
            assert(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    @inline(__always) func append(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Makes room for `extra` more elements.
    @inline(__always) func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: max(capacity * 2, count + extra)) }
    }

    func removeAll() { count = 0 }

    private func grow(to newCapacity: Int) {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}

extension Pool {
    func removeAll(keepingCapacity: Bool) { removeAll() }
}

/// A node of a column: the row (`owner`) a symbol appears in and the symbol's coefficient there (kept
/// equal to the cell's), linked to the column's other nodes.
struct Node {
    var owner: Int32
    var next: Int32
    var prev: Int32
    var coefficient: Double
}
