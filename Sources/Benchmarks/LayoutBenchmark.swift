import Foundation
import SceneHostCore

/// The Cassowary solver on two workloads:
/// 1. the "enaml-like" form of kiwi's own benchmark suite (37 variables, 111 constraints, width and
///    height as strong edit variables): building the solver, and suggest(w) + suggest(h) + update over
///    its six window sizes;
/// 2. a vertical stack of N views chained top to bottom, 7 constraints per view: adding them all, and
///    re-solving after a width change.
enum LayoutBenchmark: Benchmark {
    static let name = "layout"

    /// kiwi's strengths: strong 1e6, medium 1e3, weak 1, smedium = create(0, 100, 0), mmedium =
    /// create(0, 1, 0, 1.25).
    static let strengths: [String: Double] = [
        "required": Strength.required, "strong": Strength.strong, "medium": Strength.medium, "weak": Strength.weak,
        "smedium": 100_000, "mmedium": 1_250,
    ]

    /// The form's constraints, `terms relation constant | strength`, terms as `coefficient*variable`.
    static let enamlForm = """
        left>=0|required; height==0|medium; top>=0|required; width>=0|required; height>=0|required
        -1*top+contents_top==10|required; lb3height==16|strong; lb3height>=16|strong; ctleft>=0|required
        cttop>=0|required; ctwidth>=0|required; ctheight>=0|required; fl3left>=0|required; ctheight>=24|smedium
        ctwidth<=16777200|smedium; ctheight<=24|smedium; fl3top>=0|required; fl3width>=0|required
        fl3height>=0|required; lb1width==67|weak; lb2width>=0|required; lb2height>=0|required
        fl2height>=0|required; lb3left>=0|required; fl2width>=125|strong; fl2height==21|strong
        fl2height>=21|strong; lb3top>=0|required; lb3width>=0|required; fl1left>=0|required; fl1width>=0|required
        lb1width>=67|strong; fl2left>=0|required; lb2width==66|weak; lb2width>=66|strong; lb2height==16|strong
        fl1height>=0|required; fl1top>=0|required; lb2top>=0|required
        -1*lb2top+lb3top+-1*lb2height==10|mmedium; -1*lb3top+-1*lb3height+fl3top>=10|required
        -1*lb3top+-1*lb3height+fl3top==10|mmedium; contents_bottom+-1*fl3height+-1*fl3top==0|mmedium
        fl1top+-1*contents_top>=0|required; fl1top+-1*contents_top==0|mmedium
        contents_bottom+-1*fl3height+-1*fl3top>=0|required; -1*left+-1*width+contents_right==-10|required
        -1*top+-1*height+contents_bottom==-10|required; -1*left+contents_left==10|required
        lb3left+-1*contents_left==0|mmedium; fl1left+-1*midline==0|strong; fl2left+-1*midline==0|strong
        ctleft+-1*midline==0|strong; fl1top+0.5*fl1height+-1*lb1top+-0.5*lb1height==0|strong
        lb1left+-1*contents_left>=0|required; lb1left+-1*contents_left==0|mmedium
        -1*lb1left+fl1left+-1*lb1width>=10|required; -1*lb1left+fl1left+-1*lb1width==10|mmedium
        -1*fl1left+contents_right+-1*fl1width>=0|required; width==0|medium
        -1*fl1top+fl2top+-1*fl1height>=10|required; -1*fl1top+fl2top+-1*fl1height==10|mmedium
        cttop+-1*fl2top+-1*fl2height>=10|required; -1*ctheight+-1*cttop+fl3top>=10|required
        contents_bottom+-1*fl3height+-1*fl3top>=0|required; cttop+-1*fl2top+-1*fl2height==10|mmedium
        -1*fl1left+contents_right+-1*fl1width==0|mmedium; -1*lb2top+-0.5*lb2height+fl2top+0.5*fl2height==0|strong
        -1*contents_left+lb2left>=0|required; -1*contents_left+lb2left==0|mmedium
        fl2left+-1*lb2width+-1*lb2left>=10|required; -1*ctheight+-1*cttop+fl3top==10|mmedium
        contents_bottom+-1*fl3height+-1*fl3top==0|mmedium; lb1top>=0|required; lb1width>=0|required
        lb1height>=0|required; fl2left+-1*lb2width+-1*lb2left==10|mmedium
        -1*fl2left+-1*fl2width+contents_right==0|mmedium; -1*fl2left+-1*fl2width+contents_right>=0|required
        lb3left+-1*contents_left>=0|required; lb1left>=0|required
        0.5*ctheight+cttop+-1*lb3top+-0.5*lb3height==0|strong; ctleft+-1*lb3left+-1*lb3width>=10|required
        -1*ctwidth+-1*ctleft+contents_right>=0|required; ctleft+-1*lb3left+-1*lb3width==10|mmedium
        fl3left+-1*contents_left>=0|required; fl3left+-1*contents_left==0|mmedium
        -1*ctwidth+-1*ctleft+contents_right==0|mmedium; -1*fl3left+contents_right+-1*fl3width==0|mmedium
        -1*contents_top+lb1top>=0|required; -1*contents_top+lb1top==0|mmedium
        -1*fl3left+contents_right+-1*fl3width>=0|required; lb2top+-1*lb1top+-1*lb1height>=10|required
        -1*lb2top+lb3top+-1*lb2height>=10|required; lb2top+-1*lb1top+-1*lb1height==10|mmedium
        fl1height==21|strong; fl1height>=21|strong; lb2left>=0|required; lb2height>=16|strong; fl2top>=0|required
        fl2width>=0|required; lb1height>=16|strong; lb1height==16|strong; fl3width>=125|strong; fl3height==21|strong
        fl3height>=21|strong; lb3height>=0|required; ctwidth>=119|smedium; lb3width==24|weak; lb3width>=24|strong
        fl1width>=125|strong
        """

