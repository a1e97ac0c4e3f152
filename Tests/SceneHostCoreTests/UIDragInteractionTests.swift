import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A drag source and a drop target whose delegates log what they hear.
@MainActor
final class DragDropLog: UIDragInteractionDelegate, UIDropInteractionDelegate {
    var log: [String] = []
    var items: () -> [UIDragItem] = { [UIDragItem(itemProvider: NSItemProvider(object: "dragged"))] }
    var proposal = UIDropOperation.copy
    var dropped: [String] = []

    func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession) -> [UIDragItem] {
        log.append("items")
        return items()
    }
    func dragInteraction(_ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: any UIDragSession) -> UITargetedDragPreview? {
        log.append("preview")
        return nil
    }
    func dragInteraction(_ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession) { log.append("willBegin") }
    func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, willEndWith operation: UIDropOperation) {
        log.append("willEnd \(operation)")
    }
    func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, didEndWith operation: UIDropOperation) {
        log.append("didEnd \(operation)")
    }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession) { log.append("enter") }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession) -> UIDropProposal {
        UIDropProposal(operation: proposal)
    }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession) { log.append("exit") }
    func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession) {
        log.append("performDrop")
        _ = session.loadObjects(ofClass: String.self) { [weak self] strings in self?.dropped += strings }
    }
    func dropInteraction(_ interaction: UIDropInteraction, concludeDrop session: any UIDropSession) { log.append("concludeDrop") }
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession) { log.append("sessionDidEnd") }
}

/// Drags within one offscreen scene: the lift gesture, the delegates' order, drops and cancellations.
@MainActor
struct UIDragInteractionTests {
    /// A scene with a 100×100 source at (100, 100) and a 100×100 target at (250, 100).
    private func scene(_ log: DragDropLog) -> (UIWindowScene, UIView, UIView) {
        let source = UIView()
        let scene = gestureScene(with: source)
        let target = UIView(frame: CGRect(x: 250, y: 100, width: 100, height: 100))
        source.superview?.addSubview(target)
        source.addInteraction(UIDragInteraction(delegate: log))
        target.addInteraction(UIDropInteraction(delegate: log))
        scene.layoutIfNeeded()
        return (scene, source, target)
    }

