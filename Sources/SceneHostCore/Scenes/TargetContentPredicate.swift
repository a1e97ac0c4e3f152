import Foundation

/// An `NSPredicate` written as a format string, for `UISceneActivationConditions`: what
/// `NSPredicate(format:)` is in UIKit code, which swift-corelibs-foundation does not offer. It
/// evaluates the format against a string (the target content identifier), with the meaning
/// `NSPredicate` gives it:
/// - operands: `self` / `SELF` (the identifier), `%@` (the next argument), quoted strings (`'a'`, `"a"`),
///   and, right of `IN`, a list `{'a', 'b'}` or an argument;
/// - comparisons: `==` (`=`), `!=` (`<>`), `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE` (`*` and `?`
///   wildcards), `MATCHES` (an ICU regular expression matching the whole string), `IN`; each with the
///   `[c]` (case-insensitive), `[d]` (diacritic-insensitive) or `[cd]` modifiers;
/// - `AND` (`&&`), `OR` (`||`), `NOT` (`!`), parentheses, `TRUEPREDICATE`, `FALSEPREDICATE`.
/// Key paths, aggregates and blocks are left out, as UIKit leaves them out of activation predicates
/// (they run outside the app). A format outside this grammar stops the program with a message naming
/// the problem, as `NSPredicate(format:)` raises an exception.
///
/// ```swift
/// conditions.prefersToActivateForTargetContentIdentifierPredicate = TargetContentPredicate(format: "self == %@", message.id)
/// ```
public final class TargetContentPredicate: NSPredicate {
    /// The format, as given.
    public let format: String
    private let root: Node

    /// Parses `format` with `arguments` in place of its `%@`s, in order.
    public init(format: String, _ arguments: String...) {
        self.format = format
        do {
            var parser = try Parser(format: format, arguments: arguments)
            root = try parser.parse()
        } catch {
            fatalError("TargetContentPredicate: \(error) in \"\(format)\"")
        }
        super.init(value: true)
    }

    /// Parses `format` with `arguments`, or throws a description of what is wrong with it.
    public init(validating format: String, arguments: [String]) throws {
        self.format = format
        var parser = try Parser(format: format, arguments: arguments)
        root = try parser.parse()
        super.init(value: true)
    }

    public required init?(coder: NSCoder) { nil }

    /// Whether the predicate holds for `object`, a string (anything else: false).
    public override func evaluate(with object: Any?) -> Bool {
        guard let string = object as? String else { return false }
        return root.evaluate(string)
    }

    public override var predicateFormat: String { format }

    // MARK: Syntax tree

