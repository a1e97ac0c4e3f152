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
}
