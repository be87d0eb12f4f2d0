import Foundation
import Testing
@testable import ModelCompiler

@Suite struct XMLDocumentReaderTests {
    private func parse(_ text: String) -> Result<SourceElement, Diagnostic> {
        XMLDocumentReader.parse(bytes: Array(text.utf8), file: "f.xml")
    }

    @Test func elementsAndAttributesCarryLineAndColumn() throws {
        let text = """
            <?xml version="1.0"?>
            <model a="1"
               b="2">
              <entity name="x"/><entity
             name="y"
               c="&amp;"/>
            <!-- <entity name="comment"/> -->
              <entity name="z"/>
            </model>
            """
        let root = try parse(text).get()
        #expect(root.name == "model")
        #expect(root.location == SourceLocation(file: "f.xml", line: 2, column: 1))
        #expect(root.location(ofAttribute: "b") == SourceLocation(file: "f.xml", line: 3, column: 4))
        let entities = root.children(named: "entity")
        #expect(entities.map(\.location.line) == [4, 4, 8])
        #expect(entities.map(\.location.column) == [3, 21, 3])
        #expect(entities[1].location(ofAttribute: "name") == SourceLocation(file: "f.xml", line: 5, column: 2))
        #expect(entities[1][attribute: "c"] == "&")
    }

    /// The root's children go to the stream as each ends, whole and in order; the root keeps its own settings only.
    @Test func aStreamReceivesTheRootsChildrenInOrder() throws {
        let text =
            "<model a=\"1\">\n  <entity name=\"x\"><attribute name=\"p\"><userInfo/></attribute></entity>\n"
            + "  <fetchRequest name=\"f\"/>\n  text\n  <entity name=\"y\"/>\n</model>\n"
        let received = Received()
        let stream = TopLevelStream(rootName: "model") { received.elements.append($0) }
        let root = try XMLDocumentReader.parse(bytes: Array(text.utf8), file: "f.xml", stream: stream).get()
        #expect(root.children.isEmpty && root.text.isEmpty && root[attribute: "a"] == "1")
        #expect(received.elements.map(\.name) == ["entity", "fetchRequest", "entity"])
        #expect(received.elements.map(\.location.line) == [2, 3, 5])
        #expect(received.elements[0].children.first?.children.first?.name == "userInfo")
        let unstreamed = try parse(text).get()
        #expect(unstreamed.children.map(\.name) == received.elements.map(\.name))
    }

    @Test func aRootOfAnotherNameIsNotStreamed() throws {
        let received = Received()
        let stream = TopLevelStream(rootName: "model") { received.elements.append($0) }
        let root = try XMLDocumentReader.parse(
            bytes: Array("<plist><dict><key>k</key></dict></plist>".utf8), file: "f",
            stream: stream
        ).get()
        #expect(received.elements.isEmpty)
        #expect(root.children.first?.children.first?.text == "k")
    }

    @Test func escapedAttributeValuesAreDecodedOnce() throws {
        let root = try parse(#"<model a="x &amp;&amp; y &lt; 2" b="&amp;#38;" c="&#38;" d="&quot;q&quot;"/>"#).get()
        #expect(root[attribute: "a"] == "x && y < 2")
        #expect(root[attribute: "b"] == "&#38;", "an escaped entity text stays text")
        #expect(root[attribute: "c"] == "&")
        #expect(root[attribute: "d"] == "\"q\"")
    }

    @Test func utf16DocumentsFallBackToTheParsersLines() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<model>\n  <entity name=\"A\"/>\n</model>\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let root = try XMLDocumentReader.parse(bytes: bytes, file: "f").get()
        let entity = try #require(root.children.first)
        #expect(entity[attribute: "name"] == "A")
        #expect(entity.location.line == 3)
        #expect(entity.location(ofAttribute: "name") == entity.location, "no column is known without the UTF-8 bytes")
    }

    @Test func lineNumbersBeyond65535AreExact() throws {
        // libxml2 stores lines in 16 bits unless asked for big lines.
        let filler = String(repeating: "\n", count: 70_000)
        let root = try parse("<model>\(filler)<entity name=\"far\"/></model>").get()
        #expect(root.children[0].location.line == 70_001)
    }

    @Test func leafTextIsKept() throws {
        let root = try parse("<plist><dict><key>k</key><string>Model 2.xcdatamodel</string></dict></plist>").get()
        #expect(root.children[0].children[1].text == "Model 2.xcdatamodel")
    }

