import Cairo
import Foundation

/// Composites view hierarchies into a cairo context, limited to a damaged rectangle. Each view's
/// `draw(_:)` output is recorded once (until `setNeedsDisplay` or a resize) and replayed here, so only
/// views marked dirty run their drawing code.
@MainActor
enum ViewRenderer {
    static func render(windows: [UIWindow], in context: Context, damage: CGRect) {
        guard !damage.isNull, !damage.isEmpty else { return }
        context.save()
        context.rectangle(Double(damage.minX), Double(damage.minY), Double(damage.width), Double(damage.height))
        context.clip()
        context.setSource(red: 0, green: 0, blue: 0)
        context.paint()
        for window in windows { composite(window, in: context, damage: damage) }
        context.restore()
    }

    /// Draws `view` (whose frame is in the coordinates the context is in) and its subviews.
    private static func composite(_ view: UIView, in context: Context, damage: CGRect) {
        guard !view.isHidden, view.alpha > 0 else { return }
        let frame = view.frame, bounds = view.bounds
        context.save()
        defer { context.restore() }
        // From here on the context is in the view's own coordinates.
        context.translate(Double(frame.minX - bounds.minX), Double(frame.minY - bounds.minY))
        let localDamage = damage.offsetBy(dx: bounds.minX - frame.minX, dy: bounds.minY - frame.minY)
        let grouped = view.alpha < 1
        if grouped { context.pushGroup() }

        if bounds.intersects(localDamage) {
            if let color = view.backgroundColor, color.alpha > 0 {
                context.setSource(red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha))
                context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
                context.fill()
            }
            if view.needsDisplay { record(view) }
            if let content = view.content {
                context.save()
                context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
                context.clip()
                context.setSource(content, x: Double(bounds.minX), y: Double(bounds.minY))
                context.paint()
                context.restore()
            }
        }

        var childDamage = localDamage
        if view.clipsToBounds {
            childDamage = localDamage.intersection(bounds)
            context.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
            context.clip()
        }
        if !childDamage.isNull, !childDamage.isEmpty {
            for subview in view.subviews { composite(subview, in: context, damage: childDamage) }
        }
        if grouped { context.popGroupAndPaint(alpha: Double(view.alpha)) }
    }

    /// Runs the view's `draw(_:)` into a fresh recording, kept only if it drew something.
    private static func record(_ view: UIView) {
        view.needsDisplay = false
        let recording = RecordingSurface()
        let recorder = Context(surface: recording)
        let bounds = view.bounds
        // Recorded with the bounds origin at (0, 0), replayed at the bounds origin.
        recorder.translate(Double(-bounds.minX), Double(-bounds.minY))
        let graphics = CGContext(cairo: recorder)
        UIGraphicsPushContext(graphics)
        view.draw(bounds)
        UIGraphicsPopContext()
        recording.flush()
        let ink = recording.inkExtents
        view.content = ink.width > 0 && ink.height > 0 ? recording : nil
    }
}
