import Foundation
@_spi(Runtime) import SceneHostCore
import Testing

/// `UIWindowScene.Geometry` and geometry requests, offscreen (its host grants requests at once).
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
        let host = scene.offscreenHost!
        host.place(CGRect(x: 0, y: 0, width: 320, height: 768), orientation: .landscapeRight)
        #expect(scene.effectiveGeometry.interfaceOrientation == .landscapeRight, "taller than wide, on a landscape device")
        #expect(scene.interfaceOrientation == .landscapeRight)

        host.place(CGRect(x: 0, y: 0, width: 1024, height: 768), orientation: .portrait)
        #expect(scene.effectiveGeometry.interfaceOrientation == .portrait, "wider than tall, on a portrait device")
        #expect(previous.last?.interfaceOrientation == .landscapeRight)

        // A half turn at the same size is a change of its own.
        let reports = previous.count
        host.place(CGRect(x: 0, y: 0, width: 1024, height: 768), orientation: .portraitUpsideDown)
        #expect(previous.count == reports + 1)
        #expect(scene.effectiveGeometry.interfaceOrientation == .portraitUpsideDown)
    }

    /// A frame without a usable size is an invalid request: `geometryRequestUnsupported` (100), as UIKit
    /// reports invalid or unsupported preferences; the geometry stays.
    @Test func aMalformedFrameIsAnInvalidRequest() {
        let scene = makeScene(CGSize(width: 800, height: 600))
        var errors: [UISceneError] = []
        for frame in [CGRect(x: 0, y: 0, width: 0, height: 300), CGRect(x: 0, y: 0, width: CGFloat.nan, height: 300),
                      CGRect(x: CGFloat.nan, y: 0, width: 400, height: 300), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 300)] {
            scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: frame)) { errors.append($0 as! UISceneError) }
        }
        #expect(errors.map(\.code) == Array(repeating: .geometryRequestUnsupported, count: 4))
        #expect(errors.first?.code.rawValue == 100)
        #expect(scene.effectiveGeometry.systemFrame.size == CGSize(width: 800, height: 600))
    }

    /// An empty set of orientations, like a null frame, states no preference: nothing happens and
    /// nothing fails.
    @Test func noPreferenceIsNoRequest() {
        let scene = makeScene(CGSize(width: 800, height: 600))
        let before = scene.effectiveGeometry
        var errors: [any Error] = []
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.iOS(interfaceOrientations: [])) { errors.append($0) }
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: .null)) { errors.append($0) }
        #expect(errors.isEmpty)
        #expect(scene.effectiveGeometry === before)
    }
}

/// Records both geometry callbacks: the current one and the deprecated one, with its arguments.
@MainActor
final class BothCallbacksDelegate: UIResponder, UIWindowSceneDelegate {
    var current: [UIWindowScene.Geometry] = []
    var deprecated: [(bounds: CGRect, orientation: UIInterfaceOrientation, style: UIUserInterfaceStyle)] = []
    required override init() {}
    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {
        current.append(previousEffectiveGeometry)
    }
    func windowScene(_ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: any UICoordinateSpace,
                     interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation, traitCollection previousTraitCollection: UITraitCollection) {
        deprecated.append((previousCoordinateSpace.bounds, previousInterfaceOrientation, previousTraitCollection.userInterfaceStyle))
    }
}

extension UIWindowSceneGeometryTests {
    /// The deprecated `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)` follows the
    /// coordinate space (a move or a resize), the orientation and the scene's traits, with their previous
    /// values: not a change of the size limits or of `isInteractivelyResizing` alone, and also a trait
    /// change from the desktop that comes without a new geometry.
    @Test func theDeprecatedCallbackFollowsCoordinateSpaceOrientationAndTraits() {
        let scene = makeScene(CGSize(width: 800, height: 600))
        let host = scene.offscreenHost!
        let delegate = BothCallbacksDelegate()
        scene.delegate = delegate
        host.place(CGRect(x: 40, y: 30, width: 800, height: 600))
        #expect(delegate.current.count == 1 && delegate.deprecated.count == 1, "a pure move")

        scene.sizeRestrictions?.minimumSize = CGSize(width: 300, height: 200)
        host.place(CGRect(x: 40, y: 30, width: 800, height: 600), interactive: true)
        #expect(delegate.current.count == 3 && delegate.deprecated.count == 1, "limits and the drag flag: the current callback only")

        scene.environmentTraits = UITraitCollection { $0.userInterfaceStyle = .dark }
        _ = host.prepareFrame()
        #expect(delegate.current.count == 3, "no new geometry")
        #expect(delegate.deprecated.count == 2 && delegate.deprecated.last?.style == .light, "the desktop turned dark: the previous traits")

        host.place(CGRect(x: 40, y: 30, width: 900, height: 600))
        #expect(delegate.deprecated.count == 3 && delegate.deprecated.last?.bounds.width == 800, "a resize: the previous bounds")
    }
}
