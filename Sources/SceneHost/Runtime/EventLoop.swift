import CMainQueue
import Foundation
import Glibc

/// The one loop every scene shares. Each turn: drain every queued X event, then one frame per scene that
/// needs it, then sleep in `poll()` until the X connection or the main queue has something. Timers are
/// libdispatch's (`DispatchQueue.main.asyncAfter`, `Task.sleep`): when one fires, its work lands on the
/// main queue and wakes the loop. Nothing polls on a clock.
@MainActor
final class EventLoop {
    private let xConnection: Int32
    /// libdispatch's wake-up descriptor, once this loop drives `DispatchQueue.main` (apps); tests leave
    /// the main queue to the test runner's own loop.
    private var mainQueue: Int32?

    /// The kernel's memory-pressure trigger, where it has one.
    private let memoryPressure = MemoryPressure()
    /// Runs when the kernel reports memory pressure.
    var onMemoryPressure: () -> Void = {}

    init(xConnection: Int32) { self.xConnection = xConnection }

    /// From now on this loop runs `DispatchQueue.main` work and main-actor tasks. Call at most once, from
    /// the main thread, and only when nothing else (`dispatchMain()`, an async `main`) drives the queue.
    func driveMainQueue() {
        mainQueue = _dispatch_get_main_queue_handle_4CF()
    }

    /// Whether this loop serves `DispatchQueue.main`.
    var drivesMainQueue: Bool { mainQueue != nil }
    /// True while main-queue work this loop runs is running: a turn asked for from inside it would drain
    /// the queue again within one of its own blocks.
    private(set) var isServingMainQueue = false

    /// Sleeps until there is something to do (at most `maximumWait` seconds; nil: no limit) and runs the
    /// main-queue work that is due. `busy` means work is already pending: do not sleep.
    func wait(busy: Bool, maximumWait: Double? = nil) {
        let timeout: Double? = busy ? 0 : maximumWait
        var fds = [pollfd(fd: xConnection, events: Int16(POLLIN), revents: 0)]
        if let memoryPressure { fds.append(pollfd(fd: memoryPressure.fileDescriptor, events: Int16(POLLPRI), revents: 0)) }
        if let mainQueue { fds.append(pollfd(fd: mainQueue, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.map { Int32(min(($0 * 1000).rounded(.up), 1e9)) } ?? -1
        _ = poll(&fds, nfds_t(fds.count), milliseconds)
        if memoryPressure != nil, fds[1].revents & Int16(POLLPRI) != 0 { onMemoryPressure() }
        if let mainQueue, fds.last!.revents & Int16(POLLIN) != 0 {
            var value: UInt64 = 0
            _ = read(mainQueue, &value, 8)   // clears the eventfd; the callback drains the queue
            isServingMainQueue = true
            _dispatch_main_queue_callback_4CF(nil)
            isServingMainQueue = false
        }
    }
}
