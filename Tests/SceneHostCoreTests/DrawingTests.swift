import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// UIKit's drawing API as `draw(_:)` and `UIGraphicsImageRenderer` use it: paths, blend modes, clips,
/// the graphics state and images, checked pixel by pixel.
@MainActor
struct DrawingTests {
    static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, white: UInt32 = 0xFFFF_FFFF

    /// An image of `size` points at 1× (unless `scale`), drawn by `actions`.
    func image(_ width: CGFloat, _ height: CGFloat, scale: CGFloat = 1, opaque: Bool = false,
               _ actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = opaque
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image(actions: actions)
    }

    @Test func theRendererDrawsInPointsAtItsScale() {
        let picture = image(10, 5, scale: 2) { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
        #expect(picture.size == CGSize(width: 10, height: 5) && picture.scale == 2)
        #expect(picture.surface!.width == 20 && picture.surface!.height == 10)
        #expect(picture.surface!.pixel(x: 9, y: 9) == Self.red)
        #expect(picture.surface!.pixel(x: 10, y: 9) == 0, "clear beyond what was filled")
        #expect(UIGraphicsGetCurrentContext() == nil, "the renderer's context is current only while it draws")
        #expect(image(4, 4, opaque: true) { _ in }.surface!.pixel(x: 2, y: 2) == 0xFF00_0000, "an opaque image starts black")
    }

    @Test func theDefaultFormatTakesTheScaleOfTheCurrentTraits() {
        #expect(UITraitCollection(displayScale: 3).performAsCurrent { UIGraphicsImageRendererFormat.default().scale } == 3)
        #expect(UITraitCollection(displayScale: 2).performAsCurrent { UIGraphicsImageRendererFormat.preferred().scale } == 2)
    }

    @Test func currentImageIsWhatIsDrawnSoFar() {
        var halfway: UIImage?
        let final = image(4, 4) { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            halfway = context.currentImage
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(halfway?.surface!.pixel(x: 1, y: 1) == Self.red)
        #expect(final.surface!.pixel(x: 1, y: 1) == Self.blue)
    }

    @Test func restoringTheGraphicsStateBringsBackTheColoursAndAlpha() {
        let picture = image(4, 4) { context in
            UIColor.red.setFill()
            context.cgContext.saveGState()
            UIColor.blue.setFill()
            context.cgContext.setAlpha(0.5)
            context.cgContext.restoreGState()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(picture.surface!.pixel(x: 1, y: 1) == Self.red)
    }

    @Test func evenOddPathsLeaveHolesWhereShapesOverlap() {
        func ring(evenOdd: Bool) -> UIImage {
            image(20, 20) { _ in
                let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
                path.append(UIBezierPath(roundedRect: CGRect(x: 5, y: 5, width: 10, height: 10), cornerRadius: 2))
                path.usesEvenOddFillRule = evenOdd
                UIColor.red.setFill()
                path.fill()
            }
        }
        #expect(ring(evenOdd: false).surface!.pixel(x: 10, y: 10) == Self.red, "both run clockwise: no hole")
        #expect(ring(evenOdd: true).surface!.pixel(x: 10, y: 10) == 0)
        #expect(ring(evenOdd: true).surface!.pixel(x: 2, y: 10) == Self.red)
    }

    @Test func theClearBlendModeErasesAndAlphaFades() {
        let picture = image(20, 20) { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)).fill(with: .clear, alpha: 1)
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 2)).fill(with: .normal, alpha: 0.5)
        }
        #expect(picture.surface!.pixel(x: 10, y: 10) == 0)
        #expect(picture.surface!.pixel(x: 2, y: 10) == Self.white)
        let faded = picture.surface!.pixel(x: 10, y: 1)
        #expect(faded >> 24 == 0xFF && (faded >> 16) & 0xFF == 0xFF && (faded >> 8) & 0xFF > 0x70 && (faded >> 8) & 0xFF < 0x90,
                "half red over white: \(String(faded, radix: 16))")
        #expect(picture.surface!.pixel(x: 10, y: 4) == Self.white, "the blend mode and alpha were for that fill only")
    }

    @Test func aClipHoldsUntilTheStateIsRestored() {
        let picture = image(20, 20) { context in
            context.cgContext.saveGState()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).addClip()
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            context.cgContext.restoreGState()
            UIColor.blue.setFill()
            context.fill(CGRect(x: 19, y: 19, width: 1, height: 1))
        }
        #expect(picture.surface!.pixel(x: 10, y: 10) == Self.red)
        #expect(picture.surface!.pixel(x: 1, y: 1) == 0, "outside the oval")
        #expect(picture.surface!.pixel(x: 19, y: 19) == Self.blue, "no clip after restoreGState")
    }

    @Test func arcsTurnClockwiseOnScreen() {
        func wedge(clockwise: Bool) -> UIImage {
            image(20, 20) { _ in
                let path = UIBezierPath(arcCenter: CGPoint(x: 10, y: 10), radius: 9, startAngle: 0, endAngle: .pi / 2, clockwise: clockwise)
                path.addLine(to: CGPoint(x: 10, y: 10))
                path.close()
                UIColor.red.setFill()
                path.fill()
            }
        }
        // From three o'clock, clockwise on screen goes down to six o'clock.
        #expect(wedge(clockwise: true).surface!.pixel(x: 14, y: 14) == Self.red)
        #expect(wedge(clockwise: true).surface!.pixel(x: 14, y: 6) == 0)
        #expect(wedge(clockwise: false).surface!.pixel(x: 14, y: 6) == Self.red)
        #expect(wedge(clockwise: false).surface!.pixel(x: 14, y: 14) == 0)
    }

    @Test func pathsTrackWhereTheyEnd() {
        let path = UIBezierPath()
        #expect(path.isEmpty && path.currentPoint == .zero)
        path.addLine(to: CGPoint(x: 3, y: 4))
        #expect(path.currentPoint == CGPoint(x: 3, y: 4), "a line on an empty path starts it")
        path.addQuadCurve(to: CGPoint(x: 9, y: 4), controlPoint: CGPoint(x: 6, y: 10))
        path.addArc(withCenter: CGPoint(x: 9, y: 0), radius: 4, startAngle: .pi / 2, endAngle: 0, clockwise: false)
        #expect(abs(path.currentPoint.x - 13) < 1e-9 && abs(path.currentPoint.y) < 1e-9)
        path.close()
        #expect(path.currentPoint == CGPoint(x: 3, y: 4), "closing returns to the subpath's start")
        path.removeAllPoints()
        #expect(path.isEmpty)
    }

    @Test func strokesTakeThePathsWidthAndCaps() {
        func line(cap: CGLineCap) -> UIImage {
            image(20, 20) { _ in
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 5, y: 10))
                path.addLine(to: CGPoint(x: 15, y: 10))
                path.lineWidth = 4
                path.lineCapStyle = cap
                UIColor.blue.setStroke()
                path.stroke()
            }
        }
        let butt = line(cap: .butt).surface!
        #expect(butt.pixel(x: 10, y: 8) == Self.blue && butt.pixel(x: 10, y: 11) == Self.blue)
        #expect(butt.pixel(x: 10, y: 13) == 0 && butt.pixel(x: 16, y: 10) == 0)
        #expect(line(cap: .square).surface!.pixel(x: 16, y: 10) == Self.blue, "a square cap reaches half the width past the end")
    }

    @Test func imagesDrawScaledAsTheContextsInterpolationSays() {
        let halves = image(2, 1) { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            UIColor.white.setFill()
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        func stretched(_ quality: CGInterpolationQuality) -> ImageSurface {
            image(20, 10) { context in
                context.cgContext.interpolationQuality = quality
                halves.draw(in: CGRect(x: 0, y: 0, width: 20, height: 10))
            }.surface!
        }
        #expect(stretched(.none).pixel(x: 9, y: 5) == 0xFF00_0000 && stretched(.none).pixel(x: 10, y: 5) == Self.white)
        let nearest = stretched(.none)
        #expect(nearest.pixel(x: 9, y: 5) == 0xFF00_0000 && nearest.pixel(x: 10, y: 5) == Self.white)
        for quality in [CGInterpolationQuality.low, .high] {
            let smooth = stretched(quality)
            let blend = smooth.pixel(x: 9, y: 5) & 0xFF
            #expect(blend > 0 && blend < 0xFF, "\(quality): smooth sampling blends the two")
            #expect(smooth.pixel(x: 0, y: 0) == 0xFF00_0000 && smooth.pixel(x: 19, y: 9) == Self.white,
                    "\(quality): the edges stay opaque")
        }
    }

    @Test func imagesDrawAtTheirSizeInPoints() {
        let dot = image(2, 2, scale: 2) { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let canvas = image(6, 6) { context in
            dot.draw(at: CGPoint(x: 1, y: 1))
            // A rectangle of no size draws nothing and leaves the context working.
            dot.draw(in: CGRect(x: 0, y: 0, width: 0, height: 5))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 5, y: 5, width: 1, height: 1))
            dot.draw(in: CGRect(x: 4, y: 0, width: 2, height: 2), blendMode: .normal, alpha: 0.5)
        }.surface!
        #expect(canvas.pixel(x: 1, y: 1) == Self.red && canvas.pixel(x: 2, y: 2) == Self.red)
        #expect(canvas.pixel(x: 4, y: 0) >> 24 > 0x70 && canvas.pixel(x: 4, y: 0) >> 24 < 0x90, "drawn at half alpha")
        #expect(canvas.pixel(x: 3, y: 3) == 0 && canvas.pixel(x: 0, y: 0) == 0)
        #expect(canvas.pixel(x: 5, y: 5) == Self.blue)
    }

    @Test func imagesPathsAndContextsAreFreedWhenLetGo() {
        weak var picture: UIImage?, pixels: ImageSurface?, path: UIBezierPath?, context: UIGraphicsImageRendererContext?
        do {
            let made = image(8, 8) { rendererContext in
                context = rendererContext
                let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 8, height: 8))
                path = oval
                oval.fill()
                _ = rendererContext.currentImage
            }
            picture = made
            pixels = made.surface!
            _ = image(8, 8) { _ in made.draw(in: CGRect(x: 0, y: 0, width: 8, height: 8)) }
        }
        #expect(picture == nil && pixels == nil && path == nil && context == nil)
    }

    /// A view that fills its bounds with red when asked to draw.
    final class FilledView: UIView {
        override func draw(_ rect: CGRect) {
            UIColor.red.setFill()
            UIRectFill(bounds)
        }
    }

    @Test func keptDrawingBytesCountWhatTheSubtreesDrawingsKeep() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let filled = FilledView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        let plain = UIView(frame: CGRect(x: 60, y: 10, width: 40, height: 20))
        plain.backgroundColor = .blue
        root.addSubview(filled)
        root.addSubview(plain)
        let controller = UIViewController()
        controller.view = root
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), rootViewController: controller)
        #expect(filled.keptDrawingBytes == 0, "nothing is kept before the first frame")
        _ = scene.renderImage(scale: 2)
        // 40×20 points at 2×: 80×40 pixels of 4 bytes; a view that does not draw keeps nothing.
        #expect(filled.keptDrawingBytes == 80 * 4 * 40)
        #expect(plain.keptDrawingBytes == 0)
        #expect(root.keptDrawingBytes == filled.keptDrawingBytes)
    }

    /// A view that draws a blue oval on red, counting its drawings.
    final class CountingView: UIView {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            UIColor.red.setFill()
            UIRectFill(bounds)
            UIColor.blue.setFill()
            UIBezierPath(ovalIn: bounds.insetBy(dx: 3, dy: 3)).fill()
        }
    }

    @Test func drawingsLetGoAtRestAreDrawnAgainToTheSamePixelsWhereComposited() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        root.backgroundColor = .white
        let left = CountingView(frame: CGRect(x: 10.5, y: 10, width: 40, height: 30))
        let right = CountingView(frame: CGRect(x: 120, y: 50, width: 50, height: 40))
        let label = UILabel(frame: CGRect(x: 60, y: 10, width: 120, height: 30))
        label.text = "At rest"
        for view in [left, right, label] { root.addSubview(view) }
        let controller = UIViewController()
        controller.view = root
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), scale: 1.5, rootViewController: controller)
        let before = scene.renderImage(scale: 1.5)
        let kept = root.keptDrawingBytes
        #expect(kept > 0 && left.draws == 1 && right.draws == 1)
        let inkBefore = [left, right, label].map(\.drawnInk)

        #expect(scene.releaseKeptDrawings() == kept)
        #expect(root.keptDrawingBytes == 0 && left.content != nil, "the pixels go, where they ink stays")
        #expect([left, right, label].map(\.drawnInk) == inkBefore)
        #expect(scene.releaseKeptDrawings() == 0, "nothing more to let go")

        // A frame compositing only the left view's place draws it again, and only it.
        _ = scene.prepareFrame(nil, drawingAt: 1.5)
        let partial = ImageSurface(format: .rgb24, width: 300, height: 150)
        let context = Context(surface: partial)
        context.scale(1.5, 1.5)
        scene.render(into: context, damage: Damage(CGRect(x: 0, y: 0, width: 55, height: 45)), scale: 1.5)
        #expect(left.draws == 2 && right.draws == 1)
        #expect(left.keptDrawingBytes > 0 && right.keptDrawingBytes == 0 && label.keptDrawingBytes == 0)

        // The whole scene composited: every view drawn again, to the pixels it had.
        let after = scene.renderImage(scale: 1.5)
        #expect(left.draws == 2 && right.draws == 2)
        #expect(root.keptDrawingBytes == kept)
        var differing = 0
        for y in 0..<before.height { for x in 0..<before.width where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0)
    }

    @Test func drawingsShownStretchedOrShapingAShadowAreKept() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let shadowed = CountingView(frame: CGRect(x: 10, y: 10, width: 40, height: 30))
        shadowed.layer.shadowOpacity = 0.5
        let marked = CountingView(frame: CGRect(x: 80, y: 10, width: 40, height: 30))
        let stretched = CountingView(frame: CGRect(x: 140, y: 10, width: 40, height: 30))
        for view in [shadowed, marked, stretched] { root.addSubview(view) }
        let controller = UIViewController()
        controller.view = root
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 100), rootViewController: controller)
        _ = scene.renderImage(scale: 1)
        // Shown stretched to bounds it was not drawn for: drawn again it would show otherwise.
        stretched.bounds.size.width = 50
        // Marked for display: drawn again before it shows anyway.
        marked.setNeedsDisplay()
        #expect(scene.releaseKeptDrawings() == 40 * 30 * 4)
        #expect(shadowed.content?.image != nil && stretched.content?.image != nil && marked.content?.image == nil)
        _ = scene.renderImage(scale: 1)
        #expect(marked.draws == 2 && marked.content?.image != nil)
    }
}
