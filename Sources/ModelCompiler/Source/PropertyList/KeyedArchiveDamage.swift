/// What makes a keyed archive damaged though its envelope reads: a reference past `$objects`, an object whose class
/// is no class description, or a dictionary with more keys than values (or fewer). The readers of an archive skip
/// what they cannot follow, so without this check a damaged `.mom` reads as a smaller model, never as an error.
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
               objects[Int(classUID)]["$classname"]?.stringValue == nil {
                return "object \(index)'s class (object \(classUID)) has no class name"
            }
            if case .array(let keys)? = object["NS.keys"], case .array(let values)? = object["NS.objects"],
               keys.count != values.count {
                return "object \(index) is a dictionary of \(keys.count) keys and \(values.count) values"
            }
        }
        return nil
    }
}
