import Foundation

/// A view that turns touches into actions, as UIKit's `UIControl`: it tracks a touch from press to
/// release, shows it (`isHighlighted`), and sends control events to the actions registered for them.
///
/// Differs from UIKit: actions are closures (`UIAction`) registered with `addAction(_:for:)`; there is
/// no target–selector form (`addTarget(_:action:for:)`), as SceneHost has no Objective-C selectors.
@MainActor
open class UIControl: UIView {
    /// What happened to a control (UIKit's raw values).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch went down (the touch's `tapCount` is more than 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A touch moved within the control's bounds (with its touch slop).
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A touch moved outside the control's bounds (with its touch slop).
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A touch moved from outside the control to inside.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A touch moved from inside the control to outside.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch ended inside the control: a click, for most controls.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch ended outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled (taken by a gesture recognizer, or lost).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (a switch was turned, a slider moved).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action happened (a button's click, a switch's change).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// The control's menu is about to be shown as its primary action.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began in a text control.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text changed in a text control.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended in a text control.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with Return in a text control.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// All touch events.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// All editing events.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Events an app may define for its own controls.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Reserved for the framework.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// The control's state, for its look (UIKit's raw values).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No state: enabled, not highlighted, selected or focused.
        public static let normal = State([])
        /// A touch is down inside the control.
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        /// The control has keyboard focus.
        public static let focused = State(rawValue: 1 << 3)
        /// States an app may define for its own controls.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Reserved for the framework.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// How far (points) outside its bounds a tracked touch still counts as inside: UIKit's 70-point
    /// touch slop, so a finger (here a pointer) that wanders a little does not leave the control.
    public static let touchSlop: CGFloat = 70

