import Foundation
import Testing
@testable import ModelCompiler

/// On copies of the sample bundle, whose `Library` and `Library 2` are recorded as shipped and whose
/// `Library 3` is being developed.
@Suite struct ShippedVersionTests {
    /// A scratch copy of the sample; `edit` gets its path before checking.
    static func check(editing edit: (String) throws -> Void) throws -> [Diagnostic] {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = directory + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(atPath: Fixtures.sampleBundle, toPath: bundle)
        try edit(bundle)
        return ModelCompiler.check(paths: [bundle]).diagnostics.map { diagnostic in
            var relative = diagnostic
            relative.location.file = diagnostic.location.file.replacingOccurrences(of: directory + "/", with: "")
            return relative
        }
    }

    static func replace(_ old: String, with new: String, in version: String, of bundle: String) throws {
        let path = bundle + "/\(version).xcdatamodel/contents"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "fixture text not found: \(old)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func lineOf(_ needle: String, in version: String) throws -> Int {
        let text = try String(
            contentsOfFile: Fixtures.sampleBundle + "/\(version).xcdatamodel/contents", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(needle) }) + 1
    }

    @Test func theSampleIsClean() throws {
        #expect(try Self.check { _ in }.isEmpty)
    }

    struct Edit: Sendable, CustomTestStringConvertible {
        var label: String
        var old: String
        var new: String
        /// A line of the shipped version the error must point at.
        var line: String
        var mentions: [String]
        var testDescription: String { label }
    }

    @Test(arguments: [
        Edit(
            label: "attribute type", old: #"name="issue" attributeType="Integer 32""#,
            new: #"name="issue" attributeType="Integer 64""#,
            line: #"name="issue""#,
            mentions: ["'Magazine.issue' changed its type from Integer 32 to Integer 64", "134100", "new-version"]),
        Edit(
            label: "optionality", old: #"<attribute name="isbn" attributeType"#,
            new: #"<attribute name="isbn" optional="YES" attributeType"#,
            line: #"name="isbn""#,
            mentions: ["'Book.isbn' changed its optionality from required to optional", "134100"]),
        Edit(
            label: "relationship ordering", old: #"deletionRule="Nullify" ordered="YES" destinationEntity="Item""#,
            new: #"deletionRule="Nullify" destinationEntity="Item""#,
            line: #"name="items""#,
            mentions: ["'Shelf.items' changed its ordering from ordered to unordered", "134100"]),
        Edit(
            label: "default value", old: #"defaultValueString="Unsorted""#, new: #"defaultValueString="Misc""#,
            line: #"name="label""#,
            mentions: ["default value of 'Shelf.label' changed from \"Unsorted\" to \"Misc\"", "hashes are unchanged"]),
        Edit(
            label: "renaming ID", old: #"<attribute name="isbn" attributeType="String""#,
            new: #"<attribute name="isbn" attributeType="String" elementID="code""#,
            line: #"name="isbn""#, mentions: ["renaming ID of 'Book.isbn' changed from none to \"code\""]),
        Edit(
            label: "class name", old: #"<entity name="Shelf" representedClassName="Shelf""#,
            new: #"<entity name="Shelf" representedClassName="App.Shelf""#,
            line: #"<entity name="Shelf""#,
            mentions: ["class name of entity 'Shelf' changed from \"Shelf\" to \"App.Shelf\""]),
        Edit(
            label: "added property", old: #"<attribute name="issue""#,
            new: #"<attribute name="volume" optional="YES" attributeType="String"/><attribute name="issue""#,
            line: #"name="volume""#, mentions: ["property 'Magazine.volume' was added", "134100"]),
        Edit(
            label: "removed property",
            old: #"<attribute name="publishedAt" optional="YES" attributeType="Date" usesScalarValueType="NO"/>"#,
            new: "",
            line: #"<entity name="Book""#, mentions: ["property 'Book.publishedAt' was removed"]),
    ])
    func editingAShippedVersionIsAnError(_ edit: Edit) throws {
        let diagnostics = try Self.check { try Self.replace(edit.old, with: edit.new, in: "Library 2", of: $0) }
        // The edit may also make the migration to the next version fail; the edit itself is what is asserted.
        let errors = diagnostics.filter { $0.severity == .error && $0.code == .shippedVersionModified }
        #expect(!errors.isEmpty, "\(edit.label): no error in \(diagnostics)")
        let error = try #require(errors.first)
        #expect(error.location.file == "Library.xcdatamodeld/Library 2.xcdatamodel/contents")
        let text = try String(
            contentsOfFile: Fixtures.sampleBundle + "/Library 2.xcdatamodel/contents", encoding: .utf8
        )
        .replacingOccurrences(of: edit.old, with: edit.new)
        let expectedLine =
            try #require(
                text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(edit.line) }) + 1
        #expect(error.location.line == expectedLine, "\(edit.label): \(error)")
        #expect(error.message.contains("'Library 2'"))
        for phrase in edit.mentions { #expect(error.message.contains(phrase), "\(edit.label): \(error.message)") }
    }

    @Test func compileRefusesAnEditedShippedVersion() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = directory + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(atPath: Fixtures.sampleBundle, toPath: bundle)
        try Self.replace(
            #"defaultValueString="Unsorted""#, with: #"defaultValueString="Misc""#, in: "Library 2", of: bundle)
        let result = compile(input: bundle, outputDirectory: directory)
        #expect(result.outputPath == nil && result.diagnostics.codes.contains(.shippedVersionModified))
    }

    @Test func deletedAndRenamedShippedVersionsAreErrors() throws {
        let deleted = try Self.check { try FileManager.default.removeItem(atPath: $0 + "/Library.xcdatamodel") }
        let missing = try #require(deleted.first { $0.code == .shippedVersionMissing })
        #expect(missing.severity == .error && missing.message.contains("'Library' was deleted"))
        #expect(missing.message.contains("NSMigrationMissingSourceModelError"))
        #expect(missing.location.file == "Library.xcdatamodeld/ShippedVersions.json" && missing.location.line == 5)

        let renamed = try Self.check {
            try FileManager.default.moveItem(atPath: $0 + "/Library.xcdatamodel", toPath: $0 + "/Library 1.xcdatamodel")
        }
        #expect(
            renamed.first { $0.code == .shippedVersionMissing }?.message.contains(
                "'Library' was renamed to 'Library 1'") == true)
    }

    @Test(arguments: [
        ("missing", DiagnosticCode.currentVersionMissing),
        ("empty", .currentVersionMissing),
        ("unreadable", .currentVersionMalformed),
        ("names a missing version", .currentVersionNotFound),
        ("stale", .currentVersionStale),
    ])
    func pointerFaultsOtherThanAMissingOneAreErrorsOnceVersionsAreShipped(
        _ fault: String, _ code: DiagnosticCode
    ) throws {
        func apply(_ bundle: String) throws {
            let pointer = bundle + "/.xccurrentversion"
            switch fault {
            case "missing": try FileManager.default.removeItem(atPath: pointer)
            case "empty":
                try "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n".write(
                    toFile: pointer, atomically: true, encoding: .utf8)
            case "unreadable":
                try Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xFF]).write(
                    to: URL(fileURLWithPath: pointer))
            case "names a missing version":
                try Fixtures.pointerFile("Library 9.xcdatamodel").write(
                    toFile: pointer, atomically: true, encoding: .utf8)
            default:
                try Fixtures.pointerFile("Library 2.xcdatamodel").write(
                    toFile: pointer, atomically: true, encoding: .utf8)
            }
        }
        let withRecord = try Self.check(editing: apply)
        // A bundle without a pointer builds in Xcode (apps ship that way): it stays a warning with a record too.
        let severity: Severity = code == .currentVersionMissing ? .warning : .error
        #expect(withRecord.filter { $0.severity == severity }.codes == [code], "\(fault): \(withRecord)")
        #expect(!withRecord.hasErrors || severity == .error)
        if fault == "stale" {
            #expect(withRecord.first?.message.contains("'Library 3' is newer") == true)
            #expect(withRecord.first?.location.file == "Library.xcdatamodeld/.xccurrentversion")
        }
        // Without a record, a missing or stale pointer is only a warning (real projects keep one on purpose).
        let withoutRecord = try Self.check { bundle in
            try FileManager.default.removeItem(atPath: bundle + "/ShippedVersions.json")
            try apply(bundle)
        }
        let expected: Severity = fault == "missing" || fault == "empty" || fault == "stale" ? .warning : .error
        #expect(withoutRecord.first { $0.code == code }?.severity == expected, "\(fault)")
    }

    @Test(arguments: [
        "", "not json", "{}", #"{"formatVersion": 1, "versions": {"Library": {"versionChecksum": 3}}}"#,
        #"{"about": "", "formatVersion": 99, "versions": {}}"#, "[1, 2]",
    ])
    func aMalformedRecordIsAnErrorNeverEmpty(_ text: String) throws {
        let diagnostics = try Self.check {
            try text.write(toFile: $0 + "/ShippedVersions.json", atomically: true, encoding: .utf8)
        }
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.codes == [.shippedRecordMalformed], "\(diagnostics)")
        #expect(errors.first?.location.file == "Library.xcdatamodeld/ShippedVersions.json")
    }

    @Test func moreThanOneUnshippedVersionWarnsAndNoRecordIsANote() throws {
        let oneShipped = try Self.check { bundle in
            let path = bundle + "/ShippedVersions.json"
            var record = try ShippedRecord.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), file: path)
                .get()
            record.versions["Library 2"] = nil
            try Data(record.encoded).write(to: URL(fileURLWithPath: path))
        }
        #expect(oneShipped.codes == [.multipleUnshippedVersions] && oneShipped.first?.severity == .warning)
        let none = try Self.check { try FileManager.default.removeItem(atPath: $0 + "/ShippedVersions.json") }
        #expect(none.codes == [.noShippedRecord] && none.first?.severity == .note)
    }

    @Test(arguments: [
        "reformatted XML", "reordered attributes", "moved diagram elements", "new tools version",
        "edited unshipped version",
    ])
    func changesThatDoNotTouchShippedContentStayGreen(_ change: String) throws {
        let diagnostics = try Self.check { bundle in
            let path = bundle + "/Library 2.xcdatamodel/contents"
            var text = try String(contentsOfFile: path, encoding: .utf8)
            switch change {
            case "reformatted XML":
                text = text.replacingOccurrences(of: "    ", with: "\t").replacingOccurrences(
                    of: "\" ", with: "\"\n        ")
            case "reordered attributes":
                var lines = text.components(separatedBy: "\n")
                let first = try #require(lines.firstIndex { $0.contains(#"<attribute name="isbn""#) })
                lines.swapAt(first, first + 1)
                text = lines.joined(separator: "\n").replacingOccurrences(
                    of: #"<attribute name="label" attributeType="String" defaultValueString="Unsorted"/>"#,
                    with: #"<attribute defaultValueString="Unsorted" attributeType="String" name="label"/>"#)
            case "moved diagram elements":
                text = text.replacingOccurrences(
                    of: "</model>",
                    with: """
                            <elements>
                                <element name="Book" positionX="10" positionY="20" width="128" height="100"/>
                            </elements>
                        </model>
                        """)
            case "new tools version":
                text = text.replacingOccurrences(
                    of: #"lastSavedToolsVersion="22758" systemVersion="23H124""#,
                    with: #"lastSavedToolsVersion="24512" systemVersion="25A354""#)
            default:
                try Self.replace(
                    #"<attribute name="issue""#,
                    with: #"<attribute name="volume" optional="YES" attributeType="String"/><attribute name="issue""#,
                    in: "Library 3", of: bundle)
                return
            }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(diagnostics.isEmpty, "\(change): \(diagnostics)")
    }
}
