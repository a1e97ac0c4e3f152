import Foundation

/// A set of images of one thing for different traits (scales, light and dark, high contrast, size
/// classes), as UIKit's `UIImageAsset`: `image(with:)` picks the best one. Images from an asset catalog
/// carry theirs in `imageAsset`, and image views resolve them again whenever their traits change.
///
/// Matching, as UIKit (its choice among scales is undocumented; SceneHost's rule): the images whose
/// specified traits all match are candidates; the one specifying the most matching traits wins; among
/// scales, the exact one, else the smallest above, else the largest below. The chosen image keeps its
/// own `scale`, so its size in points stays right.
public final class UIImageAsset: @unchecked Sendable {
    /// The traits an image was registered for; nil is "any".
    struct Variant: Equatable {
        var scale: CGFloat?
        var style: UIUserInterfaceStyle?
        var contrast: UIAccessibilityContrast?
        var horizontalSizeClass: UIUserInterfaceSizeClass?
        var verticalSizeClass: UIUserInterfaceSizeClass?
        var idiom: UIUserInterfaceIdiom?

        /// How many specified traits match `traits`, or nil when one does not.
        func matches(_ lookup: Variant) -> Int? {
            var count = 0
            func check<T: Equatable>(_ own: T?, _ wanted: T?) -> Bool {
                guard let own else { return true }
                guard own == wanted else { return false }
                count += 1
                return true
            }
            guard check(style, lookup.style), check(contrast, lookup.contrast), check(horizontalSizeClass, lookup.horizontalSizeClass),
                  check(verticalSizeClass, lookup.verticalSizeClass), check(idiom, lookup.idiom) else { return nil }
            return count
        }
    }

    private struct Registration {
        /// Tells registrations apart when their places in the list change.
        var id: Int
        var variant: Variant
        var image: UIImage?
        /// Catalog images are read from their files when first chosen.
        var load: (@Sendable () -> UIImage?)?
    }

    private let lock = NSLock()
    nonisolated(unsafe) private var registrations: [Registration] = []
    nonisolated(unsafe) private var nextID = 0
    /// Where the asset came from (a catalog entry's name), for descriptions.
    let name: String?

    public init() { name = nil }
    init(name: String) { self.name = name }

    /// Registers `image` for `traitCollection`; an image registered before for the same traits is
    /// replaced. As in UIKit, an unspecified `displayScale` is taken as 1 (pass the scale you mean) and
    /// the image's `imageAsset` becomes this asset.
    public func register(_ image: UIImage, with traitCollection: UITraitCollection) {
        let variant = Self.variant(for: traitCollection, fillingScale: 1)
        image.imageAsset = self
        add(variant: variant, image: image, load: nil)
    }

    /// Forgets the image registered for `traitCollection`.
    public func unregisterImage(with traitCollection: UITraitCollection) {
        unregister(variant: Self.variant(for: traitCollection, fillingScale: 1))
    }

    /// Forgets the image registered for `variant`.
    func unregister(variant: Variant) {
        lock.withLock { registrations.removeAll { $0.variant == variant } }
    }

    /// The best image for `traitCollection` (see the type's notes); unspecified traits take the main
    /// screen's scale, the device's idiom (`.pad`) and the light appearance, as UIKit's lookup does. An empty image when nothing is
    /// registered, as UIKit.
    public func image(with traitCollection: UITraitCollection) -> UIImage {
        resolvedImage(with: traitCollection) ?? UIImage(surface: .init(width: 0, height: 0), scale: 1)
    }

    func resolvedImage(with traitCollection: UITraitCollection) -> UIImage? {
        resolvedImage(for: Self.variant(for: traitCollection, fillingScale: nil))
    }

    /// The best image for traits already read (reading a trait collection records the read for
    /// the main thread's trait tracking, so other threads pass the variant).
    func resolvedImage(for lookup: Variant) -> UIImage? {
        let wantedScale = lookup.scale ?? UIScreen.mainScale
        // Chosen and read in one critical section: another thread registering or unregistering in
        // between would shift the indices.
        let chosen: Registration? = lock.withLock {
            let scored = registrations.indices.compactMap { index in registrations[index].variant.matches(lookup).map { (index, $0) } }
            guard let best = scored.map(\.1).max() else { return nil }
            let group = scored.filter { $0.1 == best }.map(\.0)
            // Exact scale, else the smallest above, else the largest below; "any scale" ranks after exact.
            func rank(_ index: Int) -> (Int, CGFloat) {
                guard let scale = registrations[index].variant.scale else { return (1, 0) }
                if scale == wantedScale { return (0, 0) }
                return scale > wantedScale ? (2, scale) : (3, -scale)
            }
            return group.min { rank($0) < rank($1) }.map { registrations[$0] }
        }
        guard let chosen else { return nil }
        if let image = chosen.image { return image }
        guard let loaded = chosen.load?() else { return nil }
        loaded.imageAsset = self
        // Kept by identity (the registration may have moved, or been replaced, meanwhile); when
        // another thread loaded it first, its image wins so every caller sees the same one.
        return lock.withLock {
            guard let index = registrations.firstIndex(where: { $0.id == chosen.id }) else { return loaded }
            if let first = registrations[index].image { return first }
            registrations[index].image = loaded
            return loaded
        }
    }

    /// Adds an image that `load` reads when it is first chosen (asset catalogs).
    func register(variant: Variant, load: @escaping @Sendable () -> UIImage?) {
        add(variant: variant, image: nil, load: load)
    }

    private func add(variant: Variant, image: UIImage?, load: (@Sendable () -> UIImage?)?) {
        lock.withLock {
            nextID += 1
            registrations.removeAll { $0.variant == variant }
            registrations.append(Registration(id: nextID, variant: variant, image: image, load: load))
        }
    }

    /// The traits of a collection that choose images. A registration's unspecified scale becomes
    /// `fillingScale` and its idiom stays "any"; a lookup (`fillingScale` nil) fills what is
    /// unspecified from the device: the main screen's scale, the `.pad` idiom, the light appearance.
    static func variant(for traits: UITraitCollection, fillingScale: CGFloat?) -> Variant {
        let style = traits.userInterfaceStyle
        let contrast = traits.accessibilityContrast
        let lookup = fillingScale == nil
        let idiom = traits.userInterfaceIdiom == .unspecified ? (lookup ? UIUserInterfaceIdiom.pad : nil) : traits.userInterfaceIdiom
        return Variant(scale: traits.displayScale > 0 ? traits.displayScale : (fillingScale ?? UIScreen.mainScale),
                       style: style == .unspecified ? (fillingScale == nil ? .light : nil) : style,
                       contrast: contrast == .unspecified ? (fillingScale == nil ? .normal : nil) : contrast,
                       horizontalSizeClass: traits.horizontalSizeClass == .unspecified ? nil : traits.horizontalSizeClass,
                       verticalSizeClass: traits.verticalSizeClass == .unspecified ? nil : traits.verticalSizeClass,
                       idiom: idiom)
    }
}
