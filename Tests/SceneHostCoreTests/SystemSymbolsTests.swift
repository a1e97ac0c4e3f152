import Cairo
import Foundation
@testable import SceneHostCore
import Testing

/// System symbols drawn from the Adwaita icons: the names covered, configurations (point size,
/// weight, scale, text style, font, `applying`), and how they are coloured.
@MainActor
struct SystemSymbolsTests {
    /// How many pixels of a symbol drawn black on clear are inked.
    func inked(_ image: UIImage, side: CGFloat = 40) -> Int {
        let pixels = UIImageTests.canvas(side, side, clear: true) { image.draw(in: CGRect(x: 0, y: 0, width: side, height: side)) }
        var count = 0
        for y in 0..<pixels.height { for x in 0..<pixels.width where pixels.pixel(x: x, y: y) >> 24 > 0x80 { count += 1 } }
        return count
    }

    @Test func everyNameInTheTableHasItsIcon() {
        for (name, _) in SystemSymbols.table {
            #expect(UIImage(systemName: name) != nil, "\(name) missing: is adwaita-icon-theme installed?")
        }
    }

    /// Each window makes its own icons: those of one icon file and size share their content, so the
    /// SVG is parsed once for all of them, and they draw the same.
    @Test func imagesOfOneIconAndSizeShareTheirContent() throws {
        let first = try #require(UIImage(systemName: "paperclip")), second = try #require(UIImage(systemName: "paperclip"))
        let larger = try #require(UIImage(systemName: "paperclip", withConfiguration: UIImage.SymbolConfiguration(pointSize: 40)))
        #expect(first.content === second.content)
        #expect(first.content !== larger.content, "another size is drawn from its own content")
        #expect(inked(first) == inked(second) && inked(first) > 0)
    }

    @Test func unknownNamesAreNil() {
        #expect(UIImage(systemName: "no.such.symbol") == nil)
        #expect(UIImage(systemName: "") == nil)
    }

    @Test func theDefaultConfigurationMatchesBodyText() throws {
        let image = try #require(UIImage(systemName: "magnifyingglass"))
        #expect(image.isSymbolImage && image.size == CGSize(width: 20, height: 20), "17 pt text: a 20 pt symbol")
        #expect(image.symbolConfiguration == .unspecified)
    }

    @Test func pointSizeAndScaleSizeTheSymbol() throws {
        let big = try #require(UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30)))
        #expect(big.size == CGSize(width: 36, height: 36))
        let small = try #require(UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: .regular, scale: .small)))
        let large = try #require(UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: .regular, scale: .large)))
        #expect(small.size.width < big.size.width && big.size.width < large.size.width)
        let title = try #require(UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(textStyle: .title1)))
        #expect(title.size.width == (28 * 1.2).rounded())
        let font = UIImage.SymbolConfiguration(font: .systemFont(ofSize: 12, weight: .bold))
        #expect(font.pointSize == 12 && font.weight == .bold)
    }

    @Test func applyingLetsTheLaterValuesWin() {
        let base = UIImage.SymbolConfiguration(pointSize: 20, weight: .light)
        let merged = base.applying(UIImage.SymbolConfiguration(weight: .heavy))
        #expect(merged.pointSize == 20 && merged.weight == .heavy)
        let scaled = merged.applying(UIImage.SymbolConfiguration(scale: .large))
        #expect(scaled.pointSize == 20 && scaled.weight == .heavy && scaled.scale == .large)
        #expect(UIImage.SymbolWeight.black.rawValue == 9 && UIImage.SymbolScale.default.rawValue == -1)
        let image = UIImage(systemName: "plus", withConfiguration: base)?.withConfiguration(UIImage.SymbolConfiguration(pointSize: 10))
        #expect(image?.symbolConfiguration?.pointSize == 10 && image?.symbolConfiguration?.weight == .light)
        #expect(UIImage(systemName: "plus")?.applyingSymbolConfiguration(.init(weight: .bold))?.symbolConfiguration?.weight == .bold)
    }

    @Test func heavierWeightsInkMore() throws {
        func ink(_ weight: UIImage.SymbolWeight) -> Int {
            inked(UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: weight))!)
        }
        let thin = ink(.thin), regular = ink(.regular), black = ink(.black)
        #expect(thin < regular && regular < black, "thin \(thin), regular \(regular), black \(black)")
    }

    @Test func symbolsDrawBlackAndTakeATint() throws {
        let image = try #require(UIImage(systemName: "plus"))
        let black = UIImageTests.canvas(20, 20) { image.draw(in: CGRect(x: 0, y: 0, width: 20, height: 20)) }
        #expect(black.pixel(x: 10, y: 10) == 0xFF00_0000, "drawn black, as UIKit")
        let red = UIImageTests.canvas(20, 20) { image.withTintColor(.red).draw(in: CGRect(x: 0, y: 0, width: 20, height: 20)) }
        #expect(red.pixel(x: 10, y: 10) == 0xFFFF_0000)
        let palette = try #require(UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(paletteColors: [.blue])))
        let blue = UIImageTests.canvas(20, 20) { palette.draw(in: CGRect(x: 0, y: 0, width: 20, height: 20)) }
        #expect(blue.pixel(x: 10, y: 10) == 0xFF00_00FF)
    }
}
