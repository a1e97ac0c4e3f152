import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// UIProgressView: progress clamped to 0…1, drawn from the leading edge.
@MainActor
struct UIProgressViewTests {
    @Test func progressIsClampedAndStylesAreUIKits() {
        let bar = UIProgressView(progressViewStyle: .default)
        #expect(UIProgressView.Style.bar.rawValue == 1 && bar.progress == 0)
        bar.setProgress(1.5, animated: true)
        #expect(bar.progress == 1)
        bar.progress = -1
        #expect(bar.progress == 0)
        #expect(bar.intrinsicContentSize.height == 4 && UIProgressView(progressViewStyle: .bar).intrinsicContentSize.height == 2.5)
    }

    @Test func itFillsFromTheLeadingEdge() {
        func filled(rightToLeft: Bool) -> (left: UInt32, right: UInt32) {
            let bar = UIProgressView(progressViewStyle: .default)
            bar.frame = CGRect(x: 0, y: 10, width: 200, height: 4)
            bar.progress = 0.25
            bar.progressTintColor = .systemRed
            let image = controlScene([bar], rightToLeft: rightToLeft).renderImage(scale: 1)
            return (rgb(image, 20, 12), rgb(image, 180, 12))
        }
        let ltr = filled(rightToLeft: false), rtl = filled(rightToLeft: true)
        #expect(ltr.left == 0xFF3B30 && ltr.right != 0xFF3B30)
        #expect(rtl.right == 0xFF3B30 && rtl.left != 0xFF3B30)
    }

    @Test func progressViewsAreFreed() {
        weak var weak: UIProgressView?
        do {
            let bar = UIProgressView(frame: CGRect(x: 0, y: 0, width: 100, height: 4))
            _ = controlScene([bar]).renderImage(scale: 1)
            bar.removeFromSuperview()
            weak = bar
        }
        #expect(weak == nil)
    }
}
