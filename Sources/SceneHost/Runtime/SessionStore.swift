import Foundation
@_spi(Runtime) import SceneHostCore

/// What is kept of one open session between launches.
@_spi(Testing) public struct SavedSession: Equatable {
    public var identifier: String
    public var role: String
    public var configurationName: String?
    /// `Module.Class` names, for sessions whose configuration was made in code rather than the manifest.
    public var sceneClassName: String?
    public var delegateClassName: String?
    public var title: String?
    public var userInfo: [String: Any]?
    public var activity: [String: Any]?
    /// The window's frame in points, root coordinates.
    public var frame: CGRect?

    public init(identifier: String, role: String, configurationName: String? = nil, sceneClassName: String? = nil,
                delegateClassName: String? = nil, title: String? = nil, userInfo: [String: Any]? = nil,
                activity: [String: Any]? = nil, frame: CGRect? = nil) {
        self.identifier = identifier; self.role = role; self.configurationName = configurationName
        self.sceneClassName = sceneClassName; self.delegateClassName = delegateClassName; self.title = title
        self.userInfo = userInfo; self.activity = activity; self.frame = frame
    }

    public static func == (a: SavedSession, b: SavedSession) -> Bool {
        a.identifier == b.identifier && a.role == b.role && a.configurationName == b.configurationName
            && a.sceneClassName == b.sceneClassName && a.delegateClassName == b.delegateClassName && a.title == b.title
            && a.frame == b.frame && canonical(a.userInfo) == canonical(b.userInfo) && canonical(a.activity) == canonical(b.activity)
    }

    /// A property list as canonical bytes (sorted keys), to compare nested values whatever their key types.
    private static func canonical(_ value: [String: Any]?) -> Data? {
        guard let value else { return nil }
        return try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    }
}

/// The open sessions of an app, kept in `$XDG_STATE_HOME/<app>/sessions.plist` (default
/// `~/.local/state/<app>/`): an XML property list, mode 0600, replaced atomically (written to a temporary
/// file, flushed to disk, renamed over the old one), so a crash at any moment leaves the old file or the
/// new one, never a mix.
///
/// A file that cannot be read as a property list is moved aside as `sessions.plist.corrupt-<timestamp>`
/// with one warning, and the app starts fresh. A folder that cannot be written gives one warning; the
/// app runs on without saving.
@_spi(Testing) @MainActor
public final class SessionStore {
    public let directory: URL
    public var file: URL { directory.appendingPathComponent("sessions.plist") }
    private var warnedUnwritable = false

    public init(directory: URL) {
        self.directory = directory
    }

