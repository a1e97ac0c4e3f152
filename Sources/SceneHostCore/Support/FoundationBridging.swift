import Foundation

/// Keeps Foundation's bridging of Swift collections to `NSArray`, `NSSet` … in an executable that links
/// Foundation statically (`-static-stdlib`, as the Gallery does), where it would otherwise be missing.
///
/// Why: swift-corelibs-foundation declares `extension Array: _ObjectiveCBridgeable` (and the same for
/// `Set`, `IndexPath`, `DateComponents` …) in source files of their own. Linked from `libFoundation.a`, an
/// archive member comes in only when something names one of its symbols, and nothing does: the runtime
/// finds conformances by scanning the loaded conformance records, it never names them. So a static
/// executable has no `Array: _ObjectiveCBridgeable`, an `[Any]` handed to Foundation as `Any` is boxed in
/// a `__SwiftValue` instead of becoming an `NSArray`, and CoreFoundation, which sees a type it does not
/// know, fails: `PropertyListSerialization.data(fromPropertyList:…)` of a dictionary holding an array
/// throws error 3851 ("property lists cannot contain objects of type 'Not A Type'"), and
/// `propertyList(_:isValidFor:)` answers false. Saved scene sessions (a window's frame is an array),
/// dragged items and the session handover all write such property lists.
///
/// The function below names one bridging function of each such member, so the linker takes the member
/// and its conformance record with it. It is public so the optimizer keeps it; nothing needs to call
/// it. A dynamically linked program has all of libFoundation.so mapped and does not need it. Not UIKit API.
@_spi(Runtime) @MainActor
public enum FoundationBridging {
    /// Empty Foundation objects bridged from each Swift type whose conformance a static link drops.
    /// Calling it is harmless; its reason to exist is that the executable refers to these functions.
    @inline(never)
    public static func bridgedEmptyValues() -> [AnyObject] {
        [[Any]() as NSArray, Set<AnyHashable>() as NSSet, IndexPath() as NSIndexPath, DateComponents() as NSDateComponents,
         DateInterval() as NSDateInterval, Decimal() as NSDecimalNumber, URLComponents() as NSURLComponents,
         URLQueryItem(name: "", value: nil) as NSURLQueryItem]
    }
}
