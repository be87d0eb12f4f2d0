#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renders expressions as `predicateFormat` text, the form Core Data hashes derived attributes by.
enum PredicateFormat {
    static func string(for expression: Expression) -> String {
        switch expression {
        case .keyPath(let path): return path
        case .keyPathOn(let base, let path): return string(for: base) + "." + path
        case .variable(let name): return "$" + name
        case .evaluatedObject: return "SELF"
        case .constant(let constant): return string(for: constant)
        case .function(let selector, let arguments):
            return selector + "(" + arguments.map(string(for:)).joined(separator: ", ") + ")"
        case .aggregate(let elements):
            return "{" + elements.map(string(for:)).joined(separator: ", ") + "}"
        case .subquery(let collection, let variable, let predicate):
            return "SUBQUERY(\(string(for: collection)), $\(variable), \(string(for: predicate)))"
        }
    }

    static func string(for predicate: Predicate) -> String {
        switch predicate {
        case .constant(let value): return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let comparison): return string(for: comparison)
        case .and(let terms): return terms.map(nested).joined(separator: " AND ")
        case .or(let terms): return terms.map(nested).joined(separator: " OR ")
        case .not(let inner): return "NOT " + nested(inner)
        }
    }

    /// Compound predicates print their compound parts in parentheses, as NSCompoundPredicate does.
    private static func nested(_ predicate: Predicate) -> String {
        switch predicate {
        case .and, .or, .not: return "(" + string(for: predicate) + ")"
        default: return string(for: predicate)
        }
    }

    private static func string(for comparison: Predicate.Comparison) -> String {
        let symbols: [Predicate.OperatorType: String] = [
            .lessThan: "<", .lessThanOrEqualTo: "<=", .greaterThan: ">", .greaterThanOrEqualTo: ">=", .equalTo: "==",
            .notEqualTo: "!=", .matches: "MATCHES", .like: "LIKE", .beginsWith: "BEGINSWITH", .endsWith: "ENDSWITH",
            .in: "IN", .contains: "CONTAINS", .between: "BETWEEN",
        ]
        var options = ""
        if comparison.options.contains(.caseInsensitive) { options += "c" }
        if comparison.options.contains(.diacriticInsensitive) { options += "d" }
        if comparison.options.contains(.normalized) { options += "n" }
        let modifier = comparison.modifier == .any ? "ANY " : comparison.modifier == .all ? "ALL " : ""
        return modifier + string(for: comparison.left) + " " + symbols[comparison.operatorType]!
            + (options.isEmpty ? "" : "[\(options)]") + " " + string(for: comparison.right)
    }

    static func string(for constant: Expression.Constant) -> String {
        switch constant {
        case .string(let text):
            let escaped = text.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"")
            return "\"" + escaped + "\""
        case .number(let text): return text
        case .boolean(let value): return value ? "1" : "0"
        case .null: return "nil"
        }
    }
}
