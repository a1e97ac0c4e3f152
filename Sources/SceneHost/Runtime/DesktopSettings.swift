import Foundation

/// What the desktop tells the runtime about its display.
@MainActor
enum DesktopSettings {
    /// Device pixels per point: `SCENEHOST_SCALE` (a number from 0.5 to 8), else 1. (XSETTINGS and
    /// `Xft.dpi` join with the full trait system.)
    static func displayScale(environment: [String: String] = ProcessInfo.processInfo.environment) -> CGFloat {
        guard let text = environment["SCENEHOST_SCALE"] else { return 1 }
        guard let value = Double(text), value >= 0.5, value <= 8 else {
            SceneHostLog.warning("SCENEHOST_SCALE=\(text) is not a number from 0.5 to 8; using 1")
            return 1
        }
        return CGFloat(value)
    }
}
