import Testing
@testable import ModelCompiler

/// A rename hint moves old data into the new property, so it is given only when the names are alike.
@Suite struct NameLikenessTests {
    @Test(arguments: [
        ("payload", "payloadBlob"), ("colour", "color"), ("distributionListId", "distributionListID"),
        ("isbn", "isbn13"), ("adress", "address"), ("Name", "name"),
    ])
    func alikeNames(_ old: String, _ new: String) {
        #expect(NameLikeness.alike(old, new))
    }

    /// Same-typed pairs the corpus paired as renames: Threema, SwiftGen and CoreStore's models.
    @Test(arguments: [
        ("abFirstName", "csi"), ("abLastName", "department"), ("height", "forwardSecurityMode"), ("text", "property1"),
        ("color", "attributedString"), ("numberOfFlagella", "numberOfFlippers"), ("isStandard", "isSupported"),
        ("id", "idx"), ("a", "b"),
    ])
    func unrelatedNames(_ old: String, _ new: String) {
        #expect(!NameLikeness.alike(old, new))
    }

    @Test func hugeNamesAreComparedForEqualityOnly() {
        let name = String(repeating: "a", count: 200_000)
        #expect(NameLikeness.alike(name, name))
        #expect(!NameLikeness.alike(name, name + "b"), "an edit distance over 200,000 letters would be quadratic")
        #expect(!NameLikeness.alike("", "abc") && NameLikeness.alike("", ""))
    }
}
