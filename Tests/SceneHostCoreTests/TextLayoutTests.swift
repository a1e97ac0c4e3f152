@testable import Cairo
import Foundation
import Testing

/// A layout keeps its lines while the width stays where Pango would break them at the same places;
/// these sweeps check that against a fresh layout at every width, by size and by pixels.
@MainActor @Suite struct TextLayoutTests {
    nonisolated static let paragraphs = [
        "I have attached the translation with my notes, which turned out longer than the paper itself. Note G walks through computing the Bernoulli numbers step by step.",
        "Short words: a b c d e f g h i j k l m n o p q r s t u v w x y z, then Antidisestablishmentarianism and supercalifragilistic.",
        "Two paragraphs.\nThe second one wraps as well, with   several spaces   between words.",
        "Notes on the Analytical Engine",
        "A well-known, self-evident re-entry—with dashes (and brackets), 3.14159 and a naïve café; tabs\tinside too.",
    ]

    struct Setup {
        var pixelSize: Double, weight: Int, lines: Int, ellipsis: TextLayout.Ellipsis
    }
    static let setups = [Setup(pixelSize: 16, weight: 400, lines: 0, ellipsis: .none), Setup(pixelSize: 13, weight: 400, lines: 2, ellipsis: .end),
                         Setup(pixelSize: 15, weight: 600, lines: 1, ellipsis: .end)]

    static func configure(_ layout: TextLayout, _ text: String, _ setup: Setup, width: Double?) {
        layout.text = text
        layout.setFont(family: "DejaVu Sans", pixelSize: setup.pixelSize, weight: setup.weight)
        layout.setWrap(.word)
        layout.setWidth(width)
        layout.setMaximumLines(setup.lines, ellipsis: setup.ellipsis)
        layout.setAlignment(.left)
    }

    /// Whether the two layouts draw the same pixels.
    static func drawSame(_ first: TextLayout, _ second: TextLayout) -> Bool {
        let images = [first, second].map { layout in
            let image = ImageSurface(format: .argb32, width: 500, height: 300)
            let context = Context(surface: image)
            context.translate(0.3, 0.6)
            layout.draw(in: context)
            image.flush()
            return image
        }
        return memcmp(images[0].data, images[1].data, images[0].stride * images[0].height) == 0
    }

    /// Widths swept up, then down, then jumping about, through one layout that keeps what it can.
    static let widths: [Double] = {
        let up = Array(stride(from: 60.0, through: 480, by: 1))
        var jumps: [Double] = []
        var seed: UInt64 = 7
        for _ in 0..<100 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            jumps.append(60 + Double((seed >> 33) % 841) / 2)
        }
        return up + up.reversed() + jumps
    }()

    @Test(arguments: paragraphs)
    func keptLinesMeasureAndDrawAsFreshOnes(text: String) {
        for setup in Self.setups {
            let kept = TextLayout()
            var relaidOut = 0, wide = 0
            for width in Self.widths {
                // The reference: Pango breaks the lines and cuts the last one.
                let fresh = TextLayout()
                fresh.pangoBreaksLines = true
                Self.configure(fresh, text, setup, width: width)
                let skipped = kept.widthsDrawingTheSame?.contains(width) ?? false
                Self.configure(kept, text, setup, width: width)
                if width >= 250 { wide += 1; if !skipped { relaidOut += 1 } }
                #expect(kept.size == fresh.size, "\(text.prefix(20))… at \(width): \(kept.size) ≠ \(fresh.size)")
                #expect(kept.lineCount == fresh.lineCount && kept.baseline == fresh.baseline)
                // A layout that did not lay out again must draw what a fresh one draws (checked at
                // some of the widths: drawing is what takes the time here).
                // Lines this layout breaks itself are drawn without Pango's lines: checked at every
                // third width, whether or not it kept them.
                if Int(width) % 3 == 0 {
                    #expect(Self.drawSame(kept, fresh), "\(text.prefix(20))… \(setup) drawn differently at \(width)")
                }
            }
            // The point of it all: where every word fits a line, most widths keep the lines (a wrapped
            // paragraph changes its breaks a few dozen times across the sweep).
            // Text cut short by an ellipsis keeps its lines until one more character fits (unless it
            // has tabs or more paragraphs, each of which an ellipsis may cut short).
            if setup.ellipsis == .none {
                #expect(relaidOut < wide / 4, "\(relaidOut) of \(wide)")
            } else if !text.contains("\t"), !text.contains("\n") {
                #expect(relaidOut < wide / 2, "\(relaidOut) of \(wide)")
            }
        }
    }

    /// Unwrapped text, text with white space at its end, and a first word wider than the line (which
    /// Pango breaks with a hyphen, so it lays that text out) against Pango's own lines.
    @Test(arguments: paragraphs + ["Ends with spaces  ", "One", "", "Supercalifragilisticexpialidocious starts a line too long for it"])
    func unwrappedTextAndTrailingSpacesMeasureAndDrawAsPangos(text: String) {
        for setup in Self.setups {
            for width in [nil, 40, 90, 130, 1000] as [Double?] {
                let own = TextLayout(), pango = TextLayout()
                pango.pangoBreaksLines = true
                Self.configure(own, text, setup, width: width)
                Self.configure(pango, text, setup, width: width)
                #expect(own.size == pango.size && own.lineCount == pango.lineCount && own.baseline == pango.baseline,
                        "\(text.prefix(20))… at \(width.map { "\($0)" } ?? "no width"): \(own.size) ≠ \(pango.size)")
                #expect(Self.drawSame(own, pango), "\(text.prefix(20))… \(setup) drawn differently at \(width.map { "\($0)" } ?? "no width")")
            }
        }
    }

    /// The text shaped for a layout is shared through a cache: once the layout is gone, forgetting
    /// unused lines drops it (a closed window's texts), while a live layout's line stays and still
    /// measures and draws as a fresh layout's.
    @Test func shapedLinesOfLayoutsGoneAreForgottenAndThoseInUseKept() {
        TextLayout.forgetUnusedShapedLines()
        let setup = Self.setups[0]
        let kept = TextLayout()
        Self.configure(kept, "Kept while its layout lives, wrapped by the layout itself", setup, width: 200)
        var dropped: TextLayout? = TextLayout()
        Self.configure(dropped!, "Forgotten once its layout is gone, wrapped by the layout too", setup, width: 200)
        _ = kept.size
        _ = dropped!.size
        dropped = nil
        #expect(TextLayout.forgetUnusedShapedLines() == 1)
        #expect(TextLayout.forgetUnusedShapedLines() == 0)
        let fresh = TextLayout()
        fresh.pangoBreaksLines = true
        Self.configure(fresh, kept.text, setup, width: 150)
        Self.configure(kept, kept.text, setup, width: 150)
        #expect(kept.size == fresh.size && kept.lineCount == fresh.lineCount)
        #expect(Self.drawSame(kept, fresh))
    }

    @Test func rightToLeftTextIsAlwaysLaidOutAtTheWidth() {
        let layout = TextLayout()
        Self.configure(layout, "שלום עולם, זהו משפט ארוך שנשבר לכמה שורות", Setup(pixelSize: 16, weight: 400, lines: 0, ellipsis: .none), width: 120)
        #expect(layout.isRightToLeft)
        _ = layout.size
        #expect(layout.widthsDrawingTheSame == TextLayout.WidthRange(lower: 120, upper: 120.0.nextUp))
    }
}

