import CLibXML2
import Foundation

/// Parses XML with libxml2 into `SourceElement`s carrying line and column of every element and attribute.
///
/// It streams (xmlTextReader) instead of building libxml2's own tree, so only one tree, ours, is ever held.
/// Safety: the network is off, entities are not substituted and external DTDs are not loaded, so a model
/// file cannot make the compiler fetch or expand anything; libxml2's own depth and size limits stay on,
/// so hostile nesting ends as a diagnostic instead of a stack overflow.
public enum XMLDocumentReader {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    public static func parse(bytes: [UInt8], file: String) -> Result<SourceElement, Diagnostic> {
        _ = initialized
        guard !bytes.isEmpty else {
            return .failure(.error(.xmlNotWellFormed, "file is empty; expected an XML document",
                                   at: SourceLocation(file: file, line: 1, column: 1)))
        }
        guard bytes.count < Int(Int32.max) else {
            return .failure(.error(.xmlNotWellFormed, "file is too large to be a model (\(bytes.count) bytes)",
                                   at: SourceLocation(file: file)))
        }
        let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue)
        xmlResetLastError()
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                guard let reader = xmlReaderForMemory(pointer, Int32(buffer.count), file, nil, options) else {
                    return .failure(.error(.xmlNotWellFormed, "the XML parser could not be created (out of memory?)",
                                           at: SourceLocation(file: file)))
                }
                defer { xmlFreeTextReader(reader) }
                var builder = StreamBuilder(text: SourceText(bytes: bytes), file: file)
                return builder.read(reader)
            }
        }
    }

    static func parseError(file: String, fallbackLine: Int) -> Diagnostic {
        guard let error = xmlGetLastError(), error.pointee.code != 0 else {
            return .error(.xmlNotWellFormed, "not a well-formed XML document: no root element",
                          at: SourceLocation(file: file, line: max(fallbackLine, 1), column: 1))
        }
        var message = error.pointee.message.map { String(cString: $0) } ?? "unknown XML error"
        message = message.replacingOccurrences(of: " use XML_PARSE_HUGE option", with: "")
            .split(whereSeparator: \.isNewline).joined(separator: "; ")
            .trimmingCharacters(in: .whitespaces)
        let line = Int(error.pointee.line), column = Int(error.pointee.int2)
        return .error(.xmlNotWellFormed, "not a well-formed XML document: \(message)",
                      at: SourceLocation(file: file, line: max(line, 1), column: max(column, 0)))
    }
}

/// Builds `SourceElement`s from the reader's events. Start tags appear in the text in the order they are
/// read, so a cursor into the raw text finds each one after the previous; only when the raw bytes are not
/// UTF-8 (say UTF-16) does that fail, and the parser's line is used instead.
private struct StreamBuilder {
    let text: SourceText
    let file: String
    var cursor = 0
    /// Open elements with the text read inside each so far.
    var stack: [(element: SourceElement, text: String)] = []
    var root: SourceElement?

    init(text: SourceText, file: String) {
        self.text = text
        self.file = file
    }

    mutating func read(_ reader: xmlTextReaderPtr) -> Result<SourceElement, Diagnostic> {
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            if status < 0 {
                return .failure(XMLDocumentReader.parseError(file: file, fallbackLine: Int(xmlTextReaderGetParserLineNumber(reader))))
            }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let element = start(reader)
                if xmlTextReaderIsEmptyElement(reader) == 1 { finish(element, text: "") } else { stack.append((element, "")) }
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                if let (element, text) = stack.popLast() { finish(element, text: text) }
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                 Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                if !stack.isEmpty, let value = xmlTextReaderConstValue(reader) {
                    stack[stack.count - 1].text += String(cString: value)
                }
            default:
                break
            }
        }
        // A reader can stop early without reporting a negative status (truncated input); check for it.
        if let error = xmlGetLastError(), error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue {
            return .failure(XMLDocumentReader.parseError(file: file, fallbackLine: 1))
        }
        guard let root, stack.isEmpty else {
            return .failure(XMLDocumentReader.parseError(file: file, fallbackLine: 1))
        }
        return .success(root)
    }

    private mutating func start(_ reader: xmlTextReaderPtr) -> SourceElement {
        let name = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
        let tagStart = text.findStartTag(Array(name.utf8), from: cursor, limit: text.bytes.count)
        var location: SourceLocation
        if let tagStart {
            let position = text.position(of: tagStart)
            location = SourceLocation(file: file, line: position.line, column: position.column)
            cursor = tagStart + 1
        } else {
            location = SourceLocation(file: file, line: max(Int(xmlTextReaderGetParserLineNumber(reader)), 0))
        }
        var attributes: [SourceAttribute] = []
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let attributeName = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
            let value = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
            var attributeLocation = location
            if let tagStart, let offset = text.findAttribute(Array(attributeName.utf8), inTagAt: tagStart) {
                let position = text.position(of: offset)
                attributeLocation = SourceLocation(file: file, line: position.line, column: position.column)
            }
            attributes.append(SourceAttribute(name: attributeName, value: value, location: attributeLocation))
        }
        xmlTextReaderMoveToElement(reader)
        return SourceElement(name: name, attributes: attributes, location: location)
    }

    /// Closes an element: text is kept only for elements without element children (property-list values).
    private mutating func finish(_ element: SourceElement, text: String) {
        var element = element
        if element.children.isEmpty { element.text = text }
        if stack.isEmpty {
            if root == nil { root = element }
        } else {
            stack[stack.count - 1].element.children.append(element)
        }
    }
}
