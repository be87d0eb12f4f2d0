/// Orders version names as people number them: "Model" < "Model 2" < "Model 9" < "Model 10".
enum NaturalOrder {
    static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        areInIncreasingOrder(Key(lhs), Key(rhs))
    }

    /// The items in natural order of the names `name` gives them. Each name is split into its runs once, not at
    /// every comparison: splitting was nearly all of a sort's cost (3 ms for a 55-version bundle).
    static func sorted<Item>(_ items: [Item], by name: (Item) -> String) -> [Item] {
        let keys = items.map { Key(name($0)) }
        return items.indices.sorted { areInIncreasingOrder(keys[$0], keys[$1]) }.map { items[$0] }
    }

    static func sorted(_ names: some Sequence<String>) -> [String] { sorted(Array(names)) { $0 } }

    /// A name and its runs of digits and of other characters.
    private struct Key {
        let name: String
        let chunks: [Chunk]

        init(_ name: String) {
            self.name = name
            chunks = NaturalOrder.chunks(name)
        }
    }

    private static func areInIncreasingOrder(_ left: Key, _ right: Key) -> Bool {
        for (a, b) in zip(left.chunks, right.chunks) where a != b {
            switch (a, b) {
            case let (.number(x, xText), .number(y, yText)):
                return x != y ? x < y : xText < yText
            case (.number, .text): return true
            case (.text, .number): return false
            case let (.text(x), .text(y)): return x < y
            }
        }
        return left.chunks.count != right.chunks.count ? left.chunks.count < right.chunks.count : left.name < right.name
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
