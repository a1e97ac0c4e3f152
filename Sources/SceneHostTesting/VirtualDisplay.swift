import Foundation
import Glibc
import X11

/// A private X display for tests and tours: Xvfb on a free display number with a window manager
/// (openbox unless asked otherwise) managing it, or Xwayland under weston. Never touches the caller's
/// `$DISPLAY`. Every process stops when the value is released, and also if the test process dies (each
/// runs under a small shell that ends it, with whatever it started, when our pipe closes).
public final class VirtualDisplay: @unchecked Sendable {
    /// Why the display, or a program on it, could not start or do what was asked.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The window managers a virtual display can run. What each does differs, and SceneHost degrades
    /// where one lacks something; the differences that matter to a scene are listed on each.
    public enum WindowManager: String, Sendable, CustomStringConvertible {
        /// openbox (Debian `openbox`), a stacking manager: the sync protocol on drags, size hints on
        /// every resize, maximize, iconify. The default.
        case openbox
        /// xfwm4 (Debian `xfwm4`), Xfce's manager, without its compositor, on a D-Bus session of its
        /// own: the sync protocol on drags, size hints on every resize, maximize, iconify. It ignores a
        /// maximize request for a window whose maximum size is smaller than the screen, and places a
        /// new window in the screen's top-left corner when there is room.
        case xfwm4
        /// i3 (Debian `i3-wm`), a tiling manager, with a minimal configuration of its own (no programs
        /// started, Alt+right-drag resizes floating windows). A tiled window fills its tile whatever
        /// its size hints, and other clients' resizes of it are refused; `setFloating(_:)` floats one.
        /// A floating window is held to its hints on a drag but not on another client's resize. No
        /// sync protocol (a drag is told by its burst of resizes), no maximize (full screen instead),
        /// no iconify (its scratchpad hides a window instead).
        case i3
        /// weston (Debian `weston` and `xwayland`), as most Linux desktops run X11 apps today: not on
        /// Xvfb but on Xwayland, under weston's headless backend, managed by weston's own X window
        /// manager. Windows map, resize and maximize; there is no sync protocol, no
        /// `_NET_FRAME_EXTENTS` and no keyboard focus (no seat). Xwayland is rootless: capture windows,
        /// not the screen. XTest pointer motion crashes this Xwayland (every client loses its
        /// connection): do not move `SyntheticInput`'s pointer.
        case weston

        /// The managers that run on Xvfb, where everything the test kit does works.
        public static let onXvfb: [WindowManager] = [.openbox, .xfwm4, .i3]

        public var description: String { rawValue }

        /// The executables it needs, each with the Debian package that has it.
        var executables: [(name: String, package: String)] {
            switch self {
            case .openbox: [("Xvfb", "xvfb"), ("openbox", "openbox")]
            case .xfwm4: [("Xvfb", "xvfb"), ("xfwm4", "xfwm4"), ("dbus-run-session", "dbus")]
            case .i3: [("Xvfb", "xvfb"), ("i3", "i3-wm")]
            case .weston: [("weston", "weston"), ("Xwayland", "xwayland")]
            }
        }
    }

    /// The display name, e.g. ":7".
    public let name: String
    public let width: Int
    public let height: Int
    /// The window manager that manages this display's windows.
    public let windowManager: WindowManager
    private let server: ChildProcess
    /// The window manager's supervising shell (the server's, under weston, which is both).
    let windowManagerProcess: ChildProcess
    /// Write ends of the pipes the supervising shells read; closing one (or our exit) ends that child.
    private let serverLifeline: Int32
    private let windowManagerLifeline: Int32?
    /// The window manager's configuration, cache and data homes (empty, or i3's minimal
    /// configuration; weston's runtime folder and log): it runs with its defaults whatever the user
    /// configured, and writes nothing of the user's. Removed when the display stops.
    let configHome: String
    /// Under weston, the connection that probed the window manager, kept open until the display stops.
    /// X gives a new client the resource IDs of the last one to leave, so the app's first window would
    /// have the ID of the probe window just destroyed, and weston's X window manager (10.0) then never
    /// shows it: that happened in most runs on a busy machine.
    private var probeConnection: Display?