    @Test(
        arguments: [
            ("", 1, "empty"),
            ("<model>\n<entity>\n</model>", 3, "mismatch"),
            ("<model>\n  <entity name=\"A\"", 2, "truncated"),
            ("<?xml version=\"1.0\"?>\n<a/><b/>", 2, "two roots"),
            ("<model a=\"\u{FFFD}\"/>".replacingOccurrences(of: "\u{FFFD}", with: "x"), 0, "well-formed control"),
        ] as [(String, Int, String)])
    func malformedTextIsOneErrorAtItsLine(_ text: String, line: Int, label: String) {
        switch parse(text) {
        case .success:
            #expect(line == 0, "\(label) should fail")
        case .failure(let diagnostic):
            #expect(diagnostic.code == .xmlNotWellFormed, "\(label)")
            #expect(diagnostic.severity == .error)
            #expect(diagnostic.location.line == line, "\(label): \(diagnostic)")
            #expect(!diagnostic.message.contains("\n"))
        }
    }

    @Test func invalidUTF8IsAnError() {
        var bytes = Array("<model name=\"".utf8)
        bytes += [0xFF, 0xFE, 0xC3]
        bytes += Array("\"/>".utf8)
        guard case .failure(let diagnostic) = XMLDocumentReader.parse(bytes: bytes, file: "f") else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(diagnostic.code == .xmlNotWellFormed)
        #expect(diagnostic.message.contains("UTF-8"))
    }

    @Test func binaryGarbageIsAnError() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        guard case .failure(let diagnostic) = XMLDocumentReader.parse(bytes: bytes, file: "f") else {
            Issue.record("garbage was accepted")
            return
        }
        #expect(diagnostic.code == .xmlNotWellFormed)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        guard case .failure(let diagnostic) = parse(text) else {
            Issue.record("10,000-deep nesting was accepted")
            return
        }
        #expect(diagnostic.message.contains("depth"))
        #expect(!diagnostic.message.contains("XML_PARSE_HUGE"), "libxml2's option names mean nothing to users")
    }

    @Test func externalEntitiesAreNotExpanded() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE model [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <model name="&secret;"/>
            """
        if case .success(let root) = parse(text) {
            #expect(root[attribute: "name"] != (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8)))
        }
    }

    @Test func fiftyMegabyteAttributeIsAnErrorNotAHang() {
        let text = "<model name=\"" + String(repeating: "x", count: 50 << 20) + "\"/>"
        guard case .failure(let diagnostic) = parse(text) else {
            Issue.record("a 50 MB attribute value was accepted")
            return
        }
        #expect(diagnostic.code == .xmlNotWellFormed)
    }
}

@Suite struct NaturalOrderTests {
    @Test func versionsSortAsPeopleNumberThem() {
        let names = ["Model 10", "Model 2", "Model", "Model 9", "Model 1.1", "Model 1"]
        #expect(
            names.sorted(by: NaturalOrder.areInIncreasingOrder)
                == ["Model", "Model 1", "Model 1.1", "Model 2", "Model 9", "Model 10"])
        #expect(
            ["ThreemaDataV10", "ThreemaDataV9"].sorted(by: NaturalOrder.areInIncreasingOrder)
                == ["ThreemaDataV9", "ThreemaDataV10"])
    }

    /// Sorting with each name split once gives the comparator's order, also by a name made from each item.
    @Test func sortingByKeysIsTheComparatorsOrder() {
        var generator = SystemRandomNumberGenerator()
        let parts = ["Model", "Model ", "V", "v", "2", "10", "09", "1.5", "é", "e\u{301}", "-", " ", "x1y", "٣"]
        for _ in 0..<50 {
            let names = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                (0..<Int.random(in: 1...4, using: &generator)).map { _ in parts.randomElement(using: &generator)! }
                    .joined()
            }
            #expect(NaturalOrder.sorted(names) == names.sorted(by: NaturalOrder.areInIncreasingOrder), "\(names)")
            let folders = names.map { $0 + ".xcdatamodel" }
            #expect(
                NaturalOrder.sorted(folders) { String($0.dropLast(12)) }
                    == folders.sorted {
                        NaturalOrder.areInIncreasingOrder(String($0.dropLast(12)), String($1.dropLast(12)))
                    })
        }
    }
}

private final class Received {
    var elements: [SourceElement] = []
}
