@_spi(Runtime) import SceneHostCore
import X11

/// A pasteboard backed by an X11 selection: setting text takes ownership, reading asks the owner
/// (another program, or this one). Holds the selection weakly: once its connection is gone (a test's
/// runtime ended), the text last set is kept in the process.
@MainActor
final class SelectionPasteboard: PasteboardBackend {
    private weak var selection: Selection?
    private var kept: String?

    init(_ selection: Selection) { self.selection = selection }

    func readString() -> String? {
        guard let selection else { return kept }
        return selection.read()
    }

    func publish(_ string: String?) {
        kept = string
        selection?.own(string)
    }
}
