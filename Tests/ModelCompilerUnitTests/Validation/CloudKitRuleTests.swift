import Testing
@testable import ModelCompiler

@Suite struct CloudKitRuleTests {
    @Test func requiredAttributeWithoutDefault() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<attribute name="title" attributeType="String"/>
            </entity>
            """#,
            modelAttributes: #"usedWithCloudKit="YES""#,
            [
                FindingSpec(
                    "1️⃣", .cloudKitRequiredAttribute,
                    message: "'A.title' must be optional or have a default value: configuration 'Default' is "
                        + "used with CloudKit")
            ])
    }

    @Test func uniquenessConstraint() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="title" optional="YES" attributeType="String"/>
                <uniquenessConstraints>
                    1️⃣<uniquenessConstraint>
                        <constraint value="title"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            """#,
            modelAttributes: #"usedWithCloudKit="YES""#,
            [
                FindingSpec(
                    "1️⃣", .cloudKitUniquenessConstraint,
                    message: "'A' must not have uniqueness constraints: configuration 'Default' is used with "
                        + "CloudKit")
            ])
    }

    @Test func requiredRelationship() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<relationship name="b" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            """#,
            modelAttributes: #"usedWithCloudKit="YES""#,
            [
                FindingSpec(
                    "1️⃣", .cloudKitRequiredRelationship,
                    message: "'A.b' must be optional: configuration 'Default' is used with CloudKit")
            ])
    }

    /// Said once, as the error: the general missing-inverse warning at the same place is superseded.
    @Test func relationshipWithoutInverse() {
        assertFindings(
            #"""
            <entity name="A">
                1️⃣<relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
            </entity>
            <entity name="B"/>
            <configuration name="Cloud" usedWithCloudKit="YES">
                <memberEntity name="A"/>
            </configuration>
            """#,
            [
                FindingSpec(
                    "1️⃣", .cloudKitMissingInverse,
                    message: "'A.b' must have an inverse: configuration 'Cloud' is used with CloudKit")
            ])
    }

    @Test func denyDeleteRule() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" toMany="YES" 1️⃣deletionRule="Deny" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            """#,
            modelAttributes: #"usedWithCloudKit="YES""#,
            [
                FindingSpec(
                    "1️⃣", .cloudKitDenyRule,
                    message: "'B.a' must not use the Deny delete rule: configuration 'Default' is used with "
                        + "CloudKit")
            ])
    }

    @Test func orderedRelationship() {
        assertFindings(
            #"""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B">
                <relationship name="a" optional="YES" toMany="YES" deletionRule="Nullify" 1️⃣ordered="YES" destinationEntity="A" inverseName="b" inverseEntity="A"/>
            </entity>
            """#,
            modelAttributes: #"usedWithCloudKit="YES""#,
            [
                FindingSpec(
                    "1️⃣", .cloudKitOrderedRelationship,
                    message: "'B.a' must not be ordered: configuration 'Default' is used with CloudKit")
            ])
    }

    @Test func onlySyncedConfigurationsAreChecked() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="title" attributeType="String"/>
            </entity>
            <entity name="B">
                1️⃣<attribute name="title" attributeType="String"/>
            </entity>
            <configuration name="Cloud" usedWithCloudKit="YES">
                <memberEntity name="B"/>
            </configuration>
            """#,
            [
                FindingSpec(
                    "1️⃣", .cloudKitRequiredAttribute,
                    message: "'B.title' must be optional or have a default value: configuration 'Cloud' is "
                        + "used with CloudKit")
            ])
    }
}
