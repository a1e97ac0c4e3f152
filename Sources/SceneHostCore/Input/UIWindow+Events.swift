import Foundation

extension UIWindow {
    /// Delivers a touch event to the recognizers and views of its touches that began in this window:
    /// the recognizers of each touch's view and its ancestors first (GestureEnvironment.swift), then the
    /// view, which gets `touchesBegan`, `touchesMoved`, `touchesEnded` or `touchesCancelled` by the
    /// touch's phase and passes it up the responder chain unless it handles it.
    func deliverTouches(_ event: UIEvent) {
        let touches = event.touches
        // The pointer makes one touch at a time: its set is handed on as is, with no copy.
        if touches.count == 1, let touch = touches.first {
            if touch.window === self, let view = touch.view { deliver(touches, phase: touch.phase, to: view, with: event) }
            return
        }
        var byView: [ObjectIdentifier: (view: UIView, phase: UITouch.Phase, touches: Set<UITouch>)] = [:]
        for touch in touches where touch.window === self {
            guard let view = touch.view else { continue }
            byView[ObjectIdentifier(view), default: (view, touch.phase, [])].touches.insert(touch)
        }
        for entry in byView.values { deliver(entry.touches, phase: entry.phase, to: entry.view, with: event) }
    }

    private func deliver(_ touches: Set<UITouch>, phase: UITouch.Phase, to view: UIView, with event: UIEvent) {
        // Recognizers see the touches first, and decide when the view does.
        if let gestures = windowScene?.pointer.gestures {
            gestures.deliver(touches, phase: phase, to: view, with: event)
            return
        }
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        case .stationary, .regionEntered, .regionMoved, .regionExited: break
        }
    }
}
