import Testing
@testable import ModelCompiler

@Suite struct ModelBuilderFindingTests {
    @Test func anEntityWithoutANameIsAnError() {
        assertFindings(
            #"""
            1️⃣<entity representedClassName="A"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .missingRequiredAttribute,
                    message: "entity is missing its required 'name' attribute")
            ])
    }

    @Test func aRelationshipWithoutADestinationIsAnError() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .missingRequiredAttribute,
                    message: "relationship 'r' is missing its required 'destinationEntity' attribute")
            ])
    }

    @Test func anAttributeWithoutANameIsAnError() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<attribute optional="YES" attributeType="String"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .missingRequiredAttribute,
                    message: "attribute is missing its required 'name' attribute")
            ])
    }

    @Test func unknownAttributeType() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="x" optional="YES" 1️⃣attributeType="Text"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .unknownAttributeType,
                    message: "attribute 'x' has unknown type 'Text'; expected one of Undefined, Integer 16, "
                        + "Integer 32, Integer 64, Decimal, Double, Float, String, Boolean, Date, "
                        + "Binary, UUID, URI, Transformable, ObjectID, Composite")
            ])
    }

    @Test func aCountThatIsNotANumber() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" 1️⃣maxCount="one" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .invalidNumber,
                    message: "'maxCount' must be a whole number, not 'one'")
            ])
    }

    @Test func aCountInAnyWholeNumberSpellingIsRead() throws {
        let model = try Fixtures.model(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" toMany="YES" minCount=" 1 " maxCount="3.0" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            """#)
        let relationship = try #require(model.entities.first?.relationships.first)
        #expect(relationship.minCount == 1 && relationship.maxCount == 3)
    }

    @Test func unknownDeleteRule() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" 1️⃣deletionRule="Explode" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .invalidEnumValue,
                    message: "relationship 'b' has unknown delete rule 'Explode'; expected one of No Action, "
                        + "Nullify, Cascade, Deny")
            ])
    }

    @Test func unknownXMLElement() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<gizmo/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .unknownXMLElement, .warning,
                    message: "unknown element <gizmo> inside <entity> is ignored")
            ])
    }

    @Test func unknownXMLAttribute() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="x" optional="YES" attributeType="String" 1️⃣sparkle="YES"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .unknownXMLAttribute, .warning,
                    message: "unknown attribute 'sparkle' on <attribute> is ignored")
            ])
    }
}
