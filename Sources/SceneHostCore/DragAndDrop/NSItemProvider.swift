import Foundation

/// Who may load a representation, with UIKit's raw values. SceneHost offers every representation to
/// its own process; one of visibility `.ownProcess` is never offered to other X11 programs.
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
    case all = 0
    case team = 1
    case group = 2
    case ownProcess = 3
}

/// A value an item provider can carry (`String`, `URL`, `UIImage`, `NSUserActivity`, or the app's
/// own), as Foundation's `NSItemProviderWriting`: the types it writes, best first, and its data in
/// each. Differs from Apple's: a Swift protocol that structs adopt directly (no Objective-C bridging).
@MainActor
public protocol NSItemProviderWriting {
    /// The type identifiers the value can be written as, best first.
    static var writableTypeIdentifiersForItemProvider: [String] { get }
    /// The value's data as `typeIdentifier`, given to `completionHandler` (now or later).
    func loadData(withTypeIdentifier typeIdentifier: String,
                  forItemProviderCompletionHandler completionHandler: @escaping @MainActor (Data?, (any Error)?) -> Void) -> Progress?
}

/// A value an item provider can make from data, as Foundation's `NSItemProviderReading`.
@MainActor
public protocol NSItemProviderReading {
    /// The type identifiers the value can be read from, best first.
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    /// The value from `data` of `typeIdentifier`.
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

/// Why an item provider could not load something.
public struct NSItemProviderError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Carries what a drag item (or a pasteboard item) holds in several representations and loads them
/// on demand, as Foundation's `NSItemProvider`. Loads complete asynchronously: their completion
/// handlers run on the main queue, at a later turn of the scene loop (Apple's run on a background
/// queue; SceneHost's API is main-actor only).
@MainActor
open class NSItemProvider {
    /// A representation: its type, who may see it, and what loads its data.
    private struct Representation {
        let type: String
        let visibility: NSItemProviderRepresentationVisibility
        let load: (@escaping @MainActor (Data?, (any Error)?) -> Void) -> Progress?
    }
    private var representations: [Representation] = []
    /// Objects registered with `registerObject(_:visibility:)`: a load of their own class in this
    /// process gets the object itself, as with Apple's in-app drags.
    private var objects: [Any] = []

    /// A name for the data, e.g. a file name to save it under.
    open var suggestedName: String?

    /// An empty provider: register representations before handing it over.
    public init() {}

    /// A provider of `object` (registered with visibility `.all`).
    public convenience init(object: any NSItemProviderWriting) {
        self.init()
        registerObject(object, visibility: .all)
    }

    /// A provider of the file at `fileURL` (its URL, and its contents as PNG or JPEG when it is one);
    /// nil when the file does not exist.
    public convenience init?(contentsOf fileURL: URL) {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        self.init()
        registerObject(fileURL, visibility: .all)
        let type: UTType? = switch fileURL.pathExtension.lowercased() {
        case "png": .png
        case "jpg", "jpeg": .jpeg
        default: nil
        }
        if let type {
            registerDataRepresentation(forTypeIdentifier: type.identifier, visibility: .all) { completion in
                completion(FileManager.default.contents(atPath: fileURL.path), nil)
                return nil
            }
        }
        suggestedName = fileURL.lastPathComponent
    }

    /// Offers `object` in each of its writable types, in its order.
    open func registerObject(_ object: any NSItemProviderWriting, visibility: NSItemProviderRepresentationVisibility) {
        objects.append(object)
        for type in Swift.type(of: object).writableTypeIdentifiersForItemProvider {
            representations.append(Representation(type: type, visibility: visibility) { completion in
                object.loadData(withTypeIdentifier: type, forItemProviderCompletionHandler: completion)
            })
        }
    }

    /// Offers data of `typeIdentifier` made by `loadHandler` when asked for (it calls its argument
    /// with the data or an error, now or later, and may return a progress).
    open func registerDataRepresentation(forTypeIdentifier typeIdentifier: String, visibility: NSItemProviderRepresentationVisibility,
                                         loadHandler: @escaping @MainActor (@escaping @MainActor (Data?, (any Error)?) -> Void) -> Progress?) {
        representations.append(Representation(type: typeIdentifier, visibility: visibility, load: loadHandler))
    }

    /// The types offered, in the order registered, each once.
    open var registeredTypeIdentifiers: [String] {
        var seen = Set<String>()
        return representations.map(\.type).filter { seen.insert($0).inserted }
    }

