import Foundation
@testable import SceneHostCore
import Testing

struct SolverTests {
    func approximately(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test func requiredEqualitiesAndInequalities() throws {
        let solver = Solver()
        let x = LayoutVariable("x"), y = LayoutVariable("y")
        try solver.addConstraint(LayoutConstraint(x + y, .equal, LinearExpression(constant: 20)))
        try solver.addConstraint(LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 5)))
        solver.updateVariables()
        #expect(approximately(x.value, 5) && approximately(y.value, 15))

        let z = LayoutVariable("z")
        try solver.addConstraint(LayoutConstraint(LinearExpression(z), .greaterThanOrEqual, LinearExpression(constant: 10)))
        try solver.addConstraint(LayoutConstraint(LinearExpression(z), .lessThanOrEqual, LinearExpression(constant: 20)))
        try solver.addConstraint(LayoutConstraint(LinearExpression(z), .equal, LinearExpression(constant: 30), strength: Strength.weak))
        solver.updateVariables()
        #expect(approximately(z.value, 20), "the weak wish is met as far as the required bounds allow")
    }

    @Test func strongerOptionalConstraintsWin() throws {
        let solver = Solver()
        let x = LayoutVariable("x")
        try solver.addConstraint(LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 0), strength: Strength.fromPriority(250)))
        let high = LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 100), strength: Strength.fromPriority(750))
        try solver.addConstraint(high)
        solver.updateVariables()
        #expect(approximately(x.value, 100))
        try solver.removeConstraint(high)
        solver.updateVariables()
        #expect(approximately(x.value, 0), "removing the stronger one lets the weaker one hold")
        #expect(throws: Solver.Failure.unknownConstraint) { try solver.removeConstraint(high) }
    }

    @Test func editVariablesFollowSuggestions() throws {
        let solver = Solver()
        let width = LayoutVariable("width"), left = LayoutVariable("left"), right = LayoutVariable("right")
        try solver.addConstraint(LayoutConstraint(LinearExpression(left), .equal, LinearExpression(constant: 0)))
        try solver.addConstraint(LayoutConstraint(right - left, .equal, LinearExpression(width)))
        try solver.addEditVariable(width, strength: Strength.strong)
        #expect(throws: Solver.Failure.badRequiredStrength) { try solver.addEditVariable(left, strength: Strength.required) }
        for value in [100.0, 640, 320, 1024] {
            try solver.suggestValue(width, value)
            solver.updateVariables()
            #expect(approximately(right.value, value))
        }
        try solver.removeEditVariable(width)
        #expect(throws: Solver.Failure.unknownEditVariable) { try solver.suggestValue(width, 5) }
    }

    @Test func conflictingRequiredConstraintsAreReportedAndLeaveTheSolverUsable() throws {
        let solver = Solver()
        let x = LayoutVariable("x")
        try solver.addConstraint(LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 10)))
        #expect(throws: Solver.Failure.unsatisfiableConstraint) {
            try solver.addConstraint(LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 20)))
        }
        #expect(throws: Solver.Failure.unsatisfiableConstraint) {
            try solver.addConstraint(LayoutConstraint(LinearExpression(x), .greaterThanOrEqual, LinearExpression(constant: 11)))
        }
        solver.updateVariables()
        #expect(approximately(x.value, 10))
        let y = LayoutVariable("y")
        try solver.addConstraint(LayoutConstraint(y - x, .equal, LinearExpression(constant: 5)))
        solver.updateVariables()
        #expect(approximately(y.value, 15))
    }

    @Test func degenerateAndRedundantConstraints() throws {
        let solver = Solver()
        let a = LayoutVariable("a"), b = LayoutVariable("b")
        // The same relation stated twice, and a redundant inequality with a zero ratio.
        try solver.addConstraint(LayoutConstraint(a - b, .equal, LinearExpression()))
        try solver.addConstraint(LayoutConstraint(b - a, .equal, LinearExpression()))
        try solver.addConstraint(LayoutConstraint(a - b, .greaterThanOrEqual, LinearExpression()))
        try solver.addConstraint(LayoutConstraint(LinearExpression(a), .equal, LinearExpression(constant: 7), strength: Strength.medium))
        solver.updateVariables()
        #expect(approximately(a.value, 7) && approximately(b.value, 7))
    }

    /// A vertical stack: each view's top is the previous bottom plus 8; heights are fixed; widths follow
    /// an edit variable.
    @Test func aChainOfViewsFollowsTheWindowWidth() throws {
        let solver = Solver()
        let windowWidth = LayoutVariable("windowWidth")
        try solver.addEditVariable(windowWidth, strength: Strength.strong)
        var previousBottom: LayoutVariable?
        var views: [(top: LayoutVariable, bottom: LayoutVariable, left: LayoutVariable, right: LayoutVariable)] = []
        for index in 0..<200 {
            let top = LayoutVariable("top\(index)"), bottom = LayoutVariable("bottom\(index)")
            let left = LayoutVariable("left\(index)"), right = LayoutVariable("right\(index)")
            try solver.addConstraint(LayoutConstraint(LinearExpression(left), .equal, LinearExpression(constant: 16)))
            try solver.addConstraint(LayoutConstraint(LinearExpression(right), .equal, windowWidth - 16))
            try solver.addConstraint(LayoutConstraint(bottom - top, .equal, LinearExpression(constant: 30)))
            if let previousBottom {
                try solver.addConstraint(LayoutConstraint(LinearExpression(top), .equal, previousBottom + 8))
            } else {
                try solver.addConstraint(LayoutConstraint(LinearExpression(top), .equal, LinearExpression(constant: 8)))
            }
            previousBottom = bottom
            views.append((top, bottom, left, right))
        }
        try solver.suggestValue(windowWidth, 800)
        solver.updateVariables()
        #expect(approximately(views[199].top.value, 8 + 199 * 38))
        #expect(approximately(views[120].right.value, 784))
        try solver.suggestValue(windowWidth, 500)
        solver.updateVariables()
        #expect(approximately(views[120].right.value, 484))
        #expect(approximately(views[199].bottom.value, 8 + 199 * 38 + 30))
    }
}
