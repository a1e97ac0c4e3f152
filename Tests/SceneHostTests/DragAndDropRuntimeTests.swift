import Foundation
import SceneHostTesting
import Testing

/// An app for drag-and-drop tests: each scene shows one square that can be dragged (carrying a text
/// and, when `carriesActivity`, an activity that opens an "Opened" scene) and takes drops of text.
@MainActor
final class DragTestAppDelegate: UIResponder, UIApplicationDelegate {
    static let openActivityType = "org.scenehost.tests.drag-open"

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Drag", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = DragTestSceneDelegate.self
        return configuration
    }
}

@MainActor
final class DragTestSceneDelegate: UIResponder, UIWindowSceneDelegate, UIDragInteractionDelegate, UIDropInteractionDelegate {
    var window: UIWindow?
    let square = UIView()
    /// What every scene's delegates heard, in order: "<title> <callback>".
    static var log: [String] = []
    /// Texts dropped on any scene.
    static var dropped: [String] = []
    /// File URLs dropped on any scene, and how many items their drops had.
    static var droppedFiles: [URL] = []
    static var droppedItemCounts: [Int] = []
    /// The activities scenes connected with.
    static var openedWith: [NSUserActivity] = []
    /// The text a drag carries.
    static var text = "hello from SceneHost"
    static var carriesActivity = true
    /// Whether a cancelled drag's preview flies back to the square (else it fades where it is).
    static var cancelToSource = false
    static var scenes = 0
    /// Tracks the sessions, items and interactions of drags while set.
    static var tracker: LeakTracker?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        Self.scenes += 1
        let opened = connectionOptions.userActivities.first { $0.activityType == DragTestAppDelegate.openActivityType }
        if let opened { Self.openedWith.append(opened) }
        windowScene.title = opened != nil ? "Opened" : "Drag \(Self.scenes)"
        windowScene.sizeRestrictions?.minimumSize = CGSize(width: 300, height: 240)
        windowScene.sizeRestrictions?.maximumSize = CGSize(width: 420, height: 320)
        let window = UIWindow(windowScene: windowScene)
        let controller = UIViewController()
        controller.view.backgroundColor = .systemBackground
        square.frame = CGRect(x: 20, y: 20, width: 120, height: 120)
        square.backgroundColor = .systemOrange
        controller.view.addSubview(square)
        let drag = UIDragInteraction(delegate: self), drop = UIDropInteraction(delegate: self)
        square.addInteraction(drag)
        controller.view.addInteraction(drop)
        if opened == nil {
            Self.tracker?.track(drag, as: "UIDragInteraction")
            Self.tracker?.track(drop, as: "UIDropInteraction")
        }
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
    }

    private var title: String { window?.windowScene?.title ?? "?" }

    func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession) -> [UIDragItem] {
        let provider = NSItemProvider(object: Self.text)
        if Self.carriesActivity {
            let activity = NSUserActivity(activityType: DragTestAppDelegate.openActivityType)
            activity.userInfo = ["from": title]
            provider.registerObject(activity, visibility: .all)
        }
        return [UIDragItem(itemProvider: provider)]
    }
    func dragInteraction(_ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession) {
        Self.log.append("\(title) willBegin")
        Self.tracker?.track(session, as: "drag session")
        for item in session.items {
            Self.tracker?.track(item, as: "UIDragItem")
            Self.tracker?.track(item.itemProvider, as: "NSItemProvider")
        }
    }
    func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, willEndWith operation: UIDropOperation) {
        Self.log.append("\(title) willEnd \(operation.rawValue)")
    }
    func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, didEndWith operation: UIDropOperation) {
        Self.log.append("\(title) didEnd \(operation.rawValue)")
    }

    func dropInteraction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession) -> Bool {
        session.canLoadObjects(ofClass: String.self)
    }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession) {
        Self.log.append("\(title) enter local=\(session.localDragSession != nil)")
        Self.tracker?.track(session, as: "drop session")
    }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession) -> UIDropProposal {
        // The square is the source's own: no drop on it.
        interaction.view.map { square.frame.contains(session.location(in: $0)) } == true && session.localDragSession != nil
            ? UIDropProposal(operation: .forbidden) : UIDropProposal(operation: .copy)
    }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession) { Self.log.append("\(title) exit") }
    func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession) {
        Self.log.append("\(title) performDrop")
        Self.droppedItemCounts.append(session.items.count)
        if session.hasItemsConforming(toTypeIdentifiers: [UTType.fileURL.identifier]) {
            _ = session.loadObjects(ofClass: URL.self) { urls in Self.droppedFiles += urls }
        } else {
            _ = session.loadObjects(ofClass: String.self) { strings in Self.dropped += strings }
        }
    }
    func dragInteraction(_ interaction: UIDragInteraction, previewForCancelling item: UIDragItem,
                         withDefault defaultPreview: UITargetedDragPreview) -> UITargetedDragPreview? {
        Self.cancelToSource ? defaultPreview : nil
    }
    func dropInteraction(_ interaction: UIDropInteraction, concludeDrop session: any UIDropSession) { Self.log.append("\(title) concludeDrop") }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession) { Self.log.append("\(title) sessionDidEnd") }

    static func reset() {
        log = []
        dropped = []
        droppedFiles = []
        droppedItemCounts = []
        openedWith = []
        text = "hello from SceneHost"
        carriesActivity = true
        cancelToSource = false
        scenes = 0
        tracker = nil
    }
}

