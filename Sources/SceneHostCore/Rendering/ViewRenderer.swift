import Cairo
import Foundation

/// Composites view hierarchies into a cairo context, limited to a damaged region. Each view's
/// `draw(_:)` output is kept as a backing image (until `setNeedsDisplay`, a resize or a new scale) and
/// copied here, so only views marked dirty run their drawing code.
///
/// A frame has two passes, as a layer tree's display and commit: `display` runs `draw(_:)` where it is
/// needed (a view drawn anew damages its bounds), then `render` composites the damage.
@MainActor
enum ViewRenderer {
    /// Draws the views that need it at `scale` device pixels per point; their bounds join the damage.
    static func display(windows: [UIWindow], scale: CGFloat) {
        for window in windows {
            // At a new scale every view draws again.
            let all = window.displayedScale != scale
            window.displayedScale = scale
            display(window, origin: .zero, scale: scale, all: all)
        }
    }

    /// `origin`: where the view's superview's coordinates start, in window (scene) points. Only the
    /// branches marked for display are visited (`all`: the whole subtree, whose place changed).
    /// `aligned`: false inside a view composited by the general path, whose drawings are placed by a
    /// matrix (see `compositeFreely`), not copied to whole pixels.
    private static func display(_ view: UIView, origin: CGPoint, scale: CGFloat, all: Bool, aligned: Bool = true) {
        guard !view.isHidden, view.shownAlpha > 0 else { return }
        let all = all || view.displayChecksSubtree
        let below = all || view.descendantNeedsDisplayCheck
        // Cleared first: what drawing marks (a view drawn here asking for more) waits for the next pass.
        view.displayChecksSubtree = false
        view.descendantNeedsDisplayCheck = false
        let own = coordinatesOrigin(of: view, in: origin)
        let aligned = aligned && !view.rendersFreely
        if all || view.needsDisplay {
            let placement = aligned ? placement(of: view, at: own, scale: scale).placement : freePlacement(scale)
            if needsDrawing(view, at: placement) {
                let hadContent = view.content != nil
                draw(view, placement: placement)
                if hadContent || view.content != nil { view.invalidate(view.bounds) }
            }
        }
        if below {
            for subview in view.subviews { display(subview, origin: own, scale: scale, all: all, aligned: aligned) }
        }
    }

    /// Where `view`'s own coordinates start, in window points, given where its superview's do.
    private static func coordinatesOrigin(of view: UIView, in origin: CGPoint) -> CGPoint {
        let frame = view.frame, bounds = view.bounds
        return CGPoint(x: origin.x + frame.minX - bounds.minX, y: origin.y + frame.minY - bounds.minY)
    }

    /// The device pixel the view's bounds' origin falls in, and the sub-pixel offset within it: backing
    /// images are drawn at that offset, so copying them is a pixel-aligned blit with exactly the pixels
    /// direct drawing would give. Computed the same way in both passes, so they agree to the bit.
    private static func placement(of view: UIView, at own: CGPoint, scale: CGFloat) -> (placement: UIView.ContentPlacement, x: Double, y: Double) {
        let bounds = view.bounds
        let x = Double((own.x + bounds.minX) * scale), y = Double((own.y + bounds.minY) * scale)
        let pixelX = x.rounded(.down), pixelY = y.rounded(.down)
        return (UIView.ContentPlacement(scale: scale, phaseX: x - pixelX, phaseY: y - pixelY), pixelX, pixelY)
    }

    /// Drawings composited by a matrix are drawn at no sub-pixel offset.
    static func freePlacement(_ scale: CGFloat) -> UIView.ContentPlacement {
        UIView.ContentPlacement(scale: scale, phaseX: 0, phaseY: 0)
    }

    /// Whether `view` must run `draw(_:)` before it is shown at `placement`: when marked, at a new
    /// scale, or moved to another sub-pixel offset while its drawing is shown as drawn (a drawing
    /// fitted to other bounds by the content mode is placed by a transform; no drawing stays none).
    static func needsDrawing(_ view: UIView, at placement: UIView.ContentPlacement) -> Bool {
        if view.needsDisplay || view.contentPlacement.scale != placement.scale { return true }
        guard view.contentPlacement != placement, let content = view.content else { return false }
        // Shown copied at whole pixels while its size stays near the bounds': no redraw for a new phase.
        if view.unscaledDrawingSlack != nil { return false }
        return view.contentMode == .redraw || content.size == view.bounds.size
    }

