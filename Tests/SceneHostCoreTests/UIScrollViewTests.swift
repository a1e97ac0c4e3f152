import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A delegate that logs UIKit's calls, by name, and may change the target of a fling.
@MainActor
final class ScrollLog: UIScrollViewDelegate {
    var calls: [String] = []
    var offsets: [CGPoint] = []
    var velocity: CGPoint?
    var proposedTarget: CGPoint?
    var retarget: ((CGPoint) -> CGPoint)?
    var zoomView: UIView?
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if calls.last != "didScroll" { calls.append("didScroll") }
        offsets.append(scrollView.contentOffset)
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        calls.append("willEndDragging")
        self.velocity = velocity
        proposedTarget = targetContentOffset.pointee
        if let retarget { targetContentOffset.pointee = retarget(targetContentOffset.pointee) }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { calls.append("willBeginZooming") }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { if calls.last != "didZoom" { calls.append("didZoom") } }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        calls.append("didEndZooming(\(scale))")
    }
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { calls.append("didChangeAdjustedContentInset") }
}

/// A scroll view that counts its layouts.
@MainActor
final class CountingScrollView: UIScrollView {
    var layouts = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
    }
}

/// An offscreen 400×300 scene whose root view holds a 200×200 scroll view at (100, 50) with 1000 points
/// of content (wider when `wide`), drawn once.
@MainActor
func scrollScene(_ scrollView: UIScrollView = CountingScrollView(), contentHeight: CGFloat = 1000,
                 contentWidth: CGFloat = 200) -> UIWindowScene {
    let root = UIViewController()
    root.view.backgroundColor = .white
    let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
    scrollView.frame = CGRect(x: 100, y: 50, width: 200, height: 200)
    scrollView.backgroundColor = .white
    scrollView.contentSize = CGSize(width: contentWidth, height: contentHeight)
    root.view.addSubview(scrollView)
    _ = scene.renderImage()
    return scene
}

@MainActor
func frame(_ scene: UIWindowScene, at time: CFTimeInterval) { _ = scene.offscreenHost!.prepareFrame(at: time) }

/// Content offset, insets, the delegate's order, and the physics sampled on the scene's clock.
@MainActor
struct UIScrollViewTests {
    @Test func theContentOffsetIsTheBoundsOriginAndLaysOutAgain() {
        let scrollView = CountingScrollView()
        let scene = scrollScene(scrollView)
        let log = ScrollLog()
        scrollView.delegate = log
        let before = scrollView.layouts
        scrollView.contentOffset = CGPoint(x: 0, y: 120)
        #expect(scrollView.bounds.origin == CGPoint(x: 0, y: 120) && log.calls == ["didScroll"])
        frame(scene, at: 1)
        #expect(scrollView.layouts == before + 1, "layoutSubviews runs after each change of the offset")
        scrollView.bounds.origin = CGPoint(x: 0, y: 130)
        #expect(log.offsets == [CGPoint(x: 0, y: 120), CGPoint(x: 0, y: 130)], "a new bounds origin is a scroll too")
        #expect(scrollView.clipsToBounds)
    }

