import Foundation

/// An iPad model of Apple's multitasking table: its full-screen size in points, and the width of its
/// narrow arrangements (a third of the screen, Slide Over). The other arrangements follow from them as
/// on iPad: the divider between two apps is 10 points, so the wider app of a landscape split is the
/// screen less the narrow one less 10 (981 points on the 12.9-inch), and a half is half of what the
/// divider leaves (678). The 9.7-inch, 10.5-inch and 12.9-inch widths are Apple's; the 11-inch ones
/// follow the same rule from its 375-point narrow width (Apple publishes none).
///
/// Not a UIKit type: SceneHost's test kit renders contact sheets from it (`ContactSheet`), and the
/// runtime snaps windows to its sizes (`SCENEHOST_IPAD`, Ctrl+Alt+1 … 6).
public struct IPadModel: Hashable, Sendable, CustomStringConvertible {
    /// The model as people name it: "12.9-inch".
    public let name: String
    /// Full screen in portrait, in points.
    public let portraitSize: CGSize
    /// A third of the screen and Slide Over, in points.
    public let narrowWidth: CGFloat
    /// How much shorter than the screen Slide Over is (40 points on iPads before 2018, none after).
    public let slideOverHeightInset: CGFloat

    public init(name: String, portraitSize: CGSize, narrowWidth: CGFloat, slideOverHeightInset: CGFloat = 0) {
        self.name = name
        self.portraitSize = portraitSize
        self.narrowWidth = narrowWidth
        self.slideOverHeightInset = slideOverHeightInset
    }

    public var description: String { name }

    public static let pro12_9 = IPadModel(name: "12.9-inch", portraitSize: CGSize(width: 1024, height: 1366), narrowWidth: 375)
    public static let pro11 = IPadModel(name: "11-inch", portraitSize: CGSize(width: 834, height: 1194), narrowWidth: 375)
    public static let air10_5 = IPadModel(name: "10.5-inch", portraitSize: CGSize(width: 834, height: 1112), narrowWidth: 320,
                                          slideOverHeightInset: 40)
    public static let mini9_7 = IPadModel(name: "9.7-inch", portraitSize: CGSize(width: 768, height: 1024), narrowWidth: 320,
                                          slideOverHeightInset: 40)
    /// Every model, largest first.
    public static let all: [IPadModel] = [.pro12_9, .pro11, .air10_5, .mini9_7]

    /// How the screen is held.
    public enum Orientation: String, Sendable, CaseIterable {
        case landscape, portrait
    }

    /// Where an app is on the screen: the whole of it, one side of a split (two thirds, a half, a
    /// third), Slide Over, or a Stage Manager window at its default size. Portrait has no half: its
    /// split is two thirds and a third.
    public enum Arrangement: String, Sendable, CaseIterable {
        case fullScreen, twoThirds, half, oneThird, slideOver, stageManager

        /// "Full screen", "2/3", "1/2", "1/3", "Slide Over", "Stage Manager".
        public var label: String {
            switch self {
            case .fullScreen: "Full screen"
            case .twoThirds: "2/3"
            case .half: "1/2"
            case .oneThird: "1/3"
            case .slideOver: "Slide Over"
            case .stageManager: "Stage Manager"
            }
        }
    }

    /// One size an app gets on this model.
    public struct Size: Hashable, Sendable {
        public let model: IPadModel
        public let orientation: Orientation
        public let arrangement: Arrangement
        /// The app's size in points.
        public let size: CGSize
    }

    /// The screen in `orientation`, in points.
    public func screenSize(_ orientation: Orientation) -> CGSize {
        orientation == .portrait ? portraitSize : CGSize(width: portraitSize.height, height: portraitSize.width)
    }

    /// The size of `arrangement` on this model held in `orientation`; nil for a half in portrait. A
    /// Stage Manager window opens at 70% of the screen's width and 80% of its height here (Apple
    /// documents no default).
    public func size(of arrangement: Arrangement, _ orientation: Orientation) -> CGSize? {
        if arrangement == .stageManager {
            let screen = screenSize(orientation)
            return CGSize(width: (screen.width * 0.7).rounded(), height: (screen.height * 0.8).rounded())
        }
        return sizes(orientation).first { $0.arrangement == arrangement }?.size
    }

    /// The model `SCENEHOST_IPAD` names: "12.9", "11", "10.5", "9.7" or "mini" (with or without
    /// "-inch"); nil for another name.
    public init?(named name: String) {
        let short = name.lowercased().replacingOccurrences(of: "-inch", with: "").replacingOccurrences(of: "\"", with: "")
        switch short {
        case "12.9": self = .pro12_9
        case "11": self = .pro11
        case "10.5": self = .air10_5
        case "9.7", "mini": self = .mini9_7
        default: return nil
        }
    }

    /// Every size an app gets on this model held in `orientation`, in the table's order (Stage Manager
    /// aside).
    public func sizes(_ orientation: Orientation) -> [Size] {
        let screen = screenSize(orientation)
        let divider: CGFloat = 10
        var widths: [(Arrangement, CGFloat)] = [(.fullScreen, screen.width), (.twoThirds, screen.width - narrowWidth - divider)]
        if orientation == .landscape { widths.append((.half, ((screen.width - divider) / 2).rounded(.down))) }
        widths += [(.oneThird, narrowWidth), (.slideOver, narrowWidth)]
        return widths.map { arrangement, width in
            let height = arrangement == .slideOver ? screen.height - slideOverHeightInset : screen.height
            return Size(model: self, orientation: orientation, arrangement: arrangement, size: CGSize(width: width, height: height))
        }
    }
}
