import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A controller that logs its appearance and containment calls, with the flags they see.
@MainActor
final class AppearanceLog {
    var entries: [String] = []
}

@MainActor
final class LoggingController: UIViewController {
    let name: String, log: AppearanceLog
    var forwards = true
    init(_ name: String, _ log: AppearanceLog) {
        (self.name, self.log) = (name, log)
        super.init(nibName: nil, bundle: nil)
    }
    private func note(_ call: String) {
        var flags = ""
        if isMovingToParent { flags += " movingTo" }
        if isMovingFromParent { flags += " movingFrom" }
        if isBeingPresented { flags += " presented" }
        if isBeingDismissed { flags += " dismissed" }
        log.entries.append("\(name).\(call)\(flags)")
    }
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwards }
    override func viewWillAppear(_ animated: Bool) { note("willAppear") }
    override func viewIsAppearing(_ animated: Bool) { note("isAppearing") }
    override func viewDidAppear(_ animated: Bool) { note("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { note("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { note("didDisappear") }
    override func viewWillLayoutSubviews() { note("willLayout") }
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        note(parent == nil ? "willMove(nil)" : "willMove")
    }
    override func didMove(toParent parent: UIViewController?) { note(parent == nil ? "didMove(nil)" : "didMove") }
}

/// UIKit's appearance callbacks and their order: a window's root, children added and removed, a
/// parent with children, manual forwarding, presentations, and what never calls them.
@MainActor
struct UIViewControllerAppearanceTests {
    func frame(_ scene: UIWindowScene) { _ = scene.prepareFrame(nil, drawingAt: 1) }

    @Test func aWindowsRootAppearsWithItsFirstFrame() {
        let log = AppearanceLog(), root = LoggingController("root", log)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        #expect(log.entries == ["root.willAppear"], "will at once; the rest with the frame")
        frame(scene)
        #expect(log.entries == ["root.willAppear", "root.isAppearing", "root.willLayout", "root.didAppear"])
        log.entries = []
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 800, height: 600))
        frame(scene)
        #expect(!log.entries.contains { $0.contains("Appear") || $0.contains("Disappear") }, "a resize calls none of them: \(log.entries)")
    }

    @Test func aChildAddedAndRemovedSeesUIKitsOrderAndFlags() {
        let log = AppearanceLog(), root = LoggingController("root", log), child = LoggingController("child", log)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        frame(scene)
        log.entries = []
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        frame(scene)
        #expect(log.entries == ["child.willMove movingTo", "child.willAppear movingTo", "child.didMove movingTo", "root.willLayout",
                                "child.isAppearing movingTo", "child.willLayout movingTo", "child.didAppear movingTo"], "\(log.entries)")
        log.entries = []
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.entries == ["child.willMove(nil) movingFrom", "child.willDisappear movingFrom", "child.didDisappear movingFrom",
                                "child.didMove(nil)"], "\(log.entries)")
        #expect(!child.isMovingFromParent && !child.isMovingToParent, "false outside the callbacks")
    }

    @Test func aParentsAppearanceGoesDownThenUpParentFirst() {
        let log = AppearanceLog(), root = LoggingController("root", log), child = LoggingController("child", log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        log.entries = []
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        frame(scene)
        let calls = log.entries.filter { $0.contains("Appear") }.map { $0.replacingOccurrences(of: " movingTo", with: "") }
        #expect(calls == ["root.willAppear", "child.willAppear", "root.isAppearing", "child.isAppearing", "root.didAppear", "child.didAppear"], "\(calls)")
    }

    @Test func aContainerThatForwardsByHandBracketsItsChildren() {
        let log = AppearanceLog(), root = LoggingController("root", log), child = LoggingController("child", log)
        root.forwards = false
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        frame(scene)
        log.entries = []
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        frame(scene)
        #expect(!log.entries.contains { $0.contains("Appear") }, "nothing by itself: \(log.entries)")
        child.beginAppearanceTransition(true, animated: true)
        child.beginAppearanceTransition(true, animated: true)
        child.endAppearanceTransition()
        #expect(log.entries.filter { $0.contains("Appear") } == ["child.willAppear movingTo", "child.isAppearing movingTo", "child.didAppear movingTo"])
    }

    @Test func coveringPresentationsMakeThePresenterDisappearAndSheetsDoNot() {
        let log = AppearanceLog(), root = LoggingController("root", log)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: root)
        frame(scene)
        log.entries = []
        let sheet = LoggingController("sheet", log)
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: false)
        frame(scene)
        root.dismiss(animated: false)
        frame(scene)
        #expect(log.entries.filter { $0.contains("Appear") || $0.contains("Disappear") }
                == ["sheet.willAppear presented", "sheet.isAppearing presented", "sheet.didAppear presented",
                    "sheet.willDisappear dismissed", "sheet.didDisappear dismissed"], "\(log.entries)")
        log.entries = []
        let cover = LoggingController("cover", log)
        cover.modalPresentationStyle = .fullScreen
        root.present(cover, animated: false)
        frame(scene)
        root.dismiss(animated: false)
        frame(scene)
        #expect(log.entries.filter { $0.contains("Appear") || $0.contains("Disappear") }
                == ["root.willDisappear", "cover.willAppear presented", "cover.isAppearing presented", "root.didDisappear",
                    "cover.didAppear presented", "root.willAppear", "cover.willDisappear dismissed", "cover.didDisappear dismissed",
                    "root.isAppearing", "root.didAppear"], "\(log.entries)")
    }

    @Test func replacingTheRootMakesOneDisappearAndTheOtherAppear() {
        let log = AppearanceLog(), first = LoggingController("first", log), second = LoggingController("second", log)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: first)
        frame(scene)
        log.entries = []
        scene.keyWindow?.rootViewController = second
        frame(scene)
        #expect(log.entries.filter { $0.contains("Appear") || $0.contains("Disappear") }
                == ["first.willDisappear", "first.didDisappear", "second.willAppear", "second.isAppearing", "second.didAppear"], "\(log.entries)")
    }
}
