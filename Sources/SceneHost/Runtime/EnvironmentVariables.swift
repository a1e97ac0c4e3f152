import Foundation
@_spi(Runtime) import SceneHostCore

/// SceneHost's environment variables, all read by one rule: an empty value is the same as unset, and a
/// switch (`SCENEHOST_NO_SHM`, `SCENEHOST_NO_XSYNC`, `SCENEHOST_RECORD`) is on for `1`, `true` or
/// `yes` and off for `0`, `false` or `no`, in any case; any other value is warned about and ignored.
@_spi(Testing) public struct EnvironmentVariables: Sendable {
    /// The values given, or nil for the process's environment (`ProcessEnvironment`, read by name).
    private let given: [String: String]?

    /// The process's environment as it is when a variable is read.
    public init() { given = nil }

    public init(_ values: [String: String]) { given = values }

    /// The value of `name`; nil when it is unset or empty.
    public subscript(_ name: String) -> String? {
        let value = given.map { $0[name] } ?? ProcessEnvironment.value(name)
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// `name` as a switch; nil when unset, empty or not a switch value (`problem` then says so in one line).
    public func flag(_ name: String, problem: (String) -> Void) -> Bool? {
        guard let text = self[name] else { return nil }
        if let value = Self.flagValue(text) { return value }
        problem("\(name)=\(text) is not a switch value; use 1, true or yes to turn it on and 0, false or no to turn it off. Ignoring it")
        return nil
    }

    /// true for `1`, `true`, `yes`; false for `0`, `false`, `no` (any case); nil otherwise.
    public static func flagValue(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true", "yes": true
        case "0", "false", "no": false
        default: nil
        }
    }

    /// `name` as a switch, warning once per process about a value that is not one.
    @MainActor
    public func flag(_ name: String) -> Bool? {
        flag(name) { message in
            guard !Self.warned.contains(name) else { return }
            Self.warned.insert(name)
            SceneHostLog.warning(message)
        }
    }
    @MainActor private static var warned: Set<String> = []
}
