import CX11
import Glibc

/// An error the X server reported for one of our requests, or a failure of the connection.
public struct X11Error: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var errorCode: UInt8 = 0
    public var requestCode: UInt8 = 0
    public var resourceID: UInt = 0
    /// The number of the request that failed (0 for errors that are not the server's).
    public var serial: UInt = 0

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Xlib calls error handlers with no context pointer, so reported errors are parked here, keyed by
/// connection, until the `Display` that issued the request collects them. Only the thread that owns the
/// connection touches it (every Display is used from the main actor).
nonisolated(unsafe) var pendingErrors: [OpaquePointer: [X11Error]] = [:]
nonisolated(unsafe) private var handlersInstalled = false

func installErrorHandlers() {
    guard !handlersInstalled else { return }
    handlersInstalled = true
    // The default handler prints and exits; ours records the error so the caller can turn it into a Swift
    // error or a warning.
    XSetErrorHandler { display, event in
        guard let display, let event else { return 0 }
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
        let reason = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var error = X11Error(
            "X error: \(reason) (request \(event.pointee.request_code).\(event.pointee.minor_code), resource 0x\(String(event.pointee.resourceid, radix: 16)))")
        error.errorCode = event.pointee.error_code
        error.requestCode = event.pointee.request_code
        error.resourceID = event.pointee.resourceid
        error.serial = event.pointee.serial
        pendingErrors[display, default: []].append(error)
        return 0
    }
    // A broken connection cannot be recovered from inside Xlib; say so in one line instead of Xlib's
    // multi-line "XIO: fatal IO error" and end with a distinct status.
    XSetIOErrorHandler { display in
        let name = display.map { String(cString: XDisplayString($0)) } ?? "?"
        // What the app has not saved yet is saved first (with no X calls: the connection is gone).
        Display.connectionLost?()
        writeStandardError("SceneHost: lost the connection to the X server \(name) (it exited or was killed)")
        exit(Display.connectionLostStatus)
    }
}

extension Display {
    /// Runs when the connection to the X server breaks, just before the process exits with
    /// `connectionLostStatus` (Xlib cannot carry on after an I/O error). It must make no X calls.
    nonisolated(unsafe) public static var connectionLost: (() -> Void)?
    /// The exit status after a lost connection.
    public static let connectionLostStatus: Int32 = 3
}

/// One line to standard error, written whole (no buffering shared with other threads).
func writeStandardError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