    indirect enum Node {
        case constant(Bool)
        case not(Node)
        case and(Node, Node)
        case or(Node, Node)
        case comparison(Operand, Operator, Operand, Options)

        func evaluate(_ subject: String) -> Bool {
            switch self {
            case .constant(let value): value
            case .not(let node): !node.evaluate(subject)
            case .and(let a, let b): a.evaluate(subject) && b.evaluate(subject)
            case .or(let a, let b): a.evaluate(subject) || b.evaluate(subject)
            case let .comparison(left, op, right, options): Node.compare(left.values(subject), op, right.values(subject), options)
            }
        }

        static func compare(_ left: [String], _ op: Operator, _ right: [String], _ options: Options) -> Bool {
            guard let lhs = left.first.map(options.normalize) else { return false }
            let values = right.map(options.normalize)
            if op == .in { return values.contains(lhs) }
            guard let rhs = values.first else { return false }
            switch op {
            case .equal: return lhs == rhs
            case .notEqual: return lhs != rhs
            case .beginsWith: return lhs.hasPrefix(rhs)
            case .endsWith: return lhs.hasSuffix(rhs)
            case .contains: return rhs.isEmpty || lhs.contains(rhs)
            case .like: return wildcard(Array(rhs), Array(lhs))
            case .matches:
                guard let expression = try? NSRegularExpression(pattern: "^(?:" + rhs + ")$") else { return false }
                return expression.firstMatch(in: lhs, range: NSRange(lhs.startIndex..., in: lhs)) != nil
            case .in: return false
            }
        }

        /// `LIKE`: `*` any run of characters, `?` one character.
        static func wildcard(_ pattern: [Character], _ text: [Character]) -> Bool {
            var p = 0, t = 0, star = -1, mark = 0
            while t < text.count {
                if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                    p += 1; t += 1
                } else if p < pattern.count, pattern[p] == "*" {
                    star = p; mark = t; p += 1
                } else if star >= 0 {
                    p = star + 1; mark += 1; t = mark
                } else {
                    return false
                }
            }
            while p < pattern.count, pattern[p] == "*" { p += 1 }
            return p == pattern.count
        }
    }

    enum Operand {
        case subject
        case constant([String])
        func values(_ subject: String) -> [String] {
            switch self {
            case .subject: [subject]
            case .constant(let values): values
            }
        }
    }

    enum Operator { case equal, notEqual, beginsWith, endsWith, contains, like, matches, `in` }

    struct Options {
        var caseInsensitive = false, diacriticInsensitive = false
        func normalize(_ string: String) -> String {
            var options: String.CompareOptions = []
            if caseInsensitive { options.insert(.caseInsensitive) }
            if diacriticInsensitive { options.insert(.diacriticInsensitive) }
            return options.isEmpty ? string : string.folding(options: options, locale: nil)
        }
    }

    // MARK: Parser

    struct FormatError: Error, CustomStringConvertible { let description: String }

    private enum Token: Equatable {
        case word(String), string(String), argument, symbol(String), modifiers(String)
    }

    private struct Parser {
        var tokens: [Token] = []
        var index = 0
        var arguments: [String]
        var nextArgument = 0

        init(format: String, arguments: [String]) throws {
            self.arguments = arguments
            tokens = try Self.tokenize(format)
        }

        static func tokenize(_ format: String) throws -> [Token] {
            var tokens: [Token] = []
            let characters = Array(format)
            var i = 0
            while i < characters.count {
                let c = characters[i]
                if c.isWhitespace { i += 1; continue }
                if c == "'" || c == "\"" {
                    var value = "", j = i + 1
                    while j < characters.count, characters[j] != c {
                        if characters[j] == "\\", j + 1 < characters.count { j += 1 }
                        value.append(characters[j]); j += 1
                    }
                    guard j < characters.count else { throw FormatError(description: "an unterminated string") }
                    tokens.append(.string(value)); i = j + 1; continue
                }
                if c == "%" {
                    guard i + 1 < characters.count, characters[i + 1] == "@" else {
                        throw FormatError(description: "only %@ arguments are supported (the identifier is a string)")
                    }
                    tokens.append(.argument); i += 2; continue
                }
                if c == "[" {
                    guard let end = characters[i...].firstIndex(of: "]") else { throw FormatError(description: "an unterminated [ modifier") }
                    tokens.append(.modifiers(String(characters[(i + 1)..<end]).lowercased())); i = end + 1; continue
                }
                if c.isLetter || c == "_" || c == "$" {
                    var j = i
                    while j < characters.count, characters[j].isLetter || characters[j].isNumber || characters[j] == "_" || characters[j] == "$" { j += 1 }
                    tokens.append(.word(String(characters[i..<j]))); i = j; continue
                }
                let pair = i + 1 < characters.count ? String(characters[i...(i + 1)]) : ""
                if ["==", "!=", "<>", "&&", "||"].contains(pair) { tokens.append(.symbol(pair)); i += 2; continue }
                if "=!(){},".contains(c) { tokens.append(.symbol(String(c))); i += 1; continue }
                throw FormatError(description: "an unexpected character '\(c)'")
            }
            return tokens
        }

        var current: Token? { index < tokens.count ? tokens[index] : nil }
        mutating func advance() { index += 1 }

        func isWord(_ token: Token?, _ names: String...) -> Bool {
            if case .word(let word)? = token { return names.contains(word.uppercased()) }
            return false
        }

        mutating func parse() throws -> Node {
            let node = try parseOr()
            guard current == nil else { throw FormatError(description: "unexpected text after the predicate") }
            return node
        }

        mutating func parseOr() throws -> Node {
            var node = try parseAnd()
            while isWord(current, "OR") || current == .symbol("||") {
                advance()
                node = .or(node, try parseAnd())
            }
            return node
        }

        mutating func parseAnd() throws -> Node {
            var node = try parseNot()
            while isWord(current, "AND") || current == .symbol("&&") {
                advance()
                node = .and(node, try parseNot())
            }
            return node
        }

        mutating func parseNot() throws -> Node {
            if isWord(current, "NOT") || current == .symbol("!") {
                advance()
                return .not(try parseNot())
            }
            return try parsePrimary()
        }

        mutating func parsePrimary() throws -> Node {
            if current == .symbol("(") {
                advance()
                let node = try parseOr()
                guard current == .symbol(")") else { throw FormatError(description: "a missing )") }
                advance()
                return node
            }
            if isWord(current, "TRUEPREDICATE") { advance(); return .constant(true) }
            if isWord(current, "FALSEPREDICATE") { advance(); return .constant(false) }
            let left = try parseOperand()
            let op = try parseOperator()
            var options = Options()
            if case .modifiers(let letters)? = current {
                guard letters.allSatisfy({ $0 == "c" || $0 == "d" }) else { throw FormatError(description: "an unknown modifier [\(letters)]") }
                options.caseInsensitive = letters.contains("c")
                options.diacriticInsensitive = letters.contains("d")
                advance()
            }
            let right = try parseOperand(list: op == .in)
            return .comparison(left, op, right, options)
        }

        mutating func parseOperator() throws -> Operator {
            defer { advance() }
            switch current {
            case .symbol("==")?, .symbol("=")?: return .equal
            case .symbol("!=")?, .symbol("<>")?: return .notEqual
            case .word(let word)?:
                switch word.uppercased() {
                case "BEGINSWITH": return .beginsWith
                case "ENDSWITH": return .endsWith
                case "CONTAINS": return .contains
                case "LIKE": return .like
                case "MATCHES": return .matches
                case "IN": return .in
                default: throw FormatError(description: "an unsupported operator \(word)")
                }
            default: throw FormatError(description: "a missing comparison operator")
            }
        }

        mutating func parseOperand(list: Bool = false) throws -> Operand {
            switch current {
            case .word(let word)? where word.uppercased() == "SELF":
                advance()
                return .subject
            case .string(let value)?:
                advance()
                return .constant([value])
            case .argument?:
                advance()
                guard nextArgument < arguments.count else { throw FormatError(description: "more %@ than arguments") }
                defer { nextArgument += 1 }
                return .constant([arguments[nextArgument]])
            case .symbol("{")? where list:
                advance()
                var values: [String] = []
                while current != .symbol("}") {
                    guard case .constant(let value) = try parseOperand() else { throw FormatError(description: "a list holds strings and %@ only") }
                    values += value
                    if current == .symbol(",") { advance() } else if current != .symbol("}") { throw FormatError(description: "a missing } or ,") }
                }
                advance()
                return .constant(values)
            case .word(let word)?:
                throw FormatError(description: "the key path \(word): only self, %@ and quoted strings are supported (activation predicates see the identifier itself)")
            default:
                throw FormatError(description: "a missing operand")
            }
        }
    }
}
