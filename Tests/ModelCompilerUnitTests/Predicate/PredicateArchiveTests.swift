import Testing
@testable import ModelCompiler

/// Format strings and the NSPredicate/NSExpression objects they archive as, in a compact notation:
/// `Class(key: value, ...)`, keys sorted, `K(key)` for a single key on SELF. The graphs of `==`, `OR`,
/// key paths, variables, `true` and the three derivation functions are VERIFIED against Apple's archives
/// (conformance tests); the rest are the defaults listed in Docs/CompatibilityChoices.md.
@Suite struct PredicateArchiveTests {
    static func render(_ node: ArchiveNode) -> String {
        if node.className == "NSKeyPathExpression", case .object(.node(let operand))? = field("NSOperand", node),
            operand.className == "NSSelfExpression",
            case .object(.string("valueForKey:"))? = field("NSSelectorName", node),
            case .object(.node(let arguments))? = field("NSArguments", node),
            case .objects(let specifiers)? = field("NS.objects", arguments),
            case .node(let specifier)? = specifiers.first,
            case .object(.string(let path))? = field("NSKeyPath", specifier)
        {
            return "K(\(path))"
        }
        if node.className == "NSSelfExpression" { return "SELF" }
        if node.className == "NSArray" || node.className == "NSMutableArray",
            case .objects(let items)? = field("NS.objects", node)
        {
            return (node.className == "NSArray" ? "" : "m") + "[" + items.map(render).joined(separator: ", ") + "]"
        }
        let fields = node.fields.filter { $0.key != "NSExpressionType" }.sorted { $0.key < $1.key }.map {
            key, value -> String in
            let short = key.hasPrefix("NS") ? String(key.dropFirst(2)) : key
            switch value {
            case .int(let number): return "\(short): \(number)"
            case .bool(let flag): return "\(short): \(flag)"
            case .real(let number): return "\(short): \(number)"
            case .data: return "\(short): data"
            case .object(let inner): return "\(short): \(render(inner))"
            case .objects(let items): return "\(short): [\(items.map(render).joined(separator: ", "))]"
            }
        }
        let name = node.className.replacingOccurrences(of: "Expression", with: "").replacingOccurrences(
            of: "PredicateOperator", with: "Op")
        return name + "(" + fields.joined(separator: ", ") + ")"
    }

    static func render(_ value: ArchiveValue) -> String {
        switch value {
        case .null: return "nil"
        case .string(let text): return "\"\(text)\""
        case .int(let number): return "\(number)"
        case .real(let number): return "\(number)r"
        case .float(let number): return "\(number)f"
        case .bool(let flag): return "\(flag)"
        case .data(let bytes): return "\(bytes)"
        case .node(let node): return render(node)
        }
    }

    static func field(_ key: String, _ node: ArchiveNode) -> ArchiveField? {
        node.fields.first { $0.key == key }?.value
    }

    static let F = "NSConstantValue(ConstantValueClassName: \"_NSPredicateUtilities\")"

    @Test(arguments: [
        (
            "canonical:(optionalString)",
            "NSFunction(Arguments: m[K(optionalString)], Operand: \(F), SelectorName: \"canonical:\")"
        ),
        ("messages.@count", "NSFunction(Arguments: [K(messages)], Operand: \(F), SelectorName: \"count:\")"),
        ("oneToMany.@count", "NSFunction(Arguments: [K(oneToMany)], Operand: \(F), SelectorName: \"count:\")"),
        ("name", "K(name)"),
        ("now()", "NSFunction(Arguments: m[], Operand: \(F), SelectorName: \"now\")"),
        ("uppercase:(title)", "NSFunction(Arguments: m[K(title)], Operand: \(F), SelectorName: \"uppercase:\")"),
        (
            "a.b",
            "NSKeyPath(Arguments: m[NSKeyPathSpecifier(KeyPath: \"a.b\")], Operand: SELF, SelectorName: \"valueForKeyPath:\")"
        ),
        (
            "$FETCH_SOURCE.name",
            "NSKeyPath(Arguments: m[NSKeyPathSpecifier(KeyPath: \"name\")], Operand: NSVariable(Variable: \"FETCH_SOURCE\"), SelectorName: \"valueForKey:\")"
        ),
    ])
    func expressionArchives(_ text: String, _ expected: String) throws {
        var graph = ArchiveGraph(), archiver = ExpressionArchiver()
        let node = archiver.node(for: try ExpressionParser.parse(text).get(), in: &graph)
        #expect(Self.render(graph.handBuilt(node)) == expected)
    }

    static let eq = "NSEqualityOp(Modifier: 0, Negate: false, OperatorType: 4, Options: 0)"

