import Foundation

/// One of a scroll view's indicators: a rounded bar along the trailing (vertical) or bottom
/// (horizontal) edge of the visible area, as long as the share of the content seen, placed as the
/// offset is along its range; shorter when the content is stretched past an edge. A subview of the
/// scroll view (as UIKit's), kept above the content; a drag on it is the scroll view's pan (see
/// `UIScrollView.indicatorAxis(at:)`), so it takes no touches itself.
@MainActor
final class ScrollIndicatorView: UIView {
    let vertical: Bool
    /// The bar's thickness and its distance from the edge (points), as UIKit's.
    static let thickness: CGFloat = 3
    static let edgeGap: CGFloat = 3
    /// The shortest it gets.
    static let minimumLength: CGFloat = 12

    init(vertical: Bool) {
        self.vertical = vertical
        super.init(frame: .zero)
        isHidden = true
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// The bar's colour: dark on a light style, light on a dark one, as the scroll view's
    /// `indicatorStyle` asks.
    private var barColor: UIColor {
        let style = (superview as? UIScrollView)?.indicatorStyle ?? .default
        switch style {
        case .black: return UIColor(white: 0, alpha: 0.45)
        case .white: return UIColor(white: 1, alpha: 0.6)
        case .default: return traitCollection.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.45) : UIColor(white: 0, alpha: 0.45)
        }
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(barColor)
        context.beginPath()
        context.addRoundedRect(bounds, cornerRadius: Self.thickness / 2)
        context.fillPath()
    }

    /// The track the bar runs along (content coordinates of `scrollView`): the visible area's edge, less
    /// the indicator insets and room for the other bar's corner.
    func track(in scrollView: UIScrollView) -> CGRect {
        let visible = scrollView.bounds
        let gap = Self.edgeGap, thick = Self.thickness, corner = thick + 2 * gap
        if vertical {
            let insets = scrollView.verticalScrollIndicatorInsets
            let x = scrollView.isRightToLeftLayout ? visible.minX + gap + insets.left : visible.maxX - gap - thick - insets.right
            return CGRect(x: x, y: visible.minY + gap + insets.top, width: thick,
                          height: max(0, visible.height - 2 * gap - insets.top - insets.bottom - (scrollView.scrollsHorizontally ? corner : 0)))
        }
        let insets = scrollView.horizontalScrollIndicatorInsets
        return CGRect(x: visible.minX + gap + insets.left, y: visible.maxY - gap - thick - insets.bottom,
                      width: max(0, visible.width - 2 * gap - insets.left - insets.right - (scrollView.scrollsVertically ? corner : 0)),
                      height: thick)
    }

    /// Where the bar goes now (content coordinates of `scrollView`), nil when the content does not
    /// scroll along its axis.
    func frame(in scrollView: UIScrollView) -> CGRect? {
        let range = scrollView.offsetRange
        let span = vertical ? range.max.y - range.min.y : range.max.x - range.min.x
        guard span > 0 else { return nil }
        let track = self.track(in: scrollView)
        let trackLength = vertical ? track.height : track.width
        guard trackLength > Self.minimumLength else { return nil }
        let viewLength = vertical ? scrollView.bounds.height : scrollView.bounds.width
        let offset = vertical ? scrollView.contentOffset.y - range.min.y : scrollView.contentOffset.x - range.min.x
        var length = trackLength * viewLength / (viewLength + span)
        // Stretched past an edge: the bar shortens by the overshoot.
        let overshoot = offset < 0 ? -offset : max(0, offset - span)
        length = max(Self.minimumLength, length - overshoot)
        let fraction = min(max(offset / span, 0), 1)
        let position = (trackLength - length) * fraction
        let frame = vertical
            ? CGRect(x: track.minX, y: track.minY + position, width: track.width, height: length)
            : CGRect(x: track.minX + position, y: track.minY, width: length, height: track.height)
        return scrollView.rounded(frame.origin) == frame.origin ? frame : CGRect(origin: scrollView.rounded(frame.origin), size: CGSize(width: scrollView.rounded(CGPoint(x: frame.width, y: 0)).x, height: scrollView.rounded(CGPoint(x: 0, y: frame.height)).y))
    }
}
