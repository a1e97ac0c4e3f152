import Foundation

/// How text is underlined or struck through, as UIKit's `NSUnderlineStyle` (its raw values); the value
/// of `.underlineStyle` and `.strikethroughStyle` is its raw value (an `Int`), as in UIKit.
///
/// Differs from UIKit: patterns (dot, dash…) and `byWord` draw as solid lines; `.thick` as single.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

extension NSAttributedString.Key {
    /// A `UIFont`; the text view's font where absent.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor`; the text view's text colour where absent.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A `UIColor` filled behind the characters.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An `Int`: an `NSUnderlineStyle` raw value.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// An `Int`: an `NSUnderlineStyle` raw value.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// An `NSParagraphStyle`, read from a paragraph's first character.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// A `URL` (or a `String` holding one): the text is a link, drawn with the text view's
    /// `linkTextAttributes`.
    public static let link = NSAttributedString.Key("NSLink")
}