    @Test func theOffsetRangeFollowsTheAdjustedInsets() {
        let scrollView = UIScrollView()
        _ = scrollScene(scrollView)
        let log = ScrollLog()
        scrollView.delegate = log
        scrollView.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        #expect(scrollView.adjustedContentInset == scrollView.contentInset, "the safe area is zero here")
        #expect(log.calls == ["didChangeAdjustedContentInset"])
        #expect(scrollView.offsetRange.min == CGPoint(x: 0, y: -20))
        #expect(scrollView.offsetRange.max == CGPoint(x: 0, y: 1000 + 30 - 200))
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 600, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 650 - 200 + 30), "the rect's bottom meets the inset's edge")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 100 - 20))
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 0, width: 10, height: 5000), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: -20), "larger than the view: from its top, within the range")
    }

    @Test func constraintsToTheContentGuideSetTheContentSizeAndTheFrameGuideStaysInSight() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView, contentHeight: 0)
        let column = UIView(), badge = UIView()
        for view in [column, badge] {
            view.translatesAutoresizingMaskIntoConstraints = false
            scrollView.addSubview(view)
        }
        let content = scrollView.contentLayoutGuide, visible = scrollView.frameLayoutGuide
        NSLayoutConstraint.activate([
            column.leadingAnchor.constraint(equalTo: content.leadingAnchor), column.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            column.topAnchor.constraint(equalTo: content.topAnchor, constant: 10), column.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -10),
            column.widthAnchor.constraint(equalTo: visible.widthAnchor), column.heightAnchor.constraint(equalToConstant: 1200),
            badge.topAnchor.constraint(equalTo: visible.topAnchor, constant: 8), badge.trailingAnchor.constraint(equalTo: visible.trailingAnchor, constant: -8),
            badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        scene.layoutIfNeeded()
        #expect(scrollView.contentSize == CGSize(width: 200, height: 1220), "the content guide's size, from the constraints")
        #expect(column.frame == CGRect(x: 0, y: 10, width: 200, height: 1200))
        #expect(badge.frame == CGRect(x: 172, y: 8, width: 20, height: 20))
        scrollView.contentOffset = CGPoint(x: 0, y: 300)
        scene.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 172, y: 308, width: 20, height: 20), "pinned to what is seen, it moves with the offset")
        #expect(column.frame.minY == 10, "the content does not")
        #expect(scrollView.contentLayoutGuide.layoutFrame.size == scrollView.contentSize)
    }

    @Test func wheelNotchesScroll40PointsEachAndStopAtTheEdges() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        let log = ScrollLog()
        scrollView.delegate = log
        let inside = CGPoint(x: 200, y: 150)
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: inside, timestamp: 1)
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: inside, timestamp: 1.05)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 80) && scrollView.isDragging)
        scene.pointer.endScroll()
        #expect(log.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        #expect(log.velocity == .zero && !scrollView.isDragging && !scrollView.isTracking)
        // Up past the top: the wheel does not stretch the content.
        for step in 0..<5 { scene.pointerScrolled(by: CGPoint(x: 0, y: 40), continuous: false, at: inside, timestamp: 2 + Double(step) / 100) }
        #expect(scrollView.contentOffset == .zero)
        scene.pointer.endScroll()
        // A scroll it cannot follow (up, at the top) is not taken at all.
        log.calls = []
        scene.pointerScrolled(by: CGPoint(x: 0, y: 40), continuous: false, at: inside, timestamp: 3)
        scene.pointer.endScroll()
        #expect(log.calls.isEmpty && scrollView.contentOffset == .zero)
    }

    @Test func aTouchpadsSmoothScrollStretchesPastTheEdgeAndFlings() throws {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        let log = ScrollLog()
        scrollView.delegate = log
        let inside = CGPoint(x: 200, y: 150)
        // Valuator deltas of 6 points every 10 ms (600 pt/s), as XInput 2 reports a two-finger swipe.
        for step in 0..<10 {
            scene.pointerScrolled(by: CGPoint(x: 0, y: -6), continuous: true, at: inside, timestamp: 5 + Double(step) / 100)
        }
        #expect(scrollView.contentOffset.y == 60 && scrollView.isDragging)
        scene.pointer.endScroll()
        let velocity = try #require(log.velocity)
        // The pan's velocity over its last 0.1 s: 60 points from the scroll's start to its last step, 90 ms.
        #expect(abs(velocity.y - 60.0 / 90) < 1e-9, "a touchpad flings: points per millisecond")
        #expect(log.calls.suffix(2) == ["didEndDragging(true)", "willBeginDecelerating"])
        for step in 0...300 { frame(scene, at: 50 + Double(step) / 60) }
        #expect(abs(scrollView.contentOffset.y - (60 - velocity.y / Foundation.log(0.998))) <= 1 && log.calls.last == "didEndDecelerating")
        // Past the top, a touchpad stretches the content (a wheel does not), and it springs back.
        scrollView.contentOffset = .zero
        for step in 0..<5 {
            scene.pointerScrolled(by: CGPoint(x: 0, y: 20), continuous: true, at: inside, timestamp: 10 + Double(step) / 100)
        }
        #expect(scrollView.contentOffset.y < 0 && scrollView.contentOffset.y > -100)
        scene.pointer.endScroll()
        for step in 0...120 { frame(scene, at: 100 + Double(step) / 60) }
        #expect(scrollView.contentOffset == .zero)
    }

    @Test func aFlingDeceleratesByTheRatePerMillisecondInUIKitsOrder() throws {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        let log = ScrollLog()
        scrollView.delegate = log
        // A drag up at 1000 pt/s: 10 points every 10 ms.
        scene.pointerPressed(at: CGPoint(x: 200, y: 200), timestamp: 10)
        for step in 1...8 { scene.pointerMoved(to: CGPoint(x: 200, y: 200 - CGFloat(step) * 10), timestamp: 10 + Double(step) / 100) }
        scene.pointerReleased(at: CGPoint(x: 200, y: 120), timestamp: 10.08)
        let velocity = try #require(log.velocity)
        #expect(abs(velocity.y - 1) < 1e-9 && velocity.x == 0, "points per millisecond, positive as the offset grows")
        let start = scrollView.contentOffset.y
        #expect(start == 70, "the drag followed the pointer past the pan's 10-point hysteresis")
        // The projected rest: v·d/(1−d) ≈ 499 points on (the exact integral: −v/ln d).
        let projected = try #require(log.proposedTarget).y
        #expect(abs(projected - (70 - 1 / Foundation.log(0.998))) < 1e-6)
        #expect(log.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
        #expect(scrollView.isDecelerating && scene.hasRunningAnimations)
        frame(scene, at: 100)
        for t in [0.1, 0.5, 1.0] {
            frame(scene, at: 100 + t)
            let expected = 70 + 1 * (pow(0.998, t * 1000) - 1) / Foundation.log(0.998)
            #expect(abs(scrollView.contentOffset.y - expected) <= 0.5, "at \(t) s: \(scrollView.contentOffset.y) vs \(expected)")
        }
        frame(scene, at: 105)
        #expect(abs(scrollView.contentOffset.y - projected.rounded()) <= 1)
        #expect(log.calls.last == "didEndDecelerating" && !scrollView.isDecelerating && !scene.hasRunningAnimations)
    }

    @Test func aFlingPastTheEdgeBouncesBackAndATargetFromTheDelegateIsWhereItStops() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView, contentHeight: 400)
        scrollView.contentOffset = CGPoint(x: 0, y: 150)
        let log = ScrollLog()
        scrollView.delegate = log
        scene.pointerPressed(at: CGPoint(x: 200, y: 200), timestamp: 10)
        for step in 1...6 { scene.pointerMoved(to: CGPoint(x: 200, y: 200 - CGFloat(step) * 20), timestamp: 10 + Double(step) / 100) }
        scene.pointerReleased(at: CGPoint(x: 200, y: 80), timestamp: 10.06)
        #expect(log.proposedTarget == CGPoint(x: 0, y: 200), "the projection, within the range")
        var highest: CGFloat = 0
        for step in 0...120 {
            frame(scene, at: 100 + Double(step) / 60)
            highest = max(highest, scrollView.contentOffset.y)
        }
        #expect(highest > 200 && highest < 300, "it overshoots the end (\(highest)) and comes back")
        #expect(scrollView.contentOffset.y == 200 && log.calls.last == "didEndDecelerating")

        // The delegate chooses where it stops: it lands there, exactly.
        log.calls = []
        log.retarget = { _ in CGPoint(x: 0, y: 40) }
        scene.pointerPressed(at: CGPoint(x: 200, y: 100), timestamp: 20)
        for step in 1...6 { scene.pointerMoved(to: CGPoint(x: 200, y: 100 + CGFloat(step) * 10), timestamp: 20 + Double(step) / 100) }
        scene.pointerReleased(at: CGPoint(x: 200, y: 160), timestamp: 20.06)
        for step in 0...300 { frame(scene, at: 200 + Double(step) / 60) }
        #expect(scrollView.contentOffset.y == 40 && log.calls.last == "didEndDecelerating")
    }

    @Test func aDragPastTheEdgeStretchesLikeARubberBand() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        scene.pointerPressed(at: CGPoint(x: 200, y: 100), timestamp: 1)
        scene.pointerMoved(to: CGPoint(x: 200, y: 110), timestamp: 1.4)
        #expect(scrollView.isDragging && scrollView.contentOffset == .zero, "the pan began: the content has not jumped")
        scene.pointerMoved(to: CGPoint(x: 200, y: 210), timestamp: 1.5)
        // 100 points past the top of a 200-point view: (1 − 1/(100·0.55/200 + 1))·200 ≈ 43.
        let expected = (1 - 1 / (100 * 0.55 / 200 + 1)) * 200
        #expect(abs(scrollView.contentOffset.y + expected) <= 0.5)
        scene.pointerReleased(at: CGPoint(x: 200, y: 210), timestamp: 2)
        #expect(scrollView.isDecelerating, "released past the edge: it springs back")
        for step in 0...60 { frame(scene, at: 10 + Double(step) / 60) }
        #expect(scrollView.contentOffset == .zero && !scrollView.isDecelerating)
    }

    @Test func anAnimatedOffsetChangeEasesOnTheClockAndSaysWhenItEnds() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        let log = ScrollLog()
        scrollView.delegate = log
        scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        #expect(scrollView.contentOffset == .zero, "nothing moves before the next frame")
        frame(scene, at: 50)
        frame(scene, at: 50.15)
        #expect(scrollView.contentOffset.y == 150, "half way at half time (ease in and out)")
        frame(scene, at: 50.3)
        #expect(scrollView.contentOffset.y == 300 && log.calls == ["didScroll", "didEndScrollingAnimation"])
        #expect(!scene.hasRunningAnimations)
    }

    @Test func keysScrollByLinesPagesAndToTheEndsAndAddUpWhilePressedQuickly() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        var time: CFTimeInterval = 10
        func settle() {
            for _ in 0..<30 {
                frame(scene, at: time)
                time += 1.0 / 60
            }
        }
        #expect(scene.scrollForKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: []))
        settle()
        #expect(scrollView.contentOffset.y == 40, "an arrow: a line")
        #expect(scene.scrollForKeyPress(UIKeyCommand.inputPageDown, modifierFlags: []))
        #expect(scene.scrollForKeyPress(" ", modifierFlags: []))
        settle()
        #expect(scrollView.contentOffset.y == CGFloat(40 + 2 * 160), "a page is the view's height less a line; quick presses add up")
        scene.scrollForKeyPress(" ", modifierFlags: .shift)
        settle()
        #expect(scrollView.contentOffset.y == 200)
        scene.scrollForKeyPress(UIKeyCommand.inputEnd, modifierFlags: [])
        settle()
        #expect(scrollView.contentOffset.y == 800)
        #expect(scene.scrollForKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: []), "taken at the end too, with nothing to do")
        scene.scrollForKeyPress(UIKeyCommand.inputHome, modifierFlags: [])
        settle()
        #expect(scrollView.contentOffset.y == 0)
        #expect(!scene.scrollForKeyPress(UIKeyCommand.inputRightArrow, modifierFlags: []), "the content is not wider than the view")
        scrollView.allowsKeyboardScrolling = false
        #expect(!scene.scrollForKeyPress(UIKeyCommand.inputDownArrow, modifierFlags: []))
    }

    @Test func aControlThatTakesFocusIsScrolledIntoSight() throws {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        let button = UIButton(frame: CGRect(x: 20, y: 600, width: 100, height: 30))
        button.setTitle("Far down", for: .normal)
        scrollView.addSubview(button)
        let focus = try #require(scene.focusSystem)
        focus.requestFocusUpdate(to: button)
        #expect(focus.focusedItem === button)
        #expect(scrollView.contentOffset.y == CGFloat(630 + 8 - 200), "its bottom and an 8-point margin at the view's bottom")
        // The arrow keys, with a focused control that does not take them, scroll its scroll view.
        scene.scrollForKeyPress(UIKeyCommand.inputUpArrow, modifierFlags: [])
        for step in 0..<30 { frame(scene, at: 10 + Double(step) / 60) }
        #expect(scrollView.contentOffset.y == CGFloat(438 - 40))
    }

    @Test func aTouchCatchesADeceleration() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        let log = ScrollLog()
        scrollView.delegate = log
        scene.pointerPressed(at: CGPoint(x: 200, y: 200), timestamp: 10)
        for step in 1...8 { scene.pointerMoved(to: CGPoint(x: 200, y: 200 - CGFloat(step) * 10), timestamp: 10 + Double(step) / 100) }
        scene.pointerReleased(at: CGPoint(x: 200, y: 120), timestamp: 10.08)
        frame(scene, at: 100)
        frame(scene, at: 100.2)
        let caught = scrollView.contentOffset
        scene.pointerPressed(at: CGPoint(x: 200, y: 200), timestamp: 11)
        frame(scene, at: 100.4)
        #expect(scrollView.contentOffset == caught && !scrollView.isDecelerating && scrollView.isTracking)
        scene.pointerReleased(at: CGPoint(x: 200, y: 200), timestamp: 11.1)
        #expect(!scrollView.isTracking && log.calls.last == "didScroll", "a touch that did not drag ends nothing")
    }
}

