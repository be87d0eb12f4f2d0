import Testing
@testable import ModelCompiler

@Suite struct CodePrinterTests {
    @Test func blocksIndentTheirBodiesAndEmptyLinesStayEmpty() {
        var p = CodePrinter()
        p.block("enum A {") { p in
            p.line("case a")
            p.line()
            p.block("var b: [Int] = [", closer: "]") { $0.line("1,") }
        }
        #expect(p.text == "enum A {\n    case a\n\n    var b: [Int] = [\n        1,\n    ]\n}\n")
    }

    @Test func verbatimLinesIgnoreDepthAndKeepTheirSpaces() {
        var p = CodePrinter(depth: 1)
        p.verbatim("//  ")
        p.line("x")
        #expect(p.text == "//  \n    x\n")
    }

    @Test func aLineOfPiecesIsTheLineTheyJoinTo() {
        var pieces = CodePrinter(), joined = CodePrinter()
        for depth in [0, 1, 3, 14] {
            pieces = CodePrinter(depth: depth)
            joined = CodePrinter(depth: depth)
            pieces.line("@NSManaged ", "", "var ", "gr\u{FC}n", ": ", "String?")
            joined.line("@NSManaged var gr\u{FC}n: String?")
            #expect(pieces.text == joined.text)
            #expect(pieces.text.hasPrefix(String(repeating: " ", count: 4 * depth) + "@NSManaged"))
        }
    }

    @Test func partsPrintedApartJoinAtTheDepthTheyLeft() {
        var head = CodePrinter()
        head.open("enum A {")
        var keys = CodePrinter(depth: 1)
        keys.line("case a")
        var main = CodePrinter()
        main.append(head)
        main.append(keys)
        main.close()
        #expect(main.text == "enum A {\n    case a\n}\n")
    }

    @Test func anEmptyFileIsOneLineBreak() {
        #expect(CodePrinter().text == "\n")
    }

    @Test func literalsEscapeWhatSwiftNeedsEscaped() {
        let p = CodePrinter()
        #expect(p.literal("a\"b\\c\nd\te\r") == #""a\"b\\c\nd\te\r""#)
        #expect(p.literal("Gr\u{FC}n") == "\"Gr\u{FC}n\"")
    }
}
