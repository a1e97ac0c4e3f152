import Foundation
import Glibc

/// The runtime's record of what it decided: one JSON object per line, appended to the file named by
/// `SCENEHOST_TRACE` and flushed per line, each with `t` (seconds since launch), `event` and `scene`
/// (the session's `persistentIdentifier`). The README documents every event and field.
@MainActor
final class Trace {
    /// A JSON value with a fixed field order, so lines read the same every run.
    enum Value: Equatable {
        case string(String), number(Double), bool(Bool), numbers([Double]), null
    }

    /// The trace format's version, in the `trace` line that starts each run: 2 added the input and
    /// the window manager's requests (`key`, `pointer…`, `configure`, `focus` …) and the header itself.
    static let version = 2

    private let fd: Int32
    private let start: Double

    /// Opens `path` for appending; nil (and one warning) when it cannot be opened.
    init?(path: String, start: Double) {
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        self.start = start
        guard fd >= 0 else {
            SceneHostLog.warning("cannot open the trace file \(path) (\(String(cString: strerror(errno)))); tracing is off")
            return nil
        }
    }

    deinit { close(fd) }

    func record(_ event: String, scene: String?, _ fields: [(String, Value)] = []) {
        var line = "{\"t\":\(Self.format(monotonicSeconds() - start)),\"event\":\(Self.quote(event))"
        line += ",\"scene\":" + (scene.map(Self.quote) ?? "null")
        for (key, value) in fields { line += ",\(Self.quote(key)):\(Self.encode(value))" }
        line += "}\n"
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    static func encode(_ value: Value) -> String {
        switch value {
        case .string(let text): quote(text)
        case .number(let number): format(number)
        case .bool(let flag): flag ? "true" : "false"
        case .numbers(let numbers): "[" + numbers.map(format).joined(separator: ",") + "]"
        case .null: "null"
        }
    }

    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(format: "%.4f", number)
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// One trace event, as the trace file has it: its name, its scene (the session's persistent
/// identifier) and its fields in order. Kept as recorded: in-process observers (tests, benchmarks)
/// turn it into a dictionary only when they read it, so observing costs a frame next to nothing.
public struct TraceEvent {
    public let name: String
    public let scene: String?
    let fields: [(String, Trace.Value)]

    /// The number in field `key`, if it holds one.
    public func number(_ key: String) -> Double? {
        guard case .number(let number) = fields.first(where: { $0.0 == key })?.1 else { return nil }
        return number
    }

    /// `event`, `scene` (when there is one) and the fields: strings, numbers (`Double`), Booleans,
    /// arrays of numbers and `NSNull` for null.
    public var dictionary: [String: Any] {
        var dictionary: [String: Any] = ["event": name]
        if let scene { dictionary["scene"] = scene }
        for (key, value) in fields {
            switch value {
            case .string(let text): dictionary[key] = text
            case .number(let number): dictionary[key] = number
            case .bool(let flag): dictionary[key] = flag
            case .numbers(let numbers): dictionary[key] = numbers
            case .null: dictionary[key] = NSNull()
            }
        }
        return dictionary
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