/// Scrolling copies the pixels already drawn: only the uncovered strip (and what changed) is composited.
@MainActor
struct UIScrollViewCopyTests {
    /// A scroll view of 50 labelled rows, 40 points each, in the scroll scene.
    func rows(in scrollView: UIScrollView) -> [UILabel] {
        (0..<50).map { index in
            let label = UILabel(frame: CGRect(x: 0, y: CGFloat(index) * 40, width: 200, height: 40))
            label.text = "Row \(index)"
            label.backgroundColor = index % 2 == 0 ? .white : UIColor(white: 0.9, alpha: 1)
            scrollView.addSubview(label)
            return label
        }
    }

    /// Draws the scene's damage into `image` (its last frame) as a window presents it, checks it against
    /// a whole new frame and returns the damage.
    func presentAndCompare(_ scene: UIWindowScene, into image: ImageSurface, scale: CGFloat = 1, _ comment: Comment) -> Damage {
        let damage = scene.takeDamage(drawingAt: scale)
        let context = Context(surface: image)
        context.scale(Double(scale), Double(scale))
        let pixels = damage.pixels(scale: scale, within: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        scene.render(into: context, damage: pixels.scaled(by: 1 / scale), scale: scale)
        image.flush()
        let full = scene.renderImage(scale: scale)
        var differing = 0
        for y in 0..<full.height where memcmp(image.data + y * image.stride, full.data + y * full.stride, full.width * 4) != 0 { differing += 1 }
        #expect(differing == 0, "\(differing) rows differ: \(comment)")
        return damage
    }

    /// The pixels composited anew (points²).
    func area(_ damage: Damage) -> CGFloat { damage.rects.reduce(0) { $0 + $1.width * $1.height } }

    @Test func aScrollCopiesThePixelsAndCompositesOnlyTheUncoveredStrip() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView, contentHeight: 2000)
        _ = rows(in: scrollView)
        scrollView.showsVerticalScrollIndicator = false
        let image = scene.renderImage()
        scrollView.contentOffset.y = 30
        let damage = presentAndCompare(scene, into: image, "scrolled down 30 points")
        #expect(damage.moves == [Damage.Move(from: CGRect(x: 100, y: 80, width: 200, height: 170), to: CGRect(x: 100, y: 50, width: 200, height: 170))])
        #expect(damage.rects == [CGRect(x: 100, y: 220, width: 200, height: 30)], "only the strip uncovered at the bottom")
        // Up again, twice in one frame: one copy of the sum.
        scrollView.contentOffset.y = 20
        scrollView.contentOffset.y = 5
        let up = presentAndCompare(scene, into: image, "scrolled up 25 points in two steps")
        #expect(up.moves == [Damage.Move(from: CGRect(x: 100, y: 50, width: 200, height: 175), to: CGRect(x: 100, y: 75, width: 200, height: 175))])
        #expect(abs(area(up) - 200 * 25) < 1)
    }

    @Test func theIndicatorAndChangesInTheContentAreCompositedWhereverTheyGo() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView, contentHeight: 2000)
        let labels = rows(in: scrollView)
        let image = scene.renderImage()
        scrollView.contentOffset.y = 40
        labels[3].text = "Changed after the scroll"
        let damage = presentAndCompare(scene, into: image, "a scroll with the indicator shown and a row changed")
        #expect(damage.moves.count == 1)
        #expect(!scrollView.verticalIndicator.isHidden)
        // The 40-point strip, the row and the indicator (where it was and is, 3 points wide).
        let indicator = scrollView.verticalIndicator.frame
        #expect(area(damage) <= 200 * 40 + 200 * 40 + 2 * (indicator.width + 2) * (indicator.height + 42), "\(damage.rects)")
        labels[2].text = "Changed before the scroll"
        scrollView.contentOffset.y = 47
        _ = presentAndCompare(scene, into: image, "a row changed before the scroll, and the indicator moves on")
    }

    @Test func aScrollAtTwoPixelsAPointOrFractionalOrCoveredFallsBackToCompositing() {
        do {
            let scrollView = UIScrollView()
            let scene = scrollScene(scrollView, contentHeight: 2000)
            _ = rows(in: scrollView)
            let image = scene.renderImage(scale: 2)
            scrollView.contentOffset.y = 10.5
            let damage = presentAndCompare(scene, into: image, scale: 2, "half a point: a whole pixel at 2×")
            #expect(damage.moves.count == 1)
            scrollView.contentOffset.y = 10.75
            let quarter = presentAndCompare(scene, into: image, scale: 2, "a quarter point: no whole pixel")
            #expect(quarter.moves.isEmpty)
        }
        do {
            let scrollView = UIScrollView()
            let scene = scrollScene(scrollView, contentHeight: 2000)
            _ = rows(in: scrollView)
            let badge = UIView(frame: CGRect(x: 280, y: 40, width: 40, height: 40))
            badge.backgroundColor = .systemRed
            scrollView.superview!.addSubview(badge)
            let image = scene.renderImage()
            scrollView.contentOffset.y = 40
            let damage = presentAndCompare(scene, into: image, "a view over the scroll view")
            #expect(damage.moves.isEmpty, "the badge over it would be copied with it")
        }
    }

    @Test func nestedScrollViewsCopyTheOuterAndCompositeTheInner() {
        let outer = UIScrollView()
        let scene = scrollScene(outer, contentHeight: 2000)
        let inner = UIScrollView(frame: CGRect(x: 20, y: 100, width: 160, height: 80))
        inner.backgroundColor = .white
        inner.contentSize = CGSize(width: 160, height: 400)
        for index in 0..<10 {
            let label = UILabel(frame: CGRect(x: 0, y: CGFloat(index) * 40, width: 160, height: 40))
            label.text = "Inner \(index)"
            inner.addSubview(label)
        }
        outer.addSubview(inner)
        let image = scene.renderImage()
        inner.contentOffset.y = 40
        let innerOnly = presentAndCompare(scene, into: image, "the inner scroll view alone")
        #expect(innerOnly.moves.count == 1 && innerOnly.moves[0].to.width == 160)
        outer.contentOffset.y = 20
        inner.contentOffset.y = 80
        let both = presentAndCompare(scene, into: image, "both in one frame")
        #expect(both.moves.count == 1 && both.moves[0].to.width == 200, "the outer is copied; the inner, moved with it, is composited")
    }
}

