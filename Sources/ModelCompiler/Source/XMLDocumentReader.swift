import CLibXML2
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parses XML with libxml2 into `SourceElement`s that know their exact line and column.
///
/// It uses libxml2's SAX2 callbacks, so libxml2 builds no tree of its own and only ours is ever held.
/// Safety: the network is off, entities are not substituted and external DTDs are not loaded, so a model
/// file cannot make the compiler fetch or expand anything; libxml2's size limits stay on, and the tree builder
/// applies its depth limit, so hostile input ends as a diagnostic instead of a hang or a stack overflow.
enum XMLDocumentReader {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// `stream`: where the root's children go as each ends, while the parser reads on; the root returned has none.
    /// What it received is only meaningful when the parse succeeds.
    static func parse(bytes: [UInt8], file: String, stream: TopLevelStream? = nil) -> Result<SourceElement, Diagnostic>
    {
        _ = initialized
        guard !bytes.isEmpty else {
            return .failure(
                .error(
                    .xmlNotWellFormed, "file is empty; expected an XML document",
                    at: SourceLocation(file: file, line: 1, column: 1)))
        }
        guard bytes.count < Int(Int32.max) else {
            return .failure(
                .error(
                    .xmlNotWellFormed, "file is too large to be a model (\(bytes.count) bytes)",
                    at: SourceLocation(file: file)))
        }
        let options = Int32(
            bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue)
        let source = SourceFile(path: file, bytes: bytes)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                guard let context = xmlCreateMemoryParserCtxt(pointer, Int32(buffer.count)),
                    let sax = context.pointee.sax
                else {
                    return .failure(
                        .error(
                            .xmlNotWellFormed, "the XML parser could not be created (out of memory?)",
                            at: SourceLocation(file: file)))
                }
                defer { xmlFreeParserCtxt(context) }
                let builder = TreeBuilder(file: source, context: context, stream: stream)
                sax.pointee = TreeBuilder.makeHandler()
                context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
                xmlCtxtUseOptions(context, options)
                // Encoding and I/O problems go to libxml2's global channel, which would print them: keep them instead.
                var messages = openmomc_xml_messages()
                let status = withUnsafeMutablePointer(to: &messages) { captured in
                    openmomc_route_xml_messages(captured)
                    defer { openmomc_route_xml_messages(nil) }
                    return withExtendedLifetime(builder) { xmlParseDocument(context) }
                }
                if let failure = builder.state.failure { return .failure(failure) }
                guard status == 0, context.pointee.wellFormed != 0, let root = builder.state.root,
                    builder.state.stack.isEmpty
                else {
                    // libxml2 2.12 made the error pointer const; converting accepts either.
                    var failure = parseError(xmlCtxtGetLastError(context).map { UnsafePointer($0) }, file: file)
                    if messages.seen != 0 {
                        let first = withUnsafeBytes(of: messages.message) {
                            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                        }
                        .trimmingWhitespaceAndNewlines
                        if !first.isEmpty, !failure.message.contains(first) { failure.message += " (\(first))" }
                    }
                    return .failure(failure)
                }
                return .success(root)
            }
        }
    }

    static func parseError(_ error: UnsafePointer<xmlError>?, file: String) -> Diagnostic {
        guard let error, error.pointee.code != 0 else {
            return .error(
                .xmlNotWellFormed, "not a well-formed XML document: no root element",
                at: SourceLocation(file: file, line: 1, column: 1))
        }
        var message = error.pointee.message.map { String(cString: $0) } ?? "unknown XML error"
        message =
            message.replacingEvery(" use XML_PARSE_HUGE option", with: "")
            .split(whereSeparator: \.isNewline).joined(separator: "; ")
            .trimmingWhitespace
        let line = Int(error.pointee.line), column = Int(error.pointee.int2)
        return .error(
            .xmlNotWellFormed, "not a well-formed XML document: \(message)",
            at: SourceLocation(file: file, line: max(line, 1), column: max(column, 0)))
    }
}

/// Receives the children of a document's root element one by one as the parser reads them, when the root has the
/// given name: they can be worked on while the rest of the file is read, and freed once they have been.
struct TopLevelStream {
    let rootName: String
    let receive: (SourceElement) -> Void
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let xmlNotWellFormed: DiagnosticCode = "xml-not-well-formed"
}
