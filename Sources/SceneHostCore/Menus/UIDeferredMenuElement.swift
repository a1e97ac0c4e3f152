import Foundation

/// A placeholder in a menu whose elements are provided when the menu opens, as UIKit's
/// `UIDeferredMenuElement` (iOS 14): the menu shows "Loading…" until the provider calls its completion,
/// then the elements in its place. A cached element keeps what it got for later openings; an
/// `uncached` one asks each time.
@MainActor
public final class UIDeferredMenuElement: UIMenuElement {
    let provider: (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void
    let isCached: Bool
    /// What the provider gave, once it did (kept only when cached).
    var providedElements: [UIMenuElement]?

    /// A cached element: the provider runs the first time a menu holding it opens.
    public init(_ elementProvider: @escaping (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void) {
        provider = elementProvider
        isCached = true
        super.init(title: "", subtitle: nil, image: nil)
    }

    private init(uncached elementProvider: @escaping (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void) {
        provider = elementProvider
        isCached = false
        super.init(title: "", subtitle: nil, image: nil)
    }

    /// An element whose provider runs every time a menu holding it opens (iOS 15).
    public static func uncached(_ elementProvider: @escaping (@escaping @MainActor ([UIMenuElement]) -> Void) -> Void) -> UIDeferredMenuElement {
        UIDeferredMenuElement(uncached: elementProvider)
    }
}
