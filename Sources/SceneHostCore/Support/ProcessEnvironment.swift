import Foundation

/// The process's environment, read one variable at a time: `ProcessInfo.environment` copies every
/// variable into a new dictionary at each use (some 0.4 M instructions), and a launch reads about ten
/// before its first frame.
@_spi(Runtime) public enum ProcessEnvironment {
    /// The value of `name` as it is set now; nil when unset.
    public static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
