/// Parses the expression half of Core Data's predicate format language (derivation expressions and
/// predicate operands). Follows Foundation's `NSExpression(format:)` where the spec is silent.
enum ExpressionParser {
    struct Failure: Error, Hashable, CustomStringConvertible {
        var message: String
        /// Offset in Unicode scalars from the start of the text.
        var offset: Int
        var description: String { "\(message) (at character \(offset + 1))" }
    }

    static func parse(_ text: String) -> Result<Expression, Failure> {
        do throws(Failure) {
            var cursor = try TokenCursor(text)
            let expression = try cursor.expression()
            try cursor.expectEnd()
            return .success(expression)
        } catch {
            return .failure(error)
        }
    }
}

/// A position in the token list, shared by the expression and predicate parsers.
struct TokenCursor {
    typealias Token = PredicateLexer.Token
    private let tokens: [(token: Token, offset: Int)]
    private var position = 0
    /// How deep the tree being built is. Every later walk of a parsed expression (validation, hashing,
    /// archiving, formatting) recurses, so the parser is what keeps them within the stack.
    private(set) var depth = 0
    /// Far beyond any real predicate (a handful of levels), far below what the recursive walks can take.
    static let maximumDepth = 100

    init(_ text: String) throws(ExpressionParser.Failure) {
        do {
            tokens = try PredicateLexer.tokenize(text)
        } catch {
            throw ExpressionParser.Failure(message: error.message, offset: error.offset)
        }
    }

    var current: Token { tokens[position].token }
    var offset: Int { tokens[position].offset }
    func peek(_ distance: Int = 1) -> Token { tokens[min(position + distance, tokens.count - 1)].token }
    mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    /// Enters one level of nesting (`levels` for a chain of operators, each a level of the tree); pair with `leave`.
    mutating func enter(_ levels: Int = 1) throws(ExpressionParser.Failure) {
        guard depth + levels <= Self.maximumDepth else {
            throw failure("nested more than \(Self.maximumDepth) levels deep; split it up")
        }
        depth += levels
    }

    mutating func leave(_ levels: Int = 1) { depth -= levels }

    func failure(_ message: String) -> ExpressionParser.Failure {
        ExpressionParser.Failure(message: message, offset: offset)
    }

    mutating func consume(_ punctuation: String) -> Bool {
        guard current == .punctuation(punctuation) else { return false }
        advance()
        return true
    }

    mutating func expect(_ punctuation: String) throws(ExpressionParser.Failure) {
        guard consume(punctuation) else { throw failure("expected '\(punctuation)'") }
    }

    mutating func expectEnd() throws(ExpressionParser.Failure) {
        guard current == .end else { throw failure("unexpected text after the end of the expression") }
    }

    /// True when the current token is the keyword `word` (keywords are case-insensitive).
    func isKeyword(_ word: String) -> Bool {
        if case .identifier(let name) = current { return name.uppercased() == word }
        return false
    }

    // MARK: Expressions

    mutating func expression() throws(ExpressionParser.Failure) -> Expression {
        try enter()
        defer { leave() }
        let base = try primaryExpression()
        // `$x.price`, `SUBQUERY(...).@count`: a key path applied to another expression.
        var components: [String] = []
        while current == .punctuation("."), case .identifier(let next) = peek() {
            advance()
            advance()
            components.append(next)
        }
        guard !components.isEmpty else { return base }
        if components == ["@count"] { return .function("count:", [base]) }
        if components.last == "@count" {
            return .function("count:", [.keyPathOn(base, components.dropLast().joined(separator: "."))])
        }
        return .keyPathOn(base, components.joined(separator: "."))
    }

    private mutating func primaryExpression() throws(ExpressionParser.Failure) -> Expression {
        switch current {
        case .number(let text):
            advance()
            return .constant(.number(text))
        case .string(let text):
            advance()
            return .constant(.string(text))
        case .variable(let name):
            advance()
            return .variable(name)
        case .punctuation("{"):
            advance()
            var elements: [Expression] = []
            if !consume("}") {
                repeat { elements.append(try expression()) } while consume(",")
                try expect("}")
            }
            return .aggregate(elements)
        case .punctuation("("):
            advance()
            let inner = try expression()
            try expect(")")
            return inner
        case .punctuation("-"):
            if case .number(let text) = peek() {
                advance()
                advance()
                return .constant(.number("-" + text))
            }
            throw failure("expected an expression")
        case .identifier(let name):
            return try identifierExpression(name)
        default:
            throw failure("expected an expression")
        }
    }

    private mutating func identifierExpression(_ name: String) throws(ExpressionParser.Failure) -> Expression {
        switch name.uppercased() {
        case "YES", "TRUE":
            advance()
            return .constant(.boolean(true))
        case "NO", "FALSE":
            advance()
            return .constant(.boolean(false))
        case "NIL", "NULL":
            advance()
            return .constant(.null)
        case "SELF":
            advance()
            return .evaluatedObject
        case "SUBQUERY" where peek() == .punctuation("("):
            advance()
            return try subquery()
        default:
            break
        }
        // `now()` and `canonical:(x)`: a function named by its selector.
        if peek() == .punctuation("(") || (peek() == .punctuation(":") && peek(2) == .punctuation("(")) {
            advance()
            let selector = consume(":") ? name + ":" : name
            try expect("(")
            var arguments: [Expression] = []
            if !consume(")") {
                repeat { arguments.append(try expression()) } while consume(",")
                try expect(")")
            }
            return .function(selector, arguments)
        }
        var components = [name.hasPrefix("#") ? String(name.dropFirst()) : name]
        advance()
        while current == .punctuation("."), case .identifier(let next) = peek() {
            advance()
            advance()
            components.append(next)
        }
        // A trailing `@count` is the count function of the collection before it.
        if components.count > 1, components.last == "@count" {
            return .function("count:", [.keyPath(components.dropLast().joined(separator: "."))])
        }
        return .keyPath(components.joined(separator: "."))
    }
}
