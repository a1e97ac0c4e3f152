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
public enum MainQueueDriver {
    /// Runs `work` on the main actor, serving the main queue on this (the main) thread until `work`
    /// returns, then exits with status 0. Call from the main thread, with nothing else draining the
    /// main queue.
    public static func run(_ work: @escaping @MainActor () async -> Void) -> Never {
        let handle = _dispatch_get_main_queue_handle_4CF()
        Task { @MainActor in
            await work()
            exit(0)
        }
        while true {
            var descriptor = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, -1)
            var value: UInt64 = 0
            _ = read(handle, &value, 8)   // clears the eventfd; the callback drains the queue
            _dispatch_main_queue_callback_4CF(nil)
        }
    }
}
