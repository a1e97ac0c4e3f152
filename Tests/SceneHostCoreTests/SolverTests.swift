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

    // MARK: Constants

    @Test func changingConstantsReSolves() throws {
        let solver = Solver()
        let x = LayoutVariable("x"), y = LayoutVariable("y"), z = LayoutVariable("z")
        let pin = LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 10))
        try solver.addConstraint(pin)
        try solver.addConstraint(LayoutConstraint(LinearExpression(y), .equal, x + 5))
        #expect(pin.constant == -10)
        try solver.updateConstant(of: pin, to: -20)
        solver.updateVariables()
        #expect(approximately(x.value, 20) && approximately(y.value, 25))
        try solver.updateConstant(of: pin, to: -30)   // now through the marker it got
        solver.updateVariables()
        #expect(approximately(x.value, 30) && approximately(y.value, 35))

        // An inequality, against a weak wish.
        let floor = LayoutConstraint(LinearExpression(z), .greaterThanOrEqual, LinearExpression(constant: 10))
        try solver.addConstraint(floor)
        try solver.addConstraint(LayoutConstraint(LinearExpression(z), .equal, LinearExpression(constant: 0), strength: Strength.weak))
        solver.updateVariables()
        #expect(approximately(z.value, 10))
        for (constant, expected) in [(-30.0, 30.0), (-5, 5), (4, 0), (-12, 12)] {
            try solver.updateConstant(of: floor, to: constant)
            solver.updateVariables()
            #expect(approximately(z.value, expected), "z >= \(-constant)")
        }

        // An optional constraint.
        let w = LayoutVariable("w")
        let wish = LayoutConstraint(LinearExpression(w), .equal, LinearExpression(constant: 100), strength: Strength.strong)
        try solver.addConstraint(wish)
        try solver.addConstraint(LayoutConstraint(LinearExpression(w), .lessThanOrEqual, LinearExpression(constant: 150)))
        try solver.updateConstant(of: wish, to: -120)
        solver.updateVariables()
        #expect(approximately(w.value, 120))
        try solver.updateConstant(of: wish, to: -200)
        solver.updateVariables()
        #expect(approximately(w.value, 150), "the required bound wins")

        #expect(throws: Solver.Failure.unknownConstraint) {
            try solver.updateConstant(of: LayoutConstraint(LinearExpression(x), .equal), to: 1)
        }
    }

    @Test func aConflictingConstantIsRefusedAndTheOldOneKept() throws {
        let solver = Solver()
        let x = LayoutVariable("x"), y = LayoutVariable("y")
        try solver.addConstraint(LayoutConstraint(LinearExpression(x), .greaterThanOrEqual, LinearExpression(constant: 10)))
        let ceiling = LayoutConstraint(LinearExpression(x), .lessThanOrEqual, LinearExpression(constant: 20))
        try solver.addConstraint(ceiling)
        try solver.addConstraint(LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 100), strength: Strength.weak))
        #expect(throws: Solver.Failure.unsatisfiableConstraint) { try solver.updateConstant(of: ceiling, to: -5) }
        #expect(ceiling.constant == -20)
        solver.updateVariables()
        #expect(approximately(x.value, 20))

        let pin = LayoutConstraint(LinearExpression(y), .equal, x + 1)
        try solver.addConstraint(pin)
        try solver.addConstraint(LayoutConstraint(LinearExpression(y), .lessThanOrEqual, LinearExpression(constant: 50)))
        #expect(throws: Solver.Failure.unsatisfiableConstraint) { try solver.updateConstant(of: pin, to: -100) }
        #expect(pin.constant == -1)
        solver.updateVariables()
        #expect(approximately(x.value, 20) && approximately(y.value, 21))
        try solver.updateConstant(of: pin, to: -25)
        solver.updateVariables()
        #expect(approximately(x.value, 20) && approximately(y.value, 45))
    }

    // MARK: Removing required equalities

    @Test func removingRequiredEqualitiesAndRedundantOnes() throws {
        let solver = Solver()
        let x = LayoutVariable("x"), y = LayoutVariable("y"), width = LayoutVariable("width")
        let pin = LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 10))
        let again = LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 10))
        try solver.addConstraint(pin)
        try solver.addConstraint(again)   // redundant
        try solver.addConstraint(LayoutConstraint(LinearExpression(y), .equal, x + width))
        try solver.addEditVariable(width, strength: Strength.strong)
        try solver.suggestValue(width, 7)
        try solver.removeConstraint(pin)
        solver.updateVariables()
        #expect(approximately(x.value, 10) && approximately(y.value, 17), "the redundant copy still holds")
        try solver.removeConstraint(again)
        let other = LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 40))
        try solver.addConstraint(other)
        solver.updateVariables()
        #expect(approximately(x.value, 40) && approximately(y.value, 47), "the suggested width survives a rebuild")
        try solver.suggestValue(width, 3)
        solver.updateVariables()
        #expect(approximately(y.value, 43))
        #expect(!solver.hasConstraint(pin) && solver.hasConstraint(other) && solver.hasEditVariable(width))

        // A marked constraint removed incrementally keeps a redundant unmarked copy.
        try solver.updateConstant(of: other, to: -50)
        let copy = LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 50))
        try solver.addConstraint(copy)
        try solver.removeConstraint(other)
        solver.updateVariables()
        #expect(approximately(x.value, 50))
    }

    /// A required equality added as removable carries a marker: switching it off and on, as a size-class
    /// change does, never rebuilds the tableau, and the solutions are those of a fresh solver.
    @Test func removableRequiredEqualitiesComeAndGoWithoutARebuild() throws {
        let solver = Solver()
        let left = LayoutVariable("left"), width = LayoutVariable("width"), right = LayoutVariable("right")
        try solver.addConstraint(LayoutConstraint(LinearExpression(right), .equal, left + width))
        try solver.addConstraint(LayoutConstraint(LinearExpression(left), .equal, LinearExpression(constant: 0)))
        try solver.addConstraint(LayoutConstraint(LinearExpression(width), .equal, LinearExpression(constant: 380), strength: Strength.strong))
        let fill = LayoutConstraint(LinearExpression(right), .equal, LinearExpression(constant: 700))
        let plain = LayoutConstraint(LinearExpression(right), .equal, LinearExpression(constant: 700))
        // Added plainly, removing it leaves a rebuild for the next use.
        try solver.addConstraint(plain)
        try solver.removeConstraint(plain)
        #expect(solver.tableau.needsRebuild)
        solver.updateVariables()
        for round in 0..<3 {
            try solver.addConstraint(fill, removable: true)
            solver.updateVariables()
            #expect(approximately(width.value, 700), "round \(round): the required fill wins")
            try solver.removeConstraint(fill)
            #expect(!solver.tableau.needsRebuild, "round \(round)")
            solver.updateVariables()
            #expect(approximately(width.value, 380), "round \(round): the preferred width again")
        }
    }

    /// Removed constraints' symbols are reclaimed by a rebuild once they are most of the tableau.
    @Test func manyAddsAndRemovalsKeepWorking() throws {
        let solver = Solver()
        let x = LayoutVariable("x"), y = LayoutVariable("y")
        try solver.addConstraint(LayoutConstraint(LinearExpression(y), .equal, x + 1))
        try solver.addConstraint(LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 0), strength: Strength.weak))
        for index in 0..<6000 {
            let floor = LayoutConstraint(LinearExpression(x), .greaterThanOrEqual, LinearExpression(constant: Double(index % 50)),
                                         strength: index % 3 == 0 ? Strength.strong : Strength.required)
            try solver.addConstraint(floor)
            solver.updateVariables()
            #expect(approximately(y.value, Double(index % 50) + 1))
            try solver.removeConstraint(floor)
        }
        solver.updateVariables()
        #expect(approximately(x.value, 0) && approximately(y.value, 1))
        #expect(solver.tableau.kinds.count <= 4100)
    }

    // MARK: Conflicts

    @Test func conflictsNameTheConstraintsInvolved() throws {
        let solver = Solver()
        let width = LayoutVariable("width"), other = LayoutVariable("other")
        let hundred = LayoutConstraint(LinearExpression(width), .equal, LinearExpression(constant: 100))
        try solver.addConstraint(hundred)
        try solver.addConstraint(LayoutConstraint(LinearExpression(other), .equal, LinearExpression(constant: 3)))
        let twoHundred = LayoutConstraint(LinearExpression(width), .equal, LinearExpression(constant: 200))
        #expect(throws: Solver.Failure.unsatisfiableConstraint) { try solver.addConstraint(twoHundred) }
        #expect(solver.conflictingConstraints(for: twoHundred) === [hundred])
        #expect(solver.conflictingConstraints(for: LayoutConstraint(LinearExpression(width), .equal, LinearExpression(constant: 100))).isEmpty)

        // Inequalities: only the bound that is in the way.
        let x = LayoutVariable("x")
        let low = LayoutConstraint(LinearExpression(x), .greaterThanOrEqual, LinearExpression(constant: 10))
        let high = LayoutConstraint(LinearExpression(x), .lessThanOrEqual, LinearExpression(constant: 20))
        try solver.addConstraint(low)
        try solver.addConstraint(high)
        let tooHigh = LayoutConstraint(LinearExpression(x), .greaterThanOrEqual, LinearExpression(constant: 30))
        #expect(throws: Solver.Failure.unsatisfiableConstraint) { try solver.addConstraint(tooHigh) }
        #expect(solver.conflictingConstraints(for: tooHigh) === [high])
    }

    @Test func aChainWhoseSumConflictsWithAFixedTotal() throws {
        let solver = Solver()
        let windowWidth = LayoutVariable("windowWidth")
        try solver.addEditVariable(windowWidth, strength: Strength.strong)
        var chain: [LayoutConstraint] = []
        var bottom = LayoutVariable("top0")
        let first = LayoutConstraint(LinearExpression(bottom), .equal, LinearExpression(constant: 0))
        chain.append(first)
        try solver.addConstraint(first)
        for index in 0..<5 {
            let next = LayoutVariable("bottom\(index)"), height = LayoutVariable("height\(index)")
            let left = LayoutVariable("left\(index)"), right = LayoutVariable("right\(index)")
            let link = LayoutConstraint(LinearExpression(next), .equal, bottom + height + 8)
            let size = LayoutConstraint(LinearExpression(height), .equal, LinearExpression(constant: 30))
            try solver.addConstraint(link)
            try solver.addConstraint(size)
            chain += [link, size]
            // Unrelated to the vertical sum.
            try solver.addConstraint(LayoutConstraint(LinearExpression(left), .equal, LinearExpression(constant: 16)))
            try solver.addConstraint(LayoutConstraint(LinearExpression(right), .equal, windowWidth - 16))
            bottom = next
        }
        let total = LayoutConstraint(LinearExpression(bottom), .equal, LinearExpression(constant: 100))
        #expect(throws: Solver.Failure.unsatisfiableConstraint) { try solver.addConstraint(total) }
        #expect(solver.conflictingConstraints(for: total) === chain)
        solver.updateVariables()
        #expect(approximately(bottom.value, 5 * 38))
    }

    // MARK: Against a solver built from scratch

    /// Random adds, removals, constant changes and suggestions: after each step every required constraint
    /// holds, and the weighted error of the optional ones equals that of a solver built anew from the same
    /// constraints (both are optimal; the solutions themselves may differ where several are optimal).
    @Test func randomEditsStayFeasibleAndOptimal() throws {
        var random = SplitMix(seed: 42)
        for _ in 0..<20 {
            let variables = (0..<8).map { LayoutVariable("v\($0)") }
            let solver = Solver()
            var added: [LayoutConstraint] = []
            let edit = variables[0]
            try solver.addEditVariable(edit, strength: Strength.strong)
            var suggested = 0.0
            for _ in 0..<60 {
                switch random.next(below: 10) {
                case 0..<5:
                    let constraint = randomConstraint(variables, &random)
                    do { try solver.addConstraint(constraint); added.append(constraint) } catch {
                        #expect(error == .unsatisfiableConstraint)
                        #expect(!solver.conflictingConstraints(for: constraint).isEmpty)
                    }
                case 5..<7 where !added.isEmpty:
                    try solver.removeConstraint(added.remove(at: random.next(below: added.count)))
                case 7..<9 where !added.isEmpty:
                    let constraint = added[random.next(below: added.count)]
                    try? solver.updateConstant(of: constraint, to: Double(random.next(below: 200)) - 100)
                default:
                    suggested = Double(random.next(below: 400))
                    try solver.suggestValue(edit, suggested)
                }
                solver.updateVariables()
                for constraint in added where constraint.strength >= Strength.required {
                    #expect(violation(constraint) < 1e-6, "\(constraint)")
                }
                // The same constraints over new variables, in a new solver.
                let twins = variables.map { LayoutVariable($0.name) }
                func twin(_ variable: LayoutVariable) -> LayoutVariable { twins[variables.firstIndex { $0 === variable }!] }
                let copies = added.map {
                    LayoutConstraint(LinearExpression($0.expression.terms.map { (twin($0.variable), $0.coefficient) }, constant: $0.constant),
                                     $0.relation, strength: $0.strength)
                }
                let fresh = Solver()
                for copy in copies { try fresh.addConstraint(copy) }
                try fresh.addEditVariable(twins[0], strength: Strength.strong)
                try fresh.suggestValue(twins[0], suggested)
                fresh.updateVariables()
                let error = weightedError(added, edit: edit, suggested)
                let freshError = weightedError(copies, edit: twins[0], suggested)
                #expect(abs(error - freshError) <= 1e-6 * max(1, freshError), "\(error) vs \(freshError)")
            }
        }
    }

    func randomConstraint(_ variables: [LayoutVariable], _ random: inout SplitMix) -> LayoutConstraint {
        let count = 1 + random.next(below: 3)
        let terms = (0..<count).map { _ in
            (variables[random.next(below: variables.count)], [1.0, -1, 2, 0.5][random.next(below: 4)])
        }
        let relation: LayoutConstraint.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.next(below: 3)]
        let strength = [Strength.required, Strength.required, Strength.strong, Strength.medium, Strength.weak][random.next(below: 5)]
        return LayoutConstraint(LinearExpression(terms, constant: Double(random.next(below: 200)) - 100), relation, strength: strength)
    }

    func violation(_ constraint: LayoutConstraint) -> Double {
        let value = constraint.expression.terms.reduce(constraint.expression.constant) { $0 + $1.coefficient * $1.variable.value }
        switch constraint.relation {
        case .equal: return abs(value)
        case .lessThanOrEqual: return max(0, value)
        case .greaterThanOrEqual: return max(0, -value)
        }
    }

    func weightedError(_ constraints: [LayoutConstraint], edit: LayoutVariable, _ suggested: Double) -> Double {
        constraints.filter { $0.strength < Strength.required }.reduce(Strength.strong * abs(edit.value - suggested)) {
            $0 + $1.strength * violation($1)
        }
    }
}

func === (a: [LayoutConstraint], b: [LayoutConstraint]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { $0 === $1 } }

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

@Test func prioritiesBelowRequiredStayOptional() throws {
    #expect(Strength.fromPriority(999) < Strength.required / 10)
    #expect(Strength.fromPriority(1000) == Strength.required)
    #expect(Strength.fromPriority(751) > Strength.fromPriority(750))
    // An optional constraint at 999 gives way to a required one.
    let solver = Solver()
    let x = LayoutVariable("x")
    try solver.addConstraint(LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 10), strength: Strength.fromPriority(999)))
    try solver.addConstraint(LayoutConstraint(LinearExpression(x), .equal, LinearExpression(constant: 20)))
    solver.updateVariables()
    #expect(x.value == 20)
}
