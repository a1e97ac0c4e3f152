import CCairo

/// A cairo drawing context on a surface. Thin and faithful to cairo: see the cairo manual for each call.
public final class Context {
    public let pointer: OpaquePointer
    /// The target, kept alive while the context draws into it.
    public let surface: Surface

    public init(surface: Surface) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
    }

    deinit { cairo_destroy(pointer) }

    public func save() { cairo_save(pointer) }
    /// Why cairo stopped drawing into this context (an invalid matrix, say), or nil while it draws: once
    /// in error a context draws nothing more.
    public var error: String? {
        let status = cairo_status(pointer)
        return status == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(status))
    }
    /// Makes user space device space (the clip stays where it is).
    public func identityMatrix() { cairo_identity_matrix(pointer) }
    /// Where a point in user space lands in device pixels.
    public func userToDevice(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        var dx = x, dy = y
        cairo_user_to_device(pointer, &dx, &dy)
        return (dx, dy)
    }
    /// The current transformation matrix: user space → the target's device space, before the target's
    /// own device scale and offset (`Surface.deviceTransform`); a group pushed since leaves it as it was.
    public var matrix: (xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double) {
        var m = cairo_matrix_t()
        cairo_get_matrix(pointer, &m)
        return (m.xx, m.yx, m.xy, m.yy, m.x0, m.y0)
    }
    public func restore() { cairo_restore(pointer) }
    public func translate(_ x: Double, _ y: Double) { cairo_translate(pointer, x, y) }
    public func scale(_ x: Double, _ y: Double) { cairo_scale(pointer, x, y) }
    public func rotate(_ angle: Double) { cairo_rotate(pointer, angle) }
    /// Applies the affine matrix (x, y) → (xx·x + xy·y + x0, yx·x + yy·y + y0) to user space.
    public func transform(xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double) {
        var matrix = cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0)
        cairo_transform(pointer, &matrix)
    }

    public func setSource(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(pointer, red, green, blue, alpha)
    }
    public func setSource(_ surface: Surface, x: Double = 0, y: Double = 0) {
        cairo_set_source_surface(pointer, surface.pointer, x, y)
    }

    /// How a surface source is sampled when scaled: `fast` (nearest pixel), `bilinear` (between the
    /// four nearest, as Core Animation's linear filter) or `best` (smooth).
    public enum Filter: Sendable { case fast, bilinear, good, best
        var cairo: cairo_filter_t {
            switch self {
            case .fast: CAIRO_FILTER_FAST
            case .bilinear: CAIRO_FILTER_BILINEAR
            case .good: CAIRO_FILTER_GOOD
            case .best: CAIRO_FILTER_BEST
            }
        }
    }
    public func setSourceFilter(_ filter: Filter) {
        cairo_pattern_set_filter(cairo_get_source(pointer), filter.cairo)
    }

    /// What a surface source shows beyond its edges: nothing (`none`), its edge pixels repeated
    /// (`pad`), so that a scaled image's smooth sampling does not fade its edges, or the whole image
    /// tiled (`repeat`: a 1×1 image paints its pixel everywhere).
    public enum Extend: Sendable { case none, pad, `repeat` }
    public func setSourceExtend(_ extend: Extend) {
        let value = switch extend { case .none: CAIRO_EXTEND_NONE; case .pad: CAIRO_EXTEND_PAD; case .repeat: CAIRO_EXTEND_REPEAT }
        cairo_pattern_set_extend(cairo_get_source(pointer), value)
    }

    /// `destinationIn` keeps what is there only where the source covers it (an intersection of masks).
    public enum Operator: Sendable { case over, source, clear, destinationIn
        var cairo: cairo_operator_t {
            switch self {
            case .over: CAIRO_OPERATOR_OVER; case .source: CAIRO_OPERATOR_SOURCE; case .clear: CAIRO_OPERATOR_CLEAR
            case .destinationIn: CAIRO_OPERATOR_DEST_IN
            }
        }
    }
    public func setOperator(_ op: Operator) { cairo_set_operator(pointer, op.cairo) }

    public var lineWidth: Double {
        get { cairo_get_line_width(pointer) }
        set { cairo_set_line_width(pointer, newValue) }
    }

    public enum LineCap: Sendable { case butt, round, square }
    public var lineCap: LineCap {
        get {
            switch cairo_get_line_cap(pointer) { case CAIRO_LINE_CAP_ROUND: .round; case CAIRO_LINE_CAP_SQUARE: .square; default: .butt }
        }
        set {
            let cap = switch newValue { case .butt: CAIRO_LINE_CAP_BUTT; case .round: CAIRO_LINE_CAP_ROUND; case .square: CAIRO_LINE_CAP_SQUARE }
            cairo_set_line_cap(pointer, cap)
        }
    }
    public enum LineJoin: Sendable { case miter, round, bevel }
    public var lineJoin: LineJoin {
        get {
            switch cairo_get_line_join(pointer) { case CAIRO_LINE_JOIN_ROUND: .round; case CAIRO_LINE_JOIN_BEVEL: .bevel; default: .miter }
        }
        set {
            let join = switch newValue { case .miter: CAIRO_LINE_JOIN_MITER; case .round: CAIRO_LINE_JOIN_ROUND; case .bevel: CAIRO_LINE_JOIN_BEVEL }
            cairo_set_line_join(pointer, join)
        }
    }

    public func newPath() { cairo_new_path(pointer) }
    public func move(to x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    public func line(to x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }
    public func curve(to x: Double, _ y: Double, control1 c1x: Double, _ c1y: Double, control2 c2x: Double, _ c2y: Double) {
        cairo_curve_to(pointer, c1x, c1y, c2x, c2y, x, y)
    }
    public func closePath() { cairo_close_path(pointer) }
    /// The current path as polylines, one per subpath, its curves flattened to within the tolerance
    /// (0.1 device pixel); a closed subpath ends where it started.
    public func currentPathFlattened() -> [[(x: Double, y: Double)]] {
        guard let path = cairo_copy_path_flat(pointer) else { return [] }
        defer { cairo_path_destroy(path) }
        var subpaths: [[(x: Double, y: Double)]] = [], index = 0
        let data = path.pointee.data!, count = Int(path.pointee.num_data)
        while index < count {
            let header = data[index].header
            let point = header.length > 1 ? (x: data[index + 1].point.x, y: data[index + 1].point.y) : nil
            switch header.type {
            case CAIRO_PATH_MOVE_TO: if let point { subpaths.append([point]) }
            case CAIRO_PATH_LINE_TO: if let point { if subpaths.isEmpty { subpaths.append([]) }; subpaths[subpaths.count - 1].append(point) }
            case CAIRO_PATH_CLOSE_PATH: if let first = subpaths.last?.first { subpaths[subpaths.count - 1].append(first) }
            default: break
            }
            index += Int(header.length)
        }
        return subpaths
    }
    /// Dashes for strokes: lengths on, off, on… from `offset` into the pattern (empty: solid).
    public func setDash(_ lengths: [Double], offset: Double) { cairo_set_dash(pointer, lengths, Int32(lengths.count), offset) }
    public func setMiterLimit(_ limit: Double) { cairo_set_miter_limit(pointer, limit) }
    public func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        cairo_rectangle(pointer, x, y, width, height)
    }
    /// An arc from angle `start` to `end` (radians, 0 along +x), turning towards +y unless `negative`.
    public func arc(centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double, negative: Bool = false) {
        negative ? cairo_arc_negative(pointer, centerX, centerY, radius, start, end) : cairo_arc(pointer, centerX, centerY, radius, start, end)
    }
    /// A rectangle with quarter-circle corners of `radius` (clamped to half the shorter side).
    public func roundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double) {
        let r = max(0, min(radius, width / 2, height / 2))
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(pointer, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(pointer, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(pointer, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(pointer)
    }

    /// How a path that crosses itself is filled: `evenOdd` leaves out what is enclosed twice.
    public enum FillRule: Sendable { case winding, evenOdd }
    public func setFillRule(_ rule: FillRule) {
        cairo_set_fill_rule(pointer, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }
    public func fill(preserve: Bool = false) { preserve ? cairo_fill_preserve(pointer) : cairo_fill(pointer) }
    public func stroke(preserve: Bool = false) { preserve ? cairo_stroke_preserve(pointer) : cairo_stroke(pointer) }
    public func paint(alpha: Double = 1) { alpha >= 1 ? cairo_paint(pointer) : cairo_paint_with_alpha(pointer, alpha) }
    /// Draws into a temporary group until `popGroupAndPaint`, which composites it with `alpha`.
    public func pushGroup() { cairo_push_group(pointer) }
    public func popGroupAndPaint(alpha: Double) {
        cairo_pop_group_to_source(pointer)
        cairo_paint_with_alpha(pointer, alpha)
    }

    /// Ends the group started by `pushGroup` and returns it, to paint or mask with later.
    public func popGroup() -> Pattern { Pattern(owning: cairo_pop_group(pointer)) }
    public func setSource(_ pattern: Pattern) { cairo_set_source(pointer, pattern.pointer) }
    /// Paints the source where `pattern` is opaque, as much as it is.
    public func mask(_ pattern: Pattern) { cairo_mask(pointer, pattern.pointer) }
    /// Paints the source where `surface` (placed at `x`, `y`) is opaque, as much as it is.
    public func mask(_ surface: Surface, x: Double, y: Double) { cairo_mask_surface(pointer, surface.pointer, x, y) }
    /// `mask(_:x:y:)`, the surface sampled with `filter` where the user space scales it.
    public func mask(_ surface: Surface, x: Double, y: Double, filter: Filter) {
        let pattern = cairo_pattern_create_for_surface(surface.pointer)!
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, -x, -y)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, filter.cairo)
        cairo_mask(pointer, pattern)
        cairo_pattern_destroy(pattern)
    }

    public func clip() { cairo_clip(pointer) }
    public func resetClip() { cairo_reset_clip(pointer) }
}

/// A source of colour: a group drawn earlier, or a gradient.
public final class Pattern {
    public let pointer: OpaquePointer
    init(owning pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cairo_pattern_destroy(pointer) }

    /// A colour stop: where along the gradient (0…1) and its colour (not premultiplied).
    public typealias Stop = (offset: Double, red: Double, green: Double, blue: Double, alpha: Double)

    /// Colours changing along the line from (x0, y0) to (x1, y1), constant across it; padded beyond.
    public static func linearGradient(x0: Double, y0: Double, x1: Double, y1: Double, stops: [Stop]) -> Pattern {
        Pattern(owning: cairo_pattern_create_linear(x0, y0, x1, y1)).adding(stops)
    }

    /// Colours changing from the circle (cx0, cy0, r0) to the circle (cx1, cy1, r1); padded beyond.
    public static func radialGradient(cx0: Double, cy0: Double, r0: Double, cx1: Double, cy1: Double, r1: Double, stops: [Stop]) -> Pattern {
        Pattern(owning: cairo_pattern_create_radial(cx0, cy0, r0, cx1, cy1, r1)).adding(stops)
    }

    private func adding(_ stops: [Stop]) -> Pattern {
        for stop in stops { cairo_pattern_add_color_stop_rgba(pointer, stop.offset, stop.red, stop.green, stop.blue, stop.alpha) }
        cairo_pattern_set_extend(pointer, CAIRO_EXTEND_PAD)
        return self
    }
}

