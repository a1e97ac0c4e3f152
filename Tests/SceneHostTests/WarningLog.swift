import SceneHost

/// Collects SceneHost's warnings for as long as it lives (keep it in a local constant), instead of
/// their going to standard error.
@MainActor
final class WarningLog {
    private(set) var lines: [String] = []
    private let previous: (String) -> Void

    init() {
        previous = SceneHostLog.sink
        SceneHostLog.sink = { [unowned self] in lines.append($0) }
    }

    isolated deinit { SceneHostLog.sink = previous }

    func clear() { lines = [] }

    /// The warnings that contain `text`.
    func containing(_ text: String) -> [String] { lines.filter { $0.contains(text) } }
}
