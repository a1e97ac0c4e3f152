import Foundation

/// Turns touches into a gesture, as UIKit's `UIGestureRecognizer`: attached to a view, it sees the
/// touches that hit the view or its subviews before the views do, walks UIKit's state machine and runs
/// its actions at each step. Subclasses (tap, pan, long press, pinch, hover, or your own) override the
/// touches methods and set `state`, as UIKit's `UIGestureRecognizerSubclass` lets them.
///
/// Differs from UIKit: actions are closures, not target–selector pairs: `init(handler:)`,
/// `addAction(_:)`, or `addTarget(_:action:)` with a method reference (`addTarget(self, action:
/// Self.didTap)`), all typed with the recognizer's own class. Targets are held weakly, as UIKit's;
/// a handler closure that refers to its controller should capture it `[weak self]`.
@MainActor
open class UIGestureRecognizer {
    /// The recognizer's state (UIKit's raw values). Discrete gestures go `.possible` → `.ended` (or
    /// `.failed`); continuous ones `.possible` → `.began` → `.changed`… → `.ended` or `.cancelled` (or
    /// `.failed` before beginning).
    public enum State: Int, Sendable {
        case possible = 0, began = 1, changed = 2, ended = 3, cancelled = 4, failed = 5
        /// A discrete gesture's success: the same as `.ended`.
        public static var recognized: State { .ended }

        var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    /// A recognizer with no actions; add them with `addAction(_:)` or `addTarget(_:action:)`.
    public required init() {}

    // MARK: State

    private var storedState = State.possible
    /// A recognition that waits for the recognizers this one requires to fail (`require(toFail:)`).
    var pendingState: State?

    /// Where the recognizer is in its state machine. Subclasses set it from their touches methods (and
    /// timers); each assignment of `.began`, `.changed`, `.ended` or `.cancelled` runs the actions,
    /// `.changed` every time even with nothing new, as UIKit. Leaving `.possible` first asks the
    /// delegate's `gestureRecognizerShouldBegin(_:)` and waits for required failures. Transitions UIKit
    /// forbids (out of a finished state, back to `.possible`) are ignored: `reset()` is the way back.
    open var state: State {
        get { storedState }
        set { transition(to: newValue) }
    }

    /// Whether the recognizer takes part; turning it off while it recognizes cancels it (fails it if it
    /// had not begun).
    open var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            detached()
        }
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?

    /// Answers the recognizer's questions (see `UIGestureRecognizerDelegate`); held weakly.
    open weak var delegate: (any UIGestureRecognizerDelegate)?

    /// Whether recognition cancels the touches of the view (it gets `touchesCancelled`, then nothing
    /// more of them): true by default.
    open var cancelsTouchesInView = true
    /// Whether the view gets a touch's `touchesBegan` only once the recognizer has failed (never if it
    /// recognizes): false by default.
    open var delaysTouchesBegan = false
    /// Whether the view gets `touchesEnded` only once the recognizer has failed (or `touchesCancelled`
    /// if it recognizes): true by default.
    open var delaysTouchesEnded = true
    /// A name for debugging.
    open var name: String?

    /// The modifier keys held during the event being recognized.
    public internal(set) var modifierFlags: UIKeyModifierFlags = []
    /// The mouse buttons held during the event being recognized.
    public internal(set) var buttonMask: UIEvent.ButtonMask = []

    // MARK: Touches

    /// The touches the recognizer is tracking (those down now).
    var touches: [UITouch] = []
    /// Touches the recognizer chose to ignore (`ignore(_:for:)`).
    private var ignored: [ObjectIdentifier] = []
    /// Where its touches were last (window coordinates), for `location(in:)` once they are gone.
    var lastLocation: CGPoint = .zero
    /// The window of that location.
    weak var lastWindow: UIWindow?
    /// The arbiter of the touch sequence the recognizer takes part in.
    weak var environment: GestureEnvironment?

    /// How many touches the recognizer is tracking.
    open var numberOfTouches: Int { touches.count }

