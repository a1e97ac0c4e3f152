import Cairo
@testable import SceneHostCore
import Testing

/// The compositor's fills leave out the pixels subviews cover by subtracting boxes: the parts must be
/// disjoint and cover exactly the box less the hole.
@MainActor @Suite struct PixelBoxTests {
    @Test func subtractingLeavesDisjointPartsCoveringTheRest() {
        let box = PixelBox(left: 0, top: 0, right: 10, bottom: 8)
        let holes = [PixelBox(left: 2, top: 2, right: 5, bottom: 6), PixelBox(left: -3, top: -3, right: 4, bottom: 3),
                     PixelBox(left: 8, top: 5, right: 20, bottom: 20), PixelBox(left: 0, top: 0, right: 10, bottom: 8),
                     PixelBox(left: 12, top: 0, right: 14, bottom: 8), PixelBox(left: 0, top: 3, right: 10, bottom: 4)]
        for hole in holes {
            let parts = ViewRenderer.PixelTarget.parts(of: [box], without: [hole])
            for y in box.top..<box.bottom {
                for x in box.left..<box.right {
                    let inHole = x >= hole.left && x < hole.right && y >= hole.top && y < hole.bottom
                    let covering = parts.filter { x >= $0.left && x < $0.right && y >= $0.top && y < $0.bottom }.count
                    #expect(covering == (inHole ? 0 : 1), "pixel (\(x), \(y)) less \(hole)")
                }
            }
            #expect(parts.allSatisfy { !$0.isEmpty })
        }
    }
}
