import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// Animations sampled at known times through the offscreen frame pass: the model is set at once, what
/// is drawn (the presentation) moves; completions, springs, property animators and display links.
@MainActor
struct AnimationTests {
    /// A 200×200 offscreen scene showing `view` (a subview of a white root view).
    func scene(with view: UIView) -> UIWindowScene {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        controller.view.addSubview(view)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 200), rootViewController: controller)
        _ = scene.renderImage()
        return scene
    }

    func frame(_ scene: UIWindowScene, at time: CFTimeInterval) { _ = scene.offscreenHost!.prepareFrame(at: time) }

    @Test func aBasicAnimationShowsItsValueAtEachFrameAndLeavesTheModelAlone() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let scene = scene(with: view)
        let animation = CABasicAnimation(keyPath: "cornerRadius")
        animation.fromValue = CGFloat(0)
        animation.toValue = CGFloat(8)
        animation.duration = 1
        var finished: Bool?
        animation.completion = { finished = $0 }
        view.layer.add(animation, forKey: "corner")
        #expect(view.layer.cornerRadius == 0 && scene.hasRunningAnimations)
        frame(scene, at: 100)   // starts here
        frame(scene, at: 100.25)
        #expect(abs((view.layer.presentation()?.cornerRadius ?? -1) - 2) < 1e-6, "linear by default: a quarter of the way")
        #expect(view.layer.cornerRadius == 0, "the model is untouched")
        frame(scene, at: 101.01)
        #expect(finished == true && view.layer.animationKeys() == nil && !scene.hasRunningAnimations)
        #expect(view.layer.presentation()?.cornerRadius == 0, "back to the model")
    }

    @Test func viewAnimationsMoveFromTheShownValueToTheModelValue() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.backgroundColor = .red
        let scene = scene(with: view)
        var done: [Bool] = []
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.frame.origin = CGPoint(x: 100, y: 0)
            view.alpha = 0.5
        }, completion: { done.append($0) })
        #expect(view.frame.origin.x == 100 && view.alpha == 0.5, "the model changes at once")
        frame(scene, at: 10)
        frame(scene, at: 10.5)
        let shown = try #require(view.layer.presentation())
        #expect(abs(shown.position.x - 60) < 1e-6 && abs(shown.opacity - 0.75) < 1e-6)
        frame(scene, at: 11.5)
        #expect(done == [true] && !scene.hasRunningAnimations)
    }

    @Test func whatIsDrawnFollowsThePresentation() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.backgroundColor = .red
        let scene = scene(with: view)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 110 })
        frame(scene, at: 10)
        let host = scene.offscreenHost!
        _ = host.prepareFrame(at: 10.5)
        let image = ImageSurface(format: .rgb24, width: 200, height: 200)
        scene.render(into: Context(surface: image), damage: Damage(CGRect(x: 0, y: 0, width: 200, height: 200)), scale: 1)
        #expect(image.pixel(x: 60, y: 10) == 0xFFFF_0000, "halfway: centred at 60")
        #expect(image.pixel(x: 5, y: 10) == 0xFFFF_FFFF && image.pixel(x: 110, y: 10) == 0xFFFF_FFFF)
    }

    @Test func layoutInsideAnAnimationBlockAnimatesTheNewFrames() throws {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        let scene = scene(with: view)
        let root = try #require(view.superview)
        let leading = view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 0)
        NSLayoutConstraint.activate([leading, view.topAnchor.constraint(equalTo: root.topAnchor),
                                     view.widthAnchor.constraint(equalToConstant: 20), view.heightAnchor.constraint(equalToConstant: 20)])
        root.layoutIfNeeded()
        leading.constant = 100
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { root.layoutIfNeeded() })
        #expect(view.frame.minX == 100)
        frame(scene, at: 10)
        frame(scene, at: 10.25)
        #expect(abs((view.layer.presentation()?.position.x ?? 0) - 35) < 1e-6, "a quarter of the way from 10 to 110")
    }

    @Test func animatedViewsTakeNoTouchesUnlessAllowed() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        let window = try #require(view.window)
        UIView.animate(withDuration: 1) { view.alpha = 0.5 }
        frame(scene, at: 10)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) !== view)
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { view.alpha = 0.8 })
        frame(scene, at: 10.1)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === view, "the new animation allows them")
        frame(scene, at: 12)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === view)
    }

    @Test func aFadeToNothingIsDrawnToTheEnd() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.backgroundColor = .red
        let scene = scene(with: view)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
        frame(scene, at: 10)
        _ = scene.offscreenHost!.prepareFrame(at: 10.5)
        let image = ImageSurface(format: .rgb24, width: 200, height: 200)
        scene.render(into: Context(surface: image), damage: Damage(CGRect(x: 0, y: 0, width: 200, height: 200)), scale: 1)
        let green = (image.pixel(x: 10, y: 10) >> 8) & 0xff
        #expect(green > 100 && green < 155, "half faded: \(String(image.pixel(x: 10, y: 10), radix: 16))")
    }

    @Test func twoChangesOfAPropertyInOneBlockMakeOneAnimation() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        var done: [Bool] = []
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.center.x = 110
            view.center.y = 210
        }, completion: { done.append($0) })
        frame(scene, at: 10)
        frame(scene, at: 10.5)
        let shown = try #require(view.layer.presentation()?.position)
        #expect(abs(shown.x - 60) < 1e-6 && abs(shown.y - 110) < 1e-6, "both halfway from (10, 10): \(shown)")
        frame(scene, at: 11.1)
        #expect(done == [true])
    }

    @Test func blocksInsideBlocksTakeTheOuterDurationUnlessTheyOverrideIt() throws {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)), b = UIView(frame: CGRect(x: 0, y: 30, width: 20, height: 20))
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        container.addSubview(a)
        container.addSubview(b)
        let scene = scene(with: container)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            UIView.animate(withDuration: 4) { a.center.x = 110 }
            UIView.animate(withDuration: 4, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve, .curveLinear], animations: { b.center.x = 110 })
        })
        frame(scene, at: 10)
        frame(scene, at: 10.5)
        #expect(abs((a.layer.presentation()?.position.x ?? 0) - 60) < 1e-6, "inherited: one second, linear")
        #expect(abs((b.layer.presentation()?.position.x ?? 0) - 22.5) < 1e-6, "its own four seconds")
    }

    @Test func anInterruptedCompletionSetsPropertiesWithoutAnimatingThem() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { _ in view.backgroundColor = .red })
        frame(scene, at: 10)
        UIView.animate(withDuration: 1) { view.alpha = 1 }
        #expect(view.backgroundColor == .red && view.layer.animation(forKey: "backgroundColor") == nil)
    }

    @Test func aCompletionMayStartTheNextAnimation() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        var second: Bool?
        UIView.animate(withDuration: 0.5, animations: { view.alpha = 0.5 }, completion: { _ in
            UIView.animate(withDuration: 0.5, animations: { view.alpha = 1 }, completion: { second = $0 })
        })
        frame(scene, at: 10)
        frame(scene, at: 10.6)
        #expect(scene.hasRunningAnimations, "the second one runs")
        frame(scene, at: 10.7)
        frame(scene, at: 11.3)
        #expect(second == true)
    }

    @Test func aViewLeavingItsWindowEndsItsAnimationsUnfinished() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { view.alpha = 0.2 }, completion: { finished = $0 })
        frame(scene, at: 10)
        view.removeFromSuperview()
        frame(scene, at: 10.1)
        #expect(finished == false && view.layer.animationKeys() == nil && view.layer.presentationValues == nil)
        #expect(!scene.hasRunningAnimations)
    }

    @Test func partsOfValuesAndNumbersOfAnyKindAnimate() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = Double.pi
        turn.duration = 1
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.toValue = 110
        slide.duration = 1
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0
        fade.duration = 1
        let keyframes = CAKeyframeAnimation(keyPath: "opacity")
        keyframes.values = [1, 0.5]
        keyframes.keyTimes = []
        keyframes.duration = 1
        for (animation, key) in [(turn, "turn"), (slide, "slide"), (fade, "fade")] as [(CAAnimation, String)] { view.layer.add(animation, forKey: key) }
        view.layer.add(keyframes, forKey: "keyframes")
        frame(scene, at: 10)
        frame(scene, at: 10.5)
        let shown = try #require(view.layer.presentation())
        #expect(abs(atan2(shown.transform.m12, shown.transform.m11) - .pi / 2) < 1e-6, "a quarter turn halfway")
        #expect(abs(shown.position.x - 60) < 1e-6 && shown.position.y == 10, "only x moves")
        #expect(abs(shown.opacity - 0.75) < 1e-6, "the keyframes (added last, malformed key times ignored) win: \(shown.opacity)")
    }

    @Test func aStoppedAnimatorFinishesAtItsStartOrEnd() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        for position in [UIViewAnimatingPosition.start, .end] {
            view.center.x = 10
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 110 }
            animator.startAnimation()
            frame(scene, at: 10)
            frame(scene, at: 10.5)
            animator.stopAnimation(false)
            #expect(abs(view.center.x - 60) < 1e-6)
            animator.finishAnimation(at: position)
            #expect(view.center.x == (position == .start ? 10 : 110))
        }
    }

    @Test func anAnimatorWithNothingOnScreenStillEnds() async {
        let animator = UIViewPropertyAnimator(duration: 0.05, curve: .linear) {}
        var position: UIViewAnimatingPosition?
        animator.addCompletion { position = $0 }
        animator.startAnimation()
        for _ in 0..<100 where position == nil { try? await Task.sleep(nanoseconds: 5_000_000) }
        #expect(position == .end && animator.state == .inactive)
    }

    @Test func aDelayShowsTheStartingValueUntilItBegins() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
        frame(scene, at: 10)
        frame(scene, at: 10.25)
        #expect(view.layer.presentation()?.opacity == 1)
        frame(scene, at: 11)
        #expect(abs((view.layer.presentation()?.opacity ?? 0) - 0.5) < 1e-6)
    }

    @Test func anAnimationReplacedByAnotherEndsUnfinished() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        var results: [String] = []
        UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { results.append("first \($0)") })
        frame(scene, at: 10)
        UIView.animate(withDuration: 1, animations: { view.alpha = 1 }, completion: { results.append("second \($0)") })
        frame(scene, at: 10.5)
        frame(scene, at: 12)
        #expect(results == ["first false", "second true"])
    }

    @Test func nothingToAnimateCompletesOnTheNextTurn() async {
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: {}, completion: { finished = $0 })
        #expect(finished == nil, "not within the call")
        await Task.yield()
        for _ in 0..<10 where finished == nil { try? await Task.sleep(nanoseconds: 1_000_000) }
        #expect(finished == true)
    }

    @Test func springsOvershootAndSettleOnTheTarget() {
        let bouncy = SpringParameters(duration: 0.5, bounce: 0.5)
        let samples = stride(from: 0.0, through: 2, by: 0.01).map { bouncy.progress(at: $0) }
        #expect(samples.max()! > 1.05, "it overshoots")
        #expect(abs(samples.last! - 1) < 0.001, "and comes to rest on the target")
        let critical = SpringParameters(dampingRatio: 1, duration: 0.5, initialVelocity: 0)
        #expect(stride(from: 0.0, through: 2, by: 0.01).allSatisfy { critical.progress(at: $0) <= 1 + 1e-9 }, "a ratio of 1 never overshoots")
        for ratio in [0.3, 1, 2] as [CGFloat] {
            let spring = SpringParameters(dampingRatio: ratio, duration: 0.5, initialVelocity: 0)
            #expect(abs(spring.progress(at: 0.5) - 1) <= 0.0011, "ratio \(ratio) settles in its duration: \(spring.progress(at: 0.5))")
        }
        let animation = CASpringAnimation(perceptualDuration: 0.4, bounce: 0)
        #expect(animation.settlingDuration > 0.3 && animation.settlingDuration < 1.5)
    }

    @Test func timingCurvesEaseAsCoreAnimations() {
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(abs(ease.progress(at: 0.5) - 0.5) < 1e-6)
        #expect(ease.progress(at: 0.1) < 0.1 && ease.progress(at: 0.9) > 0.9)
        #expect(CAMediaTimingFunction(name: .linear).progress(at: 0.3) == 0.3)
    }

    @Test func aPropertyAnimatorScrubsReversesAndFinishesWhereItIsTold() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 110 }
        #expect(animator.state == .inactive)
        animator.fractionComplete = 0.25
        #expect(animator.state == .active && !animator.isRunning && view.center.x == 110)
        frame(scene, at: 10)
        #expect(abs((view.layer.presentation()?.position.x ?? 0) - 35) < 1e-6, "scrubbed linearly: a quarter of 10→110")
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.isReversed = true
        animator.startAnimation()
        frame(scene, at: 10.1)
        frame(scene, at: 10.2)
        frame(scene, at: 10.4)
        #expect(positions == [.start] && animator.state == .inactive)
        #expect(view.center.x == 10, "reversed to its start: the model goes back too")
        #expect(!scene.hasRunningAnimations)
    }

    @Test func stoppingAPropertyAnimatorKeepsTheViewWhereItIsShown() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0, options: .curveLinear,
                                                                     animations: { view.center.x = 110 }) { positions.append($0) }
        #expect(animator.state == .active && animator.isRunning)
        frame(scene, at: 10)
        frame(scene, at: 10.5)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && abs(view.center.x - 60) < 1e-6)
        animator.finishAnimation(at: .current)
        #expect(animator.state == .inactive && positions == [.current])
        frame(scene, at: 11)
        #expect(!scene.hasRunningAnimations && view.layer.animationKeys() == nil)
    }

    @Test func displayLinksFireAtTheDisplayRateOrAFractionOfIt() {
        var every: [CFTimeInterval] = [], half: [CFTimeInterval] = []
        let link = CADisplayLink { every.append($0.timestamp) }
        let slow = CADisplayLink { half.append($0.targetTimestamp - $0.timestamp) }
        slow.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .common)
        slow.add(to: .main, forMode: .common)
        #expect(CADisplayLink.isRunning)
        for frame in 0..<6 { CADisplayLink.fire(at: 50 + Double(frame) / 60, period: 1.0 / 60) }
        #expect(every.count == 6 && half.count == 3)
        #expect(abs(half[0] - 2.0 / 60) < 1e-9)
        link.isPaused = true
        CADisplayLink.fire(at: 51, period: 1.0 / 60)
        #expect(every.count == 6)
        weak var gone = link
        link.invalidate()
        slow.invalidate()
        _ = consume link
        #expect(gone == nil && !CADisplayLink.isRunning, "an invalidated link is let go")
    }

    @Test func controlsSlideToANewValueAPersonGivesThem() throws {
        let toggle = UISwitch(frame: CGRect(x: 0, y: 0, width: 51, height: 31))
        let progress = UIProgressView(frame: CGRect(x: 0, y: 40, width: 100, height: 4))
        let segments = UISegmentedControl(items: ["A", "B", "C"])
        segments.frame = CGRect(x: 0, y: 60, width: 150, height: 32)
        segments.selectedSegmentIndex = 0
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        [toggle, progress, segments].forEach(container.addSubview)
        let scene = scene(with: container)
        scene.click(at: CGPoint(x: 25, y: 15))
        progress.setProgress(1, animated: true)
        scene.click(at: CGPoint(x: 125, y: 76))
        #expect(toggle.isOn && progress.progress == 1 && segments.selectedSegmentIndex == 2, "the values change at once")
        #expect(toggle.knob.isMoving && progress.shownProgress.isMoving && segments.shownSelection.isMoving)
        CADisplayLink.fire(at: 100, period: 1.0 / 60)
        CADisplayLink.fire(at: 100.125, period: 1.0 / 60)
        #expect(abs(toggle.knob.current - 0.5) < 1e-6 && abs(progress.shownProgress.current - 0.5) < 1e-6, "halfway through a quarter second")
        #expect(abs(segments.shownSelection.current - 1) < 1e-6, "the raised segment passes the middle one")
        CADisplayLink.fire(at: 100.25, period: 1.0 / 60)
        #expect(toggle.knob.current == 1 && !toggle.knob.isMoving && segments.shownSelection.current == 2)
        toggle.isOn = false
        #expect(toggle.knob.current == 0 && !toggle.knob.isMoving, "set in code, it moves at once")
        weak var gone = toggle
        toggle.setOn(true, animated: true)
        toggle.removeFromSuperview()
        _ = consume toggle
        CADisplayLink.fire(at: 101, period: 1.0 / 60)
        #expect(gone == nil && !CADisplayLink.isRunning, "a control freed mid-slide takes its display link with it")
    }

    @Test func finishedAnimationsAndAnimatorsAreLetGo() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene(with: view)
        weak var animator: UIViewPropertyAnimator?
        weak var animation: CAAnimation?
        do {
            let running = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0, options: [], animations: { view.alpha = 0 })
            animator = running
            UIView.animate(withDuration: 0.5) { view.center.x = 80 }
            animation = view.layer.animation(forKey: "position")
        }
        #expect(animation != nil)
        frame(scene, at: 10)
        frame(scene, at: 11)
        #expect(animator == nil && animation == nil)
    }
}
