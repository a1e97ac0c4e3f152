import Foundation

/// An incremental Cassowary solver (the simplex with error variables of Badros, Borning and Stuckey,
/// as kiwi implements it): add and remove constraints, suggest values for edit variables, read the
/// variables back. Required constraints that cannot all hold are reported as errors, never a crash.
///
/// Built for the shapes view trees make: symbols are small integers indexing flat arrays, rows are
/// sorted sparse vectors, and a column index lists the rows each symbol appears in, so a pivot touches
/// only the rows it changes (kiwi walks every row, which makes adding constraints grow quadratically).
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

    enum Kind: UInt8 { case external, slack, error, dummy }

    /// The symbols a constraint added: the marker identifies its row; `other` is its second error symbol.
    struct Tag { var marker: Int32 = -1; var other: Int32 = -1 }

    struct EditInfo { var tag: Tag; var constraint: LayoutConstraint; var constant: Double }

    // Symbols: kind per id; the row each basic symbol owns; the rows each symbol appears in.
    private var kinds: [Kind] = []
    // Rows by basic symbol, stored in place (no optionals) so reading a row's field copies nothing.
    private var rows: [Row] = []
    private var isBasic: [Bool] = []
    private var occurrences: [[Int32]] = []
    private var variables: [LayoutVariable] = []
    private var constraints: [ObjectIdentifier: (LayoutConstraint, Tag)] = [:]
    private var edits: [ObjectIdentifier: EditInfo] = [:]
    private var objective = Row()
    private var artificial: Row?
    private var infeasible: [Int32] = []
    private var scratch = Row()

    public init() {}

    private func makeSymbol(_ kind: Kind) -> Int32 {
        kinds.append(kind)
        rows.append(Row())
        isBasic.append(false)
        occurrences.append([])
        return Int32(kinds.count - 1)
    }

    private func symbol(for variable: LayoutVariable) -> Int32 {
        if variable.symbol >= 0 { return variable.symbol }
        let symbol = makeSymbol(.external)
        variable.symbol = symbol
        variables.append(variable)
        return symbol
    }

    // MARK: Constraints

    public func hasConstraint(_ constraint: LayoutConstraint) -> Bool { constraints[ObjectIdentifier(constraint)] != nil }

    public func addConstraint(_ constraint: LayoutConstraint) throws(Failure) {
        let key = ObjectIdentifier(constraint)
        guard constraints[key] == nil else { throw .duplicateConstraint }
        var tag = Tag()
        var row = makeRow(constraint, &tag)
        var subject = chooseSubject(row, tag)
        if subject < 0, row.allDummies(kinds) {
            guard nearZero(row.constant) else {
                undoRow(constraint, tag)
                throw .unsatisfiableConstraint
            }
            subject = tag.marker
        }
        if subject < 0 {
            guard try addWithArtificialVariable(row) else {
                // Leave the solver as it was: remove what the row left behind.
                constraints[key] = (constraint, tag)
                try? removeConstraint(constraint)
                throw .unsatisfiableConstraint
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            install(row, as: subject)
        }
        constraints[key] = (constraint, tag)
        try optimize(objectiveRow: true)
    }

    public func removeConstraint(_ constraint: LayoutConstraint) throws(Failure) {
        guard let (_, tag) = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else { throw .unknownConstraint }
        // Take the constraint's error terms out of the objective.
        for symbol in [tag.marker, tag.other] where symbol >= 0 && kinds[Int(symbol)] == .error {
            if isBasic[Int(symbol)] {
                objective.insert(row: rows[Int(symbol)], times: -constraint.strength)
            } else {
                objective.insert(symbol, -constraint.strength)
            }
        }
        if isBasic[Int(tag.marker)] {
            uninstall(tag.marker)
        } else {
            guard let leaving = markerLeavingSymbol(tag.marker), var row = uninstall(leaving) else {
                throw .internalError("failed to find a leaving row")
            }
            // Pivot the marker into the basis, then drop its row.
            row.solve(for: leaving, then: tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(objectiveRow: true)
    }

    private func undoRow(_ constraint: LayoutConstraint, _ tag: Tag) {
        for symbol in [tag.marker, tag.other] where symbol >= 0 && kinds[Int(symbol)] == .error {
            objective.insert(symbol, -constraint.strength)
        }
    }

    // MARK: Edit variables

    public func addEditVariable(_ variable: LayoutVariable, strength: Double) throws(Failure) {
        let key = ObjectIdentifier(variable)
        guard edits[key] == nil else { throw .duplicateEditVariable }
        let strength = Strength.clip(strength)
        guard strength < Strength.required else { throw .badRequiredStrength }
        let constraint = LayoutConstraint(LinearExpression(variable), .equal, strength: strength)
        try addConstraint(constraint)
        edits[key] = EditInfo(tag: constraints[ObjectIdentifier(constraint)]!.1, constraint: constraint, constant: 0)
    }

    public func removeEditVariable(_ variable: LayoutVariable) throws(Failure) {
        guard let info = edits.removeValue(forKey: ObjectIdentifier(variable)) else { throw .unknownEditVariable }
        try removeConstraint(info.constraint)
    }

    public func hasEditVariable(_ variable: LayoutVariable) -> Bool { edits[ObjectIdentifier(variable)] != nil }

    /// Asks for `variable` to be `value`; the dual simplex repairs the tableau incrementally.
    public func suggestValue(_ variable: LayoutVariable, _ value: Double) throws(Failure) {
        let key = ObjectIdentifier(variable)
        guard var info = edits[key] else { throw .unknownEditVariable }
        let delta = value - info.constant
        info.constant = value
        edits[key] = info
        let (plus, minus) = (info.tag.marker, info.tag.other)
        if isBasic[Int(plus)] {
            if rows[Int(plus)].add(-delta) < 0 { infeasible.append(plus) }
        } else if isBasic[Int(minus)] {
            if rows[Int(minus)].add(delta) < 0 { infeasible.append(minus) }
        } else {
            for owner in occurrences[Int(plus)] {
                let coefficient = rows[Int(owner)].coefficient(for: plus)
                if coefficient != 0, rows[Int(owner)].add(delta * coefficient) < 0, kinds[Int(owner)] != .external {
                    infeasible.append(owner)
                }
            }
        }
        try dualOptimize()
    }

    /// Copies the solution into the variables' `value`s.
    public func updateVariables() {
        for variable in variables {
            let symbol = Int(variable.symbol)
            variable.value = isBasic[symbol] ? rows[symbol].constant : 0
        }
    }

    // MARK: Rows

    private func makeRow(_ constraint: LayoutConstraint, _ tag: inout Tag) -> Row {
        var row = Row()
        row.constant = constraint.expression.constant
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if isBasic[Int(symbol)] {
                row.insert(row: rows[Int(symbol)], times: term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack)
            tag.marker = slack
            row.insert(slack, coefficient)
            if constraint.strength < Strength.required {
                let error = makeSymbol(.error)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, constraint.strength)
            }
        case .equal:
            if constraint.strength < Strength.required {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, constraint.strength)
                objective.insert(minus, constraint.strength)
            } else {
                let dummy = makeSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy, 1)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Int32 {
        for symbol in row.symbols where kinds[Int(symbol)] == .external { return symbol }
        for symbol in [tag.marker, tag.other] where symbol >= 0 {
            let kind = kinds[Int(symbol)]
            if (kind == .slack || kind == .error) && row.coefficient(for: symbol) < 0 { return symbol }
        }
        return -1
    }

    private func addWithArtificialVariable(_ row: Row) throws(Failure) -> Bool {
        let art = makeSymbol(.slack)
        install(row, as: art)
        artificial = row
        try optimize(objectiveRow: false)
        let success = nearZero(artificial!.constant)
        artificial = nil
        if var basic = uninstall(art) {
            if basic.symbols.isEmpty { return success }
            guard let entering = basic.symbols.first(where: { kinds[Int($0)] == .slack || kinds[Int($0)] == .error }) else {
                return false
            }
            basic.solve(for: art, then: entering)
            substitute(entering, basic)
            install(basic, as: entering)
        }
        for owner in occurrences[Int(art)] { removeCell(art, fromRowOf: owner) }
        occurrences[Int(art)] = []
        objective.remove(art)
        return success
    }

    /// Puts `row` in the tableau as the row of `symbol`, indexing its symbols.
    private func install(_ row: Row, as symbol: Int32) {
        rows[Int(symbol)] = row
        isBasic[Int(symbol)] = true
        for cell in row.symbols { occurrences[Int(cell)].append(symbol) }
    }

    /// Takes the row of `symbol` out of the tableau.
    @discardableResult
    private func uninstall(_ symbol: Int32) -> Row? {
        guard isBasic[Int(symbol)] else { return nil }
        let row = rows[Int(symbol)]
        rows[Int(symbol)] = Row()
        isBasic[Int(symbol)] = false
        for cell in row.symbols { unindex(owner: symbol, in: cell) }
        return row
    }

    private func unindex(owner: Int32, in symbol: Int32) {
        let list = occurrences[Int(symbol)]
        if let index = list.firstIndex(of: owner) {
            occurrences[Int(symbol)].swapAt(index, list.count - 1)
            occurrences[Int(symbol)].removeLast()
        }
    }

    private func removeCell(_ symbol: Int32, fromRowOf owner: Int32) {
        rows[Int(owner)].remove(symbol)
    }

    /// Replaces `symbol` by `row` everywhere it appears: tableau rows (via the column index), the
    /// objective and the artificial objective.
    private func substitute(_ symbol: Int32, _ row: Row) {
        let owners = occurrences[Int(symbol)]
        occurrences[Int(symbol)] = []
        for owner in owners {
            var target = rows[Int(owner)]
            rows[Int(owner)] = Row()   // unique ownership while it is edited
            let coefficient = target.remove(symbol)
            target.insert(row: row, times: coefficient, scratch: &scratch) { added in
                occurrences[Int(added)].append(owner)
            } removed: { removed in
                unindex(owner: owner, in: removed)
            }
            if kinds[Int(owner)] != .external, target.constant < 0 { infeasible.append(owner) }
            rows[Int(owner)] = target
        }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    // MARK: Simplex

    private func optimize(objectiveRow: Bool) throws(Failure) {
        while true {
            let target = objectiveRow ? objective : artificial!
            guard let entering = target.symbols.indices.first(where: {
                kinds[Int(target.symbols[$0])] != .dummy && target.coefficients[$0] < 0
            }).map({ target.symbols[$0] }) else { return }
            var ratio = Double.greatestFiniteMagnitude
            var leaving: Int32 = -1
            for owner in occurrences[Int(entering)] where kinds[Int(owner)] != .external {
                let coefficient = rows[Int(owner)].coefficient(for: entering)
                if coefficient < 0 {
                    let candidate = -rows[Int(owner)].constant / coefficient
                    if candidate < ratio || (candidate == ratio && owner < leaving) { ratio = candidate; leaving = owner }
                }
            }
            guard leaving >= 0, var row = uninstall(leaving) else { throw .internalError("the objective is unbounded") }
            row.solve(for: leaving, then: entering)
            substitute(entering, row)
            install(row, as: entering)
        }
    }

    private func dualOptimize() throws(Failure) {
        while let leaving = infeasible.popLast() {
            guard isBasic[Int(leaving)], !nearZero(rows[Int(leaving)].constant), rows[Int(leaving)].constant < 0 else { continue }
            let candidate = rows[Int(leaving)]
            var ratio = Double.greatestFiniteMagnitude
            var entering: Int32 = -1
            for (index, symbol) in candidate.symbols.enumerated() {
                let coefficient = candidate.coefficients[index]
                if coefficient > 0, kinds[Int(symbol)] != .dummy {
                    let value = objective.coefficient(for: symbol) / coefficient
                    if value < ratio { ratio = value; entering = symbol }
                }
            }
            guard entering >= 0, var row = uninstall(leaving) else { throw .internalError("dual optimize failed") }
            row.solve(for: leaving, then: entering)
            substitute(entering, row)
            install(row, as: entering)
        }
    }

    /// The row to pivot a constraint's marker out of, as kiwi chooses it.
    private func markerLeavingSymbol(_ marker: Int32) -> Int32? {
        var first: Int32?, second: Int32?, third: Int32?
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        for owner in occurrences[Int(marker)] {
            let row = rows[Int(owner)]
            let coefficient = row.coefficient(for: marker)
            if coefficient == 0 { continue }
            if kinds[Int(owner)] == .external {
                third = owner
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < r1 { r1 = ratio; first = owner }
            } else {
                let ratio = row.constant / coefficient
                if ratio < r2 { r2 = ratio; second = owner }
            }
        }
        return first ?? second ?? third
    }
}

@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < 1.0e-8 }
