/// A predicate or an expression as written and as parsed, once, when the model is typed: the text serves
/// messages and the shipped record, the parsed value hashing and archiving. Nothing later parses again.
public struct ParsedText<Value: Hashable & Sendable>: Hashable, Sendable {
    public var text: String
    /// The parsed value; nil when the text does not parse, and `failure` says why (`ExpressionRule` reports it).
    public var value: Value?
    var failure: ExpressionParser.Failure?

    init(text: String, value: Value?, failure: ExpressionParser.Failure?) {
        self.text = text
        self.value = value
        self.failure = failure
    }

    /// The parsed value of a model that passed validation. A failed parse is an error that stops every
    /// later stage, so reaching here without a value is a broken invariant of openmomc, never a user error.
    var validated: Value {
        guard let value else { preconditionFailure("'\(text)' did not parse but its model reached the compile stage") }
        return value
    }
}

public typealias PredicateText = ParsedText<Predicate>
public typealias ExpressionText = ParsedText<Expression>

extension ParsedText where Value == Predicate {
    static func parse(_ text: String) -> PredicateText {
        switch PredicateParser.parse(text) {
        case .success(let predicate): PredicateText(text: text, value: predicate, failure: nil)
        case .failure(let failure): PredicateText(text: text, value: nil, failure: failure)
        }
    }
}

extension ParsedText where Value == Expression {
    static func parse(_ text: String) -> ExpressionText {
        switch ExpressionParser.parse(text) {
        case .success(let expression): ExpressionText(text: text, value: expression, failure: nil)
        case .failure(let failure): ExpressionText(text: text, value: nil, failure: failure)
        }
    }
}