    static func parseForm(_ variables: inout [String: LayoutVariable]) -> [LayoutConstraint] {
        func variable(_ name: String) -> LayoutVariable {
            if let existing = variables[name] { return existing }
            let made = LayoutVariable(name)
            variables[name] = made
            return made
        }
        return enamlForm.split(whereSeparator: { $0 == ";" || $0 == "\n" }).compactMap { item in
            let text = item.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return nil }
            let parts = text.split(separator: "|")
            let relation: LayoutConstraint.Relation, symbol: String
            if text.contains(">=") { relation = .greaterThanOrEqual; symbol = ">=" }
            else if text.contains("<=") { relation = .lessThanOrEqual; symbol = "<=" }
            else { relation = .equal; symbol = "==" }
            let sides = parts[0].components(separatedBy: symbol)
            let terms: [(LayoutVariable, Double)] = sides[0].split(separator: "+").map { term in
                let pieces = term.split(separator: "*")
                return pieces.count == 2 ? (variable(String(pieces[1])), Double(pieces[0])!) : (variable(String(pieces[0])), 1)
            }
            return LayoutConstraint(LinearExpression(terms), relation, LinearExpression(constant: Double(sides[1])!),
                                    strength: strengths[String(parts[1])]!)
        }
    }

    @MainActor
    static func run() throws {
        // 1. The enaml-like form.
        var builds: [Double] = []
        var updates: [Double] = []
        var variableCount = 0, constraintCount = 0
        for _ in 0..<50 {
            var variables: [String: LayoutVariable] = [:]
            let constraints = parseForm(&variables)
            let solver = Solver()
            let width = variables["width"]!, height = variables["height"]!
            builds.append(try milliseconds {
                try solver.addEditVariable(width, strength: Strength.strong)
                try solver.addEditVariable(height, strength: Strength.strong)
                for constraint in constraints { try solver.addConstraint(constraint) }
            })
            variableCount = variables.count
            constraintCount = constraints.count
            let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
            let rounds = 200
            let total = try milliseconds {
                for _ in 0..<rounds {
                    for (w, h) in sizes {
                        try solver.suggestValue(width, w)
                        try solver.suggestValue(height, h)
                        solver.updateVariables()
                    }
                }
            }
            updates.append(total * 1000 / Double(rounds * sizes.count))
        }
        let build = median(builds), update = median(updates)
        print("| enaml-like form (\(variableCount) variables, \(constraintCount) constraints) | SceneHost | kiwi (C++, measured here, x11-facts.md) | ratio |")
        print("| --- | --- | --- | --- |")
        print(String(format: "| build | %.3f ms | 0.29 ms | %.2f× |", build, build / 0.29))
        print(String(format: "| suggest(w) + suggest(h) + update | %.3f µs | 0.57 µs | %.2f× |", update, update / 0.57))

        // 2. Chained vertical stacks.
        print("")
        print("| chained views | constraints | add all (ms) | re-solve after a width change (ms) | kiwi add all (x11-facts.md) |")
        print("| --- | --- | --- | --- | --- |")
        var build2000 = 0.0, resolve2000 = 0.0
        for count in [100, 500, 1000, 2000] {
            let solver = Solver()
            let windowWidth = LayoutVariable("windowWidth")
            var constraintTotal = 0
            let add = try milliseconds {
                try solver.addEditVariable(windowWidth, strength: Strength.strong)
                var previousBottom: LayoutVariable?
                for index in 0..<count {
                    let top = LayoutVariable(), bottom = LayoutVariable(), left = LayoutVariable(), right = LayoutVariable()
                    let height = LayoutVariable(), width = LayoutVariable()
                    let anchor = previousBottom.map { LinearExpression($0) + 8 } ?? LinearExpression(constant: 8)
                    let constraints = [
                        LayoutConstraint(LinearExpression(top), .equal, anchor),
                        LayoutConstraint(bottom - top, .equal, LinearExpression(height)),
                        LayoutConstraint(LinearExpression(height), .equal, LinearExpression(constant: Double(20 + index % 7))),
                        LayoutConstraint(LinearExpression(left), .equal, LinearExpression(constant: 16)),
                        LayoutConstraint(right - left, .equal, LinearExpression(width)),
                        LayoutConstraint(LinearExpression(right), .equal, windowWidth - 16),
                        LayoutConstraint(LinearExpression(width), .greaterThanOrEqual, LinearExpression(constant: 0), strength: Strength.fromPriority(750)),
                    ]
                    for constraint in constraints { try solver.addConstraint(constraint) }
                    constraintTotal += constraints.count
                    previousBottom = bottom
                }
            }
            try solver.suggestValue(windowWidth, 800)
            solver.updateVariables()
            var resolves: [Double] = []
            for round in 0..<100 {
                resolves.append(try milliseconds {
                    try solver.suggestValue(windowWidth, round % 2 == 0 ? 640 : 1024)
                    solver.updateVariables()
                })
            }
            let resolve = median(resolves)
            let kiwi = [100: "1.8 ms", 500: "58 ms", 1000: "314 ms", 2000: "9.6 s"][count] ?? "–"
            print(String(format: "| %d | %d | %.2f | %.3f | %@ |", count, constraintTotal, add, resolve, kiwi))
            if count == 2000 { build2000 = add; resolve2000 = resolve }
        }
        report(target: "layout-enaml-build-vs-kiwi", value: build / 0.29, unit: "×kiwi", goal: 1)
        report(target: "layout-enaml-resolve-vs-kiwi", value: update / 0.57, unit: "×kiwi", goal: 1)
        report(target: "layout-chain-2000-build", value: build2000, unit: "ms", goal: 100)
        report(target: "layout-chain-2000-resolve", value: resolve2000, unit: "ms", goal: 0.5)
    }
}
