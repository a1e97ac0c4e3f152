import Foundation

/// The layers of one scene with animations running: advanced once per frame, to the frame's time, by
/// the scene's frame pass (after traits, before layout). While it holds any, the host draws frames at
/// the display's rate; when the last animation ends, frames stop and the loop sleeps again.
@MainActor
final class SceneAnimations {
    private var layers: [CALayer] = []
    private var animators: [UIViewPropertyAnimator] = []

    var isRunning: Bool { !layers.isEmpty || !animators.isEmpty }

    /// A running property animator moves its fraction on at each frame (before the layers show it).
    func add(_ animator: UIViewPropertyAnimator) {
        guard !animators.contains(where: { $0 === animator }) else { return }
        animators.append(animator)
    }

    func add(_ layer: CALayer) {
        guard !layers.contains(where: { $0 === layer }) else { return }
        layers.append(layer)
    }

    /// Shows every running animation as it is at `time`; runs the delegates and completions of those
    /// that ended (after all are advanced, so a completion that starts another sees this frame's values).
    func advance(to time: CFTimeInterval) {
        if !animators.isEmpty { animators = animators.filter { $0.advance(to: time) } }
        guard !layers.isEmpty else { return }
        var ended: [CAAnimation] = []
        for layer in layers { layer.advanceAnimations(to: time, ended: &ended) }
        layers.removeAll { !$0.isAnimating(at: time) || $0.hostView?.window == nil }
        for animation in ended { animation.finish(completed: true) }
    }
}

@MainActor
enum AnimationClock {
    /// Has `layer`'s scene advance its animations from the next frame on. A layer in no window waits:
    /// it is registered when it joins one (`CALayer.adoptAnimations`).
    static func register(_ layer: CALayer) {
        guard let scene = layer.hostView?.window?.windowScene else { return }
        scene.animations.add(layer)
        scene.host?.sceneNeedsFrame()
    }
}

extension CALayer {
    /// Whether an animation has yet to start or end (a finished one held by its fill mode does not
    /// count, nor one whose animator is paused: it changes only when scrubbed).
    func isAnimating(at time: CFTimeInterval) -> Bool {
        animationEntries.contains {
            if let driver = $0.animation.driver { return driver.isRunning }
            return $0.animation.beginTime == 0 || time < $0.animation.beginTime + $0.animation.activeDuration
        }
    }

    /// Has the next frame show this layer's animator-driven animations at their animator's progress.
    func showDrivenAnimations() { AnimationClock.register(self) }

    /// Advances this layer's animations to `time`, collecting those that ended into `ended`.
    func advanceAnimations(to time: CFTimeInterval, ended: inout [CAAnimation]) {
        var values: [String: Any] = [:]
        var kept: [(key: String, animation: CAAnimation)] = []
        for entry in animationEntries {
            let animation = entry.animation
            if animation.beginTime == 0 {
                animation.beginTime = time + animation.startDelay
                animation.delegate?.animationDidStart(animation)
            }
            guard let property = animation as? CAPropertyAnimation, let keyPath = property.keyPath else {
                kept.append(entry)
                continue
            }
            let elapsed = time - animation.beginTime
            let model = modelValue(forKeyPath: keyPath)
            if elapsed < 0 {
                if animation.fillMode == .backwards || animation.fillMode == .both, let value = property.value(at: 0, model: model) {
                    values[keyPath] = value
                }
                kept.append(entry)
            } else if elapsed >= animation.activeDuration {
                if !animation.hasEnded { ended.append(animation) }
                let holds = !animation.isRemovedOnCompletion && (animation.fillMode == .forwards || animation.fillMode == .both)
                if holds, let value = property.value(at: elapsed, model: model) { values[keyPath] = value }
                if !animation.isRemovedOnCompletion { kept.append(entry) }
            } else {
                if let value = property.value(at: elapsed, model: model) { values[keyPath] = value }
                kept.append(entry)
            }
        }
        changing(shape: false) {
            animationEntries = kept
            presentationValues = values.isEmpty ? nil : values
        }
    }
}
