import Foundation
@_spi(Runtime) @testable import SceneHostCore

/// An offscreen 400×300 scene whose root view holds `view` at (100, 100), 100×100, for gesture tests.
@MainActor
func gestureScene(with view: UIView) -> UIWindowScene {
    let root = UIViewController()
    let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
    view.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
    root.view.addSubview(view)
    return scene
}

/// A view that logs the touches methods it gets.
@MainActor
final class TouchLogView: UIView {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}

/// A delegate whose answers the test sets.
@MainActor
final class ConfigurableDelegate: UIGestureRecognizerDelegate {
    var shouldBegin = true
    var simultaneous = false
    var receives = true
    var asked: [String] = []
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked.append("shouldBegin")
        return shouldBegin
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { simultaneous }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receives }
}

/// The states a recognizer's actions saw, by name.
@MainActor
func recordStates<Recognizer: UIGestureRecognizer>(of recognizer: Recognizer, into log: @escaping (String) -> Void) {
    recognizer.addAction { log("\($0.state)") }
}

/// Lets the main queue run (timers of recognizers) for `seconds`.
@MainActor
func runMainQueue(for seconds: TimeInterval) async {
    try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
}

/// A point as "(x, y)", the same on every platform.
func text(_ point: CGPoint) -> String { "(\(point.x), \(point.y))" }
