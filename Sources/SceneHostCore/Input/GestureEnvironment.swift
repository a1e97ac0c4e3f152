import Foundation

/// The arbiter of a scene's gesture recognizers, as UIKit's gesture environment: it gives each touch to
/// the recognizers of its view and the view's ancestors before the view, lets one recognize at a time
/// (unless delegates allow more), holds recognitions that wait for others to fail, cancels or holds the
/// view's touches as `cancelsTouchesInView`, `delaysTouchesBegan` and `delaysTouchesEnded` ask, and
/// resets recognizers once their gesture is over.
@MainActor
final class GestureEnvironment {
    /// Recognizers taking part in the touch sequence going on, or still deciding about the last one
    /// (a double tap waiting for its second tap), innermost view first.
    private(set) var active: [UIGestureRecognizer] = []
    /// Touches whose deliveries to their view are held by a recognizer's delays.
    private var held: [UITouch] = []
    /// The event deliveries use (the scene's reused touch event).
    private var event: UIEvent?
    /// Set while `update()` runs: changes it causes are handled by the same pass.
    private var updating = false

    // MARK: Delivery

    /// A touch began: the enabled recognizers of its view and of the view's ancestors that accept it
    /// (delegate's `shouldReceive`) will see it. Hover and pinch recognizers take no touches (the
    /// pointer scene delivers hover and pinches apart, as UIKit delivers hover): left in `.possible`
    /// they would hold back the view's `touchesEnded`. Recognizers left waiting from an earlier
    /// sequence that this touch does not reach fail: a press elsewhere ends a double tap.
    func attach(_ touch: UITouch) {
        let recognizers = (touch.view?.recognizersUpward(UIGestureRecognizer.self) ?? []).filter { recognizer in
            recognizer.takesTouches && recognizer.isEnabled && !recognizer.state.isFinished && recognizer.pendingState == nil
                && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
        }
        for recognizer in active where recognizer.state == .possible && recognizer.pendingState == nil
            && recognizer.touches.isEmpty && !recognizers.contains(where: { $0 === recognizer }) {
            recognizer.state = .failed
        }
        touch.gestureRecognizers = recognizers
        for recognizer in recognizers {
            recognizer.environment = self
            recognizer.touches.append(touch)
            if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
        }
    }

    /// Gives `touches` (all in phase `phase`, of one view) to their recognizers, then decides whether
    /// the view gets them now, later or never, and delivers what it may.
    func deliver(_ touches: Set<UITouch>, phase: UITouch.Phase, to view: UIView, with event: UIEvent) {
        self.event = event
        if phase == .began { for touch in touches { attach(touch) } }
        for touch in touches {
            guard let recognizers = touch.gestureRecognizers else { continue }
            for recognizer in recognizers where recognizer.receives(touch) {
                recognizer.note(touch, event: event)
                switch phase {
                case .began: recognizer.touchesBegan(touches, with: event)
                case .moved: recognizer.touchesMoved(touches, with: event)
                case .ended: recognizer.touchesEnded(touches, with: event)
                case .cancelled: recognizer.touchesCancelled(touches, with: event)
                default: break
                }
            }
            if phase == .ended || phase == .cancelled {
                for recognizer in recognizers { recognizer.touches.removeAll { $0 === touch } }
            }
        }
        for touch in touches { deliverToView(touch, phase: phase, touches: touches, event: event) }
        update()
    }

    private func deliverToView(_ touch: UITouch, phase: UITouch.Phase, touches: Set<UITouch>, event: UIEvent) {
        guard !touch.viewCancelled else { return }
        if !touch.heldPhases.isEmpty || (phase == .began && isDelayed(touch, began: true))
            || (phase == .ended && isDelayed(touch, began: false)) {
            touch.heldPhases.append(phase)
            if !held.contains(where: { $0 === touch }) { held.append(touch) }
            return
        }
        send(phase, of: touches, to: touch, event: event)
    }

    /// Whether a recognizer of `touch` still deciding holds its `began` (or `ended`) from the view.
    private func isDelayed(_ touch: UITouch, began: Bool) -> Bool {
        touch.gestureRecognizers?.contains { recognizer in
            recognizer.state == .possible && recognizer.view != nil && recognizer.isEnabled
                && (began ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded)
        } ?? false
    }

    private func send(_ phase: UITouch.Phase, of touches: Set<UITouch>, to touch: UITouch, event: UIEvent) {
        guard let view = touch.view else { return }
        switch phase {
        case .began:
            touch.viewBegan = true
            view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        default: break
        }
    }

    // MARK: Recognition