struct PeerError: Error, CustomStringConvertible {
    var description: String { "cannot build xdnd_peer.c (cc and libx11-dev are needed)" }
}

/// Builds the XDND peer (Tests/SceneHostTests/XdndPeer/xdnd_peer.c) once per run.
@MainActor
enum XdndPeer {
    static let path: String? = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("XdndPeer/xdnd_peer.c").path
        // Named after the source's contents: built once, reused by later runs until the source changes.
        guard let text = FileManager.default.contents(atPath: source) else { return nil }
        let checksum = text.reduce(UInt64(5381)) { ($0 &* 33) ^ UInt64($1) }
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-xdnd-peer-\(String(checksum, radix: 16))").path
        if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        // cc where build tools are installed, else the Swift toolchain's clang.
        for compiler in ["cc", "clang"] {
            if let build = try? ChildProcess(compiler, ["-O1", "-o", binary, source, "-lX11"]), build.wait() == 0 { return binary }
        }
        return nil
    }()

    /// Runs the peer with `arguments` on `display`, its report going to `output`.
    static func start(_ arguments: [String], display: VirtualDisplay, output: String) throws -> ChildProcess {
        guard let path else { throw PeerError() }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        return try ChildProcess(path, [arguments[0], output] + arguments.dropFirst(), environment: environment)
    }
}

extension SceneWindowTests {
    /// Places `scene`'s window with its client area's top-left corner at `x`, `y` (pixels) and waits.
    private func place(_ scene: UIWindowScene, x: CGFloat, y: CGFloat, app: AppHarness) async {
        scene.requestGeometryUpdate(UIWindowScene.GeometryPreferences.Mac(systemFrame: CGRect(x: x, y: y, width: 400, height: 300)))
        _ = await app.run(until: { abs(scene.effectiveGeometry.systemFrame.minX - x) < 2 && abs(scene.effectiveGeometry.systemFrame.minY - y) < 2 }, timeout: 3)
    }

    /// The square's centre in root pixels.
    private func squareCentre(of scene: UIWindowScene) -> (x: Int, y: Int) {
        let frame = scene.effectiveGeometry.systemFrame
        return (Int(frame.minX + 80), Int(frame.minY + 80))
    }

