import Foundation
import Testing
@testable import ModelCompiler

/// The compile cache gives unchanged versions back as typed models: what it decodes must equal what typing made.
@Suite struct ModelCodingTests {
    @Test func sampleVersionsComeBackEqual() throws {
        let (bundle, _) = checkBundle(at: Fixtures.sampleBundle)
        let models = try #require(bundle?.models)
        #expect(models.count == 3)
        for model in models {
            let (decoded, bytes) = try ModelCodingFixtures.roundTrip(model)
            #expect(decoded == model)
            // Every stored value, also those `==` does not look at, comes back: encoding it again gives the same bytes.
            #expect(ModelEncoding.encode(decoded) == bytes)
            #expect(bytes.count < (ModelCodingFixtures.sourceFile(of: model)?.bytes.count ?? 0))
        }
    }

    @Test func settingsFewModelsHaveComeBack() throws {
        let model = try Fixtures.model(
            """
            <entity name="Item" representedClassName="Item" isAbstract="YES" elementID="OldItem" syncable="YES">
                <attribute name="when" attributeType="Date" minDateTimeInterval="10" defaultDateTimeInterval="20" usesScalarValueType="NO"/>
                <attribute name="total" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="parts.@count" usesScalarValueType="YES"/>
                <attribute name="blob" optional="YES" attributeType="Transformable" valueTransformerName="T" customClassName="C" renamingIdentifier="data">
                    <userInfo><entry key="k" value="v"/></userInfo>
                </attribute>
                <relationship name="parts" toMany="YES" minCount="1" maxCount="-3" deletionRule="Cascade" destinationEntity="Item" inverseName="parts" inverseEntity="Item" elementID="pieces"/>
                <fetchedProperty name="recent" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Item" predicateString="when &gt; $FETCH_SOURCE.when" fetchLimit="3"/>
                </fetchedProperty>
                <fetchIndex name="byWhen"><fetchIndexElement property="when" type="Binary" order="descending"/></fetchIndex>
                <uniquenessConstraints><uniquenessConstraint><constraint value="when"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            <fetchRequest name="All" entity="Item" predicateString="total &gt; 2" returnDistinctResults="YES"/>
            <configuration name="Cloud" usedWithCloudKit="YES"><memberEntity name="Item"/></configuration>
            """)
        let (decoded, _) = try ModelCodingFixtures.roundTrip(model)
        #expect(decoded == model)
        let item = try #require(decoded.entities.first)
        #expect(item.renamingIdentifier?.value == "OldItem" && item.isAbstract)
        #expect(item.attributes[0].defaultDateTimeInterval == "20" && item.attributes[0].usesScalarValueType == false)
        #expect(item.attributes[1].derivationExpression?.value != nil)
        #expect(item.attributes[2].userInfo.dictionary == ["k": "v"] && item.attributes[2].customClassName == "C")
        #expect(item.relationships[0].maxCountValue == -3 && item.relationships[0].deleteRule == .cascade)
        #expect(item.fetchedProperties[0].fetchRequest?.predicate?.value != nil)
        #expect(
            decoded.fetchRequests[0].predicate?.value != nil && decoded.fetchRequests[0].returnsDistinctResults == true)
        #expect(decoded.configurations[0].usedWithCloudKit)
    }

    /// A cache entry is checked by its checksum first; the decoder still never traps on bytes it did not write.
    @Test func damagedBytesAreRefusedWithoutATrap() throws {
        let (bundle, _) = checkBundle(at: Fixtures.sampleBundle)
        let model = try #require(bundle?.models.last)
        let bytes = try #require(ModelEncoding.encode(model))
        let file = try #require(ModelCodingFixtures.sourceFile(of: model))
        for length in 0..<bytes.count {
            #expect(ModelDecoding.decode(Array(bytes.prefix(length)), file: file) == nil)
        }
        #expect(ModelDecoding.decode(bytes + [0], file: file) == nil)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var damaged = bytes
            damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = ModelDecoding.decode(damaged, file: file)
        }
        // Places outside the file they point into (another, shorter file's bytes) are damage too.
        #expect(
            ModelDecoding.decode(bytes, file: SourceFile(path: file.path, bytes: Array(file.bytes.prefix(40)))) == nil)
        // A count far larger than the bytes left is refused before anything is reserved.
        #expect(ModelDecoding.decode([0x05] + Array("Model".utf8) + [0xff, 0xff, 0xff, 0xff, 0x0f], file: file) == nil)
    }

    /// Fuzzing found a model that decoded but could not be coded again: its own place was not in its file, which
    /// the encoder refuses (only a model typed from one XML file is cached). The decoder refuses it too.
    @Test func aModelPlacedOutsideItsFileIsRefused() throws {
        var bytes = ByteWriter()
        bytes.string("Fuzz")
        bytes.string("contents")
        bytes.flag(true)  // a fixed place (an archive's label), not a position in the file
        bytes.flag(false)
        bytes.integer(1)
        bytes.integer(1)
        bytes.optionalString(nil)
        bytes.count(0)
        for _ in 0..<6 { bytes.optionalString(nil) }
        for _ in 0..<2 { bytes.flag(false) }
        for _ in 0..<4 { bytes.count(0) }  // entities, composites, fetch requests, configurations
        let file = SourceFile(path: "contents", bytes: bytes.bytes)
        #expect(ModelDecoding.decode(bytes.bytes, file: file) == nil)
        // The same bytes with the model placed in the file decode, and come back from the encoder.
        var placed = ByteWriter()
        placed.string("Fuzz")
        placed.string("contents")
        placed.flag(false)
        for value in [0, 1, 1] { placed.integer(value) }
        for _ in 0..<6 { placed.optionalString(nil) }
        for _ in 0..<2 { placed.flag(false) }
        for _ in 0..<4 { placed.count(0) }
        let placedFile = SourceFile(path: "contents", bytes: placed.bytes)
        let model = try #require(ModelDecoding.decode(placed.bytes, file: placedFile))
        #expect(ModelEncoding.encode(model).flatMap { ModelDecoding.decode($0, file: placedFile) } == model)
    }

    /// Adding a stored value to a model type without coding it would make cached models silently lose it: the coded
    /// fields are listed here, so that such a change fails until `ModelEncoding` and `ModelDecoding` know it.
    @Test func everyStoredValueOfTheModelIsCoded() throws {
        let model = try Fixtures.model(
            """
            <entity name="E"><attribute name="a" attributeType="String"/>
            <relationship name="r" destinationEntity="E"/>
            <fetchedProperty name="f"><fetchRequest name="F" entity="E"/></fetchedProperty></entity>
            """)
        let entity = try #require(model.entities.first)
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        #expect(
            labels(model) == [
                "versionName", "file", "metadata", "entities", "composites", "fetchRequests",
                "configurations", "span",
            ])
        #expect(
            labels(model.metadata) == [
                "documentVersion", "lastSavedToolsVersion", "systemVersion",
                "minimumToolsVersion", "sourceLanguage", "versionIdentifier",
                "usedWithSwiftData", "usedWithCloudKit",
            ])
        #expect(
            labels(entity) == [
                "name", "className", "parentName", "isAbstract", "versionHashModifier",
                "renamingIdentifier", "codeGeneration", "attributes", "relationships",
                "fetchedProperties", "fetchIndexes", "compoundIndexes", "uniquenessConstraints",
                "userInfo", "span",
            ])
        #expect(
            labels(entity.attributes[0]) == [
                "name", "type", "isOptional", "isTransient", "defaultValue",
                "usesScalarValueType", "isIndexed", "isIndexedBySpotlight",
                "isStoredInTruthFile", "allowsExternalBinaryDataStorage",
                "preservesValueInHistoryOnDeletion", "allowsCloudEncryption",
                "isDerived", "rare", "span",
            ])
        #expect(
            labels(RareAttributeSettings.Values()) == [
                "defaultDateTimeInterval", "minValue", "maxValue",
                "minDateTimeInterval", "maxDateTimeInterval",
                "regularExpression", "valueTransformerName", "customClassName",
                "derivationExpression", "compositeName",
                "renamingIdentifier", "versionHashModifier", "userInfo",
            ])
        #expect(
            labels(entity.relationships[0]) == [
                "name", "destinationEntityName", "inverseName", "inverseEntityName",
                "isOptional", "isToMany", "isOrdered", "minCountValue",
                "maxCountValue", "deleteRuleValue", "isTransient", "isIndexed",
                "renamingIdentifier", "versionHashModifier", "userInfo", "span",
            ])
        #expect(labels(entity.fetchedProperties[0]) == ["name", "isOptional", "fetchRequest", "userInfo", "span"])
        #expect(
            labels(FetchRequest(name: "R", span: model.span)) == [
                "name", "entityName", "predicate", "resultType",
                "includesSubentities", "includesPropertyValues",
                "includesPendingChanges",
                "returnsObjectsAsFaults",
                "returnsDistinctResults", "fetchLimit",
                "fetchBatchSize", "span",
            ])
        let location = SourceLocation(file: "f")
        #expect(labels(FetchIndex(name: "I", elements: [], span: model.span)) == ["name", "elements", "span"])
        #expect(
            labels(FetchIndex.Element(span: model.span)) == [
                "property", "expression", "expressionType", "kind",
                "isAscending", "span",
            ])
        #expect(labels(UniquenessConstraint(members: [], location: location)) == ["members", "location"])
        #expect(labels(CompoundIndex(members: [], location: location)) == ["members", "location"])
        #expect(labels(UniquenessConstraint.Member(value: "v", location: location)) == ["value", "location"])
        #expect(labels(UserInfo.Entry(key: "k", value: "v", location: location)) == ["key", "value", "location"])
        #expect(labels(Composite(name: "C", attributes: [], span: model.span)) == ["name", "attributes", "span"])
        #expect(
            labels(Configuration(name: "C", members: [], span: model.span)) == [
                "name", "members",
                "usedWithCloudKit", "span",
            ])
        #expect(labels(Configuration.Member(entityName: "E", location: location)) == ["entityName", "location"])
        #expect(
            labels(RenamingIdentifier(value: "v", spelling: .elementID, location: location))
                == ["value", "spelling", "span"])
        #expect(labels(location) == ["file", "line", "column", "element"])
        #expect(labels(SourcePosition(offset: 0, line: 1, column: 1)) == ["offset", "line", "column"])
    }
}