/// Zooming: the limits, the pinch (a touchpad's, Ctrl+wheel's) about the pointer, the delegate's calls.
@MainActor
struct UIScrollViewZoomTests {
    /// A scroll scene whose scroll view zooms a 200×200 picture (content the picture's size).
    func zoomScene() -> (UIWindowScene, UIScrollView, UIView, ScrollLog) {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView, contentHeight: 200)
        let picture = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        picture.backgroundColor = .systemBlue
        scrollView.addSubview(picture)
        let log = ScrollLog()
        log.zoomView = picture
        scrollView.delegate = log
        return (scene, scrollView, picture, log)
    }

    @Test func zoomingNeedsLimitsAndAViewAndStaysWithinTheLimits() {
        let (_, scrollView, picture, log) = zoomScene()
        #expect(scrollView.pinchGestureRecognizer == nil, "no zooming with both limits at 1")
        scrollView.zoomScale = 2
        #expect(scrollView.zoomScale == 1)
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 4
        #expect(scrollView.pinchGestureRecognizer != nil)
        scrollView.zoomScale = 8
        #expect(scrollView.zoomScale == 4 && picture.frame == CGRect(x: 0, y: 0, width: 800, height: 800))
        #expect(scrollView.contentSize == CGSize(width: 800, height: 800))
        #expect(scrollView.contentOffset == CGPoint(x: 300, y: 300), "about the middle of what is seen")
        #expect(log.calls.contains("didZoom"))
        scrollView.maximumZoomScale = 3
        #expect(scrollView.zoomScale == 3, "a new limit brings the scale within")
        scrollView.zoom(to: CGRect(x: 0, y: 0, width: 100, height: 100), animated: false)
        #expect(scrollView.zoomScale == 2 && scrollView.contentOffset == .zero)
    }

    @Test func ctrlWheelPinchesAboutThePointerInUIKitsOrder() {
        let (scene, scrollView, _, log) = zoomScene()
        scrollView.maximumZoomScale = 3
        // The picture's point under the pointer (50, 40 in the scroll view) stays under it.
        let pointer = CGPoint(x: 150, y: 90)
        scene.pointerZoomed(by: 1.1, at: pointer, timestamp: 1)
        scene.pointerZoomed(by: 1.1, at: pointer, timestamp: 1.05)
        #expect(scrollView.isZooming && abs(scrollView.zoomScale - 1.21) < 1e-9)
        #expect(abs(scrollView.contentOffset.x - 50 * 0.21) < 1e-9 && abs(scrollView.contentOffset.y - 40 * 0.21) < 1e-9)
        scene.pointer.pinchEnded()
        #expect(!scrollView.isZooming)
        let zooms = log.calls.filter { $0 != "didScroll" }
        #expect(zooms.first == "willBeginZooming" && zooms.dropFirst().dropLast().allSatisfy { $0 == "didZoom" } && zooms.count == 4)
        #expect(zooms.last == "didEndZooming(\(scrollView.zoomScale))")
        // A touchpad pinch past the limit stops at it.
        scene.pointerPinchBegan(at: pointer)
        scene.pointerPinchChanged(scale: 10)
        #expect(scrollView.zoomScale == 3)
        scene.pointerPinchEnded()
    }

    @Test func anAnimatedZoomEasesOnTheClock() {
        let (scene, scrollView, _, log) = zoomScene()
        scrollView.maximumZoomScale = 3
        scrollView.setZoomScale(3, animated: true)
        #expect(scrollView.zoomScale == 1 && scene.hasRunningAnimations)
        frame(scene, at: 20)
        frame(scene, at: 20.15)
        #expect(abs(scrollView.zoomScale - 2) < 1e-9, "half way at half time")
        frame(scene, at: 20.31)
        #expect(scrollView.zoomScale == 3 && !scene.hasRunningAnimations)
        #expect(scrollView.contentOffset == CGPoint(x: 200, y: 200), "about the middle: (100, 100) × 3 − 100")
        #expect(log.calls.last == "didZoom")
    }
}