    /// Starts Xvfb (`width`×`height`, 24-bit) and `windowManager` (or, for `.weston`, weston with
    /// Xwayland), and returns once the window manager manages new windows.
    public init(width: Int = 1920, height: Int = 1080, windowManager: WindowManager = .openbox, timeout: Double = 15) throws {
        try Self.checkInstalled(windowManager)
        self.width = width
        self.height = height
        self.windowManager = windowManager
        let started = windowManager == .weston
            ? try Self.startWeston(width: width, height: height, timeout: timeout)
            : try Self.startXvfb(width: width, height: height, windowManager: windowManager, timeout: timeout)
        (name, server, serverLifeline) = (started.name, started.server, started.serverLifeline)
        (windowManagerProcess, windowManagerLifeline, configHome) = (started.windowManager, started.windowManagerLifeline, started.configHome)
        // Every property is set: if this throws, deinit stops the processes.
        try waitForWindowManager(timeout: timeout)
    }

    /// What a start leaves running, for `init`.
    private struct Started {
        var name: String
        var server: ChildProcess
        var serverLifeline: Int32
        /// The server itself where one process is both (weston).
        var windowManager: ChildProcess
        var windowManagerLifeline: Int32?
        var configHome: String
    }

    /// Xvfb on a free display number, then `windowManager` on it.
    private static func startXvfb(width: Int, height: Int, windowManager: WindowManager, timeout: Double) throws -> Started {
        // Xvfb picks a free display number itself and writes it to fd 1 once it accepts connections.
        let serverPipe = ClosingPipe(), serverOutput = ClosingPipe()
        let serverLifeline = serverPipe.write
        let server = try supervised("Xvfb -displayfd 1 -screen 0 \(width)x\(height)x24 -nolisten tcp -nolisten unix_abstract",
                                    lifeline: serverPipe.read, output: serverOutput.write, environment: nil)
        close(serverPipe.read)
        close(serverOutput.write)
        defer { close(serverOutput.read) }
        guard let number = readLine(from: serverOutput.read, timeout: timeout), Int(number) != nil else {
            close(serverLifeline)
            server.signal()
            server.wait()
            throw StartError(description: "Xvfb did not start within \(Int(timeout)) s (try `Xvfb -displayfd 1` by hand to see why)")
        }

        let configHome = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenehost-\(windowManager)-\(getpid())-\(number)").path
        let command: String
        var environment: [String: String]
        do {
            try FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
            (command, environment) = try windowManagerCommand(windowManager, configHome: configHome)
        } catch {
            close(serverLifeline)
            server.wait()
            try? FileManager.default.removeItem(atPath: configHome)
            throw error
        }
        environment["DISPLAY"] = ":" + number
        let windowManagerPipe = ClosingPipe()
        let windowManagerProcess: ChildProcess
        do {
            // The folder goes with the manager, even when this process dies.
            windowManagerProcess = try supervised(command, lifeline: windowManagerPipe.read, output: nil, environment: environment,
                                                  removingAfterwards: configHome)
        } catch {
            close(windowManagerPipe.read)
            close(windowManagerPipe.write)
            close(serverLifeline)
            server.wait()
            try? FileManager.default.removeItem(atPath: configHome)
            throw error
        }
        close(windowManagerPipe.read)
        return Started(name: ":" + number, server: server, serverLifeline: serverLifeline, windowManager: windowManagerProcess,
                       windowManagerLifeline: windowManagerPipe.write, configHome: configHome)
    }

