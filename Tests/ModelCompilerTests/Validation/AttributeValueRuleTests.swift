import Testing
@testable import ModelCompiler

@Suite struct AttributeValueRuleTests {
    @Test func anAttributeWithoutATypeIsUndefinedAndMustBeTransient() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<attribute name="x" optional="YES"/>
            </entity>
            """#,
            [
                FindingSpec("1️⃣", .undefinedStoredAttribute,
                            message: "'A.x' has no type (Undefined), which Core Data allows only on transient "
                                + "attributes; give it a type or make it transient")
            ])
    }

    @Test func aStoredUndefinedAttributeIsAnError() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="x" optional="YES" 1️⃣attributeType="Undefined"/>
            </entity>
            """#,
            [
                FindingSpec("1️⃣", .undefinedStoredAttribute,
                            message: "'A.x' has no type (Undefined), which Core Data allows only on transient "
                                + "attributes; give it a type or make it transient")
            ])
    }

    @Test func aDefaultThatIsNotANumber() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="count" attributeType="Integer 16" 1️⃣defaultValueString="lots" usesScalarValueType="YES"/>
            </entity>
            """#,
            [
                FindingSpec("1️⃣", .invalidDefaultValue,
                            message: "default value 'lots' of 'A.count' is not a valid Integer 16: expected a whole "
                                + "number")
            ])
    }

    @Test func aDefaultThatIsNotAUUID() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="ok" attributeType="Integer 32" defaultValueString="0.0" usesScalarValueType="YES"/>
                <attribute name="id" attributeType="UUID" 1️⃣defaultValueString="not-a-uuid"/>
            </entity>
            """#,
            [
                FindingSpec("1️⃣", .invalidDefaultValue,
                            message: "default value 'not-a-uuid' of 'A.id' is not a valid UUID: expected a UUID such "
                                + "as 00000000-0000-0000-0000-000000000000")
            ])
    }

    @Test func aDefaultOutOfRangeForItsType() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="small" attributeType="Integer 16" 1️⃣defaultValueString="40000" usesScalarValueType="YES"/>
            </entity>
            """#,
            [
                FindingSpec("1️⃣", .invalidDefaultValue,
                            message: "default value '40000' of 'A.small' is not a valid Integer 16: out of range for "
                                + "Integer 16")
            ])
    }

    @Test func aMinimumAboveTheMaximum() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="n" optional="YES" attributeType="Double" 1️⃣minValueString="10" maxValueString="1" usesScalarValueType="YES"/>
            </entity>
            """#,
            [
                FindingSpec("1️⃣", .invalidValueRange,
                            message: "'A.n' has a minimum above its maximum, so no value can be saved")
            ])
    }

    @Test func compositeNotFound() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="where" optional="YES" attributeType="Composite" 1️⃣composite="Location"/>
            </entity>
            """#,
            [
                FindingSpec("1️⃣", .compositeNotFound,
                            message: "'A.where' stores composite 'Location', which the model does not define")
            ])
    }

    @Test func acceptedDefaultSpellings() {
        for (type, value) in [("Integer 32", "0.0"), ("Boolean", "YES"), ("Boolean", "0.0"), ("Decimal", "4.5"),
                              ("Float", "0"), ("UUID", "5F3C1A2B-0000-4000-8000-000000000001"),
                              ("URI", "https://example.com/a"), ("String", "")] {
            #expect(AttributeValueRule.problem(parsing: value, as: AttributeType(rawValue: type)!) == nil, "\(type) \(value)")
        }
        #expect(AttributeValueRule.problem(parsing: "1.5", as: .integer64) != nil)
        #expect(AttributeValueRule.problem(parsing: "maybe", as: .boolean) != nil)
        #expect(AttributeValueRule.problem(parsing: "x", as: .decimal) != nil)
        // NSDecimal: 38 significant digits, a power of ten in -128...127; never a silently different number.
        #expect(AttributeValueRule.problem(parsing: String(repeating: "9", count: 38), as: .decimal) == nil)
        #expect(AttributeValueRule.problem(parsing: "1" + String(repeating: "0", count: 60), as: .decimal) == nil)
        #expect(AttributeValueRule.problem(parsing: "123456789012345678901234567890123456789012", as: .decimal)?
            .contains("42 significant digits") == true)
        #expect(AttributeValueRule.problem(parsing: "1e200", as: .decimal) != nil)
        #expect(AttributeValueRule.problem(parsing: "1e-200", as: .decimal) != nil)
    }
}
