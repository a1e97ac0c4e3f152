import Foundation
import Synchronization

/// The simplex tableau behind `Solver`: Cassowary's (Badros, Borning and Stuckey) with error variables
/// for optional constraints and the dual simplex for changed constants, in flat arrays indexed by symbol.
///
/// What makes adding constraints grow close to linearly:
/// - A required equality gets no marker symbol. Cassowary gives each constraint a marker so it can be
///   removed later, but a required equality's marker stays in the row of everything derived from it:
///   in a chain of views every position depends on every constraint above it, so rows grow with the
///   chain and adding it costs O(n²). Without markers those rows are constants. Removing such a
///   constraint rebuilds the tableau from the remaining constraints (lazily, so a batch of removals
///   costs one rebuild); changing its constant gives it a marker once (one rebuild), and every later
///   change is incremental. A constraint added as one to be removed again gets its marker at once.
/// - A column index lists the rows each symbol appears in, so a pivot touches only the rows it changes.
/// - The objective is a dense vector with a heap of the symbols whose coefficient is negative, so
///   substituting into it costs the size of the substituted row, not the size of the objective.
struct Tableau {
    typealias Failure = Solver.Failure

    enum Kind: UInt8 { case external, slack, error, dummy }

    /// The symbols a constraint added: the marker identifies its row; `other` is its second error symbol.
    struct Tag { var marker: Int32 = -1; var other: Int32 = -1 }

    /// What the tableau keeps of an added constraint, by slot.
    struct Entry {
        var constraint: LayoutConstraint?
        var tag = Tag()
        /// Insertion order, which a rebuild keeps (it decides among equally good solutions).
        var sequence = 0
        var isEdit = false
        /// A required equality gets a marker once its constant changes, or when it was added expecting
        /// to be removed (rebuilds keep it).
        var wantsMarker = false
        /// The coefficient of `tag.marker` in the constraint's equation `expression + μ·marker + … = 0`.
        var markerCoefficient = 0.0
    }

    // Per symbol: its kind, its row when basic, the first node of its column, the constraint slot that
    // made it (markers and errors), its objective coefficient.
    let kinds = Pool<Kind>()
    private var rows: [Row] = []
    private let isBasic = Pool<Bool>()
    private let symbolSlot = Pool<Int32>()
    // Columns: per symbol, a doubly linked list of nodes naming the rows it appears in; a row's cell
    // keeps its node, so removing a cell unlinks it at once.
    private let columns = Columns()
    private let objective = Pool<Double>()
    /// Min-heap of symbols whose objective coefficient turned negative (checked when popped), so the
    /// entering symbol is the lowest such symbol, as Bland's rule wants.
    private var candidates: [Int32] = []
    private let inCandidates = Pool<Bool>()

    private var artificial = Row()
    private var hasArtificial = false
    private var infeasible: [Int32] = []
    private var scratch: [Cell] = []
    private let merged = Pool<Cell>()

    private(set) var variables: [LayoutVariable] = []
    /// The symbol of each of `variables` (theirs, unless another solver took them over).
    private var variableSymbols: [Int32] = []
    /// Names this tableau in the variables it gives symbols to.
    private let id: UInt64
    private static let ids = Atomic<UInt64>(0)
    private(set) var entries: [Entry] = []
    private var freeSlots: [Int32] = []
    private var liveCount = 0
    private var nextSequence = 0
    private(set) var needsRebuild = false
    /// How many times the tableau was rebuilt from its constraints.
    private(set) var rebuilds = 0

    /// A diagnostic tableau marks every constraint and maps variables itself (it must not touch the
    /// solver's symbols and slots), to name the constraints a required constraint conflicts with.
    private let isDiagnostic: Bool
    private var diagnosticSymbols: [ObjectIdentifier: Int32] = [:]
    /// Slots of the constraints whose markers were in the row that made the last add fail.
    private(set) var conflict: [Int32] = []

    init(diagnostic: Bool = false) {
        isDiagnostic = diagnostic
        id = Tableau.ids.add(1, ordering: .relaxed).newValue
    }

    // MARK: Symbols

