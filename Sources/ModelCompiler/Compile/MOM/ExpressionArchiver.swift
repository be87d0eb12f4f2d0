/// NSExpression and NSPredicate object graphs as Foundation's keyed encoding writes them (spec §4.6,
/// §4.9). Shapes marked in CompatibilityChoices.md are defaults no Apple-compiled vector has confirmed.
struct ExpressionArchiver {
    /// Apple shares one SELF expression across an archive.
    let evaluatedObject: ArchiveNode = {
        let node = ArchiveNode(ClassChain.expression("NSSelfExpression"))
        node.set("NSExpressionType", .int(1))
        return node
    }()

    func node(for expression: Expression) -> ArchiveNode {
        switch expression {
        case .keyPath(let path):
            return keyPath(path, operand: evaluatedObject)
        case .keyPathOn(let base, let path):
            return keyPath(path, operand: node(for: base))
        case .variable(let name):
            let node = ArchiveNode(ClassChain.expression("NSVariableExpression"))
            node.set("NSExpressionType", .int(2))
            node.set("NSVariable", .object(.string(name)))
            return node
        case .evaluatedObject:
            return evaluatedObject
        case .constant(let constant):
            let node = ArchiveNode(ClassChain.expression("NSConstantValueExpression"))
            node.set("NSExpressionType", .int(0))
            if let value = Self.value(of: constant) { node.set("NSConstantValue", .object(value)) }
            return node
        case .function(let selector, let arguments):
            let node = ArchiveNode(ClassChain.expression("NSFunctionExpression"))
            node.set("NSExpressionType", .int(4))
            node.set("NSSelectorName", .object(.string(selector)))
            let utilities = ArchiveNode(ClassChain.expression("NSConstantValueExpression"))
            utilities.set("NSExpressionType", .int(0))
            utilities.set("NSConstantValueClassName", .object(.string("_NSPredicateUtilities")))
            node.set("NSOperand", .object(.node(utilities)))
            // `x.@count` becomes count:(x) with an immutable argument array (VERIFIED); others are mutable.
            node.set("NSArguments", .object(.node(.array(arguments.map { .node(self.node(for: $0)) },
                                                           mutable: selector != "count:"))))
            return node
        case .aggregate(let elements):
            let node = ArchiveNode(ClassChain.expression("NSAggregateExpression"))
            node.set("NSExpressionType", .int(14))
            node.set("NSCollection", .object(.node(.array(elements.map { .node(self.node(for: $0)) }, mutable: false))))
            return node
        case .subquery(let collection, let variable, let predicate):
            let node = ArchiveNode(ClassChain.expression("NSSubqueryExpression"))
            node.set("NSExpressionType", .int(13))
            node.set("NSCollection", .object(.node(self.node(for: collection))))
            node.set("NSVariableExpression", .object(.node(self.node(for: .variable(variable)))))
            node.set("NSSubpredicate", .object(.node(self.node(for: predicate))))
            return node
        }
    }

    private func keyPath(_ path: String, operand: ArchiveNode) -> ArchiveNode {
        let node = ArchiveNode(ClassChain.expression("NSKeyPathExpression"))
        node.set("NSExpressionType", .int(3))
        node.set("NSOperand", .object(.node(operand)))
        node.set("NSSelectorName", .object(.string(path.contains(".") ? "valueForKeyPath:" : "valueForKey:")))
        let specifier = ArchiveNode(ClassChain.expression("NSKeyPathSpecifierExpression"))
        specifier.set("NSExpressionType", .int(10))
        specifier.set("NSKeyPath", .object(.string(path)))
        node.set("NSArguments", .object(.node(.array([.node(specifier)], mutable: true))))
        return node
    }

    /// The NSNumber/NSString behind a constant; `true`/`YES` is a plist boolean (VERIFIED).
    static func value(of constant: Expression.Constant) -> ArchiveValue? {
        switch constant {
        case .string(let text): return .string(text)
        case .boolean(let flag): return .bool(flag)
        case .null: return nil
        case .number(let text):
            if let integer = Int64(text) { return .int(integer) }
            if text.hasPrefix("0x") || text.hasPrefix("0X"), let integer = Int64(text.dropFirst(2), radix: 16) { return .int(integer) }
            return .real(Double(text) ?? 0)
        }
    }

    func node(for predicate: Predicate) -> ArchiveNode {
        switch predicate {
        case .constant(let value):
            return ArchiveNode(ClassChain.predicate(value ? "NSTruePredicate" : "NSFalsePredicate"))
        case .and(let terms): return compound(1, terms)
        case .or(let terms): return compound(2, terms)
        case .not(let inner): return compound(0, [inner])
        case .comparison(let comparison):
            let node = ArchiveNode(ClassChain.predicate("NSComparisonPredicate"))
            node.set("NSLeftExpression", .object(.node(self.node(for: comparison.left))))
            node.set("NSRightExpression", .object(.node(self.node(for: comparison.right))))
            node.set("NSPredicateOperator", .object(.node(Self.operatorNode(comparison))))
            return node
        }
    }

    private func compound(_ type: Int64, _ terms: [Predicate]) -> ArchiveNode {
        let node = ArchiveNode(ClassChain.predicate("NSCompoundPredicate"))
        node.set("NSCompoundPredicateType", .int(type))
        node.set("NSSubpredicates", .object(.node(.array(terms.map { .node(self.node(for: $0)) }, mutable: false))))
        return node
    }

    /// Foundation's private operator classes (names from Foundation's class list; keys follow each
    /// class's instance variables). `==` and `>=` are VERIFIED against Apple output: CompatibilityChoices.md.
    static func operatorNode(_ comparison: Predicate.Comparison) -> ArchiveNode {
        let type = comparison.operatorType
        let stringChain = ["NSStringPredicateOperator", "NSPredicateOperator", "NSObject"]
        let node: ArchiveNode
        switch type {
        case .equalTo, .notEqualTo:
            node = ArchiveNode(ClassChain.predicateOperator("NSEqualityPredicateOperator"))
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            node = ArchiveNode(ClassChain.predicateOperator("NSComparisonPredicateOperator"))
        case .matches:
            node = ArchiveNode(["NSMatchingPredicateOperator"] + stringChain)
        case .like:
            node = ArchiveNode(["NSLikePredicateOperator"] + stringChain)
        case .beginsWith, .endsWith, .contains:
            node = ArchiveNode(["NSSubstringPredicateOperator"] + stringChain)
        case .in:
            node = ArchiveNode(ClassChain.predicateOperator("NSInPredicateOperator"))
        case .between:
            node = ArchiveNode(ClassChain.predicateOperator("NSBetweenPredicateOperator"))
        }
        node.set("NSOperatorType", .int(Int64(type.rawValue)))
        node.set("NSModifier", .int(Int64(comparison.modifier.rawValue)))
        switch type {
        case .equalTo, .notEqualTo:
            node.set("NSOptions", .int(Int64(comparison.options.rawValue)))
            node.set("NSNegate", .bool(type == .notEqualTo))
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            // The variant is what the operator evaluates with; 0 would be `<` whatever NSOperatorType says.
            node.set("NSVariant", .int(Int64(type.rawValue)))
            node.set("NSOptions", .int(Int64(comparison.options.rawValue)))
        case .beginsWith, .endsWith, .contains:
            node.set("NSFlags", .int(Int64(comparison.options.rawValue)))
            node.set("NSPosition", .int(type == .beginsWith ? 0 : type == .endsWith ? 1 : 2))
        case .matches, .like, .in:
            node.set("NSFlags", .int(Int64(comparison.options.rawValue)))
        case .between:
            break
        }
        return node
    }
}
