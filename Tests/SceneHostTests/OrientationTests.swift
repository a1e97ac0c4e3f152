import Foundation
@testable import GalleryApp
@_spi(Runtime) @testable import SceneHostCore
import SceneHostTesting
import Testing

/// The simulated device rotation, supported orientations and the orientation lock, on the virtual
/// display (the lock under each window manager). Part of the serialized window suite.
extension SceneWindowTests {
    /// The test app under `manager` (floating under i3, so that it can turn), its scene at 800×600.
    func orientationApp(_ manager: VirtualDisplay.WindowManager = .openbox) async throws -> (AppHarness, UIWindowScene, TransitionLoggingController) {
        let app = try AppHarness(TestAppDelegate.self, windowManager: manager)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let root = try #require(scene.windows.first?.rootViewController as? TransitionLoggingController)
        if manager == .i3 { try await float(try #require(app.window(of: scene)), of: scene, in: app) }
        // A window whose width and height both fit either way round on the 1920×1080 screen.
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 40, y: 40, width: 800, height: 600)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 800, height: 600) }))
        return (app, scene, root)
    }

    @Test func turningTheDeviceTurnsAFloatingScene() async throws {
        let (app, scene, _) = try await orientationApp()
        // UIKit reports the device's orientation only while it generates orientation notifications.
        UIDevice.current.beginGeneratingDeviceOrientationNotifications()
        defer { UIDevice.current.endGeneratingDeviceOrientationNotifications() }
        #expect(UIDevice.current.orientation == .landscapeLeft, "a desktop screen stands in landscape")
        #expect(scene.effectiveGeometry.interfaceOrientation == .landscapeRight, "landscape left device, landscape right interface")
        TestSceneDelegate.transitions = []
        app.rotateDevice(clockwise: true)
        #expect(UIDevice.current.orientation == .portrait)
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 600, height: 800) }),
                "width and height swap through the window manager")
        #expect(scene.effectiveGeometry.interfaceOrientation == .portrait)
        #expect(scene.traitCollection.verticalSizeClass == .regular)
        #expect(Array(TestSceneDelegate.transitions.prefix(2)) == ["traits compact/regular", "will 600x800 (view 800)"],
                "willTransition(to:with:), then viewWillTransition(to:with:), before the layout")
        #expect(TestSceneDelegate.transitions.last == "completion")
        #expect(app.events(of: "deviceOrientation").last?["orientation"] as? String == "portrait")
        #expect(app.events(of: "geometry", scene: scene).last?["orientation"] as? String == "portrait")

        // Clockwise again: the home button on the left (landscape right device, landscape left
        // interface), then upside down. The orientation changes with the device; the window's shape
        // follows once the window manager has resized it.
        app.rotateDevice(clockwise: true)
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .landscapeLeft }))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 800, height: 600) }))
        app.rotateDevice(clockwise: true)
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .portraitUpsideDown }))
        #expect(UIDevice.current.orientation == .portraitUpsideDown)
    }

    @Test func anUnsupportedOrientationLeavesTheSceneAsItIs() async throws {
        let (app, scene, root) = try await orientationApp()
        root.supported = .landscape
        root.setNeedsUpdateOfSupportedInterfaceOrientations()
        TestSceneDelegate.updates = []
        TestSceneDelegate.transitions = []
        app.rotateDevice(clockwise: true)   // portrait: not supported
        await app.run(for: 0.3)
        #expect(scene.effectiveGeometry.systemFrame.size == CGSize(width: 800, height: 600))
        #expect(scene.effectiveGeometry.interfaceOrientation == .landscapeRight)
        app.rotateDevice(clockwise: true)   // upside down: not supported either
        app.rotateDevice(clockwise: true)   // landscape right device: landscape left interface, a half turn
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .landscapeLeft }))
        #expect(scene.effectiveGeometry.systemFrame.size == CGSize(width: 800, height: 600))
        #expect(TestSceneDelegate.updates.count == 1, "the half turn is a geometry change of its own")
        #expect(TestSceneDelegate.transitions.contains("will 800x600 (view 800)"), "and view controllers hear of it")

        // No longer supporting the current orientation turns the scene at once.
        root.supported = .portrait
        root.setNeedsUpdateOfSupportedInterfaceOrientations()
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .portrait }))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 600, height: 800) }))

        var errors: [UISceneError] = []
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.iOS(interfaceOrientations: .landscape)) { errors.append($0 as! UISceneError) }
        #expect(errors.map(\.code) == [.geometryRequestDenied], "landscape is not supported")
        root.supported = .all
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.iOS(interfaceOrientations: .landscapeRight)) { errors.append($0 as! UISceneError) }
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .landscapeRight }))
        #expect(errors.count == 1)
    }

    /// A request the view controller supports but the app does not (its `UISupportedInterfaceOrientations`)
    /// fails with `geometryRequestDenied`, like one the view controller does not support; the scene stays.
    @Test func aRequestForOrientationsTheAppExcludesIsDenied() async throws {
        var manifest = UIApplicationSceneManifest(supportsMultipleScenes: true, configurations: [.windowApplication: [.init(name: "Test")]])
        manifest.supportedInterfaceOrientations = .landscape
        let app = try AppHarness(TestAppDelegate.self, manifest: manifest)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        await app.run(for: 0.2)
        let before = scene.effectiveGeometry
        #expect(scene.supportedInterfaceOrientations == .all, "the view controller supports portrait")
        var errors: [UISceneError] = []
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.iOS(interfaceOrientations: .portrait)) { errors.append($0 as! UISceneError) }
        await app.run(for: 0.3)
        #expect(errors.map(\.code) == [.geometryRequestDenied])
        #expect(scene.effectiveGeometry.interfaceOrientation == before.interfaceOrientation)
        #expect(scene.effectiveGeometry.systemFrame.size == before.systemFrame.size)

        // Among several, the ones the app allows are used.
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.iOS(interfaceOrientations: [.portrait, .landscapeLeft])) { errors.append($0 as! UISceneError) }
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .landscapeLeft }))
        #expect(errors.count == 1)
    }

    /// The lock, decided two controllers down the `childForInterfaceOrientationLock` chain, holds only
    /// for a scene that fills the screen. i3 has no maximize: there the scene goes on turning until it
    /// is full screen.
    @Test(arguments: VirtualDisplay.WindowManager.onXvfb)
    func theOrientationLockHoldsForAMaximizedSceneOnly(_ manager: VirtualDisplay.WindowManager) async throws {
        let (app, scene, root) = try await orientationApp(manager)
        let container = LockingController(), leaf = LockingController()
        container.lockChild = leaf
        root.lockChild = container
        leaf.locks = true
        root.setNeedsUpdateOfPrefersInterfaceOrientationLocked()
        await app.run(for: 0.2)
        #expect(scene.prefersOrientationLock)
        #expect(!scene.effectiveGeometry.isInterfaceOrientationLocked, "a floating window: not honoured")
        app.rotateDevice(clockwise: true)
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .portrait }), "rotates anyway")
        app.rotateDevice(clockwise: false)
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .landscapeRight }))

        let other = try app.virtualDisplay.connect()
        let window = try #require(app.window(of: scene))
        other.setMaximized(window, true)
        other.flush()
        if manager == .i3 {
            await app.run(for: 0.3)
            #expect(!scene.fillsScreen && !scene.effectiveGeometry.isInterfaceOrientationLocked, "not maximized: not honoured")
            app.rotateDevice(clockwise: true)
            #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .portrait }), "rotates anyway")
            app.rotateDevice(clockwise: false)
            #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .landscapeRight }))
            other.setFullScreen(window, true)
            other.flush()
        }
        #expect(await app.run(until: { scene.effectiveGeometry.isInterfaceOrientationLocked }), "maximized: the lock holds")
        await app.run(for: 0.3)
        let size = scene.effectiveGeometry.systemFrame.size
        app.rotateDevice(clockwise: true)
        await app.run(for: 0.3)
        #expect(scene.effectiveGeometry.interfaceOrientation == .landscapeRight && scene.effectiveGeometry.systemFrame.size == size)

        // The preference changes at runtime, two levels down.
        TestSceneDelegate.updates = []
        leaf.locks = false
        root.setNeedsUpdateOfPrefersInterfaceOrientationLocked()
        #expect(await app.run(until: { !scene.effectiveGeometry.isInterfaceOrientationLocked }))
        #expect(TestSceneDelegate.updates.count >= 1, "the lock's end is a geometry change")
        #expect(app.events(of: "geometry", scene: scene).last?["orientationLocked"] as? Bool == false)
    }
}