    private mutating func makeSymbol(_ kind: Kind, slot: Int32 = -1) -> Int32 {
        kinds.append(kind)
        rows.append(Row())
        isBasic.append(false)
        columns.heads.append(-1)
        symbolSlot.append(slot)
        objective.append(0)
        inCandidates.append(false)
        return Int32(kinds.count - 1)
    }

    private mutating func symbol(for variable: LayoutVariable) -> Int32 {
        if isDiagnostic {
            let key = ObjectIdentifier(variable)
            if let symbol = diagnosticSymbols[key] { return symbol }
            let symbol = makeSymbol(.external)
            diagnosticSymbols[key] = symbol
            return symbol
        }
        if variable.tableau == id { return variable.symbol }
        let symbol = makeSymbol(.external)
        variable.symbol = symbol
        variable.tableau = id
        variables.append(variable)
        variableSymbols.append(symbol)
        return symbol
    }

    // MARK: Slots

    func slot(of constraint: LayoutConstraint) -> Int32? {
        let slot = constraint.slot
        guard slot >= 0, Int(slot) < entries.count, entries[Int(slot)].constraint === constraint else { return nil }
        return slot
    }

    func editSlot(of variable: LayoutVariable) -> Int32? {
        let slot = variable.editSlot
        guard slot >= 0, Int(slot) < entries.count else { return nil }
        let isEdit = entries.withUnsafeBufferPointer { entries in
            entries[Int(slot)].isEdit && entries[Int(slot)].constraint?.expression.terms.first?.variable === variable
        }
        return isEdit ? slot : nil
    }

    private mutating func freeSlot(_ slot: Int32) {
        if let constraint = entries[Int(slot)].constraint {
            constraint.slot = -1
            if entries[Int(slot)].isEdit, let variable = constraint.expression.terms.first?.variable {
                variable.editSlot = -1
            }
        }
        entries[Int(slot)] = Entry()
        freeSlots.append(slot)
        liveCount -= 1
    }

    /// Forgets the symbols and slots the solver wrote into variables and constraints.
    mutating func detach() {
        guard !isDiagnostic else { return }
        for variable in variables where variable.tableau == id { variable.symbol = -1; variable.tableau = 0; variable.editSlot = -1 }
        for entry in entries { entry.constraint?.slot = -1 }
    }

    /// Forgets every constraint, keeping the arrays' storage.
    mutating func removeAll() {
        detach()
        entries.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
        liveCount = 0
        conflict.removeAll()
        artificial = Row()
        hasArtificial = false
        // Not a rebuild from constraints: the count stays.
        let count = rebuilds
        rebuild()
        rebuilds = count
    }

    // MARK: Constraints

    /// `markEquality`: a required equality gets a marker all the same (rebuilds keep it), so that
    /// removing it needs no rebuild.
    mutating func addConstraint(_ constraint: LayoutConstraint, isEdit: Bool = false, markEquality: Bool = false) throws(Failure) {
        guard slot(of: constraint) == nil else { throw .duplicateConstraint }
        // Symbols of removed constraints stay allocated; compact when they are most of them.
        if kinds.count > 4096 && kinds.count > 4 * (variables.count + 3 * liveCount) { needsRebuild = true }
        if needsRebuild { rebuild() }
        let slot: Int32
        if let free = freeSlots.popLast() { slot = free } else {
            slot = Int32(entries.count)
            entries.append(Entry())
        }
        let (tag, coefficient): (Tag, Double)
        do {
            (tag, coefficient) = try addRows(for: constraint, slot: slot, markEquality: markEquality)
        } catch {
            freeSlots.append(slot)
            throw error
        }
        nextSequence += 1
        entries[Int(slot)] = Entry(constraint: constraint, tag: tag, sequence: nextSequence, isEdit: isEdit,
                                   wantsMarker: markEquality, markerCoefficient: coefficient)
        constraint.slot = slot
        liveCount += 1
    }

