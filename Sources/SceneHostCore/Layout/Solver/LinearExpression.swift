/// A solver variable: a handle the caller keeps; its value is set by `Solver.updateVariables()`.
public final class LayoutVariable: Hashable, CustomStringConvertible {
    public let name: String
    // Written and read only by the solver, which is not reentrant: no dynamic exclusivity checks (worth
    // 5.6% of the instructions of an offscreen drag of the Mail scene, callgrind).
    @exclusivity(unchecked) public internal(set) var value: Double = 0
    /// The solver symbol of this variable, in the tableau `tableau` names (one solver per variable).
    @exclusivity(unchecked) var symbol: Int32 = -1
    @exclusivity(unchecked) var tableau: UInt64 = 0
    /// The solver's slot of this variable's edit constraint, while it is an edit variable.
    @exclusivity(unchecked) var editSlot: Int32 = -1

    public init(_ name: String = "") { self.name = name }

    public static func == (a: LayoutVariable, b: LayoutVariable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "\(name)=\(value)" }
}

/// `Σ coefficient × variable + constant`.
public struct LinearExpression {
    public var terms: [(variable: LayoutVariable, coefficient: Double)]
    public var constant: Double

    public init(_ terms: [(LayoutVariable, Double)] = [], constant: Double = 0) {
        self.terms = terms.map { (variable: $0.0, coefficient: $0.1) }
        self.constant = constant
    }

    public init(_ variable: LayoutVariable) { self.init([(variable, 1)]) }
}

public func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
    LinearExpression((a.terms + b.terms).map { ($0.variable, $0.coefficient) }, constant: a.constant + b.constant)
}
public func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }
public func * (a: LinearExpression, k: Double) -> LinearExpression {
    LinearExpression(a.terms.map { ($0.variable, $0.coefficient * k) }, constant: a.constant * k)
}
public func + (a: LinearExpression, k: Double) -> LinearExpression { LinearExpression(a.terms.map { ($0.variable, $0.coefficient) }, constant: a.constant + k) }
public func + (a: LayoutVariable, b: LayoutVariable) -> LinearExpression { LinearExpression(a) + LinearExpression(b) }
public func - (a: LayoutVariable, b: LayoutVariable) -> LinearExpression { LinearExpression(a) - LinearExpression(b) }
public func + (a: LinearExpression, b: LayoutVariable) -> LinearExpression { a + LinearExpression(b) }
public func - (a: LinearExpression, b: LayoutVariable) -> LinearExpression { a - LinearExpression(b) }
public func + (a: LayoutVariable, k: Double) -> LinearExpression { LinearExpression(a) + k }
public func - (a: LayoutVariable, k: Double) -> LinearExpression { LinearExpression(a) + -k }
public func - (a: LinearExpression, k: Double) -> LinearExpression { a + -k }
public func * (a: LayoutVariable, k: Double) -> LinearExpression { LinearExpression([(a, k)]) }
public func * (k: Double, a: LayoutVariable) -> LinearExpression { LinearExpression([(a, k)]) }

/// `expression (≤ | = | ≥) 0` with a strength; required constraints must hold exactly. A constraint
/// belongs to one solver at a time.
public final class LayoutConstraint: CustomStringConvertible {
    public enum Relation: Sendable { case lessThanOrEqual, equal, greaterThanOrEqual }

    /// `lhs − rhs`; its constant changes only through `Solver.updateConstant(of:to:)`.
    @exclusivity(unchecked) public internal(set) var expression: LinearExpression
    public let relation: Relation
    public let strength: Double
    /// The constant of `expression` (for `a == b + 8`, −8).
    public var constant: Double { expression.constant }
    /// The solver's slot of this constraint while it is added.
    @exclusivity(unchecked) var slot: Int32 = -1

    /// `lhs relation rhs` becomes `lhs − rhs relation 0`.
    public init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression = LinearExpression(), strength: Double = Strength.required) {
        expression = lhs - rhs
        self.relation = relation
        self.strength = Strength.clip(strength)
    }

    /// Whether `other` states the same: relation, strength, constant and terms (the same variables,
    /// in the same order, with the same coefficients).
    public func isSame(as other: LayoutConstraint) -> Bool {
        guard relation == other.relation, strength == other.strength, expression.constant == other.expression.constant,
              expression.terms.count == other.expression.terms.count else { return false }
        return zip(expression.terms, other.expression.terms).allSatisfy { $0.variable === $1.variable && $0.coefficient == $1.coefficient }
    }

    public var description: String {
        let terms = expression.terms.map { "\($0.coefficient)·\($0.variable.name)" }.joined(separator: " + ")
        let op = switch relation { case .lessThanOrEqual: "<="; case .equal: "=="; case .greaterThanOrEqual: ">=" }
        return "\(terms) + \(expression.constant) \(op) 0"
    }
}

/// Constraint strengths, as in Cassowary: weights in the objective, with `required` outside it.
public enum Strength {
    public static let required = 1_001_001_000.0
    public static let strong = 1_000_000.0
    public static let medium = 1_000.0
    public static let weak = 1.0

    static func clip(_ value: Double) -> Double { min(max(value, 0), required) }

    /// A UIKit priority (1…1000) as a strength: 1000 is required; lower priorities are spaced
    /// exponentially (10^(p/125)), so 750 outweighs 250 ten-thousandfold, a higher priority wins over any
    /// plausible error of a lower one, as UIKit's layout behaves, and 999 stays well below required.
    public static func fromPriority(_ priority: Float) -> Double {
        priority >= 1000 ? required : pow(10, Double(max(1, priority)) / 125)
    }
}

import Foundation
