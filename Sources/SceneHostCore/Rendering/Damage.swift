import Foundation

/// The parts of a window to composite and present again: a few rectangles kept apart (the strip a
/// window gained along its edge and a badge in its corner are not the whole window), merged where they
/// overlap, and merged pairwise where they grow too many; and the pixels to move before compositing
/// (an opaque badge that followed the window's corner is copied, not composited again).
@_spi(Runtime) public struct Damage: Equatable, Sendable {
    /// Kept as edges: every view added or composited in a frame meets these, and Foundation's `CGRect`
    /// arithmetic (standardizing, null and infinite checks, out of line) cost more than the rest of it.
    private var boxes: [Box] = []
    private var union = Box.none

    public var rects: [CGRect] { boxes.map(\.rect) }
    /// Whether some rectangle passes `test` (without making the array `rects` makes).
    func anyRect(_ test: (CGRect) -> Bool) -> Bool { boxes.contains { test($0.rect) } }
    /// Each rectangle in turn (without making the array `rects` makes).
    func forEachRect(_ body: (CGRect) -> Void) { for box in boxes { body(box.rect) } }
    /// The smallest rectangle holding all of it (`.null` when empty).
    public var bounds: CGRect { boxes.isEmpty ? .null : union.rect }

    /// Rectangles kept apart at most; beyond, the two whose union adds the least area are merged.
    static let limit = 16

    /// Pixels copied from `from` to `to` (same size), in order, before the rectangles are composited:
    /// where they land holds what was there before, and the rectangles only what changed since.
    public struct Move: Equatable, Sendable {
        public var from: CGRect, to: CGRect
        public init(from: CGRect, to: CGRect) { self.from = from; self.to = to }
    }
    public private(set) var moves: [Move] = []

    public init() {}
    public init(_ rect: CGRect) { add(rect) }

    /// Nothing to move, composite or present.
    public var isEmpty: Bool { boxes.isEmpty && moves.isEmpty }

    public mutating func add(_ move: Move) { moves.append(move) }

    public mutating func add(_ rect: CGRect) {
        guard !rect.isNull, !rect.isEmpty, rect.width.isFinite, rect.height.isFinite else { return }
        add(Box(rect))
    }

    private mutating func add(_ box: Box) {
        var box = box
        var index = 0
        while index < boxes.count {
            let other = boxes[index]
            if other.contains(box) { return }
            // Overlapping rectangles whose union is no bigger than the two apart become one. Ones that
            // only touch stay apart: a view that moved keeps its new place apart from the strips it left.
            if other.overlaps(box), box.union(other).area <= box.area + other.area {
                box = box.union(other)
                boxes.remove(at: index)
                index = 0
            } else {
                index += 1
            }
        }
        // Room for the limit and the one past it at once: a frame's damage grows box by box.
        if boxes.isEmpty { boxes.reserveCapacity(Self.limit + 1) }
        boxes.append(box)
        union = boxes.count == 1 ? box : union.union(box)
        if boxes.count > Self.limit { mergeCheapestPair() }
    }

    public mutating func formUnion(_ other: Damage) {
        for box in other.boxes { add(box) }
        moves += other.moves
    }

    public func intersects(_ rect: CGRect) -> Bool {
        guard !boxes.isEmpty, !rect.isNull, !rect.isEmpty else { return false }
        let box = Box(rect)
        return union.overlaps(box) && boxes.contains { $0.overlaps(box) }
    }

    /// Each rectangle in whole device pixels at `scale`, within `limits` (pixels). A move that does not
    /// fall on whole pixels within the limits is composited where it lands instead.
    public func pixels(scale: CGFloat, within limits: CGRect) -> Damage {
        var result = Damage()
        for box in boxes { result.add(box.rect.scaled(by: scale).integral.intersection(limits)) }
        for move in moves {
            let from = move.from.scaled(by: scale), to = move.to.scaled(by: scale)
            if from == from.integral, to == to.integral, limits.contains(from), limits.contains(to) {
                result.add(Move(from: from, to: to))
            } else {
                result.add(to.integral.intersection(limits))
            }
        }
        return result
    }

    /// The same region and moves in units `scale` times larger (pixels → points with `1 / scale`).
    public func scaled(by scale: CGFloat) -> Damage {
        var result = Damage()
        for box in boxes { result.add(box.rect.scaled(by: scale)) }
        result.moves = moves.map { Move(from: $0.from.scaled(by: scale), to: $0.to.scaled(by: scale)) }
        return result
    }