extension SceneWindowTests {
    /// The Gallery's "Lock orientation" switch, clicked on screen: its controller, the container's
    /// `childForInterfaceOrientationLock`, asks for the lock; maximized on a screen no larger than its
    /// maximum size (Settings: 900×800), the Settings scene fills the screen and keeps its orientation
    /// when the device turns. (A scene maximized within a smaller maximum is tested below; i3's lack of
    /// maximize above.)
    @Test(arguments: [VirtualDisplay.WindowManager.openbox, .xfwm4])
    func theGallerysLockSwitchLocksAMaximizedSettingsScene(_ manager: VirtualDisplay.WindowManager) async throws {
        let display = try VirtualDisplay(width: 880, height: 660, windowManager: manager)
        let app = try AppHarness(AppDelegate.self, display: display, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let scene = try #require(app.scene(titled: "Settings"))
        let container = try #require(scene.windows.first?.rootViewController as? SettingsContainerController)
        let lock = container.settings.lockSwitch
        let window = try #require(app.window(of: scene))
        let other = try app.virtualDisplay.connect()
        // A floating window first (xfwm4 maximizes a window made larger than the screen).
        other.setMaximized(window, false)
        other.activate(window, source: 2)
        other.flush()
        await app.run(for: 0.2)
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: 40, y: 40, width: 600, height: 450)))
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 600, height: 450) }))
        await app.run(for: 0.2)
        let center = lock.convert(CGPoint(x: lock.bounds.midX, y: lock.bounds.midY), to: nil)
        let origin = try #require(other.rootPosition(window))
        let input = try SyntheticInput(display: other)
        input.move(to: (origin.x + Int(center.x), origin.y + Int(center.y)))
        other.fakeButton(1, pressed: true)
        other.fakeButton(1, pressed: false)
        other.sync()
        #expect(await app.run(until: { lock.isOn }), "a click toggles the switch")
        #expect(scene.prefersOrientationLock)
        #expect(!scene.effectiveGeometry.isInterfaceOrientationLocked, "a floating window")
        other.setMaximized(window, true)
        other.flush()
        #expect(await app.run(until: { scene.effectiveGeometry.isInterfaceOrientationLocked }))
        await app.run(for: 0.3)
        let orientation = scene.effectiveGeometry.interfaceOrientation
        app.rotateDevice(clockwise: true)
        await app.run(for: 0.3)
        #expect(scene.effectiveGeometry.interfaceOrientation == orientation, "locked")
        if let mail = app.scene(titled: "Mail") {
            #expect(await app.run(until: { mail.effectiveGeometry.interfaceOrientation == .portrait }), "the other scene turns")
        }
    }
}

