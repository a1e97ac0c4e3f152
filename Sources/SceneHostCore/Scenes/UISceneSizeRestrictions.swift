import Foundation

/// The sizes a person may give a scene's window. SceneHost writes them to the window's
/// `WM_NORMAL_HINTS` whenever they change, so the window manager enforces them.
///
/// Values are kept as set; what is enforced (and reported by `effectiveGeometry`) follows these rules,
/// each announced by one warning when an invalid value is set:
/// - a negative, NaN or infinite minimum dimension becomes 0 (no minimum);
/// - a negative or NaN maximum dimension becomes unlimited (`.greatestFiniteMagnitude`);
///   infinity means unlimited and is valid;
/// - a maximum dimension smaller than the minimum is raised to the minimum.
///
/// `allowsFullScreen` decides whether F11, Ctrl+Super+F and `requestFullScreen(_:errorHandler:)` may make
/// the window full screen; set to false while it is, the window leaves full screen.
@MainActor
public final class UISceneSizeRestrictions {
    public var minimumSize: CGSize = .zero { didSet { changed() } }
    public var maximumSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude) {
        didSet { changed() }
    }
    /// Whether the window may go full screen (`_NET_WM_STATE_FULLSCREEN`); default true.
    public var allowsFullScreen = true { didSet { if allowsFullScreen != oldValue { onChange?() } } }

    /// Called after every change; the runtime rewrites the window's hints.
    var onChange: (() -> Void)?

    init() {}

    private func changed() {
        let (_, _, problems) = Self.normalize(minimum: minimumSize, maximum: maximumSize)
        if !problems.isEmpty {
            SceneHostLog.warning("invalid UISceneSizeRestrictions (minimumSize \(minimumSize), maximumSize \(maximumSize)): "
                + problems.joined(separator: "; "))
        }
        onChange?()
    }

    /// The limits in force, in points; the maximum is `.greatestFiniteMagnitude` per unlimited dimension.
    public var effectiveMinimumSize: CGSize { Self.normalize(minimum: minimumSize, maximum: maximumSize).minimum }
    public var effectiveMaximumSize: CGSize { Self.normalize(minimum: minimumSize, maximum: maximumSize).maximum }

    static func normalize(minimum: CGSize, maximum: CGSize) -> (minimum: CGSize, maximum: CGSize, problems: [String]) {
        var problems: [String] = []
        func lower(_ value: CGFloat, _ name: String) -> CGFloat {
            if value.isNaN || value < 0 || value.isInfinite {
                problems.append("minimum \(name) \(value) is treated as 0 (no minimum)")
                return 0
            }
            return value
        }
        func upper(_ value: CGFloat, _ minimum: CGFloat, _ name: String) -> CGFloat {
            if value.isNaN || value < 0 {
                problems.append("maximum \(name) \(value) is treated as unlimited")
                return .greatestFiniteMagnitude
            }
            if value.isInfinite { return .greatestFiniteMagnitude }
            if value < minimum {
                problems.append("maximum \(name) \(value) is below the minimum and is raised to \(minimum)")
                return minimum
            }
            return value
        }
        let minWidth = lower(minimum.width, "width"), minHeight = lower(minimum.height, "height")
        let maxWidth = upper(maximum.width, minWidth, "width"), maxHeight = upper(maximum.height, minHeight, "height")
        return (CGSize(width: minWidth, height: minHeight), CGSize(width: maxWidth, height: maxHeight), problems)
    }
}
