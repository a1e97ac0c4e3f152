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

    /// Display-link frames of a 60 Hz display from `time`, `count` of them; returns the time after.
    private func frames(from time: CFTimeInterval, count: Int) -> CFTimeInterval {
        var time = time
        for _ in 0..<count {
            CADisplayLink.fire(at: time, period: 1.0 / 60)
            time += 1.0 / 60
        }
        return time
    }

    @Test func itTurnsOnlyWhileAnimatingInAWindow() {
        let indicator = UIActivityIndicatorView(style: .large)
        indicator.startAnimating()
        #expect(!indicator.isTicking, "in no window: no display link")
        let scene = controlScene([indicator])
        #expect(indicator.isTicking)
        let start = indicator.phase
        var time = frames(from: 1000, count: 12)
        #expect(indicator.phase == (start + 3) % 12, "12 turns a second: 3 in 12 frames of 60 Hz")
        indicator.stopAnimating()
        #expect(!indicator.isTicking)
        let stopped = indicator.phase
        time = frames(from: time, count: 12)
        #expect(indicator.phase == stopped, "stopped: no more turns")
        indicator.startAnimating()
        indicator.removeFromSuperview()
        #expect(!indicator.isTicking, "out of the window: no display link")
        _ = scene
    }

    @Test func itStopsWhileHiddenByItselfOrAnAncestor() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let indicator = UIActivityIndicatorView(style: .medium)
        container.addSubview(indicator)
        indicator.hidesWhenStopped = false
        let scene = controlScene([container])
        indicator.startAnimating()
        #expect(indicator.isTicking)
        indicator.isHidden = true
        #expect(!indicator.isTicking, "hidden itself: stopped at once")
        indicator.isHidden = false
        #expect(indicator.isTicking)
        container.isHidden = true
        var time = frames(from: 2000, count: 1)
        #expect(!indicator.isTicking, "an ancestor hidden: stopped at the next tick")
        let phase = indicator.phase
        time = frames(from: time, count: 12)
        #expect(indicator.phase == phase)
        container.isHidden = false
        _ = scene.renderImage(scale: 1)
        #expect(indicator.isTicking, "shown again: it turns again")
        indicator.stopAnimating()
    }

    @Test func itStopsWhileItsSceneIsInTheBackground() {
        let indicator = UIActivityIndicatorView(style: .medium)
        let scene = controlScene([indicator])
        scene.transition(to: .foregroundActive)
        indicator.startAnimating()
        scene.transition(to: .background)
        _ = frames(from: 3000, count: 1)
        #expect(!indicator.isTicking, "in the background: stopped at the next tick")
        scene.transition(to: .foregroundActive)
        #expect(indicator.isTicking, "back in the foreground")
        indicator.stopAnimating()
        #expect(!indicator.isTicking)
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
