import Testing
@testable import ModelCompiler

@Suite struct RecentKeysTests {
    @Test func aHintIsTheKeyLastSeenAtThePositionOrAfterThePreviousKey() {
        var recent = RecentKeys()
        // An object with an optional field: name, isOptional, type.
        recent.remember("name", 0, at: 0)
        recent.remember("isOptional", 1, at: 1, after: 0)
        recent.remember("type", 2, at: 2, after: 1)
        // The next object lacks the optional field: `type` moved to position 1, but it still follows...
        #expect(recent.number(of: "name", at: 0) == 0)
        #expect(recent.number(of: "type", at: 1, after: 0) == nil, "nothing has followed 'name' but 'isOptional'")
        recent.remember("type", 2, at: 1, after: 0)
        // ...and once seen after `name`, it is found there whatever its position.
        #expect(recent.number(of: "type", at: 5, after: 0) == 2)
        #expect(recent.number(of: "isOptional", at: 1, after: 0) == nil, "position 1 and 'after name' now say 'type'")
        #expect(recent.number(of: "isOptional", at: 7, after: 1) == nil)
        #expect(recent.number(of: "type", at: 2, after: 1) == 2)
    }

    @Test func aDifferentKeyIsNeverTakenForAHint() {
        var recent = RecentKeys()
        recent.remember("NSEntity", 4, at: 0, after: nil)
        recent.remember("NSEntityName", 5, at: 1, after: 4)
        #expect(recent.number(of: "NSEntityNam", at: 1, after: 4) == nil)
        #expect(recent.number(of: "NSEntityName2", at: 1, after: 4) == nil)
        #expect(recent.number(of: "NSEntityName", at: 3, after: 900) == nil, "an unknown previous key has no hint")
        #expect(recent.number(of: "NSEntityName", at: 3, after: 4) == 5)
    }
}
