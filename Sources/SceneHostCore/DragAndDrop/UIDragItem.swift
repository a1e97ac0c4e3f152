import Foundation

/// One thing dragged, as UIKit's `UIDragItem`: its data in an item provider, and a value for drops
/// inside the app.
@MainActor
open class UIDragItem {
    /// What the item holds, in each representation offered.
    public let itemProvider: NSItemProvider
    /// The app's own value for the item, seen by drop targets in this app only.
    open var localObject: Any?
    /// Makes the preview shown while the item is dragged; SceneHost shows the lifted preview throughout.
    open var previewProvider: (() -> UIDragPreview?)?

    /// An item of `itemProvider`'s data.
    public init(itemProvider: NSItemProvider) { self.itemProvider = itemProvider }
}
