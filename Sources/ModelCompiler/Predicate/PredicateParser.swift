/// Parses Core Data's predicate format language: comparisons with `[cdn]` options and ANY/ALL/NONE/SOME
/// modifiers, AND/OR/NOT, TRUEPREDICATE/FALSEPREDICATE, BETWEEN, IN, the string operators, and the
/// expressions of `ExpressionParser` on either side.
enum PredicateParser {
    static func parse(_ text: String) -> Result<Predicate, ExpressionParser.Failure> {
        do throws(ExpressionParser.Failure) {
            var cursor = try TokenCursor(text)
            let predicate = try cursor.predicate()
            try cursor.expectEnd()
            return .success(predicate)
        } catch {
            return .failure(error)
        }
    }
}

extension TokenCursor {
    mutating func predicate() throws(ExpressionParser.Failure) -> Predicate {
        try enter()
        defer { leave() }
        var terms = [try conjunction()]
        while isKeyword("OR") || current == .punctuation("||") {
            advance()
            terms.append(try conjunction())
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func conjunction() throws(ExpressionParser.Failure) -> Predicate {
        var terms = [try negation()]
        while isKeyword("AND") || current == .punctuation("&&") {
            advance()
            terms.append(try negation())
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func negation() throws(ExpressionParser.Failure) -> Predicate {
        if isKeyword("NOT") || current == .punctuation("!") {
            advance()
            try enter()
            defer { leave() }
            return .not(try negation())
        }
        return try primaryPredicate()
    }

    private mutating func primaryPredicate() throws(ExpressionParser.Failure) -> Predicate {
        if isKeyword("TRUEPREDICATE") { advance(); return .constant(true) }
        if isKeyword("FALSEPREDICATE") { advance(); return .constant(false) }
        // A parenthesis opens either a nested predicate or an expression; try the predicate first.
        if current == .punctuation("(") {
            var attempt = self
            attempt.advance()
            if let inner = try? attempt.predicate(), attempt.consume(")"), !attempt.startsOperator {
                self = attempt
                return inner
            }
        }
        var modifier = Predicate.Modifier.direct
        var negated = false
        if isKeyword("ANY") || isKeyword("SOME") {
            modifier = .any; advance()
        } else if isKeyword("ALL") {
            modifier = .all; advance()
        } else if isKeyword("NONE") {
            modifier = .any; negated = true; advance()
        }
        let left = try operand()
        let (operatorType, options) = try comparisonOperator()
        let right = try operand()
        let comparison = Predicate.comparison(.init(left, operatorType, right, modifier: modifier, options: options))
        return negated ? .not(comparison) : comparison
    }

    /// True at a comparison operator, so that `(a) == b` is read as an expression in parentheses.
    private var startsOperator: Bool {
        if case .punctuation(let symbol) = current { return Self.symbolOperators[symbol] != nil }
        if case .identifier(let word) = current { return Self.wordOperators[word.uppercased()] != nil }
        return false
    }

    private static let symbolOperators: [String: Predicate.OperatorType] = [
        "==": .equalTo, "=": .equalTo, "!=": .notEqualTo, "<>": .notEqualTo, "<": .lessThan, "<=": .lessThanOrEqualTo,
        "=<": .lessThanOrEqualTo, ">": .greaterThan, ">=": .greaterThanOrEqualTo, "=>": .greaterThanOrEqualTo,
    ]
    private static let wordOperators: [String: Predicate.OperatorType] = [
        "MATCHES": .matches, "LIKE": .like, "BEGINSWITH": .beginsWith, "ENDSWITH": .endsWith, "IN": .in,
        "CONTAINS": .contains, "BETWEEN": .between,
    ]

    private mutating func comparisonOperator() throws(ExpressionParser.Failure) -> (
        Predicate.OperatorType, Predicate.Options
    ) {
        let found: Predicate.OperatorType?
        switch current {
        case .punctuation(let symbol): found = Self.symbolOperators[symbol]
        case .identifier(let word): found = Self.wordOperators[word.uppercased()]
        default: found = nil
        }
        guard let operatorType = found else { throw failure("expected a comparison operator such as == or CONTAINS") }
        advance()
        var options: Predicate.Options = []
        if current == .punctuation("["), case .identifier(let letters) = peek(), peek(2) == .punctuation("]") {
            for letter in letters.lowercased() {
                switch letter {
                case "c": options.insert(.caseInsensitive)
                case "d": options.insert(.diacriticInsensitive)
                case "n": options.insert(.normalized)
                default: throw failure("unknown comparison option '\(letter)'; expected c, d or n")
                }
            }
            advance(); advance(); advance()
        }
        return (operatorType, options)
    }

    /// An expression with arithmetic, as NSExpression writes it with functions (`add:to:` ...).
    /// Each operator of a chain nests the tree one level deeper (`add:to:(add:to:(a, b), c)`), so it counts.
    mutating func operand() throws(ExpressionParser.Failure) -> Expression {
        var left = try term(), chain = 0
        defer { leave(chain) }
        while case .punctuation(let symbol) = current, symbol == "+" || symbol == "-" {
            advance()
            try enter()
            chain += 1
            left = .function(symbol == "+" ? "add:to:" : "from:subtract:", [left, try term()])
        }
        return left
    }

    private mutating func term() throws(ExpressionParser.Failure) -> Expression {
        var left = try operandPrimary(), chain = 0
        defer { leave(chain) }
        while case .punctuation(let symbol) = current, symbol == "*" || symbol == "/" {
            advance()
            try enter()
            chain += 1
            left = .function(symbol == "*" ? "multiply:by:" : "divide:by:", [left, try operandPrimary()])
        }
        return left
    }

    private mutating func operandPrimary() throws(ExpressionParser.Failure) -> Expression {
        try expression()
    }

    /// `SUBQUERY(collection, $variable, predicate)`, after the keyword.
    mutating func subquery() throws(ExpressionParser.Failure) -> Expression {
        try expect("(")
        let collection = try operand()
        try expect(",")
        guard case .variable(let name) = current else { throw failure("SUBQUERY needs a $variable") }
        advance()
        try expect(",")
        let inner = try predicate()
        try expect(")")
        return .subquery(collection, variable: name, inner)
    }
}
