/// Reads `.xccurrentversion`, the XML property list `{ _XCCurrentVersionName = "Model 2.xcdatamodel" }`.
enum CurrentVersionFileReader {
    static let key = "_XCCurrentVersionName"

    static func read(_ path: String, diagnostics: inout [Diagnostic]) -> CurrentVersionPointer? {
        let here = SourceLocation(file: path, line: 1, column: 1)
        func malformed(_ why: String, at location: SourceLocation? = nil) -> CurrentVersionPointer? {
            diagnostics.append(
                .error(.currentVersionMalformed, "malformed .xccurrentversion: \(why)", at: location ?? here))
            return CurrentVersionPointer(file: path, rawName: nil, location: location ?? here, isMalformed: true)
        }
        let bytes: [UInt8]
        switch FileSystem.readFile(path) {
        case .success(let read): bytes = read
        case .failure(let error): return malformed("cannot read it: \(error.reason)")
        }
        if bytes.starts(with: Array("bplist".utf8)) {
            return malformed("it is a binary property list; Xcode writes XML, re-save the model in Xcode")
        }
        let root: SourceElement
        switch XMLDocumentReader.parse(bytes: bytes, file: path) {
        case .success(let element): root = element
        case .failure(let diagnostic): return malformed(diagnostic.message, at: diagnostic.location)
        }
        guard root.name == "plist", let dict = root.children.first, dict.name == "dict", root.children.count == 1 else {
            return malformed("expected a property list holding one dictionary", at: root.location)
        }
        var index = 0
        while index < dict.children.count {
            let keyElement = dict.children[index]
            guard keyElement.name == "key" else {
                return malformed("expected <key>, found <\(keyElement.name)>", at: keyElement.location)
            }
            guard index + 1 < dict.children.count else {
                return malformed("key '\(keyElement.text)' has no value", at: keyElement.location)
            }
            let value = dict.children[index + 1]
            if keyElement.text == key {
                guard value.name == "string" else {
                    return malformed("\(key) must be a <string>, found <\(value.name)>", at: value.location)
                }
                return CurrentVersionPointer(file: path, rawName: value.text, location: value.location)
            }
            index += 2
        }
        return CurrentVersionPointer(file: path, rawName: nil, location: dict.location)
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let currentVersionMalformed: DiagnosticCode = "current-version-malformed"
}
