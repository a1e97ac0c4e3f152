import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A delegate with a text region in the top half of its view and a splitter at its right edge.
@MainActor
private final class RegionsDelegate: UIPointerInteractionDelegate {
    var styleRequests = 0
    var splitterStyle = UIPointerStyle.resize(.horizontal)
    func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                            defaultRegion: UIPointerRegion) -> UIPointerRegion? {
        let bounds = defaultRegion.rect
        if request.location.x >= bounds.maxX - 10 {
            return UIPointerRegion(rect: CGRect(x: bounds.maxX - 10, y: 0, width: 10, height: bounds.height), identifier: "splitter")
        }
        if request.location.y < bounds.midY { return UIPointerRegion(rect: CGRect(x: 0, y: 0, width: bounds.width - 10, height: bounds.midY), identifier: "text") }
        return nil
    }
    func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? {
        styleRequests += 1
        return region.identifier == AnyHashable("splitter") ? splitterStyle : UIPointerStyle(shape: .verticalBeam(length: 20))
    }
}

/// Two regions without identifiers: a text area on the left half and a link on the right half.
@MainActor
private final class AnonymousRegionsDelegate: UIPointerInteractionDelegate {
    func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                            defaultRegion: UIPointerRegion) -> UIPointerRegion? {
        let bounds = defaultRegion.rect
        let left = request.location.x < bounds.midX
        return UIPointerRegion(rect: CGRect(x: left ? 0 : bounds.midX, y: 0, width: bounds.width / 2, height: bounds.height))
    }
    func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? {
        region.rect.minX == 0 ? UIPointerStyle(shape: .verticalBeam(length: 20)) : UIPointerStyle(effect: .highlight)
    }
}

/// The cursor follows the views under the pointer through their pointer interactions.
@MainActor
struct UIPointerInteractionTests {
    @Test func theInnermostInteractionsStyleSetsTheCursorOnlyWhenItChanges() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)   // view at (100, 100), 100×100
        let button = UIView(frame: CGRect(x: 0, y: 60, width: 40, height: 30))
        view.addSubview(button)
        let delegate = RegionsDelegate()
        view.addInteraction(UIPointerInteraction(delegate: delegate))
        button.addInteraction(UIPointerInteraction(delegate: nil))
        var changes: [UIPointerStyle.Cursor] = []
        scene.pointerCursorDidChange = { changes.append($0) }

        scene.pointerMoved(to: CGPoint(x: 50, y: 50))
        #expect(scene.pointerCursor == .arrow && changes.isEmpty, "no interaction: the arrow, already shown")
        scene.pointerMoved(to: CGPoint(x: 120, y: 120))
        scene.pointerMoved(to: CGPoint(x: 130, y: 125))
        #expect(changes == [.iBeam] && delegate.styleRequests == 1, "one region: its style asked for once")
        scene.pointerMoved(to: CGPoint(x: 195, y: 120))
        #expect(changes == [.iBeam, .resizeLeftRight])
        scene.pointerMoved(to: CGPoint(x: 110, y: 170))
        #expect(changes.last == .pointingHand, "a button's interaction without a delegate: the automatic effect")
        scene.pointerMoved(to: CGPoint(x: 150, y: 170))
        #expect(changes.last == .arrow, "outside every region")
        scene.pointerMoved(to: CGPoint(x: 195, y: 120))
        delegate.splitterStyle = .resize(.vertical)
        scene.pointerMoved(to: CGPoint(x: 196, y: 120))
        #expect(changes.last == .resizeLeftRight, "the same region: the delegate is not asked again")
        (view.interactions.first as? UIPointerInteraction)?.invalidate()
        #expect(changes.last == .resizeUpDown, "invalidate() asks again at once")
    }

    @Test func stylesMapToDesktopCursors() {
        #expect(UIPointerStyle(effect: .highlight).cursor == .pointingHand)
        #expect(UIPointerStyle(effect: .lift, shape: .roundedRect(.zero)).cursor == .pointingHand)
        #expect(UIPointerStyle(shape: .verticalBeam(length: 10)).cursor == .iBeam)
        #expect(UIPointerStyle(shape: .horizontalBeam(length: 10)).cursor == .verticalIBeam)
        #expect(UIPointerStyle(shape: .roundedRect(.zero, radius: 4)).cursor == .arrow)
        #expect(UIPointerStyle.hidden().cursor == .hidden && UIPointerStyle.system().cursor == .arrow)
        #expect(UIPointerStyle.resize(.both).cursor == .move && UIPointerStyle.resize(.vertical).cursor == .resizeUpDown)
    }

    @Test func aDisabledOrRemovedInteractionLeavesTheArrowAndIsFreed() {
        let view = TouchLogView()
        let scene = gestureScene(with: view)
        weak var weakInteraction: UIPointerInteraction?
        do {
            let interaction = UIPointerInteraction(delegate: nil)
            weakInteraction = interaction
            view.addInteraction(interaction)
            scene.pointerMoved(to: CGPoint(x: 150, y: 150))
            #expect(scene.pointerCursor == .pointingHand)
            interaction.isEnabled = false
            #expect(scene.pointerCursor == .arrow)
            interaction.isEnabled = true
            #expect(scene.pointerCursor == .pointingHand)
            view.removeInteraction(interaction)
            #expect(scene.pointerCursor == .arrow)
        }
        #expect(weakInteraction == nil)
    }

    @Test func movingBetweenRegionsWithoutIdentifiersAsksForEachStyle() {
        let view = UIView()
        let scene = gestureScene(with: view)   // view at (100, 100), 100×100
        let delegate = AnonymousRegionsDelegate()
        view.addInteraction(UIPointerInteraction(delegate: delegate))
        scene.pointerMoved(to: CGPoint(x: 120, y: 120))
        #expect(scene.pointerCursor == .iBeam)
        scene.pointerMoved(to: CGPoint(x: 180, y: 120))
        #expect(scene.pointerCursor == .pointingHand, "another rect: another region")
        scene.pointerMoved(to: CGPoint(x: 110, y: 150))
        #expect(scene.pointerCursor == .iBeam)
    }
}
