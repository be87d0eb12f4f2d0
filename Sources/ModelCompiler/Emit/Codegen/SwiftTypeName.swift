/// Whether text from a model may stand in generated Swift as a type: dotted identifiers, generic arguments in angle
/// brackets, `[T]`, `[K: V]`, trailing `?` or `!`, and spaces between tokens; nothing else. A `customClassName` is
/// written by whoever made the model: anything outside this grammar (a line break, a brace, a parenthesis, a quote)
/// could add code of its own, so it is an error instead, as protoc and SwiftGen treat names.
enum SwiftTypeName {
    /// Deeper nesting than any real type: the check stays bounded on a hostile name.
    static let maximumDepth = 32

    static func isValid(_ text: String) -> Bool {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        guard parser.type(depth: 0) else { return false }
        parser.skipSpaces()
        return parser.position == parser.scalars.count
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0

        mutating func skipSpaces() { while position < scalars.count, scalars[position] == " " { position += 1 } }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            skipSpaces()
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
            return true
        }

        /// type := primary ('?' | '!')*
        mutating func type(depth: Int) -> Bool {
            guard depth < SwiftTypeName.maximumDepth, primary(depth: depth) else { return false }
            while take("?") || take("!") {}
            return true
        }

        /// primary := dotted ('<' type (',' type)* '>')? | '[' type (':' type)? ']'
        mutating func primary(depth: Int) -> Bool {
            if take("[") {
                guard type(depth: depth + 1) else { return false }
                if take(":") { guard type(depth: depth + 1) else { return false } }
                return take("]")
            }
            guard dotted() else { return false }
            if take("<") {
                repeat { guard type(depth: depth + 1) else { return false } } while take(",")
                return take(">")
            }
            return true
        }

        /// dotted := identifier ('.' identifier)*
        mutating func dotted() -> Bool {
            repeat { guard identifier() else { return false } } while take(".")
            return true
        }

        mutating func identifier() -> Bool {
            skipSpaces()
            let start = position
            while position < scalars.count,
                scalars[position] == "_" || scalars[position].properties.isAlphabetic
                    || (position > start && scalars[position].properties.numericType == .decimal)
            {
                position += 1
            }
            return position > start
        }
    }
}
