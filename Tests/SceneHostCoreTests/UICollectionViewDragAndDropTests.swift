import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A collection view delegate that gives a window to open for even items only, and logs what it is asked.
@MainActor
private final class ActivatingDelegate: UICollectionViewDelegate {
    var asked: [(IndexPath, CGPoint)] = []
    var given: [UIWindowSceneActivationConfiguration] = []
    func collectionView(_ collectionView: UICollectionView, sceneActivationConfigurationForItemAt indexPath: IndexPath,
                        point: CGPoint) -> UIWindowSceneActivationConfiguration? {
        asked.append((indexPath, point))
        guard indexPath.item % 2 == 0 else { return nil }
        let activity = NSUserActivity(activityType: "org.scenehost.tests.item")
        activity.userInfo = ["item": indexPath.item]
        let configuration = UIWindowSceneActivationConfiguration(userActivity: activity)
        given.append(configuration)
        return configuration
    }
}

/// `collectionView(_:sceneActivationConfigurationForItemAt:point:)`: a drag of an item opens the window
/// the delegate gives, with or without a drag delegate (the runtime opens it: SceneHostTests).
@MainActor
struct UICollectionViewDragAndDropTests {
    /// A 400×300 grid of 8 columns of 50×50 items, its delegate `delegate`.
    private func fixture(_ delegate: ActivatingDelegate) -> CollectionFixture {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 8, height: 50)))
        fixture.apply(sections: [0: 0..<40])
        fixture.collectionView.delegate = delegate
        fixture.scene.layoutIfNeeded()
        return fixture
    }

    private var dragging: (UICollectionView) -> DragSession? { { $0.dragSupport?.interaction.session as? DragSession } }

    @Test func theDelegateIsAskedForTheItemAndPointUnderThePress() {
        let delegate = ActivatingDelegate()
        let fixture = fixture(delegate)
        let collection = fixture.collectionView, scene = fixture.scene
        collection.contentOffset = CGPoint(x: 0, y: 50)
        scene.layoutIfNeeded()
        // Item 10 (row 2 with the offset, column 3) under the press at (130, 30): (130, 80) in the content.
        scene.pointerPressed(at: CGPoint(x: 130, y: 30))
        scene.pointerMoved(to: CGPoint(x: 160, y: 40))
        #expect(delegate.asked.count == 1)
        #expect(delegate.asked.first?.0 == IndexPath(item: 10, section: 0))
        #expect(delegate.asked.first?.1 == CGPoint(x: 130, y: 80))
        let session = try? #require(dragging(collection))
        #expect(collection.hasActiveDrag)
        #expect(session?.sceneActivationConfiguration === delegate.given.first)
        // Without a drag delegate, one item carries the configuration's activity.
        #expect(session?.items.count == 1)
        let activity = session?.items.first?.itemProvider.registeredObject(ofClass: NSUserActivity.self)
        #expect(activity === delegate.given.first?.userActivity)
        scene.pointerReleased(at: CGPoint(x: 160, y: 40))
        #expect(!collection.hasActiveDrag)
        // Offscreen nothing opens the window: the drag is cancelled and flies back to its cell.
        _ = scene.offscreenHost!.prepareFrame(at: 10)
        _ = scene.offscreenHost!.prepareFrame(at: 10 + UIDragInteraction.cancelDuration / 2)
        #expect(session?.isPreviewLanding == true)
        let cell = collection.cellForItem(at: IndexPath(item: 10, section: 0))
        let cellFrame = cell.map { $0.convert($0.bounds, to: nil) }
        _ = scene.offscreenHost!.prepareFrame(at: 10 + UIDragInteraction.cancelDuration)
        #expect(session?.previewFrame == cellFrame, "\(String(describing: session?.previewFrame)) \(String(describing: cellFrame))")
    }

    @Test func aNilConfigurationBeginsNoDrag() {
        let delegate = ActivatingDelegate()
        let fixture = fixture(delegate)
        let collection = fixture.collectionView, scene = fixture.scene
        // Item 1 (odd): no window, no drag delegate, so nothing to drag.
        scene.pointerPressed(at: CGPoint(x: 75, y: 25))
        scene.pointerMoved(to: CGPoint(x: 120, y: 25))
        #expect(delegate.asked.map(\.0) == [IndexPath(item: 1, section: 0)])
        #expect(!collection.hasActiveDrag)
        #expect(dragging(collection) == nil)
        scene.pointerReleased(at: CGPoint(x: 120, y: 25))
    }

    @Test func aDragDelegatesItemsAreDraggedAndTheConfigurationOpensTheWindow() {
        final class Items: UICollectionViewDragDelegate {
            func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
                [UIDragItem(itemProvider: NSItemProvider(object: "item \(indexPath.item)"))]
            }
        }
        let delegate = ActivatingDelegate(), items = Items()
        let fixture = fixture(delegate)
        let collection = fixture.collectionView, scene = fixture.scene
        collection.dragDelegate = items
        // Only one interaction, whichever delegate came first.
        #expect(collection.interactions.filter { $0 is UIDragInteraction }.count == 1)
        scene.pointerPressed(at: CGPoint(x: 125, y: 25))
        scene.pointerMoved(to: CGPoint(x: 170, y: 25))
        let session = dragging(collection)
        #expect(session?.items.count == 1)
        #expect(session?.items.first?.itemProvider.canLoadObject(ofClass: String.self) == true)
        #expect(session?.items.first?.itemProvider.registeredObject(ofClass: NSUserActivity.self) == nil)
        #expect(session?.sceneActivationConfiguration?.userActivity.userInfo?["item"] as? Int == 2)
        scene.pointerReleased(at: CGPoint(x: 170, y: 25))
    }

    @Test func aPinchOverAnItemIsTakenOnlyWhenTheDelegateGivesAWindow() {
        let delegate = ActivatingDelegate()
        let fixture = fixture(delegate)
        let collection = fixture.collectionView, scene = fixture.scene
        let pinch = try? #require(collection.dragSupport?.pinch)
        // Item 1 (odd): nil, so the pinch is left to others.
        scene.pointerMoved(to: CGPoint(x: 75, y: 25))
        scene.pointerPinchBegan(at: CGPoint(x: 75, y: 25))
        scene.pointerPinchChanged(scale: 1.2)
        #expect(delegate.asked.map(\.0) == [IndexPath(item: 1, section: 0)])
        #expect(delegate.asked.first?.1 == CGPoint(x: 75, y: 25))
        #expect(pinch?.state == .possible)
        scene.pointerPinchEnded()
        // Item 2: taken, and asked once for the whole pinch.
        scene.pointerMoved(to: CGPoint(x: 125, y: 25))
        scene.pointerPinchBegan(at: CGPoint(x: 125, y: 25))
        scene.pointerPinchChanged(scale: 1.2)
        #expect(pinch?.state == .began)
        scene.pointerPinchChanged(scale: 1.6)
        scene.pointerPinchChanged(scale: 1.9)
        #expect(delegate.asked.map(\.0) == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
        scene.pointerPinchEnded()
    }

    @Test func theDragSupportAndItsPinchAreFreedWithTheCollectionView() {
        let delegate = ActivatingDelegate()
        weak var support: CollectionViewDragSupport?, pinch: ItemActivationPinchGestureRecognizer?, collection: UICollectionView?
        do {
            let fixture = fixture(delegate)
            support = fixture.collectionView.dragSupport
            pinch = support?.pinch
            collection = fixture.collectionView
            fixture.collectionView.removeFromSuperview()
        }
        #expect(collection == nil)
        #expect(support == nil)
        #expect(pinch == nil)
    }

    @Test func aCollectionViewWithoutADelegateHasNoDragInteraction() {
        let fixture = CollectionFixture(layout: UICollectionViewCompositionalLayout(section: gridSection(columns: 8, height: 50)))
        #expect(!fixture.collectionView.interactions.contains { $0 is UIDragInteraction })
    }
}
