import Testing
@testable import ModelCompiler

@Suite struct ModelValidatorTests {
    /// The rules run side by side; their findings come out as if they had run one after another.
    @Test func findingsComeInRuleOrder() throws {
        let model = try Fixtures.model(
            """
            <entity name="A" parentEntity="B">
                <attribute name="n" attributeType="Integer 16" defaultValueString="x"/>
                <attribute name="n" attributeType="String"/>
                <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Nowhere"/>
            </entity>
            <entity name="B" parentEntity="A">
                <attribute name="s" attributeType="String" renamingIdentifier="gone"/>
            </entity>
            """)
        let context = ValidationContext(model)
        let oneAfterAnother = ModelValidator.rules.flatMap { $0.check(context) }
        let found = ModelValidator.validate(model)
        #expect(Set(oneAfterAnother.map(\.code)).count >= 4, "the fixture should set off several rules")
        #expect(found.map(\.code) == oneAfterAnother.map(\.code))
        #expect(found.map(\.message) == oneAfterAnother.map(\.message))
        // Run again: the same findings in the same order.
        #expect(ModelValidator.validate(model).map(\.message) == found.map(\.message))
    }
}
