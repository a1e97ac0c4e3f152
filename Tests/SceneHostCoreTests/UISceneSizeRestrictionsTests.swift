import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
@Suite(.serialized) struct UISceneSizeRestrictionsTests {
    /// Captures SceneHost's warnings while `body` runs.
    func warnings(during body: () -> Void) -> [String] {
        var lines: [String] = []
        let original = SceneHostLog.sink
        SceneHostLog.sink = { lines.append($0) }
        defer { SceneHostLog.sink = original }
        body()
        return lines
    }

    func makeScene() -> UIWindowScene {
        UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: UIViewController())
    }

    @Test func defaultsMeanNoLimits() {
        let scene = makeScene()
        let restrictions = scene.sizeRestrictions!
        #expect(restrictions.effectiveMinimumSize == .zero)
        #expect(restrictions.effectiveMaximumSize.width == .greatestFiniteMagnitude)
        #expect(scene.effectiveGeometry.maximumSize.height == .greatestFiniteMagnitude)
    }

    @Test func validValuesAreKeptAndReachTheGeometry() {
        let scene = makeScene()
        var previous: [UIWindowScene.Geometry] = []
        let delegate = RecordingDelegate { previous.append($0) }
        scene.delegate = delegate
        let lines = warnings {
            scene.sizeRestrictions?.minimumSize = CGSize(width: 320, height: 240)
            scene.sizeRestrictions?.maximumSize = CGSize(width: 1000, height: 900)
        }
        #expect(lines.isEmpty)
        #expect(scene.effectiveGeometry.minimumSize == CGSize(width: 320, height: 240))
        #expect(scene.effectiveGeometry.maximumSize == CGSize(width: 1000, height: 900))
        // One geometry update per change, each with the geometry before it.
        #expect(previous.count == 2)
        #expect(previous[0].minimumSize == .zero)
        #expect(previous[1].minimumSize == CGSize(width: 320, height: 240))
        #expect(previous[1].maximumSize.width == .greatestFiniteMagnitude)
    }

    @Test func negativeAndNaNMinimumBecomeZero() {
        let scene = makeScene()
        let lines = warnings { scene.sizeRestrictions?.minimumSize = CGSize(width: -5, height: CGFloat.nan) }
        #expect(scene.sizeRestrictions?.minimumSize.width == -5, "the value set is kept")
        #expect(scene.sizeRestrictions?.effectiveMinimumSize == .zero)
        #expect(lines.count == 1)
        #expect(lines[0].contains("minimum width -5.0 is treated as 0"))
        #expect(lines[0].contains("minimum height nan is treated as 0"))
    }

    @Test func negativeAndNaNMaximumBecomeUnlimited() {
        let scene = makeScene()
        let lines = warnings { scene.sizeRestrictions?.maximumSize = CGSize(width: CGFloat.nan, height: -1) }
        #expect(scene.sizeRestrictions?.effectiveMaximumSize == CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        #expect(lines.count == 1)
        #expect(lines[0].contains("treated as unlimited"))
    }

    @Test func infiniteMaximumIsUnlimitedWithoutWarning() {
        let scene = makeScene()
        let lines = warnings { scene.sizeRestrictions?.maximumSize = CGSize(width: CGFloat.infinity, height: 700) }
        #expect(lines.isEmpty)
        #expect(scene.sizeRestrictions?.effectiveMaximumSize == CGSize(width: CGFloat.greatestFiniteMagnitude, height: 700))
    }

    @Test func maximumBelowMinimumIsRaisedToIt() {
        let scene = makeScene()
        let lines = warnings {
            scene.sizeRestrictions?.maximumSize = CGSize(width: 300, height: 900)
            scene.sizeRestrictions?.minimumSize = CGSize(width: 500, height: 400)
        }
        #expect(scene.sizeRestrictions?.effectiveMaximumSize == CGSize(width: 500, height: 900))
        #expect(lines.count == 1, "one warning, for the assignment that made the pair invalid")
        #expect(lines.first?.contains("maximum width 300.0 is below the minimum and is raised to 500.0") == true)
    }
}

/// A window-scene delegate that reports geometry updates to a closure.
@MainActor
final class RecordingDelegate: UIResponder, UIWindowSceneDelegate {
    var onGeometry: (UIWindowScene.Geometry) -> Void = { _ in }
    init(_ onGeometry: @escaping (UIWindowScene.Geometry) -> Void) { self.onGeometry = onGeometry }
    required override init() {}
    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {
        onGeometry(previousEffectiveGeometry)
    }
}
