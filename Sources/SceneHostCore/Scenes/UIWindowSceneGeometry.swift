import Foundation

extension UIWindowScene {
    /// How a scene may be resized, with UIKit's raw values.
    public enum ResizingRestrictions: UInt, Sendable {
        case unspecified = 0, none = 1, uniform = 2, freeform = 3
    }

    /// A snapshot of a scene's geometry. Compare two snapshots' `coordinateSpace.bounds` to see a resize.
    @MainActor
    public final class Geometry: @MainActor CustomStringConvertible {
        /// The window's content area in points; origin at the top-left of the root window (the X screen).
        public let systemFrame: CGRect
        /// The scene's coordinate space; its bounds are the scene's size at origin zero.
        public let coordinateSpace: any UICoordinateSpace
        /// Portrait when taller than wide, landscape otherwise; which portrait or landscape follows the
        /// simulated device's rotation (see `UIDevice`).
        public let interfaceOrientation: UIInterfaceOrientation
        /// The minimum size in force (0 per dimension: none).
        public let minimumSize: CGSize
        /// The maximum size in force (`.greatestFiniteMagnitude` per dimension: unlimited).
        public let maximumSize: CGSize
        /// `.freeform`: a person may give the window any size within the limits.
        public let resizingRestrictions: ResizingRestrictions
        /// Whether a person is dragging the window's edge right now.
        public let isInteractivelyResizing: Bool
        /// Whether the interface orientation is locked: the scene's view controllers prefer it
        /// (`prefersInterfaceOrientationLocked`) and the scene fills the screen, where the lock is honoured.
        public let isInterfaceOrientationLocked: Bool

        init(systemFrame: CGRect, minimumSize: CGSize, maximumSize: CGSize, isInteractivelyResizing: Bool = false,
             orientation preferred: UIInterfaceOrientation = .unknown, isOrientationLocked: Bool = false) {
            self.systemFrame = systemFrame
            coordinateSpace = SceneCoordinateSpace(bounds: CGRect(origin: .zero, size: systemFrame.size))
            // The window's shape decides portrait or landscape; the device decides which side is up.
            let portrait = systemFrame.height > systemFrame.width
            interfaceOrientation = portrait ? (preferred.isPortrait ? preferred : .portrait)
                                            : (preferred.isLandscape ? preferred : .landscapeRight)
            self.minimumSize = minimumSize
            self.maximumSize = maximumSize
            resizingRestrictions = .freeform
            self.isInteractivelyResizing = isInteractivelyResizing
            isInterfaceOrientationLocked = isOrientationLocked
        }

        func hasSameValues(as other: Geometry) -> Bool {
            systemFrame == other.systemFrame && minimumSize == other.minimumSize && maximumSize == other.maximumSize
                && interfaceOrientation == other.interfaceOrientation && resizingRestrictions == other.resizingRestrictions
                && isInteractivelyResizing == other.isInteractivelyResizing
                && isInterfaceOrientationLocked == other.isInterfaceOrientationLocked
        }

        public var description: String {
            "<UIWindowScene.Geometry systemFrame = \(systemFrame), interfaceOrientation = \(interfaceOrientation), minimumSize = \(minimumSize), maximumSize = \(maximumSize), isInteractivelyResizing = \(isInteractivelyResizing), isInterfaceOrientationLocked = \(isInterfaceOrientationLocked)>"
        }
    }
}

/// The fixed coordinate space of one geometry snapshot.
@MainActor
final class SceneCoordinateSpace: UICoordinateSpace {
    let bounds: CGRect
    init(bounds: CGRect) { self.bounds = bounds }
}
