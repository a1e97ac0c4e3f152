import Foundation
import SceneHostCore
import Testing

/// `TargetContentPredicate`: NSPredicate's format strings for activation conditions, evaluated on
/// strings as NSPredicate evaluates them.
@MainActor
struct TargetContentPredicateTests {
    func holds(_ format: String, _ arguments: [String] = [], for subject: String) throws -> Bool {
        try TargetContentPredicate(validating: format, arguments: arguments).evaluate(with: subject)
    }

    @Test func comparisonsWithArgumentsAndLiterals() throws {
        #expect(try holds("self == %@", ["mail/1"], for: "mail/1"))
        #expect(try !holds("self == %@", ["mail/1"], for: "mail/10"))
        #expect(try holds("SELF != 'a'", for: "b"))
        #expect(try holds("self <> \"a\"", for: "b"))
        #expect(try holds("self BEGINSWITH %@", ["scenehost-gallery://mail/"], for: "scenehost-gallery://mail/3"))
        #expect(try !holds("self beginswith %@", ["scenehost-gallery://mail/"], for: "scenehost-gallery://photos/3"))
        #expect(try holds("self ENDSWITH '.png'", for: "a.png"))
        #expect(try holds("self CONTAINS 'photo'", for: "my-photos"))
        #expect(try holds("self LIKE 'mail/*'", for: "mail/42"))
        #expect(try holds("self LIKE 'mail/?'", for: "mail/4"))
        #expect(try !holds("self LIKE 'mail/?'", for: "mail/42"))
        #expect(try holds("self MATCHES 'mail/[0-9]+'", for: "mail/42"))
        #expect(try !holds("self MATCHES 'mail/[0-9]+'", for: "mail/42x"), "MATCHES matches the whole string")
        #expect(try holds("self IN {'a', 'b', %@}", ["c"], for: "c"))
        #expect(try !holds("self IN {'a', 'b'}", for: "c"))
    }

    @Test func modifiersAndLogic() throws {
        #expect(try holds("self ==[c] 'MAIL'", for: "mail"))
        #expect(try !holds("self == 'MAIL'", for: "mail"))
        #expect(try holds("self BEGINSWITH[cd] 'cafe'", for: "Café au lait"))
        #expect(try holds("self == 'a' OR self == 'b'", for: "b"))
        #expect(try !holds("self BEGINSWITH 'a' AND self ENDSWITH 'z'", for: "ab"))
        #expect(try holds("NOT (self == 'a') && self != 'c'", for: "b"))
        #expect(try holds("!(self == 'a' || self == 'b')", for: "c"))
        #expect(try holds("TRUEPREDICATE", for: "x"))
        #expect(try !holds("FALSEPREDICATE", for: "x"))
    }

    @Test func somethingOtherThanAStringNeverMatches() {
        let predicate = TargetContentPredicate(format: "self == %@", "1")
        #expect(!predicate.evaluate(with: 1))
        #expect(!predicate.evaluate(with: nil))
        #expect(predicate.predicateFormat == "self == %@")
    }

    @Test func formatsOutsideTheGrammarAreRefusedWithTheReason() {
        for (format, arguments, reason) in [("name == 'a'", [], "key path"), ("self == %@", [], "more %@"), ("self == %d", ["1"], "%@"),
                                            ("self == 'a", [], "unterminated"), ("self < 'a'", [], "unexpected character"),
                                            ("self == 'a' self", [], "after the predicate"), ("self ==[x] 'a'", [], "modifier")] {
            #expect {
                try TargetContentPredicate(validating: format, arguments: arguments)
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
    }
}
