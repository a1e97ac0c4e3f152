import Foundation

extension UIView {
    /// How a view's drawing is fitted to bounds of another size than it was drawn at (UIKit's
    /// `UIView.ContentMode`, with its raw values). `left` and `right` are absolute, not mirrored in a
    /// right-to-left layout, as in UIKit.
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        /// Where a drawing made at `drawn` goes in bounds of `size`: its origin and scale per axis.
        /// `.redraw` keeps it where it was drawn (a view in that mode shows a kept drawing only when
        /// the drawing is the same at either size).
        func fitting(_ drawn: CGSize, into size: CGSize) -> (x: CGFloat, y: CGFloat, scaleX: CGFloat, scaleY: CGFloat) {
            guard drawn.width > 0, drawn.height > 0 else { return (0, 0, 1, 1) }
            let scaleX = size.width / drawn.width, scaleY = size.height / drawn.height
            switch self {
            case .scaleToFill: return (0, 0, scaleX, scaleY)
            case .scaleAspectFit, .scaleAspectFill:
                let scale = self == .scaleAspectFit ? min(scaleX, scaleY) : max(scaleX, scaleY)
                return ((size.width - drawn.width * scale) / 2, (size.height - drawn.height * scale) / 2, scale, scale)
            case .redraw, .topLeft: return (0, 0, 1, 1)
            default:
                // Placed unscaled: at the start, the middle or the end of each axis.
                let spareX = size.width - drawn.width, spareY = size.height - drawn.height
                let x: CGFloat = switch self {
                case .left, .topLeft, .bottomLeft: 0
                case .right, .topRight, .bottomRight: spareX
                default: spareX / 2
                }
                let y: CGFloat = switch self {
                case .top, .topLeft, .topRight: 0
                case .bottom, .bottomLeft, .bottomRight: spareY
                default: spareY / 2
                }
                return (x, y, 1, 1)
            }
        }
    }
}
