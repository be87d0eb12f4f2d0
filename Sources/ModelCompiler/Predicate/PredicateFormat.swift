import Foundation

/// Renders expressions as `predicateFormat` text, the form Core Data hashes derived attributes by.
public enum PredicateFormat {
    public static func string(for expression: Expression) -> String {
        switch expression {
        case .keyPath(let path): return path
        case .variable(let name): return "$" + name
        case .evaluatedObject: return "SELF"
        case .constant(let constant): return string(for: constant)
        case .function(let selector, let arguments):
            return selector + "(" + arguments.map(string(for:)).joined(separator: ", ") + ")"
        case .aggregate(let elements):
            return "{" + elements.map(string(for:)).joined(separator: ", ") + "}"
        }
    }

    static func string(for constant: Expression.Constant) -> String {
        switch constant {
        case .string(let text):
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"" + escaped + "\""
        case .number(let text): return text
        case .boolean(let value): return value ? "1" : "0"
        case .null: return "nil"
        }
    }
}
