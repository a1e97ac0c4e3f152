import Foundation

extension UISplitViewController {
    /// The glyphs of the display mode button, drawn in the tint: the sidebar (a window with its leading
    /// third set apart) under tile, a back chevron under overlay and displace (where UIKit uses SF
    /// Symbols `sidebar.leading` and `chevron.backward`, which SceneHost does not have).
    static func displayModeGlyph(sidebar: Bool, rightToLeft: Bool) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 22, height: 22)).image { _ in
            UIColor.systemBlue.setStroke()
            let path: UIBezierPath
            if sidebar {
                path = UIBezierPath(roundedRect: CGRect(x: 1.5, y: 3.5, width: 19, height: 15), cornerRadius: 3)
                let divider = rightToLeft ? 14.5 : 7.5
                path.move(to: CGPoint(x: divider, y: 3.5))
                path.addLine(to: CGPoint(x: divider, y: 18.5))
            } else {
                path = UIBezierPath()
                let tip: CGFloat = rightToLeft ? 17 : 5, end: CGFloat = rightToLeft ? 9 : 13
                path.move(to: CGPoint(x: end, y: 3))
                path.addLine(to: CGPoint(x: tip, y: 11))
                path.addLine(to: CGPoint(x: end, y: 19))
            }
            path.lineWidth = 1.6
            path.stroke()
        }
    }

    /// Whether the display mode button shows now: never while collapsed; else as
    /// `displayModeButtonVisibility` says, `.automatic` following `presentsWithGesture`.
    var showsDisplayModeButton: Bool {
        guard !isCollapsed, style != .unspecified else { return false }
        switch displayModeButtonVisibility {
        case .never: return false
        case .always: return true
        case .automatic: return presentsWithGesture
        }
    }
}