    /// The types offered to other processes (visibility other than `.ownProcess`).
    @_spi(Runtime) public var externalTypeIdentifiers: [String] {
        var seen = Set<String>()
        return representations.filter { $0.visibility != .ownProcess }.map(\.type).filter { seen.insert($0).inserted }
    }

    /// Whether some offered type is `typeIdentifier` or conforms to it.
    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        guard let wanted = UTType(typeIdentifier) else { return false }
        return representations.contains { UTType($0.type)?.conforms(to: wanted) == true }
    }

    /// Whether `loadObject(ofClass:)` can make a `type` from what is offered.
    open func canLoadObject(ofClass type: any NSItemProviderReading.Type) -> Bool {
        objects.contains { Swift.type(of: $0) == type } || readableType(for: type) != nil
    }

    /// The first offered type `type` reads: an exact match in its order, else one conforming.
    private func readableType(for type: any NSItemProviderReading.Type) -> String? {
        let readable = type.readableTypeIdentifiersForItemProvider
        for wanted in readable where representations.contains(where: { $0.type == wanted }) { return wanted }
        for wanted in readable.compactMap({ UTType($0) }) {
            if let found = representations.first(where: { UTType($0.type)?.conforms(to: wanted) == true }) { return found.type }
        }
        return nil
    }

    /// Loads the data of `typeIdentifier` (or of the first type conforming to it) and gives it to
    /// `completionHandler` on the main queue, at a later turn.
    @discardableResult
    open func loadDataRepresentation(forTypeIdentifier typeIdentifier: String,
                                     completionHandler: @escaping @MainActor (Data?, (any Error)?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let wanted = UTType(typeIdentifier)
        guard let representation = representations.first(where: { $0.type == typeIdentifier })
                ?? representations.first(where: { wanted != nil && UTType($0.type)?.conforms(to: wanted!) == true }) else {
            Self.later { completionHandler(nil, NSItemProviderError("the item provider offers no \(typeIdentifier); it offers \(self.registeredTypeIdentifiers)")) }
            return progress
        }
        var delivered = false
        _ = representation.load { data, error in
            guard !delivered else { return }
            delivered = true
            progress.completedUnitCount = 1
            Self.later { completionHandler(data, error) }
        }
        return progress
    }

    /// Makes a `type` from what is offered and gives it to `completionHandler` on the main queue, at a
    /// later turn. An object registered in this process is given as it is.
    @discardableResult
    open func loadObject<T: NSItemProviderReading>(ofClass type: T.Type,
                                                   completionHandler: @escaping @MainActor (T?, (any Error)?) -> Void) -> Progress {
        if let object = objects.first(where: { Swift.type(of: $0) == type }) as? T {
            let progress = Progress(totalUnitCount: 1)
            progress.completedUnitCount = 1
            Self.later { completionHandler(object, nil) }
            return progress
        }
        guard let typeIdentifier = readableType(for: type) else {
            let progress = Progress(totalUnitCount: 1)
            Self.later { completionHandler(nil, NSItemProviderError("the item provider cannot make a \(T.self): it offers \(self.registeredTypeIdentifiers)")) }
            return progress
        }
        return loadDataRepresentation(forTypeIdentifier: typeIdentifier) { data, error in
            guard let data else { return completionHandler(nil, error) }
            do { completionHandler(try T.object(withItemProviderData: data, typeIdentifier: typeIdentifier), nil) } catch { completionHandler(nil, error) }
        }
    }

    /// The object of `type` registered with `registerObject(_:visibility:)` in this process, if any:
    /// what the runtime opens a window for when a drag carrying an activity lands on the desktop.
    @_spi(Runtime) public func registeredObject<T>(ofClass type: T.Type) -> T? {
        objects.lazy.compactMap { $0 as? T }.first
    }

    /// The data of `typeIdentifier` when its representation hands it over at once (registered objects
    /// do); nil otherwise. What the X11 runtime serves to other programs while it owns the drag.
    @_spi(Runtime) public func immediateData(forTypeIdentifier typeIdentifier: String) -> Data? {
        guard let representation = representations.first(where: { $0.type == typeIdentifier }) else { return nil }
        var result: Data?
        _ = representation.load { data, _ in result = data }
        return result
    }

    /// Runs `body` at a later turn of the main queue.
    private static func later(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }
}

// MARK: Values an item provider carries

extension String: NSItemProviderWriting, NSItemProviderReading {
    /// UTF-8 plain text.
    public static var writableTypeIdentifiersForItemProvider: [String] { [UTType.utf8PlainText.identifier] }
    /// Any text (a URL's too).
    public static var readableTypeIdentifiersForItemProvider: [String] {
        [UTType.utf8PlainText.identifier, UTType.plainText.identifier, UTType.text.identifier, UTType.url.identifier]
    }
    /// The UTF-8 bytes.
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @MainActor (Data?, (any Error)?) -> Void) -> Progress? {
        completionHandler(Data(utf8), nil)
        return nil
    }
    /// The text of UTF-8 `data`.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> String {
        String(decoding: data, as: UTF8.self)
    }
}

