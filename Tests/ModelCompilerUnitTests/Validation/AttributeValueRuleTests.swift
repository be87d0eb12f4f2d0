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
                FindingSpec(
                    "1️⃣", .undefinedStoredAttribute,
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
                FindingSpec(
                    "1️⃣", .undefinedStoredAttribute,
                    message: "'A.x' has no type (Undefined), which Core Data allows only on transient "
                        + "attributes; give it a type or make it transient")
            ])
    }

    @Test func aDefaultThatIsNotANumberCompilesToWhatMomcReads() {
        // A Boolean that became an integer: Apple's momc compiled 48 shipped versions with this, to 0.
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="count" attributeType="Integer 64" 1️⃣defaultValueString="NO" usesScalarValueType="YES"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .valueReinterpreted, .warning,
                    message: "default value 'NO' of 'A.count' (Integer 64) compiles to 0, as Apple's momc reads it")
            ])
    }

    @Test func aDefaultThatIsNotAUUIDCompilesToNoDefault() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="ok" attributeType="Integer 32" defaultValueString="0.0" usesScalarValueType="YES"/>
                <attribute name="id" optional="YES" attributeType="UUID" 1️⃣defaultValueString="empy"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .valueReinterpreted, .warning,
                    message: "default value 'empy' of 'A.id' (UUID) compiles to no default value, as Apple's "
                        + "momc reads it")
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
                FindingSpec(
                    "1️⃣", .valueOutOfRange, .warning,
                    message: "default value '40000' of 'A.small' is outside Integer 16's range (-32768...32767): "
                        + "it compiles as written, but a property of that type cannot hold it")
            ])
    }

    @Test func boundsAreReadAsDefaultsAre() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="n" optional="YES" attributeType="Integer 32" 1️⃣minValueString="5x" maxValueString="10" usesScalarValueType="YES"/>
                <attribute name="s" optional="YES" attributeType="String" 4️⃣minValueString="1" 2️⃣maxValueString="many"/>
                <attribute name="d" optional="YES" attributeType="Date" 3️⃣defaultDateTimeInterval="soon" defaultValueString="soon"/>
                <attribute name="p" optional="YES" attributeType="Decimal" 5️⃣minValueString="cheap"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .valueReinterpreted, .warning,
                    message: "'minValueString' '5x' of 'A.n' (Integer 32) compiles to 5, as Apple's momc reads it"),
                FindingSpec(
                    "2️⃣", .valueReinterpreted, .warning,
                    message: "'maxValueString' 'many' of 'A.s' (a length) compiles to 0, as Apple's momc reads it"),
                FindingSpec(
                    "4️⃣", .invalidValueRange, .warning,
                    message: "'A.s' has a minimum above its maximum, so Core Data refuses to save any value but nil"),
                FindingSpec(
                    "3️⃣", .valueReinterpreted, .warning,
                    message: "'defaultDateTimeInterval' 'soon' of 'A.d' (Date) compiles to 0, as Apple's momc reads it"),
                FindingSpec(
                    "5️⃣", .valueReinterpreted, .warning,
                    message:
                        "'minValueString' 'cheap' of 'A.p' (Decimal) compiles to no bound, as Apple's momc reads it"),
            ])
    }

    @Test func aMinimumAboveTheMaximumIsAWarning() {
        // Apple's momc compiles it; Core Data loads it and refuses every save of a value.
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="n" optional="YES" attributeType="Double" 1️⃣minValueString="10" maxValueString="1" usesScalarValueType="YES"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .invalidValueRange, .warning,
                    message: "'A.n' has a minimum above its maximum, so Core Data refuses to save any value but nil")
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
                FindingSpec(
                    "1️⃣", .compositeNotFound,
                    message: "'A.where' stores composite 'Location', which the model does not define")
            ])
    }

    @Test func exactSpellingsSayNothing() {
        for (type, value) in [
            ("Integer 32", "0.0"), ("Integer 16", " 12 "), ("Integer 64", "-9223372036854775808"),
            ("Boolean", "YES"), ("Boolean", "yes"), ("Boolean", "0.0"), ("Boolean", "1"),
            ("Decimal", "4.5"), ("Decimal", "12.50"), ("Double", "1e3"), ("Float", "0"),
            ("UUID", "5F3C1A2B-0000-4000-8000-000000000001"), ("URI", "https://example.com/a"),
            ("String", ""),
        ] {
            let reading = AttributeValueReading.value(value, as: AttributeType(rawValue: type)!)
            #expect(reading?.isExact == true && reading?.outsideRange == nil, "\(type) \(value)")
        }
        for (type, value) in [
            ("Integer 64", "1.5"), ("Integer 64", "1e3"), ("Integer 32", "12abc"), ("Boolean", "maybe"),
            ("Boolean", "0.5"), ("Double", "inf"), ("Double", "1.5 kg"), ("Decimal", "x"),
        ] {
            #expect(
                AttributeValueReading.value(value, as: AttributeType(rawValue: type)!)?.isExact == false,
                "\(type) \(value)")
        }
    }

    @Test func decimalsNSDecimalCannotHoldAreRefused() {
        // NSDecimal: 38 significant digits, a power of ten in -128...127; never a silently different number.
        #expect(DecimalLiteral(String(repeating: "9", count: 38)).problem == nil)
        #expect(DecimalLiteral("1" + String(repeating: "0", count: 60)).problem == nil)
        #expect(
            DecimalLiteral("123456789012345678901234567890123456789012").problem?.contains("42 significant digits")
                == true)
        #expect(DecimalLiteral("1e200").problem != nil)
        #expect(DecimalLiteral("1e-200").problem != nil)
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="d" optional="YES" attributeType="Decimal" 1️⃣defaultValueString="1e200"/>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .invalidDefaultValue,
                    message: "default value '1e200' of 'A.d' is not a valid Decimal: its power of ten (200) is "
                        + "outside a Decimal's -128...127")
            ])
    }
}
