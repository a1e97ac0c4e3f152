import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
private final class TextViewDelegate: UITextViewDelegate {
    var log: [String] = []
    var allowsChange = true
    var openedLinks: [URL] = []
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { log.append("shouldBegin"); return true }
    func textViewDidBeginEditing(_ textView: UITextView) { log.append("didBegin") }
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool { log.append("shouldEnd"); return true }
    func textViewDidEndEditing(_ textView: UITextView) { log.append("didEnd") }
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.append("change \(range.location),\(range.length) \(text == "\n" ? "⏎" : text)")
        return allowsChange
    }
    func textViewDidChange(_ textView: UITextView) { log.append("didChange") }
    func textViewDidChangeSelection(_ textView: UITextView) { log.append("selection \(textView.selectedRange.location),\(textView.selectedRange.length)") }
    func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction) -> Bool {
        openedLinks.append(URL)
        log.append("link \(characterRange.location),\(characterRange.length)")
        return false
    }
}

/// UITextView offscreen: editing through the keys as the runtime delivers them, the pointer, layout,
/// attributes drawn, bidirectional carets, and a long document.
@MainActor
struct UITextViewTests {
    private func textViewScene(_ text: String = "", size: CGSize = CGSize(width: 400, height: 300)) -> (UIWindowScene, UITextView) {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: size, rootViewController: root)
        let textView = UITextView(frame: CGRect(origin: .zero, size: size))
        textView.text = text
        root.view.addSubview(textView)
        _ = scene.renderImage()
        return (scene, textView)
    }

    private func selection(_ textView: UITextView) -> Range<Int>? { (textView.selectedTextRange as? UITextFieldRange)?.range }

    @Test func typingReturnAndTheDelegateInUIKitsOrder() {
        let (scene, textView) = textViewScene()
        let delegate = TextViewDelegate()
        textView.delegate = delegate
        #expect(textView.becomeFirstResponder() && textView.isEditing && textView.isCaretVisible)
        type(scene, "ab")
        press(scene, "\r", .keyboardReturnOrEnter)
        type(scene, "cd")
        #expect(textView.text == "ab\ncd")
        #expect(Array(delegate.log.prefix(6)) == ["shouldBegin", "didBegin", "change 0,0 a", "selection 1,0", "didChange", "change 1,0 b"])
        #expect(delegate.log.contains("change 2,0 ⏎"))
        delegate.allowsChange = false
        type(scene, "x")
        #expect(textView.text == "ab\ncd", "the delegate refused")
        delegate.allowsChange = true
        press(scene, "\u{8}", .keyboardDeleteOrBackspace)
        press(scene, "\u{8}", .keyboardDeleteOrBackspace)
        press(scene, "\u{8}", .keyboardDeleteOrBackspace)
        #expect(textView.text == "ab", "Backspace joins the paragraphs")
        #expect(textView.resignFirstResponder() && Array(delegate.log.suffix(2)) == ["shouldEnd", "didEnd"])
        #expect(!textView.isCaretVisible)
    }

    @Test func upAndDownKeepTheCaretsXAndHomeEndTheLine() {
        let (scene, textView) = textViewScene("abcdefgh\nab\nabcdefgh")
        #expect(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 6, length: 0)
        press(scene, "", .keyboardDownArrow)
        #expect(selection(textView) == 11..<11, "the short line's end")
        press(scene, "", .keyboardDownArrow)
        #expect(selection(textView) == 18..<18, "back to the x the caret had")
        press(scene, "", .keyboardUpArrow, [.shift])
        press(scene, "", .keyboardUpArrow, [.shift])
        #expect(selection(textView) == 6..<18, "Shift extends")
        press(scene, "", .keyboardHome)
        #expect(selection(textView) == 0..<0, "Home: the line's start")
        press(scene, "", .keyboardEnd)
        #expect(selection(textView) == 8..<8, "End: the line's end")
        press(scene, "", .keyboardEnd, [.control])
        #expect(selection(textView) == 20..<20, "Ctrl+End: the document's end")
        press(scene, "", .keyboardHome, [.control, .shift])
        #expect(selection(textView) == 0..<20)
        press(scene, "", .keyboardRightArrow)
        #expect(selection(textView) == 20..<20, "→ collapses a selection to its end")
        press(scene, "", .keyboardLeftArrow, [.control])
        #expect(selection(textView) == 12..<12, "Ctrl+← a word back")
    }

    @Test func aWrappedParagraphMovesByLine() {
        let (scene, textView) = textViewScene(String(repeating: "word ", count: 40), size: CGSize(width: 200, height: 300))
        #expect(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 0, length: 0)
        let top = textView.caretRect(for: textView.beginningOfDocument)
        press(scene, "", .keyboardDownArrow)
        let offset = try! #require(selection(textView)).lowerBound
        #expect(offset > 5 && offset < 60, "within the same paragraph, the next line: \(offset)")
        let next = textView.caretRect(for: UITextFieldPosition(offset))
        #expect(abs(next.minX - top.minX) < 8 && next.minY > top.minY + 10)
        press(scene, "", .keyboardEnd)
        let end = try! #require(selection(textView)).lowerBound
        #expect(end > offset && end < 200, "End goes to the line's end, not the paragraph's")
    }

    @Test func undoRedoCopyCutAndPaste() {
        let (scene, textView) = textViewScene()
        #expect(textView.becomeFirstResponder())
        type(scene, "hello world")
        press(scene, "z", .keyboardZ, [.control])
        #expect(textView.text == "", "typing is one undo step")
        press(scene, "z", .keyboardZ, [.control, .shift])
        #expect(textView.text == "hello world")
        press(scene, "", .keyboardLeftArrow, [.control, .shift])
        press(scene, "c", .keyboardC, [.control])
        #expect(UIPasteboard.general.string == "world")
        press(scene, "x", .keyboardX, [.control])
        #expect(textView.text == "hello ")
        UIPasteboard.general.string = "one\ntwo"
        press(scene, "v", .keyboardV, [.control])
        #expect(textView.text == "hello one\ntwo", "line breaks stay in a text view")
        // The cut and the paste came in one turn of the main queue: one undo group, as UIKit's
        // `groupsByEvent` makes it.
        press(scene, "z", .keyboardZ, [.control])
        #expect(textView.text == "hello world")
        #expect(selection(textView) == 6..<11, "the selection the cut took")
        press(scene, "a", .keyboardA, [.control])
        #expect(selection(textView) == 0..<11)
    }

    @Test func clicksPlaceSelectWordsAndParagraphs() {
        let (scene, textView) = textViewScene("alpha beta\ngamma delta")
        let delegate = TextViewDelegate()
        textView.delegate = delegate
        let line2 = textView.caretRect(for: UITextFieldPosition(11))
        let y = line2.midY
        scene.pointerPressed(at: CGPoint(x: 390, y: y))
        scene.pointerReleased(at: CGPoint(x: 390, y: y))
        #expect(textView.isEditing && selection(textView) == 22..<22, "a click past the line's end")
        let time = ProcessInfo.processInfo.systemUptime + 1
        let inGamma = CGPoint(x: line2.minX + 12, y: y)
        scene.pointerPressed(at: inGamma, timestamp: time)
        scene.pointerReleased(at: inGamma, timestamp: time + 0.05)
        scene.pointerPressed(at: inGamma, timestamp: time + 0.1)
        scene.pointerReleased(at: inGamma, timestamp: time + 0.15)
        #expect(selection(textView) == 11..<16, "a double click: the word")
        scene.pointerPressed(at: inGamma, timestamp: time + 0.2)
        scene.pointerReleased(at: inGamma, timestamp: time + 0.25)
        #expect(selection(textView) == 11..<22, "a triple click: the paragraph")
        // A drag from the first line's start to the second's end selects across paragraphs.
        let start = textView.caretRect(for: UITextFieldPosition(0)), later = time + 2
        scene.pointerPressed(at: CGPoint(x: start.minX + 1, y: start.midY), timestamp: later)
        scene.pointerMoved(to: CGPoint(x: 390, y: y), timestamp: later + 0.05)
        scene.pointerReleased(at: CGPoint(x: 390, y: y), timestamp: later + 0.1)
        #expect(selection(textView) == 0..<22)
        #expect(UIPasteboard.primarySelection.string == "alpha beta\ngamma delta")
    }

    @Test func aLinkInAViewThatIsNotEditableAsksTheDelegate() {
        let (scene, textView) = textViewScene()
        textView.isEditable = false
        let delegate = TextViewDelegate()
        textView.delegate = delegate
        let text = NSMutableAttributedString(string: "see the docs here")
        text.addAttribute(.link, value: URL(string: "https://example.com/docs")!, range: NSRange(location: 8, length: 4))
        textView.attributedText = text
        _ = scene.renderImage()
        let a = textView.caretRect(for: UITextFieldPosition(8)), b = textView.caretRect(for: UITextFieldPosition(12))
        click(scene, at: CGPoint(x: (a.minX + b.minX) / 2, y: a.midY))
        #expect(delegate.openedLinks == [URL(string: "https://example.com/docs")!])
        #expect(delegate.log.last == "link 8,4")
        click(scene, at: CGPoint(x: a.minX - 20, y: a.midY))
        #expect(delegate.openedLinks.count == 1, "elsewhere is not the link")
        type(scene, "x")
        #expect(textView.text == "see the docs here", "not editable")
    }

    @Test func attributesAreDrawnThroughPango() {
        let (scene, textView) = textViewScene()
        let text = NSMutableAttributedString(string: "red on yellow, plain\n")
        text.addAttributes([.foregroundColor: UIColor(red: 1, green: 0, blue: 0, alpha: 1), .backgroundColor: UIColor(red: 1, green: 1, blue: 0, alpha: 1),
                            .font: UIFont.boldSystemFont(ofSize: 30), .underlineStyle: NSUnderlineStyle.single.rawValue],
                           range: NSRange(location: 0, length: 13))
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        text.append(NSAttributedString(string: "centred", attributes: [.paragraphStyle: style, .foregroundColor: UIColor(red: 0, green: 0, blue: 1, alpha: 1)]))
        textView.attributedText = text
        let image = scene.renderImage(scale: 1)
        var red = 0, yellow = 0, blueXs: [Int] = []
        for y in 0..<120 {
            for x in 0..<400 {
                let pixel = image.pixel(x: x, y: y) & 0xFF_FFFF
                let (r, g, b) = (pixel >> 16, (pixel >> 8) & 0xFF, pixel & 0xFF)
                if r > 200, g < 60, b < 60 { red += 1 }
                if r > 240, g > 240, b < 30 { yellow += 1 }
                if b > 200, r < 60, g < 60 { blueXs.append(x) }
            }
        }
        #expect(red > 200 && yellow > 1000, "red text on a yellow background: \(red), \(yellow)")
        let line1 = textView.caretRect(for: UITextFieldPosition(0)), line2 = textView.caretRect(for: UITextFieldPosition(21))
        #expect(line2.minY - line1.minY > 30, "the 30-point font makes the first line taller")
        let left = try! #require(blueXs.min()), right = try! #require(blueXs.max())
        #expect(abs((left + right) / 2 - 200) < 8, "the centred paragraph: \(left)…\(right)")
        #expect(textView.attributedText.attribute(.backgroundColor, at: 2, effectiveRange: nil) != nil)
    }

    @Test func aRightToLeftParagraphRunsRightToLeft() {
        let (scene, textView) = textViewScene("שלום עולם\nabc")
        #expect(textView.becomeFirstResponder())
        let start = textView.caretRect(for: UITextFieldPosition(0))
        let latin = textView.caretRect(for: UITextFieldPosition(10))
        #expect(start.minX > 300, "natural alignment: the Hebrew paragraph starts at the right (\(start.minX))")
        #expect(latin.minX < 20, "the Latin paragraph at the left")
        textView.selectedRange = NSRange(location: 0, length: 0)
        press(scene, "", .keyboardLeftArrow)
        #expect(selection(textView) == 1..<1, "← goes forward in a right-to-left paragraph")
        let moved = textView.caretRect(for: UITextFieldPosition(1))
        #expect(moved.minX < start.minX)
        press(scene, "", .keyboardRightArrow)
        press(scene, "", .keyboardRightArrow)
        #expect(selection(textView) == 0..<0, "→ at its visual right edge stays at the start")
        textView.selectedRange = NSRange(location: 9, length: 0)
        press(scene, "", .keyboardLeftArrow)
        #expect(selection(textView) == 10..<10, "past the left edge: the next paragraph")
    }

    @Test func aLongDocumentReshapesOnlyTheEditedParagraph() {
        let lines = (0..<10_000).map { "Line \($0): the quick brown fox jumps over the lazy dog" }
        let (scene, textView) = textViewScene(lines.joined(separator: "\n"))
        #expect(textView.layoutsHeld < 40, "only the paragraphs shown are laid out: \(textView.layoutsHeld)")
        #expect(textView.contentSize.height > 10_000 * 15)
        #expect(textView.becomeFirstResponder())
        press(scene, "", .keyboardEnd, [.control])
        _ = scene.renderImage()
        let end = textView.caretRect(for: textView.endOfDocument)
        #expect(textView.bounds.contains(end), "the caret is scrolled into view")
        #expect(textView.layoutsHeld < 80)
        type(scene, "!")
        #expect(textView.text.hasSuffix("lazy dog!"))
        textView.selectedRange = NSRange(location: 5 * 60, length: 0)
        type(scene, "é")
        #expect(textView.text.count == lines.joined(separator: "\n").count + 2)
        press(scene, "", .keyboardPageUp)
        press(scene, "", .keyboardPageDown)
        _ = scene.renderImage()
        #expect(textView.isCaretVisible)
    }
}

