import Foundation
@_spi(Runtime) import SceneHostCore
import Testing

/// Vision geometry preferences, windowing behaviours and full screen, offscreen (its host grants
/// geometry requests at once).
@MainActor
struct UIWindowSceneWindowingTests {
    func makeScene() -> UIWindowScene {
        UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: UIViewController())
    }

    @Test func uniformKeepsTheRatioOfTheRequestedSize() {
        let scene = makeScene()
        #expect(scene.effectiveGeometry.resizingRestrictions == .freeform)
        scene.requestGeometryUpdate(.Vision(size: CGSize(width: 640, height: 480), resizingRestrictions: .uniform))
        #expect(scene.effectiveGeometry.systemFrame.size == CGSize(width: 640, height: 480))
        #expect(scene.effectiveGeometry.resizingRestrictions == .uniform)
        #expect(scene.preferredAspectRatio == CGSize(width: 640, height: 480))
        scene.requestGeometryUpdate(.Vision(resizingRestrictions: .freeform))
        #expect(scene.effectiveGeometry.resizingRestrictions == .freeform)
        #expect(scene.preferredAspectRatio == nil)
    }

    @Test func noneFixesTheSizeAndReportsItAsTheLimits() {
        let scene = makeScene()
        scene.requestGeometryUpdate(.Vision(size: CGSize(width: 500, height: 400), resizingRestrictions: UIWindowScene.ResizingRestrictions.none))
        let geometry = scene.effectiveGeometry
        #expect(geometry.resizingRestrictions == .none)
        #expect(geometry.systemFrame.size == CGSize(width: 500, height: 400))
        #expect(geometry.minimumSize == CGSize(width: 500, height: 400) && geometry.maximumSize == CGSize(width: 500, height: 400))
        // A Mac frame request cannot leave the fixed size.
        scene.requestGeometryUpdate(.Mac(systemFrame: CGRect(x: 0, y: 0, width: 900, height: 700)))
        #expect(scene.effectiveGeometry.systemFrame.size == CGSize(width: 500, height: 400))
        scene.requestGeometryUpdate(.Vision(resizingRestrictions: .freeform))
        #expect(scene.effectiveGeometry.resizingRestrictions == .freeform)
        #expect(scene.effectiveGeometry.maximumSize.width == .greatestFiniteMagnitude)
    }

    @Test func minimumAndMaximumBecomeTheSizeRestrictions() {
        let scene = makeScene()
        scene.requestGeometryUpdate(.Vision(minimumSize: CGSize(width: 300, height: 200), maximumSize: CGSize(width: 700, height: 500)))
        #expect(scene.sizeRestrictions?.minimumSize == CGSize(width: 300, height: 200))
        #expect(scene.sizeRestrictions?.maximumSize == CGSize(width: 700, height: 500))
        #expect(scene.effectiveGeometry.systemFrame.size == CGSize(width: 700, height: 500), "brought within the new maximum")
        // Equal limits are a fixed size too.
        scene.requestGeometryUpdate(.Vision(minimumSize: CGSize(width: 400, height: 300), maximumSize: CGSize(width: 400, height: 300)))
        #expect(scene.effectiveGeometry.resizingRestrictions == .none)
    }

    @Test func anUnusableSizeIsRefusedWithUIKitsCode() {
        let scene = makeScene()
        var errors: [UISceneError] = []
        scene.requestGeometryUpdate(.Vision(size: CGSize(width: -1, height: 10))) { errors.append($0 as! UISceneError) }
        #expect(errors.map(\.code) == [.geometryRequestUnsupported])
        #expect(scene.effectiveGeometry.systemFrame.size == CGSize(width: 800, height: 600))
    }

    @Test func fullScreenIsRefusedWhenNotAllowed() {
        let scene = makeScene()
        var errors: [UISceneError] = []
        scene.sizeRestrictions?.allowsFullScreen = false
        scene.requestFullScreen(true) { errors.append($0 as! UISceneError) }
        #expect(errors.map(\.code) == [.geometryRequestDenied])
        scene.requestFullScreen(false) { errors.append($0 as! UISceneError) }
        #expect(errors.count == 1, "leaving full screen is always allowed")
        #expect(!scene.isFullScreen)
    }

    @Test func windowingBehaviorsDefaultToEverythingAllowed() {
        let scene = makeScene()
        let behaviors = try! #require(scene.windowingBehaviors)
        #expect(behaviors.isClosable && behaviors.isMiniaturizable)
    }
}
