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
        /// The scene's interface orientation, as in UIKit: the simulated device's (see `UIDevice`), unless
        /// the orientation is locked or the scene does not support the device's, whatever the window's
        /// shape: a 320×768 window on a landscape device is landscape, as a landscape 1/3 Split View is.
        /// An offscreen scene takes the device's.
        public let interfaceOrientation: UIInterfaceOrientation
        /// The minimum size in force (0 per dimension: none).
        public let minimumSize: CGSize
        /// The maximum size in force (`.greatestFiniteMagnitude` per dimension: unlimited).
        public let maximumSize: CGSize
        /// How a person may resize the window: `.freeform` (any size within the limits), `.uniform` (the
        /// aspect ratio is kept, `GeometryPreferences.Vision`), `.none` (one size: a fixed size, or equal
        /// minimum and maximum).
        public let resizingRestrictions: ResizingRestrictions
        /// Whether a person is dragging the window's edge right now.
        public let isInteractivelyResizing: Bool
        /// Whether the interface orientation is locked: the scene's view controllers prefer it
        /// (`prefersInterfaceOrientationLocked`) and the scene fills the screen, where the lock is honoured.
        public let isInterfaceOrientationLocked: Bool

        init(systemFrame: CGRect, minimumSize: CGSize, maximumSize: CGSize, isInteractivelyResizing: Bool = false,
             orientation: UIInterfaceOrientation = .unknown, isOrientationLocked: Bool = false,
             resizingRestrictions: ResizingRestrictions = .freeform) {
            self.systemFrame = systemFrame
            coordinateSpace = SceneCoordinateSpace(bounds: CGRect(origin: .zero, size: systemFrame.size))
            // The shape says nothing: the runtime tracks the scene's orientation, and a scene it does not
            // (offscreen, or not yet connected) is held as the device is.
            interfaceOrientation = orientation != .unknown ? orientation : UIInterfaceOrientation(UIDevice.current.simulatedOrientation)
            self.minimumSize = minimumSize
            self.maximumSize = maximumSize
            self.resizingRestrictions = resizingRestrictions
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
            "<UIWindowScene.Geometry systemFrame = \(systemFrame), interfaceOrientation = \(interfaceOrientation), minimumSize = \(minimumSize), maximumSize = \(maximumSize), isInteractivelyResizing = \(isInteractivelyResizing), isInterfaceOrientationLocked = \(isInterfaceOrientationLocked), resizingRestrictions = \(resizingRestrictions)>"
        }
    }
}

/// The fixed coordinate space of one geometry snapshot.
@MainActor
final class SceneCoordinateSpace: UICoordinateSpace {
    let bounds: CGRect
    init(bounds: CGRect) { self.bounds = bounds }
}
