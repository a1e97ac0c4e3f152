import Foundation

/// Records changes so they can be undone and redone, as Foundation's `UndoManager` (which
/// swift-corelibs-foundation on Linux lacks, so SceneHost provides it under the same name).
///
/// Actions are closures (`registerUndo(withTarget:handler:)`); selector-based registration does not
/// exist (no Objective-C runtime). Registrations between `beginUndoGrouping()` and
/// `endUndoGrouping()` undo together; with `groupsByEvent` (the default) registrations made outside a
/// group in one turn of the main queue form one group, as Foundation groups by run-loop pass.
/// Registrations made while undoing go to the redo stack; a new registration clears the redo stack.
@MainActor
open class UndoManager {
    private struct Action {
        weak var target: AnyObject?
        let handler: (AnyObject) -> Void
    }
    private struct Group {
        var actions: [Action] = []
        var name = ""
    }

    private var undoStack: [Group] = [], redoStack: [Group] = []
    /// Groups being recorded, innermost last.
    private var open: [Group] = []
    private var automaticGroupOpen = false

    /// Whether registrations outside explicit groups are grouped per main-queue turn.
    open var groupsByEvent = true
    /// How many groups are kept (0: unlimited).
    open var levelsOfUndo = 0
    public private(set) var isUndoing = false
    public private(set) var isRedoing = false
    /// While false, registrations are dropped.
    public private(set) var isUndoRegistrationEnabled = true
    private var disabledCount = 0

    public init() {}

    open var canUndo: Bool { !undoStack.isEmpty || open.contains { !$0.actions.isEmpty } }
    open var canRedo: Bool { !redoStack.isEmpty }
    open var groupingLevel: Int { open.count }
    open var undoActionName: String { undoStack.last?.name ?? "" }
    open var redoActionName: String { redoStack.last?.name ?? "" }

    open func beginUndoGrouping() { open.append(Group()) }

    open func endUndoGrouping() {
        guard let group = open.popLast() else { return }
        if automaticGroupOpen, open.isEmpty { automaticGroupOpen = false }
        guard !group.actions.isEmpty else { return }
        if open.isEmpty {
            push(group)
        } else {
            open[open.count - 1].actions += group.actions
        }
    }

    private func push(_ group: Group) {
        if isUndoing {
            redoStack.append(group)
        } else {
            undoStack.append(group)
            if levelsOfUndo > 0, undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
            if !isRedoing { redoStack.removeAll() }
        }
    }

    /// Records `handler`, to be run with `target` on undo. `target` is held weakly: an action whose
    /// target is gone does nothing.
    open func registerUndo<Target: AnyObject>(withTarget target: Target, handler: @escaping @MainActor (Target) -> Void) {
        guard disabledCount == 0 else { return }
        let action = Action(target: target) { object in handler(object as! Target) }
        if open.isEmpty {
            if groupsByEvent && !isUndoing && !isRedoing {
                beginUndoGrouping()
                automaticGroupOpen = true
                // The group of this turn closes when the main queue next turns.
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated {
                        guard let self, self.automaticGroupOpen else { return }
                        while !self.open.isEmpty { self.endUndoGrouping() }
                    }
                }
            } else {
                push(Group(actions: [action]))
                return
            }
        }
        open[open.count - 1].actions.append(action)
    }

    /// Names the action of the group being recorded (or the last one).
    open func setActionName(_ actionName: String) {
        if !open.isEmpty { open[open.count - 1].name = actionName } else if !undoStack.isEmpty { undoStack[undoStack.count - 1].name = actionName }
    }

    /// Closes the automatic group of this turn, so what comes next is a separate undo step.
    private func closeAutomaticGroup() {
        if automaticGroupOpen { while !open.isEmpty { endUndoGrouping() } }
    }

    /// Undoes the last group: its actions run in reverse order, and what they register becomes the
    /// redo group.
    open func undo() {
        closeAutomaticGroup()
        guard let group = undoStack.popLast() else { return }
        isUndoing = true
        run(group)
        isUndoing = false
    }

    /// Redoes the last undone group.
    open func redo() {
        closeAutomaticGroup()
        guard let group = redoStack.popLast() else { return }
        isRedoing = true
        run(group)
        isRedoing = false
    }

    private func run(_ group: Group) {
        beginUndoGrouping()
        open[open.count - 1].name = group.name
        for action in group.actions.reversed() {
            if let target = action.target { action.handler(target) }
        }
        endUndoGrouping()
    }

    open func disableUndoRegistration() {
        disabledCount += 1
        isUndoRegistrationEnabled = false
    }

    open func enableUndoRegistration() {
        disabledCount = max(0, disabledCount - 1)
        isUndoRegistrationEnabled = disabledCount == 0
    }

    open func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        open.removeAll()
        automaticGroupOpen = false
    }

    /// Drops every action registered with `target`.
    open func removeAllActions(withTarget target: AnyObject) {
        func keep(_ group: inout Group) { group.actions.removeAll { $0.target === target || $0.target == nil } }
        for index in undoStack.indices { keep(&undoStack[index]) }
        for index in redoStack.indices { keep(&redoStack[index]) }
        for index in open.indices { keep(&open[index]) }
        undoStack.removeAll { $0.actions.isEmpty }
        redoStack.removeAll { $0.actions.isEmpty }
    }
}
