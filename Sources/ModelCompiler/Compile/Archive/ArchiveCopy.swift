extension ArchiveGraph {
    struct CopyFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Copies object `root` of a decoded keyed archive, with everything it reaches, into this graph: the same
    /// classes and the same fields in the same order, so that Foundation decodes the copy as it decoded the
    /// original (a mapping model's value expressions are archived by Xcode and copied into the `.cdm` as they are).
    /// Shared objects stay shared and cycles stay cycles; the walk keeps its own list, so no depth overflows it.
    /// An `NSArray` that a field named in `mutableArraysUnder` refers to is copied as an `NSMutableArray`: Foundation
    /// decodes an expression's arguments into a mutable array and archives them so (mapc's copies, §3.1).
    mutating func copy(
        _ root: Int, of archive: KeyedArchive, mutableArraysUnder keys: Set<String> = []
    )
        throws(CopyFailure) -> Value
    {
        var nodes: [Int: Node] = [:]
        var mutable: Set<Int> = []
        var order: [Int] = []
        var work = [root]
        while let uid = work.popLast() {
            guard nodes[uid] == nil, Self.isObject(uid, in: archive) else { continue }
            guard case .uid(let classUID)? = archive.objects[uid]["$class"], let classIndex = archive.index(classUID),
                case .array(let names)? = archive.objects[classIndex]["$classes"],
                case let chainNames = names.compactMap(\.stringValue), !chainNames.isEmpty,
                chainNames.count == names.count
            else {
                throw CopyFailure(description: "object \(uid) has no readable class")
            }
            nodes[uid] = node(
                mutable.contains(uid) && chainNames == ["NSArray", "NSObject"]
                    ? ["NSMutableArray", "NSArray", "NSObject"] : chainNames)
            order.append(uid)
            for (key, value) in archive.fields(of: uid) {
                switch value {
                case .uid(let target):
                    guard let index = archive.index(target) else { continue }
                    if keys.contains(key) { mutable.insert(index) }
                    work.append(index)
                case .array(let items):
                    for case .uid(let target) in items { if let index = archive.index(target) { work.append(index) } }
                default: break
                }
            }
        }
        func value(_ uid: UInt64) throws(CopyFailure) -> Value {
            guard let index = archive.index(uid) else {
                throw CopyFailure(
                    description: "a reference points at object \(uid), past the archive's "
                        + "\(archive.objects.count)")
            }
            if index == 0 { return .null }
            if let node = nodes[index] { return .node(node) }
            switch archive.objects[index] {
            case .string(let text): return .string(text)
            case .integer(let number): return .int(number)
            case .real(let number): return .real(number)
            case .float(let number): return .float(number)
            case .boolean(let flag): return .bool(flag)
            case .data(let bytes): return .data(bytes)
            default: throw CopyFailure(description: "object \(index) is not a value a keyed archive holds")
            }
        }
        for uid in order {
            var fields = Fields()
            var seen: Set<String> = []
            for (key, field) in archive.fields(of: uid) where seen.insert(key).inserted {
                let copied: Field
                switch field {
                case .integer(let number): copied = .int(number)
                case .boolean(let flag): copied = .bool(flag)
                case .real(let number): copied = .real(number)
                case .float(let number): copied = .real(Double(number))
                case .data(let bytes): copied = .data(bytes)
                case .uid(let target): copied = .object(try value(target))
                case .array(let items):
                    var values: [Value] = []
                    for item in items {
                        guard case .uid(let target) = item else {
                            throw CopyFailure(
                                description: "object \(uid)'s '\(key)' lists a value that is not a reference")
                        }
                        values.append(try value(target))
                    }
                    copied = .objects(values)
                default:
                    throw CopyFailure(description: "object \(uid)'s '\(key)' is not a value a keyed archive holds")
                }
                fields.set(self.key(key), copied)
            }
            add(fields, to: nodes[uid]!)
        }
        return try value(UInt64(root))
    }

    private static func isObject(_ uid: Int, in archive: KeyedArchive) -> Bool {
        uid > 0 && uid < archive.objects.count && archive.objects[uid]["$class"] != nil
    }
}
