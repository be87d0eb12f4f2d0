/// Orders version names as people number them: "Model" < "Model 2" < "Model 9" < "Model 10".
enum NaturalOrder {
    static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = chunks(lhs), right = chunks(rhs)
        for (a, b) in zip(left, right) where a != b {
            switch (a, b) {
            case let (.number(x, xText), .number(y, yText)):
                return x != y ? x < y : xText < yText
            case (.number, .text): return true
            case (.text, .number): return false
            case let (.text(x), .text(y)): return x < y
            }
        }
        return left.count != right.count ? left.count < right.count : lhs < rhs
    }

    private enum Chunk: Equatable {
        case text(String)
        case number(Double, String)
    }

    private static func chunks(_ string: String) -> [Chunk] {
        var result: [Chunk] = []
        var current = "", inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            result.append(inDigits ? .number(Double(current) ?? 0, current) : .text(current))
            current = ""
        }
        for character in string {
            let isDigit = character.isASCII && character.isNumber
            if isDigit != inDigits { flush(); inDigits = isDigit }
            current.append(character)
        }
        flush()
        return result
    }
}
