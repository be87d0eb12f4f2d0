import Foundation
import Testing
@testable import ModelCompiler

/// Compiling a model and reading the archive back gives the same semantic model.
@Suite struct RoundTripTests {
    @Test func sampleRoundTrips() throws {
        let (bundle, _) = checkBundle(at: Fixtures.sampleBundle)
        for model in try #require(bundle).models {
            let difference = try RoundTripFixtures.firstDifference(model)
            #expect(difference == nil, "\(model.versionName): \(difference ?? "")")
        }
    }

    @Test func everyFeatureRoundTrips() throws {
        let model = try Fixtures.model(
            """
            <entity name="Base" representedClassName="App.Base" isAbstract="YES" versionHashModifier="v2" elementID="OldBase">
                <attribute name="created" attributeType="Date" defaultDateTimeInterval="388411200" usesScalarValueType="NO"/>
                <attribute name="price" attributeType="Decimal" defaultValueString="12.50"/>
                <attribute name="ratio" attributeType="Float" defaultValueString="0.25" usesScalarValueType="YES"/>
                <attribute name="flag" attributeType="Boolean" defaultValueString="YES" usesScalarValueType="YES"/>
                <attribute name="count" attributeType="Integer 32" defaultValueString="0.0" usesScalarValueType="YES"/>
                <attribute name="id" attributeType="UUID" defaultValueString="5F3C1A2B-0000-4000-8000-000000000001"/>
                <attribute name="home" attributeType="URI" defaultValueString="https://example.com"/>
                <attribute name="blob" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES" preserveAfterDeletion="YES" allowsCloudEncryption="YES" spotlightIndexingEnabled="YES" storedInTruthFile="YES" indexed="YES" versionHashModifier="m"/>
                <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromDataTransformerName" customClassName="[String]" renamingIdentifier="labels"/>
                <attribute name="upper" optional="YES" attributeType="String" derived="YES" derivationExpression="uppercase:(name)"/>
                <attribute name="name" optional="YES" attributeType="String" elementID="title"/>
                <relationship name="children" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Child" inverseName="parent" inverseEntity="Child"/>
                <fetchedProperty name="same" optional="YES">
                    <fetchRequest name="x" entity="Child" predicateString="ANY tags CONTAINS[cd] $FETCH_SOURCE.name AND NOT (n BETWEEN {1, 5})" returnDistinctResults="YES"/>
                </fetchedProperty>
                <fetchIndex name="byName">
                    <fetchIndexElement property="name" type="Binary" order="descending"/>
                    <fetchIndexElement property="created" type="RTree" order="ascending"/>
                </fetchIndex>
                <compoundIndexes>
                    <compoundIndex>
                        <index value="name"/>
                        <index value="count"/>
                    </compoundIndex>
                </compoundIndexes>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="name"/>
                        <constraint value="count"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
                <userInfo>
                    <entry key="k" value="v"/>
                </userInfo>
            </entity>
            <entity name="Child" representedClassName="NSManagedObject" parentEntity="Base">
                <attribute name="n" optional="YES" attributeType="Integer 64" minValueString="0" maxValueString="12" usesScalarValueType="YES"/>
                <attribute name="d" optional="YES" attributeType="Double" minValueString="0.5" usesScalarValueType="YES"/>
                <attribute name="when" optional="YES" attributeType="Date" minDateTimeInterval="284000400" maxDateTimeInterval="602395200"/>
                <attribute name="code" optional="YES" attributeType="String" minValueString="2" maxValueString="8"/>
                <relationship name="parent" minCount="1" maxCount="1" deletionRule="Deny" destinationEntity="Base" inverseName="children" inverseEntity="Base"/>
                <relationship name="loose" optional="YES" maxCount="1" deletionRule="No Action" destinationEntity="Child" inverseName="ghost" inverseEntity="Child"/>
            </entity>
            <fetchRequest name="All" entity="Child" predicateString="n &gt;= 2 OR parent == nil" resultType="1" fetchLimit="10" fetchBatchSize="20" includesPendingChanges="NO"/>
            <configuration name="Local">
                <memberEntity name="Child"/>
                <memberEntity name="Base"/>
            </configuration>
            """)
        let difference = try RoundTripFixtures.firstDifference(model)
        #expect(difference == nil, "\(difference ?? "")")
    }

}
