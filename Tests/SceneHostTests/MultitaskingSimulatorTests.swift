import Foundation
@testable import GalleryApp
import SceneHostTesting
import Testing

extension SceneWindowTests {
    /// The multitasking simulator: Ctrl+Alt+1 … 6 snap the focused window to the iPad's arrangements in
    /// the device's orientation, a turn of the device keeps the arrangement, Ctrl+Alt+0 frees it, and the
    /// trace names each arrangement.
    @Test func theSimulatorSnapsTheWindowToTheIPadsArrangements() async throws {
        let app = try AppHarness(TestAppDelegate.self)
        app.iPadModel = .mini9_7
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first)
        let other = try app.virtualDisplay.connect()
        let input = try SyntheticInput(display: other)
        let window = try #require(app.window(of: scene))
        other.focus(window)
        #expect(await app.run(until: { scene.activationState == .foregroundActive }))
        let free = scene.effectiveGeometry.systemFrame.size
        func reaches(_ width: CGFloat, _ height: CGFloat) async -> Bool {
            await app.run(until: { scene.effectiveGeometry.systemFrame.size == CGSize(width: width, height: height) })
        }

        input.press(keysym: KeySym("2"), modifiers: [.controlLeft, .altLeft])
        #expect(await reaches(694, 768), "2/3 of a 9.7-inch in landscape")
        #expect(scene.simulatedArrangement == .twoThirds)
        input.press(keysym: KeySym("3"), modifiers: [.controlLeft, .altLeft])
        #expect(await reaches(507, 768))
        #expect(scene.traitCollection.horizontalSizeClass == .compact, "the half of a 9.7-inch is compact")

        // A half has no portrait arrangement: the window turns as a free one would (taller than wide
        // already, it keeps its size), and is free.
        app.rotateDevice(clockwise: false)
        #expect(await app.run(until: { scene.effectiveGeometry.interfaceOrientation.isPortrait }))
        #expect(scene.simulatedArrangement == nil && scene.effectiveGeometry.systemFrame.size == CGSize(width: 507, height: 768))
        app.snap(scene, to: .twoThirds)
        #expect(await reaches(438, 1024), "2/3 in portrait")
        app.rotateDevice(clockwise: true)
        #expect(await reaches(694, 768), "turned back, still 2/3")

        input.press(keysym: KeySym("0"), modifiers: [.controlLeft, .altLeft])
        #expect(await reaches(507, 768), "Ctrl+Alt+0 gives back the free size it had before the snap")
        #expect(scene.simulatedArrangement == nil && free != CGSize(width: 507, height: 768))
        let arrangements = app.events(of: "arrangement", scene: scene).compactMap { $0["arrangement"] as? String }
        #expect(arrangements == ["twoThirds", "half", "free", "twoThirds", "free"])
        #expect(app.events(of: "arrangement", scene: scene).first?["device"] as? String == "9.7-inch")
    }
}

extension SceneWindowTests {
    /// The contact sheet's two paths agree: the Settings scene rendered offscreen at every size of the
    /// 9.7-inch iPad matches what its real window shows at those sizes under openbox.
    @Test func aContactSheetRenderedOffscreenMatchesTheRealWindow() async throws {
        let shown = AppDelegate.showsOverlay
        AppDelegate.showsOverlay = false
        defer { AppDelegate.showsOverlay = shown }
        let display = try VirtualDisplay(width: 1200, height: 1150)
        let app = try AppHarness(TestAppDelegate.self, display: display)
        #expect(await app.waitForScenes(1))
        let scene = try #require(app.scenes.first as? UIWindowScene)
        scene.windows.first?.rootViewController = SettingsContainerController()
        var sheet = ContactSheet()
        sheet.models = [.mini9_7]
        let inWindow = try await sheet.renderCellsInWindow(of: scene, in: app)
        #expect(inWindow.count == 9, "every 9.7-inch size fits on a 1200 × 1150 screen")
        let offscreen = sheet.renderCells { SettingsContainerController() }
        for cell in inWindow {
            let twin = try #require(offscreen.first { $0.size == cell.size && $0.variant == cell.variant })
            #expect(cell.horizontalSizeClass == twin.horizontalSizeClass)
            let comparison = Snapshot.compare(cell.image, twin.image, tolerance: .window)
            #expect(!comparison.sizeMismatch && comparison.differingFraction <= SnapshotTolerance.window.differingFraction,
                    "\(cell.fileName): \(comparison.differingPixels) pixels differ")
        }
    }
}
