import Foundation
import Testing
@testable @_spi(Fuzzing) import ModelCompiler

/// #50: names come from files strangers write. No control character from a name reaches an output raw, no name
/// starts a statement of its own in Mermaid or DOT, and generated Swift takes only identifiers and types from a model.
@Suite struct OutputEscapingTests {
    static let hostile = [
        "A\r\nclick A call alert(1)", "A\rB", "A\nB", "A\u{1B}[2JB", "A\u{85}B", "A\u{2028}B", "A\u{0}B",
    ]

    @Test(arguments: hostile) func oneLineLeavesNoLineBreakInside(_ name: String) {
        let line = name.onOneLine(replacing: "\"")
        #expect(
            !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 })
        #expect(line.unicodeScalars.count == name.unicodeScalars.count, "one space per scalar")
    }

    @Test(arguments: hostile) func mermaidAndDOTKeepANameOnItsLine(_ name: String) {
        let header = MermaidRenderer.header(name)
        #expect(
            header.split(separator: "\n", omittingEmptySubsequences: false).count == 5, "\(header.debugDescription)")
        #expect(!header.contains("\nclick"))
        let versions = [
            HistoryDiagram.Version(name: name, shipped: true, current: false),
            HistoryDiagram.Version(name: "B", shipped: false, current: true),
        ]
        let paths = [HistoryDiagram.Path(from: name, to: "B", kind: HistoryDiagram.Kind.inferred, mappingModel: name)]
        let history = HistoryDiagram(title: name, versions: versions, paths: paths)
        let texts: [String] = [HistoryDiagram.mermaid(history), HistoryDiagram.dot(history)]
        for text in texts {
            let raw = text.unicodeScalars.contains {
                $0 == "\r" || $0.value == 0x1B || $0.value == 0x85 || $0.value == 0
            }
            #expect(!raw, "\(text.debugDescription)")
            let lines = text.split(separator: "\n").map { $0.drop { $0 == " " } }
            #expect(!lines.contains { $0.hasPrefix("click") }, "\(text)")
        }
        #expect(!DOTRenderer.quoted(name).contains("\n") && !DOTRenderer.html(name).contains("\n"))
    }

    @Test(arguments: hostile) func textLinesShowControlCharactersAsEscapes(_ name: String) {
        let escaped = DiagnosticRenderer.escapingControlCharacters(name)
        #expect(
            !escaped.unicodeScalars.contains {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028
            })
        #expect(DumpLine(path: "entity", value: name).description.split(separator: "\n").count == 1)
    }

    @Test func typesFromAModelAreSwiftTypesOnly() {
        for valid in [
            "NSArray", "[String]", "[String: Any]", "[GroupDeliveryReceipt]", "Set<Foo>", "Dictionary<String, [Int]>?",
            "Foundation.NSAttributedString", "[[String: Int]]!", "Ümlaut",
        ] {
            #expect(SwiftTypeName.isValid(valid), "\(valid)")
        }
        for invalid in [
            "", "Foo\nfunc pwned() {}", "[String]\r}", "Foo()", "Foo { }", "Foo; bar", "\"Foo\"", "Foo //",
            "Foo<", "[String", "[:]", "Foo..Bar", "Foo.", "1Foo", "NSArray<NSString *>", "@escaping Foo",
        ] {
            #expect(!SwiftTypeName.isValid(invalid), "\(invalid.debugDescription)")
        }
        // A hostile nesting is refused, and quickly.
        #expect(
            !SwiftTypeName.isValid(
                String(repeating: "[", count: 100_000) + "A" + String(repeating: "]", count: 100_000)))
    }

    @Test func generatedCodeRefusesANameThatIsNotAnIdentifierOrAType() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        func generated(_ body: String) throws -> GenerateResult {
            let path = directory + "/M\(UUID().uuidString).xcdatamodel"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Fixtures.contents(body).write(toFile: path + "/contents", atomically: true, encoding: .utf8)
            return generate(input: path)
        }
        let pwnedClass = try generated(
            #"<entity name="A" representedClassName="A&#10;func pwned() {}" syncable="YES" codeGenerationType="class"/>"#
        )
        #expect(
            pwnedClass.files.isEmpty && pwnedClass.diagnostics.codes.contains(.codegenNameClash),
            "\(pwnedClass.diagnostics)")
        #expect(pwnedClass.diagnostics.first?.location.line == 3)
        let pwnedType = try generated(
            #"<entity name="A" representedClassName="A" syncable="YES" codeGenerationType="class"><attribute name="t" "#
                + #"optional="YES" attributeType="Transformable" customClassName="[String]&#10;}&#10;func pwned() {"/></entity>"#
        )
        #expect(pwnedType.files.isEmpty && pwnedType.diagnostics.first?.message.contains("is not a Swift type") == true)
        let fine = try generated(
            #"<entity name="A" representedClassName="App.A" syncable="YES" codeGenerationType="class"><attribute name="t" "#
                + #"optional="YES" attributeType="Transformable" customClassName="[String: Int]"/></entity>"#)
        #expect(!fine.diagnostics.hasErrors && fine.files.first?.contents.contains("[String: Int]?") == true)
    }

    @Test func aVersionNameWithAControlCharacterIsRefused() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = directory + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(atPath: Fixtures.sampleBundle, toPath: bundle)
        let result = newVersion(bundle: bundle, name: "Library\r4")
        #expect(result.inputFailed && result.diagnostics.codes == [.versionNameInvalid])
        #expect(result.diagnostics.first?.message.contains("holds a control character") == true)
        #expect(!FileManager.default.fileExists(atPath: bundle + "/Library\r4.xcdatamodel"))
    }
}

/// The `output-names` fuzz target's checks, run here over hostile names and a deterministic stream of random bytes,
/// so that the suite keeps every output's escaping honest between fuzzing runs.
@Suite struct OutputNamesFuzzTargetTests {
    @Test func hostileAndRandomNamesStayData() {
        for name in OutputEscapingTests.hostile + ["%0A::error file=x::pwned", "a:b,c%", "`click`", "\"}\n{"] {
            FuzzingEntryPoints.outputNames(Array(name.utf8))
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let count = Int(state >> 58)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33))
            }
            FuzzingEntryPoints.outputNames(bytes)
        }
    }
}
