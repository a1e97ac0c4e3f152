import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct UILabelTests {
    let text = "The engine might act upon other things besides number, were objects found whose mutual relations could be expressed."

    @Test func oneLineLabelsMeasureTheirWholeText() {
        let label = UILabel()
        label.text = "Hello"
        let size = label.intrinsicContentSize
        #expect(size.width > 30 && size.width < 60)
        #expect(size.height >= 17 && size.height <= 24)
        label.text = "Hello, world"
        #expect(label.intrinsicContentSize.width > size.width)
    }

    @Test func multiLineLabelsWrapAndLimitTheirLines() {
        let label = UILabel()
        label.text = text
        label.numberOfLines = 0
        let oneLine = label.sizeThatFits(CGSize(width: 10_000, height: 0)).height
        let wrapped = label.sizeThatFits(CGSize(width: 200, height: 0))
        #expect(wrapped.width <= 200)
        #expect(wrapped.height > 3 * oneLine - 1, "wrapped onto several lines")
        label.numberOfLines = 2
        let limited = label.sizeThatFits(CGSize(width: 200, height: 0)).height
        #expect(abs(limited - 2 * oneLine) <= 2, "two lines at most")
    }

    /// Draws `label` on white and returns the leftmost and rightmost columns with ink.
    func inkColumns(_ label: UILabel, width: CGFloat = 300) -> ClosedRange<Int>? {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        label.frame = CGRect(x: 0, y: 0, width: width, height: 40)
        controller.view.addSubview(label)
        let image = UIWindowScene.offscreen(size: CGSize(width: width, height: 40), rootViewController: controller).renderImage()
        let columns = (0..<image.width).filter { x in (0..<image.height).contains { image.pixel(x: x, y: $0) != 0xffffffff } }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    @Test func alignmentIsPhysicalWhateverTheTextDirection() throws {
        for sample in ["Hello", "שלום עולם"] {
            let left = UILabel(), right = UILabel(), center = UILabel()
            left.text = sample
            left.textAlignment = .left
            right.text = sample
            right.textAlignment = .right
            center.text = sample
            center.textAlignment = .center
            let leftInk = try #require(inkColumns(left)), rightInk = try #require(inkColumns(right))
            let centerInk = try #require(inkColumns(center))
            #expect(leftInk.lowerBound < 5, "\(sample) left-aligned starts at the left edge")
            #expect(rightInk.upperBound > 294, "\(sample) right-aligned ends at the right edge")
            #expect(abs((centerInk.lowerBound + centerInk.upperBound) / 2 - 150) < 4)
        }
    }

    @Test func textIsDrawnOnlyWhenItChanges() {
        final class CountingLabel: UILabel {
            var draws = 0
            override func draw(_ rect: CGRect) { draws += 1; super.draw(rect) }
        }
        let controller = UIViewController()
        let label = CountingLabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "One"
        controller.view.addSubview(label)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 30), rootViewController: controller)
        _ = scene.renderImage()
        label.text = "One"
        _ = scene.renderImage()
        #expect(label.draws == 1)
        label.text = "Two"
        _ = scene.renderImage()
        #expect(label.draws == 2)
    }
}

/// Counts its draws.
@MainActor
final class CountingLabel: UILabel {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        super.draw(rect)
    }
}

@MainActor
struct LabelResizeTests {
    /// A one-line label whose text fits both before and after keeps its drawing when it is resized;
    /// one that is truncated, right-aligned or right-to-left draws again.
    @Test func resizingKeepsTheDrawingOnlyWhenThePixelsCannotChange() {
        let controller = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 200), rootViewController: controller)
        let label = CountingLabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "Short"
        controller.view.addSubview(label)
        _ = scene.renderImage()
        let drawn = label.draws
        label.frame.size.width = 260
        _ = scene.renderImage()
        #expect(label.draws == drawn, "left-aligned text that fits: the same pixels")
        label.frame.size.width = 20
        _ = scene.renderImage()
        #expect(label.draws == drawn + 1, "now truncated: drawn again")
        label.textAlignment = .right
        _ = scene.renderImage()
        let right = label.draws
        label.frame.size.width = 300
        _ = scene.renderImage()
        #expect(label.draws == right + 1, "right-aligned text moves with the edge")
        label.textAlignment = .natural
        label.semanticContentAttribute = .forceRightToLeft
        _ = scene.renderImage()
        let rtl = label.draws
        label.frame.size.width = 320
        _ = scene.renderImage()
        #expect(label.draws == rtl + 1, "natural alignment in a right-to-left layout is right-aligned")
    }
}

