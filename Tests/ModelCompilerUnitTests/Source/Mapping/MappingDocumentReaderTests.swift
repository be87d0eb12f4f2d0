import Foundation
import Testing
@testable import ModelCompiler

/// Small `xcmapping.xml` files, written the way Xcode writes them.
enum MappingXML {
    static func document(_ objects: [String]) -> [UInt8] {
        Array(
            ("""
            <?xml version="1.0" standalone="yes"?>
            <!DOCTYPE database SYSTEM "file:///System/Library/DTDs/CoreData.dtd">

            <database>
                <databaseInfo>
                    <version>134481920</version>
                </databaseInfo>

            """ + objects.joined(separator: "\n") + "\n</database>\n").utf8)
    }

    static func model(
        id: String = "z1", mappings: [String], source: String = "AAAA", destination: String = "AAAA"
    )
        -> String
    {
        """
            <object type="XDDEVMAPPINGMODEL" id="\(id)">
                <attribute name="sourcemodelpath" type="string">M.xcdatamodeld/M.xcdatamodel</attribute>
                <attribute name="sourcemodeldata" type="binary">\(source)</attribute>
                <attribute name="destinationmodelpath" type="string">M.xcdatamodeld/M 2.xcdatamodel</attribute>
                <attribute name="destinationmodeldata" type="binary">\(destination)</attribute>
                <relationship name="entitymappings" type="0/0" destination="XDDEVENTITYMAPPING" idrefs="\(mappings.joined(separator: " "))"></relationship>
            </object>
        """
    }

    static func entityMapping(
        id: String, number: Int, source: String? = "A", destination: String? = "A",
        attributes: [String] = []
    ) -> String {
        var lines = ["    <object type=\"XDDEVENTITYMAPPING\" id=\"\(id)\">"]
        if let source { lines.append("        <attribute name=\"sourcename\" type=\"string\">\(source)</attribute>") }
        if let destination {
            lines.append("        <attribute name=\"destinationname\" type=\"string\">\(destination)</attribute>")
        }
        lines.append("        <attribute name=\"mappingnumber\" type=\"int16\">\(number)</attribute>")
        lines.append(
            "        <relationship name=\"attributemappings\" type=\"0/0\" destination=\"XDDEVATTRIBUTEMAPPING\" "
                + "idrefs=\"\(attributes.joined(separator: " "))\"></relationship>")
        lines.append("    </object>")
        return lines.joined(separator: "\n")
    }

    static func attributeMapping(id: String, name: String) -> String {
        """
            <object type="XDDEVATTRIBUTEMAPPING" id="\(id)">
                <attribute name="name" type="string">\(name)</attribute>
            </object>
        """
    }

    /// The line of the first occurrence of `text` in `bytes`, 1-based.
    static func line(of text: String, in bytes: [UInt8]) -> Int {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
    }
}

@Suite struct MappingDocumentReaderTests {
    func read(_ bytes: [UInt8]) -> (MappingDocument?, [Diagnostic]) {
        MappingDocumentReader.read(bytes: bytes, file: "M.xcmappingmodel/xcmapping.xml")
    }

    @Test func readsTheMappingsTheModelReachesAndIgnoresOrphans() throws {
        let bytes = MappingXML.document([
            MappingXML.entityMapping(id: "z3", number: 2, attributes: ["z5"]),
            MappingXML.entityMapping(id: "z2", number: 1),
            MappingXML.entityMapping(id: "z9", number: 3, source: "Orphan"),
            MappingXML.attributeMapping(id: "z5", name: "title"),
            MappingXML.model(mappings: ["z3", "z2"]),
        ])
        let (document, diagnostics) = read(bytes)
        #expect(diagnostics.isEmpty)
        let mappings = try #require(document).entityMappings
        #expect(mappings.map(\.object.id) == ["z3", "z2"])
        #expect(mappings[0].attributeMappings.map { $0.text("name") } == ["title"])
        #expect(
            mappings[0].object.location(of: "mappingnumber").line
                == MappingXML.line(of: "int16\">2<", in: bytes))
    }

    @Test func structuralFaultsAreLocatedErrors() throws {
        let cases: [([UInt8], String, Int?)] = [
            (Array("<model/>".utf8), "not <database>", 1),
            (MappingXML.document([MappingXML.entityMapping(id: "z2", number: 1)]), "no XDDEVMAPPINGMODEL", nil),
            (
                MappingXML.document([MappingXML.model(mappings: []), MappingXML.model(id: "z7", mappings: [])]),
                "2 XDDEVMAPPINGMODEL objects", nil
            ),
            (MappingXML.document([MappingXML.model(mappings: ["z404"])]), "names 'z404'", nil),
            (
                MappingXML.document([MappingXML.model(mappings: []), MappingXML.attributeMapping(id: "z1", name: "a")]),
                "used twice", nil
            ),
        ]
        for (bytes, message, line) in cases {
            let (_, diagnostics) = read(bytes)
            let error = try #require(diagnostics.first { $0.severity == .error }, "\(message)")
            #expect(error.code == .mappingModelMalformed)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.location.file == "M.xcmappingmodel/xcmapping.xml")
            #expect(error.location.line == (line ?? error.location.line) && error.location.line > 0)
        }
        let (_, empty) = read([])
        #expect(empty.codes == [.xmlNotWellFormed])
        let (_, truncated) = read(Array(MappingXML.document([MappingXML.model(mappings: [])]).dropLast(20)))
        #expect(truncated.codes == [.xmlNotWellFormed])
    }

    @Test func aFolderWithoutTheFileIsNotFound() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(folder) }
        let (document, diagnostics) = MappingDocumentReader.read(path: folder + "/Missing.xcmappingmodel")
        #expect(document == nil)
        #expect(diagnostics.codes == [.fileNotFound])
        #expect(diagnostics[0].location.file.hasSuffix("Missing.xcmappingmodel/xcmapping.xml"))
    }

    /// Many mappings read in one pass: each reference is looked up by id, never searched for.
    @Test func aLargeMappingModelReads() throws {
        let count = 5_000
        var objects = (0..<count).map { MappingXML.entityMapping(id: "e\($0)", number: $0 + 1, attributes: ["a\($0)"]) }
        objects += (0..<count).map { MappingXML.attributeMapping(id: "a\($0)", name: "p\($0)") }
        objects.append(MappingXML.model(mappings: (0..<count).map { "e\($0)" }))
        let (document, diagnostics) = read(MappingXML.document(objects))
        #expect(diagnostics.isEmpty)
        #expect(try #require(document).entityMappings.count == count)
    }
}