    @Test(arguments: [
        // Every predicate in ../shared/corpus.
        (
            "booleanAttribute = YES",
            "NSComparisonPredicate(LeftExpression: K(booleanAttribute), PredicateOperator: \(eq), RightExpression: NSConstantValue(ConstantValue: true))"
        ),
        (
            "booleanAttribute == 1 AND floatAttribute > 5",
            "NSCompoundPredicate(CompoundPredicateType: 1, Subpredicates: [NSComparisonPredicate(LeftExpression: K(booleanAttribute), PredicateOperator: \(eq), RightExpression: NSConstantValue(ConstantValue: 1)), NSComparisonPredicate(LeftExpression: K(floatAttribute), PredicateOperator: NSComparisonOp(Modifier: 0, OperatorType: 2, Options: 0, Variant: 2), RightExpression: NSConstantValue(ConstantValue: 5))])"
        ),
        (
            "humanName == $humanName",
            "NSComparisonPredicate(LeftExpression: K(humanName), PredicateOperator: \(eq), RightExpression: NSVariable(Variable: \"humanName\"))"
        ),
        (
            "oneToOne.name == $NAME OR string == $NEEDLE",
            "NSCompoundPredicate(CompoundPredicateType: 2, Subpredicates: [NSComparisonPredicate(LeftExpression: NSKeyPath(Arguments: m[NSKeyPathSpecifier(KeyPath: \"oneToOne.name\")], Operand: SELF, SelectorName: \"valueForKeyPath:\"), PredicateOperator: \(eq), RightExpression: NSVariable(Variable: \"NAME\")), NSComparisonPredicate(LeftExpression: K(string), PredicateOperator: \(eq), RightExpression: NSVariable(Variable: \"NEEDLE\"))])"
        ),
        (
            "parent == $parent",
            "NSComparisonPredicate(LeftExpression: K(parent), PredicateOperator: \(eq), RightExpression: NSVariable(Variable: \"parent\"))"
        ),
        (
            "parent.parentName == $parentName",
            "NSComparisonPredicate(LeftExpression: NSKeyPath(Arguments: m[NSKeyPathSpecifier(KeyPath: \"parent.parentName\")], Operand: SELF, SelectorName: \"valueForKeyPath:\"), PredicateOperator: \(eq), RightExpression: NSVariable(Variable: \"parentName\"))"
        ),
        (
            "true == true",
            "NSComparisonPredicate(LeftExpression: NSConstantValue(ConstantValue: true), PredicateOperator: \(eq), RightExpression: NSConstantValue(ConstantValue: true))"
        ),
        (
            "uuid == $UUID",
            "NSComparisonPredicate(LeftExpression: K(uuid), PredicateOperator: \(eq), RightExpression: NSVariable(Variable: \"UUID\"))"
        ),
        (
            "wordCount > 100",
            "NSComparisonPredicate(LeftExpression: K(wordCount), PredicateOperator: NSComparisonOp(Modifier: 0, OperatorType: 2, Options: 0, Variant: 2), RightExpression: NSConstantValue(ConstantValue: 100))"
        ),
        // Further forms.
        (
            "name != nil",
            "NSComparisonPredicate(LeftExpression: K(name), PredicateOperator: NSEqualityOp(Modifier: 0, Negate: true, OperatorType: 5, Options: 0), RightExpression: NSConstantValue())"
        ),
        (
            "ANY tags.name BEGINSWITH[cd] 'a'",
            "NSComparisonPredicate(LeftExpression: NSKeyPath(Arguments: m[NSKeyPathSpecifier(KeyPath: \"tags.name\")], Operand: SELF, SelectorName: \"valueForKeyPath:\"), PredicateOperator: NSSubstringOp(Flags: 3, Modifier: 2, OperatorType: 8, Position: 0), RightExpression: NSConstantValue(ConstantValue: \"a\"))"
        ),
        (
            "NOT (x LIKE[c] 'a*')",
            "NSCompoundPredicate(CompoundPredicateType: 0, Subpredicates: [NSComparisonPredicate(LeftExpression: K(x), PredicateOperator: NSLikeOp(Flags: 1, Modifier: 0, OperatorType: 7), RightExpression: NSConstantValue(ConstantValue: \"a*\"))])"
        ),
        (
            "n BETWEEN {1, 2.5}",
            "NSComparisonPredicate(LeftExpression: K(n), PredicateOperator: NSBetweenOp(Modifier: 0, OperatorType: 100), RightExpression: NSAggregate(Collection: [NSConstantValue(ConstantValue: 1), NSConstantValue(ConstantValue: 2.5r)]))"
        ),
        ("TRUEPREDICATE", "NSTruePredicate()"),
    ])
    func predicateArchives(_ text: String, _ expected: String) throws {
        var graph = ArchiveGraph(), archiver = ExpressionArchiver()
        let node = archiver.node(for: try PredicateParser.parse(text).get(), in: &graph)
        #expect(Self.render(graph.handBuilt(node)) == expected)
    }
}
