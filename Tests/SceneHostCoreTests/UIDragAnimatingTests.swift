import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A drag source and drop target logging the animation calls, whose previews the test chooses.
@MainActor
private final class AnimationLog: UIDragInteractionDelegate, UIDropInteractionDelegate {
    var log: [String] = []
    /// Whether a cancel flies back to the default preview (else nil: it fades where it is).
    var cancelToSource = true
    /// The drop's preview: the target view's place (else nil: it shrinks and fades).
    var dropPreviewView: UIView?
    weak var session: DragSession?
    weak var animator: (any UIDragAnimating)?
    /// Views moved alongside the animations.
    let alongside = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))

    func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession) -> [UIDragItem] {
        log.append("items")
        return [UIDragItem(itemProvider: NSItemProvider(object: "dragged"))]
    }
    func dragInteraction(_ interaction: UIDragInteraction, willAnimateLiftWith animator: any UIDragAnimating, session: any UIDragSession) {
        log.append("willAnimateLift")
        self.session = session as? DragSession
        self.animator = animator
        animator.addAnimations { [alongside] in alongside.alpha = 0.5 }
        animator.addCompletion { [weak self] position in self?.log.append("lift completion \(position.rawValue)") }
    }
    func dragInteraction(_ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession) { log.append("willBegin") }
    func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, willEndWith operation: UIDropOperation) {
        log.append("willEnd \(operation)")
    }
    func dragInteraction(_ interaction: UIDragInteraction, previewForCancelling item: UIDragItem,
                         withDefault defaultPreview: UITargetedDragPreview) -> UITargetedDragPreview? {
        log.append("previewForCancelling")
        return cancelToSource ? defaultPreview : nil
    }
    func dragInteraction(_ interaction: UIDragInteraction, item: UIDragItem, willAnimateCancelWith animator: any UIDragAnimating) {
        log.append("willAnimateCancel")
        self.animator = animator
        animator.addCompletion { [weak self] position in self?.log.append("cancel completion \(position.rawValue)") }
    }
    func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, didEndWith operation: UIDropOperation) {
        log.append("didEnd \(operation)")
    }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession) -> UIDropProposal {
        UIDropProposal(operation: .copy)
    }
    func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession) { log.append("performDrop") }
    func dropInteraction(_ interaction: UIDropInteraction, previewForDropping item: UIDragItem,
                         withDefault defaultPreview: UITargetedDragPreview) -> UITargetedDragPreview? {
        log.append("previewForDropping")
        return dropPreviewView.map { UITargetedDragPreview(view: $0) }
    }
    func dropInteraction(_ interaction: UIDropInteraction, item: UIDragItem, willAnimateDropWith animator: any UIDragAnimating) {
        log.append("willAnimateDrop")
        animator.addCompletion { [weak self] position in self?.log.append("drop completion \(position.rawValue)") }
    }
    func dropInteraction(_ interaction: UIDropInteraction, concludeDrop session: any UIDropSession) { log.append("concludeDrop") }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession) { log.append("sessionDidEnd") }
}

/// The lift, cancel and drop animations of a drag's preview, on an offscreen scene's clock.
@MainActor
struct UIDragAnimatingTests {
    /// A 400×300 scene with a 100×100 source at (100, 100) and a 100×100 target at (250, 100), the
    /// drag lifted at (150, 150) and moved to (160, 150).
    private func lifted(_ log: AnimationLog) -> (scene: UIWindowScene, source: UIView, target: UIView) {
        let source = UIView()
        source.backgroundColor = .systemOrange
        let scene = gestureScene(with: source)
        let target = UIView(frame: CGRect(x: 250, y: 100, width: 100, height: 100))
        source.superview?.addSubview(target)
        source.superview?.addSubview(log.alongside)
        source.addInteraction(UIDragInteraction(delegate: log))
        target.addInteraction(UIDropInteraction(delegate: log))
        scene.layoutIfNeeded()
        scene.pointerPressed(at: CGPoint(x: 150, y: 150))
        scene.pointerMoved(to: CGPoint(x: 160, y: 150))
        return (scene, source, target)
    }

