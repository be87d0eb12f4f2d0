import CLibXML2

/// Builds `SourceElement`s from libxml2's SAX2 events. Start tags appear in the text in the order they are
/// reported, so a cursor into the raw bytes finds each one after the previous and counts the lines on the
/// way; only when the bytes are not UTF-8 (say UTF-16) does that fail, and the parser's line is used.
final class TreeBuilder {
    let file: SourceFile
    let context: xmlParserCtxtPtr
    /// Open elements; the text read inside the innermost one while it has no element children.
    var stack: [SourceElement] = []
    var text: [UInt8] = []
    var root: SourceElement?
    var failure: Diagnostic?
    /// Where the last start tag was found; nil once the raw bytes stopped matching.
    private var cursor: SourcePosition? = SourcePosition(offset: 0, line: 1, column: 1)
    /// libxml2 interns names, so each distinct name becomes a Swift string once.
    private var names: [UnsafeRawPointer: (string: String, utf8: [UInt8])] = [:]

    /// libxml2's limit without XML_PARSE_HUGE; its SAX interface leaves the check to us.
    static let maximumDepth = 256

    init(file: SourceFile, context: xmlParserCtxtPtr) {
        self.file = file
        self.context = context
    }

    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localName, prefix, _, _, _, count, _, attributes in
            guard let context, let localName else { return }
            TreeBuilder.builder(context).start(localName, prefix, Int(count), attributes)
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            TreeBuilder.builder(context).end()
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let context, let bytes else { return }
            TreeBuilder.builder(context).characters(bytes, Int(length))
        }
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        return handler
    }

    private static func builder(_ context: UnsafeMutableRawPointer) -> TreeBuilder {
        Unmanaged<TreeBuilder>.fromOpaque(context).takeUnretainedValue()
    }

    private func name(_ pointer: UnsafePointer<xmlChar>) -> (string: String, utf8: [UInt8]) {
        if let known = names[UnsafeRawPointer(pointer)] { return known }
        let string = String(cString: pointer)
        let name = (string: string, utf8: Array(string.utf8))
        names[UnsafeRawPointer(pointer)] = name
        return name
    }

    private func qualifiedName(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) -> (string: String, utf8: [UInt8]) {
        guard let prefix else { return name(localName) }
        let string = name(prefix).string + ":" + name(localName).string
        return (string, Array(string.utf8))
    }

    func start(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?, _ count: Int,
               _ values: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard stack.count < Self.maximumDepth else {
            failure = .error(.xmlNotWellFormed, "not a well-formed XML document: elements nested deeper than "
                             + "\(Self.maximumDepth) levels (excessive depth)", at: SourceLocation(file: file.path, line: parserLine))
            xmlStopParser(context)
            return
        }
        let elementName = qualifiedName(localName, prefix)
        var attributes: [SourceAttribute] = []
        attributes.reserveCapacity(count)
        if let values {
            // Five pointers per attribute: local name, prefix, URI, value start, value end.
            for index in 0..<count {
                let base = values + index * 5
                guard let attributeName = base[0] else { continue }
                var value = ""
                if let start = base[3], let end = base[4] {
                    value = Self.decode(UnsafeBufferPointer(start: start, count: end - start))
                }
                attributes.append(SourceAttribute(name: qualifiedName(attributeName, base[1]).string, value: value))
            }
        }
        if !stack.isEmpty { text.removeAll(keepingCapacity: true) }
        stack.append(SourceElement(name: elementName.string, attributes: attributes, file: file, position: locate(elementName.utf8)))
    }

    func end() {
        guard var element = stack.popLast() else { return }
        if element.children.isEmpty, !text.isEmpty { element.text = String(decoding: text, as: UTF8.self) }
        text.removeAll(keepingCapacity: true)
        if stack.isEmpty {
            if root == nil { root = element }
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    func characters(_ bytes: UnsafePointer<xmlChar>, _ length: Int) {
        guard let open = stack.last, open.children.isEmpty else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Without entity substitution libxml2 hands over `&amp;` in attribute values as `&#38;` (so that
    /// its own tree can tell it from an entity reference); turn it back into `&`.
    private static func decode(_ bytes: UnsafeBufferPointer<xmlChar>) -> String {
        let string = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "&")) else { return string }
        return string.replacingOccurrences(of: "&#38;", with: "&")
    }

    private var parserLine: Int { max(Int(context.pointee.input?.pointee.line ?? 0), 0) }

    private func locate(_ name: [UInt8]) -> SourcePosition {
        guard let known = cursor, let offset = file.findStartTag(name, from: known.offset) else {
            cursor = nil
            return SourcePosition(offset: -1, line: parserLine, column: 0)
        }
        let found = file.position(of: offset, after: known)
        cursor = SourcePosition(offset: offset + 1, line: found.line, column: found.column + 1)
        return found
    }
}
