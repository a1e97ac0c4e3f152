import Foundation

/// The layers of one scene with animations running: advanced once per frame, to the frame's time, by
/// the scene's frame pass (after traits, before layout). While it holds any, the host draws frames at
/// the display's rate; when the last animation ends, frames stop and the loop sleeps again.
@MainActor
final class SceneAnimations {
    private var layers: [CALayer] = []
    private var animators: [UIViewPropertyAnimator] = []
    /// Motions driven frame by frame from their own model (a scroll view's deceleration and bounce).
    private var tickers: [any FrameTicker] = []

    var isRunning: Bool { !layers.isEmpty || !animators.isEmpty || !tickers.isEmpty }

    /// Has `ticker` called at each frame until it says it is done.
    func add(_ ticker: any FrameTicker) {
        guard !tickers.contains(where: { $0 === ticker }) else { return }
        tickers.append(ticker)
    }

    /// Stops calling `ticker`.
    func remove(_ ticker: any FrameTicker) { tickers.removeAll { $0 === ticker } }

    /// A running property animator moves its fraction on at each frame (before the layers show it).
    func add(_ animator: UIViewPropertyAnimator) {
        guard !animators.contains(where: { $0 === animator }) else { return }
        animators.append(animator)
    }

    func add(_ layer: CALayer) {
        guard !layers.contains(where: { $0 === layer }) else { return }
        layers.append(layer)
    }

    /// Shows every running animation as it is at `time`; then runs the delegates and completions of
    /// those that started or ended (after all are advanced: one that starts another animation, or an
    /// animator, sees this frame's values, and what it adds runs from the next frame).
    func advance(to time: CFTimeInterval) {
        if !animators.isEmpty {
            let current = animators
            animators = []
            let going = current.filter { $0.advance(to: time) }
            // Animators started by a completion during the advance were appended meanwhile.
            animators = going + animators.filter { added in !going.contains { $0 === added } }
        }
        if !tickers.isEmpty {
            let current = tickers
            tickers = []
            let going = current.filter { $0.tick(at: time) }
            // Tickers added by a tick (a delegate starting another scroll) were appended meanwhile.
            tickers = going + tickers.filter { added in !going.contains { $0 === added } }
        }
        guard !layers.isEmpty else { return }
        var started: [CAAnimation] = [], ended: [CAAnimation] = []
        let current = layers
        for layer in current {
            // A layer that left the window shows nothing to animate: its animations end, unfinished.
            if layer.hostView?.window == nil {
                layer.removeAllAnimations()
            } else {
                layer.advanceAnimations(to: time, started: &started, ended: &ended)
            }
        }
        layers.removeAll { layer in current.contains { $0 === layer } && (!layer.isAnimating(at: time) || layer.hostView?.window == nil) }
        UIView.performWithoutAnimation {
            for animation in started { animation.delegate?.animationDidStart(animation) }
            for animation in ended { animation.finish(completed: true) }
        }
    }
}

/// Something that moves at each frame of its scene from a model of its own, on the scene's clock (so
/// tests step it with `prepareFrame(at:)`): `tick` shows it as at `time` and returns whether it goes on.
@MainActor
protocol FrameTicker: AnyObject {
    func tick(at time: CFTimeInterval) -> Bool
}

@MainActor
enum AnimationClock {
    /// Has `layer`'s scene advance its animations from the next frame on.
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

    /// The key paths whose animation leaves the shape that casts the shadow as it is.
    private static let shapeNeutralKeys: Set<String> = ["opacity", "position", "transform", "shadowOpacity", "shadowOffset",
                                                        "shadowRadius", "shadowColor", "zPosition"]

