import Foundation

/// One cell of a row: a symbol, its coefficient, and (in a tableau row) the node that lists the row in
/// the symbol's column.
struct Cell {
    var symbol: Int32
    var node: Int32
    var coefficient: Double
}

/// One row of the tableau: `basic = constant + Σ coefficient × symbol`, as a sparse vector of cells
/// sorted by symbol in one flat array.
struct Row {
    var constant: Double = 0
    var cells: [Cell] = []

    init() {}

    init(constant: Double, capacity: Int) {
        self.constant = constant
        cells.reserveCapacity(capacity)
    }

    @inline(__always) func index(of symbol: Int32) -> (found: Bool, index: Int) {
        cells.withUnsafeBufferPointer { cells in
            if cells.count <= 8 {
                // Most rows are short: a linear scan beats a binary search there.
                var index = 0
                while index < cells.count {
                    let cell = cells[index].symbol
                    if cell >= symbol { return (cell == symbol, index) }
                    index &+= 1
                }
                return (false, index)
            }
            var low = 0, high = cells.count
            while low < high {
                let mid = (low + high) &>> 1
                if cells[mid].symbol < symbol { low = mid &+ 1 } else { high = mid }
            }
            return (low < cells.count && cells[low].symbol == symbol, low)
        }
    }

    @inline(__always) func coefficient(for symbol: Int32) -> Double {
        let (found, index) = index(of: symbol)
        return found ? cells.withUnsafeBufferPointer { $0[index].coefficient } : 0
    }

    /// Adds `coefficient × symbol`, dropping the cell when it becomes zero (rows outside the tableau).
    mutating func insert(_ symbol: Int32, _ coefficient: Double) {
        if let last = cells.last, last.symbol < symbol {
            // Rows are mostly built in increasing symbol order.
            if !nearZero(coefficient) { cells.append(Cell(symbol: symbol, node: -1, coefficient: coefficient)) }
            return
        }
        let (found, index) = index(of: symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, node: -1, coefficient: coefficient), at: index)
        }
    }

    /// Adds `times × other` (rows outside the tableau).
    mutating func insert(row other: Row, times: Double, scratch: inout [Cell]) {
        constant += other.constant * times
        if other.cells.isEmpty { return }
        if cells.isEmpty || cells[cells.count - 1].symbol < other.cells[0].symbol {
            for cell in other.cells {
                let value = cell.coefficient * times
                if !nearZero(value) { cells.append(Cell(symbol: cell.symbol, node: -1, coefficient: value)) }
            }
            return
        }
        scratch.removeAll(keepingCapacity: true)
        var i = 0, j = 0
        let count = cells.count, otherCount = other.cells.count
        while i < count || j < otherCount {
            if j == otherCount || (i < count && cells[i].symbol < other.cells[j].symbol) {
                scratch.append(cells[i]); i += 1
            } else if i == count || other.cells[j].symbol < cells[i].symbol {
                let value = other.cells[j].coefficient * times
                if !nearZero(value) { scratch.append(Cell(symbol: other.cells[j].symbol, node: -1, coefficient: value)) }
                j += 1
            } else {
                let value = cells[i].coefficient + other.cells[j].coefficient * times
                if !nearZero(value) { scratch.append(Cell(symbol: cells[i].symbol, node: cells[i].node, coefficient: value)) }
                i += 1; j += 1
            }
        }
        swap(&cells, &scratch)
    }

    /// Removes `symbol`'s cell and returns its coefficient (0 when absent).
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Double {
        let (found, index) = index(of: symbol)
        guard found else { return 0 }
        return cells.remove(at: index).coefficient
    }

    mutating func reverseSign() {
        constant = -constant
        cells.withUnsafeMutableBufferPointer { cells in
            for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
        }
    }

    /// Rewrites `0 = constant + … + c × symbol + …` as `symbol = …`.
    mutating func solve(for symbol: Int32) {
        let factor = -1 / remove(symbol)
        constant *= factor
        cells.withUnsafeMutableBufferPointer { cells in
            for index in cells.indices { cells[index].coefficient *= factor }
        }
    }

    /// Rewrites `lhs = … + c × rhs + …` as `rhs = …` (lhs enters the row).
    mutating func solve(for lhs: Int32, then rhs: Int32) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row` (rows outside the tableau).
    mutating func substitute(_ symbol: Int32, _ row: Row, scratch: inout [Cell]) {
        let coefficient = remove(symbol)
        if coefficient != 0 { insert(row: row, times: coefficient, scratch: &scratch) }
    }
}

@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < 1.0e-8 }
