/// An NSExpression as Core Data models use it (derivation expressions, predicate operands).
public indirect enum Expression: Hashable, Sendable {
    /// `name`, `author.name`, `items.@sum.price` (NSKeyPathExpressionType).
    case keyPath(String)
    /// `$NAME` (NSVariableExpressionType).
    case variable(String)
    case constant(Constant)
    /// `SELF`.
    case evaluatedObject
    /// A built-in function by its selector name: `now`, `canonical:`, `count:` (NSFunctionExpressionType).
    case function(String, [Expression])
    /// `{a, b}` (NSAggregateExpressionType).
    case aggregate([Expression])

    public enum Constant: Hashable, Sendable {
        case string(String)
        /// The number as written, so that rendering reproduces it.
        case number(String)
        case boolean(Bool)
        case null
    }
}