    private mutating func mergeCheapestPair() {
        var best = (0, 1, CGFloat.infinity)
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let cost = boxes[i].union(boxes[j]).area - boxes[i].area - boxes[j].area
                if cost < best.2 { best = (i, j, cost) }
            }
        }
        let merged = boxes[best.0].union(boxes[best.1])
        boxes.remove(at: best.1)
        boxes.remove(at: best.0)
        add(merged)
    }

    /// A non-empty rectangle by its edges.
    private struct Box: Equatable, Sendable {
        var minX, minY, maxX, maxY: CGFloat
        static let none = Box(minX: 0, minY: 0, maxX: 0, maxY: 0)

        init(minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        }
        init(_ rect: CGRect) { self.init(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY) }

        var rect: CGRect { CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
        var area: CGFloat { (maxX - minX) * (maxY - minY) }
        func contains(_ other: Box) -> Bool {
            other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
        }
        /// Whether they share some area (touching edges do not).
        func overlaps(_ other: Box) -> Bool {
            other.minX < maxX && minX < other.maxX && other.minY < maxY && minY < other.maxY
        }
        func union(_ other: Box) -> Box {
            Box(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }
    }
}

extension CGRect {
    fileprivate func scaled(by scale: CGFloat) -> CGRect {
        CGRect(x: minX * scale, y: minY * scale, width: width * scale, height: height * scale)
    }

    /// The parts of this rectangle outside `other`: at most four, above, below, left and right of it.
    func subtracting(_ other: CGRect) -> RectParts {
        var parts = RectParts()
        let overlap = clipped(to: other)
        guard !overlap.isNull, !overlap.isEmpty else {
            if !isNull, !isEmpty { parts.append(self) }
            return parts
        }
        if overlap.minY > minY { parts.append(CGRect(x: minX, y: minY, width: width, height: overlap.minY - minY)) }
        if overlap.maxY < maxY { parts.append(CGRect(x: minX, y: overlap.maxY, width: width, height: maxY - overlap.maxY)) }
        if overlap.minX > minX { parts.append(CGRect(x: minX, y: overlap.minY, width: overlap.minX - minX, height: overlap.height)) }
        if overlap.maxX < maxX { parts.append(CGRect(x: overlap.maxX, y: overlap.minY, width: maxX - overlap.maxX, height: overlap.height)) }
        return parts
    }

    /// The strips covered by one of two rectangles that share their top-left corner but not by both
    /// (what a view gains or loses when only its size changes): at most one along the right edge and
    /// one along the bottom.
    static func strips(between old: CGRect, and new: CGRect) -> RectParts {
        let minWidth = min(old.width, new.width), maxWidth = max(old.width, new.width)
        let minHeight = min(old.height, new.height), maxHeight = max(old.height, new.height)
        var strips = RectParts()
        if maxWidth > minWidth { strips.append(CGRect(x: old.minX + minWidth, y: old.minY, width: maxWidth - minWidth, height: maxHeight)) }
        if maxHeight > minHeight { strips.append(CGRect(x: old.minX, y: old.minY + minHeight, width: maxWidth, height: maxHeight - minHeight)) }
        return strips
    }
}

/// Up to four rectangles, kept inline: what `subtracting` and `strips(between:and:)` return at every
/// frame set of a drag, where an array would cost an allocation each time.
struct RectParts: RandomAccessCollection {
    private var storage: (CGRect, CGRect, CGRect, CGRect) = (.zero, .zero, .zero, .zero)
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> CGRect {
        precondition(index >= 0 && index < count, "RectParts index out of range")
        switch index {
        case 0: return storage.0
        case 1: return storage.1
        case 2: return storage.2
        default: return storage.3
        }
    }

    mutating func append(_ rect: CGRect) {
        switch count {
        case 0: storage.0 = rect
        case 1: storage.1 = rect
        case 2: storage.2 = rect
        case 3: storage.3 = rect
        default: preconditionFailure("RectParts holds four rectangles at most")
        }
        count += 1
    }
}

extension CGRect {
    /// `intersection(_:)`, worked out inline for rectangles whose sizes are not negative (frames,
    /// bounds and the damage: the null and infinite rectangles too); others go to Foundation's. The
    /// frame path takes hundreds of intersections a frame, and Foundation's, out of line and
    /// standardizing both first, costs more than the rest of a view's visit.
    @inline(__always)
    func clipped(to other: CGRect) -> CGRect {
        guard size.width >= 0, size.height >= 0, other.size.width >= 0, other.size.height >= 0 else { return intersection(other) }
        // The null rectangle sits at infinity.
        guard origin.x.isFinite, origin.y.isFinite, other.origin.x.isFinite, other.origin.y.isFinite else { return .null }
        let left = Swift.max(origin.x, other.origin.x), right = Swift.min(origin.x + size.width, other.origin.x + other.size.width)
        let top = Swift.max(origin.y, other.origin.y), bottom = Swift.min(origin.y + size.height, other.origin.y + other.size.height)
        // Rectangles that only touch meet in an empty one, as Foundation's do.
        guard right >= left, bottom >= top else { return .null }
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// `contains(_:)` of a rectangle, worked out inline for sizes that are not negative, as
    /// `clipped(to:)`: nothing holds the null rectangle, and the null rectangle holds nothing.
    @inline(__always)
    func holds(_ other: CGRect) -> Bool {
        // The null rectangle sits at infinity.
        guard origin.x.isFinite, origin.y.isFinite, other.origin.x.isFinite, other.origin.y.isFinite else { return false }
        guard size.width >= 0, size.height >= 0, other.size.width >= 0, other.size.height >= 0 else { return contains(other) }
        return other.origin.x >= origin.x && other.origin.y >= origin.y
            && other.origin.x + other.size.width <= origin.x + size.width && other.origin.y + other.size.height <= origin.y + size.height
    }

    /// `==`, worked out inline for sizes that are not negative and finite origins, as `clipped(to:)`;
    /// others (which Foundation standardizes, or treats as the null rectangle) go to Foundation's. Frames
    /// are compared at every frame set of a layout.
    @inline(__always)
    func isSame(as other: CGRect) -> Bool {
        guard size.width >= 0, size.height >= 0, other.size.width >= 0, other.size.height >= 0,
              origin.x.isFinite, origin.y.isFinite, other.origin.x.isFinite, other.origin.y.isFinite else { return self == other }
        return origin.x == other.origin.x && origin.y == other.origin.y && size.width == other.size.width && size.height == other.size.height
    }
}