extension SceneWindowTests {
    /// A maximized window keeps the screen's shape: without the lock it turns with the device to every
    /// orientation, portrait ones at the screen's landscape size, since the orientation is the scene's
    /// and not its shape's. (Maximize and full screen under the other managers are tested with the lock
    /// above.)
    @Test func aMaximizedSceneWithoutTheLockTurnsWithinTheScreensShape() async throws {
        let (app, scene, _) = try await orientationApp()
        let other = try app.virtualDisplay.connect()
        other.setMaximized(try #require(app.window(of: scene)), true)
        other.flush()
        #expect(await app.run(until: { scene.fillsScreen }))
        await app.run(for: 0.3)
        let size = scene.effectiveGeometry.systemFrame.size
        #expect(!scene.effectiveGeometry.isInterfaceOrientationLocked)
        app.rotateDevice(clockwise: true)
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .portrait }))
        await app.run(for: 0.3)
        #expect(scene.effectiveGeometry.systemFrame.size == size, "portrait, at the screen's shape")
        #expect(app.events(of: "geometry", scene: scene).last?["orientation"] as? String == "portrait")
        app.rotateDevice(clockwise: true)
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation == .landscapeLeft }))
        await app.run(for: 0.3)
        #expect(scene.effectiveGeometry.systemFrame.size == size)
    }
}

extension SceneWindowTests {
    /// UIKit honours the lock for a screen-sized scene only: a window maximized within a maximum size
    /// smaller than the screen does not fill it, so it turns with the device all the same.
    @Test func aSceneMaximizedWithinASmallerMaximumDoesNotFillTheScreen() async throws {
        let (app, scene, root) = try await orientationApp()
        let leaf = LockingController()
        leaf.locks = true
        root.lockChild = leaf
        root.setNeedsUpdateOfPrefersInterfaceOrientationLocked()
        scene.sizeRestrictions?.maximumSize = CGSize(width: 1000, height: 700)
        let other = try app.virtualDisplay.connect()
        other.setMaximized(try #require(app.window(of: scene)), true)
        other.flush()
        #expect(await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: 1000, height: 700) }), "maximized, capped")
        await app.run(for: 0.3)
        #expect(scene.prefersOrientationLock && !scene.fillsScreen && !scene.effectiveGeometry.isInterfaceOrientationLocked)
        app.rotateDevice(clockwise: true)
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation.isPortrait }), "turns with the device")
    }
}
