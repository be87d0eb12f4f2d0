/// One line of `dump`: an archived value's path and its value.
public struct DumpLine: Hashable, Sendable, CustomStringConvertible {
    /// Where the value is in the compiled model, e.g. `Book.attributes.title.optional`.
    public var path: String
    /// The value, as text.
    public var value: String
    /// The line as `dump` prints it: `path: value`, one line whatever the archive's strings hold.
    public var description: String { DiagnosticRenderer.escapingControlCharacters("\(path): \(value)") }
}

/// A canonical, line-per-value rendering of a keyed archive: `path: value`. Object order inside the
/// archive, key order inside objects and set order do not show, so two archives holding the same graph
/// print the same lines, and the first differing line names the path of the first differing value.
/// Entities, properties and indexes print in full at their home (the model's `NSEntities`, an entity's
/// `NSProperties` and `NSFetchIndexDescriptions`, a mapping model's `NSEntityMappings`) and as `<entity Name>`-style
/// references elsewhere.
enum ArchiveDump {
    typealias Line = DumpLine

    /// The keys that record Apple's own Xcode version, not the model.
    static let compilerVersionKeys: Set<String> = ["CDMCompilerToolVersion", "CDMCompilerXcodeVersion"]

    static func lines(_ archive: KeyedArchive, ignoring ignored: Set<String> = []) -> [Line] {
        var renderer = Renderer(archive: archive, ignored: ignored)
        // A real archive prints each field about once; a hostile one can share objects so that printing every
        // path would never end. Far more than any model needs, and linear in the archive's size.
        renderer.budget = 64 * (archive.objects.count + 16)
        renderer.render(archive.rootUID, path: "root", home: true)
        if renderer.budget < 0 {
            renderer.lines.append(
                Line(path: "root", value: "(listing stopped: the archive repeats shared objects too often)"))
        }
        return renderer.lines
    }

    static let propertyClasses: Set<String> = [
        "NSAttributeDescription", "NSDerivedAttributeDescription", "NSRelationshipDescription",
        "NSFetchedPropertyDescription", "NSCompositeAttributeDescription",
    ]
    static let homeKeys: Set<String> = ["NSEntities", "NSProperties", "NSFetchIndexDescriptions", "NSEntityMappings"]

    private struct Renderer {
        let archive: KeyedArchive
        let ignored: Set<String>
        var lines: [Line] = []
        var stack: Set<Int> = []
        var budget = Int.max

        /// Spends one line of the budget; a negative budget says the listing was cut short.
        mutating func emit(_ path: String, _ value: String) {
            guard budget > 0 else { budget = -1; return }
            budget -= 1
            lines.append(Line(path: path, value: value))
        }

        /// A UID as an index; one past any archive (UIDs are unsigned 64-bit) when it cannot be one.
        static func index(_ uid: UInt64) -> Int { uid < UInt64(Int.max) ? Int(uid) : Int.max }

        /// `<entity Name>` for the objects that are printed once at home, nil for the others.
        func label(_ uid: Int) -> String? {
            guard let name = archive.className(of: uid) else { return nil }
            switch name {
            case "NSManagedObjectModel": return "<model>"
            case "NSEntityDescription": return "<entity \(archive.string("NSEntityName", of: uid) ?? "?")>"
            case "NSFetchIndexDescription": return "<index \(archive.string("NSIndexName", of: uid) ?? "?")>"
            case "NSEntityMapping": return "<mapping \(archive.string("NSMappingName", of: uid) ?? "?")>"
            case _ where ArchiveDump.propertyClasses.contains(name):
                let entity =
                    archive.referenced("NSEntity", of: uid).flatMap { archive.string("NSEntityName", of: $0) } ?? "?"
                return "<property \(entity).\(archive.string("NSPropertyName", of: uid) ?? "?")>"
            default: return nil
            }
        }

        /// How an element prints inside a set or as a dictionary key.
        func keyText(_ uid: Int) -> String {
            if uid == 0 { return "nil" }
            if let label = label(uid) { return label }
            if archive.className(of: uid) == nil {
                if case .string(let text) = archive.objects[uid] { return text }
                return ArchiveDump.scalar(archive.objects[uid])
            }
            var renderer = Renderer(archive: archive, ignored: ignored, stack: stack, budget: 256)
            renderer.render(uid, path: "", home: false)
            return renderer.lines.map(\.description).joined(separator: "; ")
        }

        mutating func render(_ uid: Int, path: String, home: Bool) {
            guard budget > 0 else { budget = -1; return }
            guard uid != 0 else { return emit(path, "nil") }
            guard uid < archive.objects.count else { return emit(path, "<dangling reference \(uid)>") }
            guard let className = archive.className(of: uid) else {
                return emit(path, ArchiveDump.scalar(archive.objects[uid]))
            }
            if !home, let label = label(uid) { return emit(path, label) }
            guard stack.insert(uid).inserted, stack.count < 64 else { return emit(path, "<cycle \(className)>") }
            defer { stack.remove(uid) }
            let childrenAreHome = ArchiveDump.homeKeys.contains(String(path.split(separator: ".").last ?? ""))
            switch className {
            case "NSDictionary", "NSMutableDictionary":
                let keys = archive.references("NS.keys", of: uid), values = archive.references("NS.objects", of: uid)
                emit(path, "\(className) (\(values.count))")
                let entries = zip(keys.map(keyText), values).sorted { $0.0 < $1.0 }
                for (key, value) in entries { render(value, path: "\(path)[\(key)]", home: childrenAreHome) }
            case "NSArray", "NSMutableArray":
                let values = archive.references("NS.objects", of: uid)
                emit(path, "\(className) (\(values.count))")
                for (index, value) in values.enumerated() {
                    render(value, path: "\(path)[\(index)]", home: childrenAreHome)
                }
            case "NSSet", "NSMutableSet":
                let values = archive.references("NS.objects", of: uid).map(keyText).sorted()
                emit(path, "\(className) (\(values.count))")
                for (index, value) in values.enumerated() { emit("\(path){\(index)}", value) }
            default:
                emit(path, className)
                for (key, value) in archive.fields(of: uid).sorted(by: { $0.0 < $1.0 }) where !ignored.contains(key) {
                    switch value {
                    case .uid(let target): render(Self.index(target), path: "\(path).\(key)", home: false)
                    case .array(let items):
                        emit("\(path).\(key)", "array (\(items.count))")
                        for (index, item) in items.enumerated() {
                            if case .uid(let target) = item {
                                render(Self.index(target), path: "\(path).\(key)[\(index)]", home: false)
                            } else {
                                emit("\(path).\(key)[\(index)]", "inline " + ArchiveDump.scalar(item))
                            }
                        }
                    default: emit("\(path).\(key)", "inline " + ArchiveDump.scalar(value))
                    }
                }
            }
        }
    }

    static func scalar(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text): return "string \"\(text)\""
        case .integer(let number): return "int \(number)"
        case .real(let number): return "real8 \(number)"
        case .float(let number): return "real4 \(number)"
        case .boolean(let flag): return "bool \(flag)"
        case .data(let bytes):
            return "data <"
                + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
                .joined() + ">"
        case .date(let seconds): return "date \(seconds)"
        case .uid(let target): return "uid \(target)"
        case .null: return "null"
        case .array, .set, .dictionary: return "plist container"
        }
    }
}
