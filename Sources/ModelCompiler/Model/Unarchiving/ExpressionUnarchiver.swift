/// Reads NSExpression and NSPredicate object graphs back into `Expression` and `Predicate` values. A graph
/// nested deeper than the parser accepts (or one that contains itself) reads as nothing, never as a stack overflow.
struct ExpressionUnarchiver {
    let archive: KeyedArchive
    private var depth = 0

    init(archive: KeyedArchive) {
        self.archive = archive
    }

    private var deeper: ExpressionUnarchiver? {
        guard depth < TokenCursor.maximumDepth else { return nil }
        var next = self
        next.depth += 1
        return next
    }

    private func int(_ key: String, _ uid: Int) -> Int {
        if case .integer(let value)? = archive.field(key, of: uid) { return Int(value) }
        return 0
    }

    private func elements(_ key: String, _ uid: Int) -> [Int] {
        archive.referenced(key, of: uid).map { archive.references("NS.objects", of: $0) } ?? []
    }

    func expression(_ uid: Int) -> Expression? {
        guard archive.className(of: uid) != nil, let next = deeper else { return nil }
        switch int("NSExpressionType", uid) {
        case 0:
            guard let value = archive.referenced("NSConstantValue", of: uid) else { return .constant(.null) }
            switch archive.objects[value] {
            case .boolean(let flag): return .constant(.boolean(flag))
            case .integer(let number): return .constant(.number(String(number)))
            case .real(let number): return .constant(.number(String(number)))
            case .float(let number): return .constant(.number(String(number)))
            case .string(let text): return .constant(.string(text))
            default: return nil
            }
        case 1: return .evaluatedObject
        case 2: return archive.string("NSVariable", of: uid).map { .variable($0) }
        case 3:
            guard let specifier = elements("NSArguments", uid).first,
                let path = archive.string("NSKeyPath", of: specifier),
                let operand = archive.referenced("NSOperand", of: uid)
            else { return nil }
            if archive.className(of: operand) == "NSSelfExpression" { return .keyPath(path) }
            return next.expression(operand).map { .keyPathOn($0, path) }
        case 4:
            guard let selector = archive.string("NSSelectorName", of: uid) else { return nil }
            let arguments = elements("NSArguments", uid).compactMap(next.expression)
            return .function(selector, arguments)
        case 13:
            guard let collection = archive.referenced("NSCollection", of: uid).flatMap(next.expression),
                case .variable(let name)? = archive.referenced("NSVariableExpression", of: uid).flatMap(next.expression),
                let inner = archive.referenced("NSSubpredicate", of: uid).flatMap(next.predicate)
            else { return nil }
            return .subquery(collection, variable: name, inner)
        case 14:
            return .aggregate(elements("NSCollection", uid).compactMap(next.expression))
        default:
            return nil
        }
    }

    func predicate(_ uid: Int) -> Predicate? {
        guard let next = deeper else { return nil }
        switch archive.className(of: uid) {
        case "NSTruePredicate": return .constant(true)
        case "NSFalsePredicate": return .constant(false)
        case "NSCompoundPredicate":
            let terms = elements("NSSubpredicates", uid).compactMap(next.predicate)
            switch int("NSCompoundPredicateType", uid) {
            case 0: return terms.first.map { .not($0) }
            case 1: return .and(terms)
            default: return .or(terms)
            }
        case "NSComparisonPredicate":
            guard let left = archive.referenced("NSLeftExpression", of: uid).flatMap(next.expression),
                let right = archive.referenced("NSRightExpression", of: uid).flatMap(next.expression),
                let op = archive.referenced("NSPredicateOperator", of: uid),
                let type = Predicate.OperatorType(rawValue: int("NSOperatorType", op))
            else { return nil }
            let options = archive.field("NSOptions", of: op) != nil ? int("NSOptions", op) : int("NSFlags", op)
            return .comparison(
                .init(
                    left, type, right, modifier: Predicate.Modifier(rawValue: int("NSModifier", op)) ?? .direct,
                    options: Predicate.Options(rawValue: options)))
        default:
            return nil
        }
    }
}
