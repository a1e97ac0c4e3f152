import Foundation
@_spi(Runtime) import SceneHost
import SceneHostTesting

// `swift run -c release Benchmarks [NAME…]`: prints each benchmark's table, then one line per target:
// `target NAME: VALUE UNIT (goal GOAL) met|missed`. Numbers never fail the test suite.

@MainActor
protocol Benchmark {
    static var name: String { get }
    static func run() async throws
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func report(target name: String, value: Double, unit: String, goal: Double, lowerIsBetter: Bool = true) {
    let met = lowerIsBetter ? value <= goal : value >= goal
    print(String(format: "target %@: %.3f %@ (goal %@ %.3f) %@", name, value, unit, lowerIsBetter ? "≤" : "≥", goal, met ? "met" : "missed"))
}

// The storm first: it drives the app as the app's own loop does only while nothing has awaited yet
// (`MainQueueDriver.runsOutsideMainQueue`).
let benchmarks: [any Benchmark.Type] = [StormBenchmark.self, ResizeFrameBenchmark.self, TraitPropagationBenchmark.self,
                                        LayoutBenchmark.self, ResizeDragBenchmark.self, AnimationBenchmark.self,
                                        HitTestBenchmark.self, PresentationBenchmark.self, ImageBenchmark.self,
                                        ScrollCopyBenchmark.self, CollectionBenchmark.self, ContactSheetBenchmark.self,
                                        TypingBenchmark.self, PeersBenchmark.self]
/// Waits for `process` to end. Not `Process.waitUntilExit()`: that runs the thread's run loop, which on
/// the main thread serves the main queue, inside the main-queue block running now (`MainQueueDriver`).
func waitForExit(_ process: Process) {
    var info = siginfo_t()
    // Waits without reaping the child: Foundation's own watch reaps it and marks it ended.
    while waitid(P_PID, id_t(process.processIdentifier), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
    while process.isRunning { usleep(100) }
}

let requested = Set(CommandLine.arguments.dropFirst())
// The main queue (and so the main actor, where the app runs) is served on the main thread, as the app's
// own loop serves it, not on libdispatch's worker threads as an async top level would have it.
MainQueueDriver.run {
    for benchmark in benchmarks where requested.isEmpty || requested.contains(benchmark.name) {
        print("== \(benchmark.name)")
        do { try await benchmark.run() } catch { print("\(benchmark.name) failed: \(error)") }
    }
}
