import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A controller that logs the transitions it hears of, with the sizes and size classes they bring.
@MainActor
final class ContainerRecorder: UIViewController {
    let name: String
    var log: [String]
    var childSize: ((CGSize) -> CGSize)?
    var record: (String) -> Void

    init(_ name: String, into record: @escaping (String) -> Void) {
        self.name = name
        self.log = []
        self.record = record
        super.init(nibName: nil, bundle: nil)
    }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        record("\(name) size \(Int(size.width))x\(Int(size.height))")
    }
    override func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.willTransition(to: newCollection, with: coordinator)
        record("\(name) traits \(newCollection.horizontalSizeClass) \(newCollection.userInterfaceLevel)")
    }
    override func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        childSize?(parentSize) ?? super.size(forChildContentContainer: container, withParentContainerSize: parentSize)
    }
    override func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
        record("\(name) child prefers \(Int(container.preferredContentSize.width))")
    }
    override func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {
        record("\(name) child fitting changed")
    }
}

@MainActor
struct UIContentContainerTests {
    @Test func presentedControllersHearOfTransitionsThroughTheirPresentationControllers() {
        var log: [String] = []
        let root = ContainerRecorder("root") { log.append($0) }
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        scene.windows[0].traitOverrides.userInterfaceLevel = .elevated
        presentationFrame(scene)
        let cover = ContainerRecorder("cover") { log.append($0) }
        cover.modalPresentationStyle = .fullScreen
        root.present(cover, animated: false)
        let sheet = ContainerRecorder("sheet") { log.append($0) }
        sheet.modalPresentationStyle = .formSheet
        cover.present(sheet, animated: false)
        presentationFrame(scene)
        log = []
        resize(scene, to: CGSize(width: 600, height: 800))
        // Traits first (with the window's overrides), then sizes; the sheet becomes a full-width sheet.
        #expect(log == ["root traits compact elevated", "cover traits compact elevated", "sheet traits compact elevated",
                        "root size 600x800", "cover size 600x800", "sheet size 600x790"], "\(log)")
        log = []
        resize(scene, to: CGSize(width: 1000, height: 800))
        log = []
        resize(scene, to: CGSize(width: 1100, height: 800))
        #expect(log == ["root size 1100x800", "cover size 1100x800"], "a centred sheet keeps its size: not told \(log)")
        root.dismiss(animated: false)
    }

    @Test func childrenWhoseSizeDoesNotChangeAreSkippedAndSizesComeFromTheParent() {
        var log: [String] = []
        let root = ContainerRecorder("root") { log.append($0) }
        let fixed = ContainerRecorder("fixed") { log.append($0) }, half = ContainerRecorder("half") { log.append($0) }
        for child in [fixed, half] {
            root.addChild(child)
            root.view.addSubview(child.view)
            child.didMove(toParent: root)
        }
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        root.childSize = { size in CGSize(width: size.width / 2, height: size.height) }
        fixed.view.frame = CGRect(x: 0, y: 0, width: 500, height: 800)
        half.view.frame = CGRect(x: 500, y: 0, width: 500, height: 800)
        log = []
        resize(scene, to: CGSize(width: 1000, height: 700))
        #expect(log.contains("fixed size 500x700") && log.contains("half size 500x700"))
        log = []
        root.childSize = { size in CGSize(width: 500, height: 700) }
        fixed.view.frame.size = CGSize(width: 500, height: 700)
        half.view.frame.size = CGSize(width: 500, height: 700)
        resize(scene, to: CGSize(width: 900, height: 700))
        #expect(log == ["root size 900x700"], "children keeping their size hear nothing: \(log)")
    }

    @Test func preferredAndFittingSizeChangesGoToTheParent() {
        var log: [String] = []
        let root = ContainerRecorder("root") { log.append($0) }
        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        child.preferredContentSize = CGSize(width: 240, height: 100)
        child.preferredContentSize = CGSize(width: 240, height: 100)
        child.view.invalidateIntrinsicContentSize()
        #expect(log == ["root child prefers 240", "root child fitting changed"], "once per real change: \(log)")
        let container: any UIContentContainer = root
        #expect(container.size(forChildContentContainer: child, withParentContainerSize: CGSize(width: 3, height: 4)) == CGSize(width: 3, height: 4))
    }

    @Test func aTraitOnlyTransitionRunsAlongsideBeforeLayoutAndCompletionsAfterIt() {
        final class Watcher: UIViewController {
            var log: [String] = []
            override func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
                super.willTransition(to: newCollection, with: coordinator)
                #expect(!coordinator.isAnimated && coordinator.transitionDuration == 0 && coordinator.presentationStyle == .none)
                coordinator.animate(alongsideTransition: { _ in self.log.append("alongside \(self.traitCollection.userInterfaceStyle)") },
                                    completion: { _ in self.log.append("completion") })
            }
            override func viewDidLayoutSubviews() { log.append("layout") }
        }
        let root = Watcher()
        let scene = presentationScene(CGSize(width: 800, height: 600), root: root)
        root.log = []
        scene.environmentTraits = scene.environmentTraits.modifyingTraits { $0.userInterfaceStyle = .dark }
        root.view.setNeedsLayout()
        presentationFrame(scene)
        #expect(root.log == ["alongside dark", "layout", "completion"], "\(root.log)")
    }

    @Test func aFullWindowPresentedControllerDecidesTheOrientationLock() {
        final class Locking: UIViewController {
            override var prefersInterfaceOrientationLocked: Bool { true }
        }
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 700), root: root)
        #expect(!scene.prefersOrientationLock)
        let presented = Locking()
        presented.modalPresentationStyle = .fullScreen
        root.present(presented, animated: false)
        #expect(scene.prefersOrientationLock, "as for the supported orientations, the topmost full-window controller")
        root.dismiss(animated: false)
        let sheet = Locking()
        root.present(sheet, animated: false)
        presentationFrame(scene)
        #expect(!scene.prefersOrientationLock, "a sheet does not decide")
        root.dismiss(animated: false)
    }
}
