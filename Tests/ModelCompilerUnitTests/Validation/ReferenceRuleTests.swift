import Testing
@testable import ModelCompiler

@Suite struct ReferenceRuleTests {
    @Test func constraintUnknownProperty() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="isbn" optional="YES" attributeType="String"/>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint 1️⃣value="isnb"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .constraintUnknownProperty,
                    message: "uniqueness constraint of 'A' names 'isnb', which is not a property of the "
                        + "entity")
            ])
    }

    @Test func fetchIndexElementUnknownProperty() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="title" optional="YES" attributeType="String"/>
                <fetchIndex name="byTitle">
                    <fetchIndexElement 1️⃣property="titel" type="Binary" order="ascending"/>
                </fetchIndex>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .fetchIndexUnknownProperty,
                    message: "fetch index 'byTitle' of 'A' names 'titel', which is not a property of the "
                        + "entity")
            ])
    }

    @Test func compoundIndexUnknownProperty() {
        assertFindings(
            #"""
            <entity name="A">
                <attribute name="title" optional="YES" attributeType="String"/>
                <compoundIndexes>
                    <compoundIndex>
                        <index 1️⃣value="nope"/>
                    </compoundIndex>
                </compoundIndexes>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .fetchIndexUnknownProperty,
                    message: "compound index of 'A' names 'nope', which is not a property of the entity")
            ])
    }

    @Test func configurationUnknownEntity() {
        assertFindings(
            #"""
            <entity name="A"/>
            <configuration name="Local">
                <memberEntity 1️⃣name="Ghost"/>
            </configuration>
            """#,
            [
                FindingSpec(
                    "1️⃣", .configurationUnknownEntity,
                    message: "configuration 'Local' lists entity 'Ghost', which is not in the model")
            ])
    }

    @Test func duplicateConfiguration() {
        assertFindings(
            #"""
            <configuration name="Local"/>
            1️⃣<configuration name="Local"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .duplicateConfiguration,
                    message: "duplicate configuration 'Local'")
            ])
    }

    @Test func fetchedPropertyUnknownEntity() {
        assertFindings(
            #"""
            <entity name="A">
                <fetchedProperty name="recent" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" 1️⃣entity="Ghost" predicateString="TRUEPREDICATE"/>
                </fetchedProperty>
            </entity>
            """#,
            [
                FindingSpec(
                    "1️⃣", .fetchedPropertyUnknownEntity,
                    message: "fetched property 'A.recent' fetches entity 'Ghost', which is not in the model")
            ])
    }

    @Test func fetchRequestUnknownEntity() {
        assertFindings(
            #"""
            <entity name="A"/>
            <fetchRequest name="All" 1️⃣entity="Ghost"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .fetchRequestUnknownEntity,
                    message: "fetch request 'All' fetches entity 'Ghost', which is not in the model")
            ])
    }

    @Test func duplicateFetchRequest() {
        assertFindings(
            #"""
            <entity name="A"/>
            <fetchRequest name="All" entity="A"/>
            1️⃣<fetchRequest name="All" entity="A"/>
            """#,
            [
                FindingSpec(
                    "1️⃣", .duplicateFetchRequest,
                    message: "duplicate fetch request template 'All'")
            ])
    }
}
