import Foundation

/// Where SceneHost's warnings go: standard error by default, one line each. Tests replace `sink` to
/// read them.
@MainActor
public enum SceneHostLog {
    public static var sink: (String) -> Void = { line in
        FileHandle.standardError.write(Data(("SceneHost: " + line + "\n").utf8))
    }

    public static func warning(_ message: String) { sink(message) }
}
