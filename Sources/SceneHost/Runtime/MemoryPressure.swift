import Glibc

/// Linux's memory pressure as a file descriptor the event loop can wait on: a PSI trigger
/// (`/proc/pressure/memory`, Linux 4.20 and later) that becomes readable with `POLLPRI` when tasks were
/// stalled waiting for memory for 150 ms within a 2 s window. That is the kernel telling the process what
/// iOS's memory warning tells an app: memory is short now, give back what can be made again. The window
/// is 2 s because the kernel lets unprivileged processes set triggers only on multiples of 2 s.
final class MemoryPressure {
    let fileDescriptor: Int32

    /// The trigger, or nil where the kernel has no PSI or refuses it (then no warning ever comes from the
    /// system; Ctrl+Shift+M still simulates one).
    init?(path: String = "/proc/pressure/memory", stallMicroseconds: Int = 150_000, windowMicroseconds: Int = 2_000_000) {
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let trigger = "some \(stallMicroseconds) \(windowMicroseconds)"
        // The kernel reads the trigger with its terminating NUL.
        let written = trigger.withCString { write(descriptor, $0, strlen($0) + 1) }
        guard written > 0 else {
            close(descriptor)
            return nil
        }
        fileDescriptor = descriptor
    }

    deinit { close(fileDescriptor) }
}
