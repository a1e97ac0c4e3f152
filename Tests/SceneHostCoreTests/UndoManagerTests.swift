import Foundation
@testable import SceneHostCore
import Testing

@MainActor
private final class Counter { var value = 0 }

/// Foundation's UndoManager semantics, which SceneHost provides on Linux.
@MainActor
struct UndoManagerTests {
    private func set(_ counter: Counter, _ value: Int, _ undo: UndoManager) {
        let old = counter.value
        undo.registerUndo(withTarget: counter) { counter in self.set(counter, old, undo) }
        counter.value = value
    }

    @Test func groupsUndoTogetherAndRedoRestores() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let counter = Counter()
        undo.beginUndoGrouping()
        set(counter, 1, undo)
        set(counter, 2, undo)
        undo.endUndoGrouping()
        set(counter, 3, undo)
        undo.undo()
        #expect(counter.value == 2 && undo.canRedo)
        undo.undo()
        #expect(counter.value == 0 && !undo.canUndo)
        undo.redo()
        #expect(counter.value == 2)
        set(counter, 7, undo)
        #expect(!undo.canRedo, "a new change clears redo")
    }

    @Test func registrationsOfOneMainQueueTurnFormOneGroup() async {
        let undo = UndoManager()
        let counter = Counter()
        set(counter, 1, undo)
        set(counter, 2, undo)
        await runMainQueue(for: 0.01)
        set(counter, 3, undo)
        undo.undo()
        #expect(counter.value == 2)
        undo.undo()
        #expect(counter.value == 0)
    }
}
