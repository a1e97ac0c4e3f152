import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Layers as views show them: corners, borders, shadows, masks, sublayers, shape and gradient layers,
/// transforms, and the damage they cause; checked pixel by pixel on offscreen renders.
@MainActor
struct CALayerTests {
    static let white: UInt32 = 0xFFFF_FFFF, red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF

    /// A white 100×100 scene with `view` in it, and its render.
    func render(_ view: UIView, scale: CGFloat = 1, size: CGFloat = 100) -> (scene: UIWindowScene, image: ImageSurface) {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        controller.view.addSubview(view)
        let scene = UIWindowScene.offscreen(size: CGSize(width: size, height: size), scale: scale, rootViewController: controller)
        return (scene, scene.renderImage())
    }

    func box(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, _ color: UIColor = .red) -> UIView {
        let view = UIView(frame: CGRect(x: x, y: y, width: w, height: h))
        view.backgroundColor = color
        return view
    }

    static func channels(_ pixel: UInt32) -> (r: Int, g: Int, b: Int) {
        (Int((pixel >> 16) & 0xff), Int((pixel >> 8) & 0xff), Int(pixel & 0xff))
    }

    @Test func aViewsLayerSharesItsGeometryAndAppearance() {
        let view = box(10, 20, 30, 40)
        view.alpha = 0.5
        let layer = view.layer
        #expect(layer === view.layer && layer.owningView === view)
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 30, height: 40) && layer.position == CGPoint(x: 25, y: 40))
        #expect(layer.frame == view.frame && layer.opacity == 0.5)
        #expect(layer.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        layer.position = CGPoint(x: 50, y: 50)
        layer.masksToBounds = true
        #expect(view.center == CGPoint(x: 50, y: 50) && view.clipsToBounds)
        #expect(layer.shadowOpacity == 0 && layer.shadowRadius == 3 && layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.cornerCurve == .circular && layer.maskedCorners == CACornerMask(rawValue: 15))
    }

    @Test func roundedCornersLeaveTheCornersOut() {
        let view = box(10, 10, 40, 40)
        view.layer.cornerRadius = 10
        let image = render(view).image
        #expect(image.pixel(x: 10, y: 10) == Self.white, "the corner is left out")
        #expect(image.pixel(x: 49, y: 49) == Self.white)
        #expect(image.pixel(x: 30, y: 30) == Self.red)
        #expect(image.pixel(x: 30, y: 10) == Self.red, "the middle of an edge is filled")
    }

    @Test func maskedCornersRoundOnlyThoseCorners() {
        let view = box(10, 10, 40, 40)
        view.layer.cornerRadius = 10
        view.layer.maskedCorners = [.layerMinXMinYCorner]
        let image = render(view).image
        #expect(image.pixel(x: 10, y: 10) == Self.white)
        #expect(image.pixel(x: 49, y: 10) == Self.red && image.pixel(x: 49, y: 49) == Self.red && image.pixel(x: 10, y: 49) == Self.red)
    }

    @Test func continuousCornersStartCurvingFurtherFromTheCorner() {
        /// How much of the left column the view covers between 12 and 18 points down: a circular corner
        /// of radius 12 has ended there; a continuous one (starting 1.53 × 12 = 18.3 down) has not.
        func coverage(_ curve: CALayerCornerCurve) -> Double {
            let view = box(0, 0, 60, 60)
            view.layer.cornerRadius = 12
            view.layer.cornerCurve = curve
            let image = render(view).image
            return (12..<18).reduce(0) { $0 + Double(255 - Self.channels(image.pixel(x: 0, y: $1)).g) / 255 }
        }
        #expect(coverage(.circular) > 5.99)
        #expect(coverage(.continuous) < 5.9)
    }

    @Test func clippingFollowsTheRoundedCorners() {
        let view = box(10, 10, 40, 40, .white)
        view.layer.cornerRadius = 20
        view.clipsToBounds = true
        view.addSubview(box(0, 0, 40, 40, .blue))
        let image = render(view).image
        #expect(image.pixel(x: 11, y: 11) == Self.white, "the subview is clipped to the round")
        #expect(image.pixel(x: 30, y: 30) == Self.blue)
    }

    @Test func aBorderIsDrawnInsideTheBoundsAboveTheSubviews() {
        let view = box(10, 10, 40, 40, .white)
        view.layer.borderWidth = 4
        view.layer.borderColor = UIColor.blue.cgColor
        view.addSubview(box(0, 0, 40, 40, .red))
        let image = render(view).image
        #expect(image.pixel(x: 11, y: 30) == Self.blue && image.pixel(x: 13, y: 30) == Self.blue)
        #expect(image.pixel(x: 15, y: 30) == Self.red)
        #expect(image.pixel(x: 9, y: 30) == Self.white, "nothing outside the bounds")
    }

    @Test func aShadowFallsByItsOffsetAndBlursByItsRadius() {
        let view = box(30, 30, 40, 40)
        view.layer.shadowOpacity = 1
        view.layer.shadowOffset = CGSize(width: 0, height: 10)
        view.layer.shadowRadius = 4
        let image = render(view).image
        let below = Self.channels(image.pixel(x: 50, y: 75)), above = image.pixel(x: 50, y: 26)
        #expect(below.r < 100 && below.g < 100, "dark below, where the offset puts it: \(below)")
        #expect(above == Self.white, "nothing above")
        let edge = Self.channels(image.pixel(x: 50, y: 82))
        #expect(edge.r > below.r && edge.r < 255, "fading at the blur's edge: \(edge)")
        #expect(image.pixel(x: 50, y: 50) == Self.red, "the view over its shadow")
    }

    @Test func masksToBoundsClipsAwayTheLayersOwnShadow() {
        let view = box(30, 30, 40, 40)
        view.layer.shadowOpacity = 1
        view.layer.shadowOffset = CGSize(width: 0, height: 10)
        view.clipsToBounds = true
        #expect(render(view).image.pixel(x: 50, y: 75) == Self.white)
    }

    @Test func aShadowPathCastsItsShape() {
        let view = UIView(frame: CGRect(x: 30, y: 30, width: 40, height: 40))
        view.layer.shadowOpacity = 1
        view.layer.shadowRadius = 0
        view.layer.shadowOffset = .zero
        view.layer.shadowPath = UIBezierPath(rect: CGRect(x: -20, y: 0, width: 10, height: 10)).cgPath
        let image = render(view).image
        #expect(Self.channels(image.pixel(x: 15, y: 35)).r < 10, "cast where the path is, outside the bounds")
        #expect(image.pixel(x: 50, y: 50) == Self.white, "a view without a background casts nothing of its own")
    }

    @Test func aShadowDamagesWhatItCoversAndNoMore() {
        let view = box(30, 30, 20, 20)
        view.layer.shadowOpacity = 0.5
        view.layer.shadowRadius = 4
        let (scene, _) = render(view)
        view.backgroundColor = .blue
        #expect(scene.prepareFrame(nil, drawingAt: 1).damage.bounds == view.frame, "a new colour of the same alpha casts the same shadow")
        view.layer.shadowOpacity = 0.8
        let damage = scene.prepareFrame(nil, drawingAt: 1).damage
        let expected = CGRect(x: 30, y: 30, width: 20, height: 20).offsetBy(dx: 0, dy: -3).insetBy(dx: -7, dy: -7).union(view.frame)
        #expect(damage.bounds == expected, "the view and its shadow's reach: \(damage.bounds)")
    }

    @Test func sublayersDrawAboveTheContentAndBelowTheSubviews() {
        let view = box(0, 0, 60, 60, .white)
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        sublayer.backgroundColor = UIColor.red.cgColor
        view.layer.addSublayer(sublayer)
        view.addSubview(box(20, 20, 30, 30, .blue))
        #expect(view.layer.sublayers?.count == 1 && sublayer.superlayer === view.layer)
        let image = render(view).image
        #expect(image.pixel(x: 15, y: 15) == Self.red && image.pixel(x: 35, y: 35) == Self.blue && image.pixel(x: 45, y: 45) == Self.blue)
        sublayer.removeFromSuperlayer()
        #expect(view.layer.sublayers == nil)
    }

    @Test func zPositionDrawsAViewAboveItsLaterSiblings() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let below = box(10, 10, 50, 50, .red), above = box(30, 30, 50, 50, .blue)
        view.addSubview(below)
        view.addSubview(above)
        below.layer.zPosition = 1
        let image = render(view).image
        #expect(image.pixel(x: 45, y: 45) == Self.red, "the first subview, lifted, is drawn over the second")
        #expect(view.subviews == [below, above], "the order of the subviews stays")
    }

    @Test func aShapeLayerFillsAndStrokesPartOfItsPath() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let shape = CAShapeLayer()
        shape.frame = view.bounds
        shape.path = UIBezierPath(rect: CGRect(x: 10, y: 10, width: 80, height: 80)).cgPath
        shape.fillColor = nil
        shape.strokeColor = UIColor.blue.cgColor
        shape.lineWidth = 4
        shape.strokeEnd = 0.25
        view.layer.addSublayer(shape)
        let image = render(view).image
        #expect(image.pixel(x: 50, y: 10) == Self.blue, "the first quarter: the top edge")
        #expect(image.pixel(x: 90, y: 50) == Self.white, "not the right edge")
        #expect(image.pixel(x: 50, y: 50) == Self.white, "no fill")
    }

    @Test func aPartOfTheStrokeRunsAcrossSubpaths() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let shape = CAShapeLayer()
        shape.frame = view.bounds
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 20))
        path.addLine(to: CGPoint(x: 90, y: 20))
        path.move(to: CGPoint(x: 10, y: 60))
        path.addLine(to: CGPoint(x: 90, y: 60))
        shape.path = path
        path.addLine(to: CGPoint(x: 90, y: 90))
        #expect(shape.path?.elements.count == 4, "the layer keeps the path as it was set")
        shape.strokeColor = UIColor.blue.cgColor
        shape.lineWidth = 4
        shape.strokeEnd = 0.25
        view.layer.addSublayer(shape)
        let image = render(view).image
        #expect(image.pixel(x: 40, y: 20) == Self.blue && image.pixel(x: 60, y: 20) == Self.white, "a quarter of both lines: half the first")
        #expect(image.pixel(x: 20, y: 60) == Self.white, "and nothing of the second")
    }

    @Test func aMaskViewThatMovesRedrawsWhatItMasks() {
        let view = box(0, 0, 100, 100)
        let mask = box(0, 0, 50, 100, .black)
        view.mask = mask
        let (scene, _) = render(view)
        _ = scene.prepareFrame(nil, drawingAt: 1)
        mask.frame.origin.x = 50
        #expect(scene.prepareFrame(nil, drawingAt: 1).damage.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
        let image = scene.renderImage()
        #expect(image.pixel(x: 25, y: 50) == Self.white && image.pixel(x: 75, y: 50) == Self.red)
    }

    @Test func aViewsLayerKeepsItsAnchorInTheMiddle() {
        let view = box(10, 10, 40, 40)
        var warnings: [String] = []
        let sink = SceneHostLog.sink
        SceneHostLog.sink = { warnings.append($0) }
        defer { SceneHostLog.sink = sink }
        view.layer.anchorPoint = .zero
        #expect(view.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && warnings.count == 1)
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 5, y: 5)
        #expect(layer.frame == CGRect(x: 5, y: 5, width: 10, height: 10), "a layer of its own places its anchor")
    }

    @Test func autoresizingIgnoresATurnedSubviewsTransform() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        child.autoresizingMask = [.flexibleWidth]
        parent.addSubview(child)
        child.transform = CGAffineTransform(rotationAngle: .pi / 4)
        parent.frame.size.width = 110
        parent.frame.size.width = 100
        #expect(abs(child.bounds.width - 40) < 1e-9 && child.bounds.height == 20, "grows and shrinks back: \(child.bounds)")
    }

    @Test func aGradientLayerRunsFromItsStartToItsEnd() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let gradient = CAGradientLayer()
        gradient.frame = view.bounds
        gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        view.layer.addSublayer(gradient)
        let image = render(view).image
        let top = Self.channels(image.pixel(x: 50, y: 1)), bottom = Self.channels(image.pixel(x: 50, y: 98))
        let middle = Self.channels(image.pixel(x: 50, y: 50))
        #expect(top.r > 240 && top.b < 15 && bottom.b > 240 && bottom.r < 15)
        #expect(abs(middle.r - middle.b) < 10, "halfway between: \(middle)")
    }

    final class RingView: UIView {
        override class var layerClass: CALayer.Type { CAShapeLayer.self }
        var shape: CAShapeLayer { layer as! CAShapeLayer }
    }

    @Test func aViewDrawnByItsLayerClass() {
        let view = RingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.layer is CAShapeLayer)
        view.shape.path = UIBezierPath(rect: CGRect(x: 20, y: 20, width: 20, height: 20)).cgPath
        view.shape.fillColor = UIColor.blue.cgColor
        let image = render(view).image
        #expect(image.pixel(x: 30, y: 30) == Self.blue && image.pixel(x: 50, y: 50) == Self.white)
    }

    @Test func aMaskShowsTheLayerWhereItIsOpaque() {
        let view = box(0, 0, 100, 100)
        let mask = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 100))
        mask.backgroundColor = .black
        view.mask = mask
        #expect(view.layer.mask === mask.layer)
        let image = render(view).image
        #expect(image.pixel(x: 25, y: 50) == Self.red && image.pixel(x: 75, y: 50) == Self.white)
    }

    @Test func aPictureOfLayers() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let card = box(20, 20, 80, 60, .systemBlue)
        card.layer.cornerRadius = 12
        card.layer.cornerCurve = .continuous
        card.layer.shadowOpacity = 0.4
        card.layer.shadowRadius = 8
        card.layer.shadowOffset = CGSize(width: 0, height: 4)
        card.layer.borderWidth = 2
        card.layer.borderColor = UIColor.black.cgColor
        view.addSubview(card)
        let turned = box(120, 40, 50, 50, .systemOrange)
        turned.transform = CGAffineTransform(rotationAngle: 0.3)
        turned.layer.cornerRadius = 25
        view.addSubview(turned)
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 20, y: 110, width: 70, height: 70)
        ring.path = UIBezierPath(ovalIn: CGRect(x: 5, y: 5, width: 60, height: 60)).cgPath
        ring.fillColor = nil
        ring.strokeColor = UIColor.systemGreen.cgColor
        ring.lineWidth = 8
        ring.lineCap = .round
        ring.strokeEnd = 0.7
        view.layer.addSublayer(ring)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 110, y: 110, width: 70, height: 70)
        gradient.colors = [UIColor.systemRed.cgColor, UIColor.systemBlue.cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        gradient.cornerRadius = 10
        gradient.masksToBounds = true
        view.layer.addSublayer(gradient)
        let image = render(view, scale: 2, size: 200).image
        if let path = ProcessInfo.processInfo.environment["SCENEHOST_LAYER_PICTURE"] { try image.writePNG(to: path) }
        #expect(image.pixel(x: 2 * 60, y: 2 * 50) != Self.white)
    }

    @Test func aRemovedViewLetsGoOfItsLayersAndShadows() {
        weak var goneView: UIView?, goneLayer: CALayer?, goneSublayer: CALayer?, goneMask: UIView?
        let controller = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 100, height: 100), rootViewController: controller)
        do {
            let view = box(10, 10, 40, 40)
            view.layer.shadowOpacity = 1
            view.layer.cornerRadius = 8
            let sublayer = CAShapeLayer()
            sublayer.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
            view.layer.addSublayer(sublayer)
            let mask = box(0, 0, 20, 20, .black)
            view.mask = mask
            controller.view.addSubview(view)
            _ = scene.renderImage()
            #expect(view.layer.shadowMask != nil)
            (goneView, goneLayer, goneSublayer, goneMask) = (view, view.layer, sublayer, mask)
            view.removeFromSuperview()
        }
        _ = scene.renderImage()
        #expect(goneView == nil && goneLayer == nil && goneSublayer == nil && goneMask == nil)
    }

    @Test func badNumbersNeitherCrashNorTakeMemory() throws {
        let view = box(30, 30, 40, 40)
        var warnings: [String] = []
        let sink = SceneHostLog.sink
        SceneHostLog.sink = { warnings.append($0) }
        defer { SceneHostLog.sink = sink }
        view.transform = CGAffineTransform(scaleX: .nan, y: 1)
        #expect(view.transform == .identity && warnings.count == 1 && warnings[0].contains("not a finite number"))
        view.layer.shadowOpacity = 1
        view.layer.shadowRadius = .nan
        _ = render(view)
        view.layer.shadowRadius = 1e9
        let (scene, _) = render(view)
        let mask = try #require(view.layer.shadowMask)
        #expect(mask.image.width <= 1024 && mask.image.height <= 1024, "a huge blur is made small")
        view.transform = CGAffineTransform(scaleX: 0, y: 0)
        #expect(!view.bounds.contains(view.convertFromSuperview(CGPoint(x: 50, y: 50))), "a flattened view holds no point")
        // One context for every frame, as a window's: nothing may put it in error for the frames after.
        let image = ImageSurface(format: .rgb24, width: 100, height: 100)
        let context = Context(surface: image)
        let whole = Damage(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.layer.shadowOpacity = 0
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        shape.path = UIBezierPath(rect: shape.bounds).cgPath
        shape.strokeColor = UIColor.blue.cgColor
        shape.lineDashPattern = [0, 0]
        let picture = CALayer()
        picture.contents = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { $0.fill(CGRect(x: 0, y: 0, width: 4, height: 4)) }.cgImage
        view.layer.addSublayer(shape)
        view.layer.addSublayer(picture)
        for transform in [CGAffineTransform(scaleX: 0, y: 0), .identity] {
            view.transform = transform
            _ = scene.prepareFrame(nil, drawingAt: 1)
            scene.render(into: context, damage: whole, scale: 1)
            #expect(context.error == nil)
        }
        image.flush()
        #expect(image.pixel(x: 50, y: 60) == Self.red, "drawn again once it has a size")
    }

    /// A layer's contents shown larger than they are take the magnification filter: blended by
    /// default, the nearest pixel when set (a 2×1 image of red and blue stretched to 80 points).
    @Test func contentsAreSampledByTheLayersFilters() {
        let pixels = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 1)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }.cgImage
        for filter in [CALayerContentsFilter.linear, .nearest] {
            let view = box(10, 10, 80, 20, .white)
            view.layer.contents = pixels
            view.layer.magnificationFilter = filter
            let (_, image) = render(view)
            let colours = Set((10..<90).map { image.pixel(x: $0, y: 20) })
            if filter == .nearest {
                #expect(colours == [Self.red, Self.blue])
            } else {
                #expect(colours.count > 2 && colours.isSuperset(of: [Self.red, Self.blue]))
            }
        }
    }

    @Test func aTransformedViewIsDrawnTurnedAndScaledAboutItsCenter() {
        let view = box(40, 40, 20, 20)
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == CGRect(x: 30, y: 30, width: 40, height: 40))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 20, height: 20) && view.center == CGPoint(x: 50, y: 50))
        let (scene, scaled) = render(view)
        #expect(scaled.pixel(x: 32, y: 32) == Self.red && scaled.pixel(x: 28, y: 50) == Self.white)
        view.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let image = scene.renderImage()
        #expect(image.pixel(x: 50, y: 37) == Self.red, "a turned square reaches up to its corner")
        #expect(image.pixel(x: 41, y: 41) == Self.white, "and leaves its old corner")
    }

    /// A faded view that is only its background (a presentation's dimming fading in) is painted without
    /// a group the size of the damage: the pixels are exactly those of the group, which a view with a
    /// (hidden) subview still gets, at every step of the fade, over colours of every level, at 1× and 2×.
    @Test func aFadingPlainViewPaintsWhatItsGroupWould() {
        for scale in [1.0, 2.0] as [CGFloat] {
            var images: [ImageSurface] = []
            for grouped in [false, true] {
                let controller = UIViewController()
                controller.view.backgroundColor = .white
                for index in 0..<32 {
                    let stripe = box(0, CGFloat(index) * 3, 100, 3,
                                     UIColor(red: CGFloat(index) / 31, green: CGFloat(31 - index) / 31, blue: CGFloat(index % 7) / 6, alpha: 1))
                    controller.view.addSubview(stripe)
                }
                let dimming = box(10, 5, 80, 90, UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
                if grouped {
                    let hidden = UIView(frame: .zero)
                    hidden.isHidden = true
                    dimming.addSubview(hidden)
                }
                controller.view.addSubview(dimming)
                let scene = UIWindowScene.offscreen(size: CGSize(width: 100, height: 100), scale: scale, rootViewController: controller)
                _ = scene.renderImage(scale: scale)
                dimming.alpha = 0
                let start = CACurrentMediaTime() + 50
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { dimming.alpha = 1 })
                var steps: [ImageSurface] = []
                for step in 0...6 {
                    _ = scene.offscreenHost!.prepareFrame(at: start + Double(step) * 0.15)
                    #expect(step == 0 || dimming.rendersFreely, "animating: the general path")
                    let image = ImageSurface(format: .rgb24, width: Int(100 * scale), height: Int(100 * scale))
                    let context = Context(surface: image)
                    context.scale(Double(scale), Double(scale))
                    scene.render(into: context, damage: Damage(CGRect(x: 0, y: 0, width: 100, height: 100)), scale: scale)
                    image.flush()
                    steps.append(image)
                }
                images += steps
            }
            let half = images.count / 2
            for step in 0..<half {
                let (plain, grouped) = (images[step], images[half + step])
                var differing = 0
                for y in 0..<plain.height where memcmp(plain.data + y * plain.stride, grouped.data + y * grouped.stride, plain.width * 4) != 0 {
                    differing += 1
                }
                #expect(differing == 0, "\(differing) rows differ at step \(step), @\(scale)x")
            }
            let middle = images[3]
            #expect(middle.pixel(x: Int(50 * scale), y: Int(50 * scale)) != images[0].pixel(x: Int(50 * scale), y: Int(50 * scale)), "it fades in")
        }
    }
}