    /// The centroid of its touches in `view`'s coordinates (the window's when nil); once they are gone,
    /// where they were last.
    open func location(in view: UIView?) -> CGPoint {
        if !touches.isEmpty {
            var x: CGFloat = 0, y: CGFloat = 0
            for touch in touches {
                x += touch.locationInWindow.x
                y += touch.locationInWindow.y
            }
            return Self.convert(CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count)), to: view)
        }
        return Self.convert(lastLocation, to: view)
    }

    /// Where its touch number `touchIndex` is, in `view`'s coordinates.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        touches[touchIndex].location(in: view)
    }

    static func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        view.map { $0.convert(point, from: nil) } ?? point
    }

    /// Stops giving the recognizer `touch`'s further events; the view still gets them.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        ignored.append(ObjectIdentifier(touch))
        touches.removeAll { $0 === touch }
    }

    /// Whether the recognizer takes part in touch sequences: false for hover and pinch recognizers,
    /// which the pointer scene drives apart from touches.
    var takesTouches: Bool { true }

    func receives(_ touch: UITouch) -> Bool {
        isEnabled && view != nil && !storedState.isFinished && pendingState == nil && !ignored.contains(ObjectIdentifier(touch))
    }

    /// Records the event's modifiers and buttons and the touch's place before a touches method runs.
    func note(_ touch: UITouch, event: UIEvent) {
        modifierFlags = event.modifierFlags
        buttonMask = event.buttonMask
        lastLocation = touch.locationInWindow
        lastWindow = touch.window
    }

    /// A touch began on the recognizer's view or a subview. Subclasses override without calling super.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches moved. Subclasses override.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches ended. Subclasses override.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches were cancelled. Subclasses override; the default fails the recognizer (cancels it if it
    /// had begun).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .failed : .cancelled
    }

    /// Called once the gesture is over (or failed) and before the next, with `state` back at
    /// `.possible`: subclasses forget what they tracked. Overrides call super.
    open func reset() {}

    // MARK: Relations

    private var failureRequirements: [WeakRecognizer] = []

    /// Makes this recognizer wait, in `.possible`, until `otherGestureRecognizer` fails; if the other
    /// recognizes instead, this one fails. The usual use: a single tap that yields to a double tap.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        failureRequirements.removeAll { $0.recognizer == nil }
        guard !failureRequirements.contains(where: { $0.recognizer === otherGestureRecognizer }) else { return }
        failureRequirements.append(WeakRecognizer(recognizer: otherGestureRecognizer))
    }

    /// Whether this recognizer, by recognizing, may make `preventedGestureRecognizer` fail; true by
    /// default. Subclasses override.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, by recognizing, may make this one fail; true by default.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail; false by default.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` must wait for this one to fail; false by default.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether this recognizer must wait for `other` to fail: `require(toFail:)`, the subclass methods
    /// and both delegates.
    func requiresFailure(of other: UIGestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
            || shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
            || (delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) ?? false)
    }

    /// Whether this recognizer and `other` may recognize at once: either delegate says so.
    func recognizesSimultaneously(with other: UIGestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }

    /// Whether the recognizer may begin: its delegate, its view, and the views on the way from each
    /// touch's view up to the recognizer's view (so a button wins over an ancestor's tap even when
    /// the click lands on a subview of the button, as UIKit's controls do).
    func shouldBegin() -> Bool {
        if let delegate, !delegate.gestureRecognizerShouldBegin(self) { return false }
        if let view, !view.gestureRecognizerShouldBegin(self) { return false }
        for touch in touches {
            var current = touch.view
            while let touched = current, touched !== view {
                if !touched.gestureRecognizerShouldBegin(self) { return false }
                current = touched.superview
            }
        }
        return true
    }

    // MARK: Transitions

    private func transition(to new: State) {
        let old = storedState
        switch (old, new) {
        case (.possible, .began), (.possible, .ended):
            if let environment {
                environment.recognizerWantsToRecognize(self, as: new)
            } else if shouldBegin() {
                apply(new)
            } else {
                apply(.failed)
            }
        case (.possible, .failed), (.possible, .cancelled):
            pendingState = nil
            apply(.failed)
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            apply(new)
        case (.began, .failed), (.changed, .failed):
            // A gesture under way cannot fail any more: UIKit treats it as cancelled.
            apply(.cancelled)
        default:
            return
        }
    }

    /// Sets the state, tells the environment, and runs the actions.
    func apply(_ new: State) {
        let fromRunning = storedState == .began || storedState == .changed
        storedState = new
        if new != .possible { pendingState = nil }
        environment?.recognizer(self, didChangeTo: new, fromRunning: fromRunning)
        if new != .failed && new != .possible { performActions() }
        if new.isFinished { cancelTimer() }
    }

    /// Back to `.possible` for the next gesture, forgetting its touches; then `reset()`.
    func resetForNextGesture() {
        storedState = .possible
        pendingState = nil
        touches = []
        ignored = []
        environment = nil
        cancelTimer()
        reset()
    }

    /// The recognizer left its view or was turned off: a gesture under way is cancelled, one not yet
    /// begun fails.
    func detached() {
        switch storedState {
        case .began, .changed: apply(.cancelled)
        case .possible where environment != nil || !touches.isEmpty: apply(.failed)
        default: break
        }
    }

    // MARK: Timers

    /// Counts timers so a cancelled one that fires does nothing.
    private var timerGeneration = 0

    /// Runs `body` after `delay` seconds on the main queue (which the scene loop runs), unless
    /// `cancelTimer()` (or a reset) comes first. One timer at a time.
    func startTimer(after delay: TimeInterval, _ body: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        timerGeneration += 1
        let generation = timerGeneration
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.timerGeneration == generation else { return }
                body(self)
                self.environment?.update()
            }
        }
    }

    func cancelTimer() { timerGeneration += 1 }

    // MARK: Actions

    private struct Action {
        /// The target of a target–action pair, whose going away removes the action.
        weak var target: AnyObject?
        let hasTarget: Bool
        let perform: @MainActor (UIGestureRecognizer) -> Void
    }
    private var actions: [Action] = []

    func appendAction(target: AnyObject?, _ perform: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        actions.append(Action(target: target, hasTarget: target != nil, perform: perform))
    }

    /// Removes the actions of `target`; with nil, every target–action pair. Handlers added with
    /// `addAction(_:)` or `init(handler:)` stay (`removeAllActions()` removes them too).
    open func removeTarget(_ target: AnyObject?) {
        actions.removeAll { action in
            guard action.hasTarget else { return false }
            return target == nil || action.target === target || action.target == nil
        }
    }

    /// Removes every action, handlers included.
    public func removeAllActions() { actions.removeAll() }

    private func performActions() {
        for action in actions where !action.hasTarget || action.target != nil { action.perform(self) }
    }
}

