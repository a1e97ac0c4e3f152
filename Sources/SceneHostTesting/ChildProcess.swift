import Foundation
import Glibc

/// A child process started with `posix_spawn` and a clean signal state.
///
/// Foundation's `Process` starts children with the calling thread's signal mask; main-actor code often
/// runs on a libdispatch worker thread, which blocks nearly every signal, so such children could never be
/// stopped with SIGTERM. This one resets the mask and the handlers.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    private var status: Int32?

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments`. Standard input,
    /// output and error are the given descriptors (default: /dev/null, inherited, inherited).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                standardInput: Int32? = nil, standardOutput: Int32? = nil, standardError: Int32? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput { posix_spawn_file_actions_adddup2(&actions, standardInput, 0) } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let path = executable.contains("/") ? executable : (VirtualDisplay.findExecutable(executable) ?? executable)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environment)
        guard result == 0 else {
            throw VirtualDisplay.StartError(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    public var isRunning: Bool {
        guard status == nil else { return false }
        var value: Int32 = 0
        if waitpid(pid, &value, WNOHANG) == pid { status = value; return false }
        return true
    }

    public func signal(_ signal: Int32 = SIGTERM) { if isRunning { kill(pid, signal) } }

    /// Waits for the process to end and returns its exit status (128 + signal number if killed).
    @discardableResult
    public func wait() -> Int32 {
        if status == nil {
            var value: Int32 = 0
            while waitpid(pid, &value, 0) < 0 && errno == EINTR {}
            status = value
        }
        let value = status!
        return value & 0x7f == 0 ? (value >> 8) & 0xff : 128 + (value & 0x7f)
    }

    /// Waits at most `timeout` seconds; nil if it is still running. Suspends rather than blocks, so the
    /// caller's actor (the main actor, where an app under test runs its loop) goes on meanwhile.
    public func wait(timeout: Double) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() >= deadline { return nil }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return wait()
    }

    /// Waits at most `timeout` seconds, blocking the calling thread; nil if it is still running.
    public func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() >= deadline { return nil }
            usleep(5_000)
        }
        return wait()
    }
}

/// A pipe whose ends are closed on exec, so only the descriptors a child is given explicitly reach it.
struct ClosingPipe {
    let read: Int32
    let write: Int32

    init() {
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        read = fds[0]
        write = fds[1]
    }
}
