import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct UIListContentViewTests {
    /// The pixels of a row showing `configuration` at the left of an offscreen scene in `style`.
    func row(_ configuration: UIListContentConfiguration, style: UIUserInterfaceStyle) -> [UInt32] {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 300, height: 60), rootViewController: root)
        scene.windows[0].traitOverrides.userInterfaceStyle = style
        let content = UIListContentView(configuration: configuration)
        content.frame = CGRect(x: 0, y: 0, width: 300, height: 44)
        root.view.addSubview(content)
        let image = scene.renderImage(scale: 1)
        return (0..<44).flatMap { y in (0..<48).map { x in image.pixel(x: x, y: y) } }
    }

    /// Whether a pixel is mostly `color` (0xRRGGBB), within a few levels per channel.
    func isMostly(_ pixel: UInt32, _ color: UInt32) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int((pixel >> UInt32($0)) & 0xff) - Int((color >> UInt32($0)) & 0xff)) <= 8 }
    }

    /// A row's symbol is drawn in the view's tint colour, or in the image properties' `tintColor`,
    /// never black: in dark mode a black symbol would vanish.
    @Test func aRowsSymbolIsTintedNotBlack() throws {
        var configuration = UIListContentConfiguration.cell()
        configuration.text = "Inbox"
        configuration.image = try #require(UIImage(systemName: "trash"))
        let dark = row(configuration, style: .dark)
        #expect(dark.contains { isMostly($0, 0x0A84FF) }, "the dark tint colour")
        let light = row(configuration, style: .light)
        #expect(light.contains { isMostly($0, 0x007AFF) }, "the light tint colour")

        configuration.imageProperties.tintColor = .systemRed
        #expect(row(configuration, style: .light).contains { isMostly($0, 0xFF3B30) }, "the properties' tint")
    }

    /// Right to left, a row mirrors: its image sits at the right edge and the text (only as wide as it
    /// needs) ends just left of it, as UIKit's list content does.
    @Test func aRowMirrorsRightToLeft() throws {
        var configuration = UIListContentConfiguration.subtitleCell()
        configuration.text = "Inbox"
        configuration.secondaryText = "Three unread"
        configuration.image = try #require(UIImage(systemName: "trash"))
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 300, height: 60), rootViewController: root)
        let content = UIListContentView(configuration: configuration)
        content.frame = CGRect(x: 0, y: 0, width: 300, height: 60)
        root.view.addSubview(content)
        _ = scene.renderImage(scale: 1)
        let leftToRight = (content.textFrame, content.secondaryTextFrame)
        #expect(leftToRight.0.minX > 0 && leftToRight.0.maxX < 150, "left to right, the text starts at the left")

        scene.windows[0].traitOverrides.layoutDirection = .rightToLeft
        _ = scene.renderImage(scale: 1)
        #expect(content.textFrame.maxX == 300 - leftToRight.0.minX, "the text ends where it started, mirrored")
        #expect(content.secondaryTextFrame.maxX == 300 - leftToRight.1.minX)
        #expect(content.textFrame.width == leftToRight.0.width)
        let image = try #require(content.subviews.first { $0 is ListImageView })
        #expect(image.frame.minX > content.textFrame.maxX, "the image is right of the text")
    }

    /// A row with `configuration` in an offscreen scene 300 points wide at `category`, laid out at
    /// the height it needs: the row, its image view and the scene.
    func sizedRow(_ configuration: UIListContentConfiguration,
                  category: UIContentSizeCategory = .large) throws -> (UIListContentView, UIView) {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 300, height: 400), rootViewController: root)
        scene.traitOverrides.preferredContentSizeCategory = category
        let content = UIListContentView(configuration: configuration)
        root.view.addSubview(content)
        _ = scene.renderImage(scale: 1)
        content.frame = CGRect(origin: .zero, size: content.sizeThatFits(CGSize(width: 300, height: 0)))
        _ = scene.renderImage(scale: 1)
        return (content, try #require(content.subviews.first { $0 is ListImageView }))
    }

    /// With no preferred symbol configuration a row's symbol matches the text's font, so it grows
    /// with the text size (body: 17 points by default, 53 at the largest; a symbol spans 1.2 times
    /// the text size) and the row grows to hold it; the text starts after it.
    @Test func aRowsSymbolFollowsTheTextSize() throws {
        var configuration = UIListContentConfiguration.sidebarCell()
        configuration.text = "Inbox"
        configuration.image = try #require(UIImage(systemName: "trash"))
        let (small, smallImage) = try sizedRow(configuration)
        #expect(smallImage.frame.size == CGSize(width: 20, height: 20))
        let (large, largeImage) = try sizedRow(configuration, category: .accessibilityExtraExtraExtraLarge)
        #expect(largeImage.frame.size == CGSize(width: 64, height: 64), "as large as the text")
        #expect(abs(large.textFrame.minX - (12 + 64 + 12)) < 0.01, "the text after the symbol and the padding")
        #expect(large.bounds.height >= 64 + 22 && large.bounds.height > small.bounds.height, "the row holds it")
        #expect(largeImage.frame.minY >= 0 && largeImage.frame.maxY <= large.bounds.height, "nothing cut off")

        configuration.imageProperties.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 10)
        let (_, fixedImage) = try sizedRow(configuration, category: .accessibilityExtraExtraExtraLarge)
        #expect(fixedImage.frame.size == CGSize(width: 12, height: 12), "a preferred configuration wins")
        configuration.imageProperties.preferredSymbolConfiguration = UIImage.SymbolConfiguration(textStyle: .caption2)
        let (_, styledImage) = try sizedRow(configuration, category: .accessibilityExtraExtraExtraLarge)
        #expect(styledImage.frame.width > 40, "a preferred text style follows the text size: \(styledImage.frame)")
    }

    /// Texts beside symbols of different sizes, or beside a bitmap with the standard reserved size,
    /// line up: a symbol is centred in the standard room, a square as wide as a symbol of the text.
    @Test func textsBesideSymbolsAndReservedImagesLineUp() throws {
        var configuration = UIListContentConfiguration.cell()
        configuration.text = "Inbox"
        configuration.image = try #require(UIImage(systemName: "trash"))
        for category in [UIContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let (plain, _) = try sizedRow(configuration, category: category)
            var small = configuration
            small.imageProperties.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 8)
            let (smallRow, smallImage) = try sizedRow(small, category: category)
            #expect(smallRow.textFrame.minX == plain.textFrame.minX, "a smaller symbol keeps the standard room")
            #expect(smallImage.frame.midX == 16 + (plain.textFrame.minX - 16 - 16) / 2, "centred in it")
            var bitmap = configuration
            bitmap.image = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { _ in }
            bitmap.imageProperties.reservedLayoutSize = CGSize(width: UIListContentConfiguration.ImageProperties.standardDimension, height: 0)
            let (bitmapRow, bitmapImage) = try sizedRow(bitmap, category: category)
            #expect(bitmapRow.textFrame.minX == plain.textFrame.minX, "the standard width for a bitmap")
            #expect(bitmapImage.frame.size == CGSize(width: 8, height: 8), "the room does not resize the image")
        }
    }
}
