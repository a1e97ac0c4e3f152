import Foundation

/// The parts of a window to composite and present again: a few rectangles kept apart (the strip a
/// window gained along its edge and a badge in its corner are not the whole window), merged where they
/// overlap, and merged pairwise where they grow too many.
@_spi(Runtime) public struct Damage: Equatable, Sendable {
    public private(set) var rects: [CGRect] = []
    /// The smallest rectangle holding all of it (`.null` when empty); kept, as every view composited
    /// asks for it.
    public private(set) var bounds = CGRect.null

    /// Rectangles kept apart at most; beyond, the two whose union adds the least area are merged.
    static let limit = 16

    public init() {}
    public init(_ rect: CGRect) { add(rect) }

    public var isEmpty: Bool { rects.isEmpty }

    public mutating func add(_ rect: CGRect) {
        guard !rect.isNull, !rect.isEmpty, rect.width.isFinite, rect.height.isFinite else { return }
        var rect = rect
        var index = 0
        while index < rects.count {
            let other = rects[index]
            if other.contains(rect) { return }
            // Overlapping rectangles whose union is no bigger than the two apart become one. Ones that
            // only touch stay apart: a view that moved keeps its new place apart from the strips it left.
            if !rect.intersection(other).isEmpty, rect.union(other).area <= rect.area + other.area {
                rect = rect.union(other)
                rects.remove(at: index)
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(rect)
        bounds = bounds.union(rect)
        if rects.count > Self.limit { mergeCheapestPair() }
    }

    public mutating func formUnion(_ other: Damage) {
        for rect in other.rects { add(rect) }
    }

    public func intersects(_ rect: CGRect) -> Bool { rects.contains { $0.intersects(rect) } }

    /// Each rectangle in whole device pixels at `scale`, within `limits` (pixels).
    public func pixels(scale: CGFloat, within limits: CGRect) -> Damage {
        var result = Damage()
        for rect in rects { result.add(rect.scaled(by: scale).integral.intersection(limits)) }
        return result
    }

    /// The same region in units `scale` times larger (pixels → points with `1 / scale`).
    public func scaled(by scale: CGFloat) -> Damage {
        var result = Damage()
        for rect in rects { result.add(rect.scaled(by: scale)) }
        return result
    }

    private mutating func mergeCheapestPair() {
        var best = (0, 1, CGFloat.infinity)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if cost < best.2 { best = (i, j, cost) }
            }
        }
        let merged = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        add(merged)
    }
}

extension CGRect {
    fileprivate var area: CGFloat { width * height }

    fileprivate func scaled(by scale: CGFloat) -> CGRect {
        CGRect(x: minX * scale, y: minY * scale, width: width * scale, height: height * scale)
    }

    /// The parts of this rectangle outside `other`: at most four, above, below, left and right of it.
    func subtracting(_ other: CGRect) -> [CGRect] {
        let overlap = intersection(other)
        guard !overlap.isNull, !overlap.isEmpty else { return isEmpty ? [] : [self] }
        var parts: [CGRect] = []
        if overlap.minY > minY { parts.append(CGRect(x: minX, y: minY, width: width, height: overlap.minY - minY)) }
        if overlap.maxY < maxY { parts.append(CGRect(x: minX, y: overlap.maxY, width: width, height: maxY - overlap.maxY)) }
        if overlap.minX > minX { parts.append(CGRect(x: minX, y: overlap.minY, width: overlap.minX - minX, height: overlap.height)) }
        if overlap.maxX < maxX { parts.append(CGRect(x: overlap.maxX, y: overlap.minY, width: maxX - overlap.maxX, height: overlap.height)) }
        return parts
    }

    /// The strips covered by one of two rectangles that share their top-left corner but not by both
    /// (what a view gains or loses when only its size changes): at most one along the right edge and
    /// one along the bottom.
    static func strips(between old: CGRect, and new: CGRect) -> [CGRect] {
        let minWidth = min(old.width, new.width), maxWidth = max(old.width, new.width)
        let minHeight = min(old.height, new.height), maxHeight = max(old.height, new.height)
        var strips: [CGRect] = []
        if maxWidth > minWidth { strips.append(CGRect(x: old.minX + minWidth, y: old.minY, width: maxWidth - minWidth, height: maxHeight)) }
        if maxHeight > minHeight { strips.append(CGRect(x: old.minX, y: old.minY + minHeight, width: maxWidth, height: maxHeight - minHeight)) }
        return strips
    }
}
