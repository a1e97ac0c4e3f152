import CMainQueue
import Foundation
import Glibc

/// Serves `DispatchQueue.main` (and so the main actor) on the main thread, as an app's `SceneRuntime`
/// loop does, for a program whose work is an async function: a benchmark driving an `AppHarness`.
///
/// Without it such a program's top level awaits, and Swift ends its `main` in `dispatchMain()`: the main
/// queue then runs on libdispatch's worker threads, one after another, where the app runs it on the
/// main thread (what a block costs, and which thread's cache of continuations it is freed into,
/// differ).
@MainActor
public enum MainQueueDriver {
    /// Whether the work is still running as it started: on the main thread, called straight from
    /// `run(_:)` (`Task.immediate`) and not yet suspended, so no main-queue block is under it. An
    /// `AppHarness` may then let the app's own loop serve the main queue (`drivesMainQueue`), as in
    /// the app, if the work never suspends while that harness runs.
    public private(set) static var runsOutsideMainQueue = false
    /// True while this driver runs main-queue blocks (the work, once it has suspended, among them).
    public private(set) static var isServingMainQueue = false

    /// Runs `work` on the main actor, serving the main queue on this (the main) thread until `work`
    /// returns, then exits with status 0. Call from the main thread, with nothing else draining the
    /// main queue. The work starts at once on this thread (`Task.immediate`): until it first suspends
    /// it runs outside any main-queue block (`runsOutsideMainQueue`).
    public static func run(_ work: @escaping @MainActor () async -> Void) -> Never {
        let handle = _dispatch_get_main_queue_handle_4CF()
        runsOutsideMainQueue = true
        Task.immediate { @MainActor in
            await work()
            exit(0)
        }
        // The work suspended (or never started at once): from here it resumes in main-queue blocks.
        runsOutsideMainQueue = false
        while true {
            var descriptor = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, -1)
            var value: UInt64 = 0
            _ = read(handle, &value, 8)   // clears the eventfd; the callback drains the queue
            isServingMainQueue = true
            _dispatch_main_queue_callback_4CF(nil)
            isServingMainQueue = false
        }
    }
}
