import Testing
@testable import ModelCompiler

@Suite struct AttributeTypeTests {
    @Test func everyTypeIsFoundByItsExactName() {
        for type in AttributeType.allCases {
            #expect(AttributeType(rawValue: type.rawValue) == type)
        }
    }

    @Test(arguments: [
        "", "string", "String ", "Integer16", "Integer 8", "Integer 640", "URL", "Transformablee", "UUİD",
    ])
    func anyOtherTextIsNoType(_ text: String) {
        #expect(AttributeType(rawValue: text) == nil)
    }
}
