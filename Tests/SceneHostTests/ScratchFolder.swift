import Foundation

/// A folder of the test's own under the system's temporary directory, removed with all it holds when
/// the value goes away (keep it in a stored property, so it lasts as long as the test): tests leave
/// nothing behind.
final class ScratchFolder: Sendable {
    let url: URL

    init(_ name: String) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func appending(_ component: String) -> URL { url.appendingPathComponent(component) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