    @Test func aDragOutOntoTheDesktopOpensAWindowAtTheDropPoint() async throws {
        DragTestSceneDelegate.reset()
        let app = try AppHarness(DragTestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let source = try #require(app.scenes.first)
        await place(source, x: 40, y: 60, app: app)
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        let drop = (x: 1200, y: 500)
        await input.drag(from: squareCentre(of: source), to: drop, steps: 12) { await app.run(for: 0.03) }
        #expect(await app.run(until: { app.scenes.count == 2 }, timeout: 5))
        let opened = try #require(app.scene(titled: "Opened"))
        #expect(DragTestSceneDelegate.openedWith.first?.userInfo?["from"] as? String == "Drag 1")
        // The new window's top edge is centred on the drop point.
        #expect(await app.run(until: {
            let frame = opened.effectiveGeometry.systemFrame
            return abs(frame.midX - CGFloat(drop.x)) <= 4 && abs(frame.minY - CGFloat(drop.y)) <= 4
        }, timeout: 3), "\(opened.effectiveGeometry.systemFrame)")
        #expect(DragTestSceneDelegate.log.contains("Drag 1 willBegin"))
        // Over its own window first (its drop interaction entered and left), then the desktop: a copy.
        #expect(DragTestSceneDelegate.log == ["Drag 1 willBegin", "Drag 1 enter local=true", "Drag 1 exit", "Drag 1 willEnd 2",
                                              "Drag 1 didEnd 2", "Drag 1 sessionDidEnd"], "\(DragTestSceneDelegate.log)")
        #expect(!app.events(of: "dragEnded").isEmpty)
    }

    @Test func aDragBetweenTwoOfTheAppsWindowsReachesTheDropDelegate() async throws {
        DragTestSceneDelegate.reset()
        let app = try AppHarness(DragTestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        let first = try #require(app.scene(titled: "Drag 1")), second = try #require(app.scene(titled: "Drag 2"))
        await place(first, x: 40, y: 60, app: app)
        await place(second, x: 700, y: 60, app: app)
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        DragTestSceneDelegate.text = "between windows"
        await input.drag(from: squareCentre(of: first), to: (900, 260), steps: 12) { await app.run(for: 0.03) }
        #expect(await app.run(until: { !DragTestSceneDelegate.dropped.isEmpty && DragTestSceneDelegate.log.contains("Drag 2 concludeDrop") }, timeout: 3))
        #expect(DragTestSceneDelegate.dropped == ["between windows"])
        let log = DragTestSceneDelegate.log
        // The drag entered its own scene first (over the square: forbidden), then the other one.
        #expect(log.contains("Drag 1 enter local=true") && log.contains("Drag 1 exit") && log.contains("Drag 2 enter local=true"), "\(log)")
        let order = ["Drag 2 performDrop", "Drag 1 willEnd 2", "Drag 1 didEnd 2", "Drag 2 concludeDrop"].compactMap { log.firstIndex(of: $0) }
        #expect(order.count == 4 && order == order.sorted(), "\(log)")
        #expect(log.contains("Drag 2 sessionDidEnd") && log.contains("Drag 1 sessionDidEnd"))
        #expect(app.scenes.count == 2, "a drop on a window opens nothing")
    }

    @Test func textGoesToAnotherProgramByXdnd() async throws {
        DragTestSceneDelegate.reset()
        let app = try AppHarness(DragTestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let source = try #require(app.scenes.first)
        await place(source, x: 40, y: 60, app: app)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("xdnd-peer-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let peer = try XdndPeer.start(["target"], display: app.virtualDisplay, output: output)
        defer { peer.signal() }
        var peerWindow: Window?
        #expect(await app.run(until: {
            peerWindow = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").first
                .flatMap { $0.hasPrefix("window ") ? Window($0.dropFirst(7)) : nil }
            return peerWindow != nil
        }, timeout: 5))
        let other = try app.virtualDisplay.connect()
        let window = try #require(peerWindow)
        // The peer's window is put where the app's is not.
        other.move(window, x: 900, y: 300)
        other.flush()
        await app.run(for: 0.3)
        let corner = try #require(other.rootPosition(window))
        DragTestSceneDelegate.text = "héllo to another program"
        let input = try SyntheticInput(display: other)
        await input.drag(from: squareCentre(of: source), to: (corner.x + 120, corner.y + 100), steps: 12) { await app.run(for: 0.03) }
        #expect(await app.run(until: { DragTestSceneDelegate.log.contains("Drag 1 didEnd 2") }, timeout: 6), "\(DragTestSceneDelegate.log) \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        #expect((try? String(contentsOfFile: output, encoding: .utf8))?.contains("dropped héllo to another program") == true)
        #expect(app.scenes.count == 1, "a drop taken by another program opens no window")
        #expect(app.events(of: "xdndEnter").first?["types"] as? String == "text/plain;charset=utf-8 UTF8_STRING text/plain")
    }

    @Test func textFromAnotherProgramReachesTheDropInteraction() async throws {
        DragTestSceneDelegate.reset()
        let app = try AppHarness(DragTestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let target = try #require(app.scenes.first)
        await place(target, x: 40, y: 60, app: app)
        let xWindow = try #require(app.window(of: target))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("xdnd-peer-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        // Over the view, not the square (whose proposals forbid only the app's own drags).
        let point = (x: 40 + 300, y: 60 + 200)
        let peer = try XdndPeer.start(["source", String(xWindow), String(point.x), String(point.y), "dropped from C"],
                                      display: app.virtualDisplay, output: output)
        defer { peer.signal() }
        #expect(await app.run(until: { DragTestSceneDelegate.dropped == ["dropped from C"] }, timeout: 6), "\(DragTestSceneDelegate.log)")
        #expect(await app.run(until: { (try? String(contentsOfFile: output, encoding: .utf8))?.contains("finished 1 XdndActionCopy") == true }, timeout: 3))
        let log = DragTestSceneDelegate.log
        #expect(log.first == "Drag 1 enter local=false" && log.contains("Drag 1 performDrop") && log.contains("Drag 1 sessionDidEnd"), "\(log)")
    }

    @Test func filesFromAnotherProgramArriveAsOneItemEach() async throws {
        DragTestSceneDelegate.reset()
        let app = try AppHarness(DragTestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        let target = try #require(app.scenes.first)
        await place(target, x: 40, y: 60, app: app)
        let xWindow = try #require(app.window(of: target))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("xdnd-peer-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let peer = try XdndPeer.start(["source", String(xWindow), "340", "260", "file:///tmp/one.txt\r\n# a comment\r\nfile:///tmp/two%20words.png\r\n"],
                                      display: app.virtualDisplay, output: output)
        defer { peer.signal() }
        #expect(await app.run(until: { DragTestSceneDelegate.droppedFiles.count == 2 }, timeout: 6), "\(DragTestSceneDelegate.log)")
        #expect(DragTestSceneDelegate.droppedItemCounts == [2])
        #expect(DragTestSceneDelegate.droppedFiles.map(\.path) == ["/tmp/one.txt", "/tmp/two words.png"])
        #expect(await app.run(until: { (try? String(contentsOfFile: output, encoding: .utf8))?.contains("finished 1") == true }, timeout: 3))
    }

    @Test func closingTheSourceWindowMidDragCancelsTheDrag() async throws {
        DragTestSceneDelegate.reset()
        let app = try AppHarness(DragTestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        let source = try #require(app.scene(titled: "Drag 1"))
        await place(source, x: 40, y: 60, app: app)
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        let start = squareCentre(of: source)
        input.move(to: start)
        input.display.fakeButton(1, pressed: true)
        input.display.sync()
        await app.run(for: 0.05)
        for step in 1...5 {
            input.move(to: (start.x + step * 40, start.y + step * 20))
            await app.run(for: 0.03)
        }
        #expect(DragTestSceneDelegate.log.contains("Drag 1 willBegin"))
        app.application.requestSceneSessionDestruction(source.session, options: nil)
        #expect(await app.run(until: { app.scenes.count == 1 }, timeout: 3))
        input.display.fakeButton(1, pressed: false)
        input.display.sync()
        await app.run(for: 0.1)
        #expect(DragTestSceneDelegate.log.contains("Drag 1 didEnd 0"), "\(DragTestSceneDelegate.log)")
        #expect(app.events(of: "dragEnded").count == 1)
        #expect(app.scenes.count == 1, "a cancelled drag opens nothing")
    }

    @Test func dragSessionsItemsAndInteractionsAreFreed() async throws {
        DragTestSceneDelegate.reset()
        let tracker = LeakTracker()
        DragTestSceneDelegate.tracker = tracker
        defer { DragTestSceneDelegate.tracker = nil }
        let app = try AppHarness(DragTestAppDelegate.self)
        #expect(await app.waitForScenes(1))
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication))
        #expect(await app.waitForScenes(2))
        // The scenes are looked up each time: the test holds none of them.
        func scene(_ title: String) throws -> UIWindowScene { try #require(app.scene(titled: title)) }
        await place(try scene("Drag 1"), x: 40, y: 60, app: app)
        await place(try scene("Drag 2"), x: 700, y: 60, app: app)
        let input = try SyntheticInput(display: try app.virtualDisplay.connect())
        // One drag to the other window, one onto the desktop (which opens a third scene), one cancelled
        // by dropping on its own square.
        let one = squareCentre(of: try scene("Drag 1")), two = squareCentre(of: try scene("Drag 2"))
        await input.drag(from: one, to: (900, 260), steps: 8) { await app.run(for: 0.03) }
        await input.drag(from: two, to: (1500, 700), steps: 8) { await app.run(for: 0.03) }
        #expect(await app.run(until: { app.scenes.count == 3 }, timeout: 5))
        await input.drag(from: one, to: (one.x + 30, one.y), steps: 4) { await app.run(for: 0.03) }
        // The cancelled drag's session lives until its preview has faded.
        await app.run(for: UIDragInteraction.cancelDuration + 0.2)
        #expect(DragTestSceneDelegate.log.filter { $0.hasSuffix("willBegin") }.count == 3, "\(DragTestSceneDelegate.log)")
        #expect(Set(tracker.survivors.keys).isSubset(of: ["UIDragInteraction", "UIDropInteraction"]), "ended drags are freed: \(tracker)")
        // The two scenes the drags came from close (the opened one keeps the app running).
        for title in ["Drag 1", "Drag 2"] {
            tracker.track(try scene(title))
            app.application.requestSceneSessionDestruction(try scene(title).session, options: nil)
        }
        #expect(await app.run(until: { app.scenes.count == 1 }, timeout: 3))
        await app.run(for: 0.2)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }
}
