import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// UIActivityIndicatorView: styles, starting and stopping, and turning only while it animates in a
/// window.
@MainActor
struct UIActivityIndicatorViewTests {
    @Test func stylesAndSizesAreUIKits() {
        #expect(UIActivityIndicatorView.Style.medium.rawValue == 100 && UIActivityIndicatorView.Style.large.rawValue == 101)
        #expect(UIActivityIndicatorView(style: .medium).intrinsicContentSize == CGSize(width: 20, height: 20))
        #expect(UIActivityIndicatorView(style: .large).frame.size == CGSize(width: 37, height: 37))
    }

    @Test func itShowsWhileAnimatingAndHidesWhenStopped() {
        let indicator = UIActivityIndicatorView(style: .medium)
        #expect(indicator.isHidden && !indicator.isAnimating && indicator.hidesWhenStopped)
        indicator.startAnimating()
        #expect(!indicator.isHidden && indicator.isAnimating)
        indicator.stopAnimating()
        #expect(indicator.isHidden)
        indicator.hidesWhenStopped = false
        indicator.startAnimating()
        indicator.stopAnimating()
        #expect(!indicator.isHidden)
    }

    @Test func itTurnsOnlyWhileAnimatingInAWindow() async throws {
        let indicator = UIActivityIndicatorView(style: .large)
        indicator.startAnimating()
        #expect(!indicator.isTicking, "in no window: no timer")
        let scene = controlScene([indicator])
        #expect(indicator.isTicking)
        let start = indicator.phase
        try await Task.sleep(for: .milliseconds(300))
        #expect(indicator.phase != start, "it turned")
        indicator.stopAnimating()
        #expect(!indicator.isTicking)
        let stopped = indicator.phase
        try await Task.sleep(for: .milliseconds(200))
        #expect(indicator.phase == stopped, "stopped: no more turns")
        indicator.startAnimating()
        indicator.removeFromSuperview()
        #expect(!indicator.isTicking, "out of the window: no timer")
        _ = scene
    }

    @Test func theSpokesDrawInTheColour() {
        let indicator = UIActivityIndicatorView(style: .large)
        indicator.color = .systemRed
        indicator.startAnimating()
        let scene = controlScene([indicator])
        let image = scene.renderImage(scale: 1)
        // The top spoke (phase 0, the brightest) runs from the centre up.
        #expect(rgb(image, 18.5, 5) == 0xFF3B30)
        indicator.stopAnimating()
    }

    @Test func indicatorsAreFreedEvenWhileAnimating() {
        weak var weak: UIActivityIndicatorView?
        do {
            let indicator = UIActivityIndicatorView(style: .medium)
            _ = controlScene([indicator])
            indicator.startAnimating()
            weak = indicator
            indicator.removeFromSuperview()
        }
        #expect(weak == nil, "a pending tick holds it weakly")
    }
}
