import Cairo
import Foundation

/// The general compositing path: views under a transform, with layer decorations (rounded corners,
/// borders, shadows, masks, sublayers, contents) or with animations running are drawn by cairo with
/// any matrix, as their layers' presentation shows them, rather than copied to whole pixels. Their
/// subtrees follow the same path; the cairo clip of the pass keeps drawing to the damage.
extension ViewRenderer {
    /// Draws `view` and its subtree; the context is in the superview's coordinates.
    static func compositeFreely(_ view: UIView, in context: Context, scale: CGFloat) {
        guard !view.isHidden else { return }
        let layer = view.backingLayer
        let opacity = CGFloat(layer?.presentedValue("opacity", Float(view.alpha)) ?? Float(view.alpha))
        let bounds = layer?.presentedValue("bounds", view.bounds) ?? view.bounds
        let transform = layer?.transformToSuperlayer(presented: true) ?? view.transformToSuperview
        guard opacity > 0, isDrawable(transform, bounds) else { return }
        context.save()
        defer { context.restore() }
        apply(transform, to: context)
        let mask = layer?.mask
        if opacity < 1, mask == nil, let layer, paintTranslucentFill(of: view, layer: layer, bounds: bounds, opacity: opacity, in: context) { return }
        let grouped = opacity < 1 || mask != nil
        if grouped { context.pushGroup() }

        let paintOwn = { (context: Context) in
            if let layer {
                paintBackground(of: layer, bounds: bounds, in: context)
            } else if let color = view.resolvedBackground, color.alpha > 0 {
                context.setSource(red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha))
                context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
                context.fill()
            }
            context.save()
            // Clipping masks the contents and sublayers to the rounded bounds too.
            if view.clipsToBounds { clip(to: layer, bounds: bounds, in: context) }
            if let contents = layer?.contents {
                paint(contents: contents, of: layer!, bounds: bounds, in: context)
            } else {
                paintDrawing(of: view, bounds: bounds, in: context, scale: scale)
            }
            // A view whose `layerClass` is a shape or gradient layer shows what that layer draws.
            layer?.drawContent(in: context)
            for sublayer in layer?.sublayersInDrawingOrder ?? [] { compositeLayer(sublayer, in: context, scale: scale) }
            context.restore()
        }
        if let layer { paintShadow(of: layer, bounds: bounds, in: context, scale: scale, shape: paintOwn) }
        paintOwn(context)
        if !view.subviews.isEmpty {
            context.save()
            if view.clipsToBounds { clip(to: layer, bounds: bounds, in: context) }
            for subview in view.subviewsInDrawingOrder { compositeFreely(subview, in: context, scale: scale) }
            context.restore()
        }
        if let layer { paintBorder(of: layer, bounds: bounds, in: context) }
        if grouped { finishGroup(opacity: opacity, mask: mask, in: context, scale: scale) }
    }

    /// Paints a faded view that is nothing but its background on whole device pixels (a presentation's
    /// dimming fading in) as its group would be painted, without the group: a new image the size of
    /// the damage (the whole window under a dimming view) at every frame of the fade, its pages
    /// faulted in, cleared, filled and blended. Its group would hold the background's pixel
    /// everywhere in the bounds: that pixel, repeated, is painted at the opacity, which blends exactly
    /// as the group does. Returns false, and paints nothing, for any other view.
    private static func paintTranslucentFill(of view: UIView, layer: CALayer, bounds: CGRect, opacity: CGFloat, in context: Context) -> Bool {
        guard view.subviews.isEmpty, view.content == nil, !view.needsDisplay, layer.contents == nil, !layer.drawsOwnContent,
              layer.sublayersInDrawingOrder.isEmpty, layer.presentedValue("cornerRadius", layer.cornerRadius) == 0,
              layer.presentedValue("borderWidth", layer.borderWidth) == 0, layer.presentedValue("shadowOpacity", layer.shadowOpacity) == 0,
              let color = layer.presentedValue("backgroundColor", layer.backgroundColor ?? .clear).rgba as UIColor.Components?
        else { return false }
        // On whole device pixels, not turned: no edge is blended by coverage.
        let topLeft = context.userToDevice(Double(bounds.minX), Double(bounds.minY))
        let topRight = context.userToDevice(Double(bounds.maxX), Double(bounds.minY))
        let bottomRight = context.userToDevice(Double(bounds.maxX), Double(bounds.maxY))
        func whole(_ value: Double) -> Bool { abs(value - value.rounded()) < 1e-6 }
        guard topLeft.y == topRight.y, topRight.x == bottomRight.x,
              [topLeft.x, topLeft.y, bottomRight.x, bottomRight.y].allSatisfy(whole) else { return false }
        guard color.alpha > 0 else { return true }
        // The group's pixel: the background painted over nothing, as the group's fill makes it.
        let pixel = translucentFillPixel
        pixel.context.setOperator(.source)
        pixel.context.setSource(red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha))
        pixel.context.paint()
        pixel.image.flush()
        context.save()
        context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
        context.clip()
        context.setSource(pixel.image)
        context.setSourceExtend(.repeat)
        context.paint(alpha: Double(opacity))
        context.restore()
        return true
    }

    /// The one-pixel image `paintTranslucentFill` paints from, made once.
    private static let translucentFillPixel: (image: ImageSurface, context: Context) = {
        let image = ImageSurface(format: .argb32, width: 1, height: 1)
        return (image, Context(surface: image))
    }()

    /// Draws a layer made on its own (not a view's) and its sublayers; the context is in its
    /// superlayer's coordinates.
    static func compositeLayer(_ layer: CALayer, in context: Context, scale: CGFloat) {
        guard !layer.isHidden else { return }
        let opacity = CGFloat(layer.presentedValue("opacity", layer.opacity))
        let bounds = layer.presentedValue("bounds", layer.bounds)
        let transform = layer.transformToSuperlayer(presented: true)
        guard opacity > 0, isDrawable(transform, bounds) else { return }
        context.save()
        defer { context.restore() }
        apply(transform, to: context)
        let grouped = opacity < 1 || layer.mask != nil
        if grouped { context.pushGroup() }
        let paintOwn = { (context: Context) in
            paintBackground(of: layer, bounds: bounds, in: context)
            context.save()
            if layer.masksToBounds { clip(to: layer, bounds: bounds, in: context) }
            if let contents = layer.contents { paint(contents: contents, of: layer, bounds: bounds, in: context) }
            layer.drawContent(in: context)
            context.restore()
        }
        paintShadow(of: layer, bounds: bounds, in: context, scale: scale) { context in
            paintOwn(context)
            for sublayer in layer.sublayersInDrawingOrder { compositeLayer(sublayer, in: context, scale: scale) }
        }
        paintOwn(context)
        let sublayers = layer.sublayersInDrawingOrder
        if !sublayers.isEmpty {
            context.save()
            if layer.masksToBounds { clip(to: layer, bounds: bounds, in: context) }
            for sublayer in sublayers { compositeLayer(sublayer, in: context, scale: scale) }
            context.restore()
        }
        paintBorder(of: layer, bounds: bounds, in: context)
        if grouped { finishGroup(opacity: opacity, mask: layer.mask, in: context, scale: scale) }
    }

    /// Whether a view or layer can be drawn: cairo refuses a matrix that flattens the plane or holds a
    /// number that is not finite, and would refuse every later drawing of the window too. A layer
    /// scaled to nothing (the first frame of a "pop in" from scale 0) shows nothing, as in Core Animation.
    private static func isDrawable(_ t: CGAffineTransform, _ bounds: CGRect) -> Bool {
        let determinant = t.a * t.d - t.b * t.c
        return determinant != 0 && determinant.isFinite && t.tx.isFinite && t.ty.isFinite
            && bounds.minX.isFinite && bounds.minY.isFinite && bounds.width.isFinite && bounds.height.isFinite
    }

    private static func apply(_ t: CGAffineTransform, to context: Context) {
        context.transform(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
    }

    /// Paints the group begun for `opacity` or `mask`: through the mask (a layer in this one's
    /// coordinates, or a view's), at `opacity`.
    private static func finishGroup(opacity: CGFloat, mask: CALayer?, in context: Context, scale: CGFloat) {
        let content = context.popGroup()
        guard let mask else {
            context.setSource(content)
            context.paint(alpha: Double(opacity))
            return
        }
        context.pushGroup()
        if let maskView = mask.owningView { compositeFreely(maskView, in: context, scale: scale) } else { compositeLayer(mask, in: context, scale: scale) }
        let alpha = context.popGroup()
        if opacity < 1 { context.pushGroup() }
        context.setSource(content)
        context.mask(alpha)
        if opacity < 1 { context.popGroupAndPaint(alpha: Double(opacity)) }
    }

    /// The outline of the bounds with the layer's rounded corners.
    static func outline(of layer: CALayer?, bounds: CGRect, inset: CGFloat = 0) -> [PathElement] {
        let rect = bounds.insetBy(dx: inset, dy: inset)
        guard let layer, rect.width > 0, rect.height > 0 else { return UIBezierPathShapes.rect(rect) }
        let radius = max(0, layer.presentedValue("cornerRadius", layer.cornerRadius) - inset)
        return CornerShape.path(rect, radius: radius, corners: layer.maskedCorners, curve: layer.cornerCurve)
    }

    private static func clip(to layer: CALayer?, bounds: CGRect, in context: Context) {
        outline(of: layer, bounds: bounds).trace(in: context)
        context.clip()
    }

    private static func paintBackground(of layer: CALayer, bounds: CGRect, in context: Context) {
        guard let color = layer.presentedValue("backgroundColor", layer.backgroundColor ?? .clear).rgba as UIColor.Components?,
              color.alpha > 0 else { return }
        context.setSource(red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha))
        outline(of: layer, bounds: bounds).trace(in: context)
        context.fill()
    }

    /// The border: between the outline and the outline inset by the width (inner corners smaller by
    /// it), above everything the layer and its sublayers draw.
    private static func paintBorder(of layer: CALayer, bounds: CGRect, in context: Context) {
        let width = layer.presentedValue("borderWidth", layer.borderWidth)
        guard width > 0, let color = layer.presentedValue("borderColor", layer.borderColor)?.rgba, color.alpha > 0 else { return }
        context.save()
        context.setSource(red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha))
        let inner = bounds.width > 2 * width && bounds.height > 2 * width ? outline(of: layer, bounds: bounds, inset: width) : []
        (outline(of: layer, bounds: bounds) + inner).trace(in: context)
        context.setFillRule(.evenOdd)
        context.fill()
        context.restore()
    }

    /// A view's kept drawing, fitted to `bounds` (the presented bounds: stretched while a size animates,
    /// as Core Animation stretches a layer's contents).
    private static func paintDrawing(of view: UIView, bounds: CGRect, in context: Context, scale: CGFloat) {
        let placement = freePlacement(scale)
        // A drawing let go at rest is drawn again (`UIView.releaseKeptDrawings`).
        if needsDrawing(view, at: placement) || view.content.map({ $0.image == nil }) == true { draw(view, placement: placement) }
        guard let content = view.content else { return }
        let mode = view.contentMode == .redraw ? .scaleToFill : view.contentMode
        let fit = mode.fitting(content.size, into: bounds.size)
        // A drawing fitted to no size shows nothing (and cairo would refuse a zero scale).
        guard fit.scaleX > 0, fit.scaleY > 0, fit.scaleX.isFinite, fit.scaleY.isFinite else { return }
        context.save()
        context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
        context.clip()
        context.translate(Double(bounds.minX + fit.x), Double(bounds.minY + fit.y))
        context.scale(Double(fit.scaleX / scale), Double(fit.scaleY / scale))
        content.paint(in: context, x: Double(content.x), y: Double(content.y), filter: view.fittedContentFilter(magnifying: fit.scaleX > 1))
        context.restore()
    }

    /// A layer's `contents` image placed by its gravity.
    private static func paint(contents: Any, of layer: CALayer, bounds: CGRect, in context: Context) {
        let surface: ImageSurface, pixelsPerPoint: CGFloat
        if let image = contents as? CGImage {
            (surface, pixelsPerPoint) = (image.surface, max(layer.contentsScale, 0.01))
        } else if let image = contents as? UIImage, let pixels = image.surface {
            (surface, pixelsPerPoint) = (pixels, image.scale)
        } else {
            return
        }
        let size = CGSize(width: CGFloat(surface.width) / pixelsPerPoint, height: CGFloat(surface.height) / pixelsPerPoint)
        let fit = layer.contentsGravity.contentMode.fitting(size, into: bounds.size)
        guard size.width > 0, size.height > 0, fit.scaleX > 0, fit.scaleY > 0, fit.scaleX.isFinite, fit.scaleY.isFinite else { return }
        context.save()
        context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
        context.clip()
        context.translate(Double(bounds.minX + fit.x), Double(bounds.minY + fit.y))
        context.scale(Double(fit.scaleX / pixelsPerPoint), Double(fit.scaleY / pixelsPerPoint))
        context.setSource(surface)
        context.setSourceExtend(.pad)
        // Shown larger or smaller (in points) than the image's size: the layer's filter for that.
        let nearest = (fit.scaleX >= 1 ? layer.magnificationFilter : layer.minificationFilter) == .nearest
        context.setSourceFilter(nearest ? .fast : .good)
        context.paint()
        context.restore()
    }

    /// The shadow: the shape (`shadowPath`, or the alpha of what `shape` paints) blurred by the shadow
    /// radius, offset, in the shadow colour at the shadow opacity. The blurred mask is kept on the
    /// layer until the shape, radius or scale change, so a moving or animating layer does not blur again.
    private static func paintShadow(of layer: CALayer, bounds: CGRect, in context: Context, scale: CGFloat, shape: (Context) -> Void) {
        let opacity = CGFloat(layer.presentedValue("shadowOpacity", layer.shadowOpacity))
        guard opacity > 0, !layer.masksToBounds, let color = layer.presentedValue("shadowColor", layer.shadowColor)?.rgba,
              color.alpha > 0 else { return }
        let radius = layer.presentedValue("shadowRadius", layer.shadowRadius).finiteOrZero
        let offset = layer.presentedValue("shadowOffset", layer.shadowOffset)
        guard offset.width.isFinite, offset.height.isFinite else { return }
        let key = ShadowKey(scale: scale, radius: radius, bounds: bounds, generation: layer.shapeGeneration,
                            cornerRadius: layer.presentedValue("cornerRadius", layer.cornerRadius),
                            contentIdentity: layer.owningView?.content?.image.map { ObjectIdentifier($0) })
        let mask: ShadowMask
        if let cached = layer.shadowMask, cached.key == key {
            mask = cached
        } else {
            let shapeArea = layer.shadowPath?.boundingBox ?? bounds.union(layer.sublayersExtent)
            let margin = 1.5 * radius + 1
            let area = shapeArea.insetBy(dx: -margin, dy: -margin)
            guard area.width.isFinite, area.height.isFinite, area.width > 0, area.height > 0 else { return }
            // A blur hides detail: a shadow larger than 1,024 pixels a side is made at a lower resolution
            // and smoothly enlarged, rather than held in memory pixel for pixel.
            let pixels = min(scale, 1024 / max(area.width, area.height))
            let image = ImageSurface(format: .a8, width: Int((area.width * pixels).rounded(.up)), height: Int((area.height * pixels).rounded(.up)))
            let rasterizer = Context(surface: image)
            rasterizer.scale(Double(pixels), Double(pixels))
            rasterizer.translate(Double(-area.minX), Double(-area.minY))
            if let path = layer.shadowPath {
                path.elements.trace(in: rasterizer)
                rasterizer.setSource(red: 0, green: 0, blue: 0)
                rasterizer.fill()
            } else {
                shape(rasterizer)
            }
            image.blurAlpha(sigma: Double(radius / 2 * pixels))
            mask = ShadowMask(key: key, image: image, area: area, pixelsPerPoint: pixels)
            layer.shadowMask = mask
        }
        context.save()
        context.translate(Double(mask.area.minX + offset.width), Double(mask.area.minY + offset.height))
        context.scale(Double(1 / mask.pixelsPerPoint), Double(1 / mask.pixelsPerPoint))
        context.setSource(red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha * opacity))
        context.mask(mask.image, x: 0, y: 0)
        context.restore()
    }
}