/// A plain label's drawing is kept as A8 coverage of its text, and composites to the same pixels as
/// its drawing kept in colour.
@MainActor
struct LabelCoverageTests {
    /// Labels in an opaque and a translucent colour, at whole and fractional positions, over a
    /// coloured background and a view that is itself translucent; rendered at `scale`.
    func render(scale: CGFloat, coverage: Bool) -> (image: ImageSurface, labels: [UILabel]) {
        ViewRenderer.keepsCoverage = coverage
        defer { ViewRenderer.keepsCoverage = true }
        let controller = UIViewController()
        controller.view.backgroundColor = UIColor(red: 0.9, green: 0.85, blue: 0.6, alpha: 1)
        let faded = UIView(frame: CGRect(x: 0, y: 100, width: 300, height: 50))
        faded.alpha = 0.5
        controller.view.addSubview(faded)
        var labels: [UILabel] = []
        for (index, color) in [UIColor.label, .secondaryLabel, UIColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 0.7)].enumerated() {
            let label = UILabel(frame: CGRect(x: 3.3 + CGFloat(index) * 0.25, y: 5.6 + CGFloat(index) * 30, width: 280, height: 24))
            label.text = "Quarterly report — fjord ÅÉ 0123"
            label.textColor = color
            controller.view.addSubview(label)
            labels.append(label)
        }
        let inFaded = UILabel(frame: CGRect(x: 4, y: 10, width: 280, height: 24))
        inFaded.text = "Half as opaque"
        faded.addSubview(inFaded)
        labels.append(inFaded)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 300, height: 160), rootViewController: controller)
        return (scene.renderImage(scale: scale), labels)
    }

    @Test func plainLabelsKeepCoverageAndDrawTheSamePixels() {
        for scale in [1.0, 2.0] as [CGFloat] {
            let (masked, labels) = render(scale: scale, coverage: true)
            let (colored, coloredLabels) = render(scale: scale, coverage: false)
            #expect(labels.allSatisfy { $0.content?.image?.format == .a8 && $0.content?.tint != nil })
            #expect(coloredLabels.allSatisfy { $0.content?.image?.format == .argb32 })
            // A quarter of the bytes (rows of A8 are padded to 4 bytes).
            #expect(labels[0].keptDrawingBytes * 3 < coloredLabels[0].keptDrawingBytes)
            var differing = 0
            for y in 0..<masked.height {
                for x in 0..<masked.width where masked.pixel(x: x, y: y) != colored.pixel(x: x, y: y) { differing += 1 }
            }
            #expect(differing == 0, "at \(scale)×: \(differing) pixels differ")
        }
    }

    /// A label redrawn in the same colour (new text, or each step of a resize) keeps its tint object:
    /// no allocation for it per redraw; a new colour gets a new one.
    @Test func aRedrawInTheSameColourKeepsTheTint() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "One"
        let controller = UIViewController()
        controller.view.addSubview(label)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 30), rootViewController: controller)
        _ = scene.renderImage()
        let first = try #require(label.content?.tint)
        label.text = "Two"
        _ = scene.renderImage()
        #expect(label.content?.tint === first)
        label.textColor = .systemRed
        _ = scene.renderImage()
        let red = try #require(label.content?.tint)
        #expect(red !== first && red.red > 0.9 && red.green < 0.3)
    }

    @Test func labelsOfOneColourShareTheirTint() throws {
        let controller = UIViewController()
        let labels = (0..<3).map { index in
            let label = UILabel(frame: CGRect(x: 0, y: CGFloat(index) * 30, width: 200, height: 30))
            label.text = "Label \(index)"
            controller.view.addSubview(label)
            return label
        }
        labels[2].textColor = .systemRed
        let scene = UIWindowScene.offscreen(size: CGSize(width: 200, height: 90), rootViewController: controller)
        _ = scene.renderImage()
        let first = try #require(labels[0].content?.tint)
        #expect(labels[1].content?.tint === first)
        #expect(labels[2].content?.tint !== first && labels[2].content?.tint != nil)
    }

    @Test func labelsThatMayDrawColourGlyphsKeepColour() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "Party 🎉"
        let plain = UILabel(frame: CGRect(x: 0, y: 30, width: 200, height: 30))
        plain.text = "Party"
        let controller = UIViewController()
        controller.view.addSubview(label)
        controller.view.addSubview(plain)
        _ = UIWindowScene.offscreen(size: CGSize(width: 200, height: 60), rootViewController: controller).renderImage()
        #expect(label.content?.image?.format == .argb32)
        #expect(label.content?.tint == nil)
        #expect(plain.content?.image?.format == .a8)
    }
}

extension UILabelTests {
    /// A label that adjusts reports the font it draws in, as UIKit's: the same style at the new size;
    /// one that does not keeps its font and its size.
    @Test func anAdjustingLabelsFontFollowsTheTextSize() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 600, height: 300), rootViewController: root)
        let adjusting = UILabel(), still = UILabel()
        for (label, adjusts) in [(adjusting, true), (still, false)] {
            label.text = "Follows"
            label.font = .preferredFont(forTextStyle: .footnote)
            label.adjustsFontForContentSizeCategory = adjusts
            root.view.addSubview(label)
        }
        _ = scene.renderImage()
        let before = still.intrinsicContentSize
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        #expect(adjusting.font.pointSize == 44 && adjusting.font.textStyle == .footnote)
        #expect(adjusting.intrinsicContentSize.height > before.height * 2.5)
        #expect(still.font.pointSize == 13 && still.intrinsicContentSize == before)
    }
}
