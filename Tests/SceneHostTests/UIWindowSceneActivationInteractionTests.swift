import Foundation
@_spi(Runtime) import SceneHostCore
import SceneHostTesting
import Testing

extension SceneWindowTests {
    /// A pinch spreading past 1.5× over a view with a `UIWindowSceneActivationInteraction` opens a scene
    /// for the configuration's activity, with the requesting scene in its options; nil opens none.
    @Test func aPinchOutOpensTheConfigurationsScene() async throws {
        DragTestSceneDelegate.reset()
        let app = try AppHarness(DragTestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let square = try #require((scene.delegate as? DragTestSceneDelegate)?.square)
        var asked: [CGPoint] = []
        var provides = false
        let interaction = UIWindowSceneActivationInteraction { _, location in
            asked.append(location)
            guard provides else { return nil }
            let configuration = UIWindowSceneActivationConfiguration(userActivity: NSUserActivity(activityType: DragTestAppDelegate.openActivityType))
            configuration.preview = UITargetedPreview(view: square)
            return configuration
        }
        square.addInteraction(interaction)
        func pinch(to scale: CGFloat) async {
            // A pinch follows the pointer: it rests over the square.
            scene.pointerMoved(to: CGPoint(x: 60, y: 70))
            scene.pointerPinchBegan(at: CGPoint(x: 60, y: 70))
            scene.pointerPinchChanged(scale: 1.2)
            scene.pointerPinchChanged(scale: scale)
            if scale > 1.5 { scene.pointerPinchChanged(scale: scale + 0.3) }
            scene.pointerPinchEnded()
            await app.run(for: 0.2)
        }
        await pinch(to: 1.3)
        #expect(asked.isEmpty, "not far enough")
        await pinch(to: 1.6)
        #expect(asked.count == 1, "once per pinch")
        #expect(asked.first == CGPoint(x: 40, y: 50), "in the view's coordinates")
        #expect(app.scenes.count == 1, "a nil configuration opens nothing")
        provides = true
        await pinch(to: 1.6)
        #expect(await app.run(until: { app.scene(titled: "Opened") != nil }, timeout: 3))
        #expect(DragTestSceneDelegate.openedWith.count == 1)
    }
}