    /// `recognizer` asks to leave `.possible` for `.began` or `.ended`: it may (delegate and views),
    /// it must wait (a recognizer it requires to fail is still deciding), or it fails (one it requires
    /// to fail, or one that excludes it, has recognized).
    func recognizerWantsToRecognize(_ recognizer: UIGestureRecognizer, as state: UIGestureRecognizer.State) {
        guard recognizer.shouldBegin() else {
            recognizer.apply(.failed)
            return
        }
        for other in active where other !== recognizer {
            if recognizer.requiresFailure(of: other) {
                switch other.state {
                case .possible:
                    recognizer.pendingState = state
                    return
                case .began, .changed, .ended:
                    recognizer.apply(.failed)
                    return
                default: continue
                }
            }
            if (other.state == .began || other.state == .changed), excludes(other, recognizer) {
                recognizer.apply(.failed)
                return
            }
        }
        recognizer.apply(state)
    }

    /// Whether `winner`, recognizing, makes `loser` fail: neither delegate allows both, and neither
    /// recognizer's `canPrevent`/`canBePrevented(by:)` says otherwise.
    private func excludes(_ winner: UIGestureRecognizer, _ loser: UIGestureRecognizer) -> Bool {
        !winner.recognizesSimultaneously(with: loser) && winner.canPrevent(loser) && loser.canBePrevented(by: winner)
    }

    /// A state change: recognition (`.began`, or `.ended` straight from `.possible`) fails the
    /// recognizers it excludes and those that require it to fail, and cancels the view's touches;
    /// failure lets those waiting for it go on. Held deliveries and resets wait for `update()`.
    func recognizer(_ recognizer: UIGestureRecognizer, didChangeTo state: UIGestureRecognizer.State, fromRunning: Bool) {
        switch state {
        case .began:
            recognized(recognizer)
        case .ended where !fromRunning:
            recognized(recognizer)
        case .failed:
            for other in active where other !== recognizer && other.pendingState != nil { retryPending(other) }
        default:
            break
        }
    }

    private func recognized(_ recognizer: UIGestureRecognizer) {
        for other in active where other !== recognizer && other.state == .possible {
            if other.requiresFailure(of: recognizer) || excludes(recognizer, other) { other.apply(.failed) }
        }
        if recognizer.cancelsTouchesInView { cancelViewTouches(of: recognizer) }
    }

    /// A pending recognition goes ahead once nothing it waits for is deciding.
    private func retryPending(_ recognizer: UIGestureRecognizer) {
        guard let pending = recognizer.pendingState, recognizer.state == .possible else { return }
        recognizer.pendingState = nil
        recognizerWantsToRecognize(recognizer, as: pending)
    }

    /// The view of each of `recognizer`'s touches (down now, or ended with deliveries held) gets
    /// `touchesCancelled` if it saw the touch begin, and nothing more of it.
    private func cancelViewTouches(of recognizer: UIGestureRecognizer) {
        var touches = recognizer.touches
        for touch in held where touch.gestureRecognizers?.contains(where: { $0 === recognizer }) ?? false
            && !touches.contains(where: { $0 === touch }) {
            touches.append(touch)
        }
        for touch in touches where !touch.viewCancelled {
            touch.viewCancelled = true
            touch.heldPhases = []
            if touch.viewBegan, let view = touch.view, let event {
                view.touchesCancelled([touch], with: event)
            }
        }
        held.removeAll { $0.viewCancelled }
    }

    /// The scene is going away (to the background, or disconnected): the views of touches whose
    /// deliveries are held get `touchesCancelled` if they saw the touch begin, and nothing more of it;
    /// every recognizer still taking part fails (or is cancelled) without recognizing what it waited
    /// for, and all are reset.
    func end() {
        for touch in held where !touch.viewCancelled {
            touch.viewCancelled = true
            touch.heldPhases = []
            if touch.viewBegan, let view = touch.view, let event { view.touchesCancelled([touch], with: event) }
        }
        held = []
        for recognizer in active {
            recognizer.touches = []
            recognizer.pendingState = nil
        }
        for recognizer in active where !recognizer.state.isFinished {
            recognizer.state = recognizer.state == .possible ? .failed : .cancelled
        }
        update()
        event = nil
    }

    // MARK: Settling

    /// After each delivery and timer: held view deliveries that nothing delays any more go out, and
    /// recognizers whose gesture is over are reset and leave the sequence.
    func update() {
        guard !updating else { return }
        updating = true
        defer { updating = false }
        var index = 0
        while index < held.count {
            let touch = held[index]
            if touch.viewCancelled {
                held.remove(at: index)
                continue
            }
            while let phase = touch.heldPhases.first {
                if phase == .began, isDelayed(touch, began: true) { break }
                if phase == .ended, isDelayed(touch, began: false) { break }
                touch.heldPhases.removeFirst()
                if let event { send(phase, of: [touch], to: touch, event: event) }
            }
            if touch.heldPhases.isEmpty { held.remove(at: index) } else { index += 1 }
        }
        active.removeAll { recognizer in
            guard recognizer.state.isFinished, recognizer.touches.isEmpty else { return false }
            // Touches still held for a view count as part of the sequence: keep the state readable.
            recognizer.resetForNextGesture()
            return true
        }
    }
}
