import Foundation
import Testing
@testable import ModelCompiler

/// Xcode 3 binary versions (`elements`) read into the XML Xcode's own conversion writes
/// (../shared/spec/xcode3-format.md), and every malformed archive ends as a located diagnostic.
@Suite struct Xcode3ModelReaderTests {
    static func xml(_ fixture: XDFixture) throws -> String {
        let (tree, diagnostics) = Xcode3ModelReader.read(bytes: fixture.bytes(), path: "elements")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return String(decoding: try ContentsWriter.document(try #require(tree)).get(), as: UTF8.self)
    }

    @Test func readsEveryTagInXcodesOrder() throws {
        let fixture = XDFixture()
        let item = fixture.entity(
            "Item",
            tags: [
                ("XD_PSK_entityClassName", .object(.string("NSManagedObject"))), ("XD_PSK_isAbstract", .bool(true)),
                (
                    "XD_PSK_userInfo",
                    .object(
                        .node(
                            .dictionary(
                                [
                                    (.string("com.apple.syncservices.Syncable"), .string("NO")),
                                    (.string("primaryKey"), .string("id")),
                                ], mutable: true)))
                ),
            ])
        let book = fixture.entity("Book", tags: [("XD_PSK_entityClassName", .object(.string("Book")))], parent: item)
        fixture.attribute(
            "title", of: book, type: 700,
            [
                ("XD_PAttK_defaultValueAsString", .object(.string("Untitled"))),
                ("XD_PAttK_minValueString", .object(.string("1"))),
            ])
        fixture.attribute(
            "cover", of: book, type: 1800, [("XD_PAttK_valueTransformerName", .object(.string("ImageTransformer")))])
        fixture.property(
            "count", of: book, className: "XDPMAttribute", stereotype: "XD_PAtt_Stereotype",
            common: [("XD_PPSK_isOptional", .bool(false)), ("XD_PPSK_isIndexed", .bool(true))],
            tags: [("XD_PAttK_attributeType", .int(200)), ("XD_PAttK_defaultValueAsString", .object(.string("0")))])
        fixture.property(
            "cache", of: book, className: "XDPMAttribute", stereotype: "XD_PAtt_Stereotype",
            common: [("XD_PPSK_isOptional", .bool(true)), ("XD_PPSK_isTransient", .bool(true))],
            tags: [("XD_PAttK_attributeType", .int(0))])
        let shelf = fixture.entity("Shelf")
        let books = fixture.property(
            "books", of: shelf, className: "XDPMRelationship", stereotype: "XD_PR_Stereotype",
            tags: [
                ("XD_PRK_destination", .object(.node(book))), ("XD_PRK_isToMany", .bool(true)),
                ("XD_PRK_deleteRule", .int(2)), ("XD_PRK_ordered", .bool(true)),
            ])
        let shelfOfBook = fixture.property(
            "shelf", of: book, className: "XDPMRelationship", stereotype: "XD_PR_Stereotype",
            tags: [
                ("XD_PRK_destination", .object(.node(shelf))), ("XD_PRK_inverseRelationship", .object(.node(books))),
                ("XD_PRK_minCount", .int(1)), ("XD_PRK_maxCount", .int(1)), ("XD_PRK_deleteRule", .int(1)),
            ])
        Self.setTag(books, "XD_PRK_inverseRelationship", .object(.node(shelfOfBook)))
        let request = ArchiveNode(["XDPMFetchRequest", "NSObject"])
        request.replace("_name", .object(.string("shortBooks")))
        request.replace("_entity", .object(.node(book)))
        request.replace("_predicateString", .object(.string("count < 10")))
        Self.setTag(shelf, "XD_PSK_fetchRequestsArray", .object(.node(.array([.node(request)], mutable: true))))

        #expect(
            try Self.xml(fixture) == """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model userDefinedModelVersionIdentifier="" type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="6172.15" systemVersion="13D65" minimumToolsVersion="Xcode 4.5" macOSVersion="Automatic" iOSVersion="Automatic">
                    <entity name="Book" representedClassName="Book" parentEntity="Item" syncable="YES">
                        <attribute name="cache" optional="YES" transient="YES" syncable="YES"/>
                        <attribute name="count" attributeType="Integer 32" defaultValueString="0" indexed="YES" syncable="YES"/>
                        <attribute name="cover" optional="YES" attributeType="Transformable" valueTransformerName="ImageTransformer" syncable="YES"/>
                        <attribute name="title" optional="YES" attributeType="String" minValueString="1" defaultValueString="Untitled" syncable="YES"/>
                        <relationship name="shelf" optional="YES" minCount="1" maxCount="1" deletionRule="Nullify" destinationEntity="Shelf" inverseName="books" inverseEntity="Shelf" syncable="YES"/>
                    </entity>
                    <entity name="Item" representedClassName="NSManagedObject" isAbstract="YES" syncable="YES">
                        <userInfo>
                            <entry key="primaryKey" value="id"/>
                        </userInfo>
                    </entity>
                    <entity name="Shelf" syncable="YES">
                        <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" ordered="YES" destinationEntity="Book" inverseName="shelf" inverseEntity="Book" syncable="YES"/>
                    </entity>
                    <fetchRequest name="shortBooks" entity="Book" predicateString="count &lt; 10"/>
                </model>

                """)
    }

    /// Replaces (or adds) a tag in the element's first stereotype.
    static func setTag(_ element: ArchiveNode, _ tag: String, _ value: ArchiveField) {
        guard
            case .object(.node(let bucket))? = element.fields.first(where: { $0.key == "XDBucketForStereotypesstorage" }
            )?.value,
            case .objects(let stereotypes)? = bucket.fields.first(where: { $0.key == "NS.objects" })?.value,
            case .node(let stereotype)? = stereotypes.last,
            case .object(.node(let owned))? = stereotype.fields.first(where: {
                $0.key == "XDBucketForOwnedAttributesstorage"
            })?.value,
            case .objects(var keys)? = owned.fields.first(where: { $0.key == "NS.keys" })?.value,
            case .objects(var values)? = owned.fields.first(where: { $0.key == "NS.objects" })?.value
        else { fatalError("no stereotype") }
        let property = ArchiveNode(["XDUMLPropertyImp", "NSObject"])
        property.replace("_name", .object(.string(tag)))
        property.replace("_default", value)
        keys.append(.string(tag))
        values.append(.node(property))
        owned.replace("NS.keys", .objects(keys))
        owned.replace("NS.objects", .objects(values))
    }

    @Test func sparseFilesGetTheSpecDefaults() throws {
        // 2006-2011 files store a tag only once it was set (§3.4, §5).
        let fixture = XDFixture()
        let a = fixture.entity("A")
        let b = fixture.entity("B")
        fixture.property(
            "name", of: a, className: "XDPMAttribute", stereotype: "XD_PAtt_Stereotype", common: [],
            tags: [("XD_PAttK_attributeType", .int(700))])
        fixture.property(
            "b", of: a, className: "XDPMRelationship", stereotype: "XD_PR_Stereotype", common: [],
            tags: [("XD_PRK_destination", .object(.node(b)))])
        let xml = try Self.xml(fixture)
        #expect(xml.contains(#"<attribute name="name" optional="YES" attributeType="String" syncable="YES"/>"#))
        #expect(
            xml.contains(
                #"<relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" syncable="YES"/>"#
            ))
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var code: DiagnosticCode
        var severity: Severity
        /// The element the diagnostic names (nil: the file itself).
        var element: String?
        var build: @Sendable () -> [UInt8]
        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "truncated", code: .xcode3ArchiveMalformed, severity: .error, element: nil) {
            let bytes = XDFixture().bytes()
            return Array(bytes.prefix(bytes.count / 2))
        },
        Malformed(name: "not a keyed archive", code: .xcode3ArchiveMalformed, severity: .error, element: nil) {
            BinaryPropertyListWriter.data(for: .dictionary([("a", .integer(1))]))
        },
        Malformed(name: "wrong root class", code: .xcode3ArchiveMalformed, severity: .error, element: nil) {
            BinaryPropertyListWriter.data(for: KeyedArchiveWriter.propertyList(root: .dictionary([], mutable: false)))
        },
        Malformed(name: "unknown attribute type", code: .unknownAttributeType, severity: .error, element: "A.x") {
            let fixture = XDFixture()
            fixture.attribute("x", of: fixture.entity("A"), type: 4711)
            return fixture.bytes()
        },
        Malformed(name: "unknown delete rule", code: .invalidEnumValue, severity: .error, element: "A.r") {
            let fixture = XDFixture()
            let a = fixture.entity("A")
            fixture.property(
                "r", of: a, className: "XDPMRelationship", stereotype: "XD_PR_Stereotype",
                tags: [("XD_PRK_destination", .object(.node(a))), ("XD_PRK_deleteRule", .int(9))])
            return fixture.bytes()
        },
        Malformed(
            name: "destination is not an entity", code: .destinationEntityNotFound, severity: .error, element: "A.r"
        ) {
            let fixture = XDFixture()
            let a = fixture.entity("A")
            fixture.property(
                "r", of: a, className: "XDPMRelationship", stereotype: "XD_PR_Stereotype",
                tags: [("XD_PRK_destination", .object(.string("A")))])
            return fixture.bytes()
        },
        Malformed(name: "inverse is not a relationship", code: .inverseNotFound, severity: .error, element: "A.r") {
            let fixture = XDFixture()
            let a = fixture.entity("A")
            fixture.property(
                "r", of: a, className: "XDPMRelationship", stereotype: "XD_PR_Stereotype",
                tags: [("XD_PRK_destination", .object(.node(a))), ("XD_PRK_inverseRelationship", .object(.node(a)))])
            return fixture.bytes()
        },
        Malformed(name: "two parents", code: .xcode3ArchiveMalformed, severity: .error, element: "C") {
            let fixture = XDFixture()
            let a = fixture.entity("A"), b = fixture.entity("B")
            let c = fixture.entity("C", parent: a)
            let extra = ArchiveNode(["XDUMLGeneralizationImp", "NSObject"])
            extra.replace("_general", .object(.node(b)))
            c.replace(
                "XDBucketForGeneralizationsstorage",
                .object(
                    .node(
                        .array(
                            [
                                .node(
                                    {
                                        let g = ArchiveNode(["XDUMLGeneralizationImp", "NSObject"]);
                                        g.replace("_general", .object(.node(a))); return g
                                    }()),
                                .node(extra),
                            ], mutable: true))))
            return fixture.bytes()
        },
        Malformed(name: "unknown stereotype", code: .xcode3UnknownTag, severity: .warning, element: "A.x") {
            let fixture = XDFixture()
            fixture.property(
                "x", of: fixture.entity("A"), className: "XDPMAttribute", stereotype: "XD_PNew_Stereotype",
                tags: [("XD_PAttK_attributeType", .int(700))])
            return fixture.bytes()
        },
        Malformed(name: "unknown tag", code: .xcode3UnknownTag, severity: .warning, element: "A") {
            let fixture = XDFixture()
            fixture.entity("A", tags: [("XD_PSK_somethingNew", .bool(true))])
            return fixture.bytes()
        },
    ]

    @Test(arguments: malformed)
    func malformedArchivesAreLocatedDiagnostics(_ test: Malformed) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let (_, diagnostics) = try XDFixture.check(test.build(), in: directory)
        let finding = try #require(diagnostics.first { $0.code == test.code }, "\(diagnostics)")
        #expect(finding.severity == test.severity)
        #expect(finding.location.file.hasSuffix("Model.xcdatamodel/elements"))
        #expect(finding.location.element == test.element)
        if test.severity == .warning {
            #expect(!diagnostics.hasErrors, "a warning does not stop the read: \(diagnostics)")
        }
    }

    @Test func cyclesInTheGraphAreHarmless() throws {
        let fixture = XDFixture()
        let a = fixture.entity("A")
        // An entity whose parent is itself, and a stereotype bucket that is the entity itself.
        let b = fixture.entity("B")
        let loop = ArchiveNode(["XDUMLGeneralizationImp", "NSObject"])
        loop.replace("_general", .object(.node(b)))
        b.replace("XDBucketForGeneralizationsstorage", .object(.node(.array([.node(loop)], mutable: true))))
        a.replace("XDBucketForStereotypesstorage", .object(.node(a)))
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let (_, diagnostics) = try XDFixture.check(fixture.bytes(), in: directory)
        #expect(diagnostics.with(.inheritanceCycle).first?.location.element == "B", "\(diagnostics)")
    }

    /// 10,000 arrays each holding the next: refused at the reader's depth limit, not a stack overflow.
    @Test func deepNestingIsRefused() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let (_, diagnostics) = try XDFixture.check(PropertyListBytes.nestedArrays(depth: 10_000), in: directory)
        let finding = try #require(diagnostics.with(.xcode3ArchiveMalformed).first)
        #expect(finding.message.contains("nested more than"))
    }
}
