import Foundation
@_spi(Testing) import SceneHost
import SceneHostCore

/// The Cassowary solver on two workloads, beside kiwi (the `kiwisolver` package's C++ core, through
/// its Python binding, timed the same way in the same run by `kiwi_layout.py`):
/// 1. the "enaml-like" form of kiwi's own benchmark suite (37 variables, 111 constraints, width and
///    height as strong edit variables): building the solver, and suggest(w) + suggest(h) + update over
///    its six window sizes;
/// 2. a vertical stack of N views chained top to bottom, 7 constraints per view: adding them all, and
///    re-solving after a width change.
/// Constraint objects are made outside the timed regions on both sides. kiwi runs from a virtual
/// environment in `.build/kiwi-venv` (made, and kiwisolver installed with pip, on first use), or from
/// the Python named by `SCENEHOST_KIWI_PYTHON`; `SCENEHOST_KIWI=0` leaves kiwi out.
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

    /// One item of the form: its terms, relation, constant and strength.
    static func parseItem(_ text: String) -> (terms: [(String, Double)], relation: String, constant: Double, strength: Double) {
        let parts = text.split(separator: "|")
        let relation = text.contains(">=") ? ">=" : text.contains("<=") ? "<=" : "=="
        let sides = parts[0].components(separatedBy: relation)
        let terms: [(String, Double)] = sides[0].split(separator: "+").map { term in
            let pieces = term.split(separator: "*")
            return pieces.count == 2 ? (String(pieces[1]), Double(pieces[0])!) : (String(pieces[0]), 1)
        }
        return (terms, relation, Double(sides[1])!, strengths[String(parts[1])]!)
    }

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
            let (terms, symbol, constant, strength) = parseItem(text)
            let relation: LayoutConstraint.Relation = symbol == ">=" ? .greaterThanOrEqual : symbol == "<=" ? .lessThanOrEqual : .equal
            return LayoutConstraint(LinearExpression(terms.map { (variable($0.0), $0.1) }), relation,
                                    LinearExpression(constant: constant), strength: strength)
        }
    }

    /// Medians of `repeats` runs, stopping early once the runs took `budget` milliseconds (at least one).
    static let enamlRepeats = 50, enamlRounds = 200
    static let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
    static let chains: [(count: Int, repeats: Int)] = [(100, 21), (500, 11), (1000, 5), (2000, 5)]
    static let budget = 2_000.0
    static let chainStrength = Strength.fromPriority(750)

    struct Timings {
        var build = 0.0, update = 0.0
        var chains: [(count: Int, add: Double, runs: Int, resolve: Double)] = []
    }

    struct Kiwi {
        var version = "", python = ""
        var callOverhead = 0.0
        var result = Timings()
    }

    @MainActor
    static func run() throws {
        var variableCount = 0, constraintCount = 0
        let ours = try measure(&variableCount, &constraintCount)
        let kiwi: Kiwi?
        switch runKiwi() {
        case .success(let measured): kiwi = measured
        case .failure(let reason):
            kiwi = nil
            print("kiwi: not measured (\(reason.message)); its column shows the numbers in x11-facts.md")
        }
        // Same-run kiwi numbers when there are some, else the ones measured on these machines earlier.
        let kiwiBuild = kiwi?.result.build ?? 0.29, kiwiUpdate = kiwi?.result.update ?? 0.57
        let kiwiName = kiwi.map { "kiwi \($0.version) (this run)" } ?? "kiwi (x11-facts.md)"

        print("| enaml-like form (\(variableCount) variables, \(constraintCount) constraints) | SceneHost | \(kiwiName) | SceneHost ÷ kiwi |")
        print("| --- | --- | --- | --- |")
        print(String(format: "| build | %.3f ms | %.3f ms | %.2f× |", ours.build, kiwiBuild, ours.build / kiwiBuild))
        print(String(format: "| suggest(w) + suggest(h) + update | %.3f µs | %.3f µs | %.2f× |", ours.update, kiwiUpdate, ours.update / kiwiUpdate))

        print("")
        print("| chained views | constraints | add all: SceneHost | \(kiwiName) | ÷ | re-solve after a width change: SceneHost | kiwi | ÷ |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        let factsAdd = [100: 1.8, 500: 58, 1000: 314, 2000: 9600.0], factsResolve = [2000: 0.46]
        for chain in ours.chains {
            let other = kiwi?.result.chains.first { $0.count == chain.count }
            let add = other?.add ?? factsAdd[chain.count], resolve = other?.resolve ?? (kiwi == nil ? factsResolve[chain.count] : nil)
            let runs = other.map { "\(chain.runs)/\($0.runs) runs" } ?? "\(chain.runs) runs"
            print(String(format: "| %d | %d | %@ | %@ | %@ | %@ | %@ | %@ |", chain.count, chain.count * 7,
                         formatTime(chain.add) + " (\(runs))", add.map(formatTime) ?? "–", ratio(chain.add, add),
                         formatTime(chain.resolve), resolve.map(formatTime) ?? "–", ratio(chain.resolve, resolve)))
        }
        if let kiwi {
            print("")
            print(String(format: "kiwi: kiwisolver %@ (its C++ core) from Python %@, timed inside the Python process like SceneHost (medians, "
                         + "perf_counter_ns, constraint objects made beforehand); its times include crossing from Python into C++ on every "
                         + "call, %.3f µs per call here (an empty hasEditVariable), so about %.2f µs of each suggest + suggest + update.",
                         kiwi.version, kiwi.python, kiwi.callOverhead, 3 * kiwi.callOverhead))
        }

        // Every target is a ratio to kiwi measured in this run. kiwi's C++ core cannot be built here
        // (kiwisolver's wheel ships no headers), so the constants measured elsewhere are no target;
        // without kiwi there is nothing to compare with in the same run, and no target either.
        guard let kiwi else {
            print("No same-run kiwi: no layout targets (the kiwi column shows figures from x11-facts.md).")
            return
        }
        report(target: "layout-enaml-build-vs-kiwi", value: ours.build / kiwi.result.build, unit: "×kiwi", goal: 1)
        report(target: "layout-enaml-resolve-vs-kiwi", value: ours.update / kiwi.result.update, unit: "×kiwi", goal: 1)
        if let chain2000 = ours.chains.first(where: { $0.count == 2000 }), let kiwi2000 = kiwi.result.chains.first(where: { $0.count == 2000 }) {
            report(target: "layout-chain-2000-build-vs-kiwi", value: chain2000.add / kiwi2000.add, unit: "×kiwi", goal: 1)
            report(target: "layout-chain-2000-resolve-vs-kiwi", value: chain2000.resolve / kiwi2000.resolve, unit: "×kiwi", goal: 1)
        }
    }

    static func formatTime(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.2f s", value / 1000) : value >= 1 ? String(format: "%.2f ms", value) : String(format: "%.3f ms", value)
    }

    static func ratio(_ ours: Double, _ theirs: Double?) -> String {
        guard let theirs, theirs > 0 else { return "–" }
        return String(format: "%.2f×", ours / theirs)
    }

    @MainActor
    static func measure(_ variableCount: inout Int, _ constraintCount: inout Int) throws -> Timings {
        var result = Timings()
        // 1. The enaml-like form.
        var builds: [Double] = []
        var updates: [Double] = []
        for _ in 0..<enamlRepeats {
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
            let total = try milliseconds {
                for _ in 0..<enamlRounds {
                    for (w, h) in sizes {
                        try solver.suggestValue(width, w)
                        try solver.suggestValue(height, h)
                        solver.updateVariables()
                    }
                }
            }
            updates.append(total * 1000 / Double(enamlRounds * sizes.count))
        }
        result.build = median(builds)
        result.update = median(updates)

        // 2. Chained vertical stacks.
        for (count, repeats) in chains {
            var adds: [Double] = []
            var solver = Solver()
            var windowWidth = LayoutVariable("windowWidth")
            while adds.count < repeats && (adds.isEmpty || adds.reduce(0, +) < budget) {
                solver = Solver()
                windowWidth = LayoutVariable("windowWidth")
                let constraints = chain(count, windowWidth)
                adds.append(try milliseconds {
                    try solver.addEditVariable(windowWidth, strength: Strength.strong)
                    for constraint in constraints { try solver.addConstraint(constraint) }
                })
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
            result.chains.append((count, median(adds), adds.count, median(resolves)))
        }
        return result
    }

    /// N views, each: top = previous bottom + 8, bottom − top = height, height fixed, left = 16,
    /// right − left = width, right = window width − 16, width ≥ 0 at priority 750.
    static func chain(_ count: Int, _ windowWidth: LayoutVariable) -> [LayoutConstraint] {
        var constraints: [LayoutConstraint] = []
        constraints.reserveCapacity(count * 7)
        var previousBottom: LayoutVariable?
        for index in 0..<count {
            let top = LayoutVariable(), bottom = LayoutVariable(), left = LayoutVariable(), right = LayoutVariable()
            let height = LayoutVariable(), width = LayoutVariable()
            let anchor = previousBottom.map { LinearExpression($0) + 8 } ?? LinearExpression(constant: 8)
            constraints += [
                LayoutConstraint(LinearExpression(top), .equal, anchor),
                LayoutConstraint(bottom - top, .equal, LinearExpression(height)),
                LayoutConstraint(LinearExpression(height), .equal, LinearExpression(constant: Double(20 + index % 7))),
                LayoutConstraint(LinearExpression(left), .equal, LinearExpression(constant: 16)),
                LayoutConstraint(right - left, .equal, LinearExpression(width)),
                LayoutConstraint(LinearExpression(right), .equal, windowWidth - 16),
                LayoutConstraint(LinearExpression(width), .greaterThanOrEqual, LinearExpression(constant: 0), strength: chainStrength),
            ]
            previousBottom = bottom
        }
        return constraints
    }

    // MARK: kiwi

    struct KiwiUnavailable: Error { let message: String }

    /// The package's root, from this file's path (the benchmark runs from a checkout).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func runKiwi() -> Result<Kiwi, KiwiUnavailable> {
        let environment = EnvironmentVariables()
        if environment.flag("SCENEHOST_KIWI", problem: { print($0) }) == false { return .failure(KiwiUnavailable(message: "SCENEHOST_KIWI is off")) }
        let script = root.appendingPathComponent("Sources/Benchmarks/kiwi_layout.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            return .failure(KiwiUnavailable(message: "\(script.path) is missing"))
        }
        let python: String
        if let chosen = environment["SCENEHOST_KIWI_PYTHON"] {
            python = chosen
        } else {
            let venv = root.appendingPathComponent(".build/kiwi-venv")
            python = venv.appendingPathComponent("bin/python").path
            if !FileManager.default.isExecutableFile(atPath: python) {
                let made = shell(["/usr/bin/env", "python3", "-m", "venv", venv.path])
                guard made.status == 0 else {
                    return .failure(KiwiUnavailable(message: "no Python 3 venv (python3 -m venv: \(made.error.lastLine))"))
                }
            }
            if shell([python, "-c", "import kiwisolver"]).status != 0 {
                print("kiwi: installing kiwisolver into .build/kiwi-venv with pip")
                let installed = shell([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "kiwisolver"])
                guard installed.status == 0 else {
                    return .failure(KiwiUnavailable(message: "pip install kiwisolver failed: \(installed.error.lastLine)"))
                }
            }
        }
        var form: [[String: Any]] = []
        for line in enamlForm.split(whereSeparator: { $0 == ";" || $0 == "\n" }) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let (terms, relation, constant, strength) = parseItem(text)
            form.append(["terms": terms.map { [$0.0, $0.1] as [Any] }, "relation": relation, "constant": constant, "strength": strength])
        }
        let spec: [String: Any] = [
            "enaml": ["sizes": sizes.map { [$0.0, $0.1] }, "rounds": enamlRounds, "repeats": enamlRepeats, "constraints": form],
            "chains": chains.map { ["count": $0.count, "repeats": $0.repeats] },
            "budget_ms": budget, "chain_strength": chainStrength,
        ]
        guard let input = try? JSONSerialization.data(withJSONObject: spec) else {
            return .failure(KiwiUnavailable(message: "could not encode the workloads"))
        }
        let run = shell([python, script.path], input: input)
        guard run.status == 0,
              let object = try? JSONSerialization.jsonObject(with: run.output) as? [String: Any],
              let enaml = object["enaml"] as? [String: Double], let chains = object["chains"] as? [[String: Any]] else {
            return .failure(KiwiUnavailable(message: "kiwi_layout.py failed: \(run.error.lastLine)"))
        }
        var kiwi = Kiwi(version: object["kiwisolver"] as? String ?? "?", python: object["python"] as? String ?? "?")
        kiwi.callOverhead = enaml["call_overhead_us"] ?? 0
        kiwi.result.build = enaml["build_ms"] ?? 0
        kiwi.result.update = enaml["update_us"] ?? 0
        kiwi.result.chains = chains.map {
            (($0["count"] as? Int) ?? 0, ($0["add_ms"] as? Double) ?? 0, ($0["runs"] as? Int) ?? 0, ($0["resolve_ms"] as? Double) ?? 0)
        }
        return .success(kiwi)
    }

    static func shell(_ arguments: [String], input: Data? = nil) -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        do { try process.run() } catch { return (-1, Data(), "\(error)") }
        // Read both pipes while the child runs, so neither fills up.
        nonisolated(unsafe) var errorData = Data()
        let reader = Thread { errorData = error.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try? standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        waitForExit(process)
        while !reader.isFinished { usleep(1000) }
        return (process.terminationStatus, data, String(decoding: errorData, as: UTF8.self))
    }
}

extension String {
    var lastLine: String { split(separator: "\n").last.map(String.init) ?? "no output" }
}
