/// NSExpression and NSPredicate object graphs as Foundation's keyed encoding writes them (spec §4.6,
/// §4.9). Shapes marked in CompatibilityChoices.md are defaults no Apple-compiled vector has confirmed.
struct ExpressionArchiver {
    typealias Node = ArchiveGraph.Node
    typealias Fields = ArchiveGraph.Fields

    /// Apple shares one SELF expression across an archive: made the first time one is needed.
    private var evaluatedObject: Node?

    /// Makes the shared SELF expression now: before a graph is split, so that every part points at the one node.
    mutating func prepareSelfExpression(in graph: inout ArchiveGraph) { _ = selfExpression(in: &graph) }

    private mutating func selfExpression(in graph: inout ArchiveGraph) -> Node {
        if let evaluatedObject { return evaluatedObject }
        var fields = Fields(capacity: 1)
        fields.set(.NSExpressionType, .int(1))
        let node = graph.node(ClassChain.expression("NSSelfExpression"), fields)
        evaluatedObject = node
        return node
    }

    private static func typed(_ type: Int64) -> Fields {
        var fields = Fields(capacity: 4)
        fields.set(.NSExpressionType, .int(type))
        return fields
    }

    mutating func node(for expression: Expression, in graph: inout ArchiveGraph) -> Node {
        switch expression {
        case .keyPath(let path):
            return keyPath(path, operand: selfExpression(in: &graph), in: &graph)
        case .keyPathOn(let base, let path):
            return keyPath(path, operand: node(for: base, in: &graph), in: &graph)
        case .variable(let name):
            var fields = Self.typed(2)
            fields.set(.NSVariable, .object(.string(name)))
            return graph.node(ClassChain.expression("NSVariableExpression"), fields)
        case .evaluatedObject:
            return selfExpression(in: &graph)
        case .constant(let constant):
            var fields = Self.typed(0)
            if let value = Self.value(of: constant) { fields.set(.NSConstantValue, .object(value)) }
            return graph.node(ClassChain.expression("NSConstantValueExpression"), fields)
        case .function(let selector, let arguments):
            var fields = Self.typed(4)
            fields.set(.NSSelectorName, .object(.string(selector)))
            var utilities = Self.typed(0)
            utilities.set(.NSConstantValueClassName, .object(.string("_NSPredicateUtilities")))
            let operand = graph.node(ClassChain.expression("NSConstantValueExpression"), utilities)
            fields.set(.NSOperand, .object(.node(operand)))
            var nodes: [ArchiveGraph.Value] = []
            for argument in arguments { nodes.append(.node(node(for: argument, in: &graph))) }
            // `x.@count` becomes count:(x) with an immutable argument array (VERIFIED); others are mutable.
            fields.set(.NSArguments, .object(.node(graph.array(nodes, mutable: selector != "count:"))))
            return graph.node(ClassChain.expression("NSFunctionExpression"), fields)
        case .aggregate(let elements):
            var fields = Self.typed(14)
            var nodes: [ArchiveGraph.Value] = []
            for element in elements { nodes.append(.node(node(for: element, in: &graph))) }
            fields.set(.NSCollection, .object(.node(graph.array(nodes, mutable: false))))
            return graph.node(ClassChain.expression("NSAggregateExpression"), fields)
        case .subquery(let collection, let variable, let predicate):
            var fields = Self.typed(13)
            fields.set(.NSCollection, .object(.node(node(for: collection, in: &graph))))
            fields.set(.NSVariableExpression, .object(.node(node(for: .variable(variable), in: &graph))))
            fields.set(.NSSubpredicate, .object(.node(node(for: predicate, in: &graph))))
            return graph.node(ClassChain.expression("NSSubqueryExpression"), fields)
        }
    }

    private func keyPath(_ path: String, operand: Node, in graph: inout ArchiveGraph) -> Node {
        var specifier = Self.typed(10)
        specifier.set(.NSKeyPath, .object(.string(path)))
        let specifierNode = graph.node(ClassChain.expression("NSKeyPathSpecifierExpression"), specifier)
        var fields = Self.typed(3)
        fields.set(.NSOperand, .object(.node(operand)))
        fields.set(.NSSelectorName, .object(.string(path.contains(".") ? "valueForKeyPath:" : "valueForKey:")))
        fields.set(.NSArguments, .object(.node(graph.array([.node(specifierNode)], mutable: true))))
        return graph.node(ClassChain.expression("NSKeyPathExpression"), fields)
    }