/// `adjustsFontForContentSizeCategory`, as UIKit's `UIContentSizeCategoryAdjusting`.
extension UITextViewTests {
    /// When it adjusts, every text-style font follows the text size (`font`, the text's runs, the
    /// typing attributes) and the content size and caret follow; fonts made by size stay; a view that
    /// does not adjust keeps everything.
    @Test(arguments: [true, false])
    func textStyleFontsFollowTheTextSizeOnlyWhenTheViewAdjusts(adjusts: Bool) {
        let (scene, textView) = textViewScene(size: CGSize(width: 400, height: 300))
        textView.font = .preferredFont(forTextStyle: .body)
        let text = NSMutableAttributedString(string: "Body text that wraps over a few lines of the view, ",
                                             attributes: [.font: UIFont.preferredFont(forTextStyle: .body)])
        text.append(NSAttributedString(string: "a headline, ", attributes: [.font: UIFont.preferredFont(forTextStyle: .headline)]))
        text.append(NSAttributedString(string: "and a fixed size.", attributes: [.font: UIFont.systemFont(ofSize: 12)]))
        textView.attributedText = text
        textView.adjustsFontForContentSizeCategory = adjusts
        #expect(textView.becomeFirstResponder())
        textView.selectedRange = NSRange(location: 5, length: 0)
        _ = scene.renderImage()
        let contentBefore = textView.contentSize, caretBefore = textView.caretRect(for: UITextFieldPosition(5))
        func sizes() -> [CGFloat] {
            [0, 55, text.length - 2].map { (textView.attributedText.attribute(.font, at: $0, effectiveRange: nil) as! UIFont).pointSize }
        }
        #expect(sizes() == [17, 17, 12])

        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        let typing = (textView.typingAttributes[.font] as? UIFont)?.pointSize
        let caret = textView.caretRect(for: UITextFieldPosition(5))
        if adjusts {
            #expect(sizes() == [53, 53, 12] && textView.font?.pointSize == 53 && typing == 53)
            #expect(textView.contentSize.height > contentBefore.height * 3, "\(contentBefore) → \(textView.contentSize)")
            #expect(caret.height > caretBefore.height * 2.5 && caret.minX > caretBefore.minX * 2.5, "\(caretBefore) → \(caret)")
            type(scene, "x")
            #expect((textView.attributedText.attribute(.font, at: 5, effectiveRange: nil) as? UIFont)?.pointSize == 53, "typed at the new size")
        } else {
            #expect(sizes() == [17, 17, 12] && textView.font?.pointSize == 17 && typing == 17)
            #expect(textView.contentSize == contentBefore && caret == caretBefore)
        }
    }
}

