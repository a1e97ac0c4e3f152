import Foundation

/// How a paragraph of attributed text is set, as UIKit's `NSParagraphStyle`: the parts a text view
/// draws. `alignment` `.natural` follows the paragraph's own direction (its first strong character).
///
/// Differs from UIKit: tab stops, indents and the other members are absent; hyphenation is Pango's
/// (see `hyphenationFactor`); not an
/// `NSObject` (`copy()` and `mutableCopy()` are typed; `isEqual(to:)` compares the members).
@MainActor
open class NSParagraphStyle {
    /// Natural alignment, no extra spacing.
    public static let `default` = NSParagraphStyle()

    /// Where the lines stand between the margins; `.natural` by default.
    public internal(set) var alignment: NSTextAlignment = .natural
    /// Extra space between the lines of a paragraph (points); 0 by default.
    public internal(set) var lineSpacing: CGFloat = 0
    /// Space after the paragraph (points); 0 by default.
    public internal(set) var paragraphSpacing: CGFloat = 0
    /// Space before the paragraph (points); 0 by default.
    public internal(set) var paragraphSpacingBefore: CGFloat = 0
    /// How eagerly words are hyphenated, 0…1; 0 by default (no hyphens, as UIKit). Differs from UIKit:
    /// Pango has no hyphenation dictionary to even out lines, so any value above 0 means a word wider
    /// than the line, which breaks between characters, ends the line with a hyphen.
    public internal(set) var hyphenationFactor: Float = 0
    /// Whether the system's hyphenation applies (iOS 15); false by default. As `hyphenationFactor`
    /// above 0 here.
    public internal(set) var usesDefaultHyphenation = false

    /// Whether lines broken inside a word end with a hyphen.
    var hyphenates: Bool { hyphenationFactor > 0 || usesDefaultHyphenation }

    public init() {}

    /// A copy that cannot be changed.
    public func copy() -> NSParagraphStyle { copy(into: NSParagraphStyle()) }

    /// A copy that can be changed.
    public func mutableCopy() -> NSMutableParagraphStyle { copy(into: NSMutableParagraphStyle()) }

    private func copy<Style: NSParagraphStyle>(into style: Style) -> Style {
        style.alignment = alignment
        style.lineSpacing = lineSpacing
        style.paragraphSpacing = paragraphSpacing
        style.paragraphSpacingBefore = paragraphSpacingBefore
        style.hyphenationFactor = hyphenationFactor
        style.usesDefaultHyphenation = usesDefaultHyphenation
        return style
    }

    /// Whether every member is the same.
    public func isEqual(to other: NSParagraphStyle) -> Bool {
        alignment == other.alignment && lineSpacing == other.lineSpacing
            && paragraphSpacing == other.paragraphSpacing && paragraphSpacingBefore == other.paragraphSpacingBefore
            && hyphenationFactor == other.hyphenationFactor && usesDefaultHyphenation == other.usesDefaultHyphenation
    }
}

/// A paragraph style whose members can be set, as UIKit's `NSMutableParagraphStyle`.
@MainActor
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { super.paragraphSpacing }
        set { super.paragraphSpacing = newValue }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore }
        set { super.paragraphSpacingBefore = newValue }
    }
    open override var hyphenationFactor: Float {
        get { super.hyphenationFactor }
        set { super.hyphenationFactor = min(1, max(0, newValue)) }
    }
    open override var usesDefaultHyphenation: Bool {
        get { super.usesDefaultHyphenation }
        set { super.usesDefaultHyphenation = newValue }
    }
}
