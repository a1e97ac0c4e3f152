import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
final class LifecycleRecorder: UIResponder, UIWindowSceneDelegate {
    var calls: [String] = []
    func sceneWillEnterForeground(_ scene: UIScene) { calls.append("willEnterForeground") }
    func sceneDidBecomeActive(_ scene: UIScene) { calls.append("didBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { calls.append("willResignActive") }
    func sceneDidEnterBackground(_ scene: UIScene) { calls.append("didEnterBackground") }
    func sceneDidDisconnect(_ scene: UIScene) { calls.append("didDisconnect") }
}

final class NotADelegate {}

@MainActor
struct UISceneTests {
    func makeScene() throws -> (UIWindowScene, LifecycleRecorder) {
        let configuration = UISceneConfiguration(name: "Test", sessionRole: .windowApplication)
        configuration.delegateClass = LifecycleRecorder.self
        let session = UISceneSession(role: .windowApplication, configuration: configuration)
        let scene = try UIWindowScene.make(for: session, options: .init())
        return (scene, try #require(scene.delegate as? LifecycleRecorder))
    }

    @Test func statesFollowUIKitsOrder() throws {
        let (scene, recorder) = try makeScene()
        #expect(scene.activationState == .unattached)
        #expect(scene.session.scene === scene)
        scene.transition(to: .foregroundActive)
        #expect(recorder.calls == ["willEnterForeground", "didBecomeActive"])
        scene.transition(to: .background)
        #expect(recorder.calls.suffix(2) == ["willResignActive", "didEnterBackground"])
        scene.transition(to: .foregroundInactive)
        #expect(recorder.calls.last == "willEnterForeground")
        scene.transition(to: .unattached)
        #expect(recorder.calls.suffix(2) == ["didEnterBackground", "didDisconnect"])
        #expect(scene.activationState == .unattached)
    }

    /// A scene closed (or its app quit) before its window ever showed still hears that it disconnected.
    @Test func aSceneThatNeverShowedStillDisconnects() throws {
        let (scene, recorder) = try makeScene()
        scene.disconnect()
        #expect(recorder.calls == ["didDisconnect"])
        #expect(scene.activationState == .unattached)
        let (shown, shownRecorder) = try makeScene()
        shown.transition(to: .foregroundActive)
        shown.disconnect()
        #expect(shownRecorder.calls == ["willEnterForeground", "didBecomeActive", "willResignActive", "didEnterBackground", "didDisconnect"])
    }

    @Test func aDelegateClassThatIsNoDelegateIsReportedWithTheFix() {
        let configuration = UISceneConfiguration(name: "Broken", sessionRole: .windowApplication)
        configuration.delegateClass = NotADelegate.self
        let session = UISceneSession(role: .windowApplication, configuration: configuration)
        #expect {
            _ = try UIWindowScene.make(for: session, options: .init())
        } throws: { error in
            "\(error)".contains("does not adopt UISceneDelegate") && "\(error)".contains("Broken")
        }
    }

    /// The key window is one of the scene's windows: one that moves to another scene is no longer it.
    @Test func theKeyWindowLeavesWithItsWindow() throws {
        let (scene, _) = try makeScene()
        let (other, _) = try makeScene()
        let first = UIWindow(windowScene: scene), second = UIWindow(windowScene: scene)
        #expect(scene.keyWindow == nil)
        second.makeKeyAndVisible()
        #expect(scene.keyWindow === second && second.isKeyWindow && !first.isKeyWindow)
        second.windowScene = other
        #expect(scene.keyWindow == nil && !second.isKeyWindow && scene.windows.count == 1 && other.windows.count == 1)
        first.makeKey()
        #expect(scene.keyWindow === first)
    }

    @Test func titlesAreNullResettable() throws {
        let (scene, _) = try makeScene()
        scene.title = "Notes"
        #expect(scene.title == "Notes")
        scene.title = nil
        #expect(scene.title == "")
    }
}
