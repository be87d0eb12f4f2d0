import CLibXML2

/// Builds `SourceElement`s from libxml2's SAX2 events. Start tags appear in the text in the order they are
/// reported, so a cursor into the raw bytes finds each one after the previous and counts the lines on the
/// way; only when the bytes are not UTF-8 (say UTF-16) does that fail, and the parser's line is used.
final class TreeBuilder {
    let context: xmlParserCtxtPtr
    /// Everything an event changes, in one value: each event is then one access to the builder instead of one per
    /// field, and each of those would pay a run-time exclusivity check (a class's stored properties do).
    var state: TreeState

    /// libxml2's limit without XML_PARSE_HUGE; its SAX interface leaves the check to us.
    static let maximumDepth = 256

    init(file: SourceFile, context: xmlParserCtxtPtr, stream: TopLevelStream? = nil) {
        self.context = context
        self.state = TreeState(file: file, stream: stream)
    }

    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localName, prefix, _, _, _, count, _, attributes in
            guard let context, let localName else { return }
            let builder = TreeBuilder.builder(context)
            if !builder.state.start(localName, prefix, Int(count), attributes, parserLine: builder.parserLine) {
                xmlStopParser(builder.context)
            }
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            TreeBuilder.builder(context).state.end()
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let context, let bytes else { return }
            TreeBuilder.builder(context).state.characters(bytes, Int(length))
        }
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        return handler
    }

    private static func builder(_ context: UnsafeMutableRawPointer) -> TreeBuilder {
        Unmanaged<TreeBuilder>.fromOpaque(context).takeUnretainedValue()
    }

    private var parserLine: Int { max(Int(context.pointee.input?.pointee.line ?? 0), 0) }
}

struct TreeState {
    let file: SourceFile
    /// Open elements; the text read inside the innermost one while it has no element children.
    var stack: [SourceElement] = []
    var text: [UInt8] = []
    var root: SourceElement?
    var failure: Diagnostic?
    /// Where the root's children go as each ends, instead of into the tree, when the root is the one named.
    private let stream: TopLevelStream?
    private var isStreaming = false
    /// Where the last start tag was found; nil once the raw bytes stopped matching.
    private var cursor: SourcePosition? = SourcePosition(offset: 0, line: 1, column: 1)
    private var names = InternedNames()

    init(file: SourceFile, stream: TopLevelStream?) {
        self.file = file
        self.stream = stream
    }

    /// False when the element is nested too deep: the parse must stop.
    mutating func start(
        _ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?, _ count: Int,
        _ values: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, parserLine: @autoclosure () -> Int
    )
        -> Bool
    {
        guard stack.count < TreeBuilder.maximumDepth else {
            failure = .error(
                .xmlNotWellFormed,
                "not a well-formed XML document: elements nested deeper than "
                    + "\(TreeBuilder.maximumDepth) levels (excessive depth)",
                at: SourceLocation(file: file.path, line: parserLine()))
            return false
        }
        let elementName = names.qualified(localName, prefix)
        var attributes: [SourceAttribute] = []
        if let values, count > 0 {
            attributes.reserveCapacity(count)
            // Five pointers per attribute: local name, prefix, URI, value start, value end.
            for index in 0..<count {
                let base = values + index * 5
                guard let attributeName = base[0] else { continue }
                var value = ""
                if let start = base[3], let end = base[4] {
                    value = Self.decode(UnsafeBufferPointer(start: start, count: end - start))
                }
                attributes.append(SourceAttribute(name: names.qualified(attributeName, base[1]).string, value: value))
            }
        }
        if !stack.isEmpty { text.removeAll(keepingCapacity: true) }
        if stack.isEmpty, root == nil, let stream { isStreaming = elementName.string == stream.rootName }
        let position = locate(elementName.utf8, parserLine: parserLine())
        stack.append(SourceElement(name: elementName.string, attributes: attributes, file: file, position: position))
        return true
    }

    mutating func end() {
        guard var element = stack.popLast() else { return }
        if element.children.isEmpty, !text.isEmpty { element.text = String(decoding: text, as: UTF8.self) }
        text.removeAll(keepingCapacity: true)
        if stack.isEmpty {
            if root == nil { root = element }
            isStreaming = false
        } else if stack.count == 1, isStreaming, let stream {
            stream.receive(element)
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    mutating func characters(_ bytes: UnsafePointer<xmlChar>, _ length: Int) {
        guard !stack.isEmpty, stack[stack.count - 1].children.isEmpty, !(isStreaming && stack.count == 1) else {
            return
        }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Without entity substitution libxml2 hands over `&amp;` in attribute values as `&#38;` (so that
    /// its own tree can tell it from an entity reference); turn it back into `&`.
    private static func decode(_ bytes: UnsafeBufferPointer<xmlChar>) -> String {
        let string = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "&")) else { return string }
        return string.replacingEvery("&#38;", with: "&")
    }

    private mutating func locate(_ name: [UInt8], parserLine: @autoclosure () -> Int) -> SourcePosition {
        guard let known = cursor, let offset = file.findStartTag(name, from: known.offset) else {
            cursor = nil
            return SourcePosition(offset: -1, line: parserLine(), column: 0)
        }
        let found = file.position(of: offset, after: known)
        cursor = SourcePosition(offset: offset + 1, line: found.line, column: found.column + 1)
        return found
    }
}

/// libxml2 interns names, so each distinct name pointer becomes a Swift string once. A model has a few dozen
/// names: a small table indexed by the pointer's hash finds them without hashing the text; a name that lands on
/// another's slot is made again and replaces it, which only costs time.
struct InternedNames {
    typealias Name = (string: String, utf8: [UInt8])
    private static let slots = 1024
    private var pointers = [UnsafeRawPointer?](repeating: nil, count: slots)
    private var known = [Name](repeating: ("", []), count: slots)

    mutating func qualified(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) -> Name {
        guard let prefix else { return name(localName) }
        let string = name(prefix).string + ":" + name(localName).string
        return (string, Array(string.utf8))
    }

    private mutating func name(_ pointer: UnsafePointer<xmlChar>) -> Name {
        let key = UnsafeRawPointer(pointer)
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 56) % Self.slots
        if pointers[slot] == key { return known[slot] }
        let string = String(cString: pointer)
        let name = (string: string, utf8: Array(string.utf8))
        pointers[slot] = key
        known[slot] = name
        return name
    }
}
