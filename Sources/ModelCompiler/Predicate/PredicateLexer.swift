/// Splits Core Data's predicate/expression format text into tokens.
struct PredicateLexer {
    enum Token: Equatable {
        case identifier(String)
        case variable(String)
        case string(String)
        case number(String)
        case punctuation(String)
        case end
    }

    struct Failure: Error, Equatable {
        var message: String
        var offset: Int
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    static func tokenize(_ text: String) throws(Failure) -> [(token: Token, offset: Int)] {
        var lexer = PredicateLexer(text)
        var tokens: [(Token, Int)] = []
        while true {
            let (token, offset) = try lexer.next()
            tokens.append((token, offset))
            if token == .end { return tokens }
        }
    }

    private static let twoCharacterOperators: Set<String> = ["==", "!=", "<>", ">=", "=>", "<=", "=<", "&&", "||"]

    private mutating func next() throws(Failure) -> (Token, Int) {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        let start = index
        guard index < scalars.count else { return (.end, start) }
        let scalar = scalars[index]
        if scalar == "\"" || scalar == "'" { return (.string(try quoted(scalar)), start) }
        if scalar == "$" {
            index += 1
            let name = identifierText()
            guard !name.isEmpty else { throw Failure(message: "expected a variable name after '$'", offset: start) }
            return (.variable(name), start)
        }
        if scalar.properties.numericType != nil && scalar.isASCII
            || (scalar == "." && index + 1 < scalars.count && scalars[index + 1].isASCIIDigit)
        {
            return (.number(numberText()), start)
        }
        if isIdentifierStart(scalar) || scalar == "@" || scalar == "#" {
            if scalar == "#" { index += 1 }
            return (.identifier((scalar == "#" ? "#" : "") + identifierText()), start)
        }
        if index + 1 < scalars.count {
            let pair = String(String.UnicodeScalarView([scalar, scalars[index + 1]]))
            if Self.twoCharacterOperators.contains(pair) {
                index += 2
                return (.punctuation(pair), start)
            }
        }
        index += 1
        guard "()[]{},.:=<>!+-*/%^".unicodeScalars.contains(scalar) else {
            throw Failure(message: "unexpected character '\(Character(scalar))'", offset: start)
        }
        return (.punctuation(String(Character(scalar))), start)
    }

    private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private mutating func identifierText() -> String {
        var text = ""
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "_" || scalar == "@" || scalar.properties.isAlphabetic || scalar.isASCIIDigit else { break }
            text.unicodeScalars.append(scalar)
            index += 1
        }
        return text
    }

    private mutating func numberText() -> String {
        var text = ""
        if scalars[index] == "0", index + 1 < scalars.count, "xXoObB".unicodeScalars.contains(scalars[index + 1]) {
            text = "0" + String(Character(scalars[index + 1]))
            index += 2
            while index < scalars.count, scalars[index].properties.isASCIIHexDigit {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            return text
        }
        var seenExponent = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.isASCIIDigit || scalar == "." {
                // `a.@count` never reaches here; a dot ends the number only before a non-digit.
                if scalar == ".", !(index + 1 < scalars.count && scalars[index + 1].isASCIIDigit) { break }
            } else if (scalar == "e" || scalar == "E") && !seenExponent {
                seenExponent = true
                if index + 1 < scalars.count, scalars[index + 1] == "-" || scalars[index + 1] == "+" {
                    text.unicodeScalars.append(scalar)
                    index += 1
                }
            } else {
                break
            }
            text.unicodeScalars.append(scalars[index])
            index += 1
        }
        return text
    }

    private mutating func quoted(_ quote: Unicode.Scalar) throws(Failure) -> String {
        let start = index
        index += 1
        var text = ""
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == quote { return text }
            if scalar == "\\", index < scalars.count {
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "n": text += "\n"
                case "t": text += "\t"
                case "r": text += "\r"
                default: text.unicodeScalars.append(escaped)
                }
                continue
            }
            text.unicodeScalars.append(scalar)
        }
        throw Failure(message: "unterminated string", offset: start)
    }
}

extension Unicode.Scalar {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
