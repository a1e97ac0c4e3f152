import Foundation
@testable import SceneHostTesting
import Testing

/// The X11 wrapper against a real server: errors become Swift errors, and both ways of presenting
/// pixels put the same pixels on screen.
@MainActor
struct DisplayTests {
    /// A fresh server, a connection to it and a 200×100 window on it, asked to be mapped. The server
    /// lives as long as the caller keeps it.
    static func mappedWindow(title: String) throws -> (VirtualDisplay, Display, TopLevelWindow) {
        let server = try VirtualDisplay(width: 640, height: 480)
        let display = try server.connect()
        let window = TopLevelWindow(display: display, width: 200, height: 100, title: title, className: "Test", instanceName: "test")
        window.map()
        display.sync()
        return (server, display, window)
    }

    @Test func requestErrorsBecomeSwiftErrorsNotAborts() throws {
        let server = try VirtualDisplay(width: 640, height: 480)
        let display = try server.connect()
        #expect(throws: X11Error.self) {
            try display.checked { display.resize(0x1234_5678, width: 10, height: 10) }
        }
        do {
            try display.checked { display.resize(0x1234_5678, width: 10, height: 10) }
        } catch {
            #expect(error.message.contains("BadWindow"))
        }
        #expect(throws: X11Error.self) { try display.capture(0x1234_5678, width: 4, height: 4) }
        // An error of an earlier request that arrives meanwhile is not the checked body's: it is left
        // for the next `takeErrors()`.
        display.resize(0x1234_5678, width: 10, height: 10)
        #expect(throws: Never.self) { try display.checked { display.setCardinalProperty(display.root, "SCENEHOST_TEST", [1]) } }
        #expect(display.takeErrors().map(\.resourceID) == [0x1234_5678])
        // The connection is still usable afterwards.
        #expect(display.geometry(display.root)?.width == 640)
    }

    @Test(arguments: [true, false])
    func presentedPixelsReachTheWindow(sharedMemory: Bool) throws {
        let (server, display, window) = try Self.mappedWindow(title: "Pixels")
        _ = server
        let deadline = Date().addingTimeInterval(5)
        while !display.isViewable(window.id), Date() < deadline { usleep(10_000) }

        let buffer = try ImageBuffer(display: display, window: window.id, width: 200, height: 100,
                                 capacityWidth: 256, capacityHeight: 128, allowSharedMemory: sharedMemory)
        #expect(buffer.usesSharedMemory == sharedMemory)
        let surface = ImageSurface(format: .rgb24, data: buffer.pixels, width: 200, height: 100, stride: buffer.stride, owner: buffer)
        let context = Context(surface: surface)
        context.setSource(red: 1, green: 0, blue: 0)
        context.paint()
        context.setSource(red: 0, green: 0, blue: 1)
        context.rectangle(50, 25, 100, 50)
        context.fill()
        surface.flush()
        buffer.put(to: window.id, x: 0, y: 0, width: 200, height: 100)
        display.sync()

        let shot = try Screenshot.capture(window: window.id, on: display)
        #expect(shot.pixel(x: 10, y: 10) == 0xffff0000)
        #expect(shot.pixel(x: 100, y: 50) == 0xff0000ff)
        // Only a damaged rectangle is sent: paint green, present a corner, the rest stays.
        context.setSource(red: 0, green: 1, blue: 0)
        context.paint()
        surface.flush()
        buffer.put(to: window.id, x: 0, y: 0, width: 20, height: 20)
        display.sync()
        let partial = try Screenshot.capture(window: window.id, on: display)
        #expect(partial.pixel(x: 5, y: 5) == 0xff00ff00)
        #expect(partial.pixel(x: 100, y: 50) == 0xff0000ff)
    }

    /// Atoms interned together are sent as one batch (a request per new name, one round trip), and
    /// looking one of them up later sends nothing.
    @Test func atomsInternedTogetherTakeOneRoundTripAndNoRequestLater() throws {
        let server = try VirtualDisplay(width: 64, height: 64)
        let display = try server.connect()
        let names = ["WM_PROTOCOLS", "_NET_WM_SYNC_REQUEST", "SCENEHOST_TEST_ATOM", "WM_PROTOCOLS"]
        let before = display.nextRequestSerial
        display.internAtoms(names)
        let interned = display.nextRequestSerial
        #expect(interned - before == 3, "one InternAtom request per name, sent together")
        let atoms = names.map { display.atom($0) }
        #expect(display.nextRequestSerial == interned, "known already: no request")
        let other = try server.connect()
        #expect(atoms == names.map { other.atom($0) } && !atoms.contains(0))
    }

    /// A shared-memory put is followed by the server's completion event; once it is taken, drawing into
    /// the buffer again needs no round trip. Without it, waiting makes one, unless something the server
    /// sent later was read.
    @Test func theServerSaysWhenItHasReadSharedMemory() throws {
        let server = try VirtualDisplay(width: 640, height: 480)
        let display = try server.connect()
        let window = TopLevelWindow(display: display, width: 64, height: 64, title: "Completion", className: "Test", instanceName: "test")
        window.map()
        let buffer = try ImageBuffer(display: display, window: window.id, width: 64, height: 64, capacityWidth: 64, capacityHeight: 64)
        try #require(buffer.usesSharedMemory)

        buffer.put(to: window.id, x: 0, y: 0, width: 64, height: 64)
        var requests = display.nextRequestSerial
        buffer.waitUntilRead()
        #expect(display.nextRequestSerial > requests, "not yet told: a round trip")
        while display.hasEvents(reading: true) { _ = buffer.handle(display.nextEvent()) }

        buffer.put(to: window.id, x: 0, y: 0, width: 64, height: 64)
        display.flush()
        var completed = false
        let deadline = Date().addingTimeInterval(5)
        while !completed, Date() < deadline {
            while display.hasEvents(reading: true) {
                let event = display.nextEvent()
                if buffer.handle(event) { completed = true }
            }
            if !completed { usleep(2_000) }
        }
        #expect(completed, "a ShmCompletion event arrives")
        requests = display.nextRequestSerial
        buffer.waitUntilRead()
        #expect(display.nextRequestSerial == requests, "told already: no round trip")

        // A frame of several rectangles: one completion, for the last, says all of them were read.
        for row in 0..<4 { buffer.put(to: window.id, x: 0, y: row * 16, width: 64, height: 16, notify: row == 3) }
        display.sync()
        var completions = 0
        while display.hasEvents(reading: true) { if buffer.handle(display.nextEvent()) { completions += 1 } }
        #expect(completions == 1)
        requests = display.nextRequestSerial
        buffer.waitUntilRead()
        #expect(display.nextRequestSerial == requests, "the last put's completion covers the frame")

        // Without a completion event: anything the server sent after handling the put (here the reply
        // to a round trip made for something else) says it has read it.
        buffer.put(to: window.id, x: 0, y: 0, width: 64, height: 64, notify: false)
        display.sync()
        completions = 0
        while display.hasEvents(reading: true) { if buffer.handle(display.nextEvent()) { completions += 1 } }
        #expect(completions == 0, "none asked for")
        requests = display.nextRequestSerial
        buffer.waitUntilRead()
        #expect(display.nextRequestSerial == requests, "a later reply covers the put: no round trip")
        buffer.put(to: window.id, x: 0, y: 0, width: 64, height: 64, notify: false)
        requests = display.nextRequestSerial
        buffer.waitUntilRead()
        #expect(display.nextRequestSerial > requests, "nothing heard since: a round trip")
    }

    /// Each window manager starts on a display of its own and manages windows there, and everything it
    /// started (xfwm4's bus and settings daemon; weston's Xwayland and helpers) ends with the display, and
    /// so does its folder.
    @Test(arguments: VirtualDisplay.WindowManager.onXvfb + [.weston])
    func eachWindowManagerManagesWindowsAndEndsWithItsDisplay(_ manager: VirtualDisplay.WindowManager) throws {
        var group: Int32 = 0
        var folder = ""
        do {
            let server = try VirtualDisplay(width: 640, height: 480, windowManager: manager)
            #expect(server.windowManager == manager)
            folder = server.configHome
            let display = try server.connect()
            #expect(display.selectionOwner("WM_S0") != 0)
            let window = TopLevelWindow(display: display, width: 200, height: 100, title: "Managed", className: "Test", instanceName: "test")
            window.map()
            display.sync()
            let deadline = Date().addingTimeInterval(5)
            while display.parent(of: window.id) == display.root, Date() < deadline { usleep(10_000) }
            #expect(display.parent(of: window.id) != display.root, "put in a frame")
            // The supervising shell's child leads the manager's process group.
            group = try #require(Self.processes().first { $0.parent == server.windowManagerProcess.pid }?.pid)
            let names = Self.processes().filter { $0.group == group }.map(\.name)
            #expect(names.contains(manager.rawValue), "\(names)")
            if manager == .xfwm4 { #expect(names.contains("dbus-daemon"), "\(names)") }
            if manager == .weston { #expect(names.contains("Xwayland"), "\(names)") }
        }
        let deadline = Date().addingTimeInterval(5)
        var left = Self.processes().filter { $0.group == group && $0.state != "Z" }
        while !left.isEmpty, Date() < deadline {
            usleep(20_000)
            left = Self.processes().filter { $0.group == group && $0.state != "Z" }
        }
        #expect(left.isEmpty, "still running: \(left.map(\.name))")
        #expect(!FileManager.default.fileExists(atPath: folder), "the display's folder goes with it")
    }

    @Test func aMissingProgramNamesItsDebianPackage() throws {
        let scratch = ScratchFolder("missing-programs")
        for tool in ["Xvfb", "setsid"] {
            let path = try #require(VirtualDisplay.findExecutable(tool))
            try FileManager.default.createSymbolicLink(atPath: scratch.appending(tool).path, withDestinationPath: path)
        }
        try VirtualDisplay.checkInstalled(.openbox, searchPath: "/nonexistent:" + scratch.url.path + ":/usr/bin")
        for (manager, message) in [(VirtualDisplay.WindowManager.openbox, "openbox is not installed: install it with `apt-get install openbox`"),
                                   (.xfwm4, "xfwm4 is not installed: install it with `apt-get install xfwm4`"),
                                   (.i3, "i3 is not installed: install it with `apt-get install i3-wm`"),
                                   (.weston, "weston is not installed: install it with `apt-get install weston`")] {
            #expect {
                try VirtualDisplay.checkInstalled(manager, searchPath: scratch.url.path)
            } throws: { error in
                (error as? VirtualDisplay.StartError)?.description.hasPrefix(message) == true
            }
        }
        #expect(throws: VirtualDisplay.StartError.self) { try VirtualDisplay.checkInstalled(.openbox, searchPath: "/nonexistent") }
    }

    /// Processes as /proc lists them: id, parent, process group, state (Z: ended, not yet reaped) and name.
    static func processes() -> [(pid: Int32, parent: Int32, group: Int32, state: Character, name: String)] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        return ids.compactMap { pid in
            // "pid (name) state parent group …"; the name may hold spaces and parentheses.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, let state = fields[0].first, let parent = Int32(fields[1]), let group = Int32(fields[2]) else { return nil }
            return (pid, parent, group, state, String(stat[stat.index(after: open)..<close]))
        }
    }
}
