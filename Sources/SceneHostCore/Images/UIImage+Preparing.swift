import Cairo
import Foundation

/// Decoding ahead of time, off the main thread (iOS 15's API).
extension UIImage {
    /// The image with its pixels decoded now (synchronously, on the calling thread: call it off the
    /// main thread), so drawing it costs no decoding; nil when it cannot be decoded. Images made in
    /// code, and vector images (symbols, SVG), are returned as they are.
    public func preparingForDisplay() -> UIImage? {
        // The header says SVG: parsing it here (`vector`) would make a librsvg handle off the main thread.
        if !content.isEncoded || content.isVector { return self }
        guard let surface = content.surface else { return nil }
        return copy(content: ImageContent(surface: surface))
    }

    /// Decodes the image on a background queue and calls `completionHandler` there with the decoded
    /// image (nil when it cannot be decoded), as UIKit's.
    public func prepareForDisplay(completionHandler: @escaping @Sendable (UIImage?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { completionHandler(self.preparingForDisplay()) }
    }

    /// `prepareForDisplay(completionHandler:)` for `async` code.
    public func byPreparingForDisplay() async -> UIImage? {
        await withCheckedContinuation { continuation in prepareForDisplay { continuation.resume(returning: $0) } }
    }

    /// A smaller copy of the image, `size` points big at the image's scale (its pixels are `size` ×
    /// `scale`), decoded now on the calling thread: JPEG and WebP decode at a reduced size directly,
    /// far cheaper than decoding in full. Nil when the image cannot be decoded or `size` is empty.
    /// The copy fills `size` exactly (an aspect ratio other than the image's stretches it); it keeps
    /// the orientation, rendering mode and cap insets, but not the `imageAsset`.
    public func preparingThumbnail(of size: CGSize) -> UIImage? {
        guard size.width > 0, size.height > 0 else { return nil }
        let shown = (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
        let stored = imageOrientation.swapsAxes ? (shown.1, shown.0) : shown
        guard let surface = content.surface(fitting: max(1, stored.0), height: max(1, stored.1)) else { return nil }
        let thumbnail = copy(content: ImageContent(surface: surface))
        thumbnail.imageAsset = nil
        return thumbnail
    }

    /// The image scaled to `size` points at its scale, for drawing at that size many times: from the
    /// full decoded pixels (kept in the cache) through their halvings, so sizes after the first cost
    /// little. Image views use it; `preparingThumbnail` instead decodes as little as it can, once.
    func scaledForDisplay(to size: CGSize) -> UIImage? {
        guard size.width > 0, size.height > 0 else { return nil }
        let shown = (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
        let stored = imageOrientation.swapsAxes ? (shown.1, shown.0) : shown
        guard let surface = content.scaledFromFull(toWidth: max(1, stored.0), height: max(1, stored.1)) else { return nil }
        let copy = copy(content: ImageContent(surface: surface))
        copy.imageAsset = nil
        return copy
    }

    /// Makes `preparingThumbnail(of:)` on a background queue and calls `completionHandler` there.
    public func prepareThumbnail(of size: CGSize, completionHandler: @escaping @Sendable (UIImage?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { completionHandler(self.preparingThumbnail(of: size)) }
    }

    /// `prepareThumbnail(of:completionHandler:)` for `async` code.
    public func byPreparingThumbnail(ofSize size: CGSize) async -> UIImage? {
        await withCheckedContinuation { continuation in prepareThumbnail(of: size) { continuation.resume(returning: $0) } }
    }
}
