/// A place in a file the user can open: 1-based line and byte column, 0 when unknown. A place inside a
/// binary archive, which has no lines, is named by the element it describes (`Entity` or `Entity.property`).
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file's path, as the input named it.
    public var file: String
    /// The line, from 1; 0 when the finding is about the whole file.
    public var line: Int
    /// The column, from 1; 0 when unknown.
    public var column: Int
    /// The archived element, for files without lines (an Xcode 3 `elements` archive); nil in text files.
    public var element: String?

    /// A place in `file`.
    public init(file: String, line: Int = 0, column: Int = 0, element: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.element = element
    }

    /// `file:line:column`, dropping the parts that are unknown, as compilers print it; `file[Entity.property]`
    /// inside an archive.
    public var description: String {
        if let element { return "\(file)[\(element)]" }
        guard line > 0 else { return file }
        guard column > 0 else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
