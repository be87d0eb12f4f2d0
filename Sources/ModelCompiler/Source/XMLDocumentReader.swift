import CLibXML2
import Foundation

/// Parses XML with libxml2 into `SourceElement`s carrying line and column of every element and attribute.
///
/// Safety: the network is off, entities are not substituted and external DTDs are not loaded, so a
/// model file cannot make the compiler fetch or expand anything; libxml2's own depth and size limits
/// stay on, so hostile nesting ends as a diagnostic instead of a stack overflow.
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
        guard let context = xmlNewParserCtxt() else {
            return .failure(.error(.xmlNotWellFormed, "the XML parser could not be created (out of memory?)",
                                   at: SourceLocation(file: file)))
        }
        defer { xmlFreeParserCtxt(context) }

        let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlCtxtReadMemory(context, $0, Int32(buffer.count), file, nil, options)
            }
        }
        defer { if let document { xmlFreeDoc(document) } }

        guard let document, context.pointee.wellFormed != 0, let root = xmlDocGetRootElement(document) else {
            return .failure(parseError(context: context, file: file))
        }
        var builder = TreeBuilder(text: SourceText(bytes: bytes), file: file, document: document)
        return .success(builder.element(root))
    }

    private static func parseError(context: xmlParserCtxtPtr, file: String) -> Diagnostic {
        guard let error = xmlCtxtGetLastError(context), error.pointee.code != 0 else {
            return .error(.xmlNotWellFormed, "not a well-formed XML document: no root element",
                          at: SourceLocation(file: file, line: 1, column: 1))
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

/// Converts libxml2's tree into values. Elements are visited in document order, so a cursor into the
/// raw text finds each start tag after the previous one.
private struct TreeBuilder {
    let text: SourceText
    let file: String
    let document: xmlDocPtr
    var cursor = 0

    init(text: SourceText, file: String, document: xmlDocPtr) {
        self.text = text
        self.file = file
        self.document = document
    }

    mutating func element(_ node: xmlNodePtr) -> SourceElement {
        let name = qualifiedName(node)
        // Start tags appear in the text in the order this walk visits elements, so the next one after
        // the cursor is this element's. Only when the raw bytes are not UTF-8 (say UTF-16) does that fail,
        // and libxml2's line is used instead (it is slow past line 65535, so never the first choice).
        let tagStart = text.findStartTag(Array(name.utf8), from: cursor, limit: text.bytes.count)
        var location: SourceLocation
        if let tagStart {
            let position = text.position(of: tagStart)
            location = SourceLocation(file: file, line: position.line, column: position.column)
            cursor = tagStart + 1
        } else {
            location = SourceLocation(file: file, line: max(Int(xmlGetLineNo(node)), 0))
        }

        var attributes: [SourceAttribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let attributeName = String(cString: current.pointee.name)
            var value = ""
            if let raw = xmlNodeListGetString(document, current.pointee.children, 1) {
                value = String(cString: raw)
                openmomc_xml_free(raw)
            }
            var attributeLocation = location
            if let tagStart, let offset = text.findAttribute(Array(attributeName.utf8), inTagAt: tagStart) {
                let position = text.position(of: offset)
                attributeLocation = SourceLocation(file: file, line: position.line, column: position.column)
            }
            attributes.append(SourceAttribute(name: attributeName, value: value, location: attributeLocation))
            attribute = current.pointee.next
        }

        var children: [SourceElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                children.append(element(current))
            }
            child = current.pointee.next
        }
        let text = children.isEmpty ? leafText(node) : ""
        return SourceElement(name: name, attributes: attributes, children: children, text: text,
                             location: location)
    }

    /// Text of an element without element children (`<string>Model 2.xcdatamodel</string>`).
    private func leafText(_ node: xmlNodePtr) -> String {
        guard let raw = xmlNodeGetContent(node) else { return "" }
        defer { openmomc_xml_free(raw) }
        return String(cString: raw)
    }

    private func qualifiedName(_ node: xmlNodePtr) -> String {
        let local = String(cString: node.pointee.name)
        if let ns = node.pointee.ns, let prefix = ns.pointee.prefix {
            return String(cString: prefix) + ":" + local
        }
        return local
    }
}
