import Testing
@testable import ModelCompiler

/// Nesting is bounded where trees are built, so every later walk (validation, hashing, archiving, formatting) is
/// safe for whatever the parser accepts: deep input is a located error, never a stack overflow.
@Suite struct DeepExpressionTests {
    static func nested(_ kind: String, _ depth: Int) -> String {
        switch kind {
        case "parentheses": String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth)
        case "operand parentheses":
            "a == " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        case "aggregates": "a IN " + String(repeating: "{", count: depth) + "1" + String(repeating: "}", count: depth)
        case "sum": "a == " + Array(repeating: "1", count: depth).joined(separator: " + ")
        case "product": "a == " + Array(repeating: "2", count: depth).joined(separator: " * ")
        case "negations": String(repeating: "NOT ", count: depth) + "a == 1"
        case "functions":
            "a == " + String(repeating: "abs:(", count: depth) + "1" + String(repeating: ")", count: depth)
        default: fatalError(kind)
        }
    }

    static let kinds = ["parentheses", "operand parentheses", "aggregates", "sum", "product", "negations", "functions"]

    @Test(arguments: kinds)
    func deepInputIsRefusedWithAPosition(_ kind: String) {
        for depth in [200, 40_000] {
            let text = Self.nested(kind, depth)
            guard case .failure(let failure) = PredicateParser.parse(text) else {
                Issue.record("\(kind) \(depth) parsed")
                continue
            }
            #expect(failure.message.contains("nested more than"), "\(kind): \(failure)")
            #expect(failure.offset > 0 && failure.offset < text.unicodeScalars.count)
        }
    }

    @Test(arguments: kinds)
    func shallowInputCompilesAndFormats(_ kind: String) throws {
        let predicate = try PredicateParser.parse(Self.nested(kind, 40)).get()
        _ = PredicateFormat.string(for: predicate)
        var graph = ArchiveGraph(), archiver = ExpressionArchiver()
        let node = archiver.node(for: predicate, in: &graph)
        #expect(!graph.archive(root: node).objects.isEmpty)
    }

    /// Long flat chains are not deep: `a AND b AND ...` is one compound predicate.
    @Test func longConjunctionsAreFine() throws {
        let text = Array(repeating: "a == 1", count: 20_000).joined(separator: " AND ")
        guard case .and(let terms) = try PredicateParser.parse(text).get() else {
            Issue.record("not a conjunction"); return
        }
        #expect(terms.count == 20_000)
    }

    @Test func deepDerivationsAndPredicatesInAModelAreErrorsNotCrashes() {
        let deep = String(repeating: "(", count: 32_000) + "a" + String(repeating: ")", count: 32_000)
        let diagnostics = Fixtures.diagnostics(
            forBody: """
                <entity name="E">
                    <attribute name="a" optional="YES" attributeType="Integer 32"/>
                    <attribute name="d" optional="YES" attributeType="Integer 32" derived="YES" derivationExpression="\(deep)"/>
                </entity>
                <fetchRequest name="R" entity="E" predicateString="\(Self.nested("negations", 40_000))"/>
                """)
        #expect(diagnostics.codes == [.invalidExpression, .invalidExpression])
        // The message quotes the start of the text, not all of it.
        #expect(diagnostics.allSatisfy { $0.message.count < 300 })
    }
}
