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
    private let server: Process
    private let windowManager: Process
    private let serverLifeline: Pipe
    private let windowManagerLifeline: Pipe

    /// Starts Xvfb (`width`×`height`, 24-bit) and openbox, and returns once openbox manages new windows.
    public init(width: Int = 1920, height: Int = 1080, timeout: Double = 15) throws {
        for (tool, package) in [("Xvfb", "xvfb"), ("openbox", "openbox")] where Self.findExecutable(tool) == nil {
            throw StartError(description: "\(tool) is not installed: install it with `apt-get install \(package)` (or `make test`, which installs what is missing)")
        }
        self.width = width
        self.height = height
        // Xvfb picks a free display number itself and writes it to fd 1 once it accepts connections.
        serverLifeline = Pipe()
        let serverOutput = Pipe()
        server = Self.supervised("Xvfb -displayfd 1 -screen 0 \(width)x\(height)x24 -nolisten tcp -nolisten unix_abstract 2>/dev/null",
                                 lifeline: serverLifeline, output: serverOutput, environment: nil)
        try server.run()
        guard let number = Self.readLine(from: serverOutput.fileHandleForReading, timeout: timeout), Int(number) != nil else {
            server.terminate()
            throw StartError(description: "Xvfb did not start within \(Int(timeout)) s (is another X server hogging resources? try running `Xvfb -displayfd 1` by hand)")
        }
        name = ":" + number

        windowManagerLifeline = Pipe()
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = name
        // An empty configuration home: openbox runs with its defaults whatever the user configured.
        let configHome = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-openbox-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
        environment["XDG_CONFIG_HOME"] = configHome
        windowManager = Self.supervised("openbox --sm-disable >/dev/null 2>&1", lifeline: windowManagerLifeline,
                                        output: nil, environment: environment)
        do {
            try windowManager.run()
            try waitForWindowManager(timeout: timeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// A new client connection to this display (each test side, the app under test and the "other
    /// client" that resizes windows, has its own).
    @MainActor
    public func connect() throws -> Display { try Display(name: name) }

    private func stop() {
        // Closing a lifeline makes its shell end the child; then the shells exit.
        try? windowManagerLifeline.fileHandleForWriting.close()
        try? serverLifeline.fileHandleForWriting.close()
        windowManager.waitUntilExit()
        server.waitUntilExit()
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
        let probe = TopLevelWindow(display: display, width: 10, height: 10, title: "probe", className: "Probe", instanceName: "probe")
        probe.map()
        display.flush()
        try wait({ display.frameExtents(probe.id) != nil }, what: "manage windows")
        probe.destroy()
        display.sync()
    }

    /// Runs `command` under `sh`, which ends it when `lifeline`'s write end closes (our exit included).
    private static func supervised(_ command: String, lifeline: Pipe, output: Pipe?, environment: [String: String]?) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(command) & child=$!; read _ignored; kill $child 2>/dev/null; wait $child"]
        process.standardInput = lifeline
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let environment { process.environment = environment }
        return process
    }

    private static func readLine(from handle: FileHandle, timeout: Double) -> String? {
        var pollDescriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard poll(&pollDescriptor, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1 else { return nil }
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
