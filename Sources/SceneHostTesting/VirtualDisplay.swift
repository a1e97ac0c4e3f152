import Foundation
import Glibc
import X11

/// A private X display for tests and tours: Xvfb on a free display number with openbox managing it.
/// Never touches the caller's `$DISPLAY`. Both processes stop when the value is released, and also if
/// the test process dies (each runs under a small shell that ends it when our pipe closes).
public final class VirtualDisplay: @unchecked Sendable {
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The display name, e.g. ":7".
    public let name: String
    public let width: Int
    public let height: Int
    private let server: ChildProcess
    private let windowManager: ChildProcess
    /// Write ends of the pipes the supervising shells read; closing one (or our exit) ends that child.
    private let serverLifeline: Int32
    private let windowManagerLifeline: Int32
    /// openbox's (empty) configuration home, removed when the display stops.
    private let configHome: String

    /// Starts Xvfb (`width`×`height`, 24-bit) and openbox, and returns once openbox manages new windows.
    public init(width: Int = 1920, height: Int = 1080, timeout: Double = 15) throws {
        for (tool, package) in [("Xvfb", "xvfb"), ("openbox", "openbox")] where Self.findExecutable(tool) == nil {
            throw StartError(description: "\(tool) is not installed: install it with `apt-get install \(package)` (or `make test`, which installs what is missing)")
        }
        self.width = width
        self.height = height
        // Xvfb picks a free display number itself and writes it to fd 1 once it accepts connections.
        let serverPipe = ClosingPipe(), serverOutput = ClosingPipe()
        serverLifeline = serverPipe.write
        server = try Self.supervised("Xvfb -displayfd 1 -screen 0 \(width)x\(height)x24 -nolisten tcp -nolisten unix_abstract",
                                     lifeline: serverPipe.read, output: serverOutput.write, environment: nil)
        close(serverPipe.read)
        close(serverOutput.write)
        defer { close(serverOutput.read) }
        guard let number = Self.readLine(from: serverOutput.read, timeout: timeout), Int(number) != nil else {
            close(serverLifeline)
            server.signal()
            server.wait()
            throw StartError(description: "Xvfb did not start within \(Int(timeout)) s (try `Xvfb -displayfd 1` by hand to see why)")
        }
        name = ":" + number

        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = name
        // An empty configuration home: openbox runs with its defaults whatever the user configured. It
        // goes with the display.
        configHome = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-openbox-\(getpid())-\(number)").path
        try? FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
        environment["XDG_CONFIG_HOME"] = configHome
        let windowManagerPipe = ClosingPipe()
        windowManagerLifeline = windowManagerPipe.write
        do {
            windowManager = try Self.supervised("openbox --sm-disable", lifeline: windowManagerPipe.read, output: nil,
                                                environment: environment)
        } catch {
            close(windowManagerPipe.read)
            close(windowManagerLifeline)
            close(serverLifeline)
            server.wait()
            try? FileManager.default.removeItem(atPath: configHome)
            throw error
        }
        close(windowManagerPipe.read)
        // Every property is set: if this throws, deinit stops both processes.
        try waitForWindowManager(timeout: timeout)
    }

    deinit { stop() }

    /// A new client connection to this display (each test side, the app under test and the "other
    /// client" that resizes windows, has its own). It keeps the display running while it is open, so a
    /// connection never outlives its server (closing a connection to a server that is gone is an X I/O
    /// error).
    @MainActor
    public func connect() throws -> Display {
        let display = try Display(name: name)
        display.owner = self
        return display
    }

    /// Ends the X server now, leaving its clients without a connection (tests of an app losing its
    /// display). Use it only when no connection of this process is open to it.
    public func stopServer() {
        server.signal()   // its supervising shell ends it
        _ = server.wait()
    }

    private func stop() {
        // Closing a lifeline makes its shell end the child, then exit; SIGTERM does the same for a
        // shell that somehow still waits.
        close(windowManagerLifeline)
        close(serverLifeline)
        for process in [windowManager, server] where process.wait(timeout: 5) == nil {
            process.signal()
            process.wait()
        }
        try? FileManager.default.removeItem(atPath: configHome)
    }

    /// openbox is ready once it owns `_NET_SUPPORTING_WM_CHECK`, and really manages windows once a probe
    /// window gets reparented into a frame (a window mapped earlier can stay unmapped for good).
    private func waitForWindowManager(timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        let display = try Display(name: name)
        func wait(_ condition: () -> Bool, what: String) throws {
            while !condition() {
                guard Date() < deadline, windowManager.isRunning else {
                    throw StartError(description: "openbox did not \(what) on \(name) within \(Int(timeout)) s")
                }
                usleep(10_000)
            }
        }
        try wait({ display.cardinalProperty(display.root, "_NET_SUPPORTING_WM_CHECK") != nil }, what: "start")
        // A window mapped while openbox is still starting can stay unmapped for good: map probes until
        // one gets a frame.
        var managed = false
        while !managed {
            let probe = TopLevelWindow(display: display, width: 10, height: 10, title: "probe", className: "Probe", instanceName: "probe")
            probe.map()
            display.flush()
            let probeDeadline = Date().addingTimeInterval(0.5)
            while !managed, Date() < probeDeadline {
                managed = display.frameExtents(probe.id) != nil
                if !managed { usleep(10_000) }
            }
            probe.destroy()
            display.sync()
            guard managed || (Date() < deadline && windowManager.isRunning) else {
                throw StartError(description: "openbox did not manage windows on \(name) within \(Int(timeout)) s")
            }
        }
    }

    /// Runs `command` under `sh`, which ends it when `lifeline` reaches end of file (when we close our
    /// end, or exit in any way).
    private static func supervised(_ command: String, lifeline: Int32, output: Int32?, environment: [String: String]?) throws -> ChildProcess {
        let script = "\(command) </dev/null 2>/dev/null \(output == nil ? ">/dev/null" : "") & child=$!; "
            + "trap 'kill $child' TERM; read _ignored; kill $child 2>/dev/null; wait $child"
        return try ChildProcess("/bin/sh", ["-c", script], environment: environment, standardInput: lifeline, standardOutput: output)
    }

    private static func readLine(from fd: Int32, timeout: Double) -> String? {
        var pollDescriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard poll(&pollDescriptor, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return text }
            text.append(Character(Unicode.Scalar(byte)))
        }
        return nil
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