/// A weak reference to a recognizer, so `require(toFail:)` makes no cycles.
private struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
}

/// Gives every recognizer class closures typed with its own class: `UIPanGestureRecognizer { pan in
/// pan.translation(in: nil) }`.
@MainActor
public protocol UIGestureRecognizerActions: AnyObject {
    init()
}

extension UIGestureRecognizer: UIGestureRecognizerActions {}

extension UIGestureRecognizerActions where Self: UIGestureRecognizer {
    /// A recognizer that runs `handler` at each step of its gesture (UIKit's `init(target:action:)`).
    public init(handler: @escaping @MainActor (Self) -> Void) {
        self.init()
        addAction(handler)
    }

    /// Runs `handler` at each step of the gesture (after the actions added before).
    public func addAction(_ handler: @escaping @MainActor (Self) -> Void) {
        appendAction(target: nil) { handler(unsafeDowncast($0, to: Self.self)) }
    }

    /// Runs `action` of `target` at each step of the gesture, as UIKit's `addTarget(_:action:)` with a
    /// method reference instead of a selector: `addTarget(self, action: MyController.didPan)`. The
    /// target is held weakly; the action goes when the target does.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> (Self) -> Void) {
        appendAction(target: target) { [weak target] recognizer in
            guard let target else { return }
            action(target)(unsafeDowncast(recognizer, to: Self.self))
        }
    }
}
