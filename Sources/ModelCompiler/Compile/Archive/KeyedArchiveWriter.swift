/// Lays an `ArchiveNode` graph out as an NSKeyedArchiver archive: `$objects[0]` is `$null`, the root is UID 1,
/// objects take their slot when first referenced and their class entry after their fields (Apple's depth-first
/// order), equal strings and numbers are stored once.
enum KeyedArchiveWriter {
    /// The graph is written once: each node's fields are released as it is written, and it keeps its slot.
    static func archive(root: ArchiveNode) -> EncodedArchive {
        var writer = Writer()
        let rootUID = writer.uid(for: .node(root))
        return writer.finish(root: rootUID)
    }

    /// The archive as a property-list tree (tests, fuzzing and hand-built archives).
    static func propertyList(root: ArchiveNode) -> PropertyListValue { archive(root: root).propertyList }

    private struct Writer {
        var archive = EncodedArchive()
        var stringNumbers = StringNumbers()
        /// By string number: the string's slot in `$objects`, and the slot of the class of that name; -1 for none.
        var stringSlots: [Int] = []
        var classSlots: [Int] = []
        // One table per kind of scalar: hashing one enum of them all dominated writing large archives.
        var integers: [Int64: Int] = [:]
        var reals: [Double: Int] = [:]
        var floats: [Float: Int] = [:]
        var booleans: [Bool: Int] = [:]
        var recentKeys = RecentKeys()

        init() {
            // `$null` is not a string value: a string "$null" in the graph takes a slot of its own, as in Apple's.
            archive.objects = [.string(number("$null"))]
        }

        mutating func finish(root: Int) -> EncodedArchive {
            archive.root = root
            archive.frame = (number("$version"), number("$archiver"), number("$top"), number("$objects"),
                             number("root"), number("NSKeyedArchiver"))
            archive.strings = stringNumbers.strings
            return archive
        }

        private mutating func number(_ text: String) -> Int {
            let number = stringNumbers.number(text)
            if number == stringSlots.count {
                stringSlots.append(-1)
                classSlots.append(-1)
            }
            return number
        }

        private mutating func keyNumber(_ key: String, at position: Int, after previous: Int?) -> Int {
            if let known = recentKeys.number(of: key, at: position, after: previous) { return known }
            let found = number(key)
            recentKeys.remember(key, found, at: position, after: previous)
            return found
        }

        mutating func uid(for value: ArchiveValue) -> Int {
            switch value {
            case .null: return 0
            case .string(let text):
                let string = number(text)
                if stringSlots[string] >= 0 { return stringSlots[string] }
                stringSlots[string] = append(.string(string))
                return stringSlots[string]
            case .int(let number): return knownIndex(number, next: next, in: &integers) ?? append(.integer(number))
            case .real(let number): return knownIndex(number, next: next, in: &reals) ?? append(.real(number))
            case .float(let number): return knownIndex(number, next: next, in: &floats) ?? append(.float(number))
            case .bool(let flag): return knownIndex(flag, next: next, in: &booleans) ?? append(.boolean(flag))
            case .node(let node): return uid(for: node)
            }
        }

        /// The slot the next object takes.
        private var next: Int { archive.objects.count }

        private mutating func append(_ object: EncodedArchive.Object) -> Int {
            archive.objects.append(object)
            return archive.objects.count - 1
        }

        /// A node being written: where it stands in its fields. Its fields' room in the archive is taken
        /// when it opens (one per field and `$class`), and an `.objects` field's room in `lists` when it starts,
        /// so that the nodes written in between never interleave with them.
        private struct Frame {
            let node: ArchiveNode
            let slot: Int
            let fields: Int
            var field = 0
            /// In an `.objects` field: the next element, and where the references go.
            var item = 0
            var list: Int?
        }

        private mutating func open(_ node: ArchiveNode) -> Frame {
            let slot = append(.dictionary(0..<0))
            node.archiveSlot = slot
            return Frame(node: node, slot: slot, fields: archive.reserveFields(node.fields.count + 1))
        }

        private mutating func set(_ frame: Frame, _ key: String, _ value: EncodedArchive.Value) {
            let previous = frame.field > 0 ? archive.key(at: frame.fields + frame.field - 1) : nil
            archive.set(field: frame.fields + frame.field, key: keyNumber(key, at: frame.field, after: previous), value)
        }

        /// Depth-first, as recursion would go (a node takes its slot when first met, its class after its fields),
        /// but with an explicit stack: a model of any size or depth cannot overflow the thread's stack.
        private mutating func uid(for root: ArchiveNode) -> Int {
            if let known = root.archiveSlot { return known }
            var stack = [open(root)]
            let rootSlot = stack[0].slot
            frames: while var frame = stack.popLast() {
                let fields = frame.node.fields
                while frame.field < fields.count {
                    let (key, field) = fields[frame.field]
                    switch field {
                    case .int(let number): set(frame, key, .integer(number))
                    case .bool(let flag): set(frame, key, .boolean(flag))
                    case .real(let number): set(frame, key, .real(number))
                    case .data(let bytes): set(frame, key, .data(archive.appendData(bytes)))
                    case .object(let value):
                        if case .node(let child) = value, child.archiveSlot == nil {
                            stack.append(frame)
                            stack.append(open(child))
                            continue frames  // this field is taken up again once the child has its slot
                        }
                        set(frame, key, .uid(uid(for: value)))
                    case .objects(let values):
                        let list = frame.list ?? archive.reserveList(values.count).lowerBound
                        frame.list = list
                        while frame.item < values.count {
                            if case .node(let child) = values[frame.item], child.archiveSlot == nil {
                                stack.append(frame)
                                stack.append(open(child))
                                continue frames
                            }
                            archive.lists[list + frame.item] = uid(for: values[frame.item])
                            frame.item += 1
                        }
                        set(frame, key, .uids(list..<list + values.count))
                        frame.item = 0
                        frame.list = nil
                    }
                    frame.field += 1
                }
                set(frame, "$class", .uid(classUID(frame.node.classes)))
                archive.objects[frame.slot] = .dictionary(frame.fields..<frame.fields + fields.count + 1)
                // Written: a later reference needs only its slot (`nodes`), never its fields again.
                frame.node.releaseFields()
            }
            return rootSlot
        }

        /// The classes written last, most recent first: nodes of a few classes alternate (attributes, their owner's
        /// relationships), and their names are mostly the same string, compared at once, never hashed.
        private var recentClasses: [(name: String, uid: Int)] = []

        private mutating func classUID(_ chain: [String]) -> Int {
            if let recent = recentClasses.firstIndex(where: { $0.name == chain[0] }) {
                let found = recentClasses[recent]
                if recent > 0 { recentClasses.swapAt(recent, recent - 1) }
                return found.uid
            }
            let uid = numberedClassUID(chain)
            if recentClasses.count == 8 { recentClasses.removeLast() }
            recentClasses.insert((chain[0], uid), at: 0)
            return uid
        }

        private mutating func numberedClassUID(_ chain: [String]) -> Int {
            let name = number(chain[0])
            if classSlots[name] >= 0 { return classSlots[name] }
            let list = archive.reserveList(chain.count)
            for (position, entry) in zip(list, chain) { archive.lists[position] = number(entry) }
            let fields = archive.reserveFields(2)
            archive.set(field: fields, key: number("$classname"), .string(name))
            archive.set(field: fields + 1, key: number("$classes"), .strings(list))
            classSlots[name] = append(.dictionary(fields..<fields + 2))
            return classSlots[name]
        }
    }
}
