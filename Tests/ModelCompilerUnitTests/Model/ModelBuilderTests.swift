import Testing
@testable import ModelCompiler

@Suite struct ModelBuilderTests {
    @Test func readsEveryEntitySetting() throws {
        let model = try Fixtures.model(
            """
            <entity name="Base" representedClassName="App.Base" isAbstract="YES" versionHashModifier="v2" elementID="OldBase" syncable="YES" codeGenerationType="category">
                <userInfo>
                    <entry key="k" value="v"/>
                </userInfo>
            </entity>
            <entity name="Child" representedClassName=".Child" parentEntity="Base" codeGenerationType="class"/>
            <entity name="Plain"/>
            """, modelAttributes: #"usedWithSwiftData="YES""#)
        let base = try #require(model.entitiesByName["Base"])
        #expect(base.className == "App.Base")
        #expect(base.isAbstract)
        #expect(base.versionHashModifier == "v2")
        #expect(base.renamingIdentifier?.value == "OldBase")
        #expect(base.codeGeneration == .category)
        #expect(base.userInfo.dictionary == ["k": "v"])
        #expect(model.entitiesByName["Child"]?.parentName == "Base")
        #expect(model.entitiesByName["Child"]?.codeGeneration == .classDefinition)
        #expect(model.entitiesByName["Plain"]?.codeGeneration == .manual)
        #expect(model.entitiesByName["Plain"]?.effectiveRenamingIdentifier == "Plain")
        #expect(model.metadata.usedWithSwiftData)
        #expect(model.metadata.lastSavedToolsVersion == "22758")
    }

    @Test func readsEveryAttributeSetting() throws {
        let model = try Fixtures.model(
            """
            <entity name="E">
                <attribute name="a" optional="YES" transient="YES" attributeType="Date" defaultDateTimeInterval="388411200" minDateTimeInterval="1" maxDateTimeInterval="2" defaultValueString="2013-04-23 12:00:00 +0000" usesScalarValueType="NO" indexed="YES" spotlightIndexingEnabled="YES" storedInTruthFile="YES" preserveAfterDeletion="YES" allowsCloudEncryption="YES" elementID="old" versionHashModifier="m" syncable="YES"/>
                <attribute name="b" attributeType="Binary" allowsExternalBinaryDataStorage="YES" minValueString="1" maxValueString="10"/>
                <attribute name="c" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromDataTransformerName" customClassName="[String]"/>
                <attribute name="d" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="items.@count" usesScalarValueType="YES"/>
                <attribute name="e" optional="YES" attributeType="Composite" composite="Point"/>
                <attribute name="f" optional="NO" attributeType="String" renamingIdentifier="legacy"/>
                <attribute name="items" optional="YES" attributeType="String"/>
            </entity>
            <composite name="Point">
                <attribute name="x" optional="YES" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
            </composite>
            """)
        let attributes = try #require(model.entities.first).attributes
        let a = attributes[0], b = attributes[1], c = attributes[2], d = attributes[3], e = attributes[4],
            f = attributes[5]
        #expect(a.type == .date && a.isOptional && a.isTransient && a.usesScalarValueType == false)
        #expect(
            a.defaultDateTimeInterval == "388411200" && a.minDateTimeInterval == "1" && a.maxDateTimeInterval == "2")
        #expect(a.isIndexed && a.isIndexedBySpotlight && a.isStoredInTruthFile)
        #expect(a.preservesValueInHistoryOnDeletion && a.allowsCloudEncryption && a.versionHashModifier == "m")
        #expect(
            a.renamingIdentifier
                == RenamingIdentifier(
                    value: "old", spelling: .elementID,
                    location: a.span[setting: "elementID"]))
        #expect(b.allowsExternalBinaryDataStorage && b.minValue == "1" && b.maxValue == "10" && !b.isOptional)
        #expect(c.valueTransformerName == "NSSecureUnarchiveFromDataTransformerName" && c.customClassName == "[String]")
        #expect(
            d.isDerived && d.derivationExpression?.text == "items.@count" && d.derivationExpression?.value != nil
                && d.usesScalarValueType == true)
        #expect(e.type == .composite && e.compositeName == "Point")
        #expect(model.composites.first?.attributes.first?.name == "x")
        // Only YES sets a flag; the older renamingIdentifier spelling is kept with its spelling.
        #expect(!f.isOptional)
        #expect(f.renamingIdentifier?.spelling == .renamingIdentifier && f.effectiveRenamingIdentifier == "legacy")
        #expect(attributes[6].effectiveRenamingIdentifier == "items")
    }

    @Test func readsEveryCardinalityForm() throws {
        let model = try Fixtures.model(
            """
            <entity name="A">
                <relationship name="r1" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A"/>
                <relationship name="r2" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="A"/>
                <relationship name="r3" minCount="1" maxCount="1" deletionRule="Deny" destinationEntity="A"/>
                <relationship name="r4" optional="YES" minCount="1" maxCount="1" deletionRule="No Action" destinationEntity="A"/>
                <relationship name="r5" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="A" transient="YES" indexed="YES" elementID="old5"/>
                <relationship name="r6" maxCount="1" destinationEntity="A"/>
                <relationship name="r7" optional="YES" toMany="YES" minCount="1" maxCount="9" deletionRule="Nullify" destinationEntity="A"/>
            </entity>
            """)
        let r = try #require(model.entities.first).relationships
        #expect(r.map(\.isOptional) == [true, true, false, true, false, false, true])
        #expect(r.map(\.isToMany) == [false, true, false, false, true, false, true])
        #expect(r.map(\.minCount) == [0, 0, 1, 1, 0, 0, 1])
        #expect(r.map(\.maxCount) == [1, 0, 1, 1, 0, 1, 9])
        #expect(r.map(\.deleteRule) == [.nullify, .cascade, .deny, .noAction, .nullify, .nullify, .nullify])
        #expect(r[4].isOrdered && r[4].isTransient && r[4].isIndexed && r[4].effectiveRenamingIdentifier == "old5")
    }

    @Test func readsFetchedPropertiesRequestsConfigurationsIndexesAndConstraints() throws {
        let model = try Fixtures.model(
            """
            <entity name="A">
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="date" optional="YES" attributeType="Date"/>
                <fetchedProperty name="same" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="A" predicateString="name == $FETCH_SOURCE.name"/>
                    <userInfo>
                        <entry key="k" value="v"/>
                    </userInfo>
                </fetchedProperty>
                <fetchIndex name="byName">
                    <fetchIndexElement property="name" type="Binary" order="ascending"/>
                    <fetchIndexElement property="date" type="RTree" order="descending"/>
                </fetchIndex>
                <fetchIndex name="byExpression">
                    <fetchIndexElement expression="name" expressionType="String" type="Binary" order="ascending"/>
                </fetchIndex>
                <compoundIndexes>
                    <compoundIndex>
                        <index value="name"/>
                        <index value="date"/>
                    </compoundIndex>
                </compoundIndexes>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="name"/>
                        <constraint value="date"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <fetchRequest name="Big" entity="A" predicateString="name &gt; &quot;m&quot;" resultType="2" includeSubentities="YES" includePropertyValues="NO" includesPendingChanges="YES" returnObjectsAsFaults="YES" returnDistinctResults="YES" fetchLimit="10" fetchBatchSize="20"/>
            <configuration name="Local" usedWithCloudKit="YES">
                <memberEntity name="A"/>
            </configuration>
            <elements>
                <element name="A" positionX="0" positionY="0" width="128" height="44"/>
            </elements>
            """)
        let entity = try #require(model.entities.first)
        #expect(entity.fetchedProperties.first?.fetchRequest?.predicate?.text == "name == $FETCH_SOURCE.name")
        #expect(entity.fetchedProperties.first?.userInfo.dictionary == ["k": "v"])
        #expect(entity.fetchIndexes.map(\.name) == ["byName", "byExpression"])
        #expect(entity.fetchIndexes[0].elements.map(\.kind) == [.binary, .rTree])
        #expect(entity.fetchIndexes[0].elements.map(\.isAscending) == [true, false])
        #expect(entity.fetchIndexes[1].elements.first?.expression == "name")
        #expect(entity.compoundIndexes.first?.members.map(\.value) == ["name", "date"])
        #expect(entity.uniquenessConstraints.first?.members.map(\.value) == ["name", "date"])
        let request = try #require(model.fetchRequests.first)
        #expect(request.predicate?.text == "name > \"m\"" && request.predicate?.value != nil && request.resultType == 2)
        #expect(request.includesSubentities == true && request.includesPropertyValues == false)
        #expect(request.includesPendingChanges == true && request.returnsObjectsAsFaults == true)
        #expect(request.returnsDistinctResults == true && request.fetchLimit == 10 && request.fetchBatchSize == 20)
        #expect(model.configurations.first?.usedWithCloudKit == true)
        #expect(model.configurations.first?.members.map(\.entityName) == ["A"])
    }

    @Test func unknownXMLIsReportedNotDropped() {
        let diagnostics = Fixtures.diagnostics(
            forBody: """
                <entity name="A" flavour="mint">
                    <widget/>
                </entity>
                <sprocket/>
                """)
        #expect(diagnostics.map(\.code) == [.unknownXMLAttribute, .unknownXMLElement, .unknownXMLElement])
        #expect(diagnostics.map(\.location.line) == [3, 4, 6])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics[0].message.contains("flavour") && diagnostics[1].message.contains("widget"))
    }

    @Test func rootMustBeModel() {
        let diagnostics = Fixtures.diagnostics(forContents: "<?xml version=\"1.0\"?>\n<plist/>\n")
        #expect(diagnostics.codes == [.rootNotModel])
        #expect(diagnostics.first?.location.line == 2)
    }
    /// Large models are typed in runs side by side: entities and findings still come in document order.
    @Test func typesALargeModelInDocumentOrder() throws {
        let count = 300
        let body =
            (0..<count).map { index in
                "<entity name=\"E\(index)\" oddSetting=\"\(index)\"><attribute name=\"a\" attributeType=\"String\"/></entity>"
            }.joined(separator: "\n") + "\n<fetchRequest name=\"F\" entity=\"E1\"/>"
        let root = try XMLDocumentReader.parse(bytes: Array(Fixtures.contents(body).utf8), file: "contents").get()
        let (model, diagnostics) = ModelBuilder.build(root, versionName: "Test", file: "contents")
        let typed = try #require(model)
        #expect(typed.entities.map(\.name) == (0..<count).map { "E\($0)" })
        #expect(typed.fetchRequests.map(\.name) == ["F"])
        // One finding per entity (its unknown setting), on its own line, in order.
        #expect(diagnostics.count == count)
        #expect(diagnostics.map(\.location.line) == (0..<count).map { 3 + $0 })
    }

    /// Typed while the parser reads on, a model and its findings are those typed from the whole tree.
    @Test func typingWhileParsingGivesTheSameModelAndFindings() throws {
        let body =
            (0..<100).map { index in
                "<entity name=\"E\(index)\" oddSetting=\"1\"><attribute name=\"a\" attributeType=\"Strin\"/>"
                    + "<relationship name=\"r\" destinationEntity=\"E0\" deletionRule=\"Smash\"/><odd/></entity>"
            }.joined(separator: "\n")
            + "\n<fetchRequest name=\"F\" entity=\"E1\"/><configuration name=\"C\"/><mystery/>"
        let bytes = Array(Fixtures.contents(body).utf8)
        let root = try XMLDocumentReader.parse(bytes: bytes, file: "contents").get()
        let whole = ModelBuilder.build(root, versionName: "Test", file: "contents")
        let builder = StreamingModelBuilder()
        let streamedRoot = try XMLDocumentReader.parse(bytes: bytes, file: "contents", stream: builder.stream).get()
        #expect(streamedRoot.children.isEmpty)
        let streamed = builder.finish(streamedRoot, versionName: "Test", file: "contents")
        // Described rather than compared: each parse has its own SourceFile, which compares by identity.
        #expect(streamed.0.map { "\($0)" } == whole.0.map { "\($0)" })
        #expect(streamed.0?.entities.count == 100)
        #expect(streamed.1.count == 401)
        #expect(streamed.1.map { "\($0.location) \($0.message)" } == whole.1.map { "\($0.location) \($0.message)" })
    }
}
