import Foundation

/// An incremental Cassowary solver (the simplex with error variables of Badros, Borning and Stuckey):
/// add and remove constraints, suggest values for edit variables, change constraints' constants, read
/// the variables back. Required constraints that cannot all hold are reported as errors, never a crash;
/// `conflictingConstraints(for:)` names the added constraints one conflicts with.
///
/// Built for the shapes view trees make (see `Tableau`): symbols are small integers indexing flat
/// arrays, rows are sorted sparse vectors with a column index, the objective is dense, and required
/// equalities carry no marker, so adding a chain of views costs time linear in its length. Variables
/// and constraints belong to one solver at a time.
public final class Solver {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case duplicateConstraint, unknownConstraint, unsatisfiableConstraint
        case duplicateEditVariable, unknownEditVariable, badRequiredStrength
        case internalError(String)

        public var description: String {
            switch self {
            case .duplicateConstraint: "the constraint was already added"
            case .unknownConstraint: "the constraint was not added"
            case .unsatisfiableConstraint: "the required constraint conflicts with other required constraints"
            case .duplicateEditVariable: "the variable is already an edit variable"
            case .unknownEditVariable: "the variable is not an edit variable"
            case .badRequiredStrength: "an edit variable cannot be required"
            case .internalError(let message): "internal solver error: \(message)"
            }
        }
    }

    /// The solver is not reentrant, so one access at a time needs no dynamic check.
    var tableau = Tableau()

    public init() {}

    deinit { tableau.detach() }

    /// Removes every constraint and edit variable at once, keeping the storage for the next ones (an
    /// engine rebuilding its layout adds much the same again).
    public func removeAll() {
        tableau.removeAll()
    }

    // MARK: Constraints

    public func hasConstraint(_ constraint: LayoutConstraint) -> Bool { tableau.slot(of: constraint) != nil }

    /// Adds `constraint`; a required one that conflicts with the added required constraints throws
    /// `.unsatisfiableConstraint` and leaves the solver as it was. `removable`: it is expected to be
    /// removed again (a constraint switched on and off, as when the size class changes): a required
    /// equality then gets the marker Cassowary gives every constraint, so removing it rebuilds nothing.
    public func addConstraint(_ constraint: LayoutConstraint, removable: Bool = false) throws(Failure) {
        try tableau.addConstraint(constraint, markEquality: removable)
    }

    /// Removes `constraint`. Removing a required equality added without `removable` rebuilds the
    /// tableau at the next use, so a batch of removals costs one rebuild.
    public func removeConstraint(_ constraint: LayoutConstraint) throws(Failure) {
        try tableau.removeConstraint(constraint)
    }

    /// Changes the constant of an added constraint's expression (`lhs − rhs`: for `a == b + 8` the
    /// constant is −8), re-solving incrementally as `suggestValue` does. A required equality's first
    /// change rebuilds the tableau once (it gets the marker it was added without). A required constraint
    /// whose new constant conflicts throws `.unsatisfiableConstraint` and keeps its old constant.
    public func updateConstant(of constraint: LayoutConstraint, to newConstant: Double) throws(Failure) {
        guard let slot = tableau.slot(of: constraint) else { throw .unknownConstraint }
        try tableau.updateConstant(slot: slot, to: newConstant)
    }

    /// The added required constraints that `constraint` (a required constraint that could not be
    /// added) conflicts with, in the order they were added: the ones whose combination contradicts it.
    /// Empty when it does not conflict. Costs a rebuild of the related constraints, so call it only to
    /// report a failure.
    public func conflictingConstraints(for constraint: LayoutConstraint) -> [LayoutConstraint] {
        tableau.conflicts(for: constraint)
    }

    // MARK: Edit variables

    public func addEditVariable(_ variable: LayoutVariable, strength: Double) throws(Failure) {
        guard tableau.editSlot(of: variable) == nil else { throw .duplicateEditVariable }
        let strength = Strength.clip(strength)
        guard strength < Strength.required else { throw .badRequiredStrength }
        let constraint = LayoutConstraint(LinearExpression(variable), .equal, strength: strength)
        try tableau.addConstraint(constraint, isEdit: true)
        variable.editSlot = constraint.slot
    }

    public func removeEditVariable(_ variable: LayoutVariable) throws(Failure) {
        guard let slot = tableau.editSlot(of: variable), let constraint = tableau.entries[Int(slot)].constraint else {
            throw .unknownEditVariable
        }
        try tableau.removeConstraint(constraint)
    }

    public func hasEditVariable(_ variable: LayoutVariable) -> Bool { tableau.editSlot(of: variable) != nil }

    /// Asks for `variable` to be `value`; the dual simplex repairs the tableau incrementally.
    public func suggestValue(_ variable: LayoutVariable, _ value: Double) throws(Failure) {
        guard let slot = tableau.editSlot(of: variable) else { throw .unknownEditVariable }
        try tableau.updateConstant(slot: slot, to: -value)
    }

    /// Copies the solution into the variables' `value`s.
    public func updateVariables() {
        tableau.updateVariables()
    }
}
