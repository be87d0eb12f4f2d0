import CLibXML2

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a `contents` XML document as Xcode writes it: the standalone UTF-8 declaration, four-space indentation,
/// empty elements closed in place, attributes in the order given. libxml2's writer does the escaping.
enum ContentsWriter {
    struct Failure: Error {
        var reason: String
    }

    /// A version folder changed as one step: `contents` in, and (as Xcode does, unless kept) `elements` and `layout`
    /// out.
    static func replace(
        in versionFolder: String, with contents: [UInt8], keepingBinary: Bool
    ) -> Result<Void, AtomicFile.Failure> {
        AtomicFile.transform(versionFolder) { copy in
            try AtomicFile.writeInPlace(contents, to: copy.appendingPathComponent("contents"))
            guard !keepingBinary else { return }
            for name in ["elements", "layout"]
            where FileManager.default.fileExists(atPath: copy.appendingPathComponent(name)) {
                try FileManager.default.removeItem(atPath: copy.appendingPathComponent(name))
            }
        }
    }

    static func document(_ root: ContentsElement) -> Result<[UInt8], Failure> {
        guard let buffer = xmlBufferCreate() else { return .failure(Failure(reason: "out of memory")) }
        defer { xmlBufferFree(buffer) }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else { return .failure(Failure(reason: "out of memory")) }
        var ok =
            xmlTextWriterSetIndent(writer, 1) >= 0 && xmlTextWriterSetIndentString(writer, "    ") >= 0
            && xmlTextWriterStartDocument(writer, "1.0", "UTF-8", "yes") >= 0
        // Elements nest at most four deep (model, entity, property, userInfo entry): the recursion is bounded.
        func write(_ element: ContentsElement) {
            guard ok else { return }
            ok = xmlTextWriterStartElement(writer, element.name) >= 0
            for attribute in element.attributes where ok {
                ok = xmlTextWriterWriteAttribute(writer, attribute.name, attribute.value) >= 0
            }
            element.children.forEach(write)
            if ok { ok = xmlTextWriterEndElement(writer) >= 0 }
        }
        write(root)
        if ok { ok = xmlTextWriterEndDocument(writer) >= 0 }
        xmlFreeTextWriter(writer)  // flushes into the buffer
        guard ok, let content = xmlBufferContent(buffer) else {
            return .failure(Failure(reason: "libxml2 could not write the document"))
        }
        return .success(Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer)))))
    }
}