    /// `$XDG_STATE_HOME/<app>`, or `~/.local/state/<app>`.
    static func defaultDirectory(appName: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home).appendingPathComponent(".local/state")
        }
        return base.appendingPathComponent(appName)
    }

    // MARK: Reading

    /// The saved sessions; empty when there is no file, or (with a warning, the file moved aside) when it
    /// is not a state file.
    public func load() -> [SavedSession] {
        removeLeftovers()
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        do {
            let data = try Data(contentsOf: file)
            guard let root = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                  let version = root["version"] as? Int, let entries = root["sessions"] as? [[String: Any]] else {
                throw StoreError("it is not a SceneHost session list")
            }
            guard version == 1 else { throw StoreError("it has version \(version); this SceneHost reads version 1") }
            return try entries.map(Self.session(from:))
        } catch {
            moveAside(because: error)
            return []
        }
    }

    private struct StoreError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func session(from entry: [String: Any]) throws -> SavedSession {
        guard let identifier = entry["identifier"] as? String, !identifier.isEmpty, let role = entry["role"] as? String else {
            throw StoreError("a session has no identifier or role")
        }
        var frame: CGRect?
        if let values = entry["frame"] as? [Double], values.count == 4, values.allSatisfy(\.isFinite) {
            frame = CGRect(x: values[0], y: values[1], width: values[2], height: values[3])
        }
        return SavedSession(identifier: identifier, role: role, configurationName: entry["configuration"] as? String,
                            sceneClassName: entry["sceneClass"] as? String, delegateClassName: entry["delegateClass"] as? String,
                            title: entry["title"] as? String, userInfo: entry["userInfo"] as? [String: Any],
                            activity: entry["activity"] as? [String: Any], frame: frame)
    }

    /// Temporary files of writers that died mid-write (the state file itself is always whole).
    private func removeLeftovers() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasPrefix("sessions.plist.partial-") {
            let pid = Int32(name.dropFirst("sessions.plist.partial-".count)) ?? 0
            // Another process of the app may be writing right now.
            if pid > 0, pid != getpid(), kill(pid, 0) == 0 { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    private func moveAside(because error: any Error) {
        let stamp = Int(Date().timeIntervalSince1970)
        let aside = directory.appendingPathComponent("sessions.plist.corrupt-\(stamp)")
        let moved = (try? FileManager.default.moveItem(at: file, to: aside)) != nil
        SceneHostLog.warning("the saved scene sessions in \(file.path) cannot be read (\(error)); "
            + (moved ? "moved it to \(aside.lastPathComponent) and starting with no restored scenes"
                     : "could not move it aside either; starting with no restored scenes"))
    }

    // MARK: Writing

    /// Replaces the file with `sessions`; on failure warns once and carries on.
    public func save(_ sessions: [SavedSession]) {
        let entries: [[String: Any]] = sessions.map { session in
            var entry: [String: Any] = ["identifier": session.identifier, "role": session.role]
            entry["configuration"] = session.configurationName
            entry["sceneClass"] = session.sceneClassName
            entry["delegateClass"] = session.delegateClassName
            entry["title"] = session.title
            if let userInfo = session.userInfo { entry["userInfo"] = Self.propertyListOrWarn(userInfo, "userInfo of session \(session.identifier)") }
            if let activity = session.activity { entry["activity"] = Self.propertyListOrWarn(activity, "restoration activity of session \(session.identifier)") }
            if let frame = session.frame { entry["frame"] = [frame.minX, frame.minY, frame.width, frame.height].map(Double.init) }
            return entry
        }
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: ["version": 1, "sessions": entries], format: .xml, options: 0)
            try writeAtomically(data)
        } catch {
            guard !warnedUnwritable else { return }
            warnedUnwritable = true
            SceneHostLog.warning("cannot save the scene sessions to \(file.path) (\(error)); scenes will not be restored after a relaunch. Make \(directory.path) writable or set XDG_STATE_HOME to a writable folder")
        }
    }

    /// `value` when it is a property list (strings, numbers, booleans, dates, data, arrays and
    /// dictionaries with string keys), else nil with a warning.
    private static func propertyListOrWarn(_ value: [String: Any], _ what: String) -> [String: Any]? {
        if PropertyListSerialization.propertyList(value, isValidFor: .xml) { return value }
        SceneHostLog.warning("the \(what) holds values that are not property-list values (strings, numbers, booleans, dates, data, arrays, dictionaries); it is not saved")
        return nil
    }

    /// temporary file (0600) → write → fsync → rename → fsync of the folder.
    private func writeAtomically(_ data: Data) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent("sessions.plist.partial-\(getpid())")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += written
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0, rename(temporary.path, file.path) == 0 else {
            let code = failure != 0 ? failure : errno
            unlink(temporary.path)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}

extension NSUserActivity {
    /// The activity as a property-list dictionary.
    var propertyList: [String: Any] {
        var entry: [String: Any] = ["activityType": activityType]
        entry["title"] = title
        entry["targetContentIdentifier"] = targetContentIdentifier
        if let userInfo {
            entry["userInfo"] = Dictionary(uniqueKeysWithValues: userInfo.compactMap { key, value in (key.base as? String).map { ($0, value) } })
        }
        return entry
    }

    /// An activity from `propertyList`, or nil when it has no type.
    static func from(propertyList entry: [String: Any]) -> NSUserActivity? {
        guard let type = entry["activityType"] as? String else { return nil }
        let activity = NSUserActivity(activityType: type)
        activity.title = entry["title"] as? String
        activity.targetContentIdentifier = entry["targetContentIdentifier"] as? String
        if let userInfo = entry["userInfo"] as? [String: Any] {
            activity.userInfo = Dictionary(uniqueKeysWithValues: userInfo.map { (AnyHashable($0.key), $0.value) })
        }
        return activity
    }
}
