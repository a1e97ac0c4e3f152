import Foundation

/// One row of the tableau: `basic = constant + Σ coefficient × symbol`, as a sparse vector sorted by
/// symbol (two flat arrays, so walking it is cache-friendly).
struct Row {
    var constant: Double = 0
    var symbols: [Int32] = []
    var coefficients: [Double] = []

    init() {}

    init(constant: Double, capacity: Int) {
        self.constant = constant
        symbols.reserveCapacity(capacity)
        coefficients.reserveCapacity(capacity)
    }

    @inline(__always) private func index(of symbol: Int32) -> (found: Bool, index: Int) {
        symbols.withUnsafeBufferPointer { cells in
            var low = 0, high = cells.count
            while low < high {
                let mid = (low + high) &>> 1
                if cells[mid] < symbol { low = mid &+ 1 } else { high = mid }
            }
            return (low < cells.count && cells[low] == symbol, low)
        }
    }

    func coefficient(for symbol: Int32) -> Double {
        let (found, index) = index(of: symbol)
        return found ? coefficients[index] : 0
    }

    /// Adds `coefficient × symbol`, dropping the cell when it becomes zero.
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        if let last = symbols.last, last < symbol {
            // Rows are mostly built in increasing symbol order.
            if !nearZero(coefficient) { symbols.append(symbol); coefficients.append(coefficient) }
            return
        }
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
    mutating func insert(row other: Row, times: Double, scratch: inout Row) {
        insert(row: other, times: times, scratch: &scratch, added: { _ in }, removed: { _ in })
    }

    /// Adds `times × other` by merging the two sorted vectors through `scratch`, reporting the symbols
    /// that appear and disappear so the caller can keep its column index.
    @inline(__always)
    mutating func insert(row other: Row, times: Double, scratch: inout Row,
                         added: (Int32) -> Void, removed: (Int32) -> Void) {
        constant += other.constant * times
        let count = symbols.count, otherCount = other.symbols.count
        if otherCount == 0 { return }
        if count == 0 {
            // Common when a row is built from one basic variable's row.
            symbols.reserveCapacity(otherCount)
            coefficients.reserveCapacity(otherCount)
            for j in 0..<otherCount {
                let value = other.coefficients[j] * times
                if !nearZero(value) {
                    symbols.append(other.symbols[j]); coefficients.append(value)
                    added(other.symbols[j])
                }
            }
            return
        }
        scratch.symbols.removeAll(keepingCapacity: true)
        scratch.coefficients.removeAll(keepingCapacity: true)
        scratch.symbols.reserveCapacity(count + otherCount)
        scratch.coefficients.reserveCapacity(count + otherCount)
        var i = 0, j = 0
        while i < count || j < otherCount {
            if j == otherCount || (i < count && symbols[i] < other.symbols[j]) {
                scratch.symbols.append(symbols[i]); scratch.coefficients.append(coefficients[i]); i += 1
            } else if i == count || other.symbols[j] < symbols[i] {
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
    mutating func substitute(_ symbol: Int32, _ row: Row, scratch: inout Row) {
        let coefficient = remove(symbol)
        if coefficient != 0 { insert(row: row, times: coefficient, scratch: &scratch) }
    }
}

@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < 1.0e-8 }