extension URL: NSItemProviderWriting, NSItemProviderReading {
    /// A URL (a file URL is also `public.file-url`), then its text.
    public static var writableTypeIdentifiersForItemProvider: [String] {
        [UTType.fileURL.identifier, UTType.url.identifier, UTType.utf8PlainText.identifier]
    }
    /// A URL, or a file URL; a `text/uri-list` (lines, `#` comments) gives its first URL.
    public static var readableTypeIdentifiersForItemProvider: [String] {
        [UTType.url.identifier, UTType.fileURL.identifier, UTType.utf8PlainText.identifier]
    }
    /// The URL's string (a non-file URL offers no `public.file-url`).
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @MainActor (Data?, (any Error)?) -> Void) -> Progress? {
        if typeIdentifier == UTType.fileURL.identifier, !isFileURL {
            completionHandler(nil, NSItemProviderError("\(absoluteString) is not a file URL"))
        } else {
            completionHandler(Data(absoluteString.utf8), nil)
        }
        return nil
    }
    /// The first URL of the text.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> URL {
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard let first = lines.first, let url = URL(string: first) else { throw NSItemProviderError("no URL in the dropped text") }
        return url
    }
}

extension UIImage: NSItemProviderWriting, NSItemProviderReading {
    /// PNG.
    public static var writableTypeIdentifiersForItemProvider: [String] { [UTType.png.identifier] }
    /// PNG, JPEG or any image SceneHost decodes.
    public static var readableTypeIdentifiersForItemProvider: [String] {
        [UTType.png.identifier, UTType.jpeg.identifier, UTType.image.identifier]
    }
    /// The image as PNG.
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @MainActor (Data?, (any Error)?) -> Void) -> Progress? {
        if let data = pngData() { completionHandler(data, nil) } else { completionHandler(nil, NSItemProviderError("the image has no pixels to write as PNG")) }
        return nil
    }
    /// The image decoded from `data`.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard let image = UIImage(data: data) as? Self else { throw NSItemProviderError("the dropped \(typeIdentifier) data is not an image SceneHost can decode") }
        return image
    }
}

extension NSUserActivity: NSItemProviderWriting, NSItemProviderReading {
    /// SceneHost's user-activity type (a property list of the type, title, target content identifier
    /// and property-list `userInfo`).
    public static var writableTypeIdentifiersForItemProvider: [String] { [UTType.userActivity.identifier] }
    public static var readableTypeIdentifiersForItemProvider: [String] { [UTType.userActivity.identifier] }
    /// The activity as a binary property list.
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @MainActor (Data?, (any Error)?) -> Void) -> Progress? {
        var entry: [String: Any] = ["activityType": activityType]
        entry["title"] = title
        entry["targetContentIdentifier"] = targetContentIdentifier
        if let userInfo {
            entry["userInfo"] = Dictionary(uniqueKeysWithValues: userInfo.compactMap { key, value in (key.base as? String).map { ($0, value) } })
        }
        do {
            completionHandler(try PropertyListSerialization.data(fromPropertyList: entry, format: .binary, options: 0), nil)
        } catch {
            completionHandler(nil, NSItemProviderError("the activity's userInfo is not a property list: \(error)"))
        }
        return nil
    }
    /// The activity of a property list written by `loadData`.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard let entry = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any],
              let type = entry["activityType"] as? String else { throw NSItemProviderError("the data is not a user activity") }
        let activity = Self(activityType: type)
        activity.title = entry["title"] as? String
        activity.targetContentIdentifier = entry["targetContentIdentifier"] as? String
        if let userInfo = entry["userInfo"] as? [String: Any] {
            activity.userInfo = Dictionary(uniqueKeysWithValues: userInfo.map { (AnyHashable($0.key), $0.value) })
        }
        return activity
    }
}
