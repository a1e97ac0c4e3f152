import Foundation

/// How the pointer looks over a region, as UIKit's `UIPointerStyle`: returned by a
/// `UIPointerInteractionDelegate` for the region under the pointer.
///
/// Differs from UIKit: a desktop pointer does not morph into the view, so each style becomes one of
/// the desktop's cursors: an effect (`.highlight`, `.lift`, `.hover`, `.automatic`) is the pointing
/// hand, a vertical beam the I-beam, a horizontal beam the vertical I-beam, `hidden()` no cursor,
/// `system()` and other shapes the arrow. `resize(_:)` is SceneHost's own, for splitters and handles.
public struct UIPointerStyle: Hashable, Sendable {
    /// The desktop cursor the style shows.
    @_spi(Runtime) public let cursor: Cursor

    /// The desktop cursors a style can show (the names are the X cursor theme's).
    @_spi(Runtime) public enum Cursor: Hashable, Sendable {
        case arrow, iBeam, verticalIBeam, pointingHand, resizeLeftRight, resizeUpDown, move, hidden
    }

    init(cursor: Cursor) { self.cursor = cursor }

    /// A style that applies `effect` to the view (here: the pointing hand) with an optional shape.
    public init(effect: UIPointerEffect, shape: UIPointerShape? = nil) {
        cursor = .pointingHand
    }

    /// A style that turns the pointer into `shape`: the I-beam for a vertical beam (text), the vertical
    /// I-beam for a horizontal beam, else the arrow. `constrainedAxes` has no effect on a desktop.
    public init(shape: UIPointerShape, constrainedAxes: UIAxis = []) {
        switch shape {
        case .verticalBeam: cursor = .iBeam
        case .horizontalBeam: cursor = .verticalIBeam
        case .roundedRect, .path: cursor = .arrow
        }
    }

    /// No pointer over the region.
    public static func hidden() -> UIPointerStyle { UIPointerStyle(cursor: .hidden) }

    /// The system's pointer (the arrow).
    public static func system() -> UIPointerStyle { UIPointerStyle(cursor: .arrow) }

    /// SceneHost's own: the desktop's resize cursor along `axes` (left–right, up–down, or a move
    /// cursor for both), for splitters and handles. UIKit has no such style (on Mac Catalyst an app
    /// uses `NSCursor`).
    public static func resize(_ axes: UIAxis) -> UIPointerStyle {
        switch axes {
        case .horizontal: UIPointerStyle(cursor: .resizeLeftRight)
        case .vertical: UIPointerStyle(cursor: .resizeUpDown)
        default: UIPointerStyle(cursor: .move)
        }
    }
}

/// The effect a pointer style applies to its view, as UIKit's `UIPointerEffect`.
///
/// Differs from UIKit: the cases carry no `UITargetedPreview` (SceneHost draws no pointer effects);
/// all of them show the pointing hand.
public enum UIPointerEffect: Hashable, Sendable {
    /// The system picks an effect for the view.
    case automatic
    /// The pointer becomes a highlight behind the view.
    case highlight
    /// The view lifts under the pointer.
    case lift
    /// The view changes as the pointer passes over it.
    case hover
}

/// A shape for the pointer, as UIKit's `UIPointerShape`.
public enum UIPointerShape {
    /// A rounded rectangle; SceneHost shows the arrow.
    case roundedRect(CGRect, radius: CGFloat = 8)
    /// A vertical beam, for text: the I-beam.
    case verticalBeam(length: CGFloat)
    /// A horizontal beam, for vertical text: the vertical I-beam.
    case horizontalBeam(length: CGFloat)
    /// A path; SceneHost shows the arrow.
    case path(UIBezierPath)
}
