import Cairo
import Foundation
import SceneHost
import X11

/// Pictures of what a window shows, read back from the X server.
@MainActor
public enum Screenshot {
    /// The client area of `window` (no frame), as an image.
    public static func capture(window: Window, on display: Display) throws -> ImageSurface {
        guard let geometry = display.geometry(window) else {
            throw X11Error("window 0x\(String(window, radix: 16)) does not exist")
        }
        return try image(of: display.capture(window, width: geometry.width, height: geometry.height))
    }

    /// The whole screen, frames and all.
    public static func captureScreen(of display: Display) throws -> ImageSurface {
        try image(of: display.capture(display.root, width: display.screenWidth, height: display.screenHeight))
    }

    static func image(of captured: CapturedImage) -> ImageSurface {
        let image = ImageSurface(format: .rgb24, width: captured.width, height: captured.height)
        image.flush()
        let stride = image.stride
        let base = image.data
        captured.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<captured.height {
                (base + row * stride).copyMemory(from: pixels.baseAddress! + row * captured.width, byteCount: captured.width * 4)
            }
        }
        image.markDirty()
        return image
    }
}

/// Offscreen renders: a view controller in a scene of a given size, with no X server.
@MainActor
public enum OffscreenRenderer {
    /// Lays out and draws `viewController` in an offscreen scene of `size` points at `scale`; the size
    /// classes follow the size as they would for a window. `prepare` may change the scene first (its
    /// `traitOverrides`, for a right-to-left or dark render).
    public static func render(_ viewController: UIViewController, size: CGSize, scale: CGFloat = 1,
                              prepare: (UIWindowScene) -> Void = { _ in }) -> ImageSurface {
        let scene = UIWindowScene.offscreen(size: size, scale: scale, rootViewController: viewController)
        prepare(scene)
        return scene.renderImage(scale: scale)
    }
}
