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

        /// A node being written: where it stands in its fields, and what it has gathered so far.
        private struct Frame {
            let node: ArchiveNode
            let slot: Int
            var field = 0
            /// In an `.objects` field: the next element, and the references gathered before it.
            var item = 0
            var items: [PropertyListValue] = []
            var entries: [(String, PropertyListValue)] = []
        }

        private mutating func open(_ node: ArchiveNode) -> Frame {
            let slot = append(.null)
            nodes[ObjectIdentifier(node)] = slot
            return Frame(node: node, slot: slot)
        }

        /// Depth-first, as recursion would go (a node takes its slot when first met, its class after its fields),
        /// but with an explicit stack: a model of any size or depth cannot overflow the thread's stack.
        private mutating func uid(for root: ArchiveNode) -> Int {
            if let known = nodes[ObjectIdentifier(root)] { return known }
            var stack = [open(root)]
            let rootSlot = stack[0].slot
            frames: while var frame = stack.popLast() {
                while frame.field < frame.node.fields.count {
                    let (key, field) = frame.node.fields[frame.field]
                    switch field {
                    case .int(let number): frame.entries.append((key, .integer(number)))
                    case .bool(let flag): frame.entries.append((key, .boolean(flag)))
                    case .real(let number): frame.entries.append((key, .real(number)))
                    case .data(let bytes): frame.entries.append((key, .data(bytes)))
                    case .object(let value):
                        if case .node(let child) = value, nodes[ObjectIdentifier(child)] == nil {
                            stack.append(frame)
                            stack.append(open(child))
                            continue frames  // this field is taken up again once the child has its slot
                        }
                        frame.entries.append((key, .uid(UInt64(uid(for: value)))))
                    case .objects(let values):
                        while frame.item < values.count {
                            if case .node(let child) = values[frame.item], nodes[ObjectIdentifier(child)] == nil {
                                stack.append(frame)
                                stack.append(open(child))
                                continue frames
                            }
                            frame.items.append(.uid(UInt64(uid(for: values[frame.item]))))
                            frame.item += 1
                        }
                        frame.entries.append((key, .array(frame.items)))
                        frame.items = []
                        frame.item = 0
                    }
                    frame.field += 1
                }
                frame.entries.append(("$class", .uid(UInt64(classUID(frame.node.classes)))))
                objects[frame.slot] = .dictionary(frame.entries)
                // Written: a later reference needs only its slot (`nodes`), never its fields again.
                frame.node.releaseFields()
            }
            return rootSlot
        }

        private mutating func classUID(_ chain: [String]) -> Int {
            knownIndex(chain[0], next: objects.count, in: &classes)
                ?? append(.dictionary([("$classname", .string(chain[0])), ("$classes", .array(chain.map { .string($0) }))]))
        }
    }
}
