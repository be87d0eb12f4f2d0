import Testing
@testable import ModelCompiler

/// One minimal bad model per rule: the rule's code fires with the right severity at the right line,
/// and nothing else in the model is an error.
struct RuleCase: Sendable, CustomTestStringConvertible {
    var code: DiagnosticCode
    var severity: Severity
    /// Line of the expected diagnostic; the body starts at line 3.
    var line: Int
    var body: String
    var modelAttributes = ""

    var testDescription: String { "\(code.rawValue) at line \(line)" }
}

private let pair = """
<entity name="A">
    <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
</entity>
<entity name="B">
    <relationship name="a" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
</entity>
"""

let ruleCases: [RuleCase] = [
    RuleCase(code: .missingRequiredAttribute, severity: .error, line: 3, body: #"<entity representedClassName="A"/>"#),
    // No `attributeType` is Undefined (older Xcode omits the default), which only a transient attribute may be.
    RuleCase(code: .undefinedStoredAttribute, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="x" optional="YES"/>
        </entity>
        """),
    RuleCase(code: .undefinedStoredAttribute, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="x" optional="YES" attributeType="Undefined"/>
        </entity>
        """),
    RuleCase(code: .missingRequiredAttribute, severity: .error, line: 4, body: """
        <entity name="A">
            <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify"/>
        </entity>
        """),
    RuleCase(code: .missingRequiredAttribute, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute optional="YES" attributeType="String"/>
        </entity>
        """),
    RuleCase(code: .compositeCycle, severity: .error, line: 8, body: """
        <composite name="X">
            <attribute name="x" optional="YES" attributeType="String"/>
            <attribute name="y" optional="YES" attributeType="Composite" composite="Y"/>
        </composite>
        <composite name="Y">
            <attribute name="z" optional="YES" attributeType="Composite" composite="X"/>
        </composite>
        """),
    RuleCase(code: .compositeCycle, severity: .error, line: 4, body: """
        <composite name="Z">
            <attribute name="z" optional="YES" attributeType="Composite" composite="Z"/>
        </composite>
        """),
    RuleCase(code: .invalidName, severity: .error, line: 3, body: #"<entity name="A&#10;B"/>"#),
    RuleCase(code: .invalidName, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="x&#9;y" optional="YES" attributeType="String"/>
        </entity>
        """),
    RuleCase(code: .invalidName, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="2x" optional="YES" attributeType="String"/>
        </entity>
        """),
    RuleCase(code: .duplicateEntity, severity: .error, line: 4, body: """
        <entity name="A"/>
        <entity name="A"/>
        """),
    RuleCase(code: .duplicateProperty, severity: .error, line: 5, body: """
        <entity name="A">
            <attribute name="x" optional="YES" attributeType="String"/>
            <attribute name="x" optional="YES" attributeType="String"/>
        </entity>
        """),
    RuleCase(code: .propertyShadowsInherited, severity: .error, line: 8, body: """
        <entity name="P">
            <attribute name="x" optional="YES" attributeType="String"/>
        </entity>
        <entity name="C" parentEntity="P">
            <attribute name="y" optional="YES" attributeType="String"/>
            <attribute name="x" optional="YES" attributeType="Integer 16" defaultValueString="0"/>
        </entity>
        """),
    RuleCase(code: .propertyRedeclaresInherited, severity: .warning, line: 7, body: """
        <entity name="P">
            <attribute name="x" optional="YES" attributeType="String"/>
        </entity>
        <entity name="C" parentEntity="P">
            <attribute name="x" optional="YES" attributeType="String"/>
        </entity>
        """),
    RuleCase(code: .unknownAttributeType, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="x" optional="YES" attributeType="Text"/>
        </entity>
        """),
    RuleCase(code: .parentEntityNotFound, severity: .error, line: 3, body: #"<entity name="A" parentEntity="Missing"/>"#),
    RuleCase(code: .inheritanceCycle, severity: .error, line: 3, body: """
        <entity name="A" parentEntity="B"/>
        <entity name="B" parentEntity="A"/>
        """),
    RuleCase(code: .destinationEntityNotFound, severity: .error, line: 4, body: """
        <entity name="A">
            <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Nowhere"/>
        </entity>
        """),
    RuleCase(code: .inverseNotFound, severity: .warning, line: 4, body: """
        <entity name="A">
            <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="missing" inverseEntity="B"/>
        </entity>
        <entity name="B"/>
        """),
    RuleCase(code: .inverseNotReciprocal, severity: .error, line: 4, body: """
        <entity name="A">
            <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="s" inverseEntity="B"/>
            <relationship name="other" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="s" inverseEntity="B"/>
        </entity>
        <entity name="B">
            <relationship name="s" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="other" inverseEntity="A"/>
        </entity>
        """),
    RuleCase(code: .inverseEntityMismatch, severity: .error, line: 4, body: """
        <entity name="A">
            <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="C"/>
        </entity>
        <entity name="B">
            <relationship name="a" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
        </entity>
        <entity name="C"/>
        """),
    RuleCase(code: .missingInverse, severity: .warning, line: 4, body: """
        <entity name="A">
            <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
        </entity>
        <entity name="B"/>
        """),
    RuleCase(code: .minCountAboveMaxCount, severity: .error, line: 4, body: """
        <entity name="A">
            <relationship name="b" optional="YES" toMany="YES" minCount="5" maxCount="2" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
        </entity>
        <entity name="B">
            <relationship name="a" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
        </entity>
        """),
    RuleCase(code: .noActionDeleteRule, severity: .warning, line: 4, body: pair.replacingOccurrences(
        of: #"maxCount="1" deletionRule="Nullify""#, with: #"maxCount="1" deletionRule="No Action""#)),
    RuleCase(code: .tooManyProperties, severity: .warning, line: 3, body: """
        <entity name="Wide">
        \((0...100).map { #"    <attribute name="a\#($0)" optional="YES" attributeType="String"/>"# }.joined(separator: "\n"))
        </entity>
        """),
    RuleCase(code: .reservedPropertyName, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="description" optional="YES" attributeType="String"/>
        </entity>
        """),
    RuleCase(code: .invalidDefaultValue, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="count" attributeType="Integer 16" defaultValueString="lots" usesScalarValueType="YES"/>
        </entity>
        """),
    RuleCase(code: .invalidDefaultValue, severity: .error, line: 5, body: """
        <entity name="A">
            <attribute name="ok" attributeType="Integer 32" defaultValueString="0.0" usesScalarValueType="YES"/>
            <attribute name="id" attributeType="UUID" defaultValueString="not-a-uuid"/>
        </entity>
        """),
    RuleCase(code: .invalidDefaultValue, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="small" attributeType="Integer 16" defaultValueString="40000" usesScalarValueType="YES"/>
        </entity>
        """),
    RuleCase(code: .invalidValueRange, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="n" optional="YES" attributeType="Double" minValueString="10" maxValueString="1" usesScalarValueType="YES"/>
        </entity>
        """),
    RuleCase(code: .duplicateComposite, severity: .error, line: 6, body: """
        <composite name="Location">
            <attribute name="lat" optional="YES" attributeType="Double" usesScalarValueType="YES"/>
        </composite>
        <composite name="Location"/>
        """),
    RuleCase(code: .compositeNotFound, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="where" optional="YES" attributeType="Composite" composite="Location"/>
        </entity>
        """),
    RuleCase(code: .constraintUnknownProperty, severity: .error, line: 7, body: """
        <entity name="A">
            <attribute name="isbn" optional="YES" attributeType="String"/>
            <uniquenessConstraints>
                <uniquenessConstraint>
                    <constraint value="isnb"/>
                </uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        """),
    RuleCase(code: .fetchIndexUnknownProperty, severity: .error, line: 6, body: """
        <entity name="A">
            <attribute name="title" optional="YES" attributeType="String"/>
            <fetchIndex name="byTitle">
                <fetchIndexElement property="titel" type="Binary" order="ascending"/>
            </fetchIndex>
        </entity>
        """),
    RuleCase(code: .fetchIndexUnknownProperty, severity: .error, line: 7, body: """
        <entity name="A">
            <attribute name="title" optional="YES" attributeType="String"/>
            <compoundIndexes>
                <compoundIndex>
                    <index value="nope"/>
                </compoundIndex>
            </compoundIndexes>
        </entity>
        """),
    RuleCase(code: .configurationUnknownEntity, severity: .error, line: 5, body: """
        <entity name="A"/>
        <configuration name="Local">
            <memberEntity name="Ghost"/>
        </configuration>
        """),
    RuleCase(code: .duplicateConfiguration, severity: .error, line: 4, body: """
        <configuration name="Local"/>
        <configuration name="Local"/>
        """),
    RuleCase(code: .fetchedPropertyUnknownEntity, severity: .error, line: 5, body: """
        <entity name="A">
            <fetchedProperty name="recent" optional="YES">
                <fetchRequest name="fetchedPropertyFetchRequest" entity="Ghost" predicateString="TRUEPREDICATE"/>
            </fetchedProperty>
        </entity>
        """),
    RuleCase(code: .fetchRequestUnknownEntity, severity: .error, line: 4, body: """
        <entity name="A"/>
        <fetchRequest name="All" entity="Ghost"/>
        """),
    RuleCase(code: .duplicateFetchRequest, severity: .error, line: 5, body: """
        <entity name="A"/>
        <fetchRequest name="All" entity="A"/>
        <fetchRequest name="All" entity="A"/>
        """),
    RuleCase(code: .invalidNumber, severity: .error, line: 4, body: pair.replacingOccurrences(
        of: #"optional="YES" maxCount="1""#, with: #"optional="YES" maxCount="one""#)),
    RuleCase(code: .invalidEnumValue, severity: .error, line: 4, body: pair.replacingOccurrences(
        of: #"maxCount="1" deletionRule="Nullify""#, with: #"maxCount="1" deletionRule="Explode""#)),
    RuleCase(code: .unknownXMLElement, severity: .warning, line: 4, body: """
        <entity name="A">
            <gizmo/>
        </entity>
        """),
    RuleCase(code: .unknownXMLAttribute, severity: .warning, line: 4, body: """
        <entity name="A">
            <attribute name="x" optional="YES" attributeType="String" sparkle="YES"/>
        </entity>
        """),
    RuleCase(code: .cloudKitRequiredAttribute, severity: .error, line: 4, body: """
        <entity name="A">
            <attribute name="title" attributeType="String"/>
        </entity>
        """, modelAttributes: #"usedWithCloudKit="YES""#),
    RuleCase(code: .cloudKitUniquenessConstraint, severity: .error, line: 6, body: """
        <entity name="A">
            <attribute name="title" optional="YES" attributeType="String"/>
            <uniquenessConstraints>
                <uniquenessConstraint>
                    <constraint value="title"/>
                </uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        """, modelAttributes: #"usedWithCloudKit="YES""#),
    RuleCase(code: .cloudKitRequiredRelationship, severity: .error, line: 4, body: pair.replacingOccurrences(
        of: #"<relationship name="b" optional="YES""#, with: #"<relationship name="b""#),
        modelAttributes: #"usedWithCloudKit="YES""#),
    RuleCase(code: .cloudKitMissingInverse, severity: .error, line: 4, body: """
        <entity name="A">
            <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
        </entity>
        <entity name="B"/>
        <configuration name="Cloud" usedWithCloudKit="YES">
            <memberEntity name="A"/>
        </configuration>
        """),
    RuleCase(code: .cloudKitDenyRule, severity: .error, line: 7, body: pair.replacingOccurrences(
        of: #"toMany="YES" deletionRule="Nullify""#, with: #"toMany="YES" deletionRule="Deny""#),
        modelAttributes: #"usedWithCloudKit="YES""#),
    RuleCase(code: .cloudKitOrderedRelationship, severity: .error, line: 7, body: pair.replacingOccurrences(
        of: #"toMany="YES" deletionRule="Nullify""#, with: #"toMany="YES" deletionRule="Nullify" ordered="YES""#),
        modelAttributes: #"usedWithCloudKit="YES""#),
]

@Suite struct ModelRuleTests {
    @Test(arguments: ruleCases)
    func ruleFires(_ rule: RuleCase) {
        let diagnostics = Fixtures.diagnostics(forBody: rule.body, modelAttributes: rule.modelAttributes)
        let matching = diagnostics.with(rule.code)
        #expect(matching.contains { $0.severity == rule.severity && $0.location.line == rule.line },
                "expected \(rule.severity) [\(rule.code)] at line \(rule.line); got \(diagnostics)")
        let otherErrors = diagnostics.filter { $0.severity == .error && $0.code != rule.code }
        #expect(otherErrors.isEmpty, "unexpected errors: \(otherErrors)")
        #expect(matching.allSatisfy { $0.location.column > 0 }, "every finding has a column: \(matching)")
    }

    @Test func anInverseWithoutItsOwnInverseIsSaidSo() {
        let diagnostics = Fixtures.diagnostics(forBody: """
            <entity name="A">
                <relationship name="r" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="s" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="s" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A"/>
            </entity>
            """).with(.inverseNotReciprocal)
        #expect(diagnostics.first?.message.contains("that relationship has no inverse") == true, "\(diagnostics)")
    }

    @Test func cleanModelHasNoFindings() {
        #expect(Fixtures.diagnostics(forBody: pair).isEmpty)
    }

    @Test func cloudKitRulesApplyOnlyToSyncedConfigurations() {
        let body = """
            <entity name="A">
                <attribute name="title" attributeType="String"/>
            </entity>
            <entity name="B">
                <attribute name="title" attributeType="String"/>
            </entity>
            <configuration name="Cloud" usedWithCloudKit="YES">
                <memberEntity name="B"/>
            </configuration>
            """
        let findings = Fixtures.diagnostics(forBody: body).with(.cloudKitRequiredAttribute)
        #expect(findings.map(\.location.line) == [7])
    }

    @Test func inverseDeclaredOnAncestorOfDestinationIsAccepted() {
        // A pattern from shipped models: the inverse lives on the destination's abstract parent.
        let body = """
            <entity name="CoreLocation" isAbstract="YES">
                <relationship name="photos" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Photo" inverseName="location" inverseEntity="Photo"/>
            </entity>
            <entity name="Location" parentEntity="CoreLocation"/>
            <entity name="Photo">
                <relationship name="location" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Location" inverseName="photos" inverseEntity="CoreLocation"/>
            </entity>
            """
        #expect(Fixtures.diagnostics(forBody: body).isEmpty)
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
