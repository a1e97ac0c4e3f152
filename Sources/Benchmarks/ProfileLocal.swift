import Foundation
import GalleryApp
@_spi(Runtime) import SceneHost
import SceneHostTesting

@MainActor
enum ProfileLocal: Benchmark {
    static let name = "prof"
    @inline(never) static func passes(_ drag: OffscreenDrag) {
        for _ in 0..<3 {
            for i in 0...100 { _ = drag.step(width: 420 + 3 * CGFloat(i), height: 450 + 2 * CGFloat(i)) }
            for i in (0...100).reversed() { _ = drag.step(width: 420 + 3 * CGFloat(i), height: 450 + 2 * CGFloat(i)) }
        }
    }
    static func run() async throws {
        let drag = OffscreenDrag(AppDelegate.makeMailViewController(), size: CGSize(width: 420, height: 450))
        for i in 0...100 { _ = drag.step(width: 420 + 3 * CGFloat(i), height: 450 + 2 * CGFloat(i)) }
        passes(drag)
    }
}