/// Paging, the indicators (drawn over the content, dragged), and scroll views inside scroll views.
@MainActor
struct UIScrollViewBehaviourTests {
    @Test func pagingStopsOnAPageTheNextInTheFlingsDirection() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        scrollView.isPagingEnabled = true
        let log = ScrollLog()
        scrollView.delegate = log
        // A slow drag of 60 points: back to the nearest page.
        scene.pointerPressed(at: CGPoint(x: 200, y: 200), timestamp: 1)
        scene.pointerMoved(to: CGPoint(x: 200, y: 190), timestamp: 1.2)
        scene.pointerMoved(to: CGPoint(x: 200, y: 130), timestamp: 1.6)
        scene.pointerReleased(at: CGPoint(x: 200, y: 130), timestamp: 2)
        #expect(log.proposedTarget == .zero)
        for step in 0...60 { frame(scene, at: 10 + Double(step) / 60) }
        #expect(scrollView.contentOffset == .zero)
        // A fling up: the next page, whatever its speed.
        scene.pointerPressed(at: CGPoint(x: 200, y: 200), timestamp: 20)
        for step in 1...6 { scene.pointerMoved(to: CGPoint(x: 200, y: 200 - CGFloat(step) * 15), timestamp: 20 + Double(step) / 100) }
        scene.pointerReleased(at: CGPoint(x: 200, y: 110), timestamp: 20.06)
        #expect(log.proposedTarget == CGPoint(x: 0, y: 200))
        for step in 0...120 { frame(scene, at: 30 + Double(step) / 60) }
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 200) && log.calls.last == "didEndDecelerating")
    }

    @Test func theIndicatorIsDrawnOverTheContentAndDraggingItScrollsInProportion() throws {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        let cover = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 1000))
        cover.backgroundColor = .white
        scrollView.addSubview(cover)
        #expect(scrollView.verticalIndicator.isHidden, "hidden until a scroll")
        scrollView.contentOffset.y = 100
        let indicator = scrollView.verticalIndicator
        #expect(!indicator.isHidden && scrollView.subviews.last === scrollView.horizontalIndicator || scrollView.subviews.last === indicator)
        // The track: the view's height less 3 points at each end; the bar: the share seen, 200 of 1000.
        let track = indicator.track(in: scrollView)
        #expect(track == CGRect(x: 194, y: 103, width: 3, height: 194))
        #expect(abs(indicator.frame.height - 194 * 200 / 1000) <= 1)
        let image = scene.renderImage()
        let onScreen = scrollView.convert(indicator.frame, to: nil)
        let inside = image.pixel(x: Int(onScreen.midX), y: Int(onScreen.midY)) & 0xFF
        let beside = image.pixel(x: Int(onScreen.minX) - 4, y: Int(onScreen.midY)) & 0xFF
        #expect(inside < 200 && beside == 255, "a dark bar over the white content: \(inside) beside \(beside)")

        // A drag along it: the content follows as much further as it is longer than the track.
        let start = scrollView.contentOffset.y
        let grab = CGPoint(x: onScreen.midX, y: onScreen.midY)
        scene.pointerPressed(at: grab, timestamp: 1)
        scene.pointerMoved(to: CGPoint(x: grab.x, y: grab.y + 10), timestamp: 1.1)
        scene.pointerMoved(to: CGPoint(x: grab.x, y: grab.y + 60), timestamp: 1.2)
        let travel = track.height - indicator.frame.height
        #expect(abs(scrollView.contentOffset.y - (start + 60 * 800 / travel)) <= 1, "the bar stays under the pointer: \(scrollView.contentOffset.y)")
        scene.pointerReleased(at: CGPoint(x: grab.x, y: grab.y + 60), timestamp: 1.3)
        #expect(!scrollView.isDecelerating, "no fling after dragging the indicator")
    }

    @Test func thePointerNearTheEdgeShowsTheIndicatorSoItCanBeGrabbed() {
        let scrollView = UIScrollView()
        let scene = scrollScene(scrollView)
        scene.pointerMoved(to: CGPoint(x: 200, y: 150), timestamp: 1)
        #expect(scrollView.verticalIndicator.isHidden, "the middle of the view shows nothing")
        scene.pointerMoved(to: CGPoint(x: 292, y: 150), timestamp: 1.1)
        #expect(!scrollView.verticalIndicator.isHidden && scrollView.pointerNearIndicators)
        // Grabbed where it shows: the drag moves the content, not the other way.
        let bar = scrollView.convert(scrollView.verticalIndicator.frame, to: nil)
        scene.pointerPressed(at: CGPoint(x: bar.midX, y: bar.midY), timestamp: 2)
        scene.pointerMoved(to: CGPoint(x: bar.midX, y: bar.midY + 20), timestamp: 2.1)
        #expect(scrollView.contentOffset.y > 20, "the content moves further than the bar: \(scrollView.contentOffset.y)")
        scene.pointerReleased(at: CGPoint(x: bar.midX, y: bar.midY + 20), timestamp: 2.2)
        scene.pointerMoved(to: CGPoint(x: 200, y: 150), timestamp: 3)
        #expect(!scrollView.pointerNearIndicators)
    }

    @Test func theWheelScrollsTheInnerScrollViewThenTheOuterOnceTheInnerIsAtItsEdge() {
        let outer = UIScrollView()
        let scene = scrollScene(outer)
        let inner = UIScrollView(frame: CGRect(x: 20, y: 20, width: 160, height: 100))
        inner.contentSize = CGSize(width: 160, height: 180)
        outer.addSubview(inner)
        let point = CGPoint(x: 100 + 50, y: 50 + 50)
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: point, timestamp: 1)
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: point, timestamp: 1.05)
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: point, timestamp: 1.1)
        #expect(inner.contentOffset.y == 80 && outer.contentOffset.y == 0, "the inner takes the scroll, up to its end")
        scene.pointer.endScroll()
        scene.pointerScrolled(by: CGPoint(x: 0, y: -40), continuous: false, at: point, timestamp: 2)
        #expect(inner.contentOffset.y == 80 && outer.contentOffset.y == 40, "at its end, the next scroll goes to the outer")
        scene.pointer.endScroll()
        scene.pointerScrolled(by: CGPoint(x: 0, y: 40), continuous: false, at: point, timestamp: 3)
        #expect(inner.contentOffset.y == 40 && outer.contentOffset.y == 40, "back up: the inner first again")
    }
}