    mutating func removeConstraint(_ constraint: LayoutConstraint) throws(Failure) {
        guard let slot = slot(of: constraint) else { throw .unknownConstraint }
        let entry = entries[Int(slot)]
        freeSlot(slot)
        if needsRebuild { return }
        guard entry.tag.marker >= 0 else {
            needsRebuild = true
            return
        }
        try removeRows(entry, strength: constraint.strength)
    }

    /// Sets the constant of an added constraint's expression, shifting the tableau through the
    /// constraint's marker (or error) column and repairing it with the dual simplex, as `suggestValue`
    /// does. A required constraint whose new constant conflicts keeps its old one.
    mutating func updateConstant(slot: Int32, to newConstant: Double) throws(Failure) {
        guard let constraint = entries[Int(slot)].constraint else { throw .unknownConstraint }
        let delta = newConstant - constraint.expression.constant
        if delta == 0 { return }
        if needsRebuild { rebuild() }
        if entries[Int(slot)].tag.marker < 0 {
            // A required equality without marker: give it one.
            entries[Int(slot)].wantsMarker = true
            rebuild()
            guard entries[Int(slot)].constraint === constraint, entries[Int(slot)].tag.marker >= 0 else {
                throw .internalError("the constraint could not be marked")
            }
        }
        constraint.expression.constant = newConstant
        do {
            try shift(slot: slot, by: delta)
        } catch {
            constraint.expression.constant -= delta
            infeasible.removeAll(keepingCapacity: true)
            do { try shift(slot: slot, by: -delta) } catch { needsRebuild = true }
            throw constraint.strength >= Strength.required ? .unsatisfiableConstraint : error
        }
    }

    /// Copies the solution into the variables' `value`s.
    mutating func updateVariables() {
        if needsRebuild { rebuild() }
        let isBasic = self.isBasic
        rows.withUnsafeBufferPointer { rows in
            variableSymbols.withUnsafeBufferPointer { symbols in
                for (index, variable) in variables.enumerated() {
                    let symbol = Int(symbols[index])
                    variable.value = isBasic[symbol] ? rows[symbol].constant : 0
                }
            }
        }
    }

    // MARK: Adding and removing rows

    /// Adds `constraint`'s row, returning its tag and the coefficient of its marker. A required
    /// equality gets a marker only when `markEquality` (or in a diagnostic tableau), or when it turns
    /// out redundant (its row then is the marker's, so removing a constraint it depends on keeps it).
    private mutating func addRows(for constraint: LayoutConstraint, slot: Int32,
                                  markEquality: Bool) throws(Failure) -> (Tag, Double) {
        conflict.removeAll()
        var tag = Tag()
        var markerCoefficient = 0.0
        let marked = markEquality || isDiagnostic
        var (row, reversed) = makeRow(constraint, slot: slot, marked: marked, &tag, &markerCoefficient)
        var subject = chooseSubject(row, tag)
        if subject < 0, allDummies(row) {
            guard nearZero(row.constant) else {
                conflict = row.cells.compactMap { $0.symbol == tag.marker ? nil : symbolSlot[Int($0.symbol)] }
                throw .unsatisfiableConstraint
            }
            if tag.marker < 0 {
                // Redundant: it holds already. It gets a marker so its row remembers it.
                let dummy = makeSymbol(.dummy, slot: slot)
                tag.marker = dummy
                markerCoefficient = 1
                row.insert(dummy, reversed ? -1 : 1)
            }
            subject = tag.marker
        }
        if subject < 0 {
            try addWithArtificialVariable(row, reversed: reversed, slot: slot, &tag, &markerCoefficient)
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            install(row, as: subject)
        }
        try optimize()
        return (tag, markerCoefficient)
    }