    private func drain() async {
        for _ in 0..<3 { await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } } }
    }

    @Test func aPointerDragDropsOnTheTargetInUIKitsOrder() async {
        let log = DragDropLog()
        let (scene, _, _) = scene(log)
        scene.pointerPressed(at: CGPoint(x: 150, y: 150))
        scene.pointerMoved(to: CGPoint(x: 152, y: 150))
        #expect(log.log.isEmpty, "2 points is not a drag yet")
        scene.pointerMoved(to: CGPoint(x: 200, y: 150))
        #expect(log.log == ["items", "preview", "willBegin"])
        scene.pointerMoved(to: CGPoint(x: 300, y: 150))
        scene.pointerReleased(at: CGPoint(x: 300, y: 150))
        await drain()
        #expect(log.log == ["items", "preview", "willBegin", "enter", "performDrop", "willEnd copy", "didEnd copy", "sessionDidEnd"])
        // The target concludes once the drop animation has ended (UIDragAnimatingTests).
        _ = scene.offscreenHost!.prepareFrame(at: 100)
        _ = scene.offscreenHost!.prepareFrame(at: 100 + UIDragInteraction.dropDuration)
        #expect(log.log.last == "concludeDrop")
        #expect(log.dropped == ["dragged"])
    }

    @Test func aDropRefusedOrOutsideEveryTargetCancels() async {
        let log = DragDropLog()
        log.proposal = .forbidden
        let (scene, _, _) = scene(log)
        scene.pointerPressed(at: CGPoint(x: 150, y: 150))
        scene.pointerMoved(to: CGPoint(x: 300, y: 150))
        scene.pointerReleased(at: CGPoint(x: 300, y: 150))
        await drain()
        #expect(log.log == ["items", "preview", "willBegin", "enter", "exit", "willEnd cancel", "didEnd cancel", "sessionDidEnd"])
        #expect(log.dropped.isEmpty)
    }

    @Test func noItemsMeansNoDragAndTheTouchGoesOn() {
        let log = DragDropLog()
        log.items = { [] }
        let (scene, source, _) = scene(log)
        let pan = UIPanGestureRecognizer()
        var panned = false
        pan.addAction { _ in panned = true }
        source.addGestureRecognizer(pan)
        scene.pointerPressed(at: CGPoint(x: 150, y: 150))
        scene.pointerMoved(to: CGPoint(x: 190, y: 150))
        scene.pointerReleased(at: CGPoint(x: 190, y: 150))
        #expect(log.log == ["items"])
        #expect(panned, "the pan recognizes once the drag gave up")
    }

    @Test func aCancelledTouchEndsTheDragWithCancel() async {
        let log = DragDropLog()
        let (scene, _, _) = scene(log)
        scene.pointerPressed(at: CGPoint(x: 150, y: 150))
        scene.pointerMoved(to: CGPoint(x: 300, y: 150))
        scene.pointerCancelled()
        await drain()
        #expect(log.log.suffix(3) == ["willEnd cancel", "didEnd cancel", "sessionDidEnd"], "\(log.log)")
    }

    @Test func itemProvidersLoadObjectsAndData() async {
        let provider = NSItemProvider(object: URL(string: "file:///tmp/a.txt")!)
        let activity = NSUserActivity(activityType: "org.example.open")
        activity.userInfo = ["number": 7]
        provider.registerObject(activity, visibility: .ownProcess)
        #expect(provider.registeredTypeIdentifiers == ["public.file-url", "public.url", "public.utf8-plain-text", "org.scenehost.user-activity"])
        #expect(provider.hasItemConformingToTypeIdentifier(UTType.url.identifier))
        #expect(provider.hasItemConformingToTypeIdentifier(UTType.text.identifier))
        #expect(!provider.hasItemConformingToTypeIdentifier(UTType.image.identifier))
        #expect(provider.externalTypeIdentifiers == ["public.file-url", "public.url", "public.utf8-plain-text"])
        var url: URL?, text: String?, loaded: NSUserActivity?
        provider.loadObject(ofClass: URL.self) { value, _ in url = value }
        provider.loadObject(ofClass: String.self) { value, _ in text = value }
        provider.loadObject(ofClass: NSUserActivity.self) { value, _ in loaded = value }
        #expect(url == nil, "completions run at a later turn")
        await drain()
        #expect(url?.path == "/tmp/a.txt" && text == "file:///tmp/a.txt" && loaded === activity)

        // Through data, as another process gets it: the activity's property list, an image's PNG.
        let data = NSItemProvider()
        data.registerDataRepresentation(forTypeIdentifier: UTType.userActivity.identifier, visibility: .all) { completion in
            activity.loadData(withTypeIdentifier: UTType.userActivity.identifier, forItemProviderCompletionHandler: completion)
        }
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 3)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 3))
        }
        data.registerObject(image, visibility: .all)
        var copy: NSUserActivity?, decoded: UIImage?
        data.loadObject(ofClass: NSUserActivity.self) { value, _ in copy = value }
        data.loadObject(ofClass: UIImage.self) { value, _ in decoded = value }
        await drain()
        #expect(copy?.activityType == "org.example.open" && copy?.userInfo?["number"] as? Int == 7 && copy !== activity)
        #expect(decoded?.size == CGSize(width: 4, height: 3))
        var failure: (any Error)?
        data.loadDataRepresentation(forTypeIdentifier: UTType.plainText.identifier) { _, error in failure = error }
        await drain()
        #expect(failure != nil)
    }

    @Test func collectionViewsDragByIndexPathAndDropWithACoordinator() async {
        final class Delegates: UICollectionViewDragDelegate, UICollectionViewDropDelegate {
            var dragged: [IndexPath] = []
            var destinations: [IndexPath?] = []
            var dropped: (destination: IndexPath?, source: IndexPath?)?
            func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
                dragged.append(indexPath)
                return [UIDragItem(itemProvider: NSItemProvider(object: "item \(indexPath.item)"))]
            }
            func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
                                withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal {
                destinations.append(destinationIndexPath)
                return UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
            }
            func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: any UICollectionViewDropCoordinator) {
                dropped = (coordinator.destinationIndexPath, coordinator.items.first?.sourceIndexPath)
            }
        }
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 8, height: 50)))
        fixture.apply(sections: [0: 0..<40])
        let collection = fixture.collectionView, scene = fixture.scene
        let delegates = Delegates()
        collection.dragDelegate = delegates
        collection.dropDelegate = delegates
        scene.layoutIfNeeded()
        scene.pointerPressed(at: CGPoint(x: 75, y: 25))
        scene.pointerMoved(to: CGPoint(x: 120, y: 25))
        #expect(collection.hasActiveDrag)
        scene.pointerMoved(to: CGPoint(x: 175, y: 85))
        scene.pointerReleased(at: CGPoint(x: 175, y: 85))
        await drain()
        #expect(delegates.dragged == [IndexPath(item: 1, section: 0)])
        #expect(delegates.destinations.last == IndexPath(item: 11, section: 0))
        #expect(delegates.dropped?.destination == IndexPath(item: 11, section: 0) && delegates.dropped?.source == IndexPath(item: 1, section: 0))
        #expect(!collection.hasActiveDrag)
    }
}
