/// An NSExpression as Core Data models use it (derivation expressions, predicate operands).
indirect enum Expression: Hashable, Sendable {
    /// `name`, `author.name`, `items.@sum.price` (NSKeyPathExpressionType).
    case keyPath(String)
    /// A key path applied to another expression: `$FETCH_SOURCE.name` (NSKeyPathExpressionType with an operand).
    case keyPathOn(Expression, String)
    /// `$NAME` (NSVariableExpressionType).
    case variable(String)
    case constant(Constant)
    /// `SELF`.
    case evaluatedObject
    /// A built-in function by its selector name: `now`, `canonical:`, `count:` (NSFunctionExpressionType).
    case function(String, [Expression])
    /// `{a, b}` (NSAggregateExpressionType).
    case aggregate([Expression])
    /// `SUBQUERY(collection, $variable, predicate)` (NSSubqueryExpressionType).
    case subquery(Expression, variable: String, Predicate)

    enum Constant: Hashable, Sendable {
        case string(String)
        /// The number as written, so that rendering reproduces it.
        case number(String)
        case boolean(Bool)
        case null
    }
}

/// An NSPredicate as Core Data models use it (fetch request templates, fetched properties).
indirect enum Predicate: Hashable, Sendable {
    /// `TRUEPREDICATE` / `FALSEPREDICATE`.
    case constant(Bool)
    case comparison(Comparison)
    case and([Predicate])
    case or([Predicate])
    case not(Predicate)

    struct Comparison: Hashable, Sendable {
        var left: Expression
        var right: Expression
        var operatorType: OperatorType
        var modifier: Modifier = .direct
        var options: Options = []

        init(
            _ left: Expression, _ operatorType: OperatorType, _ right: Expression,
            modifier: Modifier = .direct, options: Options = []
        ) {
            self.left = left
            self.right = right
            self.operatorType = operatorType
            self.modifier = modifier
            self.options = options
        }
    }

    /// `NSComparisonPredicate.Operator` raw values.
    enum OperatorType: Int, Hashable, Sendable {
        case lessThan = 0, lessThanOrEqualTo = 1, greaterThan = 2, greaterThanOrEqualTo = 3, equalTo = 4,
            notEqualTo = 5, matches = 6, like = 7, beginsWith = 8, endsWith = 9, `in` = 10, contains = 99,
            between = 100
    }

    /// `NSComparisonPredicate.Modifier` raw values.
    enum Modifier: Int, Hashable, Sendable {
        case direct = 0, all = 1, any = 2
    }

    /// `NSComparisonPredicate.Options`: `[c]`, `[d]`, `[n]`.
    struct Options: OptionSet, Hashable, Sendable {
        let rawValue: Int
        init(rawValue: Int) { self.rawValue = rawValue }
        static let caseInsensitive = Options(rawValue: 1)
        static let diacriticInsensitive = Options(rawValue: 2)
        static let normalized = Options(rawValue: 4)
    }
}