    private mutating func makeRow(_ constraint: LayoutConstraint, slot: Int32, marked: Bool,
                                  _ tag: inout Tag, _ markerCoefficient: inout Double) -> (Row, reversed: Bool) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant, capacity: expression.terms.count + 2)
        var scratch = self.scratch
        for term in expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if isBasic[Int(symbol)] {
                row.insert(row: rows[Int(symbol)], times: term.coefficient, scratch: &scratch)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        self.scratch = scratch
        let strength = constraint.strength
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack, slot: slot)
            tag.marker = slack
            markerCoefficient = coefficient
            row.insert(slack, coefficient)
            if strength < Strength.required {
                let error = makeSymbol(.error, slot: slot)
                tag.other = error
                row.insert(error, -coefficient)
                addToObjective(error, strength)
            }
        case .equal:
            if strength < Strength.required {
                let plus = makeSymbol(.error, slot: slot), minus = makeSymbol(.error, slot: slot)
                tag.marker = plus
                tag.other = minus
                markerCoefficient = -1
                row.insert(plus, -1)
                row.insert(minus, 1)
                addToObjective(plus, strength)
                addToObjective(minus, strength)
            } else if marked {
                let dummy = makeSymbol(.dummy, slot: slot)
                tag.marker = dummy
                markerCoefficient = 1
                row.insert(dummy, 1)
            }
        }
        if row.constant < 0 {
            row.reverseSign()
            return (row, true)
        }
        return (row, false)
    }

    private func allDummies(_ row: Row) -> Bool { row.cells.allSatisfy { kinds[Int($0.symbol)] == .dummy } }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Int32 {
        for cell in row.cells where kinds[Int(cell.symbol)] == .external { return cell.symbol }
        if tag.marker >= 0, kinds[Int(tag.marker)] != .dummy, row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other >= 0, row.coefficient(for: tag.other) < 0 { return tag.other }
        return -1
    }

    /// Adds a row with no easy subject through an artificial variable (phase one of the simplex).
    private mutating func addWithArtificialVariable(_ row: Row, reversed: Bool, slot: Int32, _ tag: inout Tag,
                                                    _ markerCoefficient: inout Double) throws(Failure) {
        let art = makeSymbol(.slack)
        install(row, as: art)
        artificial = row
        hasArtificial = true
        defer { hasArtificial = false; artificial = Row() }
        try optimize(artificialObjective: true)
        if isBasic[Int(art)] {
            guard nearZero(rows[Int(art)].constant) else {
                // Infeasible: the remaining rows are the tableau without this constraint.
                conflict = rows[Int(art)].cells.compactMap { $0.symbol == tag.marker ? nil : symbolSlot[Int($0.symbol)] }
                uninstall(art)
                try optimize()
                throw .unsatisfiableConstraint
            }
            var basic = uninstall(art)
            if let entering = basic.cells.first(where: { kinds[Int($0.symbol)] == .slack || kinds[Int($0.symbol)] == .error })?.symbol {
                basic.solve(for: art, then: entering)
                substitute(entering, basic)
                install(basic, as: entering)
            } else if tag.marker < 0 {
                // Redundant (the row holds whatever the dummies are): remember it through a marker.
                let dummy = makeSymbol(.dummy, slot: slot)
                tag.marker = dummy
                markerCoefficient = 1
                basic.insert(dummy, reversed ? -1 : 1)
                basic.solve(for: dummy)
                install(basic, as: dummy)
            }
        }
        eraseColumn(art)
        objective[Int(art)] = 0
    }

    private mutating func removeRows(_ entry: Entry, strength: Double) throws(Failure) {
        let tag = entry.tag
        // Take the constraint's error terms out of the objective.
        for symbol in [tag.marker, tag.other] where symbol >= 0 && kinds[Int(symbol)] == .error {
            if isBasic[Int(symbol)] {
                addToObjective(rows[Int(symbol)], times: -strength)
            } else {
                addToObjective(symbol, -strength)
            }
        }
        let marker = tag.marker
        if isBasic[Int(marker)] {
            uninstall(marker)
        } else {
            guard let leaving = markerLeavingSymbol(marker) else {
                needsRebuild = true
                return
            }
            var row = uninstall(leaving)
            // Pivot the marker into the basis, then drop its row.
            row.solve(for: leaving, then: marker)
            substitute(marker, row)
        }
        // The other error symbol cancels out of every row; drop what rounding left.
        for symbol in [marker, tag.other] where symbol >= 0 {
            if isBasic[Int(symbol)] { uninstall(symbol) }
            eraseColumn(symbol)
            objective[Int(symbol)] = 0
        }
        try optimize()
    }

    /// The row to pivot a constraint's marker out of, as kiwi chooses it.
    private func markerLeavingSymbol(_ marker: Int32) -> Int32? {
        var first: Int32?, second: Int32?, third: Int32?
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        let nodes = columns.nodes
        var node = columns.heads[marker]
        while node >= 0 {
            let owner = nodes[node].owner, coefficient = nodes[node].coefficient
            node = nodes[node].next
            let constant = rows[Int(owner)].constant
            if coefficient == 0 { continue }
            if kinds[Int(owner)] == .external {
                third = owner
            } else if coefficient < 0 {
                let ratio = -constant / coefficient
                if ratio < r1 || (ratio == r1 && owner < first!) { r1 = ratio; first = owner }
            } else {
                let ratio = constant / coefficient
                if ratio < r2 || (ratio == r2 && owner < second!) { r2 = ratio; second = owner }
            }
        }
        return first ?? second ?? third
    }

    /// Rebuilds the tableau from the constraints, in the order they were added.
    mutating func rebuild() {
        needsRebuild = false
        rebuilds += 1
        if !isDiagnostic { for variable in variables where variable.tableau == id { variable.symbol = -1; variable.tableau = 0 } }
        variables.removeAll(keepingCapacity: true)
        variableSymbols.removeAll(keepingCapacity: true)
        kinds.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        isBasic.removeAll(keepingCapacity: true)
        columns.removeAll()
        symbolSlot.removeAll(keepingCapacity: true)
        objective.removeAll(keepingCapacity: true)
        inCandidates.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
        infeasible.removeAll(keepingCapacity: true)
        let order = entries.indices.filter { entries[$0].constraint != nil }.sorted { entries[$0].sequence < entries[$1].sequence }
        for index in order {
            let slot = Int32(index), constraint = entries[index].constraint!
            do {
                let (tag, coefficient) = try addRows(for: constraint, slot: slot, markEquality: entries[index].wantsMarker)
                entries[index].tag = tag
                entries[index].markerCoefficient = coefficient
            } catch {
                // Only rounding can make a subset of satisfiable constraints fail: drop it.
                freeSlot(slot)
            }
        }
    }

    // MARK: Constants

    /// Adds `delta` to the constant of the constraint in `slot` (which has a marker): with the equation
    /// `expression + μ·marker + … = 0`, `marker − delta/μ` takes the marker's place.
    private mutating func shift(slot: Int32, by delta: Double) throws(Failure) {
        let (marker, other, coefficient) = entries.withUnsafeBufferPointer {
            ($0[Int(slot)].tag.marker, $0[Int(slot)].tag.other, $0[Int(slot)].markerCoefficient)
        }
        if isBasic[Int(marker)] {
            rows[Int(marker)].constant -= delta / coefficient
            flagIfInfeasible(marker)
        } else if other >= 0 && isBasic[Int(other)] {
            // The other error symbol has the opposite coefficient.
            rows[Int(other)].constant += delta / coefficient
            flagIfInfeasible(other)
        } else {
            let step = delta / coefficient
            let kinds = self.kinds, nodes = self.columns.nodes, columnHead = self.columns.heads
            var infeasible = self.infeasible
            self.infeasible = []
            rows.withUnsafeMutableBufferPointer { rows in
                var node = columnHead[Int(marker)]
                while node >= 0 {
                    let owner = nodes[node].owner, cell = nodes[node].coefficient
                    node = nodes[node].next
                    let index = Int(owner)
                    let constant = rows[index].constant + cell * step
                    rows[index].constant = constant
                    let kind = kinds[index]
                    if kind != .external && (constant < 0 || (kind == .dummy && !nearZero(constant))) { infeasible.append(owner) }
                }
            }
            self.infeasible = infeasible
        }
        try dualOptimize()
    }

    @inline(__always) private mutating func flagIfInfeasible(_ symbol: Int32) {
        let kind = kinds[Int(symbol)]
        if kind == .external { return }
        let constant = rows[Int(symbol)].constant
        if constant < 0 || (kind == .dummy && !nearZero(constant)) { infeasible.append(symbol) }
    }

    // MARK: Tableau plumbing

    /// Puts `row` in the tableau as the row of `symbol`, listing it in its symbols' columns.
    private mutating func install(_ row: Row, as symbol: Int32) {
        var row = row
        for index in row.cells.indices {
            row.cells[index].node = columns.link(symbol, row.cells[index].symbol, row.cells[index].coefficient)
        }
        rows[Int(symbol)] = row
        isBasic[Int(symbol)] = true
    }

    /// Takes the row of `symbol` out of the tableau.
    @discardableResult
    private mutating func uninstall(_ symbol: Int32) -> Row {
        let row = rows[Int(symbol)]
        rows[Int(symbol)] = Row()
        isBasic[Int(symbol)] = false
        for cell in row.cells { columns.unlink(cell.node, from: cell.symbol) }
        return row
    }

    /// Removes `symbol` from every row it appears in.
    private mutating func eraseColumn(_ symbol: Int32) {
        var node = columns.heads[symbol]
        columns.heads[symbol] = -1
        while node >= 0 {
            let next = columns.nodes[node].next
            rows[Int(columns.nodes[node].owner)].remove(symbol)
            columns.release(node)
            node = next
        }
    }

    /// Replaces `symbol` by `row` everywhere it appears: tableau rows (through its column, edited in
    /// place), the objective and the artificial objective.
    private mutating func substitute(_ symbol: Int32, _ row: Row) {
        let columns = self.columns, merged = self.merged, kinds = self.kinds
        var infeasible = self.infeasible
        self.infeasible = []
        var node = columns.heads[symbol]
        columns.heads[symbol] = -1
        rows.withUnsafeMutableBufferPointer { rows in
            while node >= 0 {
                let next = columns.nodes[node].next, owner = columns.nodes[node].owner
                columns.release(node)
                let index = Int(owner)
                let coefficient = rows[index].remove(symbol)
                Tableau.merge(row, times: coefficient, into: &rows[index], of: owner, columns: columns, merged: merged)
                let kind = kinds[index]
                if kind != .external {
                    let constant = rows[index].constant
                    if constant < 0 || (kind == .dummy && !nearZero(constant)) { infeasible.append(owner) }
                }
                node = next
            }
        }
        self.infeasible = infeasible
        let coefficient = objective[symbol]
        if coefficient != 0 {
            objective[symbol] = 0
            addToObjective(row, times: coefficient)
        }
        if hasArtificial {
            var scratch = self.scratch
            artificial.substitute(symbol, row, scratch: &scratch)
            self.scratch = scratch
        }
    }

    /// Adds `times × row` to `target`, the row of `owner`, keeping the columns: a merge of the two
    /// sorted cell arrays through the `merged` pool.
    private static func merge(_ row: Row, times: Double, into target: inout Row, of owner: Int32,
                              columns: Columns, merged: Pool<Cell>) {
        target.constant += row.constant * times
        let otherCount = row.cells.count
        if otherCount == 0 { return }
        let count = target.cells.count
        if otherCount &* 4 <= count {
            // A few cells into a long row: edit it in place.
            for right in row.cells {
                let value = right.coefficient * times
                let (found, index) = target.index(of: right.symbol)
                if found {
                    let sum = target.cells[index].coefficient + value
                    if nearZero(sum) {
                        columns.unlink(target.cells[index].node, from: right.symbol)
                        target.cells.remove(at: index)
                    } else {
                        target.cells[index].coefficient = sum
                        columns.nodes[target.cells[index].node].coefficient = sum
                    }
                } else if !nearZero(value) {
                    target.cells.insert(Cell(symbol: right.symbol, node: columns.link(owner, right.symbol, value), coefficient: value), at: index)
                }
            }
            return
        }
        merged.removeAll()
        merged.reserve(count + otherCount)
        let out = merged.base
        var written = 0
        target.cells.withUnsafeBufferPointer { a in
            row.cells.withUnsafeBufferPointer { b in
                var i = 0, j = 0
                while i < count && j < otherCount {
                    let left = a[i], right = b[j]
                    if left.symbol < right.symbol {
                        out[written] = left; written &+= 1; i &+= 1
                    } else if right.symbol < left.symbol {
                        let value = right.coefficient * times
                        if !nearZero(value) {
                            out[written] = Cell(symbol: right.symbol, node: columns.link(owner, right.symbol, value), coefficient: value)
                            written &+= 1
                        }
                        j &+= 1
                    } else {
                        let value = left.coefficient + right.coefficient * times
                        if nearZero(value) {
                            columns.unlink(left.node, from: left.symbol)
                        } else {
                            out[written] = Cell(symbol: left.symbol, node: left.node, coefficient: value)
                            columns.nodes[left.node].coefficient = value
                            written &+= 1
                        }
                        i &+= 1; j &+= 1
                    }
                }
                while i < count { out[written] = a[i]; written &+= 1; i &+= 1 }
                while j < otherCount {
                    let right = b[j]
                    let value = right.coefficient * times
                    if !nearZero(value) {
                        out[written] = Cell(symbol: right.symbol, node: columns.link(owner, right.symbol, value), coefficient: value)
                        written &+= 1
                    }
                    j &+= 1
                }
            }
        }
        target.cells.removeAll(keepingCapacity: true)
        target.cells.append(contentsOf: UnsafeBufferPointer(start: out, count: written))
    }

    // MARK: Objective

    private mutating func addToObjective(_ symbol: Int32, _ value: Double) {
        let sum = objective[Int(symbol)] + value
        if nearZero(sum) {
            objective[Int(symbol)] = 0
        } else {
            objective[Int(symbol)] = sum
            if sum < 0 && !inCandidates[Int(symbol)] && kinds[Int(symbol)] != .dummy { pushCandidate(symbol) }
        }
    }

    private mutating func addToObjective(_ row: Row, times: Double) {
        for cell in row.cells { addToObjective(cell.symbol, cell.coefficient * times) }
    }

    private mutating func pushCandidate(_ symbol: Int32) {
        inCandidates[Int(symbol)] = true
        candidates.append(symbol)
        var child = candidates.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if candidates[parent] <= symbol { break }
            candidates[child] = candidates[parent]
            child = parent
        }
        candidates[child] = symbol
    }

    private mutating func popCandidate() {
        inCandidates[Int(candidates[0])] = false
        let last = candidates.removeLast()
        guard !candidates.isEmpty else { return }
        var parent = 0
        let count = candidates.count
        while true {
            var child = 2 * parent + 1
            if child >= count { break }
            if child + 1 < count && candidates[child + 1] < candidates[child] { child += 1 }
            if last <= candidates[child] { break }
            candidates[parent] = candidates[child]
            parent = child
        }
        candidates[parent] = last
    }

    /// The lowest non-basic, non-dummy symbol with a negative objective coefficient.
    private mutating func enteringSymbol() -> Int32 {
        while let top = candidates.first {
            if objective[Int(top)] < 0 && !isBasic[Int(top)] { return top }
            popCandidate()
        }
        return -1
    }

    // MARK: Simplex

    private mutating func optimize(artificialObjective: Bool = false) throws(Failure) {
        var iterations = 0
        while true {
            let entering: Int32
            if artificialObjective {
                entering = artificial.cells.first(where: { kinds[Int($0.symbol)] != .dummy && $0.coefficient < 0 })?.symbol ?? -1
            } else {
                entering = enteringSymbol()
            }
            if entering < 0 { return }
            var ratio = Double.greatestFiniteMagnitude
            var leaving: Int32 = -1
            let nodes = columns.nodes
            var node = columns.heads[entering]
            while node >= 0 {
                let owner = nodes[node].owner, coefficient = nodes[node].coefficient
                node = nodes[node].next
                if kinds[Int(owner)] == .external { continue }
                if coefficient < 0 {
                    let candidate = -rows[Int(owner)].constant / coefficient
                    if candidate < ratio || (candidate == ratio && owner < leaving) { ratio = candidate; leaving = owner }
                }
            }
            guard leaving >= 0 else { throw .internalError("the objective is unbounded") }
            try pivot(leaving: leaving, entering: entering, iterations: &iterations, method: "simplex")
        }
    }

    /// Swaps `entering` into the basis in place of `leaving`, counting against the iteration limit.
    private mutating func pivot(leaving: Int32, entering: Int32, iterations: inout Int, method: String) throws(Failure) {
        iterations += 1
        guard iterations < 100 * kinds.count + 1000 else { throw .internalError("the \(method) does not terminate") }
        var row = uninstall(leaving)
        row.solve(for: leaving, then: entering)
        substitute(entering, row)
        install(row, as: entering)
    }

    /// Restores feasibility after constants changed (the objective stays optimal).
    private mutating func dualOptimize() throws(Failure) {
        var iterations = 0
        while let leaving = infeasible.popLast() {
            guard isBasic[Int(leaving)] else { continue }
            let constant = rows[Int(leaving)].constant
            // A basic dummy must be zero; any other restricted symbol non-negative.
            guard !nearZero(constant), constant < 0 || kinds[Int(leaving)] == .dummy else { continue }
            let sign: Double = constant < 0 ? 1 : -1
            var ratio = Double.greatestFiniteMagnitude
            var entering: Int32 = -1
            rows[Int(leaving)].cells.withUnsafeBufferPointer { cells in
                for cell in cells {
                    let coefficient = cell.coefficient * sign
                    if coefficient > 0, kinds[Int(cell.symbol)] != .dummy {
                        let value = objective[Int(cell.symbol)] / coefficient
                        if value < ratio { ratio = value; entering = cell.symbol }
                    }
                }
            }
            guard entering >= 0 else {
                infeasible.removeAll(keepingCapacity: true)
                throw .internalError("dual optimize failed")
            }
            try pivot(leaving: leaving, entering: entering, iterations: &iterations, method: "dual simplex")
        }
    }

    // MARK: Conflicts

    /// The added required constraints that `constraint` conflicts with, from a tableau that marks every
    /// constraint, built from the required constraints connected to `constraint` through shared variables.
    func conflicts(for constraint: LayoutConstraint) -> [LayoutConstraint] {
        guard constraint.strength >= Strength.required else { return [] }
        // Union-find over the solver's variable symbols, joined by required constraints.
        var parent = Array(0..<Int32(kinds.count))
        func find(_ symbol: Int32) -> Int32 {
            var root = symbol
            while parent[Int(root)] != root { root = parent[Int(root)] }
            var node = symbol
            while parent[Int(node)] != root { let next = parent[Int(node)]; parent[Int(node)] = root; node = next }
            return root
        }
        func known(_ variable: LayoutVariable) -> Int32? { variable.tableau == id ? variable.symbol : nil }
        let required = entries.indices.filter {
            guard let other = entries[$0].constraint else { return false }
            return other !== constraint && !entries[$0].isEdit && other.strength >= Strength.required
        }
        for index in required {
            let symbols = entries[index].constraint!.expression.terms.compactMap { known($0.variable) }
            for symbol in symbols.dropFirst() {
                let a = find(symbols[0]), b = find(symbol)
                if a != b { parent[Int(a)] = b }
            }
        }
        let roots = Set(constraint.expression.terms.compactMap { known($0.variable).map(find) })
        let related = required.filter { index in
            entries[index].constraint!.expression.terms.contains { known($0.variable).map { roots.contains(find($0)) } ?? false }
        }.sorted { entries[$0].sequence < entries[$1].sequence }
        var diagnostic = Tableau(diagnostic: true)
        for index in related {
            _ = try? diagnostic.addRows(for: entries[index].constraint!, slot: Int32(index), markEquality: true)
        }
        do {
            _ = try diagnostic.addRows(for: constraint, slot: -1, markEquality: true)
            return []
        } catch {
            let slots = Set(diagnostic.conflict.filter { $0 >= 0 })
            return slots.sorted { entries[Int($0)].sequence < entries[Int($1)].sequence }.compactMap { entries[Int($0)].constraint }
        }
    }
}
