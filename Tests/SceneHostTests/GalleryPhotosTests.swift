import Foundation
@_spi(Runtime) @testable import SceneHostCore
@testable import GalleryApp
import Testing

/// The Gallery's Photos scene, offscreen: its grid's columns follow the size class, and the arrow
/// keys move the selection.
@MainActor
struct GalleryPhotosTests {
    private func photos(width: CGFloat, compact: Bool) -> (UIWindowScene, PhotosViewController) {
        let controller = PhotosViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: 700), rootViewController: controller)
        scene.traitOverrides.horizontalSizeClass = compact ? .compact : .regular
        scene.layoutIfNeeded()
        return (scene, controller)
    }

    private func columns(_ controller: PhotosViewController) -> Int {
        let cells = controller.collectionView.visibleCells
        let top = cells.map(\.frame.minY).min() ?? 0
        let firstRow = cells.filter { $0.frame.minY < top + 1 }
        return firstRow.count
    }

    @Test func theGridHasThreeColumnsWhenCompactAndMoreWhenRegular() {
        let (_, compact) = photos(width: 400, compact: true)
        #expect(columns(compact) == 3)
        let (_, regular) = photos(width: 1200, compact: false)
        #expect(columns(regular) == 7, "one column per 170 points")
        let (scene, resized) = photos(width: 1200, compact: false)
        scene.traitOverrides.horizontalSizeClass = .compact
        scene.layoutIfNeeded()
        #expect(columns(resized) == 3, "the section provider runs again for the new size class")
    }

    @Test func arrowKeysMoveTheSelectedPhoto() {
        let (scene, controller) = photos(width: 700, compact: false)
        #expect(controller.collectionView.becomeFirstResponder())
        func press(_ input: String) {
            UIResponder.keyCommand(forInput: input, modifierFlags: [], in: scene.keyWindow!.keyCommandResponders)?.perform()
        }
        press(UIKeyCommand.inputDownArrow)
        #expect(controller.selectedPhoto?.number == 0, "the first arrow selects the first photo")
        press(UIKeyCommand.inputRightArrow)
        press(UIKeyCommand.inputDownArrow)
        #expect(controller.selectedPhoto?.number == 5, "four columns at 700 points: one right, one down")
    }

    /// The overlay shows in the grid's bottom trailing corner, sized to its lines, as in the other scenes
    /// (left to right and right to left).
    @Test func theOverlayShowsInTheTrailingCorner() {
        for rightToLeft in [false, true] {
            let controller = PhotosViewController()
            let scene = UIWindowScene.offscreen(size: CGSize(width: 700, height: 500), rootViewController: controller)
            if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
            scene.layoutIfNeeded()
            let overlay = controller.overlay, bounds = controller.view.bounds
            #expect(overlay.frame.width > 100 && overlay.frame.height > 100, "\(overlay.frame)")
            #expect(bounds.contains(overlay.frame), "\(overlay.frame)")
            #expect(overlay.frame.maxY == bounds.maxY - 10)
            #expect(rightToLeft ? overlay.frame.minX == 10 : overlay.frame.maxX == bounds.maxX - 10, "\(overlay.frame)")
            for case let label as UILabel in overlay.subviews {
                #expect(label.frame.width >= label.intrinsicContentSize.width, "\(label.text ?? "") is cut off")
            }
        }
    }
}
