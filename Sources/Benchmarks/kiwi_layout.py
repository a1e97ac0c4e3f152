"""The layout benchmark's workloads on kiwisolver (kiwi's C++ core through its Python binding).

Run by `Benchmarks layout`: reads the workloads as JSON on stdin, times them the way the Swift side
does (median of repeats, perf_counter_ns), prints the results as JSON on stdout. Constraint objects are
made outside the timed regions, as on the Swift side; what is timed are the solver calls, each of which
crosses from Python into C++ (`call_overhead_us` measures one such call).
"""
import json
import sys
import time

import kiwisolver as kiwi


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 0.0


def now_ms():
    return time.perf_counter_ns() / 1e6


def enaml(spec):
    sizes = spec["sizes"]
    rounds = spec["rounds"]
    builds, updates = [], []
    for _ in range(spec["repeats"]):
        variables = {}

        def variable(name):
            if name not in variables:
                variables[name] = kiwi.Variable(name)
            return variables[name]

        constraints = []
        for item in spec["constraints"]:
            expression = sum((coefficient * variable(name) for name, coefficient in item["terms"]), 0.0)
            relation = item["relation"]
            constant = item["constant"]
            if relation == "==":
                constraint = expression == constant
            elif relation == ">=":
                constraint = expression >= constant
            else:
                constraint = expression <= constant
            constraints.append(constraint | item["strength"])
        width, height = variable("width"), variable("height")
        solver = kiwi.Solver()
        start = now_ms()
        solver.addEditVariable(width, "strong")
        solver.addEditVariable(height, "strong")
        for constraint in constraints:
            solver.addConstraint(constraint)
        builds.append(now_ms() - start)
        suggest, update = solver.suggestValue, solver.updateVariables
        start = now_ms()
        for _ in range(rounds):
            for w, h in sizes:
                suggest(width, w)
                suggest(height, h)
                update()
        updates.append((now_ms() - start) * 1000 / (rounds * len(sizes)))
    # One Python → C++ call that does almost nothing, for the note on call overhead.
    overhead = []
    for _ in range(21):
        start = time.perf_counter_ns()
        for _ in range(10000):
            solver.hasEditVariable(width)
        overhead.append((time.perf_counter_ns() - start) / 1e3 / 10000)
    return {"build_ms": median(builds), "update_us": median(updates), "call_overhead_us": median(overhead)}


def chain(count, repeats, budget_ms, strength):
    adds = []
    solver = window_width = None
    spent = 0.0
    while len(adds) < repeats and (not adds or spent < budget_ms):
        solver = kiwi.Solver()
        window_width = kiwi.Variable("windowWidth")
        constraints = []
        previous_bottom = None
        for index in range(count):
            top, bottom, left, right = kiwi.Variable(), kiwi.Variable(), kiwi.Variable(), kiwi.Variable()
            height, width = kiwi.Variable(), kiwi.Variable()
            anchor = previous_bottom + 8 if previous_bottom is not None else 8
            constraints += [
                top == anchor,
                bottom - top == height,
                height == 20 + index % 7,
                left == 16,
                right - left == width,
                right == window_width - 16,
                (width >= 0) | strength,
            ]
            previous_bottom = bottom
        start = now_ms()
        solver.addEditVariable(window_width, "strong")
        for constraint in constraints:
            solver.addConstraint(constraint)
        elapsed = now_ms() - start
        adds.append(elapsed)
        spent += elapsed
    solver.suggestValue(window_width, 800)
    solver.updateVariables()
    resolves = []
    for round in range(100):
        start = now_ms()
        solver.suggestValue(window_width, 640 if round % 2 == 0 else 1024)
        solver.updateVariables()
        resolves.append(now_ms() - start)
    return {"count": count, "add_ms": median(adds), "runs": len(adds), "resolve_ms": median(resolves)}


def main():
    spec = json.load(sys.stdin)
    result = {
        "kiwisolver": kiwi.__version__,
        "python": sys.version.split()[0],
        "enaml": enaml(spec["enaml"]),
        "chains": [chain(item["count"], item["repeats"], spec["budget_ms"], spec["chain_strength"])
                   for item in spec["chains"]],
    }
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