    /// weston on its headless backend with Xwayland, which starts with the first X client. weston takes
    /// the first display number that has neither a lock file nor a socket in use (as X servers do;
    /// there is no option to choose one) and logs it. Its Wayland socket and runtime folder are the
    /// display's own, and it reads no weston.ini.
    private static func startWeston(width: Int, height: Int, timeout: Double) throws -> Started {
        let configHome = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenehost-weston-\(getpid())-\(UUID().uuidString.prefix(8))").path
        let runtime = configHome + "/runtime", log = configHome + "/weston.log"
        var environment = ProcessInfo.processInfo.environment
        for variable in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] { environment[variable] = configHome }
        for variable in ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DBUS_SESSION_BUS_ADDRESS", "SESSION_MANAGER"] {
            environment[variable] = nil
        }
        environment["XDG_RUNTIME_DIR"] = runtime
        let lifeline = ClosingPipe()
        let process: ChildProcess
        do {
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            process = try supervised("weston --backend=headless-backend.so --xwayland --no-config --socket=scenehost "
                                     + "--width=\(width) --height=\(height) --idle-time=0 --log=\(quoted(log))",
                                     lifeline: lifeline.read, output: nil, environment: environment, removingAfterwards: configHome)
        } catch {
            close(lifeline.read)
            close(lifeline.write)
            try? FileManager.default.removeItem(atPath: configHome)
            throw error
        }
        close(lifeline.read)
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        while Date() < deadline, process.isRunning {
            text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.contains("xserver listening on display :") }),
               let number = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                return Started(name: ":\(number)", server: process, serverLifeline: lifeline.write, windowManager: process,
                               windowManagerLifeline: nil, configHome: configHome)
            }
            usleep(10_000)
        }
        close(lifeline.write)
        if process.wait(timeout: 5) == nil { process.signal() }
        process.wait()
        try? FileManager.default.removeItem(atPath: configHome)
        let tail = text.split(separator: "\n").suffix(5).joined(separator: "\n")
        throw StartError(description: "weston did not start Xwayland within \(Int(timeout)) s; its log ends:\n\(tail)")
    }

    /// The command that starts `manager` and its environment: the caller's, with the configuration
    /// homes in `configHome` and no session bus or session manager of the caller's.
    private static func windowManagerCommand(_ manager: WindowManager, configHome: String) throws -> (String, [String: String]) {
        var environment = ProcessInfo.processInfo.environment
        for variable in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] { environment[variable] = configHome }
        for variable in ["DBUS_SESSION_BUS_ADDRESS", "SESSION_MANAGER"] { environment[variable] = nil }
        switch manager {
        case .openbox:
            return ("openbox --sm-disable", environment)
        case .xfwm4:
            // xfwm4 needs a session bus (for xfconfd, its settings daemon); without one it starts
            // `dbus-launch` and leaves its daemons running. A private one ends with it. No accessibility
            // bus, no session manager; its compositor would only slow the virtual display down.
            environment["NO_AT_BRIDGE"] = "1"
            return ("dbus-run-session -- xfwm4 --compositor=off --sm-client-disable", environment)
        case .weston:
            preconditionFailure("weston is a server of its own: see startWeston")
        case .i3:
            // i3's default configuration starts programs (a notification applet, a screen locker);
            // this one starts none. Without the version line i3 takes it for a version 3 file and
            // converts it, adding a status bar. Its IPC socket stays in the folder too.
            let config = "\(configHome)/i3.config"
            try """
            # i3 config file (v4)
            # SceneHost's virtual display: i3 with its defaults, starting no programs.
            font pango:monospace 8
            floating_modifier Mod1
            ipc-socket \(configHome)/ipc.sock

            """.write(toFile: config, atomically: true, encoding: .utf8)
            return ("i3 -c \(quoted(config)) --shmlog-size 0", environment)
        }
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

    /// i3 only: floats `window` (or tiles it again), as i3's `floating enable` command does. A floating
    /// window is placed at the size it asked for and can be moved and resized; a tiled one fills its
    /// tile. Under the other managers every window floats, and this does nothing.
    public func setFloating(_ window: Window, _ floating: Bool = true) throws {
        guard windowManager == .i3 else { return }
        try i3Command("[id=\(window)] floating \(floating ? "enable" : "disable")")
    }

    /// i3 only: has i3 carry out `command` (an i3 command such as `[id=123] move scratchpad`), through
    /// `i3-msg` and the display's own IPC socket; returns once it is done. Throws if i3 refuses it, or
    /// if the display runs another manager.
    public func i3Command(_ command: String) throws {
        guard windowManager == .i3 else { throw StartError(description: "`\(command)` is an i3 command; \(name) runs \(windowManager)") }
        let silent = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(silent) }
        let process = try ChildProcess("i3-msg", ["-s", "\(configHome)/ipc.sock", command], standardOutput: silent)
        guard let status = process.wait(timeout: 5) else {
            process.signal()
            process.wait()
            throw StartError(description: "i3 did not answer `\(command)` within 5 s")
        }
        guard status == 0 else { throw StartError(description: "i3 refused `\(command)` (i3-msg exit status \(status))") }
    }

    private func stop() {
        // Closed while its server still runs (closing a connection to a server that is gone is an X
        // I/O error).
        probeConnection = nil
        // Closing a lifeline makes its shell end the child, then exit; SIGTERM does the same for a
        // shell that somehow still waits.
        if let windowManagerLifeline { close(windowManagerLifeline) }
        close(serverLifeline)
        for process in [windowManagerProcess, server] where process.wait(timeout: 5) == nil {
            process.signal()
            process.wait()
        }
        try? FileManager.default.removeItem(atPath: configHome)
    }

    /// The window manager is ready once it owns the `WM_S0` selection (`_NET_SUPPORTING_WM_CHECK` can
    /// be left over from a manager that died), and really manages windows once a probe window gets
    /// reparented into a frame (a window mapped earlier can stay unmapped for good).
    private func waitForWindowManager(timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        let display = try Display(name: name)
        func wait(_ condition: () -> Bool, what: String) throws {
            while !condition() {
                guard Date() < deadline, windowManagerProcess.isRunning else {
                    throw StartError(description: "\(windowManager) did not \(what) on \(name) within \(Int(timeout)) s")
                }
                usleep(10_000)
            }
        }
        try wait({ display.selectionOwner("WM_S\(display.screen)") != 0 }, what: "start")
        // A window mapped while the manager is still starting can stay unmapped for good: map probes
        // until one gets a frame (not every manager sets `_NET_FRAME_EXTENTS`; all of these reparent).
        var managed = false
        while !managed {
            let probe = TopLevelWindow(display: display, width: 10, height: 10, title: "probe", className: "Probe", instanceName: "probe")
            probe.map()
            display.flush()
            let probeDeadline = Date().addingTimeInterval(0.5)
            while !managed, Date() < probeDeadline {
                managed = display.frameExtents(probe.id) != nil || display.parent(of: probe.id).map { $0 != display.root } == true
                if !managed { usleep(10_000) }
            }
            probe.destroy()
            display.sync()
            guard managed || (Date() < deadline && windowManagerProcess.isRunning) else {
                throw StartError(description: "\(windowManager) did not manage windows on \(name) within \(Int(timeout)) s")
            }
        }
        if windowManager == .weston { probeConnection = display }
    }

    /// `text` as one word for `sh`.
    private static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs `command` under `sh`, which ends it when `lifeline` reaches end of file (when we close our
    /// end, or exit in any way), then removes `folder`. The command runs in a session (and process
    /// group) of its own, and the whole group is ended: what it started (xfwm4's bus and settings
    /// daemon) ends with it.
    private static func supervised(_ command: String, lifeline: Int32, output: Int32?, environment: [String: String]?,
                                   removingAfterwards folder: String? = nil) throws -> ChildProcess {
        var script = "setsid \(command) </dev/null 2>/dev/null \(output == nil ? ">/dev/null" : "") & child=$!; "
            + "trap 'kill -- -$child' TERM; read _ignored; kill -- -$child 2>/dev/null; wait $child"
        if let folder {
            // What the command started can outlive it for a moment, and write there as it ends (xfconfd
            // saves xfwm4's settings): wait, at most 5 s, until only zombies are left in the session.
            script += "; n=0; while [ $n -lt 100 ] && ps -o stat= --sid $child 2>/dev/null | grep -q '^[^Z]'; "
                + "do sleep 0.05; n=$((n+1)); done; rm -rf -- \(quoted(folder))"
        }
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

    /// Throws, naming the Debian package to install, when a program the display needs with
    /// `windowManager` is not in `searchPath` (by default `$PATH`).
    static func checkInstalled(_ windowManager: WindowManager, searchPath: String? = nil) throws {
        for (tool, package) in windowManager.executables + [("setsid", "util-linux")]
        where findExecutable(tool, searchPath: searchPath) == nil {
            throw StartError(description: "\(tool) is not installed: install it with `apt-get install \(package)` (or `make test`, which installs what is missing)")
        }
    }

    static func findExecutable(_ name: String, searchPath: String? = nil) -> String? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
