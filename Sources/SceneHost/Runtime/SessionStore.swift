import Foundation
@_spi(Runtime) import SceneHostCore

/// What is kept of one open session between launches. Sendable as property lists are: their values
/// (strings, numbers, dates, data, arrays, dictionaries) are values, handed to the writer as they were.
@_spi(Testing) public struct SavedSession: Equatable, @unchecked Sendable {
    public var identifier: String
    public var role: String
    public var configurationName: String?
    /// `Module.Class` names, for sessions whose configuration was made in code rather than the manifest.
    public var sceneClassName: String?
    public var delegateClassName: String?
    public var title: String?
    public var userInfo: [String: Any]?
    public var activity: [String: Any]?
    /// The window's frame in points, root coordinates: its unmaximized frame when it is maximized.
    public var frame: CGRect?
    /// Whether the window was maximized (both ways): it comes back at `frame`, then maximized.
    public var maximized: Bool

    public init(identifier: String, role: String, configurationName: String? = nil, sceneClassName: String? = nil,
                delegateClassName: String? = nil, title: String? = nil, userInfo: [String: Any]? = nil,
                activity: [String: Any]? = nil, frame: CGRect? = nil, maximized: Bool = false) {
        self.identifier = identifier; self.role = role; self.configurationName = configurationName
        self.sceneClassName = sceneClassName; self.delegateClassName = delegateClassName; self.title = title
        self.userInfo = userInfo; self.activity = activity; self.frame = frame; self.maximized = maximized
    }