    /// Advances this layer's animations to `time`, collecting those that started (their delegates are
    /// told after the advance) and those that ended.
    func advanceAnimations(to time: CFTimeInterval, started: inout [CAAnimation], ended: inout [CAAnimation]) {
        var values: [String: Any] = [:]
        var finished: [CAAnimation] = []
        for entry in animationEntries {
            let animation = entry.animation
            if animation.beginTime == 0 { animation.beginTime = time + animation.startDelay }
            if !animation.hasStarted, time >= animation.beginTime {
                animation.hasStarted = true
                started.append(animation)
            }
            guard let property = animation as? CAPropertyAnimation, let keyPath = property.keyPath else {
                // Not a property animation: nothing to show; it runs its time and ends.
                if time - animation.beginTime >= animation.activeDuration {
                    if !animation.hasEnded { ended.append(animation) }
                    if animation.isRemovedOnCompletion { finished.append(animation) }
                }
                continue
            }
            let elapsed = time - animation.beginTime
            let (baseKey, part) = Self.split(keyPath)
            let model = modelValue(forKeyPath: baseKey).map { Self.value(of: part, in: $0) } ?? nil
            var shown: Any?
            if elapsed < 0 {
                if animation.fillMode == .backwards || animation.fillMode == .both { shown = property.value(at: 0, model: model) }
            } else if elapsed >= animation.activeDuration {
                if !animation.hasEnded { ended.append(animation) }
                let holds = !animation.isRemovedOnCompletion && (animation.fillMode == .forwards || animation.fillMode == .both)
                if holds { shown = property.value(at: elapsed, model: model) }
                if animation.isRemovedOnCompletion { finished.append(animation) }
            } else {
                shown = property.value(at: elapsed, model: model)
            }
            guard let shown else { continue }
            if part.isEmpty {
                values[baseKey] = shown
            } else if let base = values[baseKey] ?? modelValue(forKeyPath: baseKey) {
                // A part of a value ("position.x", "transform.rotation.z"): set into the base value
                // shown so far, so several parts combine.
                values[baseKey] = Self.setting(part, of: base, to: shown) ?? base
            }
        }
        let changesShape = values.keys.contains { !Self.shapeNeutralKeys.contains($0) }
            || (presentationValues ?? [:]).keys.contains { !Self.shapeNeutralKeys.contains($0) && values[$0] == nil }
        changing(shape: changesShape) {
            animationEntries.removeAll { entry in finished.contains { $0 === entry.animation } }
            presentationValues = values.isEmpty ? nil : values
        }
    }

    /// "position.x" → ("position", "x"); "transform.rotation.z" → ("transform", "rotation.z").
    static func split(_ keyPath: String) -> (base: String, part: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, "") }
        return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
    }

    /// The part of `value` a key path names (the whole value for no part); nil for a part SceneHost
    /// does not know.
    static func value(of part: String, in value: Any) -> Any? {
        switch (part, value) {
        case ("", _): return value
        case ("x", let p as CGPoint): return p.x
        case ("y", let p as CGPoint): return p.y
        case ("width", let s as CGSize): return s.width
        case ("height", let s as CGSize): return s.height
        case ("size", let r as CGRect): return r.size
        case ("origin", let r as CGRect): return r.origin
        case ("size.width", let r as CGRect): return r.width
        case ("size.height", let r as CGRect): return r.height
        case ("scale", let t as CATransform3D), ("scale.x", let t as CATransform3D):
            return (t.m11 * t.m11 + t.m12 * t.m12).squareRoot()
        case ("scale.y", let t as CATransform3D): return (t.m21 * t.m21 + t.m22 * t.m22).squareRoot()
        case ("rotation", let t as CATransform3D), ("rotation.z", let t as CATransform3D): return atan2(t.m12, t.m11)
        case ("translation.x", let t as CATransform3D): return t.m41
        case ("translation.y", let t as CATransform3D): return t.m42
        case ("translation", let t as CATransform3D): return CGSize(width: t.m41, height: t.m42)
        default: return nil
        }
    }

    /// `value` with the part `part` names set to `part` (a number, a size or a point). A transform's
    /// scale, rotation and translation are each set on the transform's own, the others kept (its scale,
    /// rotation and translation as `Interpolation` takes a transform apart).
    static func setting(_ part: String, of value: Any, to partValue: Any) -> Any? {
        let number = Interpolation.cgFloat(partValue)
        switch (part, value) {
        case ("x", var p as CGPoint): p.x = number ?? p.x; return p
        case ("y", var p as CGPoint): p.y = number ?? p.y; return p
        case ("width", var s as CGSize): s.width = number ?? s.width; return s
        case ("height", var s as CGSize): s.height = number ?? s.height; return s
        case ("size", var r as CGRect): r.size = partValue as? CGSize ?? r.size; return r
        case ("origin", var r as CGRect): r.origin = partValue as? CGPoint ?? r.origin; return r
        case ("size.width", var r as CGRect): r.size.width = number ?? r.width; return r
        case ("size.height", var r as CGRect): r.size.height = number ?? r.height; return r
        case (_, let t as CATransform3D) where part.hasPrefix("scale") || part.hasPrefix("rotation") || part.hasPrefix("translation"):
            var parts = Interpolation.parts(of: t.affine)
            switch part {
            case "scale": if let number { (parts.sx, parts.sy) = (number, number) }
            case "scale.x": parts.sx = number ?? parts.sx
            case "scale.y": parts.sy = number ?? parts.sy
            case "rotation", "rotation.z": parts.angle = number ?? parts.angle
            case "translation.x": parts.tx = number ?? parts.tx
            case "translation.y": parts.ty = number ?? parts.ty
            case "translation": if let size = partValue as? CGSize { (parts.tx, parts.ty) = (size.width, size.height) }
            default: return nil
            }
            return CATransform3D(Interpolation.compose(parts))
        default: return nil
        }
    }
}