    /// The NSNumber/NSString behind a constant; `true`/`YES` is a plist boolean (VERIFIED).
    static func value(of constant: Expression.Constant) -> ArchiveGraph.Value? {
        switch constant {
        case .string(let text): return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .null: return nil
        case .number(let text):
            if let integer = Int64(text) { return .int(integer) }
            if text.hasPrefix("0x") || text.hasPrefix("0X"), let integer = Int64(text.dropFirst(2), radix: 16) {
                return .int(integer)
            }
            return .real(Double(text) ?? 0)
        }
    }

    mutating func node(for predicate: Predicate, in graph: inout ArchiveGraph) -> Node {
        switch predicate {
        case .constant(let value):
            return graph.node(ClassChain.predicate(value ? "NSTruePredicate" : "NSFalsePredicate"), Fields())
        case .and(let terms): return compound(1, terms, in: &graph)
        case .or(let terms): return compound(2, terms, in: &graph)
        case .not(let inner): return compound(0, [inner], in: &graph)
        case .comparison(let comparison):
            var fields = Fields(capacity: 3)
            fields.set(.NSLeftExpression, .object(.node(node(for: comparison.left, in: &graph))))
            fields.set(.NSRightExpression, .object(.node(node(for: comparison.right, in: &graph))))
            fields.set(.NSPredicateOperator, .object(.node(Self.operatorNode(comparison, in: &graph))))
            return graph.node(ClassChain.predicate("NSComparisonPredicate"), fields)
        }
    }

    private mutating func compound(_ type: Int64, _ terms: [Predicate], in graph: inout ArchiveGraph) -> Node {
        var fields = Fields(capacity: 2)
        fields.set(.NSCompoundPredicateType, .int(type))
        var nodes: [ArchiveGraph.Value] = []
        for term in terms { nodes.append(.node(node(for: term, in: &graph))) }
        fields.set(.NSSubpredicates, .object(.node(graph.array(nodes, mutable: false))))
        return graph.node(ClassChain.predicate("NSCompoundPredicate"), fields)
    }

    /// Foundation's private operator classes (names from Foundation's class list; keys follow each
    /// class's instance variables). `==` and `>=` are VERIFIED against Apple output: CompatibilityChoices.md.
    static func operatorNode(_ comparison: Predicate.Comparison, in graph: inout ArchiveGraph) -> Node {
        let type = comparison.operatorType
        let stringChain = ["NSStringPredicateOperator", "NSPredicateOperator", "NSObject"]
        let chain: [String]
        switch type {
        case .equalTo, .notEqualTo: chain = ClassChain.predicateOperator("NSEqualityPredicateOperator")
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            chain = ClassChain.predicateOperator("NSComparisonPredicateOperator")
        case .matches: chain = ["NSMatchingPredicateOperator"] + stringChain
        case .like: chain = ["NSLikePredicateOperator"] + stringChain
        case .beginsWith, .endsWith, .contains: chain = ["NSSubstringPredicateOperator"] + stringChain
        case .in: chain = ClassChain.predicateOperator("NSInPredicateOperator")
        case .between: chain = ClassChain.predicateOperator("NSBetweenPredicateOperator")
        }
        var fields = Fields(capacity: 4)
        fields.set(.NSOperatorType, .int(Int64(type.rawValue)))
        fields.set(.NSModifier, .int(Int64(comparison.modifier.rawValue)))
        switch type {
        case .equalTo, .notEqualTo:
            fields.set(.NSOptions, .int(Int64(comparison.options.rawValue)))
            fields.set(.NSNegate, .bool(type == .notEqualTo))
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            // The variant is what the operator evaluates with; 0 would be `<` whatever NSOperatorType says.
            fields.set(.NSVariant, .int(Int64(type.rawValue)))
            fields.set(.NSOptions, .int(Int64(comparison.options.rawValue)))
        case .beginsWith, .endsWith, .contains:
            fields.set(.NSFlags, .int(Int64(comparison.options.rawValue)))
            fields.set(.NSPosition, .int(type == .beginsWith ? 0 : type == .endsWith ? 1 : 2))
        case .matches, .like, .in:
            fields.set(.NSFlags, .int(Int64(comparison.options.rawValue)))
        case .between:
            break
        }
        return graph.node(chain, fields)
    }
}
