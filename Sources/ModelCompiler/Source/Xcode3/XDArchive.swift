/// The object graph of an Xcode 3 `elements` archive: Xcode's private XD classes (../shared/spec/xcode3-format.md
/// §2-3). It is read along fixed paths (element -> stereotype -> tag -> value), never by a generic walk, so the
/// graph's cycles (owner back links, inverse pairs) cost nothing and no recursion depends on the input.
struct XDArchive {
    let archive: KeyedArchive

    /// A field's value: a plain property-list value, or an archived object (by index in `$objects`).
    enum Value: Equatable {
        case scalar(PropertyListValue)
        case object(Int)
    }

    /// A field's value; nil for a missing field, `$null`, and the string `"$null"` some files store for nil.
    func value(_ key: String, of uid: Int) -> Value? {
        guard let field = archive.field(key, of: uid) else { return nil }
        guard case .uid(let target) = field else { return field == .null ? nil : .scalar(field) }
        return resolve(target)
    }

    func resolve(_ uid: UInt64) -> Value? {
        guard uid > 0, let index = archive.index(uid) else { return nil }
        let object = archive.objects[index]
        if object == .string("$null") || object == .null { return nil }
        return archive.className(of: index) == nil ? .scalar(object) : .object(index)
    }

    func className(of uid: Int) -> String? { archive.className(of: uid) }

    func string(_ key: String, of uid: Int) -> String? {
        if case .scalar(.string(let text))? = value(key, of: uid) { return text }
        return nil
    }

    func object(_ key: String, of uid: Int) -> Int? {
        if case .object(let index)? = value(key, of: uid) { return index }
        return nil
    }

    /// The key-value pairs of an archived NSDictionary, in archive order; nil if `uid` is not one.
    func pairs(of uid: Int) -> [(key: Value?, value: Value?)]? {
        guard case .array(let keys)? = archive.field("NS.keys", of: uid),
            case .array(let values)? = archive.field("NS.objects", of: uid), keys.count == values.count
        else { return nil }
        return zip(keys, values).map { (uidValue($0), uidValue($1)) }
    }

    /// The entries of an archived NSDictionary whose keys are strings, in archive order; nil if `uid` is not one.
    func entries(of uid: Int) -> [(key: String, value: Value?)]? {
        guard let pairs = pairs(of: uid) else { return nil }
        var result: [(key: String, value: Value?)] = []
        for (key, value) in pairs {
            guard case .scalar(.string(let name))? = key else { return nil }
            result.append((name, value))
        }
        return result
    }

    /// The members of an archived NSArray or NSSet; nil if `uid` is not one.
    func members(of uid: Int) -> [Value?]? {
        guard case .array(let values)? = archive.field("NS.objects", of: uid), archive.field("NS.keys", of: uid) == nil
        else { return nil }
        return values.map(uidValue)
    }

    private func uidValue(_ value: PropertyListValue) -> Value? {
        if case .uid(let target) = value { return resolve(target) }
        return value == .null ? nil : .scalar(value)
    }

    /// The tag values of an element: every stereotype's owned `XDUMLPropertyImp`s, by tag name, each tag's value
    /// being its `_default` (nil when unset). Also which stereotypes the element has.
    func tags(of element: Int) -> (stereotypes: [String], tags: [String: Value?]) {
        var stereotypes: [String] = [], tags: [String: Value?] = [:]
        guard let bucket = object("XDBucketForStereotypesstorage", of: element), let owned = entries(of: bucket) else {
            return ([], [:])
        }
        for (name, stereotype) in owned {
            stereotypes.append(name)
            guard case .object(let stereotypeUID)? = stereotype,
                let storage = object("XDBucketForOwnedAttributesstorage", of: stereotypeUID),
                let properties = entries(of: storage)
            else { continue }
            for (tag, property) in properties {
                guard case .object(let propertyUID)? = property else { continue }
                tags[tag] = value("_default", of: propertyUID)
            }
        }
        return (stereotypes, tags)
    }

    /// An integer stored as a plist number or as an `NSDecimalNumberPlaceholder` (a number typed into an
    /// inspector field); nil for anything else or a value outside `Int32`.
    func integer(_ value: Value?) -> Int? {
        switch value {
        case .scalar(.integer(let number))?: return Int32(exactly: number).map(Int.init)
        case .scalar(.real(let number))?: return Int32(exactly: number).map(Int.init)
        case .scalar(.boolean(let flag))?: return flag ? 1 : 0
        case .object(let uid)? where className(of: uid) == "NSDecimalNumberPlaceholder": return decimal(uid)
        default: return nil
        }
    }

    func bool(_ value: Value?) -> Bool? {
        switch value {
        case .scalar(.boolean(let flag))?: return flag
        case .scalar(.integer(let number))?: return number != 0
        default: return nil
        }
    }

    func string(_ value: Value?) -> String? {
        if case .scalar(.string(let text))? = value { return text }
        return nil
    }

    /// mantissa (little-endian 16-bit words, least significant first) x 10^exponent, when it is a whole `Int32`.
    private func decimal(_ uid: Int) -> Int? {
        guard case .data(let mantissa)? = archive.field("NS.mantissa", of: uid),
            case .integer(let exponent)? = archive.field("NS.exponent", of: uid), (-128...127).contains(exponent)
        else { return nil }
        var value: Int64 = 0
        for (index, byte) in mantissa.enumerated() where byte != 0 {
            guard index < 4 else { return nil }  // beyond 2^32: no count is that large
            value |= Int64(byte) << (8 * index)
        }
        for _ in 0..<abs(Int(exponent)) where value != 0 {
            if exponent > 0 {
                guard value <= Int64(Int32.max) else { return nil }
                value *= 10
            } else {
                guard value % 10 == 0 else { return nil }
                value /= 10
            }
        }
        if case .boolean(true)? = archive.field("NS.negative", of: uid) { value = -value }
        return Int32(exactly: value).map(Int.init)
    }
}
