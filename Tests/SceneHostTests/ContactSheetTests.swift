import Foundation
@testable import GalleryApp
import SceneHostTesting
import Testing

/// The size-matrix contact sheet: Apple's iPad multitasking table, one render per size and trait
/// variant with the size classes the scene had, the labelled sheet, and the files and index it writes
/// (offscreen, no display needed).
@MainActor
struct ContactSheetTests {
    @Test func theSizesAreApplesTable() {
        func widths(_ model: IPadModel, _ orientation: IPadModel.Orientation) -> [CGFloat] { model.sizes(orientation).map(\.size.width) }
        #expect(widths(.pro12_9, .landscape) == [1366, 981, 678, 375, 375])
        #expect(widths(.pro12_9, .portrait) == [1024, 639, 375, 375], "portrait has no half")
        #expect(widths(.mini9_7, .landscape) == [1024, 694, 507, 320, 320])
        #expect(widths(.mini9_7, .portrait) == [768, 438, 320, 320])
        #expect(widths(.air10_5, .landscape) == [1112, 782, 551, 320, 320])
        #expect(widths(.air10_5, .portrait) == [834, 504, 320, 320])
        #expect(IPadModel.mini9_7.sizes(.landscape).last!.size.height == 728, "Slide Over is 40 points short on older iPads")
        #expect(IPadModel.pro12_9.sizes(.portrait).allSatisfy { $0.size.height == 1366 })
    }

    @Test func eachCellHasTheSizeClassesOfItsWidthAndTheSheetLabelsThem() throws {
        var sheet = ContactSheet()
        sheet.models = [.pro12_9, .mini9_7]
        sheet.styles = [.light, .dark]
        let made = Counter()
        let cells = sheet.renderCells {
            made.count += 1
            return TraitsReportingController()
        }
        #expect(made.count == 2, "one scene per variant, resized from size to size")
        #expect(cells.count == 2 * 2 * 9)
        func cell(_ model: IPadModel, _ orientation: IPadModel.Orientation, _ arrangement: IPadModel.Arrangement, _ style: UIUserInterfaceStyle) throws -> ContactSheet.Cell {
            try #require(cells.first { $0.size.model == model && $0.size.orientation == orientation && $0.size.arrangement == arrangement && $0.variant.style == style })
        }
        #expect(try cell(.pro12_9, .landscape, .half, .light).horizontalSizeClass == .regular, "678 points is regular")
        #expect(try cell(.mini9_7, .landscape, .half, .light).horizontalSizeClass == .compact)
        #expect(try cell(.pro12_9, .portrait, .twoThirds, .light).horizontalSizeClass == .compact, "639 points is compact, as at runtime")
        #expect(cells.allSatisfy { $0.verticalSizeClass == .regular })
        let full = try cell(.pro12_9, .landscape, .fullScreen, .dark)
        #expect(full.image.width == 1366 && full.image.height == 1024)
        // The controller paints its background from its traits: dark renders are dark.
        #expect(full.image.pixel(x: 10, y: 10) & 0xFFFFFF == 0x000000)
        #expect(try cell(.pro12_9, .landscape, .fullScreen, .light).image.pixel(x: 10, y: 10) & 0xFFFFFF == 0xFFFFFF)
        #expect(try cell(.mini9_7, .portrait, .oneThird, .light).label == ("9.7-inch · portrait · 1/3", "320 × 1024 pt · C × R"))

        let page = sheet.sheet(of: cells, title: "Traits")
        #expect(page.width > Int(1366 * sheet.thumbnailScale) && page.height > Int(4 * 1366 * sheet.thumbnailScale))
    }

    @Test func writesTheSheetEveryCellAndTheIndexWithNothingHalfWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contact-sheet-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var sheet = ContactSheet()
        sheet.models = [.mini9_7]
        sheet.orientations = [.landscape]
        sheet.contentSizeCategories = [.large, .accessibilityExtraExtraExtraLarge]
        sheet.layoutDirections = [.rightToLeft]
        let entries = try sheet.write(sceneNamed: "Mail", to: folder) { MailViewController() }
        try ContactSheet.writeIndex(entries, to: folder)
        #expect(entries.count == 5 * 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Mail").path).sorted()
        #expect(names.count == 10 && !names.contains { $0.hasPrefix(".") }, "no partial files left: \(names)")
        #expect(names.contains("9.7-inch-landscape-half-light-accessibilityExtraExtraExtraLarge-rtl.png"))
        let decoded = try JSONDecoder().decode([ContactSheet.IndexEntry].self, from: Data(contentsOf: folder.appendingPathComponent("index.json")))
        #expect(decoded == entries)
        let half = try #require(decoded.first { $0.arrangement == "half" && $0.contentSizeCategory == "large" })
        #expect(half.width == 507 && half.height == 768 && half.horizontalSizeClass == "compact" && half.layoutDirection == "rightToLeft")
        let image = try ImageSurface(pngAt: folder.appendingPathComponent(half.file).path)
        #expect(image.width == 507 && image.height == 768)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Mail.png").path))

        // A folder that cannot be made is one clear error naming it.
        let blocked = folder.appendingPathComponent("file")
        try Data().write(to: blocked)
        #expect {
            try sheet.write(sceneNamed: "Mail", to: blocked) { MailViewController() }
        } throws: { "\($0)".contains(blocked.path) }
    }
}

@MainActor private final class Counter { var count = 0 }

/// Black when dark, white when light: a render shows which it had.
private final class TraitsReportingController: UIViewController {
    override func viewDidLoad() {
        view.backgroundColor = UIColor { $0.userInterfaceStyle == .dark ? .black : .white }
    }
}
