/// A predicate or an expression as written and as parsed, once, when the model is typed: the text serves
/// messages and the shipped record, the parsed value hashing and archiving. Nothing later parses again.
struct ParsedText<Value: Hashable & Sendable>: Hashable, Sendable {
    var text: String
    let parsed: Result<Value, ExpressionParser.Failure>

    init(_ text: String, parsedBy parse: (String) -> Result<Value, ExpressionParser.Failure>) {
        self.text = text
        parsed = parse(text)
    }

    /// An already parsed value (read back from a compiled model), with the text it formats to.
    init(text: String, value: Value) {
        self.text = text
        parsed = .success(value)
    }

    /// The parsed value; nil when the text does not parse, and `failure` says why (`ExpressionRule` reports it).
    var value: Value? { try? parsed.get() }

    var failure: ExpressionParser.Failure? {
        if case .failure(let failure) = parsed { return failure }
        return nil
    }

    /// The parsed value of a model that passed validation. A failed parse is an error that stops every
    /// later stage, so reaching here without a value is a broken invariant of openmomc, never a user error.
    var validated: Value {
        guard let value else { preconditionFailure("'\(text)' did not parse but its model reached the compile stage") }
        return value
    }
}

typealias PredicateText = ParsedText<Predicate>
typealias ExpressionText = ParsedText<Expression>
