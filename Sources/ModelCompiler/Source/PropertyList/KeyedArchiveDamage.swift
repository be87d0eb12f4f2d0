/// What makes a keyed archive damaged though its envelope reads: a reference past `$objects`, an object whose class
/// is no class description, a dictionary with more keys than values (or fewer), a decimal whose exponent NSDecimal
/// cannot hold, or a predicate or expression that contains itself. The readers of an archive skip what they cannot
/// follow, so without this check a damaged `.mom` reads as a smaller model, never as an error.
extension KeyedArchive {
    /// The first damage, in object order, said for a person; nil when every reference can be followed.
    var damage: String? {
        for (index, object) in objects.enumerated() {
            // Nested arrays and dictionaries are walked with a stack, so that a hostile nesting depth costs no stack.
            var pending: [(key: String, value: PropertyListValue)] = [("", object)]
            while let (key, value) = pending.popLast() {
                switch value {
                case .uid(let target) where target >= UInt64(objects.count):
                    return "object \(index)\(key.isEmpty ? "" : "'s '\(key)'") refers to object \(target), "
                        + "but the archive has \(objects.count) objects"
                case .array(let items), .set(let items):
                    pending += items.map { (key, $0) }
                case .dictionary(let entries):
                    for entry in entries {
                        pending.append((entry.key.stringValue ?? key, entry.value))
                    }
                default:
                    break
                }
            }
            if index > 0, case .uid(let classUID)? = object["$class"],
                objects[Int(classUID)]["$classname"]?.stringValue == nil
            {
                return "object \(index)'s class (object \(classUID)) has no class name"
            }
            if case .array(let keys)? = object["NS.keys"], case .array(let values)? = object["NS.objects"],
                keys.count != values.count
            {
                return "object \(index) is a dictionary of \(keys.count) keys and \(values.count) values"
            }
            if case .integer(let exponent)? = object["NS.exponent"], object["NS.mantissa"] != nil,
                !(-128...127).contains(exponent)
            {
                return
                    "object \(index) is a decimal with exponent \(exponent), which NSDecimal cannot hold (-128 to 127)"
            }
        }
        return selfContainingPredicate()
    }

    private func className(of object: PropertyListValue) -> String? {
        guard case .uid(let classUID)? = object["$class"], classUID < UInt64(objects.count) else { return nil }
        return objects[Int(classUID)]["$classname"]?.stringValue
    }

    /// A predicate or expression reachable from itself through predicates, expressions and the arrays holding them:
    /// Core Data could never have archived one, and reading it would follow the loop (the reader stops at a depth
    /// and drops what is below, so it would read as a different predicate).
    private func selfContainingPredicate() -> String? {
        func isLogic(_ index: Int) -> Bool {
            guard let name = className(of: objects[index]) else { return false }
            return name.hasSuffix("Predicate") || name.hasSuffix("Expression") || name == "NSArray"
                || name == "NSMutableArray"
        }
        func references(_ index: Int) -> [Int] {
            var found: [Int] = [], pending: [PropertyListValue] = [objects[index]]
            while let value = pending.popLast() {
                switch value {
                case .uid(let target) where target < UInt64(objects.count) && isLogic(Int(target)):
                    found.append(Int(target))
                case .array(let items), .set(let items): pending += items
                case .dictionary(let entries): pending += entries.filter { $0.key.stringValue != "$class" }.map(\.value)
                default: break
                }
            }
            return found
        }
        // Depth-first, iteratively, over the logic objects only: white 0, on the path 1, done 2.
        var state = [UInt8](repeating: 0, count: objects.count)
        for start in objects.indices where state[start] == 0 && isLogic(start) {
            var stack: [(node: Int, next: [Int])] = [(start, references(start))]
            state[start] = 1
            while !stack.isEmpty {
                guard let child = stack[stack.count - 1].next.popLast() else {
                    state[stack.removeLast().node] = 2
                    continue
                }
                if state[child] == 1 {
                    return "object \(child) (\(className(of: objects[child]) ?? "?")) contains itself"
                }
                if state[child] == 0 {
                    state[child] = 1
                    stack.append((child, references(child)))
                }
            }
        }
        return nil
    }
}
