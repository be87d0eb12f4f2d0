/// A place in a file the user can open: 1-based line and byte column, 0 when unknown.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, dropping the parts that are unknown, as compilers print it.
    public var description: String {
        guard line > 0 else { return file }
        guard column > 0 else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
