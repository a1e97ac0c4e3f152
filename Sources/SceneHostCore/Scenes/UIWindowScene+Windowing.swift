import Foundation

extension UIWindowScene.GeometryPreferences {
    /// A window's size and how a person may resize it, as UIKit's visionOS preferences. Every field is
    /// optional: nil leaves that part as it is.
    /// - `size`: the window is resized to it (within the limits);
    /// - `minimumSize`, `maximumSize`: become the scene's `sizeRestrictions`;
    /// - `resizingRestrictions`: `.uniform` keeps the width-to-height ratio of `size` (else of the
    ///   window's current size) through the window manager's aspect hints (`PAspect`); `.none` fixes the
    ///   window at that size (minimum = maximum, no resize function in the Motif hints); `.freeform`
    ///   lifts both; `.unspecified` changes nothing.
    /// `effectiveGeometry.resizingRestrictions` reports what holds.
    ///
    /// Differs from UIKit: SceneHost honours these on any scene (UIKit on visionOS only).
    public final class Vision: UIWindowScene.GeometryPreferences {
        /// The window's new size (points); nil keeps it.
        public var size: CGSize?
        /// The new minimum size (`sizeRestrictions.minimumSize`); nil keeps it.
        public var minimumSize: CGSize?
        /// The new maximum size (`sizeRestrictions.maximumSize`); nil keeps it.
        public var maximumSize: CGSize?
        /// How a person may resize the window from now on; nil keeps what holds.
        public var resizingRestrictions: UIWindowScene.ResizingRestrictions?

        /// Preferences with UIKit's parameters, in its order.
        public init(size: CGSize? = nil, minimumSize: CGSize? = nil, maximumSize: CGSize? = nil,
                    resizingRestrictions: UIWindowScene.ResizingRestrictions? = nil) {
            self.size = size
            self.minimumSize = minimumSize
            self.maximumSize = maximumSize
            self.resizingRestrictions = resizingRestrictions
            super.init()
        }
    }
}

extension UIWindowScene {
    /// `size` within the limits in force.
    func clampedSize(_ size: CGSize) -> CGSize {
        let minimum = effectiveMinimumSize, maximum = effectiveMaximumSize
        return CGSize(width: min(max(size.width, minimum.width), maximum.width),
                      height: min(max(size.height, minimum.height), maximum.height))
    }

    /// `requestGeometryUpdate(.Vision(…))`.
    func applyVision(_ vision: GeometryPreferences.Vision, errorHandler: ((any Error) -> Void)?) {
        func usable(_ size: CGSize?) -> Bool {
            guard let size else { return true }
            return size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
        }
        guard usable(vision.size) else {
            errorHandler?(UISceneError(.geometryRequestUnsupported, "the requested size \(vision.size!) has no usable size; give a finite, positive width and height"))
            return
        }
        if let minimum = vision.minimumSize { sizeRestrictions?.minimumSize = minimum }
        if let maximum = vision.maximumSize { sizeRestrictions?.maximumSize = maximum }
        var target = vision.size ?? effectiveGeometry.systemFrame.size
        if let restrictions = vision.resizingRestrictions {
            requestedResizingRestrictions = restrictions
            switch restrictions {
            case .uniform:
                fixedSize = nil
                target = clampedSize(target)
                preferredAspectRatio = target
            case .none:
                preferredAspectRatio = nil
                fixedSize = nil
                target = clampedSize(target)
                fixedSize = target
            case .freeform:
                preferredAspectRatio = nil
                fixedSize = nil
            case .unspecified:
                break
            }
        }
        host?.sceneWindowingDidChange()
        let size = clampedSize(target)
        if size != effectiveGeometry.systemFrame.size {
            host?.sceneRequestsFrame(CGRect(origin: effectiveGeometry.systemFrame.origin, size: size))
        }
    }

    /// Enters or leaves full screen (`_NET_WM_STATE_FULLSCREEN`): what F11 and Ctrl+Super+F do. A
    /// SceneHost addition (UIKit leaves full screen to the person). Entering fails with
    /// `UISceneError.Code.geometryRequestDenied` when `sizeRestrictions.allowsFullScreen` is false. The
    /// window manager answers later: `isFullScreen` and the geometry change with a later frame.
    public func requestFullScreen(_ fullScreen: Bool, errorHandler: ((any Error) -> Void)? = nil) {
        if fullScreen, sizeRestrictions?.allowsFullScreen == false {
            errorHandler?(UISceneError(.geometryRequestDenied, "the scene does not allow full screen (sizeRestrictions.allowsFullScreen is false)"))
            return
        }
        host?.sceneRequestsFullScreen(fullScreen)
    }

    /// The host says whether the window is full screen.
    @_spi(Runtime) public func setFullScreenState(_ fullScreen: Bool) { isFullScreen = fullScreen }
}

extension UIWindowSceneHost {
    /// An offscreen scene has no hints: its geometry is reported again (the resizing restrictions).
    public func sceneWindowingDidChange() { sceneSizeRestrictionsDidChange() }
    /// An offscreen scene has no screen to fill.
    public func sceneRequestsFullScreen(_ fullScreen: Bool) {}
}
