import Foundation

/// UIKit's additions to `IndexPath` for collection and table views (swift-corelibs-foundation has no
/// UIKit): a section and an item (or row), each an index of the path.
extension IndexPath {
    /// The path of `item` in `section`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The path of `row` in `section` (table views).
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The section: the path's first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
    /// The item: the path's second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
    /// The row: the path's second index (table views).
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
