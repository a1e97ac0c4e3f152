import Foundation

/// A uniform type identifier, as the `UniformTypeIdentifiers` framework's `UTType` (which Linux lacks):
/// the identifiers drag items and pasteboards are typed with (`UTType.plainText.identifier` …).
///
/// Differs from Apple's: only the types SceneHost exchanges are known, with their conformance
/// (UTF-8 text → plain text → text → data; PNG and JPEG → image → data; file URL → URL → data), and
/// each knows the MIME type other X11 programs use for it. Unknown identifiers conform only to
/// themselves and `public.data`.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The identifier, e.g. `public.utf8-plain-text`.
    public let identifier: String

    /// The type named `identifier`; nil for an empty string.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty else { return nil }
        self.identifier = identifier
    }

    private init(known identifier: String) { self.identifier = identifier }

    /// Any data (`public.data`).
    public static let data = UTType(known: "public.data")
    /// Any text (`public.text`).
    public static let text = UTType(known: "public.text")
    /// Text without markup, any encoding (`public.plain-text`).
    public static let plainText = UTType(known: "public.plain-text")
    /// Text without markup in UTF-8 (`public.utf8-plain-text`), what `String` writes.
    public static let utf8PlainText = UTType(known: "public.utf8-plain-text")
    /// A URL (`public.url`).
    public static let url = UTType(known: "public.url")
    /// A `file:` URL (`public.file-url`).
    public static let fileURL = UTType(known: "public.file-url")
    /// Any image (`public.image`).
    public static let image = UTType(known: "public.image")
    /// A PNG image (`public.png`), what `UIImage` writes.
    public static let png = UTType(known: "public.png")
    /// A JPEG image (`public.jpeg`).
    public static let jpeg = UTType(known: "public.jpeg")
    /// An `NSUserActivity` (SceneHost's identifier; UIKit's is private): what a drag item carries to
    /// open a new window.
    public static let userActivity = UTType(known: "org.scenehost.user-activity")

    /// The types this one conforms to directly.
    private var parents: [UTType] {
        switch self {
        case .utf8PlainText: [.plainText]
        case .plainText: [.text]
        case .fileURL: [.url]
        case .png, .jpeg: [.image]
        case .data: []
        default: [.data]
        }
    }

    /// Whether a value of this type is also one of `other` (itself, or one of its ancestors).
    public func conforms(to other: UTType) -> Bool {
        self == other || parents.contains { $0.conforms(to: other) }
    }

    /// The MIME type X11 programs exchange this type as (XDND, selections); nil when it has none.
    public var preferredMIMEType: String? {
        switch self {
        case .utf8PlainText, .plainText, .text: "text/plain;charset=utf-8"
        case .url, .fileURL: "text/uri-list"
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        default: nil
        }
    }

    /// The type a MIME type offered by another X11 program stands for; nil for one SceneHost does not read.
    public init?(mimeType: String) {
        switch mimeType.lowercased() {
        case "text/plain;charset=utf-8", "utf8_string", "text/plain", "string", "text": self = .utf8PlainText
        case "text/uri-list": self = .fileURL
        case "image/png": self = .png
        case "image/jpeg": self = .jpeg
        default: return nil
        }
    }

    public var description: String { identifier }
}
