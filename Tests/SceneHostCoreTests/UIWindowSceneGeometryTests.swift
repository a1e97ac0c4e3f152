import Foundation
@_spi(Runtime) import SceneHostCore
import Testing

/// `UIWindowScene.Geometry` and geometry requests, offscreen (no host: requests apply at once).
@MainActor
struct UIWindowSceneGeometryTests {
    func makeScene(_ size: CGSize) -> UIWindowScene {
        UIWindowScene.offscreen(size: size, rootViewController: UIViewController())
    }

    /// The interface orientation is the scene's (the device's, as the runtime tracks it), whatever the
    /// window's shape: a landscape 1/3 Split View (320×768) is landscape, a portrait-held device's wide
    /// window portrait.
    @Test func theInterfaceOrientationIsTheScenesNotTheWindowsShape() {
        let scene = makeScene(CGSize(width: 320, height: 768))
        var previous: [UIWindowScene.Geometry] = []
        let delegate = RecordingDelegate { previous.append($0) }
        scene.delegate = delegate
        scene.orientation = .landscapeRight
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 320, height: 768), displayScale: 1)
        #expect(scene.effectiveGeometry.interfaceOrientation == .landscapeRight, "taller than wide, on a landscape device")
        #expect(scene.interfaceOrientation == .landscapeRight)

        scene.orientation = .portrait
        if let before = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 1024, height: 768), displayScale: 1) {
            scene.reportGeometryChange(from: before)
        }
        #expect(scene.effectiveGeometry.interfaceOrientation == .portrait, "wider than tall, on a portrait device")
        #expect(previous.last?.interfaceOrientation == .landscapeRight)

        // A half turn at the same size is a change of its own.
        scene.orientation = .portraitUpsideDown
        #expect(scene.applySystemFrame(CGRect(x: 0, y: 0, width: 1024, height: 768), displayScale: 1) != nil)
        #expect(scene.effectiveGeometry.interfaceOrientation == .portraitUpsideDown)
    }
}
