/// Builds generated Swift text: the printer owns indentation, so generators say what a line is and where a block
/// opens and closes, never how many spaces it takes. Quoted names and values go through `literal`.
struct CodePrinter {
    /// The text so far as UTF-8, each line ended: one growing buffer, not an array of lines joined at the end (a
    /// large model's code is tens of megabytes, and the lines and their join were both held at once). Bytes, not a
    /// `String`: appending to a string cost ten times as much per piece, and a line is several pieces.
    private var output: [UInt8] = []
    private var depth: Int
    private static let unit = "    "

    /// `depth`: the level its lines start at, for a part printed apart and appended inside a block.
    init(depth: Int = 0) { self.depth = depth }

    /// One line at the current depth. An empty line stays empty: Xcode's files have no trailing whitespace there.
    mutating func line(_ text: String = "") {
        if !text.isEmpty {
            indent()
            write(text)
        }
        output.append(0x0A)
    }

    /// One line of several pieces, written one after the other without being joined first (the lines printed per
    /// property and per key, where interpolating them was most of what a line cost).
    mutating func line(_ first: String, _ second: String, _ rest: String...) {
        indent()
        write(first)
        write(second)
        for piece in rest { write(piece) }
        output.append(0x0A)
    }

    private mutating func indent() {
        write(depth < Self.indents.count ? Self.indents[depth] : String(repeating: Self.unit, count: depth))
    }

    private mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    /// Each depth's indentation, appended at once (a unit at a time was a tenth of printing a line).
    private static let indents = (0..<12).map { String(repeating: unit, count: $0) }

    /// A line as written, ignoring depth (file headers, whose `//  ` ends in spaces on purpose).
    mutating func verbatim(_ text: String) {
        write(text)
        output.append(0x0A)
    }

    /// `opener`, the body one level deeper, then `closer`.
    mutating func block(_ opener: String, closer: String = "}", _ body: (inout CodePrinter) -> Void) {
        open(opener)
        body(&self)
        close(closer)
    }

    /// `opener`, and the lines after it one level deeper until `close`: a block whose body is printed in parts.
    mutating func open(_ opener: String) {
        line(opener)
        depth += 1
    }

    mutating func close(_ closer: String = "}") {
        depth -= 1
        line(closer)
    }

    /// What another printer printed, as it printed it (parts printed side by side, joined in order).
    mutating func append(_ other: CodePrinter) {
        output += other.output
        depth = other.depth  // a part that left a block open (`open`) is continued at its depth
    }

    /// A Swift string literal for a model's text.
    func literal(_ text: String) -> String { SwiftLiteral.string(text) }

    /// The file's text: lines joined, ending in one line break.
    var text: String { output.isEmpty ? "\n" : String(decoding: output, as: UTF8.self) }
}