    private func drain() async {
        for _ in 0..<3 { await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } } }
    }

    private func close(_ a: CGRect?, _ b: CGRect, within tolerance: CGFloat = 0.01) -> Bool {
        guard let a else { return false }
        return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    @Test func theLiftGrowsThePreviewUnderThePointerAndRunsTheDelegatesAnimations() {
        let log = AnimationLog()
        let (scene, _, _) = lifted(log)
        #expect(log.log == ["items", "willAnimateLift", "willBegin"])
        let session = try? #require(log.session)
        // The pointer held the view at its centre: the preview grows about that point.
        _ = scene.offscreenHost!.prepareFrame(at: 10)
        #expect(close(session?.previewFrame, CGRect(x: 110, y: 100, width: 100, height: 100)))
        _ = scene.offscreenHost!.prepareFrame(at: 10 + UIDragInteraction.liftDuration / 2)
        let half = session?.previewFrame.width ?? 0
        #expect(half > 102.5 && half < 105, "eased out: past half way at half the time (\(half))")
        #expect(log.alongside.alpha == 0.5, "the delegate's change is made (and animated)")
        #expect(!log.log.contains("lift completion 0"))
        _ = scene.offscreenHost!.prepareFrame(at: 10 + UIDragInteraction.liftDuration)
        #expect(close(session?.previewFrame, CGRect(x: 160 - 52.5, y: 150 - 52.5, width: 105, height: 105)))
        #expect(log.log.last == "lift completion 0")
        scene.pointerReleased(at: CGPoint(x: 160, y: 150))
    }

    @Test func aCancelledDragFliesBackToItsSourceThenEnds() {
        let log = AnimationLog()
        let (scene, _, _) = lifted(log)
        _ = scene.offscreenHost!.prepareFrame(at: 10)
        _ = scene.offscreenHost!.prepareFrame(at: 11)
        // Released away from the target: a cancel.
        scene.pointerMoved(to: CGPoint(x: 150, y: 260))
        scene.pointerReleased(at: CGPoint(x: 150, y: 260))
        #expect(Array(log.log.suffix(4)) == ["willEnd cancel", "previewForCancelling", "willAnimateCancel", "didEnd cancel"])
        let session = try? #require(log.session)
        #expect(session?.isPreviewLanding == true)
        _ = scene.offscreenHost!.prepareFrame(at: 20)
        #expect(close(session?.previewFrame, CGRect(x: 150 - 52.5, y: 260 - 52.5, width: 105, height: 105)))
        _ = scene.offscreenHost!.prepareFrame(at: 20 + UIDragInteraction.cancelDuration / 2)
        let midway = session?.previewFrame ?? .zero
        #expect(midway.minY < 207.5 && midway.minY > 100 && midway.width < 105 && midway.width > 100, "\(midway)")
        _ = scene.offscreenHost!.prepareFrame(at: 20 + UIDragInteraction.cancelDuration)
        #expect(close(session?.previewFrame, CGRect(x: 100, y: 100, width: 100, height: 100)), "back on the source")
        #expect(session?.previewAlpha == 1)
        #expect(session?.isPreviewLanding == false)
        #expect(session?.previewImage == nil)
        #expect(log.log.last == "cancel completion 0")
    }

    @Test func aCancelWithoutAPreviewFadesWhereItIs() {
        let log = AnimationLog()
        log.cancelToSource = false
        let (scene, _, _) = lifted(log)
        _ = scene.offscreenHost!.prepareFrame(at: 10)
        _ = scene.offscreenHost!.prepareFrame(at: 11)
        scene.pointerReleased(at: CGPoint(x: 160, y: 150))
        let session = try? #require(log.session)
        _ = scene.offscreenHost!.prepareFrame(at: 20)
        _ = scene.offscreenHost!.prepareFrame(at: 20 + UIDragInteraction.cancelDuration / 2)
        let alpha = session?.previewAlpha ?? 0
        #expect(alpha > 0 && alpha < 0.5, "fading, eased out (\(alpha))")
        _ = scene.offscreenHost!.prepareFrame(at: 20 + UIDragInteraction.cancelDuration)
        #expect(session?.previewAlpha == 0)
        // Grown by a tenth about its centre, where it was.
        #expect(close(session?.previewFrame, CGRect(x: 160 - 57.75, y: 150 - 57.75, width: 115.5, height: 115.5), within: 0.05))
        #expect(log.log.last == "cancel completion 0")
    }

    @Test func aDropAnimatesToTheTargetsPreviewThenConcludes() async {
        let log = AnimationLog()
        let (scene, _, target) = lifted(log)
        log.dropPreviewView = target
        _ = scene.offscreenHost!.prepareFrame(at: 10)
        _ = scene.offscreenHost!.prepareFrame(at: 11)
        scene.pointerMoved(to: CGPoint(x: 330, y: 180))
        scene.pointerReleased(at: CGPoint(x: 330, y: 180))
        await drain()
        #expect(Array(log.log.suffix(6)) == ["performDrop", "willEnd copy", "previewForDropping", "willAnimateDrop", "didEnd copy", "sessionDidEnd"],
                "concludeDrop waits for the animation: \(log.log)")
        let session = try? #require(log.session)
        _ = scene.offscreenHost!.prepareFrame(at: 20)
        _ = scene.offscreenHost!.prepareFrame(at: 20 + UIDragInteraction.dropDuration)
        #expect(close(session?.previewFrame, target.frame), "on the target's view")
        #expect(Array(log.log.suffix(2)) == ["drop completion 0", "concludeDrop"])
    }

    @Test func theDefaultDropPreviewSettlesWhereItWasDropped() async {
        final class Plain: UIDropInteractionDelegate {
            func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession) -> UIDropProposal {
                UIDropProposal(operation: .copy)
            }
        }
        let log = AnimationLog(), plain = Plain()
        let (scene, _, target) = lifted(log)
        target.interactions.forEach(target.removeInteraction)
        target.addInteraction(UIDropInteraction(delegate: plain))
        _ = scene.offscreenHost!.prepareFrame(at: 10)
        _ = scene.offscreenHost!.prepareFrame(at: 11)
        scene.pointerMoved(to: CGPoint(x: 300, y: 150))
        scene.pointerReleased(at: CGPoint(x: 300, y: 150))
        let session = try? #require(log.session)
        _ = scene.offscreenHost!.prepareFrame(at: 20)
        _ = scene.offscreenHost!.prepareFrame(at: 20 + UIDragInteraction.dropDuration)
        // The lifted view's size, centred on the drop point.
        #expect(close(session?.previewFrame, CGRect(x: 250, y: 100, width: 100, height: 100)))
        #expect(session?.isPreviewLanding == false)
    }

    @Test func sessionsAndAnimatorsAreFreedOnceThePreviewHasLanded() async {
        let log = AnimationLog()
        do {
            let (scene, _, _) = lifted(log)
            _ = scene.offscreenHost!.prepareFrame(at: 10)
            _ = scene.offscreenHost!.prepareFrame(at: 11)
            scene.pointerReleased(at: CGPoint(x: 160, y: 150))
            #expect(log.animator != nil, "the cancel animator runs")
            #expect(log.session != nil, "the session lives while its preview lands")
            _ = scene.offscreenHost!.prepareFrame(at: 20)
            _ = scene.offscreenHost!.prepareFrame(at: 21)
            await drain()
        }
        #expect(log.animator == nil)
        #expect(log.session == nil)
    }
}