    /// Whether the control takes touches; a disabled control is drawn dimmed by its subclass and
    /// passes touches on to the next responder. Disabling a control while it tracks a touch cancels the
    /// tracking, as UIKit (`cancelTracking(with:)`, then `.touchCancel`); the rest of that touch does
    /// nothing.
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            stateDidChange()
            if !isEnabled, hasTouch { abandonTouch(with: nil) }
        }
    }
    /// Whether the control is selected (subclasses draw it so; UIKit's controls set it themselves only
    /// where documented).
    open var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    /// Whether a touch is down inside the control (set by tracking).
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }

    /// Whether the control is tracking a touch: from a `beginTracking` that returned true to the end or
    /// cancellation of the touch (or a `continueTracking` that returned false).
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside the control's bounds grown by `touchSlop`.
    public private(set) var isTouchInside = false

    /// `.normal`, or the union of `.highlighted`, `.disabled`, `.selected` and `.focused` as they hold.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        if isFocused { state.insert(.focused) }
        return state
    }

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes; the default redraws the control.
    func stateDidChange() { setNeedsDisplay() }

    private var actions: [(action: UIAction, events: Event)] = []

    // MARK: Actions

    /// Runs `action` when any of `events` happens. An action with the same identifier as one already
    /// registered replaces it, and its events join the old ones (inferred from UIKit, which keys actions
    /// by identifier).
    public func addAction(_ action: UIAction, for events: Event) {
        if let index = actions.firstIndex(where: { $0.action.identifier == action.identifier }) {
            actions[index] = (action, actions[index].events.union(events))
        } else {
            actions.append((action, events))
        }
    }

    /// Stops running `action` for `events`; it still runs for its other events.
    public func removeAction(_ action: UIAction, for events: Event) {
        removeActions(for: events) { $0 === action }
    }

    /// Stops running the action identified by `identifier` for `events`.
    public func removeAction(identifiedBy identifier: UIAction.Identifier, for events: Event) {
        removeActions(for: events) { $0.identifier == identifier }
    }

    private func removeActions(for events: Event, where matches: (UIAction) -> Bool) {
        for index in actions.indices.reversed() where matches(actions[index].action) {
            actions[index].events.subtract(events)
            if actions[index].events.isEmpty { actions.remove(at: index) }
        }
    }

    /// The events the control has actions for.
    public var allControlEvents: Event { actions.reduce([]) { $0.union($1.events) } }

    /// Runs the actions registered for any of `events`, in the order they were added.
    open func sendActions(for events: Event) {
        // A handler may add or remove actions: run those registered when the events happened.
        for entry in actions where !entry.events.isDisjoint(with: events) { sendAction(entry.action) }
    }

    /// Sends the groups of `events` one after the other, each action at most once: an action
    /// registered for several of them runs once, at the first group it is registered for. So a click
    /// runs a button's action registered for `.primaryActionTriggered` and `.touchUpInside` once, as
    /// Space does, and primary actions still run before touch-up-inside ones.
    func sendActions(inOrder events: [Event]) {
        var sent: [ObjectIdentifier] = []
        for group in events {
            for entry in actions where !entry.events.isDisjoint(with: group) && !sent.contains(ObjectIdentifier(entry.action)) {
                sent.append(ObjectIdentifier(entry.action))
                sendAction(entry.action)
            }
        }
    }

    /// Runs `action` with this control as its sender.
    open func sendAction(_ action: UIAction) {
        let previous = action.sender
        action.sender = self
        action.handler(action)
        action.sender = previous
    }

    // MARK: Gesture recognizers

    /// Whether a single-finger single tap recognized by an ancestor's recognizer yields to this
    /// control's own tracking, as UIKit's UIButton, UISwitch, UIStepper, UISegmentedControl and
    /// UIPageControl do ("Attaching gesture recognizers to UIKit controls"). False for a plain
    /// UIControl, as UIKit; those controls override it to return true.
    var winsAncestorSingleTaps: Bool { false }

    /// Refuses an ancestor's single tap when `winsAncestorSingleTaps`, so the control's click acts
    /// instead; a recognizer on the control itself beats the control.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if winsAncestorSingleTaps, gestureRecognizer.view !== self, let tap = gestureRecognizer as? UITapGestureRecognizer,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Tracking

    /// A touch went down in the control: return true to track it (the default), false to ignore its
    /// moves and release. Called before `.touchDown` is sent.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch moved: return true to go on tracking (the default). Called before the drag
    /// events are sent.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch ended (`touch` is nil when there is none). Called before `.touchUpInside` or
    /// `.touchUpOutside` is sent.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// The tracked touch was cancelled. Called before `.touchCancel` is sent.
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether `touch` is within the control's bounds grown by the touch slop.
    private func isInside(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(touch.location(in: self))
    }

    /// Events a subclass's `endTracking` sends with `.touchUpInside` for a click (a button's
    /// `.primaryActionTriggered`), in order, before it: see `sendActions(inOrder:)`.
    var clickEvents: [Event] = []

    /// Whether a touch began on the control while it was enabled: its moves and release are the
    /// control's, even after `beginTracking` declined it or the control was disabled.
    private var hasTouch = false

    /// Stops tracking the touch going on (the control was disabled): no highlight, and
    /// `cancelTracking` then `.touchCancel` when it was tracking.
    private func abandonTouch(with event: UIEvent?) {
        isHighlighted = false
        let wasTracking = isTracking
        isTracking = false
        isTouchInside = false
        if wasTracking {
            cancelTracking(with: event)
            sendActions(for: .touchCancel)
        }
    }

    /// Begins tracking, in UIKit's order: `beginTracking`, the highlight, then `.touchDown` (and
    /// `.touchDownRepeat` for a repeated press). A disabled control passes the touches on, and so does
    /// any control for a press of a pointer button other than the primary one alone (a right or middle
    /// click): those are for gesture recognizers that ask for them (`buttonMaskRequired`).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first, touch.type != .indirectPointer || (event?.buttonMask ?? []).isSubset(of: .primary)
        else { return super.touchesBegan(touches, with: event) }
        hasTouch = true
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        // Disabled by `beginTracking` (a stepper's first step runs the value handler).
        guard isEnabled else { return abandonTouch(with: event) }
        guard isTracking else { return }
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    /// Follows the tracked touch: in or out (with the slop), `continueTracking`, then the drag events.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard hasTouch, let touch = touches.first else { return super.touchesMoved(touches, with: event) }
        guard isEnabled else { return }
        let wasInside = isTouchInside
        isTouchInside = isInside(touch)
        guard isTracking else { return }
        isHighlighted = isTouchInside
        isTracking = continueTracking(touch, with: event)
        guard isTracking else {
            isHighlighted = false
            return
        }
        var events: Event = isTouchInside ? .touchDragInside : .touchDragOutside
        if isTouchInside != wasInside { events.insert(isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events)
    }

    /// Ends tracking: `endTracking`, then `.touchUpInside` or `.touchUpOutside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard hasTouch, let touch = touches.first else { return super.touchesEnded(touches, with: event) }
        hasTouch = false
        isHighlighted = false
        if isTracking {
            isTouchInside = isInside(touch)
            clickEvents = []
            endTracking(touch, with: event)
            if isTouchInside {
                sendActions(inOrder: clickEvents + [.touchUpInside])
            } else {
                sendActions(for: .touchUpOutside)
            }
            clickEvents = []
        }
        isTracking = false
        isTouchInside = false
    }

    /// Cancels tracking: `cancelTracking`, then `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard hasTouch else { return super.touchesCancelled(touches, with: event) }
        hasTouch = false
        abandonTouch(with: event)
    }
}
