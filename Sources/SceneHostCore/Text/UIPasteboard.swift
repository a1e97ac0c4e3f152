import Foundation

/// Where a pasteboard's contents live outside the app: the runtime backs `UIPasteboard.general` with
/// X11's CLIPBOARD selection and `UIPasteboard.primarySelection` with PRIMARY.
@_spi(Runtime) @MainActor
public protocol PasteboardBackend: AnyObject {
    /// The text another program (or this one) offers now; nil when none.
    func readString() -> String?
    /// Offers `string` to other programs (nil: gives up the selection).
    func publish(_ string: String?)
}

/// A pasteboard, as UIKit's `UIPasteboard`: text, shared with other programs. `general` is the X11
/// CLIPBOARD selection (Ctrl+C, Ctrl+V everywhere); SceneHost adds `primarySelection`, X11's PRIMARY
/// (the text last selected, pasted with the middle button). Without a display (offscreen) a pasteboard
/// keeps its text in the process. Images and item providers are not supported.
@MainActor
public final class UIPasteboard {
    /// The system pasteboard: X11's CLIPBOARD.
    public static let general = UIPasteboard()
    /// X11's PRIMARY selection: what was last selected, for middle-click paste (no UIKit counterpart).
    public static let primarySelection = UIPasteboard()

    /// The runtime's link to the X server; nil offscreen.
    @_spi(Runtime) public var backend: PasteboardBackend?
    private var local: String?

    /// Increases whenever this app changes the contents.
    public private(set) var changeCount = 0

    /// The text on the pasteboard (read from its owner, which may be another program); setting it
    /// makes this app the owner.
    public var string: String? {
        get { backend.map { $0.readString() } ?? local }
        set {
            local = newValue
            changeCount += 1
            backend?.publish(newValue)
        }
    }

    /// The texts: here at most one.
    public var strings: [String]? {
        get { string.map { [$0] } }
        set { string = newValue?.first }
    }

    /// Whether there is text.
    public var hasStrings: Bool { !(string ?? "").isEmpty }
}
