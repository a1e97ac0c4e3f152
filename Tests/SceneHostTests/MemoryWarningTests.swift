import Foundation
@testable import SceneHost
import SceneHostTesting
import Testing
import X11

/// An app delegate that counts memory warnings.
@MainActor
final class MemoryWarningAppDelegate: UIResponder, UIApplicationDelegate {
    static var warnings = 0
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Test", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = TestSceneDelegate.self
        return configuration
    }
    func applicationDidReceiveMemoryWarning(_ application: UIApplication) { Self.warnings += 1 }
}

/// A controller that counts the memory warnings it hears.
@MainActor
private final class CountingController: UIViewController {
    var warnings = 0
    override func didReceiveMemoryWarning() { warnings += 1 }
}

/// Memory warnings: Ctrl+Shift+M (as Simulator's Shift+Cmd+M) reaches the app delegate, the
/// notification's observers (the decoded-image cache) and every controller in the scene's windows, in
/// UIKit's order; the kernel's memory-pressure trigger is accepted here. Part of the serialized
/// `SceneWindowTests`.
extension SceneWindowTests {
    @Test func ctrlShiftMDeliversAMemoryWarningToDelegateNotificationAndControllers() async throws {
        MemoryWarningAppDelegate.warnings = 0
        let app = try AppHarness(MemoryWarningAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let window = try #require(scene.keyWindow)
        let parent = CountingController(), child = CountingController(), presented = CountingController()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        window.rootViewController = parent
        parent.present(presented, animated: false)

        var order: [String] = []
        let observer = NotificationCenter.default.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: nil) { _ in
            MainActor.assumeIsolated { order.append("notification \(MemoryWarningAppDelegate.warnings) \(parent.warnings)") }
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        let other = try app.virtualDisplay.connect()
        other.focus(try #require(app.window(of: scene)))
        other.sync()
        #expect(await app.run(until: { scene.traitCollection.activeAppearance == .active }))
        let input = try SyntheticInput(display: other)
        input.press(keysym: KeySym("m"), modifiers: [.controlLeft, .shiftLeft])
        #expect(await app.run(until: { presented.warnings == 1 }))
        #expect(MemoryWarningAppDelegate.warnings == 1)
        #expect([parent.warnings, child.warnings, presented.warnings] as [Int] == [1, 1, 1])
        // The delegate hears first, then the notification's observers, then the controllers.
        #expect(order == ["notification 1 0"])
        #expect(app.events(of: "memoryWarning").count == 1)
    }

    @Test func theKernelAcceptsTheMemoryPressureTrigger() throws {
        // Linux 4.20+ with PSI: the trigger the event loop waits on. Where the kernel lacks PSI the app
        // runs without system warnings; this machine's kernel has it.
        try #require(FileManager.default.fileExists(atPath: "/proc/pressure/memory"))
        #expect(MemoryPressure() != nil)
    }
}
