import Testing
@testable import ModelCompiler

/// Format strings and the parse they must give, rendered back as `predicateFormat`. Includes every
/// derivation expression and predicate found in ../shared/corpus.
@Suite struct PredicateParserTests {
    @Test(arguments: [
        // Corpus derivation expressions.
        ("canonical:(optionalString)", "canonical:(optionalString)"),
        ("messages.@count", "count:(messages)"),
        ("oneToMany.@count", "count:(oneToMany)"),
        ("name", "name"),
        ("now()", "now()"),
        ("uppercase:(title)", "uppercase:(title)"),
        // More forms.
        ("items.@sum.price", "items.@sum.price"),
        ("$NAME", "$NAME"),
        ("'text'", "\"text\""),
        ("{1, 2.5, \"x\"}", "{1, 2.5, \"x\"}"),
        ("nil", "nil"),
        ("SELF", "SELF"),
    ])
    func expressions(_ text: String, _ format: String) throws {
        let expression = try ExpressionParser.parse(text).get()
        #expect(PredicateFormat.string(for: expression) == format)
    }

    @Test func expressionShapes() throws {
        #expect(try ExpressionParser.parse("oneToMany.@count").get() == .function("count:", [.keyPath("oneToMany")]))
        #expect(try ExpressionParser.parse("now()").get() == .function("now", []))
        #expect(try ExpressionParser.parse("canonical:(x)").get() == .function("canonical:", [.keyPath("x")]))
        #expect(try ExpressionParser.parse("a.b.c").get() == .keyPath("a.b.c"))
        #expect(try ExpressionParser.parse("YES").get() == .constant(.boolean(true)))
        #expect(try ExpressionParser.parse("-3").get() == .constant(.number("-3")))
    }

    @Test(arguments: [
        // Corpus predicates.
        ("booleanAttribute = YES", "booleanAttribute == 1"),
        ("booleanAttribute == 1 AND floatAttribute > 5", "booleanAttribute == 1 AND floatAttribute > 5"),
        ("humanName == $humanName", "humanName == $humanName"),
        ("oneToOne.name == $NAME OR string == $NEEDLE", "oneToOne.name == $NAME OR string == $NEEDLE"),
        ("parent == $parent", "parent == $parent"),
        ("parent.parentName == $parentName", "parent.parentName == $parentName"),
        ("true == true", "1 == 1"),
        ("uuid == $UUID", "uuid == $UUID"),
        ("wordCount > 100", "wordCount > 100"),
        // Operators, options and modifiers.
        ("name BEGINSWITH[cd] 'A'", "name BEGINSWITH[cd] \"A\""),
        ("name contains[c] \"x\"", "name CONTAINS[c] \"x\""),
        ("name LIKE 'a*' || name MATCHES '.*'", "name LIKE \"a*\" OR name MATCHES \".*\""),
        ("name ENDSWITH[n] 'z'", "name ENDSWITH[n] \"z\""),
        ("age BETWEEN {1, 10}", "age BETWEEN {1, 10}"),
        ("status IN {'a', 'b'}", "status IN {\"a\", \"b\"}"),
        ("ANY tags.name == 'x'", "ANY tags.name == \"x\""),
        ("ALL tags.count >= 2", "ALL tags.count >= 2"),
        ("NONE tags.name == 'x'", "NOT ANY tags.name == \"x\""),
        ("SOME tags.name != 'x'", "ANY tags.name != \"x\""),
        ("NOT (a == 1 OR b == 2)", "NOT (a == 1 OR b == 2)"),
        ("(a == 1 OR b == 2) AND c <= 3", "(a == 1 OR b == 2) AND c <= 3"),
        ("a =< 1 && b => 2 && c <> 3", "a <= 1 AND b >= 2 AND c != 3"),
        ("TRUEPREDICATE", "TRUEPREDICATE"),
        ("FALSEPREDICATE OR x == nil", "FALSEPREDICATE OR x == nil"),
        ("items.@count > 0", "count:(items) > 0"),
        ("price * 2 + 1 < limit", "add:to:(multiply:by:(price, 2), 1) < limit"),
        ("SUBQUERY(items, $i, $i.price > 5).@count > 0", "count:(SUBQUERY(items, $i, $i.price > 5)) > 0"),
        ("date > now()", "date > now()"),
        (
            "author == $FETCH_SOURCE AND publishedAt > $FETCHED_PROPERTY.userInfo.since",
            "author == $FETCH_SOURCE AND publishedAt > $FETCHED_PROPERTY.userInfo.since"
        ),
    ])
    func predicates(_ text: String, _ format: String) throws {
        let predicate = try PredicateParser.parse(text).get()
        #expect(PredicateFormat.string(for: predicate) == format)
    }

    @Test(arguments: [
        "", "a ==", "== b", "a == 'unterminated", "a BEGINSWITH[x] 'y'", "(a == 1", "a == 1 AND", "a § b",
        "canonical:(x", "SUBQUERY(items, i, x == 1)",
    ])
    func malformedTextIsAFailureWithAPosition(_ text: String) {
        guard case .failure(let failure) = PredicateParser.parse(text) else {
            Issue.record("'\(text)' parsed")
            return
        }
        #expect(failure.offset >= 0 && failure.offset <= text.unicodeScalars.count)
        #expect(!failure.message.isEmpty)
    }

    @Test func badExpressionsInAModelAreErrorsAtTheirAttribute() {
        let diagnostics = Fixtures.diagnostics(
            forBody: """
                <entity name="A">
                    <attribute name="n" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="items.@count +" usesScalarValueType="YES"/>
                </entity>
                <fetchRequest name="Bad" entity="A" predicateString="n &gt;"/>
                """)
        #expect(diagnostics.codes == [.invalidExpression, .invalidExpression])
        #expect(diagnostics.map(\.location.line) == [4, 6])
        #expect(diagnostics.allSatisfy { $0.severity == .error && $0.location.column > 1 })
    }
}