extension UITextViewTests {
    /// A word wider than the view breaks between characters without a hyphen, as UIKit's: the view
    /// draws the very pixels of the same pieces on lines of their own. A paragraph style asking for
    /// hyphenation gets a hyphen at each break.
    @Test func aLongWordBreaksWithoutAHyphenUnlessTheStyleHyphenates() {
        let word = "Supercalifragilisticexpialidocious"
        let (scene, textView) = textViewScene(size: CGSize(width: 110, height: 200))
        textView.isEditable = false
        textView.text = word
        _ = scene.renderImage(scale: 1)
        // Where the lines break: the caret's line changes.
        var pieces: [String] = [], start = 0
        var lineY = textView.caretRect(for: UITextFieldPosition(0)).minY
        for offset in 1...word.count {
            let y = textView.caretRect(for: UITextFieldPosition(offset)).minY
            if y != lineY || offset == word.count {
                let end = y != lineY ? offset : word.count
                pieces.append(String(Array(word)[start..<end]))
                start = end
                lineY = y
            }
        }
        if start < word.count { pieces.append(String(Array(word)[start...])) }
        #expect(pieces.count >= 3 && pieces.joined() == word, "\(pieces)")
        // Copied out: a render may reuse its surface.
        func allPixels(_ image: ImageSurface) -> [UInt32] {
            (0..<image.height).flatMap { y in (0..<image.width).map { image.pixel(x: $0, y: y) } }
        }
        let broken = allPixels(scene.renderImage(scale: 1))
        textView.text = pieces.joined(separator: "\n")
        let explicit = allPixels(scene.renderImage(scale: 1))
        #expect(broken == explicit, "no hyphen at the breaks")

        let style = NSMutableParagraphStyle()
        style.hyphenationFactor = 1
        textView.attributedText = NSAttributedString(string: word, attributes: [.paragraphStyle: style, .font: UIFont.systemFont(ofSize: 17)])
        let hyphenated = allPixels(scene.renderImage(scale: 1))
        #expect(hyphenated != broken, "a hyphen where the style asks for one")
    }
}