/// What a kept shadow mask was made for.
struct ShadowKey: Equatable {
    var scale: CGFloat, radius: CGFloat, bounds: CGRect, generation: Int, cornerRadius: CGFloat
    var contentIdentity: ObjectIdentifier?
}

/// A blurred shadow shape covering `area` (layer coordinates) at `pixelsPerPoint` (the display's
/// scale, less for a very large shadow).
final class ShadowMask {
    let key: ShadowKey, image: ImageSurface, area: CGRect, pixelsPerPoint: CGFloat
    init(key: ShadowKey, image: ImageSurface, area: CGRect, pixelsPerPoint: CGFloat) {
        (self.key, self.image, self.area, self.pixelsPerPoint) = (key, image, area, pixelsPerPoint)
    }
}

extension CGFloat {
    /// The value, or 0 when it is not a finite number of at least 0 (a radius or width from bad input).
    var finiteOrZero: CGFloat { isFinite && self > 0 ? self : 0 }
}

/// Rounded corners, circular or continuous, on the corners a mask names.
enum CornerShape {
    /// Where a continuous corner starts, as a multiple of the radius (Core Animation's
    /// `cornerCurveExpansionFactor(.continuous)`, as measured by others).
    static let continuousExpansion: CGFloat = 1.528665

    static func path(_ rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve) -> [PathElement] {
        let limit = min(rect.width, rect.height) / 2
        guard radius > 0, !corners.isEmpty else { return UIBezierPathShapes.rect(rect) }
        // A continuous corner that would reach past the middle of a side becomes a circular one (a capsule end).
        let continuous = curve == .continuous && radius * continuousExpansion <= limit
        let r = min(radius, limit)
        let (l, t, rt, b) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        let reach = continuous ? r * continuousExpansion : r
        var elements: [PathElement] = []
        // Each corner turns from the side before it to the side after it, clockwise from the top left.
        func corner(_ mask: CACornerMask, _ corner: CGPoint, _ inDirection: CGPoint, _ outDirection: CGPoint) {
            // `inDirection`: along the incoming side; `outDirection`: along the outgoing side (unit vectors).
            func at(_ alongIn: CGFloat, _ alongOut: CGFloat) -> CGPoint {
                CGPoint(x: corner.x - inDirection.x * alongIn + outDirection.x * alongOut,
                        y: corner.y - inDirection.y * alongIn + outDirection.y * alongOut)
            }
            guard corners.contains(mask) else {
                elements.append(elements.isEmpty ? .move(corner) : .line(corner))
                return
            }
            let start = at(reach, 0)
            elements.append(elements.isEmpty ? .move(start) : .line(start))
            if continuous {
                // PaintCode's reconstruction of iOS's continuous corner as three cubic curves.
                elements.append(.curve(to: at(0.66993427 * r, 0.06549600 * r), control1: at(1.08849323 * r, 0), control2: at(0.86840689 * r, 0)))
                elements.append(.curve(to: at(0.06549591 * r, 0.66993427 * r), control1: at(0.37282392 * r, 0.16906013 * r),
                                       control2: at(0.16906013 * r, 0.37282392 * r)))
                elements.append(.curve(to: at(0, 1.52866471 * r), control1: at(0, 0.86840689 * r), control2: at(0, 1.08849323 * r)))
            } else {
                let k: CGFloat = 0.5522847498
                elements.append(.curve(to: at(0, r), control1: at(r * (1 - k), 0), control2: at(0, r * (1 - k))))
            }
        }
        corner(.layerMinXMinYCorner, CGPoint(x: l, y: t), CGPoint(x: 0, y: -1), CGPoint(x: 1, y: 0))
        corner(.layerMaxXMinYCorner, CGPoint(x: rt, y: t), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1))
        corner(.layerMaxXMaxYCorner, CGPoint(x: rt, y: b), CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0))
        corner(.layerMinXMaxYCorner, CGPoint(x: l, y: b), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -1))
        elements.append(.close)
        return elements
    }
}