    public static func == (a: SavedSession, b: SavedSession) -> Bool {
        a.identifier == b.identifier && a.role == b.role && a.configurationName == b.configurationName
            && a.sceneClassName == b.sceneClassName && a.delegateClassName == b.delegateClassName && a.title == b.title
            && a.frame == b.frame && a.maximized == b.maximized && canonical(a.userInfo) == canonical(b.userInfo) && canonical(a.activity) == canonical(b.activity)
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
/// Saving never stalls the caller: `save(_:)` hands the list to a writer queue, which encodes and writes
/// it; saves handed over faster than they are written make one write of the newest list, so the file
/// never goes back to an older one. `flush()` waits until the newest list is on disk (at quit). A
/// session whose restoration payload (`userInfo` and restoration activity) encodes to more than 1 MB is
/// saved without it, with one warning naming the scene.
///
/// A file that cannot be read as a property list is moved aside as `sessions.plist.corrupt-<timestamp>`
/// with one warning, and the app starts fresh; a session in it that cannot be read is skipped with one
/// warning naming it, and the others come back. A folder that cannot be written gives one warning; the
/// app runs on without saving.
@_spi(Testing)
public final class SessionStore: @unchecked Sendable {
    public let directory: URL
    public var file: URL { directory.appendingPathComponent("sessions.plist") }
    /// The largest restoration payload a session may save, encoded.
    public static let payloadLimit = 1_048_576

    /// Where the writer's warnings go (called on the writer's queue).
    private let warn: @Sendable (String) -> Void
    private let queue: DispatchQueue
    /// The newest list handed over and not yet taken by the writer; guarded by `lock`.
    private var pending: [SavedSession]?
    private let lock = NSLock()
    /// Wakes the writer: a save adds to it, and the writer runs once for any number of adds. Unlike a
    /// block queued per save, it makes nothing per save: a queued block's libdispatch continuation is
    /// made on the main thread and freed into the writer thread's cache, where hundreds of them stay
    /// after a busy session (a thousand at most), each pinning a page of the heap.
    private let wake: any DispatchSourceUserDataAdd
    // Touched only on `queue`.
    private var warnedUnwritable = false
    private var warnedPayloads: Set<String> = []

    /// `queue`: where lists are encoded and written (tests pass one they can hold up). `warn`: where the
    /// writer's warnings go; by default SceneHost's log, on the main queue.
    public init(directory: URL, queue: DispatchQueue = DispatchQueue(label: "SceneHost.SessionStore", qos: .utility),
                warn: (@Sendable (String) -> Void)? = nil) {
        self.directory = directory
        self.queue = queue
        self.warn = warn ?? { message in DispatchQueue.main.async { MainActor.assumeIsolated { SceneHostLog.warning(message) } } }
        wake = DispatchSource.makeUserDataAddSource(queue: queue)
        wake.setEventHandler { [weak self] in self?.writePending() }
        wake.activate()
    }

    deinit { wake.cancel() }

    /// `$XDG_STATE_HOME/<app>`, or `~/.local/state/<app>`.
    static func defaultDirectory(appName: String, environment: EnvironmentVariables = EnvironmentVariables()) -> URL {
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
    /// is not a state file. A session that cannot be read is left out with a warning.
    @MainActor
    public func load() -> [SavedSession] {
        removeLeftovers()
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let entries: [Any]
        do {
            let data: Data
            do { data = try Data(contentsOf: file) } catch { throw StoreError(FileProblem.describe(error)) }
            guard let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                  let version = root["version"] as? Int, let list = root["sessions"] as? [Any] else {
                throw StoreError("it is not a SceneHost session list")
            }
            guard version == 1 else { throw StoreError("it has version \(version); this SceneHost reads version 1") }
            entries = list
        } catch {
            moveAside(because: error)
            return []
        }
        var sessions: [SavedSession] = []
        for (index, entry) in entries.enumerated() {
            let name = ((entry as? [String: Any])?["identifier"] as? String).map { "\"\($0)\"" } ?? "number \(index + 1)"
            var problems: [String] = []
            do {
                let session = try Self.session(from: entry, problems: &problems)
                guard !sessions.contains(where: { $0.identifier == session.identifier }) else {
                    throw StoreError("another session before it has the same identifier")
                }
                sessions.append(session)
            } catch {
                SceneHostLog.warning("the saved session \(name) in \(file.path) is not restored: \(error)")
            }
            for problem in problems { SceneHostLog.warning("the saved session \(name) in \(file.path): \(problem)") }
        }
        return sessions
    }

    private struct StoreError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The session an entry describes; what it cannot use but can do without goes into `problems`.
    private static func session(from value: Any, problems: inout [String]) throws -> SavedSession {
        guard let entry = value as? [String: Any] else { throw StoreError("it is not a dictionary") }
        guard let identifier = entry["identifier"] as? String, !identifier.isEmpty else { throw StoreError("it has no identifier") }
        guard let role = entry["role"] as? String, !role.isEmpty else { throw StoreError("it has no role") }
        var frame: CGRect?
        if let value = entry["frame"] {
            if let values = value as? [Double], values.count == 4, values.allSatisfy(\.isFinite), values[2] > 0, values[3] > 0 {
                frame = CGRect(x: values[0], y: values[1], width: values[2], height: values[3])
            } else {
                problems.append("its frame \(value) is not four finite numbers with a positive width and height; the window comes back where the window manager places it")
            }
        }
        func optional<T>(_ key: String, _ type: T.Type) throws -> T? {
            guard let value = entry[key] else { return nil }
            guard let typed = value as? T else { throw StoreError("its \(key) is not a \(T.self == String.self ? "string" : "dictionary")") }
            return typed
        }
        return SavedSession(identifier: identifier, role: role, configurationName: try optional("configuration", String.self),
                            sceneClassName: try optional("sceneClass", String.self), delegateClassName: try optional("delegateClass", String.self),
                            title: try optional("title", String.self), userInfo: try optional("userInfo", [String: Any].self),
                            activity: try optional("activity", [String: Any].self), frame: frame,
                            maximized: entry["maximized"] as? Bool ?? false)
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

    @MainActor
    private func moveAside(because error: any Error) {
        let stamp = Int(Date().timeIntervalSince1970)
        let aside = directory.appendingPathComponent("sessions.plist.corrupt-\(stamp)")
        let moved = (try? FileManager.default.moveItem(at: file, to: aside)) != nil
        SceneHostLog.warning("the saved scene sessions in \(file.path) cannot be read (\(error)); "
            + (moved ? "moved it to \(aside.lastPathComponent) and starting with no restored scenes"
                     : "could not move it aside either; starting with no restored scenes"))
    }

    // MARK: Writing

    /// Hands `sessions` to the writer, which replaces the file with them; returns at once.
    public func save(_ sessions: [SavedSession]) {
        lock.lock()
        let scheduled = pending != nil
        pending = sessions
        lock.unlock()
        if !scheduled { wake.add(data: 1) }
    }

    /// Returns once every list handed to `save(_:)` is written (or has failed to be). Written here on
    /// the writer's queue if the writer has not taken it yet.
    public func flush() { queue.sync { writePending() } }

    /// The newest pending list, encoded and written (on the writer's queue).
    private func writePending() {
        lock.lock()
        let sessions = pending
        pending = nil
        lock.unlock()
        guard let sessions else { return }
        let entries: [[String: Any]] = sessions.map { session in
            var entry: [String: Any] = ["identifier": session.identifier, "role": session.role]
            entry["configuration"] = session.configurationName
            entry["sceneClass"] = session.sceneClassName
            entry["delegateClass"] = session.delegateClassName
            entry["title"] = session.title
            if let frame = session.frame { entry["frame"] = [frame.minX, frame.minY, frame.width, frame.height].map(Double.init) }
            if session.maximized { entry["maximized"] = true }
            var payload: [String: Any] = [:]
            if let userInfo = session.userInfo { payload["userInfo"] = propertyListOrWarn(userInfo, "userInfo of session \(session.identifier)") }
            if let activity = session.activity { payload["activity"] = propertyListOrWarn(activity, "restoration activity of session \(session.identifier)") }
            if withinPayloadLimit(payload, of: session) { entry.merge(payload) { $1 } }
            return entry
        }
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: ["version": 1, "sessions": entries], format: .xml, options: 0)
            try writeAtomically(data)
        } catch {
            guard !warnedUnwritable else { return }
            warnedUnwritable = true
            warn("cannot save the scene sessions to \(file.path): \(FileProblem.describe(error)); scenes will not be restored after a relaunch. Make \(directory.path) writable or set XDG_STATE_HOME to a writable folder")
        }
    }

    /// Whether a session's payload encodes to at most `payloadLimit` bytes; warns once per session when not.
    private func withinPayloadLimit(_ payload: [String: Any], of session: SavedSession) -> Bool {
        guard !payload.isEmpty, let size = try? PropertyListSerialization.data(fromPropertyList: payload, format: .binary, options: 0).count,
              size > Self.payloadLimit else { return true }
        if warnedPayloads.insert(session.identifier).inserted {
            let scene = session.title.map { "\"\($0)\" (session \(session.identifier))" } ?? "of session \(session.identifier)"
            warn("the restoration state of the scene \(scene) is \(size / 1024) KB, above the 1 MB SceneHost saves; the scene will come back without it. Keep large data in files and save their names in userInfo or the restoration activity")
        }
        return false
    }

    /// `value` when it is a property list (strings, numbers, booleans, dates, data, arrays and
    /// dictionaries with string keys), else nil with a warning.
    private func propertyListOrWarn(_ value: [String: Any], _ what: String) -> [String: Any]? {
        if PropertyListSerialization.propertyList(value, isValidFor: .xml) { return value }
        warn("the \(what) holds values that are not property-list values (strings, numbers, booleans, dates, data, arrays, dictionaries); it is not saved")
        return nil
    }
    /// Makes `path` and the folders above it that are missing (mode 0700), failing with the system's
    /// reason (Foundation's would say only "error 512" where a file stands in the way).
    private static func makeFolder(_ path: String) throws {
        var made = ""
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0, errno != EEXIST { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw POSIXError(.ENOTDIR) }
    }

    /// temporary file (0600) → write → fsync → rename → fsync of the folder.
    private func writeAtomically(_ data: Data) throws {
        try Self.makeFolder(directory.path)
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