    /// `context` maps window points to device pixels by `scale` alone.
    static func render(windows: [UIWindow], in context: Context, damage: Damage, scale: CGFloat) {
        var damage = damage
        for move in damage.moves {
            if let image = context.surface as? ImageSurface {
                image.copyPixels(x: Int((move.from.minX * scale).rounded()), y: Int((move.from.minY * scale).rounded()),
                                 width: Int((move.from.width * scale).rounded()), height: Int((move.from.height * scale).rounded()),
                                 toX: Int((move.to.minX * scale).rounded()), toY: Int((move.to.minY * scale).rounded()))
            } else {
                // Pixels that cannot be copied are composited where they land.
                damage.add(move.to)
            }
        }
        // Each rectangle is composited from the last view painted that covers it opaquely: nothing under
        // that view shows there (a badge moved over a list costs the badge, not the list). Rectangles
        // with the same cover (usually the root view) are composited together.
        var passes: [(cover: UIView?, damage: Damage)] = []
        damage.forEachRect { rect in
            // A pass costs a walk down the tree and a clip: a small rectangle (a label that moved a few
            // pixels) joins the pass of the outermost view that covers it, usually the root view's,
            // rather than starting one of its own.
            let small = Double(rect.width * rect.height * scale * scale) <= Self.smallRectangle
            let cover = cover(of: rect, in: windows, last: !small)
            if let index = passes.firstIndex(where: { $0.cover === cover }) {
                passes[index].damage.add(rect)
            } else {
                passes.append((cover, Damage(rect)))
            }
        }
        // Fills and copies of whole pixels go straight to pixman when the target is an image (see
        // `PixelTarget`). Cairo is told its pixels change behind its back before and after: a new
        // image is known to cairo as clear, and it would paint a translucent view's group over it as
        // if nothing were there.
        let image = drawsDirectly ? context.surface as? ImageSurface : nil
        image?.flush()
        image?.markDirty()
        defer { image?.markDirty() }
        for pass in passes {
            context.save()
            pass.damage.forEachRect { rect in context.rectangle(Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height)) }
            context.clip()
            // Black where no window covers, as in UIKit.
            if pass.cover == nil {
                context.setSource(red: 0, green: 0, blue: 0)
                context.paint()
            }
            let target = image.flatMap { PixelTarget(image: $0, damage: pass.damage, scale: scale) }
            var cover = pass.cover
            for window in windows {
                composite(window, in: context, origin: .zero, clip: .infinite, damage: pass.damage, cover: &cover, scale: scale, target: target)
            }
            context.restore()
        }
    }

    /// Whether fills and copies of whole pixels bypass cairo (see `PixelTarget`); off, cairo does
    /// everything, which the tests compare with.
    static var drawsDirectly = true

    /// Where a pass composites in whole device pixels, for the fills and copies that go straight to the
    /// target image: the pass's damage (and the clip of the ancestors that clip), as boxes that do not
    /// overlap. Nil, and cairo composites, where an edge falls inside a pixel: cairo would blend it.
    struct PixelTarget {
        let image: ImageSurface
        let scale: CGFloat
        /// Disjoint, in device pixels.
        let boxes: [PixelBox]

        init?(image: ImageSurface, damage: Damage, scale: CGFloat) {
            var boxes: [PixelBox] = []
            var whole = true
            damage.forEachRect { rect in
                guard whole, let box = Self.box(rect, scale: scale) else {
                    whole = false
                    return
                }
                // Overlapping rectangles would blend twice: each box keeps what the ones before lack.
                boxes += Self.parts(of: [box], without: boxes)
            }
            guard whole else { return nil }
            self.init(image: image, scale: scale, boxes: boxes)
        }

        private init(image: ImageSurface, scale: CGFloat, boxes: [PixelBox]) {
            self.image = image
            self.scale = scale
            self.boxes = boxes
        }

        /// The same target within `rect` (window points): nil when its edges fall inside pixels.
        func clipped(to rect: CGRect) -> PixelTarget? {
            boxes(within: rect).map { PixelTarget(image: image, scale: scale, boxes: $0) }
        }

        /// The boxes within `rect` (window points), or nil when its edges fall inside pixels.
        func boxes(within rect: CGRect) -> [PixelBox]? {
            guard let box = Self.box(rect, scale: scale) else { return nil }
            // Most views hold all of a pass's boxes (the root view) or meet none of them (a row away
            // from the damage): those share the pass's array or an empty one, without a new array.
            // (Finding that out first and cutting again in the rare mixed case costs fewer
            // instructions than building the list lazily in one pass.)
            var holdsAll = true, meetsAny = false
            for candidate in boxes {
                let part = candidate.intersection(box)
                if part != candidate { holdsAll = false }
                if !part.isEmpty { meetsAny = true }
            }
            if holdsAll { return boxes }
            guard meetsAny else { return [] }
            var parts: [PixelBox] = []
            parts.reserveCapacity(boxes.count)
            for candidate in boxes {
                let part = candidate.intersection(box)
                if !part.isEmpty { parts.append(part) }
            }
            return parts
        }

        /// What of `boxes` lies outside every one of `holes`, in boxes that do not overlap (through
        /// `CGRect.subtracting`, exact on whole pixels).
        static func parts(of boxes: [PixelBox], without holes: [PixelBox]) -> [PixelBox] {
            var parts = boxes
            // Most holes miss most parts (a row's area and the window's edge strip): those are kept
            // as they are, without cutting or a new array.
            for hole in holes where !hole.isEmpty && parts.contains(where: { !$0.intersection(hole).isEmpty }) {
                let cut = CGRect(hole)
                var kept: [PixelBox] = []
                kept.reserveCapacity(parts.count + 3)
                for part in parts {
                    if part.intersection(hole).isEmpty {
                        kept.append(part)
                    } else {
                        for piece in CGRect(part).subtracting(cut) { kept.append(PixelBox(piece)) }
                    }
                }
                parts = kept
            }
            return parts
        }

        /// `rect` (window points) in device pixels, when its edges fall on pixel edges (to within
        /// rounding error); the infinite rectangle is the whole plane.
        static func box(_ rect: CGRect, scale: CGFloat) -> PixelBox? {
            if rect.isInfinite { return PixelBox(left: .min, top: .min, right: .max, bottom: .max) }
            guard !rect.isNull else { return PixelBox(left: 0, top: 0, right: 0, bottom: 0) }
            func pixel(_ value: CGFloat) -> Int32? {
                let scaled = Double(value * scale), rounded = scaled.rounded()
                guard abs(scaled - rounded) < 1e-6, abs(rounded) < 1e9 else { return nil }
                return Int32(rounded)
            }
            guard let left = pixel(rect.minX), let top = pixel(rect.minY), let right = pixel(rect.maxX), let bottom = pixel(rect.maxY)
            else { return nil }
            return PixelBox(left: left, top: top, right: right, bottom: bottom)
        }
    }

    /// Device pixels up to which a damaged rectangle is composited with the outermost view covering
    /// it rather than the innermost (see `render`).
    static let smallRectangle = 2048.0

    /// The first view painted (the last, when `last`) whose opaque background hides all of `rect`
    /// (window points) from what lies under it. Views with an alpha below 1 are blended with what lies
    /// under them, so neither they nor their subviews cover. Only the branches whose extent holds all
    /// of `rect` can hold such a view: the search follows them alone, not the whole tree.
    private static func cover(of rect: CGRect, in windows: [UIWindow], last: Bool) -> UIView? {
        for index in windows.indices {
            let window = windows[last ? windows.count - 1 - index : index]
            if let cover = cover(of: rect, in: window, origin: .zero, clip: .infinite, last: last) { return cover }
        }
        return nil
    }

    /// `clip`: what the ancestors that clip let through. In painting order a view comes before its
    /// subviews, and they in order: the first cover is the view itself if it covers, the last is
    /// sought in the last subviews first.
    private static func cover(of rect: CGRect, in view: UIView, origin: CGPoint, clip: CGRect, last: Bool) -> UIView? {
        guard !view.isHidden, view.alpha >= 1, !view.rendersFreely,
              view.extentInSuperview.offsetBy(dx: origin.x, dy: origin.y).clipped(to: clip).holds(rect) else { return nil }
        let own = coordinatesOrigin(of: view, in: origin)
        let visible = view.bounds.offsetBy(dx: own.x, dy: own.y).clipped(to: clip)
        let covers = view.backgroundAlpha >= 1 && visible.holds(rect)
        if covers, !last { return view }
        let childClip = view.clipsToBounds ? visible : clip
        let subviews = view.subviewsInDrawingOrder
        for index in subviews.indices {
            let subview = subviews[last ? subviews.count - 1 - index : index]
            if let cover = cover(of: rect, in: subview, origin: own, clip: childClip, last: last) { return cover }
        }
        return covers ? view : nil
    }

    /// Draws `view` and its subviews where they meet the damage. `origin`: where the superview's
    /// coordinates start in window points (the context is in them on entry); `clip`: what the
    /// ancestors that clip let through, in window points; `cover`: until it is reached, views are
    /// under it and skipped, and its ancestors only lead to it.
    private static func composite(_ view: UIView, in context: Context, origin: CGPoint, clip: CGRect, damage: Damage,
                                  cover: inout UIView?, scale: CGFloat, target: PixelTarget?) {
        guard !view.isHidden, view.shownAlpha > 0 else { return }
        let reach = view.extentInSuperview.offsetBy(dx: origin.x, dy: origin.y).clipped(to: clip)
        guard !reach.isNull, damage.intersects(reach) else { return }
        if view.rendersFreely {
            // No cover lies inside such a view (see `cover(of:in:origin:clip:last:)`).
            if let pending = cover, !pending.isDescendant(of: view) { return }
            compositeFreely(view, in: context, scale: scale)
            return
        }
        var paints = true
        if let pending = cover {
            if pending === view {
                cover = nil
            } else if pending.isDescendant(of: view) {
                paints = false
            } else {
                return
            }
        }
        let frame = view.frame, bounds = view.bounds
        let own = coordinatesOrigin(of: view, in: origin)
        context.save()
        defer { context.restore() }
        // From here on the context is in the view's own coordinates.
        context.translate(Double(frame.minX - bounds.minX), Double(frame.minY - bounds.minY))
        let grouped = view.alpha < 1
        if grouped { context.pushGroup() }
        // Into a group, cairo composites: the pixels are not the target's.
        let target = grouped ? nil : target

        let visible = bounds.offsetBy(dx: own.x, dy: own.y).clipped(to: clip)
        if paints, !visible.isNull, damage.intersects(visible) {
            if let color = view.resolvedBackground, color.alpha > 0 {
                fillBackground(of: view, color: color, in: context, damage: damage, at: own, target: target)
            }
            let (placement, pixelX, pixelY) = placement(of: view, at: own, scale: scale)
            // Drawn in the display pass; a view it did not reach (shown since) is drawn here.
            if needsDrawing(view, at: placement) { draw(view, placement: placement) }
            // A drawing shown as drawn covers only its image: a label whose bounds reach a damaged strip
            // at the window's edge, but not its text, is not painted there.
            let inkDamaged: Bool
            if let ink = view.drawnInk { inkDamaged = damage.intersects(ink.offsetBy(dx: own.x, dy: own.y)) } else { inkDamaged = true }
            if inkDamaged, view.content?.image == nil, view.content != nil {
                // Let go at rest (`UIView.releaseKeptDrawings`): drawn again, the same, where it shows.
                draw(view, placement: placement)
            }
            if let content = view.content, let image = content.image, inkDamaged {
                let shownAsDrawn = view.contentMode == .redraw || content.size == bounds.size
                if !shownAsDrawn, let slack = view.unscaledDrawingSlack, abs(content.size.width - bounds.width) <= slack,
                   abs(content.size.height - bounds.height) <= slack {
                    compositeUnscaled(view, content: content, image: image, in: context, visible: visible, at: (pixelX, pixelY), target: target)
                } else if shownAsDrawn, let target, let clip = PixelTarget.box(visible, scale: target.scale) {
                    // Drawn for this placement: a pixel-aligned copy, within the bounds.
                    if let tint = content.tint {
                        target.image.composite(tint, through: image, x: Int32(pixelX) + Int32(content.x), y: Int32(pixelY) + Int32(content.y),
                                               within: target.boxes, clippedTo: clip)
                    } else {
                        target.image.composite(image, x: Int32(pixelX) + Int32(content.x), y: Int32(pixelY) + Int32(content.y),
                                               opaque: content.opaque, within: target.boxes, clippedTo: clip)
                    }
                } else {
                    context.save()
                    context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
                    context.clip()
                    if shownAsDrawn {
                        // Drawn for this placement: a pixel-aligned copy.
                        context.identityMatrix()
                        content.paint(in: context, x: pixelX + Double(content.x), y: pixelY + Double(content.y))
                    } else {
                        // Drawn at another size: fitted to the bounds by the content mode, from the
                        // sub-pixel offset it was drawn at, with the layer's filter (Core Animation's linear).
                        let fit = view.contentMode.fitting(content.size, into: bounds.size), drawn = view.contentPlacement
                        context.translate(Double(bounds.minX + fit.x), Double(bounds.minY + fit.y))
                        context.scale(Double(fit.scaleX / drawn.scale), Double(fit.scaleY / drawn.scale))
                        content.paint(in: context, x: Double(content.x) - drawn.phaseX, y: Double(content.y) - drawn.phaseY,
                                      filter: view.fittedContentFilter(magnifying: fit.scaleX * scale > drawn.scale))
                    }
                    context.restore()
                }
            }
        }

        // A view without subviews (an image view in a grid's cell) clips nothing: no clip, no target
        // cut to its bounds (a group, painted under the clip, still gets it).
        if !view.subviews.isEmpty || grouped {
            var childClip = clip, childTarget = target
            if view.clipsToBounds {
                childClip = visible
                childTarget = target?.clipped(to: visible)
                context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
                context.clip()
            }
            if !childClip.isNull, !childClip.isEmpty {
                for subview in view.subviewsInDrawingOrder {
                    composite(subview, in: context, origin: own, clip: childClip, damage: damage, cover: &cover, scale: scale, target: childTarget)
                }
            }
        }
        if grouped { context.popGroupAndPaint(alpha: Double(view.alpha)) }
    }

    /// A kept drawing made at nearly the bounds' size (`unscaledDrawingSlack`), copied pixel for pixel
    /// where the content mode places it (centred for the scaling modes; at the bounds' origin for a
    /// drawing made with a bleed, `keepsUnscaledDrawingAtOrigin`), within the bounds rounded to
    /// whole pixels: a copy costs what a fill does, where scaling costs several times more.
    private static func compositeUnscaled(_ view: UIView, content: UIView.Content, image: ImageSurface, in context: Context, visible: CGRect,
                                          at pixel: (x: Double, y: Double), target: PixelTarget?) {
        let bounds = view.bounds
        let fit = view.unscaledDrawingOffset(for: content.size, in: bounds.size), scale = view.contentPlacement.scale
        let x = pixel.x + Double(content.x) + Double(fit.x * scale).rounded(), y = pixel.y + Double(content.y) + Double(fit.y * scale).rounded()
        // `visible` is in window points: the device pixels it mostly covers.
        let left = Double(visible.minX * scale).rounded(), top = Double(visible.minY * scale).rounded()
        let right = Double(visible.maxX * scale).rounded(), bottom = Double(visible.maxY * scale).rounded()
        guard right > left, bottom > top else { return }
        if let target, target.scale == scale {
            let clip = PixelBox(left: Int32(left), top: Int32(top), right: Int32(right), bottom: Int32(bottom))
            if let tint = content.tint {
                target.image.composite(tint, through: image, x: Int32(x), y: Int32(y), within: target.boxes, clippedTo: clip)
            } else {
                target.image.composite(image, x: Int32(x), y: Int32(y), opaque: content.opaque, within: target.boxes, clippedTo: clip)
            }
            return
        }
        context.save()
        context.identityMatrix()
        context.rectangle(left, top, right - left, bottom - top)
        context.clip()
        content.paint(in: context, x: x, y: y)
        context.restore()
    }

    /// Fills `view`'s bounds with `color`, leaving out the whole device pixels its opaque subviews paint
    /// over anyway (a list's background under its rows, a root view under its panes): filling every
    /// layer of a window at every frame of a drag would cost more than the rest of it.
    private static func fillBackground(of view: UIView, color: UIColor.Components,
                                       in context: Context, damage: Damage, at own: CGPoint, target: PixelTarget?) {
        let bounds = view.bounds, area = bounds.clipped(to: damage.bounds.offsetBy(dx: -own.x, dy: -own.y))
        // The areas, then the holes made of them, in storage reused from fill to fill (one at a time).
        var holes: [CGRect] = []
        swap(&holes, &scratchAreas)
        defer {
            holes.removeAll(keepingCapacity: true)
            swap(&holes, &scratchAreas)
        }
        if !area.isNull { collectOpaqueSubviewAreas(of: view, offset: .zero, within: area, into: &holes, depth: 0) }
        if let target, let boxes = target.boxes(within: bounds.offsetBy(dx: own.x, dy: own.y)) {
            // The damaged whole pixels of the bounds, less the whole pixels each area covers (pixel
            // edges to within rounding error count as edges).
            let scale = target.scale
            func pixel(_ value: CGFloat, _ rule: FloatingPointRoundingRule) -> Int32 {
                let scaled = Double(value * scale), nearest = scaled.rounded()
                return Int32(abs(scaled - nearest) < 1e-6 ? nearest : scaled.rounded(rule))
            }
            var holeBoxes: [PixelBox] = []
            holeBoxes.reserveCapacity(holes.count)
            for hole in holes {
                holeBoxes.append(PixelBox(left: pixel(hole.minX + own.x, .up), top: pixel(hole.minY + own.y, .up),
                                          right: pixel(hole.maxX + own.x, .down), bottom: pixel(hole.maxY + own.y, .down)))
            }
            let parts = PixelTarget.parts(of: boxes, without: holeBoxes)
            target.image.fill(parts, red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha))
            return
        }
        context.setSource(red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha))
        guard !holes.isEmpty else {
            context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
            context.fill()
            return
        }
        // Each area shrunk to the whole device pixels it covers. The context maps user space to device
        // pixels by a scale and a translation only.
        let origin = context.userToDevice(0, 0), unit = context.userToDevice(1, 1)
        let scaleX = unit.x - origin.x, scaleY = unit.y - origin.y
        var kept = 0
        for index in holes.indices {
            let rect = holes[index]
            let left = (Double(rect.minX) * scaleX + origin.x).rounded(.up), right = (Double(rect.maxX) * scaleX + origin.x).rounded(.down)
            let top = (Double(rect.minY) * scaleY + origin.y).rounded(.up), bottom = (Double(rect.maxY) * scaleY + origin.y).rounded(.down)
            guard right > left, bottom > top else { continue }
            holes[kept] = CGRect(x: (left - origin.x) / scaleX, y: (top - origin.y) / scaleY, width: (right - left) / scaleX, height: (bottom - top) / scaleY)
            kept += 1
        }
        holes.removeLast(holes.count - kept)
        // A damaged rectangle inside one subview's opaque area needs nothing from this background (a
        // window's edge strip crossing a list's rows, under the pane that holds them).
        let exposedParts = damage.anyRect { rect in
            let part = rect.offsetBy(dx: -own.x, dy: -own.y).clipped(to: bounds)
            return !part.isNull && !part.isEmpty && !holes.contains(where: { $0.holds(part) })
        }
        guard exposedParts else { return }
        context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
        for hole in holes { context.rectangle(Double(hole.minX), Double(hole.minY), Double(hole.width), Double(hole.height)) }
        // Enclosed twice (by the bounds and a cover) is left out; where covers overlap the fill is
        // made again, which the subviews paint over.
        context.save()
        context.setFillRule(.evenOdd)
        context.fill()
        context.restore()
    }

    private static var scratchAreas: [CGRect] = []

    /// Appends the parts of `within` (in `view`'s coordinates, shifted by `offset`) that `view`'s
    /// subviews fill with an opaque background (or their opaque drawing, `opaqueDrawingArea`), looking
    /// through subviews without one. Unlike the
    /// cover search (what hides a damaged rectangle, at any depth), it stops at the first opaque
    /// subview on each branch: under a pane, its rows need not be left out of the fill twice.
    private static func collectOpaqueSubviewAreas(of view: UIView, offset: CGPoint, within: CGRect, into covered: inout [CGRect], depth: Int) {
        for subview in view.subviewsInDrawingOrder where !subview.isHidden && subview.alpha >= 1 && !subview.rendersFreely {
            let frame = subview.frame.offsetBy(dx: offset.x, dy: offset.y)
            if subview.backgroundAlpha >= 1 {
                let part = frame.clipped(to: within)
                if !part.isNull, !part.isEmpty { covered.append(part) }
            } else if let opaque = subview.opaqueDrawingArea {
                let bounds = subview.bounds
                let part = opaque.offsetBy(dx: frame.minX - bounds.minX, dy: frame.minY - bounds.minY).clipped(to: within)
                if !part.isNull, !part.isEmpty { covered.append(part) }
            } else if depth < 3, !subview.subviews.isEmpty {
                let inner = subview.clipsToBounds ? within.clipped(to: frame) : within
                guard !inner.isNull, !inner.isEmpty else { continue }
                collectOpaqueSubviewAreas(of: subview, offset: CGPoint(x: frame.minX - subview.bounds.minX, y: frame.minY - subview.bounds.minY),
                                   within: inner, into: &covered, depth: depth + 1)
            }
        }
    }

    /// Runs the view's `draw(_:)` and keeps its output as a backing image for `placement`, covering only
    /// what was inked: a row's separator line is a one-pixel strip, not a row of transparent pixels to
    /// clear, keep and blend at every frame. A view that says where it will ink (a label) is drawn
    /// straight into an image that size; the others are drawn to a recording first, so one that draws
    /// nothing (most of them) costs no image at all.
    static func draw(_ view: UIView, placement: UIView.ContentPlacement) {
        view.needsDisplay = false
        view.contentPlacement = placement
        if let ink = view.inkBeforeDrawing {
            // A drawing in one colour is kept as its coverage: a quarter of the bytes.
            let oneColor = keepsCoverage && view.drawsInOneColor
            drawnCoverageTint = nil
            drawingCoverage = oneColor
            defer { drawingCoverage = false }
            // Glyph outlines may be anti-aliased into the pixel beyond: one more on each side.
            let image = makeImage(for: view, ink: (Double(ink.minX), Double(ink.minY), Double(ink.width), Double(ink.height)),
                                  placement: placement, margin: 1, format: oneColor ? .a8 : .argb32) { run(view, drawingIn: $0) }
            if oneColor, image != nil {
                if let tint = drawnCoverageTint {
                    view.content?.tint = tint
                } else {
                    // It did not name its colour after all: drawn again in colour.
                    drawingCoverage = false
                    makeImage(for: view, ink: (Double(ink.minX), Double(ink.minY), Double(ink.width), Double(ink.height)),
                              placement: placement, margin: 1) { run(view, drawingIn: $0) }
                }
            }
            // Nothing inked: run anyway, so the traits `draw(_:)` reads are tracked.
            if image == nil { run(view, drawingIn: Context(surface: RecordingSurface())) }
            if !oneColor { markOpaquePixels(of: view) }
            return
        }
        let recording = RecordingSurface()
        run(view, drawingIn: Context(surface: recording))
        recording.flush()
        _ = makeImage(for: view, ink: recording.inkExtents, placement: placement, margin: 0) { $0.setSource(recording); $0.paint() }
        markOpaquePixels(of: view)
    }

    /// Notes where the view's new drawing is opaque (`UIView.opaqueInk`): the whole pixels inside it.
    private static func markOpaquePixels(of view: UIView) {
        guard let content = view.content, content.tint == nil, let area = view.opaqueInk else { return }
        let placement = view.contentPlacement, scale = Double(placement.scale), bounds = view.bounds
        let left = (Double(area.minX - bounds.minX) * scale + placement.phaseX).rounded(.up) - Double(content.x)
        let top = (Double(area.minY - bounds.minY) * scale + placement.phaseY).rounded(.up) - Double(content.y)
        let right = (Double(area.maxX - bounds.minX) * scale + placement.phaseX).rounded(.down) - Double(content.x)
        let bottom = (Double(area.maxY - bounds.minY) * scale + placement.phaseY).rounded(.down) - Double(content.y)
        guard right > left, bottom > top else { return }
        let box = PixelBox(left: Int32(max(0, left)), top: Int32(max(0, top)),
                           right: Int32(min(Double(content.width), right)), bottom: Int32(min(Double(content.height), bottom)))
        view.content?.opaque = box.isEmpty ? nil : box
    }

    /// Whether the view being drawn is drawn as coverage (`UIView.drawsInOneColor`): it then inks
    /// opaquely, and names its colour in `drawnCoverageTint`.
    static var drawingCoverage = false
    /// Whether one-colour drawings are kept as coverage (tests turn it off to compare the pixels).
    static var keepsCoverage = true
    static var drawnCoverageTint: MaskTint?

    /// Runs `draw(_:)` into `context`, whose user space is the view's bounds. Traits read while drawing
    /// (dynamic colours included) are tracked: a change redraws the view.
    private static func run(_ view: UIView, drawingIn context: Context) {
        let bounds = view.bounds
        context.translate(Double(-bounds.minX), Double(-bounds.minY))
        let drawing = CGContext(cairo: context)
        // A recording is replayed by `makeImage` at the view's placement: symbols can then be drawn
        // from rasters made for that pixel grid.
        if context.surface is RecordingSurface, view.contentPlacement.scale > 0 {
            let placement = view.contentPlacement
            drawing.recordingPixelMapping = (Double(placement.scale), placement.phaseX, placement.phaseY)
        }
        UIGraphicsPushContext(drawing)
        view.traitState.displayReads = TraitReads.tracking {
            view.traitCollection.performAsCurrent { view.draw(bounds) }
        }
        UIGraphicsPopContext()
    }

    /// Makes the view's content: an image of the inked device pixels (from the one the bounds' origin
    /// falls in, within the bounds), filled by `paint` in a context whose user space starts at the
    /// bounds' origin (in points). Returns nil, and leaves no content, when nothing is inked there.
    @discardableResult
    private static func makeImage(for view: UIView, ink: (x: Double, y: Double, width: Double, height: Double),
                                  placement: UIView.ContentPlacement, margin: Double, format: ImageSurface.Format = .argb32,
                                  paint: (Context) -> Void) -> ImageSurface? {
        let bounds = view.bounds
        view.content = nil
        guard ink.width > 0, ink.height > 0, bounds.width > 0, bounds.height > 0 else { return nil }
        let scale = Double(placement.scale)
        // Kept within the bounds, and as far beyond them as the view asks (`drawingBleed`).
        let bleed = (Double(view.drawingBleed) * scale).rounded(.up)
        let left = max(-bleed, (ink.x * scale + placement.phaseX).rounded(.down) - margin)
        let top = max(-bleed, (ink.y * scale + placement.phaseY).rounded(.down) - margin)
        let right = min((Double(bounds.width) * scale + placement.phaseX).rounded(.up) + bleed, ((ink.x + ink.width) * scale + placement.phaseX).rounded(.up) + margin)
        let bottom = min((Double(bounds.height) * scale + placement.phaseY).rounded(.up) + bleed, ((ink.y + ink.height) * scale + placement.phaseY).rounded(.up) + margin)
        guard right > left, bottom > top else { return nil }
        let image = ImageSurface(format: format, width: Int(right - left), height: Int(bottom - top))
        let rasterizer = Context(surface: image)
        rasterizer.translate(placement.phaseX - left, placement.phaseY - top)
        rasterizer.scale(scale, scale)
        paint(rasterizer)
        image.flush()
        view.content = UIView.Content(image: image, x: Int(left), y: Int(top), width: image.width, height: image.height, size: bounds.size)
        return image
    }
}

private extension CGRect {
    init(_ box: PixelBox) {
        self.init(x: CGFloat(box.left), y: CGFloat(box.top), width: CGFloat(box.right - box.left), height: CGFloat(box.bottom - box.top))
    }
}

private extension PixelBox {
    /// A rectangle of whole pixels (from `CGRect.subtracting` of such rectangles).
    init(_ rect: CGRect) {
        self.init(left: Int32(rect.minX), top: Int32(rect.minY), right: Int32(rect.maxX), bottom: Int32(rect.maxY))
    }
}