/// A word wider than the line breaks between characters with no hyphen, as UIKit breaks it (Pango
/// 1.44 on would add one), unless the layout is asked to hyphenate.
extension TextLayoutTests {
    /// The text with a line break where `wrapped` breaks its lines, laid out unwrapped: the same
    /// characters on the same lines, with nothing added at the breaks.
    static func explicitLines(of wrapped: TextLayout, wrap: TextLayout.Wrap) -> TextLayout {
        let utf8 = Array(wrapped.text.utf8)
        let lines = (0..<wrapped.lineCount).map { index in
            let bytes = wrapped.lineBytes(index)
            return String(decoding: utf8[bytes], as: UTF8.self)
        }
        let explicit = TextLayout()
        explicit.pangoBreaksLines = true
        explicit.text = lines.joined(separator: "\n")
        explicit.setFont(family: "DejaVu Sans", pixelSize: 16, weight: 400)
        explicit.setWrap(wrap)
        explicit.setWidth(nil)
        explicit.setAlignment(.left)
        return explicit
    }

    @Test(arguments: [TextLayout.Wrap.word, .character])
    func aWordWiderThanTheLineBreaksWithoutAHyphen(wrap: TextLayout.Wrap) {
        for text in ["Supercalifragilisticexpialidocious", "A Supercalifragilisticexpialidocious word in a sentence"] {
            for pangoBreaks in [false, true] {
                let wrapped = TextLayout()
                wrapped.pangoBreaksLines = pangoBreaks
                wrapped.text = text
                wrapped.setFont(family: "DejaVu Sans", pixelSize: 16, weight: 400)
                wrapped.setWrap(wrap)
                wrapped.setWidth(90)
                wrapped.setAlignment(.left)
                #expect(wrapped.lineCount >= 3, "\(text) breaks inside the word")
                let explicit = Self.explicitLines(of: wrapped, wrap: wrap)
                #expect(explicit.lineCount == wrapped.lineCount)
                #expect(wrapped.size == explicit.size, "no hyphen widens a line: \(wrapped.size) vs \(explicit.size)")
                #expect(Self.drawSame(wrapped, explicit), "\(text): the lines draw as their characters alone")
            }
        }
    }

    /// The check above sees a hyphen: a layout asked to hyphenate draws one at the break.
    @Test func aLayoutAskedToHyphenateEndsTheBrokenLineWithAHyphen() {
        let wrapped = TextLayout()
        wrapped.pangoBreaksLines = true
        wrapped.hyphenates = true
        wrapped.text = "Supercalifragilisticexpialidocious"
        wrapped.setFont(family: "DejaVu Sans", pixelSize: 16, weight: 400)
        wrapped.setWrap(.word)
        wrapped.setWidth(90)
        wrapped.setAlignment(.left)
        let explicit = Self.explicitLines(of: wrapped, wrap: .word)
        #expect(!Self.drawSame(wrapped, explicit), "a hyphen ends each broken line")
        wrapped.hyphenates = false
        #expect(Self.drawSame(wrapped, Self.explicitLines(of: wrapped, wrap: .word)))
    }
}
