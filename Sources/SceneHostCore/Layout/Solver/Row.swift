/// One row of the tableau: `basic = constant + Σ coefficient × symbol`, as a sparse vector sorted by
/// symbol (two flat arrays, so walking it is cache-friendly).
struct Row {
    var constant: Double = 0
    var symbols: [Int32] = []
    var coefficients: [Double] = []

    @inline(__always) private func index(of symbol: Int32) -> (found: Bool, index: Int) {
        var low = 0, high = symbols.count
        while low < high {
            let mid = (low + high) / 2
            if symbols[mid] < symbol { low = mid + 1 } else { high = mid }
        }
        return (low < symbols.count && symbols[low] == symbol, low)
    }

    func coefficient(for symbol: Int32) -> Double {
        let (found, index) = index(of: symbol)
        return found ? coefficients[index] : 0
    }

    /// Adds `coefficient × symbol`, dropping the cell when it becomes zero.
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        let (found, index) = index(of: symbol)
        if found {
            let sum = coefficients[index] + coefficient
            if nearZero(sum) {
                symbols.remove(at: index)
                coefficients.remove(at: index)
            } else {
                coefficients[index] = sum
            }
        } else if !nearZero(coefficient) {
            symbols.insert(symbol, at: index)
            coefficients.insert(coefficient, at: index)
        }
    }

    /// Adds `times × other` (rows outside the tableau: no index to keep).
    mutating func insert(row other: Row, times: Double) {
        constant += other.constant * times
        for (index, symbol) in other.symbols.enumerated() { insert(symbol, other.coefficients[index] * times) }
    }

    /// Adds `times × other` by merging the two sorted vectors through `scratch`, reporting the symbols
    /// that appear and disappear so the caller can keep its column index.
    mutating func insert(row other: Row, times: Double, scratch: inout Row,
                         added: (Int32) -> Void, removed: (Int32) -> Void) {
        constant += other.constant * times
        scratch.symbols.removeAll(keepingCapacity: true)
        scratch.coefficients.removeAll(keepingCapacity: true)
        var i = 0, j = 0
        while i < symbols.count || j < other.symbols.count {
            if j == other.symbols.count || (i < symbols.count && symbols[i] < other.symbols[j]) {
                scratch.symbols.append(symbols[i]); scratch.coefficients.append(coefficients[i]); i += 1
            } else if i == symbols.count || other.symbols[j] < symbols[i] {
                let value = other.coefficients[j] * times
                if !nearZero(value) {
                    scratch.symbols.append(other.symbols[j]); scratch.coefficients.append(value)
                    added(other.symbols[j])
                }
                j += 1
            } else {
                let value = coefficients[i] + other.coefficients[j] * times
                if nearZero(value) { removed(symbols[i]) } else {
                    scratch.symbols.append(symbols[i]); scratch.coefficients.append(value)
                }
                i += 1; j += 1
            }
        }
        swap(&symbols, &scratch.symbols)
        swap(&coefficients, &scratch.coefficients)
    }

    /// Removes `symbol`'s cell and returns its coefficient (0 when absent).
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Double {
        let (found, index) = index(of: symbol)
        guard found else { return 0 }
        symbols.remove(at: index)
        return coefficients.remove(at: index)
    }

    mutating func reverseSign() {
        constant = -constant
        for index in coefficients.indices { coefficients[index] = -coefficients[index] }
    }

    /// Rewrites `0 = constant + … + c × symbol + …` as `symbol = …`.
    mutating func solve(for symbol: Int32) {
        let factor = -1 / remove(symbol)
        constant *= factor
        for index in coefficients.indices { coefficients[index] *= factor }
    }

    /// Rewrites `lhs = … + c × rhs + …` as `rhs = …` (lhs enters the row).
    mutating func solve(for lhs: Int32, then rhs: Int32) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row` (rows outside the tableau).
    mutating func substitute(_ symbol: Int32, _ row: Row) {
        let coefficient = remove(symbol)
        if coefficient != 0 { insert(row: row, times: coefficient) }
    }

    mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    func allDummies(_ kinds: [Solver.Kind]) -> Bool { symbols.allSatisfy { kinds[Int($0)] == .dummy } }
}
