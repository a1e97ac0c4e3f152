/// A growable array of plain values for the tableau's hot loops: no copy-on-write, no bounds checks
/// in release builds. The tableau owns each pool alone and is not reentrant.
final class Pool<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

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

/// The tableau's columns: per symbol, a doubly linked list of nodes naming the rows it appears in. A
/// row's cell keeps its node, so removing a cell unlinks it at once.
final class Columns {
    let heads = Pool<Int32>()
    let nodes = Pool<Node>()
    private var free: Int32 = -1

    func removeAll() {
        heads.removeAll()
        nodes.removeAll()
        free = -1
    }

    /// A node listing `owner` in `symbol`'s column.
    @inline(__always) func link(_ owner: Int32, _ symbol: Int32, _ coefficient: Double) -> Int32 {
        let head = heads[symbol]
        let node: Int32
        if free >= 0 {
            node = free
            free = nodes[node].next
            nodes[node] = Node(owner: owner, next: head, prev: -1, coefficient: coefficient)
        } else {
            node = Int32(nodes.count)
            nodes.append(Node(owner: owner, next: head, prev: -1, coefficient: coefficient))
        }
        if head >= 0 { nodes[head].prev = node }
        heads[symbol] = node
        return node
    }

    @inline(__always) func unlink(_ node: Int32, from symbol: Int32) {
        let previous = nodes[node].prev, next = nodes[node].next
        if previous >= 0 { nodes[previous].next = next } else { heads[symbol] = next }
        if next >= 0 { nodes[next].prev = previous }
        release(node)
    }

    /// Frees a node already taken out of its column.
    @inline(__always) func release(_ node: Int32) {
        nodes[node].next = free
        free = node
    }
}
