/// Lays an `ArchiveNode` graph out as an NSKeyedArchiver property list: `$objects[0]` is `$null`, the
/// root is UID 1, objects take their slot when first referenced and their class entry after their
/// fields (Apple's depth-first order), equal strings and numbers are stored once.
enum KeyedArchiveWriter {
    static func propertyList(root: ArchiveNode) -> PropertyListValue {
        var writer = Writer()
        let rootUID = writer.uid(for: .node(root))
        return .dictionary([
            ("$version", .integer(100_000)),
            ("$archiver", .string("NSKeyedArchiver")),
            ("$top", .dictionary([("root", .uid(UInt64(rootUID)))])),
            ("$objects", .array(writer.objects)),
        ])
    }

    private struct Writer {
        var objects: [PropertyListValue] = [.string("$null")]
        var nodes: [ObjectIdentifier: Int] = [:]
        // One table per kind of scalar: hashing the enum itself dominated writing large archives.
        var strings: [String: Int] = [:]
        var integers: [Int64: Int] = [:]
        var reals: [Double: Int] = [:]
        var floats: [Float: Int] = [:]
        var booleans: [Bool: Int] = [:]
        var classes: [String: Int] = [:]

        mutating func uid(for value: ArchiveValue) -> Int {
            switch value {
            case .null: return 0
            case .string(let text): return knownIndex(text, next: objects.count, in: &strings) ?? append(.string(text))
            case .int(let number): return knownIndex(number, next: objects.count, in: &integers) ?? append(.integer(number))
            case .real(let number): return knownIndex(number, next: objects.count, in: &reals) ?? append(.real(number))
            case .float(let number): return knownIndex(number, next: objects.count, in: &floats) ?? append(.float(number))
            case .bool(let flag): return knownIndex(flag, next: objects.count, in: &booleans) ?? append(.boolean(flag))
            case .node(let node): return uid(for: node)
            }
        }

        private mutating func append(_ value: PropertyListValue) -> Int {
            objects.append(value)
            return objects.count - 1
        }

        private mutating func uid(for node: ArchiveNode) -> Int {
            if let known = nodes[ObjectIdentifier(node)] { return known }
            let slot = append(.null)
            nodes[ObjectIdentifier(node)] = slot
            var entries: [(String, PropertyListValue)] = []
            for (key, field) in node.fields {
                switch field {
                case .int(let number): entries.append((key, .integer(number)))
                case .bool(let flag): entries.append((key, .boolean(flag)))
                case .real(let number): entries.append((key, .real(number)))
                case .data(let bytes): entries.append((key, .data(bytes)))
                case .object(let value): entries.append((key, .uid(UInt64(uid(for: value)))))
                case .objects(let values): entries.append((key, .array(values.map { .uid(UInt64(uid(for: $0))) })))
                }
            }
            entries.append(("$class", .uid(UInt64(classUID(node.classes)))))
            objects[slot] = .dictionary(entries)
            return slot
        }

        private mutating func classUID(_ chain: [String]) -> Int {
            knownIndex(chain[0], next: objects.count, in: &classes)
                ?? append(.dictionary([("$classname", .string(chain[0])), ("$classes", .array(chain.map { .string($0) }))]))
        }
    }
}
